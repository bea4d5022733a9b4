import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { type Browser, signUp } from './browser-session.js';
import { startTestServer, type TestServer } from './harness.js';
import { PDF, PNG, file, seedCrawl, supportForm } from './support-seed.js';

// SPEC.md section 7, "Support and search": the /support calls as written, each at its own path, answering
// a signed-in user (browser session, as the console calls them) as documented, and no one without a session.
// The search calls of that section are walked in spec-calls.test.ts.
const document = parse(readFileSync(resolve(import.meta.dirname, '../../openapi.yaml'), 'utf8')) as {
  paths: Record<string, Record<string, unknown>>;
};

let server: TestServer;
let user: { browser: Browser; email: string };
let resultId: string;

beforeAll(async () => {
  server = await startTestServer();
  const signedUp = await signUp(server.url);
  user = signedUp;
  const teamId = signedUp.user.teams[0]!.id;
  const [project] = await signedUp.browser.expect<Array<{ id: string }>>(200, 'GET', '/teams/projects');
  ({
    resultIds: [resultId = ''],
  } = await seedCrawl(server.server.deps.db, { teamId, projectId: project!.id }, { duplicates: [2] }));
});
afterAll(async () => {
  await server?.close();
});

/** The session's cookies and CSRF header, for a body the JSON helper cannot send. */
function sessionHeaders(browser: Browser): Record<string, string> {
  return {
    cookie: [...browser.cookies].map(([name, c]) => `${name}=${c.value}`).join('; '),
    'x-csrf-token': browser.cookies.get('trawl_csrf')?.value ?? '',
  };
}

interface SpecCall {
  /** As section 7 writes it. */
  spec: string;
  method: 'POST';
  path: string;
  send(headers: Record<string, string>): Promise<Response>;
  status: number;
  check(body: Record<string, unknown>): void;
}

const CALLS: SpecCall[] = [
  {
    spec: 'POST /support (multipart: subject, message, files)',
    method: 'POST',
    path: '/support',
    send: (headers) =>
      fetch(`${server.url}/support`, {
        method: 'POST',
        headers,
        body: supportForm({ subject: 'Help', message: 'Please' }, [
          file('a.png', PNG, 'image/png'),
          file('b.pdf', PDF, 'application/pdf'),
        ]),
      }),
    status: 201,
    check: (body) => {
      expect(body).toMatchObject({ subject: 'Help', message: 'Please', email: user.email });
      expect((body.attachments as Array<{ filename: string }>).map((a) => a.filename).sort()).toEqual([
        'a.png',
        'b.pdf',
      ]);
    },
  },
  {
    spec: 'POST /support/crawl-result-report (crawlResultId, problemType, description)',
    method: 'POST',
    path: '/support/crawl-result-report',
    send: (headers) =>
      fetch(`${server.url}/support/crawl-result-report`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          crawlResultId: resultId,
          problemType: 'missing_information',
          description: 'The table is gone',
        }),
      }),
    status: 201,
    check: (body) =>
      expect(body).toMatchObject({
        crawlResultId: resultId,
        problemType: 'missing_information',
        description: 'The table is gone',
        duplicatesRemovedCount: 2,
      }),
  },
];

describe('SPEC.md section 7, Support: every /support call', () => {
  it('walks every /support path openapi.yaml lists, and no other', () => {
    const listed = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/support'))
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    expect(listed.sort()).toEqual(CALLS.map((c) => `${c.method} ${c.path}`).sort());
  });

  it.each(CALLS)('$spec answers a signed-in user', async (call) => {
    const response = await call.send(sessionHeaders(user.browser));
    const body = (await response.json()) as Record<string, unknown>;
    expect(response.status, JSON.stringify(body)).toBe(call.status);
    call.check(body);
  });

  it.each(CALLS)('$spec answers 401 without a session', async (call) => {
    const response = await call.send({});
    expect(response.status).toBe(401);
    expect(((await response.json()) as { code: string }).code).toBe('unauthorized');
  });
});
