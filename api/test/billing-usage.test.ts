// Usage metering: one unit per stored crawl result and nothing for pages that failed, were blocked, empty
// or duplicates; a crawl stops when its team's budget is spent, keeping its results; a new crawl with no
// budget is refused (402); two crawls of one team at once cannot overspend; the try-out counts for no team.
import { page, prose, startFixtureServer, type FixtureServer } from '@trawl/fixtures';
import { createTrawlClient, type Crawl, type TrawlClient } from '@trawl/sdk';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthlyPeriodStart } from '../src/billing/usage.js';
import { teams } from '../src/db/schema.js';
import { createTeamWithToken, startTestServer, type TestServer } from './harness.js';

let server: TestServer;
let site: FixtureServer;

/** Ten distinct article pages, /p1 to /p10, all linked from the home page. */
const ARTICLES = Array.from({ length: 10 }, (_, i) => `/p${i + 1}`);

beforeAll(async () => {
  [server, site] = await Promise.all([startTestServer(), startFixtureServer()]);
  const html = (body: string) => ({ headers: { 'content-type': 'text/html' }, body });
  site.route('/robots.txt', {
    headers: { 'content-type': 'text/plain' },
    body: 'User-agent: *\nDisallow: /blocked\n',
  });
  // The metered site: three good pages plus one of each kind that must never count.
  site.route(
    '/mixed/',
    html(
      page({
        title: 'Mixed home',
        nav: ['/mixed/'],
        main: `<h1>Mixed home</h1><p>${prose(1, 60)}</p>${[
          '/mixed/a',
          '/mixed/b',
          '/mixed/dup',
          '/mixed/missing',
          '/mixed/broken',
          '/blocked',
          '/mixed/empty',
        ]
          .map((href) => `<a href="${href}">${href}</a>`)
          .join(' ')}`,
      }),
    ),
  );
  const article = (seed: number, title: string, nav = ['/mixed/']) =>
    html(
      page({
        title,
        nav,
        main: `<h1>Article ${seed}</h1><p>${prose(seed, 80)}</p><p>${prose(seed + 100, 80)}</p>`,
      }),
    );
  site.route('/mixed/a', article(2, 'A'));
  site.route('/mixed/b', article(3, 'B'));
  site.route('/mixed/dup', article(2, 'A again'));
  site.route('/mixed/missing', { status: 404, body: 'gone' });
  site.route('/mixed/broken', { status: 500, body: 'oops' });
  site.route('/blocked', article(4, 'Blocked'));
  site.route(
    '/mixed/empty',
    html('<!doctype html><html><head><title>Empty</title></head><body></body></html>'),
  );
  // The budget site: a home page and ten articles.
  site.route(
    '/',
    html(
      page({
        title: 'Home',
        nav: ['/'],
        main: `<h1>Home</h1><p>${prose(10, 60)}</p>${ARTICLES.map((h) => `<a href="${h}">${h}</a>`).join(' ')}`,
      }),
    ),
  );
  ARTICLES.forEach((path, i) => site.route(path, article(20 + i, `Article ${i + 1}`, ['/'])));
});
afterAll(async () => {
  await Promise.all([server?.close(), site?.close()]);
});

const db = () => server.server.deps.db;

async function teamWithBudget(
  maxUsage: number | null,
): Promise<{ teamId: string; trawl: TrawlClient; token: string }> {
  const team = await createTeamWithToken(server.server.database, `Budget ${maxUsage}`);
  await db().update(teams).set({ maxUsage }).where(eq(teams.id, team.teamId));
  return {
    teamId: team.teamId,
    token: team.token,
    trawl: createTrawlClient({ baseUrl: server.url, token: team.token }),
  };
}

