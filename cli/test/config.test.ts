// Where `trawl` finds its API address and token, `trawl login` / `trawl logout`, and broken config files.
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { startTestServer, type TestServer } from '@trawl/api/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closedPortUrl, createSandbox, runCli, type CliResult, type Sandbox } from './cli.js';

let server: TestServer;
let sandbox: Sandbox;
let closedUrl: string;
const BOGUS = {
  flag: 'trawl_bogus_from_the_flag_xxxxxxxxxxxxxx',
  env: 'trawl_bogus_from_the_env_xxxxxxxxxxxxxxx',
  login: 'trawl_bogus_from_the_login_xxxxxxxxxxxxx',
};

beforeAll(async () => {
  server = await startTestServer();
  closedUrl = await closedPortUrl();
});
afterAll(() => server?.close());
beforeEach(() => {
  sandbox = createSandbox();
});
afterEach(() => sandbox.cleanup());

/** `trawl list --json` as the probe: it succeeds only with a valid token at a reachable address. */
const list = (
  args: string[] = [],
  env: Record<string, string | undefined> = {},
  cwd?: string,
): Promise<CliResult> => runCli(['list', '--json', ...args], sandbox, { env, ...(cwd ? { cwd } : {}) });

function expectListed(run: CliResult): void {
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  expect(JSON.parse(run.stdout)).toMatchObject({ page: 0, results: [] });
}

function expectRejected(run: CliResult, source: string): void {
  expect(run.code).toBe(1);
  expect(run.stdout).toBe('');
  expect(JSON.parse(run.stderr).error).toMatchObject({ code: 'unauthorized' });
  expect(JSON.parse(run.stderr).error.message).toContain(`rejected the API token from ${source}`);
}

function writeLogin(content: string): void {
  mkdirSync(dirname(sandbox.loginFile), { recursive: true });
  writeFileSync(sandbox.loginFile, content);
}

describe('precedence: flag, then environment, then login, then ./.trawl/credentials.json, then the default', () => {
  it('applies each source in order, for the token and the address alike', async () => {
    const credentialsFile = sandbox.writeCredentials({ apiUrl: server.url, token: server.token });
    // Only the server's credentials file: both address and token come from it.
    expectListed(await list());

    // A login beats the credentials file (its bogus token is the one rejected).
    writeLogin(JSON.stringify({ apiUrl: server.url, token: BOGUS.login }));
    expectRejected(await list(), sandbox.loginFile);

    // The environment beats the login.
    expectListed(await list([], { TRAWL_API_TOKEN: server.token }));
    expectRejected(await list([], { TRAWL_API_TOKEN: BOGUS.env }), 'TRAWL_API_TOKEN');

    // A flag beats the environment.
    expectListed(await list(['--token', server.token], { TRAWL_API_TOKEN: BOGUS.env }));
    expectRejected(await list(['--token', BOGUS.flag], { TRAWL_API_TOKEN: server.token }), '--token');

    // The address: environment beats the files, and the flag beats the environment.
    const unreachable = await list([], { TRAWL_API_URL: closedUrl, TRAWL_API_TOKEN: server.token });
    expect(unreachable.code).toBe(1);
    expect(JSON.parse(unreachable.stderr).error.message).toContain(
      `Could not reach the Trawl API at ${closedUrl}`,
    );
    expectListed(
      await list(['--api-url', server.url], { TRAWL_API_URL: closedUrl, TRAWL_API_TOKEN: server.token }),
    );
    expect(credentialsFile).toBe(join(sandbox.cwd, '.trawl', 'credentials.json'));
  });

  it('reads ./.trawl/credentials.json relative to the working directory only', async () => {
    sandbox.writeCredentials({ apiUrl: server.url, token: server.token });
    const elsewhere = join(sandbox.root, 'elsewhere');
    mkdirSync(elsewhere);
    const run = await runCli(['list'], sandbox, { cwd: elsewhere });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'error: No API token: run `trawl login --token <token>`, set TRAWL_API_TOKEN, or run inside a folder where `npm start` created .trawl/credentials.json\n',
    );
  });

  it('falls back to http://localhost:3000 when nothing names an address', async () => {
    const run = await runCli(['list'], sandbox, { env: { TRAWL_API_TOKEN: BOGUS.env } });
    expect(run.code).toBe(1);
    // Whether or not something listens there, the message names the address it used.
    expect(run.stderr).toContain('http://localhost:3000');
  });

  it('refuses an address that is not http(s), naming where it came from', async () => {
    const run = await runCli(['list', '--api-url', 'localhost:3000', '--token', server.token], sandbox);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'error: Invalid API URL "localhost:3000" (from --api-url): expected an http(s) address such as http://localhost:3000\n',
    );
  });
});

