import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { crawlResults } from '../src/db/schema.js';
import { signUp } from './browser-session.js';
import { startTestServer, type TestServer } from './harness.js';

// Tenant isolation, walked over every operation in openapi.yaml: whatever a route is, an id that belongs
// to another team is a 404 for this one. A route added later joins the walk by itself; one whose path
// holds an id and that this table cannot call makes the walk fail until it is added here.
const document = parse(readFileSync(resolve(import.meta.dirname, '../../openapi.yaml'), 'utf8')) as {
  paths: Record<string, Record<string, { operationId: string; security?: unknown[] }>>;
};

/** Routes that are not per-team by design: admin routes see every team (their role check is tested apart). */
const NOT_TEAM_SCOPED = /^\/admin\//;
/** The public try-out's routes: no credentials, and only the public team's crawls. */
const PUBLIC_TRY_OUT = /^\/(app\/crawls|app\/crawl-logs|crawl-results)\/public\//;

/** A valid body for each operation that needs one, so validation cannot answer before the scope check. */
const BODIES: Record<string, unknown> = {
  renameProject: { title: 'renamed' },
  renameFolder: { name: 'renamed' },
  updateSchedule: { paused: true },
  moveCrawlToFolder: { folderId: null },
  sendInviteEmail: { email: 'someone@example.com' },
  searchCrawlResults: { query: 'anything' },
  setPaymentSource: { tokenId: 'tok_visa' },
  changePlan: { planId: 'pro_monthly' },
  updateWebhook: { enabled: false },
};

interface Foreign {
  crawlId: string;
  crawlResultId: string;
  projectId: string;
  teamId: string;
  tokenId: string;
  userId: string;
  inviteId: string;
  folderId: string;
  scheduleId: string;
  webhookId: string;
}

let server: TestServer;
let foreign: Foreign;
let foreignToken: string;

beforeAll(async () => {
  server = await startTestServer();
  const other = await signUp(server.url);
  const crawl = await other.browser.expect<{ id: string }>(201, 'POST', '/crawls', {
    body: { startUrl: 'http://127.0.0.1:9/', maxResults: 1 },
  });
  const project = await other.browser.expect<{ id: string }>(201, 'POST', '/teams/projects', {
    body: { title: 'secret' },
  });
  const token = await other.browser.expect<{ id: string; token: string }>(201, 'POST', '/api-tokens', {
    body: { name: 'theirs' },
  });
  const folder = await other.browser.expect<{ id: string }>(201, 'POST', '/folders', {
    body: { name: 'theirs' },
  });
  const schedule = await other.browser.expect<{ id: string }>(201, 'POST', '/schedules', {
    body: { crawlId: crawl.id, intervalSeconds: 86_400 },
  });
  const webhook = await other.browser.expect<{ id: string }>(201, 'POST', '/webhooks', {
    body: { url: 'http://127.0.0.1:9/hook', events: ['crawl.started'] },
  });
  const teamId = other.user.teams[0]!.id;
  await other.browser.expect(201, 'POST', `/teams/${teamId}/invite-link`);
  const [invite] = await other.browser.expect<Array<{ id: string }>>(200, 'GET', `/teams/${teamId}/invites`);
  // A result of theirs, written directly: their crawl of a closed port stores none.
  const [result] = await server.server.deps.db
    .insert(crawlResults)
    .values({ crawlId: crawl.id, position: 1, url: 'http://127.0.0.1:9/', title: 't', markdown: 'm' })
    .returning({ id: crawlResults.id });
  foreign = {
    crawlId: crawl.id,
    crawlResultId: result!.id,
    projectId: project.id,
    teamId,
    tokenId: token.id,
    userId: other.user.id,
    inviteId: invite!.id,
    folderId: folder.id,
    scheduleId: schedule.id,
    webhookId: webhook.id,
  };
  foreignToken = token.token;
});
afterAll(async () => {
  await server?.close();
});

/** The foreign id a path's `{id}` stands for. */
function foreignIdFor(path: string): string {
  if (path.startsWith('/crawls/')) return foreign.crawlId;
  // The public try-out reads only the public team's crawls: a team's crawl is as unknown there as anywhere.
  if (PUBLIC_TRY_OUT.test(path)) return foreign.crawlId;
  // The web app's paths of the same crawl calls, and search within a crawl.
  if (/^\/(app\/crawls|app\/crawl-logs|crawl-results\/app|search\/crawl-results)\//.test(path))
    return foreign.crawlId;
  if (path === '/crawl-results/{id}') return foreign.crawlResultId;
  if (path.startsWith('/teams/projects/')) return foreign.projectId;
  if (path.startsWith('/teams/')) return foreign.teamId;
  if (path.startsWith('/api-tokens/')) return foreign.tokenId;
  if (path.startsWith('/folders/')) return foreign.folderId;
  if (path.startsWith('/schedules/')) return foreign.scheduleId;
  if (path.startsWith('/webhooks/')) return foreign.webhookId;
  throw new Error(`The isolation walk does not know what {id} is in ${path}: add it to foreignIdFor`);
}

const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => ({
    path,
    method: method.toUpperCase(),
    operationId: op.operationId,
  })),
);
const withIds = operations.filter((o) => o.path.includes('{') && !NOT_TEAM_SCOPED.test(o.path));
const publicWithIds = withIds.filter((o) => PUBLIC_TRY_OUT.test(o.path));

