import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { crawls } from '../src/db/schema.js';
import { signUp, type Browser } from './browser-session.js';
import { createTeamWithToken, startTestServer, type TestServer } from './harness.js';
import { seedCrawl } from './seed.js';

// Full-text search, search history, crawl search, the dashboard and deleting a result, over HTTP as the
// console calls them (a browser session), on PGlite and PostgreSQL alike.

interface Match {
  id: string;
  position: number;
  title: string;
  snippet: Array<{ text: string; highlight: boolean }>;
  rank: number;
}
interface Search {
  crawlResults: Match[];
  total: number;
}
type Err = { code: string; message: string; details?: Array<{ path: string; message: string }> };

let server: TestServer;
let browser: Browser;
let teamId: string;
let projectId: string;
let crawlId: string;
let resultIds: string[];
let foreignCrawlId: string;
let foreignResultId: string;

const db = () => server.server.deps.db;

beforeAll(async () => {
  server = await startTestServer();
  const me = await signUp(server.url);
  browser = me.browser;
  teamId = me.user.teams[0]!.id;
  const [project] = await browser.expect<Array<{ id: string }>>(200, 'GET', '/teams/projects');
  projectId = project!.id;
  ({ crawlId, resultIds } = await seedCrawl(db(), {
    teamId,
    projectId,
    results: [
      { title: 'Getting started', markdown: 'Install the tool, then start crawling your first website.' },
      { title: 'Rate limits', markdown: 'Every API token may start 10 crawls a minute. Crawlers back off.' },
      { title: 'Crawling sitemaps', markdown: 'A crawl can read the sitemap instead of following links.' },
      { title: 'Markup', markdown: 'Raw <b>bold</b> & <script>x</script> stays text: crawl safely.' },
      { title: 'Unrelated', markdown: 'Pricing and billing questions.' },
    ],
  }));
  const foreign = await signUp(server.url);
  const [foreignProject] = await foreign.browser.expect<Array<{ id: string }>>(200, 'GET', '/teams/projects');
  const seeded = await seedCrawl(db(), {
    teamId: foreign.user.teams[0]!.id,
    projectId: foreignProject!.id,
    results: [{ title: 'Secret crawling notes', markdown: 'crawl crawl crawl' }],
  });
  foreignCrawlId = seeded.crawlId;
  foreignResultId = seeded.resultIds[0]!;
});
afterAll(async () => {
  await server?.close();
});

const search = (id: string, body: unknown) =>
  browser.request('POST', `/search/crawl-results/${id}`, { body, csrf: true });