async function usageOf(
  teamId: string,
  token: string,
): Promise<{ usageUsed: number; maxUsage: number | null }> {
  const res = await fetch(`${server.url}/teams/${teamId}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as { usageUsed: number; maxUsage: number | null };
}

async function runToEnd(trawl: TrawlClient, startUrl: string): Promise<Crawl> {
  const started = await trawl.crawls.start({ startUrl, maxResults: 100, maxDepth: 2, engineType: 'cheerio' });
  return trawl.crawls.waitForCompletion(started.id, { pollIntervalMs: 50 });
}

async function logsOf(trawl: TrawlClient, id: string): Promise<string[]> {
  const lines: string[] = [];
  for await (const log of trawl.crawls.logs(id)) lines.push(log.message);
  return lines;
}

describe('metering', () => {
  it('counts one unit per stored result, and none for failed, blocked, empty or duplicate pages', async () => {
    const { teamId, token, trawl } = await teamWithBudget(null);
    const crawl = await runToEnd(trawl, `${site.origin}/mixed/`);
    expect(crawl).toMatchObject({ status: 'succeeded', numberOfResults: 3 });
    const messages = (await logsOf(trawl, crawl.id)).join('\n');
    // Each kind of page that must not count was really met and logged.
    expect(messages).toMatch(/missing/);
    expect(messages).toMatch(/broken/);
    expect(messages).toMatch(/blocked/i);
    expect(messages).toMatch(/Skipped duplicate/);
    expect(messages).toMatch(/empty/);
    expect(await usageOf(teamId, token)).toEqual(expect.objectContaining({ usageUsed: 3, maxUsage: null }));

    const again = await runToEnd(trawl, `${site.origin}/mixed/`);
    expect(again.numberOfResults).toBe(3);
    expect((await usageOf(teamId, token)).usageUsed).toBe(6);
  });

  it('stops a crawl when the budget is spent, keeping its results, and refuses the next one with 402', async () => {
    const { teamId, token, trawl } = await teamWithBudget(4);
    const crawl = await runToEnd(trawl, `${site.origin}/`);
    expect(crawl).toMatchObject({ status: 'succeeded', numberOfResults: 4 });
    expect(await logsOf(trawl, crawl.id)).toContain('Crawl stopped: usage limit reached');
    const results = [];
    for await (const r of trawl.crawls.results(crawl.id)) results.push(r);
    expect(results).toHaveLength(4);
    expect(await usageOf(teamId, token)).toEqual(expect.objectContaining({ usageUsed: 4, maxUsage: 4 }));

    const refused = await fetch(`${server.url}/crawls`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ startUrl: `${site.origin}/` }),
    });
    expect(refused.status).toBe(402);
    expect(await refused.json()).toMatchObject({
      code: 'usage_exceeded',
      message: expect.stringMatching(/Usage full/),
    });
  });

  it('lets two crawls of one team at once store no more than the budget together', async () => {
    const { teamId, token, trawl } = await teamWithBudget(7);
    const [a, b] = await Promise.all([
      runToEnd(trawl, `${site.origin}/`),
      runToEnd(trawl, `${site.origin}/`),
    ]);
    expect(a.status).toBe('succeeded');
    expect(b.status).toBe('succeeded');
    expect(a.numberOfResults + b.numberOfResults).toBe(7);
    expect((await usageOf(teamId, token)).usageUsed).toBe(7);
  });

  it('starts the count over when a monthly period ends (without Stripe)', async () => {
    const { teamId, token, trawl } = await teamWithBudget(2);
    const created = new Date(Date.now() - 40 * 86_400_000);
    await db()
      .update(teams)
      .set({ createdAt: created, usagePeriodStart: created, usageUsed: 2 })
      .where(eq(teams.id, teamId));
    expect(await usageOf(teamId, token)).toMatchObject({ usageUsed: 0, maxUsage: 2 });
    const crawl = await runToEnd(trawl, `${site.origin}/`);
    expect(crawl.numberOfResults).toBe(2);
    const [row] = await db().select().from(teams).where(eq(teams.id, teamId));
    expect(row!.usageUsed).toBe(2);
    expect(row!.usagePeriodStart.getTime()).toBe(monthlyPeriodStart(created, new Date()).getTime());
  });

  it('counts public try-out crawls against no team', async () => {
    const res = await fetch(`${server.url}/app/crawls/public`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ startUrl: `${site.origin}/`, engineType: 'cheerio' }),
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    for (;;) {
      const crawl = (await (await fetch(`${server.url}/app/crawls/public/${id}`)).json()) as Crawl;
      if (crawl.status !== 'running') {
        expect(crawl.numberOfResults).toBeGreaterThan(0);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const rows = await db().select({ usageUsed: teams.usageUsed, isPublic: teams.isPublic }).from(teams);
    expect(rows.find((t) => t.isPublic)?.usageUsed).toBe(0);
  });
});

describe('monthly periods', () => {
  it('runs from the day of creation, clamped to short months', () => {
    const anchor = new Date('2026-01-31T10:00:00Z');
    expect(monthlyPeriodStart(anchor, new Date('2026-01-31T12:00:00Z')).toISOString()).toBe(
      '2026-01-31T10:00:00.000Z',
    );
    expect(monthlyPeriodStart(anchor, new Date('2026-03-01T00:00:00Z')).toISOString()).toBe(
      '2026-02-28T10:00:00.000Z',
    );
    expect(monthlyPeriodStart(anchor, new Date('2026-03-31T10:00:00Z')).toISOString()).toBe(
      '2026-03-31T10:00:00.000Z',
    );
    expect(monthlyPeriodStart(anchor, new Date('2027-02-27T00:00:00Z')).toISOString()).toBe(
      '2027-01-31T10:00:00.000Z',
    );
  });
});