async function expectNotFound(response: Response, label: string): Promise<void> {
  expect(response.status, `${label}: ${await response.clone().text()}`).toBe(404);
  const error = (await response.json()) as { code: string; message: string };
  expect(error.code).toBe('not_found');
  // The route itself answered (an unknown route is a 404 too, which would prove nothing).
  expect(error.message).not.toMatch(/^No route/);
}

describe('tenant isolation over every route in openapi.yaml', () => {
  it('walks a meaningful set of routes', () => {
    expect(withIds.length).toBeGreaterThanOrEqual(12);
    for (const op of withIds) expect(op.path).toMatch(/\{(id|crawlId)\}/);
  });

  for (const as of ['an API token', 'a browser session'] as const) {
    it.each(withIds)(
      `$method $path answers 404 for another team's id, with ${as}`,
      async ({ path, method, operationId }) => {
        const url = path
          .replace(/\{(id|crawlId)\}/, foreignIdFor(path))
          .replace('{userId}', foreign.userId)
          .replace('{inviteId}', foreign.inviteId)
          // Their delivery would be found through their endpoint only: the endpoint's id already fails.
          .replace('{deliveryId}', '00000000-0000-4000-8000-000000000000');
        const body = BODIES[operationId];
        let response: Response;
        if (as === 'an API token') {
          response = await fetch(`${server.url}${url}`, {
            method,
            headers: {
              authorization: `Bearer ${server.token}`,
              ...(body ? { 'content-type': 'application/json' } : {}),
            },
            body: body ? JSON.stringify(body) : undefined,
          });
        } else {
          const { browser } = await signUp(server.url);
          response = await browser.request(method, url, { body, csrf: true });
        }
        await expectNotFound(response, `${method} ${url}`);
      },
    );
  }

  it('walks the public try-out routes too, and they need no credentials', () => {
    expect(publicWithIds.map((o) => `${o.method} ${o.path}`).sort()).toEqual([
      'GET /app/crawl-logs/public/{id}',
      'GET /app/crawls/public/{id}',
      'GET /crawl-results/public/{id}',
      'GET /crawl-results/public/{id}/download-csv',
    ]);
    for (const op of publicWithIds)
      expect(document.paths[op.path]![op.method.toLowerCase()]!.security, op.path).toEqual([]);
  });

  it.each(publicWithIds)(
    "$method $path answers 404 for a team's crawl, with no credentials",
    async ({ path, method }) => {
      const url = path.replace('{id}', foreign.crawlId);
      await expectNotFound(await fetch(`${server.url}${url}`, { method }), `${method} ${url}`);
    },
  );

  it('lists nothing of another team, and its credentials reach nothing of this one', async () => {
    const mine = { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' };
    const crawls = (await (
      await fetch(`${server.url}/crawls/query`, { method: 'POST', headers: mine, body: '{}' })
    ).json()) as { results: Array<{ id: string }> };
    expect(crawls.results.map((c) => c.id)).not.toContain(foreign.crawlId);
    const projects = (await (
      await fetch(`${server.url}/teams/projects`, { headers: mine })
    ).json()) as Array<{ id: string }>;
    expect(projects.map((p) => p.id)).not.toContain(foreign.projectId);
    const tokens = (await (await fetch(`${server.url}/api-tokens`, { headers: mine })).json()) as Array<{
      id: string;
    }>;
    expect(tokens.map((t) => t.id)).not.toContain(foreign.tokenId);
    // The other way round: their token, our crawl.
    const ours = (await (
      await fetch(`${server.url}/crawls`, {
        method: 'POST',
        headers: mine,
        body: JSON.stringify({ startUrl: 'http://127.0.0.1:9/', maxResults: 1 }),
      })
    ).json()) as { id: string };
    expect(
      (
        await fetch(`${server.url}/crawls/${ours.id}`, {
          headers: { authorization: `Bearer ${foreignToken}` },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await fetch(`${server.url}/crawls/${ours.id}/events`, {
          headers: { authorization: `Bearer ${foreignToken}` },
        })
      ).status,
    ).toBe(404);
    // A project of another team cannot be selected with x-project-id either.
    const selected = await fetch(`${server.url}/crawls`, {
      method: 'POST',
      headers: { ...mine, 'x-project-id': foreign.projectId },
      body: JSON.stringify({ startUrl: 'http://127.0.0.1:9/' }),
    });
    expect(selected.status).toBe(404);
  });
});
