import { joinBlocks, splitBlocks, type ContentBlock } from '../crawler/dedup.js';
import type { ExtractionInput, PageExtraction, PageExtractor } from './types.js';

// The offline extractor: no model, no network. The instruction is read as a query (what to keep) and
// exclusions (what it says to ignore); the page's blocks are scored against the query with BM25. A page
// matches when its topic shows where a page states what it is about (URL path, title, headings, short
// labels such as "Category: Tech"), or when most of its text is about it; the content kept is the whole
// page, or only the matching sections when just a sub-heading matched.

const STOPWORDS = new Set(
  `a about above after all also an and any are as at be because been but by can could do does each else
  every everything extract extracts extracting find for from get give grab have how i if in into is it its
  just keep me more most my no not of on only or other others our out please pull rest return should so
  some such than that the their them then there these they this those to too up us want was we were what
  when where which while who whose will with without would you your`.split(/\s+/),
);

/** Words naming the kind of page rather than its topic: they count only when the instruction names no topic. */
const KIND_WORDS = new Set(
  'page site website article blog post entry item content section text part information info'.split(' '),
);

/** Blocks of at most this many terms are labels ("Category: Tech", "Tags: rust, async"). */
const LABEL_TERMS = 4;

/** Words that open an exclusion: "ignore everything else", "skip the changelog", "except drafts". */
const EXCLUDE = /\b(?:ignore|ignoring|skip|skipping|exclude|excluding|except|but not|without|not)\b/;
/** Exclusions that exclude nothing in particular: what the query does not ask for is dropped anyway. */
const EVERYTHING = /^\s*(?:everything|anything|all|the rest|rest|others?)(?:\s+(?:else|other|others))?\b/;

export interface ParsedInstruction {
  /** Terms of what to keep. */
  topic: string[];
  /** Terms of what to ignore. */
  excluded: string[];
}

/** Lower-cases, keeps letters and digits, and folds simple plurals, so "Posts" and "post" are one term. */
export function terms(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}+#.-]*/gu) ?? [])
    .map((t) => t.replace(/[.-]+$/, ''))
    .filter((t) => t.length > 1 && !STOPWORDS.has(t))
    .map(stem);
}

function stem(term: string): string {
  if (term.length > 4 && term.endsWith('ies')) return `${term.slice(0, -3)}y`;
  if (term.length > 3 && term.endsWith('s') && !term.endsWith('ss') && !term.endsWith('us'))
    return term.slice(0, -1);
  return term;
}

export function parseInstruction(instruction: string): ParsedInstruction {
  const topic: string[] = [];
  const excluded: string[] = [];
  // Clauses: sentences and comma or semicolon parts; an exclusion lasts to the end of its clause.
  for (const clause of instruction.toLowerCase().split(/[.;,!?\n]+/)) {
    const at = clause.search(EXCLUDE);
    const keep = at < 0 ? clause : clause.slice(0, at);
    topic.push(...terms(keep));
    if (at >= 0) {
      const rest = clause.slice(at).replace(EXCLUDE, '');
      if (!EVERYTHING.test(rest)) excluded.push(...terms(rest));
    }
  }
  const unique = (list: string[]) => [...new Set(list)];
  const subjects = topic.filter((t) => !KIND_WORDS.has(t));
  return {
    topic: unique(subjects.length ? subjects : topic),
    excluded: unique(excluded.filter((t) => !topic.includes(t))),
  };
}

/** Markdown as words: link targets and image addresses dropped, so a link's URL never counts as its text. */
function plain(markdown: string): string {
  return markdown.replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
}

