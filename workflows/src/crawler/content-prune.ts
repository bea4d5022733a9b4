import {
  BANNER,
  CONTENT_HINT,
  CHROME_ROLES,
  CHROME_TAGS,
  MAYBE_CONTENT,
  UNLIKELY,
  classAndId,
  isEmbeddedQuote,
} from './content-patterns.js';
import { measureTree, type Stats } from './content-stats.js';

const ELEMENT = 1;
const HIDDEN_STYLE = /display\s*:\s*none|visibility\s*:\s*hidden/i;
/** Text a marked content container must hold to protect the chrome-named wrapper around it. */
const MARKER_CHARS = 200;

/** Elements that say they hold the article: `main`, `article`, `itemprop=articleBody` or a content class. */
function isContentMarker(el: Element): boolean {
  const tag = el.localName;
  if (tag === 'main' || tag === 'article') return true;
  if (el.getAttribute('itemprop') === 'articleBody') return true;
  const names = classAndId(el);
  return names !== '' && CONTENT_HINT.test(names);
}

function holdsMarkedContent(el: Element, stats: Map<Element, Stats>): boolean {
  for (let n = el.firstChild; n; n = n.nextSibling) {
    if (n.nodeType !== ELEMENT) continue;
    const child = n as Element;
    if ((stats.get(child)?.chars ?? 0) < MARKER_CHARS) continue;
    if (isContentMarker(child) || holdsMarkedContent(child, stats)) return true;
  }
  return false;
}

/** Chrome by tag or role, hidden by attribute or style, a cookie banner, or Readability's unlikely names. */
function isChromeOrHidden(el: Element, stats: Map<Element, Stats>): boolean {
  const tag = el.localName;
  if (CHROME_TAGS.has(tag) || el.hasAttribute('hidden') || el.getAttribute('aria-hidden') === 'true') {
    return true;
  }
  const style = el.getAttribute('style');
  if (style && HIDDEN_STYLE.test(style)) return true;
  const role = el.getAttribute('role');
  if (role && CHROME_ROLES.has(role.toLowerCase())) return true;
  const names = classAndId(el);
  if (names === '') return false;
  if (BANNER.test(names)) return true;
  if (tag === 'a' || !UNLIKELY.test(names) || MAYBE_CONTENT.test(names)) return false;
  // A chrome-named wrapper around the article, or an embedded post, is not chrome.
  return !isEmbeddedQuote(el, names) && !holdsMarkedContent(el, stats);
}

/**
 * Removes site chrome and hidden elements from `root`. Chrome by class or id (Readability's unlikely
 * candidates) is kept when it holds a marked content container with some text. With `keepWrappers`,
 * nothing is removed that holds most of the page's text, whatever its tag, class or style: a layout
 * wrapped in a `<form>`, a wrapper whose class says "sidebar" or one hidden until a script shows it is
 * a wrapper, and what is inside it is judged on its own.
 */
export function pruneChrome(root: Element, keepWrappers = true): void {
  const stats = measureTree(root);
  const total = stats.get(root)!.chars;
  const visit = (el: Element): void => {
    for (let n = el.firstChild; n;) {
      const next = n.nextSibling;
      if (n.nodeType === ELEMENT) {
        const child = n as Element;
        const wrapper = keepWrappers && total > 0 && stats.get(child)!.chars > total / 2;
        if (!wrapper && isChromeOrHidden(child, stats)) child.remove();
        else visit(child);
      }
      n = next;
    }
  };
  visit(root);
}
