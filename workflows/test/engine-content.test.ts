import {
  CONTENT_SITE,
  CONTENT_TEXT,
  mountContentSite,
  startFixtureServer,
  type FixtureServer,
} from '@trawl/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCrawlEngine, type CrawlEngine } from '../src/crawler/engine.js';
import { DEFAULT_CRAWL_SETTINGS } from '../src/crawler/settings.js';
import type { CrawlJob } from '../src/ports.js';

// The engine's side of "never an empty page": what processPage gives for pages without content.
let site: FixtureServer;
let engine: CrawlEngine;
let job: CrawlJob;
const signal = new AbortController().signal;

beforeAll(async () => {
  site = await startFixtureServer();
  mountContentSite(site);
  engine = createCrawlEngine({ parseWorkers: 0, http: { allowPrivateNetworks: true } });
  job = {
    id: 'engine-content',
    status: 'running',
    settings: { ...DEFAULT_CRAWL_SETTINGS, startUrl: `${site.origin}/`, engineType: 'cheerio' },
    createdAt: new Date(),
    numberOfResults: 0,
  };
});
afterAll(async () => {
  await engine?.close();
  await site?.close();
});

describe('crawl engine, pages without content', () => {
  it('gives no result for a page without text or images, says why, and still follows its links', async () => {
    const url = `${site.origin}${CONTENT_SITE.blank}`;
    const out = await engine.processPage(job, { url, depth: 0 }, signal);
    expect(out.result).toBeNull();
    expect(out.logs).toContainEqual({
      level: 'info',
      message: `Skipped ${url}`,
      description: 'No content: the page has no text or images.',
    });
    expect(out.discovered).toEqual([{ url: `${site.origin}${CONTENT_SITE.behindBlank}`, depth: 1 }]);
  });

  it('gives the story of a page laid out inside a <form>, ready for deduplication', async () => {
    const url = `${site.origin}${CONTENT_SITE.formLayouts[1]}`;
    const out = await engine.processPage(job, { url, depth: 0 }, signal);
    expect(out.result?.markdown).toContain(`Story 2: ${CONTENT_TEXT.paragraphs[0]}`);
    expect(out.result?.dedup?.blocks.some((b) => b.text.includes(CONTENT_TEXT.paragraphs[1]))).toBe(true);
  });
});
