// Accounts from the command line: login with email and password, whoami, API tokens, projects and the
// project in use, and logout revoking what login created.
import { readFileSync, statSync } from 'node:fs';
import { hostname } from 'node:os';
import { startTestServer, type TestServer } from '@trawl/api/testing';
import { createTrawlClient, type TrawlClient } from '@trawl/sdk';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { crawlIdFrom, createSandbox, runCli, runInTerminal, type CliResult, type Sandbox } from './cli.js';

let server: TestServer;
let sandbox: Sandbox;
let accountCount = 0;
const PASSWORD = 'correct horse battery';

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());
beforeEach(() => {
  sandbox = createSandbox();
});
afterEach(() => sandbox.cleanup());

interface Account {
  email: string;
  teamId: string;
  /** Signed in through the SDK, to check what the CLI did. */
  owner: TrawlClient;
}

async function signUp(): Promise<Account> {
  const owner = createTrawlClient({ baseUrl: server.url });
  const email = `cli${++accountCount}-${Date.now()}@example.com`;
  const user = await owner.auth.signUp({ firstName: 'Ada', lastName: 'Lovelace', email, password: PASSWORD });
  return { email, teamId: user.teams[0]!.id, owner };
}

const trawl = (args: string[], env?: Record<string, string | undefined>): Promise<CliResult> =>
  runCli([...args, '--api-url', server.url], sandbox, { env });
const savedLogin = (): Record<string, string> =>
  JSON.parse(readFileSync(sandbox.loginFile, 'utf8')) as Record<string, string>;

async function login(account: Account): Promise<CliResult> {
  const run = await trawl(['login', '--email', account.email, '--password', PASSWORD]);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return run;
}

/** Whether a token works, judged by `trawl list`. */
async function tokenWorks(token: string): Promise<boolean> {
  const run = await runCli(['list', '--json', '--api-url', server.url, '--token', token], sandbox);
  if (run.code !== 0) expect(run.stderr).toContain('"code":"unauthorized"');
  return run.code === 0;
}

