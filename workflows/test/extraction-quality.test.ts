import {
  loadCorpus,
  markdownToText,
  QUALITY_FLOOR,
  scoreCorpus,
  tokenize,
  type CorpusPage,
  type CorpusScore,
} from '@trawl/fixtures';
import { beforeAll, describe, expect, it } from 'vitest';
import { parsePage } from '../src/crawler/parse-page.js';

// Main-content quality on the corpus of real article pages with human-written ground truth
// (fixtures/corpus). The floors sit just under what the extraction reaches, so a change that makes it
// worse fails here; `npm run bench:quality` prints the figures, and the same through the API.

describe('main-content extraction on the corpus', () => {
  let pages: Array<{ page: CorpusPage; markdown: string }>;
  let score: CorpusScore;
  beforeAll(() => {
    pages = loadCorpus().map((page) => {
      const parsed = parsePage({
        html: page.html,
        url: page.url,
        excludeNonMainTags: true,
        includeLinks: true,
        dedup: false,
      });
      return { page, markdown: parsed.markdown };
    });
    score = scoreCorpus(
      pages.map((p) => ({ predicted: markdownToText(p.markdown), truth: p.page.articleBody })),
    );
  });

  it('scores at least its floor in F1, keeping nearly all of every article', () => {
    expect(score.pages).toBe(91);
    expect(score.f1).toBeGreaterThanOrEqual(QUALITY_FLOOR.f1);
    expect(score.recall).toBeGreaterThanOrEqual(QUALITY_FLOOR.recall);
  });

  it('leaves no page empty', () => {
    const empty = pages.filter((p) => tokenize(markdownToText(p.markdown)).length === 0);
    expect(empty.map((p) => p.page.url)).toEqual([]);
  });
});
