import {
  BOILERPLATE,
  BOILERPLATE_PART,
  CONTROL_TAGS,
  HEADINGS,
  classAndId,
  classWeight,
  isEmbeddedQuote,
} from './content-patterns.js';
import { linkDensity, measureTree, subtractFromAncestors, type Stats } from './content-stats.js';

const ELEMENT = 1;
const CONDITIONAL = new Set(['div', 'section', 'table', 'ul', 'ol', 'dl', 'form', 'figure']);

function descendants(root: Element): Element[] {
  const out: Element[] = [];
  const walk = (el: Element): void => {
    for (let n = el.firstChild; n; n = n.nextSibling) {
      if (n.nodeType !== ELEMENT) continue;
      out.push(n as Element);
      walk(n as Element);
    }
  };
  walk(root);
  return out;
}

function hasAncestor(el: Element, tag: string, root: Element): boolean {
  for (let a = el.parentNode as Element | null; a && a !== root; a = a.parentNode as Element | null) {
    if (a.localName === tag) return true;
  }
  return false;
}

/** Readability's data-table test: a table built to hold data, not to lay out a page. */
function isDataTable(table: Element): boolean {
  if (table.getAttribute('role') === 'presentation') return false;
  if (table.getAttribute('datatable') === '0') return false;
  if (table.hasAttribute('summary')) return true;
  if (table.querySelector('table') != null) return false;
  if (table.querySelector('caption, th, thead, tfoot, colgroup, col') != null) return true;
  const rows = table.querySelectorAll('tr');
  let columns = 0;
  for (const row of Array.from(rows)) columns = Math.max(columns, row.querySelectorAll('td').length);
  return rows.length >= 10 || columns > 4 || rows.length * columns > 10;
}

/** Readability's conditional cleaning: containers whose counts look like boilerplate rather than prose. */
function looksLikeBoilerplate(el: Element, s: Stats, root: Element): boolean {
  const tag = el.localName;
  if (tag === 'table' && isDataTable(el)) return false;
  if (hasAncestor(el, 'table', root) || hasAncestor(el, 'code', root) || hasAncestor(el, 'pre', root)) {
    return false;
  }
  const weight = classWeight(el);
  if (weight < 0) return true;
  if (s.commas >= 10) return false;
  const isList = tag === 'ul' || tag === 'ol' || (s.chars > 0 && s.listChars / s.chars > 0.9);
  const inFigure = tag === 'figure' || hasAncestor(el, 'figure', root);
  const density = linkDensity(s);
  const headingDensity = s.chars > 0 ? s.headingChars / s.chars : 0;
  const remove =
    (!inFigure && s.images > 1 && s.paragraphs / s.images < 0.5) ||
    s.inputs > Math.floor(s.paragraphs / 3) ||
    (!isList &&
      !inFigure &&
      headingDensity < 0.9 &&
      s.chars < 25 &&
      (s.images === 0 || s.images > 2) &&
      density > 0) ||
    (!isList && weight < 25 && density > 0.2) ||
    (weight >= 25 && density > 0.5);
  if (remove && isList && s.images > 0 && s.images === s.listItems) return false;
  return remove;
}

/** A short paragraph or heading that is all link: a teaser for another page, not part of this one. */
function isLinkBlock(el: Element, s: Stats): boolean {
  if (el.localName !== 'p' && !HEADINGS.has(el.localName) && !(el.localName === 'div' && !s.hasBlock))
    return false;
  return s.chars > 0 && s.chars < 250 && s.linkChars / s.chars >= 0.8;
}

const COPYRIGHT = /^\s*(©|\(c\)\s*\d{4}|copyright\b)|all rights reserved/i;

/** A short copyright notice: the site's, not the article's. */
function isCopyrightLine(el: Element, s: Stats): boolean {
  if (s.chars > 200 || s.hasBlock || (el.localName !== 'p' && el.localName !== 'div')) return false;
  return COPYRIGHT.test(el.textContent ?? '');
}

const FILE_NAME = /^[^\s]+\.(jpe?g|png|gif|webp|svg|avif)$/i;

/**
 * Images: icons and tracking pixels go, and so do repeats of an image already shown; an alt text that is
 * only a file name says nothing and is dropped.
 */
function cleanImages(root: Element, remove: (el: Element) => void): void {
  const seen = new Set<string>();
  for (const img of Array.from(root.querySelectorAll('img'))) {
    const src = img.getAttribute('src') ?? '';
    const alt = (img.getAttribute('alt') ?? '').trim();
    const width = Number(img.getAttribute('width'));
    const height = Number(img.getAttribute('height'));
    const icon = (width > 0 && width <= 32) || (height > 0 && height <= 32);
    // The same picture again, often at another size for another screen, is a repeat.
    if (!src || src.startsWith('data:') || icon || seen.has(src) || (alt && seen.has(`alt:${alt}`))) {
      remove(img);
      continue;
    }
    seen.add(src);
    if (alt) seen.add(`alt:${alt}`);
    if (alt && (FILE_NAME.test(alt) || (!/\s/.test(alt) && /[-_]/.test(alt) && alt.length > 12))) {
      img.setAttribute('alt', '');
    }
  }
}

/** Removes everything in `el` but its headings. */
function stripToHeadings(el: Element, remove: (el: Element) => void): void {
  for (let n = el.firstChild; n;) {
    const next = n.nextSibling;
    if (n.nodeType === ELEMENT) {
      const child = n as Element;
      if (HEADINGS.has(child.localName)) {
        // keep
      } else if (child.querySelector('h1, h2, h3, h4, h5, h6')) stripToHeadings(child, remove);
      else remove(child);
    } else if (n.nodeType === 3) n.remove();
    n = next;
  }
}

/**
 * Cleans the chosen content in place: controls and boilerplate by class or id (sharing bars, related
 * lists, bylines, newsletter boxes), headings with boilerplate names, captions, and containers whose
 * text is mostly links. Works from the innermost elements out, keeping each container's counts true as
 * its children go, so a container is judged on what is left in it.
 */
export function cleanContent(root: Element): void {
  const stats = measureTree(root);
  const total = stats.get(root)!.chars;
  const remove = (el: Element): void => {
    subtractFromAncestors(stats, el, root);
    el.remove();
  };
  cleanImages(root, remove);
  const all = descendants(root);
  for (let i = all.length - 1; i >= 0; i--) {
    const el = all[i]!;
    const tag = el.localName;
    if (CONTROL_TAGS.has(tag) || tag === 'figcaption') {
      remove(el);
      continue;
    }
    const s = stats.get(el)!;
    const names = classAndId(el);
    // A boilerplate name on a container that holds most of the article is a wrapper, not boilerplate.
    const boilerplate = names !== '' && (BOILERPLATE.test(names) || BOILERPLATE_PART.test(names));
    if (names && isEmbeddedQuote(el, names)) continue;
    if (boilerplate && !(s.chars > total / 2 && linkDensity(s) < 0.3)) {
      remove(el);
      continue;
    }
    if (HEADINGS.has(tag) && classWeight(el) < 0) {
      remove(el);
      continue;
    }
    if (isCopyrightLine(el, s)) {
      remove(el);
      continue;
    }
    if (isLinkBlock(el, s)) {
      remove(el);
      continue;
    }
    if (tag === 'header' && el !== root) {
      // An article's header: its headline stays; bylines, dates and sharing links around it go.
      stripToHeadings(el, remove);
      continue;
    }
    if (CONDITIONAL.has(tag) && !(s.chars > total / 2) && looksLikeBoilerplate(el, s, root)) remove(el);
  }
}
