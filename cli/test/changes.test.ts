// trawl recrawl and trawl diff against the changing fixture site, as a child process.
import { startTestServer, type TestServer } from '@trawl/api/testing';
import {
  CHANGING_SITE,
  mountChangingSite,
  startFixtureServer,
  type ChangingSite,
  type FixtureServer,
} from '@trawl/fixtures';
import { createTrawlClient, type TrawlClient } from '@trawl/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, crawlIdFrom, runCli, runInTerminal, type Sandbox } from './cli.js';

let server: TestServer;
let site: FixtureServer;
let changing: ChangingSite;
let trawl: TrawlClient;
let sandbox: Sandbox;
const auth = (): string[] => ['--api-url', server.url, '--token', server.token];
const c = CHANGING_SITE;

beforeAll(async () => {
  [server, site] = await Promise.all([startTestServer(), startFixtureServer()]);
  changing = mountChangingSite(site);
  trawl = createTrawlClient({ baseUrl: server.url, token: server.token });
  sandbox = createSandbox();
});
afterAll(async () => {
  await Promise.all([server?.close(), site?.close()]);
  sandbox?.cleanup();
});

describe('trawl recrawl and trawl diff', () => {
  it('recrawls a crawl, prints the new id, and diff lists new, changed and removed pages with diffs', async () => {
    const started = await trawl.crawls.start({ startUrl: `${site.origin}/`, maxResults: 50 });
    const first = await trawl.crawls.waitForCompletion(started.id, { pollIntervalMs: 50 });
    changing.setVersion(2);

    const run = await runCli(['recrawl', first.id, ...auth()], sandbox);
    expect(run.code, run.stderr).toBe(0);
    const id = crawlIdFrom(run);
    expect(run.stderr).toContain(`Started crawl ${id}, repeating ${first.id}`);
    const done = await trawl.crawls.waitForCompletion(id, { pollIntervalMs: 50 });
    expect(done.compareWith).toBe(first.id);

    const diff = await runCli(['diff', id, ...auth()], sandbox);
    expect(diff.code, diff.stderr).toBe(0);
    expect(diff.stdout).toContain(`Crawl ${id} compared with ${first.id}`);
    expect(diff.stdout).toContain('Changes: 2 new, 2 changed, 5 unchanged, 2 removed');
    expect(diff.stdout).toContain(`CHANGED ${site.origin}${c.etagEdited}`);
    expect(diff.stdout).toContain(`-${c.newsText[1]}`);
    expect(diff.stdout).toContain(`+${c.newsText[2]}`);
    expect(diff.stdout).toContain(`NEW ${site.origin}${c.added}`);
    expect(diff.stdout).toContain(`REMOVED ${site.origin}${c.removed}`);
    // Unchanged pages only with --all; no colour codes when stdout is not a terminal.
    expect(diff.stdout).not.toContain('UNCHANGED');
    expect(diff.stdout).not.toContain('\u001b[');
    expect((await runCli(['diff', id, '--all', ...auth()], sandbox)).stdout).toContain(
      `UNCHANGED ${site.origin}${c.plainUnchanged}`,
    );

    // On a terminal, added lines are green and removed ones red.
    const tty = await runInTerminal(['diff', id, ...auth()], sandbox);
    expect(tty.output).toContain(`\u001b[32m+${c.newsText[2]}`);
    expect(tty.output).toContain(`\u001b[31m-${c.newsText[1]}`);

    // --wait watches the recrawl to its end and prints the counts.
    const waited = await runCli(['recrawl', id, '--wait', ...auth()], sandbox);
    expect(waited.code, waited.stderr).toBe(0);
    expect(waited.stdout).toContain('Changes: 0 new, 0 changed, 9 unchanged, 0 removed');
  }, 180_000);

  it('says a crawl that compares with nothing is not a recrawl', async () => {
    const plain = await trawl.crawls.start({ startUrl: 'http://127.0.0.1:9/', maxResults: 1 });
    const run = await runCli(['diff', plain.id, ...auth()], sandbox);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`Crawl ${plain.id} is not a recrawl`);
    const missing = await runCli(['recrawl', '00000000-0000-4000-8000-000000000000', ...auth()], sandbox);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/not found/i);
  });
});