describe('trawl login with email and password', () => {
  it('creates an API token for this machine, saves it (0600), signs out, and later commands use it', async () => {
    const account = await signUp();
    const run = await login(account);
    const saved = savedLogin();
    expect(Object.keys(saved)).toEqual(['apiUrl', 'token', 'tokenId']);
    expect(saved.apiUrl).toBe(server.url);
    expect(saved.token).toMatch(/^trawl_/);
    expect(statSync(sandbox.loginFile).mode & 0o777).toBe(0o600);

    const [token] = await account.owner.tokens.list();
    expect(token).toMatchObject({ id: saved.tokenId, name: `trawl CLI on ${hostname()}`, projectId: null });
    expect(run.stdout).toBe(
      `Logged in to ${server.url} as ${account.email} with a new API token ${token!.prefix}… ("trawl CLI on ${hostname()}"). Saved to ${sandbox.loginFile}\n`,
    );

    const list = await runCli(['list', '--json'], sandbox);
    expect(list.code).toBe(0);
    expect(JSON.parse(list.stdout)).toMatchObject({ results: [], totalResults: 0 });
  });

  it('prints what it did as JSON', async () => {
    const account = await signUp();
    const run = await trawl(['login', '--email', account.email, '--password', PASSWORD, '--json']);
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout);
    expect(out).toMatchObject({
      apiUrl: server.url,
      configFile: sandbox.loginFile,
      user: { email: account.email },
      token: { id: savedLogin().tokenId },
    });
    expect(run.stdout).not.toContain(savedLogin().token);
  });

  it('refuses a wrong password with the server message, exit 1, and saves nothing', async () => {
    const account = await signUp();
    const run = await trawl(['login', '--email', account.email, '--password', 'not the password']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe('error: Invalid email or password\n');
    expect(() => statSync(sandbox.loginFile)).toThrow();
    expect(await account.owner.tokens.list()).toEqual([]);
  });

  it('is a usage error (exit 2) when the password is missing and stdin is no terminal', async () => {
    const account = await signUp();
    const run = await trawl(['login', '--email', account.email]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'error: trawl login needs --password <password> when stdin is not a terminal to type it in\n',
    );
    const both = await trawl([
      'login',
      '--email',
      account.email,
      '--password',
      PASSWORD,
      '--token',
      server.token,
    ]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('Use either --token or --email and --password');
    expect(() => statSync(sandbox.loginFile)).toThrow();
  });

  it('asks for the password on a terminal without echoing it', async () => {
    const account = await signUp();
    const run = await runInTerminal(['login', '--email', account.email, '--api-url', server.url], sandbox, {
      type: { when: /Password: /, keys: `${PASSWORD}\r` },
    });
    expect(run.output).toContain(`Logged in to ${server.url} as ${account.email}`);
    expect(run.code).toBe(0);
    expect(run.output).not.toContain(PASSWORD);
    expect(savedLogin().token).toMatch(/^trawl_/);
  });

  it('revokes the token of an earlier email login it replaces', async () => {
    const account = await signUp();
    await login(account);
    const first = savedLogin();
    await login(account);
    expect(savedLogin().token).not.toBe(first.token);
    expect(await tokenWorks(first.token!)).toBe(false);
    expect((await account.owner.tokens.list()).map((t) => t.id)).toEqual([savedLogin().tokenId]);
  });
});

describe('trawl logout', () => {
  it('revokes the token login created, then removes the file', async () => {
    const account = await signUp();
    await login(account);
    const { token } = savedLogin();
    expect(await tokenWorks(token!)).toBe(true);
    const run = await runCli(['logout'], sandbox);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`Logged out: revoked the API token and removed ${sandbox.loginFile}\n`);
    expect(() => statSync(sandbox.loginFile)).toThrow();
    expect(await tokenWorks(token!)).toBe(false);
  });

  it('still removes the file when the server cannot revoke, saying so', async () => {
    const account = await signUp();
    await login(account);
    await account.owner.tokens.revoke(savedLogin().tokenId!);
    const human = await runCli(['logout'], sandbox);
    expect(human.code).toBe(0);
    expect(human.stdout).toBe(`Logged out: removed ${sandbox.loginFile}\n`);
    expect(human.stderr).toMatch(
      /^Could not revoke the saved API token on the server \(Invalid or revoked API token\); revoke it in the console or with `trawl tokens revoke [0-9a-f-]{36}`\.\n$/,
    );

    await login(account);
    await account.owner.tokens.revoke(savedLogin().tokenId!);
    const run = await runCli(['logout', '--json'], sandbox);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({ removed: true, revoked: false, configFile: sandbox.loginFile });
  });

  it('does not revoke a token given with login --token', async () => {
    const login = await trawl(['login', '--token', server.token]);
    expect(login.code).toBe(0);
    const run = await runCli(['logout'], sandbox);
    expect(run.stdout).toBe(`Logged out: removed ${sandbox.loginFile}\n`);
    expect(await tokenWorks(server.token)).toBe(true);
  });
});

describe('trawl whoami', () => {
  it('names the server, user, team, project and token', async () => {
    const account = await signUp();
    await login(account);
    const [token] = await account.owner.tokens.list();
    const run = await runCli(['whoami'], sandbox);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const field = (label: string): string | undefined =>
      run.stdout.match(new RegExp(`^${label} +(.*)$`, 'm'))?.[1];
    expect(field('API URL')).toBe(`${server.url}  (from ${sandbox.loginFile})`);
    expect(field('User')).toBe(`${account.email} (Ada Lovelace)`);
    expect(field('Team')).toBe(`Ada's team  ${account.teamId}`);
    expect(field('Project')).toMatch(/^default {2}[0-9a-f-]{36} {2}\(the team's first project\)$/);
    expect(field('Token')).toBe(
      `${token!.prefix}…  "trawl CLI on ${hostname()}"  (from ${sandbox.loginFile})`,
    );
    expect(run.stdout).not.toContain(savedLogin().token);

    const json = JSON.parse((await runCli(['whoami', '--json'], sandbox)).stdout);
    expect(json).toMatchObject({
      apiUrl: { value: server.url, source: sandbox.loginFile },
      user: { email: account.email, roles: ['user'] },
      team: { id: account.teamId, name: "Ada's team" },
      project: { title: 'default', source: "the team's first project" },
      token: { id: token!.id, prefix: token!.prefix, source: sandbox.loginFile },
    });
  });

  it('works with the bootstrap token, whose user is the admin', async () => {
    const run = await runCli(['whoami', '--json', '--api-url', server.url, '--token', server.token], sandbox);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      user: { email: 'admin@localhost', roles: ['trawlAdmin'] },
      team: { id: server.teamId },
      token: { source: '--token', name: 'Bootstrap token' },
    });
  });

  it('needs a token', async () => {
    const run = await runCli(['whoami'], sandbox);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('No API token');
  });
});

