import { hashContent, splitBlocks, urlKey, type PageOutcome } from '@trawl/workflows';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCrawlStore } from '../src/crawls/store.js';
import type { DatabaseHandle } from '../src/db/client.js';
import { crawlFrontier, crawlLogs, crawlResults, crawls } from '../src/db/schema.js';
import { createTeamWithToken, createTestDatabase } from './harness.js';

// The store's guarantees, straight on the database: a crawl's status changes once and for good, and a
// batch is written at most once, whatever retries and races come.
let database: DatabaseHandle;
let team: { teamId: string; projectId: string };

beforeAll(async () => {
  database = await createTestDatabase();
  team = await createTeamWithToken(database, 'Store team');
});
afterAll(async () => {
  await database?.close();
});

async function runningCrawl(pages: string[]): Promise<string> {
  const [row] = await database.db
    .insert(crawls)
    .values({
      teamId: team.teamId,
      projectId: team.projectId,
      startUrls: [pages[0]!],
      maxResults: 100,
      maxDepth: 3,
      useSitemap: false,
      entireWebsite: false,
      includeLinks: true,
      excludeNonMainTags: true,
      deduplicateContent: false,
      engineType: 'cheerio',
      useStaticIps: false,
      timeout: 60,
      origin: 'api',
    })
    .returning({ id: crawls.id });
  await database.db
    .insert(crawlFrontier)
    .values(pages.map((url) => ({ crawlId: row!.id, urlKey: urlKey(url), url, depth: 0 })));
  return row!.id;
}

const outcome = (url: string): PageOutcome => ({
  entry: { url, depth: 0 },
  result: { requestedUrl: url, url, title: url, markdown: `# ${url}`, duplicatesRemovedCount: 0 },
  discovered: [],
  logs: [],
});

const read = async (id: string) => (await database.db.select().from(crawls).where(eq(crawls.id, id)))[0]!;

