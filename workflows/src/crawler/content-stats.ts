import { BLOCK_TAGS, COMMAS, HEADINGS } from './content-patterns.js';

/** What the scorer and the cleaner know about one element's subtree, measured in one walk. */
export interface Stats {
  /** Characters of text, with each run of whitespace counted as one. */
  chars: number;
  /** Of those, characters inside links. */
  linkChars: number;
  /** Of those, characters inside list items. */
  listChars: number;
  /** Of those, characters inside headings. */
  headingChars: number;
  commas: number;
  paragraphs: number;
  images: number;
  listItems: number;
  inputs: number;
  /** Readability's paragraph scores of every paragraph inside, summed without decay. */
  textScore: number;
  /** Text directly in the element or in inline children, not inside a nested block. */
  inlineChars: number;
  inlineCommas: number;
  inlineLinkChars: number;
  hasBlock: boolean;
}

const ADDITIVE = [
  'chars',
  'linkChars',
  'listChars',
  'headingChars',
  'commas',
  'paragraphs',
  'images',
  'listItems',
  'inputs',
  'textScore',
] as const;

const ELEMENT = 1;
const TEXT = 3;

/** An element's child elements, in order. */
export function children(el: Element): Element[] {
  const out: Element[] = [];
  for (let n = el.firstChild; n; n = n.nextSibling) if (n.nodeType === ELEMENT) out.push(n as Element);
  return out;
}

/** Text length with each whitespace run counted once, and commas, in one pass over the characters. */
function measureText(text: string): { chars: number; commas: number } {
  let chars = 0;
  let space = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c <= 32 || c === 160 || c === 0x3000 || (c >= 0x2000 && c <= 0x200b) || c === 0xfeff) {
      if (!space) chars++;
      space = true;
    } else {
      chars++;
      space = false;
    }
  }
  COMMAS.lastIndex = 0;
  const commas = text.match(COMMAS)?.length ?? 0;
  return { chars, commas };
}

/** Readability's score of one paragraph: one point, one per comma, one per 100 characters up to three. */
export function paragraphScore(s: Stats): number {
  return 1 + s.inlineCommas + Math.min(Math.floor(s.inlineChars / 100), 3);
}

/** Called for each block that holds a paragraph of text, with the block's ancestors, innermost last. */
export type ParagraphVisitor = (block: Element, ancestors: readonly Element[], stats: Stats) => void;

/**
 * Measures every element under `root` (root included) in one depth-first walk, and calls `onParagraph`
 * for each block element with at least `minParagraph` characters of its own inline text.
 */
export function measureTree(
  root: Element,
  onParagraph?: ParagraphVisitor,
  minParagraph = 25,
): Map<Element, Stats> {
  const all = new Map<Element, Stats>();
  const ancestors: Element[] = [];
  const walk = (el: Element): Stats => {
    const s: Stats = {
      chars: 0,
      linkChars: 0,
      listChars: 0,
      headingChars: 0,
      commas: 0,
      paragraphs: 0,
      images: 0,
      listItems: 0,
      inputs: 0,
      textScore: 0,
      inlineChars: 0,
      inlineCommas: 0,
      inlineLinkChars: 0,
      hasBlock: false,
    };
    const tag = el.localName;
    ancestors.push(el);
    for (let n = el.firstChild; n; n = n.nextSibling) {
      if (n.nodeType === TEXT) {
        const t = measureText((n as Text).data);
        s.chars += t.chars;
        s.commas += t.commas;
        s.inlineChars += t.chars;
        s.inlineCommas += t.commas;
      } else if (n.nodeType === ELEMENT) {
        const child = n as Element;
        const c = walk(child);
        for (const key of ADDITIVE) s[key] += c[key];
        if (c.hasBlock || BLOCK_TAGS.has(child.localName)) s.hasBlock = true;
        else {
          s.inlineChars += c.chars;
          s.inlineCommas += c.commas;
          s.inlineLinkChars += c.linkChars;
        }
      }
    }
    ancestors.pop();
    if (tag === 'a') {
      s.linkChars = s.chars;
      s.inlineLinkChars = s.inlineChars;
    } else if (tag === 'p') s.paragraphs++;
    else if (tag === 'img') s.images++;
    else if (tag === 'li') {
      s.listItems++;
      s.listChars = s.chars;
    } else if (tag === 'input') s.inputs++;
    else if (HEADINGS.has(tag)) s.headingChars = s.chars;
    all.set(el, s);
    if (s.inlineChars >= minParagraph && BLOCK_TAGS.has(tag)) {
      s.textScore += paragraphScore(s);
      onParagraph?.(el, ancestors, s);
    }
    return s;
  };
  walk(root);
  return all;
}

/** Subtracts a removed element's counts from its ancestors' up to `root`, so their stats stay true. */
export function subtractFromAncestors(stats: Map<Element, Stats>, removed: Element, root: Element): void {
  const gone = stats.get(removed);
  if (!gone) return;
  for (let a = removed.parentNode as Element | null; a; a = a.parentNode as Element | null) {
    const s = stats.get(a);
    if (s) for (const key of ADDITIVE) s[key] -= gone[key];
    if (a === root) break;
  }
}

export function linkDensity(s: Stats): number {
  return s.chars > 0 ? s.linkChars / s.chars : 0;
}