describe('trawl tokens', () => {
  it('creates a token printed once that works, lists prefixes only, and revokes it', async () => {
    const account = await signUp();
    await login(account);
    const created = await runCli(['tokens', 'create', '--name', 'ci', '--json'], sandbox);
    expect(created.code).toBe(0);
    const body = JSON.parse(created.stdout) as { token: string; id: string; prefix: string; name: string };
    expect(body).toMatchObject({ name: 'ci', projectId: null, token: expect.stringMatching(/^trawl_/) });
    expect(await tokenWorks(body.token)).toBe(true);

    const plain = await runCli(['tokens', 'create', '--name', 'plain'], sandbox);
    expect(plain.stdout).toMatch(/^trawl_[\w-]+\n$/);
    expect(plain.stderr).toMatch(
      /^Created API token "plain" \(ID [0-9a-f-]{36}\)\. Copy it now: it is not shown again\.\n$/,
    );

    const list = await runCli(['tokens', 'list'], sandbox);
    expect(list.code).toBe(0);
    const lines = list.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID +NAME +PREFIX +PROJECT +LAST USED +CREATED$/);
    expect(lines).toHaveLength(4);
    const ciLine = lines.find((l) => l.startsWith(body.id));
    expect(ciLine).toMatch(
      new RegExp(`^${body.id}  ci +${body.prefix}… +all +\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d +\\d{4}-`),
    );
    expect(list.stdout).not.toContain(body.token);
    expect(list.stdout).not.toContain(plain.stdout.trim());

    const json = JSON.parse((await runCli(['tokens', 'list', '--json'], sandbox)).stdout) as Array<
      Record<string, unknown>
    >;
    expect(json.map((t) => t.name).sort()).toEqual(['ci', 'plain', `trawl CLI on ${hostname()}`].sort());
    expect(json.every((t) => !('token' in t))).toBe(true);

    const revoke = await runCli(['tokens', 'revoke', body.id], sandbox);
    expect(revoke.code).toBe(0);
    expect(revoke.stdout).toBe(`Revoked API token ${body.id}\n`);
    expect(await tokenWorks(body.token)).toBe(false);
    const again = await runCli(['tokens', 'revoke', body.id], sandbox);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe('error: API token not found\n');
  });

  it('binds a token to the project given with --project', async () => {
    const account = await signUp();
    await login(account);
    const docs = await account.owner.projects.create('docs');
    const created = JSON.parse(
      (await runCli(['tokens', 'create', '--name', 'docs-bot', '--project', docs.id, '--json'], sandbox))
        .stdout,
    );
    expect(created.projectId).toBe(docs.id);
    const list = await runCli(['tokens', 'list'], sandbox);
    expect(list.stdout.split('\n').find((l) => l.startsWith(created.id))).toMatch(/ docs {2,}/);
  });

  it('is a usage error without a subcommand or an ID', async () => {
    expect((await runCli(['tokens'], sandbox)).code).toBe(2);
    const revoke = await runCli(['tokens', 'revoke'], sandbox);
    expect(revoke.code).toBe(2);
    expect(revoke.stderr).toContain("missing required argument 'id'");
  });
});