describe('trawl login and trawl logout', () => {
  it('verifies the token, saves it with the address (folder 0700, file 0600), and later commands use it', async () => {
    const login = await runCli(['login', '--token', server.token, '--api-url', server.url], sandbox);
    expect(login.stderr).toBe('');
    expect(login.code).toBe(0);
    expect(login.stdout).toBe(
      `Logged in to ${server.url} (0 crawls so far). Saved to ${sandbox.loginFile}\n`,
    );
    expect(JSON.parse(readFileSync(sandbox.loginFile, 'utf8'))).toEqual({
      apiUrl: server.url,
      token: server.token,
    });
    expect(statSync(sandbox.loginFile).mode & 0o777).toBe(0o600);
    expect(statSync(dirname(sandbox.loginFile)).mode & 0o777).toBe(0o700);

    expectListed(await list());

    const logout = await runCli(['logout'], sandbox);
    expect(logout.code).toBe(0);
    expect(logout.stdout).toBe(`Logged out: removed ${sandbox.loginFile}\n`);
    expect(() => statSync(sandbox.loginFile)).toThrow();
    const after = await runCli(['list'], sandbox);
    expect(after.code).toBe(1);
    expect(after.stderr).toContain('No API token: run `trawl login --token <token>`');

    const again = await runCli(['logout'], sandbox);
    expect(again.code).toBe(0);
    expect(again.stdout).toBe(`Not logged in: there is no ${sandbox.loginFile}\n`);
  });

  it('writes to ~/.config/trawl/config.json without XDG_CONFIG_HOME', async () => {
    const login = await runCli(
      ['login', '--token', server.token, '--api-url', server.url, '--json'],
      sandbox,
      { env: { XDG_CONFIG_HOME: undefined } },
    );
    expect(login.code).toBe(0);
    const file = join(sandbox.home, '.config', 'trawl', 'config.json');
    expect(JSON.parse(login.stdout)).toEqual({ apiUrl: server.url, configFile: file });
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('refuses a token the API rejects and saves nothing', async () => {
    const login = await runCli(['login', '--token', BOGUS.flag, '--api-url', server.url], sandbox);
    expect(login.code).toBe(1);
    expect(login.stderr).toBe(
      `error: The Trawl API at ${server.url} rejected the API token from --token (Invalid or revoked API token)\n`,
    );
    expect(() => statSync(sandbox.loginFile)).toThrow();
  });

  it('needs --token', async () => {
    const login = await runCli(['login'], sandbox);
    expect(login.code).toBe(2);
    expect(login.stderr).toContain('trawl login needs --token <token>');
  });

  it('replaces a broken login file', async () => {
    writeLogin('{ not json');
    const login = await runCli(['login', '--token', server.token, '--api-url', server.url], sandbox);
    expect(login.code).toBe(0);
    expectListed(await list());
  });
});

describe('broken config files', () => {
  it('names a login file that is not JSON instead of crashing', async () => {
    writeLogin('{ "apiUrl": ');
    const run = await runCli(['list'], sandbox);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      new RegExp(
        `^error: Invalid config file ${sandbox.loginFile}: not valid JSON \\(.+\\)\\. Fix or delete it\\n$`,
      ),
    );
    expect(run.stderr).not.toContain('    at ');
  });

  it('names a login file of the wrong shape, also under --json', async () => {
    writeLogin(JSON.stringify({ apiUrl: server.url, token: 42 }));
    const run = await runCli(['list', '--json'], sandbox);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stderr)).toEqual({
      error: {
        code: 'config_error',
        message: `Invalid config file ${sandbox.loginFile}: "token" must be a non-empty string. Fix or delete it`,
        details: [],
      },
    });
  });

  it('names a broken ./.trawl/credentials.json', async () => {
    const file = sandbox.writeCredentials('[]');
    const run = await runCli(['list'], sandbox);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`error: Invalid config file ${file}: expected an object`);
  });

  it('does not read files that flags make unnecessary', async () => {
    writeLogin('garbage');
    expectListed(await list(['--api-url', server.url, '--token', server.token]));
  });
});
