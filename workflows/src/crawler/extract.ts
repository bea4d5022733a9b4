import { createRequire } from 'node:module';
import { NEVER_CONTENT } from './content-patterns.js';
import { findMainContent } from './main-content.js';
import { cleanUrl } from './url.js';

// domino is the HTML5 parser and DOM turndown itself uses, so one parse serves extraction and markdown.
// Its bundled types declare the module under another name, hence the typed require.
const { createDocument } = createRequire(import.meta.url)('@mixmark-io/domino') as {
  createDocument(html: string): Document;
};

export interface ExtractOptions {
  /** Keep only the main content (see `findMainContent`); off keeps the whole body but never-content elements. */
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
const APP_ROOTS: Array<{ selector: string; matches: (el: Element) => boolean }> = [
  ...['root', '__next', 'app', '__nuxt', 'svelte'].map((id) => ({
    selector: `#${id}`,
    matches: (el: Element) => el.getAttribute('id') === id,
  })),
  { selector: '[data-reactroot]', matches: (el) => el.hasAttribute('data-reactroot') },
  { selector: 'app-root', matches: (el) => el.localName === 'app-root' },
  { selector: '[ng-app]', matches: (el) => el.hasAttribute('ng-app') },
];
const NOSCRIPT_PROMPT =
  /(enable|turn on|requires?|needs?)\s+(your\s+)?javascript|javascript (is )?(required|disabled)/i;
/**
 * Reads a page in one parse: its title, its links (from the whole document, chrome included, since
 * navigation is how a crawler finds pages) and the element holding its content.
 */
export function extractPage(html: string, pageUrl: string, options: ExtractOptions): ExtractedPage {
  const doc = createDocument(html);
  const base = cleanUrl(doc.querySelector('base[href]')?.getAttribute('href') ?? '', pageUrl) ?? pageUrl;
  const title =
    normalizeSpace(doc.querySelector('title')?.textContent ?? '') ||
    normalizeSpace(doc.querySelector('h1')?.textContent ?? '');
  const canonicalUrl = cleanUrl(
    doc.querySelector('link[rel~="canonical"][href]')?.getAttribute('href') ?? '',
    base,
  );
  const scan = scanDocument(doc);
  const noscriptPrompt = scan.noscripts.some((el) => NOSCRIPT_PROMPT.test(el.textContent ?? ''));
  const emptyAppRoot =
    APP_ROOTS.find(({ selector }) => {
      const el = scan.appRoots.get(selector);
      return el != null && normalizeSpace(el.textContent ?? '').length === 0;
    })?.selector ?? null;

  const links: string[] = [];
  const seen = new Set<string>();
  for (const el of scan.anchors) {
    if ((el.getAttribute('rel') ?? '').toLowerCase().split(/\s+/).includes('nofollow')) continue;
    const href = cleanUrl(el.getAttribute('href') ?? '', base);
    if (href && !seen.has(href)) {
      seen.add(href);
      links.push(href);
    }
  }

  prepare(scan, base);
  let root: Element = doc.body ?? doc.documentElement;
  let fellBackToBody = false;
  if (options.excludeNonMainTags) {
    const main = findMainContent(root, doc);
    if (main) root = main;
    else {
      // Nothing found, or the heuristic removed everything: the whole body, read afresh from the HTML
      // since finding the main content changed the document.
      const fresh = createDocument(html);
      prepare(scanDocument(fresh), base);
      root = fresh.body ?? fresh.documentElement;
      fellBackToBody = true;
    }
  }
  const textLength = normalizeSpace(root.textContent ?? '').length;
  return {
    title,
    links,
    content: root,
    fellBackToBody,
    canonicalUrl,
    signals: { textLength, emptyAppRoot, noscriptPrompt, scripts: scan.scripts },
  };
}

interface DocumentScan {
  /** Links and images outside never-content elements, in document order. */
  anchors: Element[];
  images: Element[];
  /** Elements that are never content (scripts, styles, the head...), to remove. */
  never: Element[];
  noscripts: Element[];
  scripts: number;
  /** The first element each app-root selector matches. */
  appRoots: Map<string, Element>;
}

/** One walk over the document for what several selector queries would each walk it for. */
function scanDocument(doc: Document): DocumentScan {
  const scan: DocumentScan = {
    anchors: [],
    images: [],
    never: [],
    noscripts: [],
    scripts: 0,
    appRoots: new Map(),
  };
  const walk = (el: Element, inNever: boolean): void => {
    const tag = el.localName;
    if (tag === 'script') scan.scripts++;
    else if (tag === 'noscript') scan.noscripts.push(el);
    for (const root of APP_ROOTS) {
      if (!scan.appRoots.has(root.selector) && root.matches(el)) scan.appRoots.set(root.selector, el);
    }
    const never = NEVER_CONTENT.has(tag);
    if (never && !inNever) scan.never.push(el);
    if (!never && !inNever) {
      if ((tag === 'a' || tag === 'area') && el.hasAttribute('href')) scan.anchors.push(el);
      else if (tag === 'img') scan.images.push(el);
    }
    for (let n = el.firstChild; n; n = n.nextSibling)
      if (n.nodeType === 1) walk(n as Element, inNever || never);
  };
  if (doc.documentElement) walk(doc.documentElement, false);
  return scan;
}

/** Removes what is never content and makes link and image addresses absolute. */
function prepare(scan: DocumentScan, base: string): void {
  for (const el of scan.never) el.remove();
  for (const el of scan.anchors) {
    if (el.localName !== 'a') continue;
    try {
      el.setAttribute('href', new URL(el.getAttribute('href') ?? '', base).href);
    } catch {
      el.removeAttribute('href');
    }
  }
  for (const el of scan.images) {
    const src = imageSource(el);
    if (!src) {
      el.remove();
      continue;
    }
    try {
      el.setAttribute('src', new URL(src, base).href);
    } catch {
      el.remove();
    }
  }
}

const LAZY_SOURCES = ['data-src', 'data-lazy-src', 'data-original', 'data-url', 'data-hi-res-src'];

/** An image's address, taking lazy loading into account: the real one often waits in a data attribute. */
function imageSource(img: Element): string | null {
  const src = img.getAttribute('src')?.trim();
  if (src && !src.startsWith('data:')) return src;
  for (const name of LAZY_SOURCES) {
    const value = img.getAttribute(name)?.trim();
    if (value && !value.startsWith('data:')) return value;
  }
  const srcset = (img.getAttribute('srcset') ?? img.getAttribute('data-srcset'))?.trim();
  const first = srcset?.split(/\s+/)[0];
  if (first && !first.startsWith('data:')) return first;
  return src ?? null;
}

function normalizeSpace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