describe('trawl projects', () => {
  it('creates, lists and uses a project; crawls then land in it', async () => {
    const account = await signUp();
    await login(account);
    const blank = await runCli(['projects', 'create', '  '], sandbox);
    expect(blank.code).toBe(1);
    expect(blank.stderr).toContain('Project name is required');

    const created = await runCli(['projects', 'create', 'Docs', '--json'], sandbox);
    expect(created.code).toBe(0);
    const docs = JSON.parse(created.stdout) as { id: string; title: string };
    expect(docs.title).toBe('docs');
    const human = await runCli(['projects', 'create', 'Blog'], sandbox);
    expect(human.stdout).toMatch(/^Project created successfully: blog \([0-9a-f-]{36}\)\n$/);

    const before = await runCli(['projects', 'list'], sandbox);
    expect(before.code).toBe(0);
    const rows = before.stdout.split('\n');
    expect(rows[0]).toMatch(/^ {2}ID +TITLE +CREATED$/);
    expect(rows[1]).toMatch(/^\* [0-9a-f-]{36} {2}default /);
    expect(rows[2]).toMatch(new RegExp(`^  ${docs.id}  docs `));
    expect(before.stdout).toContain("* in use: the team's first project, as none is chosen");

    const use = await runCli(['projects', 'use', 'docs'], sandbox);
    expect(use.code).toBe(0);
    expect(use.stdout).toBe(`Now using project docs (${docs.id}). Saved to ${sandbox.loginFile}\n`);
    expect(savedLogin()).toMatchObject({ projectId: docs.id, token: expect.stringMatching(/^trawl_/) });

    const after = JSON.parse((await runCli(['projects', 'list', '--json'], sandbox)).stdout) as Array<{
      id: string;
      inUse: boolean;
    }>;
    expect(after.filter((p) => p.inUse).map((p) => p.id)).toEqual([docs.id]);
    expect((await runCli(['projects', 'list'], sandbox)).stdout).toContain(
      `* in use (from ${sandbox.loginFile})`,
    );

    const crawl = crawlIdFrom(await runCli(['crawl', 'http://127.0.0.1:9/', '--max-results', '1'], sandbox));
    const robot = createTrawlClient({ baseUrl: server.url, token: savedLogin().token });
    expect((await robot.crawls.get(crawl)).projectId).toBe(docs.id);

    // The environment and the flag beat the saved choice.
    const [defaultProject] = await account.owner.projects.list();
    const viaEnv = crawlIdFrom(
      await runCli(['crawl', 'http://127.0.0.1:9/'], sandbox, {
        env: { TRAWL_PROJECT_ID: defaultProject!.id },
      }),
    );
    expect((await robot.crawls.get(viaEnv)).projectId).toBe(defaultProject!.id);
    const viaFlag = crawlIdFrom(
      await runCli(['crawl', 'http://127.0.0.1:9/', '--project', defaultProject!.id], sandbox),
    );
    expect((await robot.crawls.get(viaFlag)).projectId).toBe(defaultProject!.id);
    // Lists are narrowed to the project in use.
    const listed = JSON.parse((await runCli(['list', '--json'], sandbox)).stdout) as {
      results: Array<{ id: string }>;
    };
    expect(listed.results.map((c) => c.id)).toEqual([crawl]);
  });

  it('uses a project by ID, refuses an unknown one, and explains a stale choice', async () => {
    const account = await signUp();
    await login(account);
    const docs = await account.owner.projects.create('docs');
    expect((await runCli(['projects', 'use', docs.id, '--json'], sandbox)).code).toBe(0);
    expect(savedLogin().projectId).toBe(docs.id);

    const unknown = await runCli(['projects', 'use', 'nope'], sandbox);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe('error: No project "nope" in this team (its projects: default, docs)\n');

    await account.owner.projects.delete(docs.id);
    const stale = await runCli(['list'], sandbox);
    expect(stale.code).toBe(1);
    expect(stale.stderr).toBe(
      `error: Project ${docs.id} (from ${sandbox.loginFile}) not found in this token's team: choose one with \`trawl projects use\`\n`,
    );
  });

  it('keeps the choice without a login, beside a token from elsewhere', async () => {
    const account = await signUp();
    const { token } = await account.owner.tokens.create({ name: 'env' });
    const docs = await account.owner.projects.create('docs');
    const env = { TRAWL_API_TOKEN: token };
    const use = await trawl(['projects', 'use', 'docs'], env);
    expect(use.code).toBe(0);
    expect(savedLogin()).toEqual({ projectId: docs.id });
    const crawl = crawlIdFrom(await trawl(['crawl', 'http://127.0.0.1:9/'], env));
    expect((await account.owner.crawls.get(crawl)).projectId).toBe(docs.id);
  });
});
