import { createRequire } from 'node:module';
import { cleanUrl } from './url.js';

// domino is the HTML5 parser and DOM turndown itself uses, so one parse serves extraction and markdown.
// Its bundled types declare the module under another name, hence the typed require.
const { createDocument } = createRequire(import.meta.url)('@mixmark-io/domino') as { createDocument(html: string): Document };

export interface ExtractOptions {
  /** Drop site chrome (header, nav, footer, aside, forms, banners) and prefer `main`/`article`. */
  excludeNonMainTags: boolean;
}

export interface ExtractedPage {
  title: string;
  /** Every fetchable link on the page, absolute and cleaned, in document order, without repeats. */
  links: string[];
  /** The element to convert to markdown, with absolute link and image addresses. */
  content: Element;
  /** Set when the main-content heuristic found nothing and the whole body was used instead. */
  fellBackToBody: boolean;
  /** The page's `rel=canonical` URL, absolute and cleaned, when it declares one. */
  canonicalUrl: string | null;
  /** What the Auto engine reads to decide whether the page needs a browser. */
  signals: RenderSignals;
}

export interface RenderSignals {
  /** Characters of text in the chosen content. */
  textLength: number;
  /** Selector of an app root element (`#root`, `#__next`...) that holds no text, if any. */
  emptyAppRoot: string | null;
  /** A `<noscript>` asking to enable JavaScript. */
  noscriptPrompt: boolean;
  scripts: number;
}

// domino answers querySelector with undefined (not null) when nothing matches: compare with `!= null`.
const APP_ROOTS = ['#root', '#__next', '#app', '#__nuxt', '#svelte', '[data-reactroot]', 'app-root', '[ng-app]'];
const NOSCRIPT_PROMPT = /(enable|turn on|requires?|needs?)\s+(your\s+)?javascript|javascript (is )?(required|disabled)/i;
const NEVER_CONTENT = 'script, style, noscript, template, iframe, object, embed, canvas, svg, link, meta, head';
const CHROME = [
  'header', 'nav', 'footer', 'aside', 'form', 'dialog',
  '[role="navigation"]', '[role="banner"]', '[role="contentinfo"]', '[role="complementary"]', '[role="search"]',
  '[aria-hidden="true"]', '[hidden]',
].join(', ');
const BANNER = /(^|[\s_-])(cookie|cookies|consent|gdpr|cc-banner|cookiebar|onetrust)([\s_-]|$)/i;

/**
 * Reads a page in one parse: its title, its links (from the whole document, chrome included, since
 * navigation is how a crawler finds pages) and the element holding its content.
 */
export function extractPage(html: string, pageUrl: string, options: ExtractOptions): ExtractedPage {
  const doc = createDocument(html);
  const base = cleanUrl(doc.querySelector('base[href]')?.getAttribute('href') ?? '', pageUrl) ?? pageUrl;
  const title = normalizeSpace(doc.querySelector('title')?.textContent ?? '') || normalizeSpace(doc.querySelector('h1')?.textContent ?? '');
  const canonicalUrl = cleanUrl(doc.querySelector('link[rel~="canonical"][href]')?.getAttribute('href') ?? '', base);
  const scripts = doc.querySelectorAll('script').length;
  const noscriptPrompt = all(doc, 'noscript').some((el) => NOSCRIPT_PROMPT.test(el.textContent ?? ''));
  const emptyAppRoot = APP_ROOTS.find((selector) => {
    const el = doc.querySelector(selector);
    return el != null && normalizeSpace(el.textContent ?? '').length === 0;
  }) ?? null;

  const links: string[] = [];
  const seen = new Set<string>();
  for (const el of all(doc, 'a[href], area[href]')) {
    if ((el.getAttribute('rel') ?? '').toLowerCase().split(/\s+/).includes('nofollow')) continue;
    const href = cleanUrl(el.getAttribute('href') ?? '', base);
    if (href && !seen.has(href)) {
      seen.add(href);
      links.push(href);
    }
  }

  for (const el of all(doc, NEVER_CONTENT)) el.remove();
  absolutize(doc, base);

  let root: Element = doc.body ?? doc.documentElement;
  let fellBackToBody = false;
  if (options.excludeNonMainTags) {
    const body = root.cloneNode(true) as Element;
    for (const el of all(root, CHROME)) el.remove();
    for (const el of all(root, '[id], [class]')) {
      if (BANNER.test(`${el.getAttribute('id') ?? ''} ${el.getAttribute('class') ?? ''}`)) el.remove();
    }
    const main = pickMain(root);
    if (main && hasText(main)) root = main;
    if (!hasText(root)) {
      root = body;
      fellBackToBody = true;
    }
  }
  const textLength = normalizeSpace(root.textContent ?? '').length;
  return { title, links, content: root, fellBackToBody, canonicalUrl, signals: { textLength, emptyAppRoot, noscriptPrompt, scripts } };
}

function all(scope: ParentNode, selector: string): Element[] {
  return Array.from(scope.querySelectorAll(selector));
}

function pickMain(root: Element): Element | null {
  const main = root.querySelector('main, [role="main"]');
  if (main) return main;
  const articles = root.querySelectorAll('article');
  return articles.length === 1 ? articles[0]! : null;
}

function hasText(node: Element): boolean {
  return normalizeSpace(node.textContent ?? '').length > 0 || node.querySelector('img, table, pre') != null;
}

function absolutize(doc: Document, base: string): void {
  for (const el of all(doc, 'a[href]')) {
    try {
      el.setAttribute('href', new URL(el.getAttribute('href') ?? '', base).href);
    } catch {
      el.removeAttribute('href');
    }
  }
  for (const el of all(doc, 'img[src]')) {
    try {
      el.setAttribute('src', new URL(el.getAttribute('src') ?? '', base).href);
    } catch {
      el.remove();
    }
  }
}

function normalizeSpace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
