import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { Browser, newEmail, signUp } from './browser-session.js';
import { startTestServer, type TestServer } from './harness.js';
import { seedCrawl } from './seed.js';

// SPEC.md section 7, walked as written: one row per call, in the section's order, each made at the spec's own
// path and checked to answer as openapi.yaml documents it (the path and method are there, the status is one
// it lists, the body has the spec's fields), as a signed-in user, with the documented API's bearer token for
// its calls, and as a public visitor for the public equivalents.
// Left out: POST /support and POST /support/crawl-result-report (spec-calls-support.test.ts covers them) and
// /teams/{id}/billing* (spec-calls-billing.test.ts).

const document = parse(readFileSync(resolve(import.meta.dirname, '../../openapi.yaml'), 'utf8')) as {
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
};

interface Context {
  user: Browser;
  teamId: string;
  projectId: string;
  crawlId: string;
  resultIds: string[];
  token: string;
  inviteToken?: string;
  publicCrawlId?: string;
  apiCrawlId?: string;
  newProjectId?: string;
  runningId: string;
  runningId2: string;
}

interface Row {
  /** As section 7 writes it. */
  call: string;
  /** The openapi.yaml path the call is made at. */
  path: string;
  as: 'user' | 'public' | 'token' | 'fresh user';
  url?: (ctx: Context) => string;
  body?: (ctx: Context) => unknown;
  /** When the documented success is not what this server can answer (Google is not configured here). */
  status?: number;
  check?: (body: unknown, ctx: Context) => void;
}

const has =
  (...keys: string[]) =>
  (body: unknown) => {
    for (const key of keys) expect(body, key).toHaveProperty(key);
  };
const password = 'correct horse battery';

