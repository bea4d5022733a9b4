// trawl folders list | create | rename | delete, trawl move and trawl list --folder, as a child process.
import { startTestServer, type TestServer } from '@trawl/api/testing';
import { createTrawlClient, type TrawlClient } from '@trawl/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, runCli, type Sandbox } from './cli.js';

let server: TestServer;
let trawl: TrawlClient;
let sandbox: Sandbox;
const auth = (): string[] => ['--api-url', server.url, '--token', server.token];

beforeAll(async () => {
  server = await startTestServer();
  trawl = createTrawlClient({ baseUrl: server.url, token: server.token });
  sandbox = createSandbox();
});
afterAll(async () => {
  await server?.close();
  sandbox?.cleanup();
});

describe('trawl folders and trawl move', () => {
  it('creates, lists, renames and deletes a folder, and moves a crawl in and out', async () => {
    // A crawl of a closed port: it ends failed at once, which is all a folder needs.
    const crawl = await trawl.crawls.start({ startUrl: 'http://127.0.0.1:9/', maxResults: 1 });

    const created = await runCli(['folders', 'create', 'Docs sites', '--json', ...auth()], sandbox);
    expect(created.code, created.stderr).toBe(0);
    const folder = JSON.parse(created.stdout) as { id: string; name: string };
    expect(folder.name).toBe('Docs sites');

    const moved = await runCli(['move', crawl.id, folder.id, ...auth()], sandbox);
    expect(moved.code, moved.stderr).toBe(0);
    expect(moved.stdout).toBe(`Crawl ${crawl.id} moved to folder ${folder.id}\n`);

    const listed = await runCli(['folders', 'list', ...auth()], sandbox);
    expect(listed.stdout).toMatch(new RegExp(`^${folder.id} +Docs sites +1 +`, 'm'));

    const inFolder = await runCli(['list', '--folder', folder.id, '--json', ...auth()], sandbox);
    expect(
      (JSON.parse(inFolder.stdout) as { results: Array<{ id: string }> }).results.map((c) => c.id),
    ).toEqual([crawl.id]);

    const renamed = await runCli(['folders', 'rename', folder.id, 'Documentation', ...auth()], sandbox);
    expect(renamed.stdout).toBe(`Folder renamed: Documentation (${folder.id})\n`);

    const out = await runCli(['move', crawl.id, '--out', ...auth()], sandbox);
    expect(out.stdout).toBe(`Crawl ${crawl.id} is in no folder\n`);
    expect((await trawl.crawls.get(crawl.id)).parentId).toBeNull();

    const deleted = await runCli(['folders', 'delete', folder.id, ...auth()], sandbox);
    expect(deleted.code).toBe(0);
    expect((await runCli(['folders', 'list', ...auth()], sandbox)).stdout).toContain('No folders.');
  }, 180_000);

  it('says what is wrong: an empty name, an unknown folder, and move without a folder or --out', async () => {
    const empty = await runCli(['folders', 'create', '  ', ...auth()], sandbox);
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain('Folder name is required');

    const unknown = await runCli(
      ['folders', 'rename', '00000000-0000-4000-8000-000000000000', 'x', ...auth()],
      sandbox,
    );
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Folder not found');

    const crawl = await trawl.crawls.start({ startUrl: 'http://127.0.0.1:9/', maxResults: 1 });
    const neither = await runCli(['move', crawl.id, ...auth()], sandbox);
    expect(neither.code).toBe(2);
    expect(neither.stderr).toContain('Give either a folder ID or --out');
  }, 120_000);
});
