import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, signUp } from './browser-session.js';
import { startTestServer, type TestServer } from './harness.js';

// The admin's list of every team's crawls: search and paging, and only for admins.
let server: TestServer;
let admin: Browser;

interface AdminCrawlPage {
  results: Array<{ id: string; teamId: string; teamName: string; startUrls: string[] }>;
  page: number;
  totalPages: number;
  totalResults: number;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = new Browser(server.url);
  const { adminEmail, adminPassword } = server.server.bootstrap!;
  await admin.expect(200, 'POST', '/auth/login', {
    body: { email: adminEmail, password: adminPassword },
    csrf: false,
  });
});
afterAll(async () => {
  await server?.close();
});

describe('GET /admin/crawls', () => {
  it("searches every team's crawls by start URL, crawl ID or team ID, with the team's name", async () => {
    const ada = await signUp(server.url);
    const grace = await signUp(server.url);
    const start = (browser: Browser, startUrl: string) =>
      browser.expect<{ id: string }>(201, 'POST', '/crawls', { body: { startUrl, maxResults: 1 } });
    const adas = await start(ada.browser, 'http://127.0.0.1:9/ada-docs');
    await start(ada.browser, 'http://127.0.0.1:9/other');
    const graces = await start(grace.browser, 'http://127.0.0.1:9/grace-docs');

    const byUrl = await admin.expect<AdminCrawlPage>(200, 'GET', '/admin/crawls?query=-DOCS');
    expect(byUrl.results.map((c) => c.id).sort()).toEqual([adas.id, graces.id].sort());
    expect(byUrl.totalResults).toBe(2);
    expect(byUrl.results.find((c) => c.id === adas.id)).toMatchObject({
      teamId: ada.user.teams[0]!.id,
      teamName: "Ada's team",
    });

    const byId = await admin.expect<AdminCrawlPage>(200, 'GET', `/admin/crawls?query=${graces.id}`);
    expect(byId.results.map((c) => c.id)).toEqual([graces.id]);
    const byTeam = await admin.expect<AdminCrawlPage>(
      200,
      'GET',
      `/admin/crawls?query=${ada.user.teams[0]!.id}`,
    );
    expect(byTeam.totalResults).toBe(2);

    const paged = await admin.expect<AdminCrawlPage>(
      200,
      'GET',
      '/admin/crawls?query=127.0.0.1&limit=2&page=1',
    );
    expect(paged).toMatchObject({ page: 1, totalPages: 2, totalResults: 3 });
    expect(paged.results).toHaveLength(1);
    const none = await admin.expect<AdminCrawlPage>(200, 'GET', '/admin/crawls?query=%25');
    expect(none.totalResults).toBe(0);
  });

  it('rejects bad paging, and anyone who is not an admin', async () => {
    const error = await admin.expect<{ code: string }>(400, 'GET', '/admin/crawls?limit=500');
    expect(error.code).toBe('validation_error');
    const user = await signUp(server.url);
    expect((await user.browser.request('GET', '/admin/crawls?query=x')).status).toBe(403);
    expect((await fetch(`${server.url}/admin/crawls?query=x`)).status).toBe(401);
  });
});
