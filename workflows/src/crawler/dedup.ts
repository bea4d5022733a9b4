/** One block of a page's markdown: a paragraph, list item, table row, heading or code block. */
export interface ContentBlock {
  text: string;
  /** 53-bit hash of the normalised text: exact as a JavaScript number and in a bigint column. */
  hash: number;
  /** Headings, table headers and tiny blocks keep the page's structure and are never removed. */
  dedupable: boolean;
}

const LIST_ITEM = /^\s{0,3}(?:[-*+]|\d+[.)])\s+/;
const TABLE_ROW = /^\s*\|/;
const TABLE_SEPARATOR = /^\s*\|?\s*:?-{3,}/;

/**
 * Splits markdown into blocks: paragraphs (separated by blank lines), each top-level list item with its
 * continuation lines, each table row, and fenced code blocks whole.
 */
export function splitBlocks(markdown: string): ContentBlock[] {
  const blocks: string[][] = [];
  let current: string[] = [];
  let fence: string | null = null;
  const flush = (): void => {
    if (current.length) blocks.push(current);
    current = [];
  };
  for (const line of markdown.split('\n')) {
    if (fence) {
      current.push(line);
      if (line.trim().startsWith(fence)) {
        fence = null;
        flush();
      }
      continue;
    }
    const fenceOpen = line.trim().match(/^(```+|~~~+)/)?.[1];
    if (fenceOpen) {
      flush();
      fence = fenceOpen;
      current.push(line);
      continue;
    }
    if (!line.trim()) {
      flush();
      continue;
    }
    if (LIST_ITEM.test(line) || TABLE_ROW.test(line) || /^#{1,6}\s/.test(line)) {
      flush();
      current.push(line);
      if (TABLE_ROW.test(line) || /^#{1,6}\s/.test(line)) flush();
      continue;
    }
    current.push(line);
  }
  flush();

  let tableRowIndex = 0;
  return blocks.map((lines) => {
    const text = lines.join('\n');
    const isRow = TABLE_ROW.test(text);
    tableRowIndex = isRow ? tableRowIndex + 1 : 0;
    // A table's header row and separator keep it a table even when every body row was seen before.
    const structural =
      /^#{1,6}\s/.test(text) ||
      (isRow && tableRowIndex <= 2) ||
      TABLE_SEPARATOR.test(text) ||
      normalise(text).length < 12;
    return { text, hash: hashBlock(text), dedupable: !structural };
  });
}

/** Joins the kept blocks back into markdown; list items and table rows stay on consecutive lines. */
export function joinBlocks(blocks: ContentBlock[]): string {
  let out = '';
  let previous: ContentBlock | null = null;
  for (const block of blocks) {
    if (previous) out += sameRun(previous.text, block.text) ? '\n' : '\n\n';
    out += block.text;
    previous = block;
  }
  return out;
}

function sameRun(a: string, b: string): boolean {
  return (LIST_ITEM.test(a) && LIST_ITEM.test(b)) || (TABLE_ROW.test(a) && TABLE_ROW.test(b));
}

function normalise(text: string): string {
  return text
    .replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/**
 * cyrb53: a fast, well-mixed 53-bit string hash, exact as a JavaScript number and in a bigint column.
 * Collisions are negligible at a crawl's scale (about 1e-4 for a million blocks), and it is many times
 * cheaper than a cryptographic hash on short blocks; nothing here needs resistance to crafted input,
 * since a page can at worst hide its own blocks.
 */
export function hash53(text: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

export function hashBlock(text: string): number {
  return hash53(normalise(text));
}

/** Hash of a page's whole content, for spotting the same article under two URLs. */
export function hashContent(markdown: string): number {
  return hash53(markdown.replace(/\s+/g, ' ').trim().toLowerCase());
}

/**
 * Removes the dedupable blocks that `seen` reports as already stored, keeping a block's repeats within
 * one page. Returns the markdown to store, how many blocks went, and whether nothing new is left: every
 * block that could repeat did, so the crawl already has all of the page (only headings and tiny blocks
 * would remain), and the page is a duplicate rather than a result.
 */
export function removeSeenBlocks(
  blocks: ContentBlock[],
  isNew: (hash: number) => boolean,
): { markdown: string; removed: number; nothingNew: boolean } {
  const keptHere = new Set<number>();
  const kept: ContentBlock[] = [];
  let removed = 0;
  for (const block of blocks) {
    if (block.dedupable && !keptHere.has(block.hash) && !isNew(block.hash)) {
      removed++;
      continue;
    }
    keptHere.add(block.hash);
    kept.push(block);
  }
  // A table whose body rows all went leaves a header without rows: drop that too.
  const cleaned = kept.filter((b, i) => {
    if (!TABLE_ROW.test(b.text)) return true;
    const runStart = kept
      .slice(0, i + 1)
      .reverse()
      .findIndex((x) => !TABLE_ROW.test(x.text));
    const before = runStart === -1 ? i + 1 : runStart;
    let after = 0;
    while (kept[i + after + 1] && TABLE_ROW.test(kept[i + after + 1]!.text)) after++;
    return before + after > 2;
  });
  const nothingNew = removed > 0 && !cleaned.some((b) => b.dedupable);
  return { markdown: joinBlocks(cleaned), removed, nothingNew };
}
