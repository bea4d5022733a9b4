import {
  loadCorpus,
  markdownToText,
  QUALITY_FLOOR,
  scoreCorpus,
  startFixtureServer,
  type FixtureServer,
} from '@trawl/fixtures';
import { createTrawlClient } from '@trawl/sdk';
import { parsePage } from '@trawl/workflows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlCorpus, type CorpusCrawl } from './corpus-crawl.js';
import { startTestServer, type TestServer } from './harness.js';

// The corpus crawled through the API with default settings (Cheerio engine, Remove duplicate content
// on): what users get scores as well as the crawler's own parse, and no page comes back empty.
let server: TestServer;
let site: FixtureServer;
let run: CorpusCrawl;

beforeAll(async () => {
  [server, site] = await Promise.all([startTestServer(), startFixtureServer()]);
  run = await crawlCorpus(createTrawlClient({ baseUrl: server.url, token: server.token }), site);
}, 120_000);
afterAll(async () => {
  await server?.close();
  await site?.close();
});

describe('main-content quality through the API', () => {
  it('stores every corpus page with content', () => {
    expect(run.status).toBe('succeeded');
    expect(run.pages.filter((p) => !p.stored).map((p) => p.page.url)).toEqual([]);
    expect(run.score.emptyPages).toBe(0);
  });

  it('scores at least the floor, and as well as parsing the pages directly', () => {
    expect(run.score.f1).toBeGreaterThanOrEqual(QUALITY_FLOOR.f1);
    expect(run.score.recall).toBeGreaterThanOrEqual(QUALITY_FLOOR.recall);
    const direct = scoreCorpus(
      loadCorpus().map((page) => ({
        predicted: markdownToText(
          parsePage({
            html: page.html,
            url: page.url,
            excludeNonMainTags: true,
            includeLinks: true,
            dedup: false,
          }).markdown,
        ),
        truth: page.articleBody,
      })),
    );
    expect(Math.abs(run.score.f1 - direct.f1)).toBeLessThan(0.01);
  });
});
