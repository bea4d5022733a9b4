import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.js';
import { createTeamWithToken, startTestServer, type TestServer } from './harness.js';
import { seedCrawl } from './support-seed.js';

// Folders of crawls: create, rename and delete in a project, move crawls in and out, list a folder's crawls.
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function call<T = Record<string, unknown>>(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${server.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

interface Folder {
  id: string;
  name: string;
  projectId: string;
  crawlCount: number;
}

const listIds = async (filter: Record<string, unknown>) =>
  (await call<{ results: Array<{ id: string; parentId: string | null }> }>('POST', '/crawls/query', filter))
    .body.results;

describe('folders', () => {
  it('creates, lists, renames and deletes folders; crawls move in and out and stay when the folder goes', async () => {
    const db = server.server.deps.db;
    const a = await seedCrawl(db, server, { startUrl: 'https://a.example.com/' });
    const b = await seedCrawl(db, server, { startUrl: 'https://b.example.com/' });

    const created = await call<Folder>('POST', '/folders', { name: '  Docs sites ' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Docs sites', projectId: server.projectId, crawlCount: 0 });
    const folder = created.body;

    const moved = await call<{ id: string; parentId: string }>('PUT', `/crawls/${a.crawlId}/folder`, {
      folderId: folder.id,
    });
    expect(moved.status).toBe(200);
    expect(moved.body.parentId).toBe(folder.id);

    const listed = await call<Folder[]>('GET', '/folders');
    expect(listed.body).toEqual([expect.objectContaining({ id: folder.id, crawlCount: 1 })]);
    expect((await listIds({ parentId: folder.id })).map((c) => c.id)).toEqual([a.crawlId]);
    const topLevel = (await listIds({ parentId: null })).map((c) => c.id);
    expect(topLevel).toContain(b.crawlId);
    expect(topLevel).not.toContain(a.crawlId);
    // Without the filter, every crawl.
    expect((await listIds({})).map((c) => c.id)).toEqual(expect.arrayContaining([a.crawlId, b.crawlId]));

    const renamed = await call<Folder>('PATCH', `/folders/${folder.id}`, { name: 'Documentation' });
    expect(renamed.body).toMatchObject({ name: 'Documentation', crawlCount: 1 });

    const out = await call<{ parentId: string | null }>('PUT', `/crawls/${a.crawlId}/folder`, {
      folderId: null,
    });
    expect(out.body.parentId).toBeNull();
    await call('PUT', `/crawls/${a.crawlId}/folder`, { folderId: folder.id });

    expect((await call('DELETE', `/folders/${folder.id}`)).status).toBe(204);
    expect((await call<Folder[]>('GET', '/folders')).body).toEqual([]);
    const kept = await call<{ parentId: string | null }>('GET', `/crawls/${a.crawlId}`);
    expect(kept.status).toBe(200);
    expect(kept.body.parentId).toBeNull();
  });

  it('keeps folders to their project', async () => {
    const project = await call<{ id: string }>('POST', '/teams/projects', { title: 'second' });
    const inSecond = await call<Folder>(
      'POST',
      '/folders',
      { name: 'Elsewhere' },
      {
        'x-project-id': project.body.id,
      },
    );
    expect(inSecond.body.projectId).toBe(project.body.id);
    expect((await call<Folder[]>('GET', '/folders')).body.map((f) => f.id)).not.toContain(inSecond.body.id);
    // The same name is free in another project, taken in the same one (without regard to case).
    expect((await call('POST', '/folders', { name: 'Elsewhere' })).status).toBe(201);
    const taken = await call<{ code: string }>(
      'POST',
      '/folders',
      { name: 'ELSEWHERE' },
      {
        'x-project-id': project.body.id,
      },
    );
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('folder_exists');
    // A crawl cannot go into a folder of another project.
    const crawl = await seedCrawl(server.server.deps.db, server);
    const wrong = await call<{ code: string }>('PUT', `/crawls/${crawl.crawlId}/folder`, {
      folderId: inSecond.body.id,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('folder_in_other_project');
  });

  it('refuses an empty name and a bad folder id', async () => {
    for (const body of [
      {},
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(101) },
      { name: 'a', extra: 1 },
    ]) {
      const response = await call<{ code: string }>('POST', '/folders', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.code).toBe('validation_error');
    }
    const crawl = await seedCrawl(server.server.deps.db, server);
    expect((await call('PUT', `/crawls/${crawl.crawlId}/folder`, {})).status).toBe(400);
    expect((await call('POST', '/crawls/query', { parentId: 'not-a-folder' })).status).toBe(400);
  });

  it("answers 404 for another team's folder and crawl, both ways", async () => {
    const other = await createTeamWithToken({ db: server.server.deps.db } as DatabaseHandle);
    const theirCrawl = await seedCrawl(server.server.deps.db, other);
    const theirFolder = await call<Folder>(
      'POST',
      '/folders',
      { name: 'Theirs' },
      {
        authorization: `Bearer ${other.token}`,
      },
    );
    expect(theirFolder.status).toBe(201);
    const mine = await seedCrawl(server.server.deps.db, server);
    const myFolder = (await call<Folder>('POST', '/folders', { name: 'Mine' })).body;

    for (const [method, path, body] of [
      ['PATCH', `/folders/${theirFolder.body.id}`, { name: 'x' }],
      ['DELETE', `/folders/${theirFolder.body.id}`, undefined],
      ['PUT', `/crawls/${theirCrawl.crawlId}/folder`, { folderId: null }],
      ['PUT', `/crawls/${theirCrawl.crawlId}/folder`, { folderId: myFolder.id }],
      // My crawl into their folder.
      ['PUT', `/crawls/${mine.crawlId}/folder`, { folderId: theirFolder.body.id }],
      ['PATCH', '/folders/not-an-id', { name: 'x' }],
      ['DELETE', '/folders/00000000-0000-4000-8000-000000000000', undefined],
    ] as const) {
      const response = await call<{ code: string }>(method, path, body);
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.body.code).toBe('not_found');
    }
    // Their folder filter lists nothing of theirs for me.
    expect(await listIds({ parentId: theirFolder.body.id })).toEqual([]);
    expect((await call<Folder[]>('GET', '/folders')).body.map((f) => f.id)).not.toContain(
      theirFolder.body.id,
    );
  });
});