const ROWS: Row[] = [
  // Auth
  {
    call: 'POST /auth/signup/root-user (firstName, lastName, email, password)',
    path: '/auth/signup/root-user',
    as: 'public',
    body: () => ({ firstName: 'Ada', lastName: 'Lovelace', email: newEmail(), password }),
    check: has('isSuccessful', 'user'),
  },
  {
    call: 'POST /teams/{id}/invite-link',
    path: '/teams/{id}/invite-link',
    as: 'user',
    url: (ctx) => `/teams/${ctx.teamId}/invite-link`,
    check: (body, ctx) => {
      const link = new URL((body as { inviteLink: string }).inviteLink);
      ctx.inviteToken = link.searchParams.get('inviteToken') ?? link.searchParams.get('token') ?? '';
      expect(ctx.inviteToken).not.toBe('');
    },
  },
  {
    call: 'POST /auth/signup/invite (same plus inviteToken)',
    path: '/auth/signup/invite',
    as: 'public',
    body: (ctx) => ({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: newEmail(),
      password,
      inviteToken: ctx.inviteToken,
    }),
    check: has('isSuccessful', 'user'),
  },
  { call: 'GET /auth/me (returns user)', path: '/auth/me', as: 'user', check: has('id', 'email', 'teams') },
  { call: 'POST /auth/refresh', path: '/auth/refresh', as: 'user', check: has('user') },
  {
    call: 'POST /auth/forgotPassword (email)',
    path: '/auth/forgotPassword',
    as: 'public',
    body: () => ({ email: newEmail() }),
  },
  {
    call: 'POST /auth/resetPassword (token, password): an unknown token',
    path: '/auth/resetPassword',
    as: 'public',
    body: () => ({ token: 'not-a-reset-token', password }),
    status: 400,
  },
  // Google is not configured in tests: the route answers its documented 501.
  { call: 'GET /auth/google (browser redirect)', path: '/auth/google', as: 'public', status: 501 },
  // Teams and projects
  {
    call: 'GET /teams/{id}',
    path: '/teams/{id}',
    as: 'user',
    url: (ctx) => `/teams/${ctx.teamId}`,
    check: has('id', 'usageUsed', 'maxUsage'),
  },
  {
    call: 'GET /teams/{id}/team (members)',
    path: '/teams/{id}/team',
    as: 'user',
    url: (ctx) => `/teams/${ctx.teamId}/team`,
    check: (body) => expect(Array.isArray(body)).toBe(true),
  },
  {
    call: 'POST /teams/{id}/send-invite-email (email)',
    path: '/teams/{id}/send-invite-email',
    as: 'user',
    url: (ctx) => `/teams/${ctx.teamId}/send-invite-email`,
    body: () => ({ email: newEmail() }),
  },
  {
    call: 'POST /teams/projects (title)',
    path: '/teams/projects',
    as: 'user',
    body: () => ({ title: 'spec walk' }),
    check: (body, ctx) => {
      ctx.newProjectId = (body as { id: string }).id;
    },
  },
  {
    call: 'PATCH /teams/projects/{id}',
    path: '/teams/projects/{id}',
    as: 'user',
    url: (ctx) => `/teams/projects/${ctx.newProjectId}`,
    body: () => ({ title: 'renamed' }),
  },
  {
    call: 'DELETE /teams/projects/{id}',
    path: '/teams/projects/{id}',
    as: 'user',
    url: (ctx) => `/teams/projects/${ctx.newProjectId}`,
  },
  // Search
  {
    call: 'POST /search/user-search-history (query)',
    path: '/search/user-search-history',
    as: 'user',
    body: () => ({ query: 'docs.example.com' }),
    check: (body) =>
      expect((body as Array<{ query: string }>).map((h) => h.query)).toEqual(['docs.example.com']),
  },
  {
    call: 'POST /search/crawl-results/{crawlId} (query)',
    path: '/search/crawl-results/{crawlId}',
    as: 'user',
    url: (ctx) => `/search/crawl-results/${ctx.crawlId}`,
    body: () => ({ query: 'crawling' }),
    check: (body) => expect(body).toMatchObject({ total: 1 }),
  },
  // Crawls
  {
    call: 'GET app/crawls?page&limit (results, totalPages)',
    path: '/app/crawls',
    as: 'user',
    url: () => '/app/crawls?page=1&limit=15',
    check: has('results', 'totalPages'),
  },
  {
    call: 'GET app/crawls/{id}',
    path: '/app/crawls/{id}',
    as: 'user',
    url: (ctx) => `/app/crawls/${ctx.crawlId}`,
    check: (body, ctx) => expect(body).toMatchObject({ id: ctx.crawlId }),
  },
  {
    call: 'GET app/crawls/search?query&page=1&limit=15',
    path: '/app/crawls/search',
    as: 'user',
    url: () => '/app/crawls/search?query=docs.example&page=1&limit=15',
    check: (body, ctx) =>
      expect((body as { results: Array<{ id: string }> }).results.map((c) => c.id)).toContain(ctx.crawlId),
  },
  {
    call: 'GET app/crawls/dashboard',
    path: '/app/crawls/dashboard',
    as: 'user',
    check: has('successfulCrawls', 'failedCrawls', 'totalCrawlResults'),
  },
  {
    call: 'POST app/crawls (crawl settings plus origin web and projectId)',
    path: '/app/crawls',
    as: 'user',
    body: (ctx) => ({
      startUrl: 'http://127.0.0.1:9/',
      maxResults: 1,
      origin: 'web',
      projectId: ctx.projectId,
    }),
    check: (body, ctx) => {
      expect(body).toMatchObject({ origin: 'web', projectId: ctx.projectId });
      ctx.apiCrawlId = (body as { id: string }).id;
    },
  },
  {
    call: 'GET app/crawl-logs/{id}?page',
    path: '/app/crawl-logs/{id}',
    as: 'user',
    url: (ctx) => `/app/crawl-logs/${ctx.crawlId}?page=0`,
    check: has('results', 'page', 'totalPages'),
  },
  {
    call: 'GET /crawl-results/app/{id}?page&limit',
    path: '/crawl-results/app/{id}',
    as: 'user',
    url: (ctx) => `/crawl-results/app/${ctx.crawlId}?page=0&limit=21`,
    check: (body) => expect(body).toMatchObject({ page: 0, totalResults: 3 }),
  },
  {
    call: 'GET /crawl-results/app/{id}/download-csv',
    path: '/crawl-results/app/{id}/download-csv',
    as: 'user',
    url: (ctx) => `/crawl-results/app/${ctx.crawlId}/download-csv`,
  },
  {
    call: 'DELETE /crawl-results/{id}',
    path: '/crawl-results/{id}',
    as: 'user',
    url: (ctx) => `/crawl-results/${ctx.resultIds[1]}`,
  },
  {
    call: 'POST app/crawls/public',
    path: '/app/crawls/public',
    as: 'public',
    body: () => ({ startUrl: 'http://127.0.0.1:9/', maxResults: 1 }),
    check: (body, ctx) => {
      ctx.publicCrawlId = (body as { id: string }).id;
    },
  },
  {
    call: 'GET app/crawls/public/{id}',
    path: '/app/crawls/public/{id}',
    as: 'public',
    url: (ctx) => `/app/crawls/public/${ctx.publicCrawlId}`,
  },
  {
    call: 'GET app/crawl-logs/public/{id}?page',
    path: '/app/crawl-logs/public/{id}',
    as: 'public',
    url: (ctx) => `/app/crawl-logs/public/${ctx.publicCrawlId}?page=0`,
  },
  {
    call: 'GET /crawl-results/public/{id}',
    path: '/crawl-results/public/{id}',
    as: 'public',
    url: (ctx) => `/crawl-results/public/${ctx.publicCrawlId}`,
  },
  {
    call: 'GET /crawl-results/public/{id}/download-csv',
    path: '/crawl-results/public/{id}/download-csv',
    as: 'public',
    url: (ctx) => `/crawl-results/public/${ctx.publicCrawlId}/download-csv`,
  },
  { call: 'GET /is-healthy (isHealthy)', path: '/is-healthy', as: 'public', check: has('isHealthy') },
  // Documented public API (bearer API token)
  {
    call: 'POST /crawls',
    path: '/crawls',
    as: 'token',
    body: () => ({ startUrl: 'http://127.0.0.1:9/', maxResults: 1 }),
    check: (body, ctx) => {
      expect(body).toMatchObject({ origin: 'api' });
      ctx.apiCrawlId = (body as { id: string }).id;
    },
  },
  { call: 'GET /crawls/{id}', path: '/crawls/{id}', as: 'token', url: (ctx) => `/crawls/${ctx.crawlId}` },
  {
    call: 'POST /crawls/query: page (0-based)',
    path: '/crawls/query',
    as: 'token',
    body: () => ({ page: 0 }),
    check: has('results', 'totalPages'),
  },
  {
    call: 'GET /crawls/{id}/crawl-results?page=0&limit=50',
    path: '/crawls/{id}/crawl-results',
    as: 'token',
    url: (ctx) => `/crawls/${ctx.crawlId}/crawl-results?page=0&limit=50`,
  },
  // Last: these end what the rows above use (the crawl, the session, the team).
  {
    call: 'PATCH app/crawls/{id}/abort',
    path: '/app/crawls/{id}/abort',
    as: 'user',
    url: (ctx) => `/app/crawls/${ctx.runningId}/abort`,
    check: (body) => expect(body).toMatchObject({ status: 'aborted' }),
  },
  {
    call: 'DELETE /crawls/{id} (aborts the crawl)',
    path: '/crawls/{id}',
    as: 'token',
    url: (ctx) => `/crawls/${ctx.runningId2}`,
    check: (body) => expect(body).toMatchObject({ status: 'aborted' }),
  },
  { call: 'POST /auth/login (email, password)', path: '/auth/login', as: 'fresh user', check: has('user') },
  { call: 'POST /auth/logout', path: '/auth/logout', as: 'fresh user' },
  {
    call: 'DELETE /teams/{id} (deletes team and users, cancels subscription)',
    path: '/teams/{id}',
    as: 'fresh user',
  },
];