describe('crawl store', () => {
  it('ends a crawl once: the first final status wins, and completedAt and duration never change again', async () => {
    const store = createCrawlStore(database.db);
    const id = await runningCrawl(['http://site.test/']);
    const outcomes = await Promise.all([
      store.finishCrawl(id, 'succeeded', []),
      store.finishCrawl(id, 'aborted', []),
      store.finishCrawl(id, 'error', []),
    ]);
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    const ended = await read(id);
    expect(['succeeded', 'aborted', 'error']).toContain(ended.status);
    expect(ended.completedAt).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await store.finishCrawl(id, 'timed_out', [{ level: 'warn', message: 'late' }])).toBe(false);
    const later = await read(id);
    expect(later).toMatchObject({ status: ended.status, durationInSeconds: ended.durationInSeconds });
    expect(later.completedAt?.getTime()).toBe(ended.completedAt?.getTime());
  });

  it('stores a batch once: a retry of the same batch, and a batch arriving after the crawl ended, store nothing', async () => {
    const store = createCrawlStore(database.db);
    const pages = ['http://site.test/', 'http://site.test/a', 'http://site.test/b'];
    const id = await runningCrawl(pages);
    const claimed = await store.claimBatch(id, 'batch-1', 2);
    expect(claimed).toHaveLength(2);
    // A retry of the claim hands back the same URLs, not new ones.
    expect(await store.claimBatch(id, 'batch-1', 2)).toEqual(claimed);
    const commit = { pages: claimed.map((e) => outcome(e.url)), resultCap: 100 };
    expect(await store.commitBatch(id, 'batch-1', commit)).toEqual({
      numberOfResults: 2,
      stillRunning: true,
    });
    expect(await store.commitBatch(id, 'batch-1', commit)).toEqual({
      numberOfResults: 2,
      stillRunning: true,
    });
    // Results only grow, positions are 1..n with no gap or repeat.
    const positions = (await database.db.select().from(crawlResults).where(eq(crawlResults.crawlId, id)))
      .map((r) => r.position)
      .sort();
    expect(positions).toEqual([1, 2]);

    const last = await store.claimBatch(id, 'batch-2', 5);
    expect(last.map((e) => e.url)).toEqual(['http://site.test/b']);
    expect(await store.finishCrawl(id, 'aborted', [])).toBe(true);
    expect(
      await store.commitBatch(id, 'batch-2', { pages: last.map((e) => outcome(e.url)), resultCap: 100 }),
    ).toEqual({ numberOfResults: 2, stillRunning: false });
    expect((await read(id)).numberOfResults).toBe(2);
    expect(await database.db.select().from(crawlResults).where(eq(crawlResults.crawlId, id))).toHaveLength(2);
  });

  it('never lets a batch whose claim was taken over store its pages', async () => {
    const store = createCrawlStore(database.db);
    const id = await runningCrawl(['http://site.test/x']);
    const [entry] = await store.claimBatch(id, 'slow-batch', 1);
    // The claim lapses (its worker looked dead) and another batch takes the URL and stores it.
    await store.releaseClaims(id);
    expect(await store.claimBatch(id, 'fresh-batch', 1)).toEqual([entry]);
    expect(
      await store.commitBatch(id, 'fresh-batch', { pages: [outcome(entry!.url)], resultCap: 100 }),
    ).toMatchObject({ numberOfResults: 1 });
    // The slow batch finally answers: nothing of it is stored.
    expect(
      await store.commitBatch(id, 'slow-batch', { pages: [outcome(entry!.url)], resultCap: 100 }),
    ).toMatchObject({ numberOfResults: 1 });
    expect(await database.db.select().from(crawlResults).where(eq(crawlResults.crawlId, id))).toHaveLength(1);
  });

  it('never stores a result without content, deduplicated or not, and lets the next page take its place', async () => {
    const store = createCrawlStore(database.db);
    const pages = [
      'http://site.test/',
      'http://site.test/empty',
      'http://site.test/repeat',
      'http://site.test/c',
    ];
    const id = await runningCrawl(pages);
    const claimed = await store.claimBatch(id, 'batch-1', 4);
    const blocks = (markdown: string) => ({
      blocks: splitBlocks(markdown),
      contentHash: hashContent(markdown),
    });
    const withMarkdown = (url: string, markdown: string, dedup: boolean): PageOutcome => ({
      ...outcome(url),
      result: { ...outcome(url).result!, markdown, dedup: dedup ? blocks(markdown) : null },
    });
    const shared = 'A paragraph that both pages hold, long enough to be deduplicated.';
    const commit = {
      pages: [
        withMarkdown(pages[0]!, `# Home\n\n${shared}`, true),
        // An empty result, as a batch staged by an older worker could hold: never stored.
        withMarkdown(pages[1]!, '', false),
        // Every block it has is already stored: a duplicate, left with only its heading.
        withMarkdown(pages[2]!, `# Repeat\n\n${shared}`, true),
        withMarkdown(pages[3]!, '# C\n\nThe last page has text of its own to store.', true),
      ],
      // Room for three: the two skipped pages leave it to the last one.
      resultCap: 3,
    };
    expect(claimed).toHaveLength(4);
    expect(await store.commitBatch(id, 'batch-1', commit)).toMatchObject({ numberOfResults: 2 });
    const stored = await database.db.select().from(crawlResults).where(eq(crawlResults.crawlId, id));
    expect(stored.map((r) => r.url).sort()).toEqual([pages[0], pages[3]]);
    const logs = await database.db.select().from(crawlLogs).where(eq(crawlLogs.crawlId, id));
    expect(logs).toContainEqual(
      expect.objectContaining({
        message: `Skipped ${pages[1]}`,
        description: 'No content: the page has no text or images.',
      }),
    );
    expect(logs).toContainEqual(
      expect.objectContaining({
        message: `Skipped duplicate ${pages[2]}`,
        description: 'Everything on it is already on other pages of this crawl.',
      }),
    );
  });
});
