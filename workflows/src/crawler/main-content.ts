import { cleanContent } from './content-clean.js';
import { pruneChrome } from './content-prune.js';
import { refine, scoreCandidates, withSiblings } from './content-score.js';

/**
 * Finds a page's main content in `body`, which it changes: chrome pruned, containers scored by the
 * paragraphs they hold, the best one taken with its article-like siblings and cleaned of boilerplate. A
 * page without any paragraph gets its `main` or `article`, or what is left without chrome. Returns null
 * when that leaves nothing: the caller then uses the whole body.
 */
export function findMainContent(body: Element, doc: Document): Element | null {
  pruneChrome(body);
  const scored = scoreCandidates(body);
  if (scored.top.length === 0) {
    // No paragraph anywhere: a short page. Its semantic main element, or what is left without chrome.
    pruneChrome(body, false);
    const main = pickMain(body);
    return main ?? (hasContent(body) ? body : null);
  }
  const content = withSiblings(refine(scored, body), scored, doc);
  cleanContent(content);
  return hasContent(content) ? content : null;
}

function pickMain(root: Element): Element | null {
  const main = root.querySelector('main, [role="main"]');
  if (main && hasContent(main)) return main;
  const articles = root.querySelectorAll('article');
  return articles.length === 1 && hasContent(articles[0]!) ? articles[0]! : null;
}

/** Whether an element holds anything worth a result: text, or an image, table or code block. */
export function hasContent(el: Element): boolean {
  return /\S/.test(el.textContent ?? '') || el.querySelector('img, table, pre') != null;
}