const headingLevel = (block: ContentBlock): number => block.text.match(/^(#{1,6})\s/)?.[1]?.length ?? 0;

/** BM25 (k1 1.2, b 0.75) of each block against the query, with the page's blocks as the collection. */
export function bm25(blocks: string[][], query: string[]): number[] {
  const n = blocks.length;
  const avg = blocks.reduce((sum, b) => sum + b.length, 0) / Math.max(n, 1) || 1;
  const df = new Map<string, number>();
  for (const block of blocks) for (const t of new Set(block)) df.set(t, (df.get(t) ?? 0) + 1);
  return blocks.map((block) => {
    let score = 0;
    for (const q of query) {
      const tf = block.filter((t) => t === q).length;
      if (!tf) continue;
      const d = df.get(q) ?? 0;
      const idf = Math.log(1 + (n - d + 0.5) / (d + 0.5));
      score += (idf * tf * 2.2) / (tf + 1.2 * (0.25 + (0.75 * block.length) / avg));
    }
    return score;
  });
}

const quote = (list: string[]) => list.map((t) => `“${t}”`).join(', ');

/** Applies an instruction to one page with no model: deterministic, free, and offline. */
export function extractByRelevance(input: ExtractionInput): PageExtraction {
  const { topic, excluded } = parseInstruction(input.instruction);
  const none = (reason: string): PageExtraction => ({
    matches: false,
    reason,
    content: '',
    data: null,
    tokens: 0,
  });
  if (topic.length === 0) {
    return {
      matches: true,
      reason: 'The instruction names nothing to look for.',
      content: input.markdown,
      data: null,
      tokens: 0,
    };
  }
  const blocks = splitBlocks(input.markdown);
  const words = blocks.map((b) => terms(plain(b.text)));
  const scores = bm25(words, topic);
  let path: string;
  try {
    path = decodeURIComponent(new URL(input.url).pathname);
  } catch {
    path = input.url;
  }
  const pathTerms = new Set(terms(path.replace(/[/_-]+/g, ' ')));
  const titleTerms = new Set(terms(input.title));
  const needed = Math.ceil(topic.length / 2);
  const found = (set: Set<string> | string[]) =>
    topic.filter((t) => (set instanceof Set ? set.has(t) : set.includes(t)));
  const isExcluded = (list: Iterable<string>) => excluded.some((t) => [...list].includes(t));

  // Where the page says what it is: URL path, title, its first heading, or a short label anywhere.
  const firstHeading = blocks.findIndex((b) => headingLevel(b) === 1);
  const labels = words.filter(
    (w, i) => headingLevel(blocks[i]!) === 0 && w.length > 0 && w.length <= LABEL_TERMS,
  );
  const pageSignals: Array<[string, Set<string>]> = [
    ['URL path', pathTerms],
    ['title', titleTerms],
    ...(firstHeading >= 0 ? [['main heading', new Set(words[firstHeading])] as [string, Set<string>]] : []),
    ...labels.map((w) => ['label', new Set(w)] as [string, Set<string>]),
  ];
  const pageHit = pageSignals.find(([, set]) => found(set).length >= needed);
  if (pageHit && isExcluded([...pathTerms, ...titleTerms])) {
    return none(
      `The page is about ${quote(excluded.filter((t) => pathTerms.has(t) || titleTerms.has(t)))}, which the instruction says to ignore.`,
    );
  }
  if (pageHit) {
    const kept = blocks.filter((_, i) => !isExcluded(words[i]!));
    const best = Math.max(0, ...scores);
    return {
      matches: true,
      reason: `Found ${quote(found(pageHit[1]))} in the ${pageHit[0]} (best block BM25 ${best.toFixed(2)}).`,
      content: joinBlocks(kept),
      data: null,
      tokens: 0,
    };
  }

  // Sections whose heading matches, or blocks that match well: only those parts are kept.
  const keep = new Set<number>();
  const reasons: string[] = [];
  blocks.forEach((block, i) => {
    const level = headingLevel(block);
    if (!level || found(words[i]!).length < needed || isExcluded(words[i]!)) return;
    reasons.push(block.text.replace(/^#+\s*/, ''));
    for (let j = i; j < blocks.length; j++) {
      const l = headingLevel(blocks[j]!);
      if (j > i && l && l <= level) break;
      if (!isExcluded(words[j]!)) keep.add(j);
    }
  });
  const relevant = scores.filter((s) => s > 0).length;
  const prose = blocks.filter((b) => !headingLevel(b)).length;
  if (keep.size === 0 && relevant >= Math.max(2, prose / 2)) {
    // Most of the page is about it, though it never says so in a heading.
    blocks.forEach((_, i) => {
      if (!isExcluded(words[i]!)) keep.add(i);
    });
    reasons.push(`${relevant} of ${blocks.length} blocks`);
  }
  if (keep.size === 0) {
    const mentions = scores.filter((s) => s > 0).length;
    return none(
      `${quote(topic)} is not in the URL, title or headings` +
        (mentions ? `, and only ${mentions} of ${blocks.length} blocks mention it.` : ', nor in its text.'),
    );
  }
  const content = joinBlocks(blocks.filter((_, i) => keep.has(i)));
  return {
    matches: true,
    reason: `Kept the parts about ${quote(topic)}: ${reasons.join('; ')}.`,
    content,
    data: null,
    tokens: 0,
  };
}

export function createRelevanceExtractor(): PageExtractor {
  return {
    method: 'relevance',
    extract: async (input) => extractByRelevance(input),
  };
}