let server: TestServer;
let ctx: Context;

beforeAll(async () => {
  server = await startTestServer();
  const me = await signUp(server.url);
  const [project] = await me.browser.expect<Array<{ id: string }>>(200, 'GET', '/teams/projects');
  const teamId = me.user.teams[0]!.id;
  const seeded = await seedCrawl(server.server.deps.db, {
    teamId,
    projectId: project!.id,
    results: [
      { title: 'Crawling', markdown: 'How crawling works.' },
      { title: 'Other', markdown: 'Something else.' },
      { title: 'Third', markdown: 'More.' },
    ],
  });
  const running = await seedCrawl(server.server.deps.db, {
    teamId,
    projectId: project!.id,
    status: 'running',
  });
  const running2 = await seedCrawl(server.server.deps.db, {
    teamId,
    projectId: project!.id,
    status: 'running',
  });
  const { token } = await me.browser.expect<{ token: string }>(201, 'POST', '/api-tokens', {
    body: { name: 'spec walk' },
  });
  ctx = {
    user: me.browser,
    teamId,
    projectId: project!.id,
    crawlId: seeded.crawlId,
    resultIds: seeded.resultIds,
    token,
    runningId: running.crawlId,
    runningId2: running2.crawlId,
  };
});
afterAll(async () => {
  await server?.close();
});

/** A user of their own, for the rows that end a session or a team. */
async function freshUser(row: Row): Promise<Response> {
  const email = newEmail();
  const other = await signUp(server.url, email, password);
  if (row.path === '/auth/login')
    return new Browser(server.url).request('POST', '/auth/login', { body: { email, password }, csrf: false });
  if (row.path === '/auth/logout') return other.browser.request('POST', '/auth/logout', { csrf: true });
  return other.browser.request('DELETE', `/teams/${other.user.teams[0]!.id}`, { csrf: true });
}

describe('every call of SPEC.md section 7 answers at its own path', () => {
  it.each(ROWS)('$call', async (row) => {
    const method = row.call.split(' ')[0]!;
    const documented = document.paths[row.path]?.[method.toLowerCase()];
    expect(documented, `${method} ${row.path} in openapi.yaml`).toBeDefined();
    const url = row.url?.(ctx as never) ?? row.path;
    const body = row.body?.(ctx as never);
    let response: Response;
    if (row.as === 'fresh user') response = await freshUser(row);
    else if (row.as === 'user')
      response = await ctx.user.request(method, url, { body, csrf: method !== 'GET' });
    else
      response = await fetch(`${server.url}${url}`, {
        method,
        redirect: 'manual',
        headers: {
          ...(row.as === 'token' ? { authorization: `Bearer ${ctx.token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const text = await response.text();
    const success = Object.keys(documented!.responses).find((code) => /^[23]/.test(code));
    const expected = row.status ?? Number(success);
    expect(response.status, `${row.call}: ${text.slice(0, 300)}`).toBe(expected);
    expect(Object.keys(documented!.responses)).toContain(String(expected));
    const json: unknown = response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
    row.check?.(json, ctx as never);
  });
});