describe('POST /search/crawl-results/{crawlId}', () => {
  it('finds stemmed words in titles and markdown, most relevant first, with highlighted snippets', async () => {
    const res = await search(crawlId, { query: 'crawl' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Search;
    // "crawl" finds crawling, crawls and crawlers too, but not the page about billing.
    expect(body.total).toBe(4);
    expect(body.crawlResults.map((r) => r.title)).not.toContain('Unrelated');
    // The title weighs more than the body: the page titled "Crawling sitemaps" comes first.
    expect(body.crawlResults[0]!.title).toBe('Crawling sitemaps');
    const ranks = body.crawlResults.map((r) => r.rank);
    expect([...ranks].sort((a, b) => b - a)).toEqual(ranks);
    const snippet = body.crawlResults.find((r) => r.title === 'Getting started')!.snippet;
    expect(snippet.filter((s) => s.highlight).map((s) => s.text)).toEqual(['crawling']);
    expect(snippet.map((s) => s.text).join('')).toContain('start crawling your first website');
  });

  it('returns plain text segments: HTML tags in the markdown are dropped, never passed on as markup', async () => {
    const body = (await (await search(crawlId, { query: 'safely' })).json()) as Search;
    expect(body.total).toBe(1);
    const text = body.crawlResults[0]!.snippet.map((s) => s.text).join('');
    expect(text).toContain('bold');
    expect(text).not.toMatch(/[<>]/);
    expect([...text].some((ch) => ch < ' ')).toBe(false);
    expect(body.crawlResults[0]!.snippet.filter((s) => s.highlight).map((s) => s.text)).toEqual(['safely']);
  });

  it('supports phrases and pages', async () => {
    const phrase = (await (await search(crawlId, { query: '"rate limits"' })).json()) as Search;
    expect(phrase.crawlResults.map((r) => r.title)).toEqual(['Rate limits']);
    const second = (await (await search(crawlId, { query: 'crawl', page: 2, limit: 3 })).json()) as Search;
    expect(second.total).toBe(4);
    expect(second.crawlResults).toHaveLength(1);
    const none = (await (await search(crawlId, { query: 'kubernetes' })).json()) as Search;
    expect(none).toEqual({ crawlResults: [], total: 0 });
  });

  it.each([
    ['an empty query', { query: '' }],
    ['a blank query', { query: '   ' }],
    ['no query', {}],
    ['a query that is not text', { query: 5 }],
  ])('answers 400 for %s', async (_label, body) => {
    const res = await search(crawlId, body);
    expect(res.status).toBe(400);
    const error = (await res.json()) as Err;
    expect(error.code).toBe('validation_error');
    expect(error.details?.[0]?.path).toBe('query');
  });

  it("answers 404 for another team's crawl and for unknown ids", async () => {
    for (const id of [foreignCrawlId, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await search(id, { query: 'crawl' });
      expect(res.status, id).toBe(404);
      expect(((await res.json()) as Err).code).toBe('not_found');
    }
  });

  it('answers 401 without credentials', async () => {
    const res = await fetch(`${server.url}/search/crawl-results/${crawlId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'crawl' }),
    });
    expect(res.status).toBe(401);
  });
});

describe('DELETE /crawl-results/{id}', () => {
  it('deletes the result: the count goes down, positions keep their gap, search no longer finds it', async () => {
    const { crawlId: id, resultIds: ids } = await seedCrawl(db(), {
      teamId,
      projectId,
      results: [
        { title: 'One', markdown: 'alpha zebra' },
        { title: 'Two', markdown: 'beta zebra' },
        { title: 'Three', markdown: 'gamma zebra' },
      ],
    });
    expect(((await (await search(id, { query: 'zebra' })).json()) as Search).total).toBe(3);
    const res = await browser.request('DELETE', `/crawl-results/${ids[1]}`, { csrf: true });
    expect(res.status).toBe(204);
    const crawl = await browser.expect<{ numberOfResults: number }>(200, 'GET', `/crawls/${id}`);
    expect(crawl.numberOfResults).toBe(2);
    const page = await browser.expect<{ results: Array<{ position: number }>; totalResults: number }>(
      200,
      'GET',
      `/crawls/${id}/crawl-results`,
    );
    expect(page.results.map((r) => r.position)).toEqual([1, 3]);
    expect(page.totalResults).toBe(2);
    const found = (await (await search(id, { query: 'zebra' })).json()) as Search;
    expect(found.total).toBe(2);
    expect(found.crawlResults.map((r) => r.id)).not.toContain(ids[1]);
    // Gone: a second delete is a 404.
    expect((await browser.request('DELETE', `/crawl-results/${ids[1]}`, { csrf: true })).status).toBe(404);
  });

  it('answers 409 crawl_running while the crawl runs, and keeps the result', async () => {
    const { crawlId: id, resultIds: ids } = await seedCrawl(db(), {
      teamId,
      projectId,
      status: 'running',
      results: [{ title: 'Live', markdown: 'still crawling' }],
    });
    try {
      const res = await browser.request('DELETE', `/crawl-results/${ids[0]}`, { csrf: true });
      expect(res.status).toBe(409);
      expect(((await res.json()) as Err).code).toBe('crawl_running');
      const crawl = await browser.expect<{ numberOfResults: number }>(200, 'GET', `/crawls/${id}`);
      expect(crawl.numberOfResults).toBe(1);
    } finally {
      await db().update(crawls).set({ status: 'aborted' }).where(eq(crawls.id, id));
    }
  });

  it("answers 404 for another team's result and for unknown ids", async () => {
    for (const id of [foreignResultId, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await browser.request('DELETE', `/crawl-results/${id}`, { csrf: true });
      expect(res.status, id).toBe(404);
      expect(((await res.json()) as Err).code).toBe('not_found');
    }
  });

  it('needs the CSRF header with a session', async () => {
    const res = await browser.request('DELETE', `/crawl-results/${resultIds[4]}`);
    expect(res.status).toBe(403);
  });
});

describe('GET /app/crawls/dashboard', () => {
  it("counts the current project's last 30 days: successful, failed and total pages", async () => {
    const me = await signUp(server.url);
    const [project] = await me.browser.expect<Array<{ id: string }>>(200, 'GET', '/teams/projects');
    const team = me.user.teams[0]!.id;
    const empty = await me.browser.expect(200, 'GET', '/app/crawls/dashboard');
    expect(empty).toEqual({ successfulCrawls: 0, failedCrawls: 0, totalCrawlResults: 0 });
    const page = { title: 'p', markdown: 'text' };
    const at = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);
    const seed = (
      status: 'succeeded' | 'timed_out' | 'failed' | 'error' | 'aborted' | 'running',
      n: number,
      days = 1,
    ) =>
      seedCrawl(db(), {
        teamId: team,
        projectId: project!.id,
        status,
        createdAt: at(days),
        results: Array.from({ length: n }, () => page),
      });
    await seed('succeeded', 3);
    await seed('timed_out', 2);
    await seed('failed', 0);
    await seed('error', 1);
    await seed('aborted', 4);
    await seed('succeeded', 7, 31); // outside the window
    const other = await me.browser.expect<{ id: string }>(201, 'POST', '/teams/projects', {
      body: { title: 'other' },
    });
    await seedCrawl(db(), { teamId: team, projectId: other.id, results: [page] });
    expect(await me.browser.expect(200, 'GET', '/app/crawls/dashboard')).toEqual({
      successfulCrawls: 2,
      failedCrawls: 2,
      totalCrawlResults: 10,
    });
    const res = await me.browser.request('GET', '/app/crawls/dashboard', {
      headers: { 'x-project-id': other.id },
    });
    expect(await res.json()).toEqual({ successfulCrawls: 1, failedCrawls: 0, totalCrawlResults: 1 });
  });

  it("answers 404 for another team's project", async () => {
    const foreign = await createTeamWithToken(server.server.database);
    const res = await browser.request('GET', '/app/crawls/dashboard', {
      headers: { 'x-project-id': foreign.projectId },
    });
    expect(res.status).toBe(404);
  });
});

describe('GET /app/crawls/search', () => {
  it('finds crawls by part of the start URL or by crawl ID, page 1 of 15', async () => {
    const me = await signUp(server.url);
    const [project] = await me.browser.expect<Array<{ id: string }>>(200, 'GET', '/teams/projects');
    const team = me.user.teams[0]!.id;
    const ids: string[] = [];
    for (let i = 0; i < 17; i++)
      ids.push(
        (
          await seedCrawl(db(), {
            teamId: team,
            projectId: project!.id,
            startUrl: `https://blog.example.org/${i}`,
          })
        ).crawlId,
      );
    const docs = await seedCrawl(db(), {
      teamId: team,
      projectId: project!.id,
      startUrl: 'https://docs.example.net/',
    });
    type Page = {
      results: Array<{ id: string; startUrls: string[] }>;
      page: number;
      totalPages: number;
      totalResults: number;
    };
    const blog = await me.browser.expect<Page>(
      200,
      'GET',
      '/app/crawls/search?query=blog.example&page=1&limit=15',
    );
    expect(blog.results).toHaveLength(15);
    expect(blog).toMatchObject({ page: 1, totalPages: 2, totalResults: 17 });
    expect(blog.results.every((c) => c.startUrls[0]!.includes('blog.example.org'))).toBe(true);
    const byId = await me.browser.expect<Page>(
      200,
      'GET',
      `/app/crawls/search?query=${docs.crawlId}&page=1&limit=15`,
    );
    expect(byId.results.map((c) => c.id)).toEqual([docs.crawlId]);
    // Another team's crawl is not found, even by its exact ID.
    const foreign = await me.browser.expect<Page>(200, 'GET', `/app/crawls/search?query=${foreignCrawlId}`);
    expect(foreign.results).toEqual([]);
  });

  it.each(['', '%20%20', undefined])('answers 400 for the query %j', async (query) => {
    const res = await browser.request(
      'GET',
      `/app/crawls/search${query === undefined ? '' : `?query=${query}`}`,
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as Err).code).toBe('validation_error');
  });
});

