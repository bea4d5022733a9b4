import {
  loadCorpus,
  markdownToText,
  mountCorpusSite,
  scoreCorpus,
  type CorpusPage,
  type CorpusScore,
  type FixtureServer,
} from '@trawl/fixtures';
import type { CrawlLog, CrawlResult, TrawlClient } from '@trawl/sdk';

export interface CorpusCrawl {
  score: CorpusScore;
  /** Each corpus page with the markdown the crawl stored for it (empty when nothing was stored). */
  pages: Array<{ page: CorpusPage; markdown: string; stored: boolean }>;
  logs: CrawlLog[];
  status: string;
}

/**
 * Serves the main-content corpus on `site` and crawls it through the API as a user would: one crawl from
 * an index page linking every corpus page, Cheerio engine, every other setting at its default (exclude
 * non main tags on, remove duplicate content on). Scores the markdown the crawl stored for each page.
 */
export async function crawlCorpus(trawl: TrawlClient, site: FixtureServer): Promise<CorpusCrawl> {
  const byPath = mountCorpusSite(site, loadCorpus());
  const started = await trawl.crawls.start({
    startUrl: `${site.origin}/corpus/`,
    maxDepth: 1,
    maxResults: byPath.size + 1,
    engineType: 'cheerio',
  });
  const done = await trawl.crawls.waitForCompletion(started.id, { pollIntervalMs: 100 });
  const results = new Map<string, CrawlResult>();
  for await (const r of trawl.crawls.results(done.id)) results.set(new URL(r.url).pathname, r);
  const logs: CrawlLog[] = [];
  for await (const l of trawl.crawls.logs(done.id)) logs.push(l);
  const pages = [...byPath].map(([path, page]) => {
    const result = results.get(path);
    return { page, markdown: result?.markdown ?? '', stored: result !== undefined };
  });
  const score = scoreCorpus(
    pages.map((p) => ({ predicted: markdownToText(p.markdown), truth: p.page.articleBody })),
  );
  return { score, pages, logs, status: done.status };
}
