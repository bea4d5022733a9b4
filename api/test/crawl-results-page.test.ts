import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageOf } from '../src/openapi-helpers.js';
import { toCrawlResultDto } from '../src/crawls/serialize.js';
import { crawlResults, crawls } from '../src/db/schema.js';
import { seedCrawl, startTestServer, type TestServer } from './harness.js';

// A page of results is JSON made by the database (crawl-results/page-json.ts): it must say exactly what the
// rows say through toCrawlResultDto, whatever the text holds.
let server: TestServer;
let crawlId: string;

const awkward = [
  'quotes " and \\ backslashes, tabs\t, a line\nbreak, \r, \b\f and \u0001\u001f controls',
  'Ünïcödé: 日本語, emoji 🕸️, a RTL mark \u200f, and </script><!-- -->',
  '',
];

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.server.deps;
  ({ crawlId } = await seedCrawl(
    db,
    { teamId: server.teamId, projectId: server.projectId },
    {
      duplicates: [0, 2, 0],
    },
  ));
  await db.insert(crawlResults).values(
    awkward.map((text, i) => ({
      crawlId,
      position: 4 + i,
      url: `https://docs.example.com/awkward-${i}?q=${encodeURIComponent(text.slice(0, 5))}`,
      title: text,
      markdown: `# ${text}\n\n${text.repeat(50)}`,
      data: i === 0 ? { price: 12.5, tags: ['a', 'b'], nested: { none: null, yes: true } } : null,
      extractionTokens: i === 0 ? 321 : null,
      changeStatus: i === 1 ? ('changed' as const) : null,
      diff: i === 1 ? `--- a\n+++ b\n-${text}\n+${text}!` : null,
    })),
  );
  await db.update(crawls).set({ numberOfResults: 6 }).where(eq(crawls.id, crawlId));
});
afterAll(async () => {
  await server?.close();
});

/** What the route answered before the database made the JSON: the rows through toCrawlResultDto. */
async function expected(page: number, limit: number, match?: (r: { position: number }) => boolean) {
  const rows = await server.server.deps.db
    .select()
    .from(crawlResults)
    .where(eq(crawlResults.crawlId, crawlId))
    .orderBy(asc(crawlResults.position));
  const listed = match ? rows.filter(match) : rows;
  const total = match ? listed.length : 6;
  return JSON.stringify(
    pageOf(listed.slice(page * limit, (page + 1) * limit).map(toCrawlResultDto), page, limit, total),
  );
}

async function answer(path: string) {
  const res = await fetch(`${server.url}${path}`, {
    headers: { authorization: `Bearer ${server.token}` },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/json');
  return res.text();
}

describe('a page of crawl results', () => {
  it('says what toCrawlResultDto says of each row, in its field order, with awkward text and data', async () => {
    const text = await answer(`/crawls/${crawlId}/crawl-results`);
    const want = await expected(0, 50);
    expect(JSON.parse(text)).toEqual(JSON.parse(want));
    // The same fields in the same order, on the page and on each result.
    const keys = (json: string) => {
      const page = JSON.parse(json) as { results: Array<Record<string, unknown>> };
      return [Object.keys(page), ...page.results.map((r) => Object.keys(r))];
    };
    expect(keys(text)).toEqual(keys(want));
    // Timestamps as toISOString() writes them.
    expect(text).toMatch(/"createdAt":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z"/);
  });

  it('pages, filters by text and change status, and answers an empty page, on both paths', async () => {
    for (const path of [`/crawls/${crawlId}/crawl-results`, `/crawl-results/app/${crawlId}`]) {
      expect(JSON.parse(await answer(`${path}?page=1&limit=2`))).toEqual(JSON.parse(await expected(1, 2)));
      expect(JSON.parse(await answer(`${path}?page=9&limit=2`))).toEqual(JSON.parse(await expected(9, 2)));
      expect(JSON.parse(await answer(`${path}?query=${encodeURIComponent('日本語')}`))).toEqual(
        JSON.parse(await expected(0, 50, (r) => r.position === 5)),
      );
      expect(JSON.parse(await answer(`${path}?changeStatus=changed`))).toEqual(
        JSON.parse(await expected(0, 50, (r) => r.position === 5)),
      );
    }
  });
});