describe('POST /search/user-search-history', () => {
  it("records searches and answers the user's 10 most recent distinct ones, newest first", async () => {
    const me = await signUp(server.url);
    const record = (query?: string) =>
      me.browser.expect<Array<{ query: string }>>(200, 'POST', '/search/user-search-history', {
        body: query === undefined ? {} : { query },
      });
    expect(await record()).toEqual([]);
    for (let i = 1; i <= 12; i++) await record(`query ${i}`);
    const again = await record('query 3');
    expect(again.map((h) => h.query)).toEqual([
      'query 3',
      'query 12',
      'query 11',
      'query 10',
      'query 9',
      'query 8',
      'query 7',
      'query 6',
      'query 5',
      'query 4',
    ]);
    // Trimmed before it is stored, so "  query 12 " is the same search.
    const trimmed = await record('  query 12 ');
    expect(trimmed.map((h) => h.query).slice(0, 2)).toEqual(['query 12', 'query 3']);
    // Another user's history is their own.
    const other = await signUp(server.url);
    expect(await other.browser.expect(200, 'POST', '/search/user-search-history', { body: {} })).toEqual([]);
  });

  it('answers 400 for a blank query', async () => {
    const res = await browser.request('POST', '/search/user-search-history', {
      body: { query: ' ' },
      csrf: true,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Err).details?.[0]?.path).toBe('query');
  });

  it('answers 403 user_required for an API token that belongs to no user', async () => {
    const team = await createTeamWithToken(server.server.database);
    const res = await fetch(`${server.url}/search/user-search-history`, {
      method: 'POST',
      headers: { authorization: `Bearer ${team.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'docs' }),
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as Err).code).toBe('user_required');
    // A user's own token has a history.
    const mine = await fetch(`${server.url}/search/user-search-history`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'docs' }),
    });
    expect(mine.status).toBe(200);
  });
});
