// Runs the built `trawl` as a child process in a sandbox: its own HOME, XDG_CONFIG_HOME and working
// directory, and an environment with nothing of the developer's (no TRAWL_* variables, no config).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CLI = fileURLToPath(new URL('../dist/index.js', import.meta.url));

if (!existsSync(CLI))
  throw new Error(`${CLI} is missing: run \`npm run build -w @trawl/cli\` before the cli tests`);

export interface Sandbox {
  root: string;
  home: string;
  configHome: string;
  /** The working directory: empty unless a test puts .trawl/credentials.json there. */
  cwd: string;
  /** Where `trawl login` writes under this sandbox's XDG_CONFIG_HOME. */
  loginFile: string;
  env: Record<string, string>;
  /** Writes `./.trawl/credentials.json` in the working directory, as `npm start` does. */
  writeCredentials(content: unknown): string;
  cleanup(): void;
}

export function createSandbox(): Sandbox {
  const root = mkdtempSync(join(tmpdir(), 'trawl-cli-'));
  const home = join(root, 'home');
  const configHome = join(root, 'config');
  const cwd = join(root, 'work');
  for (const dir of [home, configHome, cwd]) mkdirSync(dir);
  return {
    root,
    home,
    configHome,
    cwd,
    loginFile: join(configHome, 'trawl', 'config.json'),
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, XDG_CONFIG_HOME: configHome, TZ: 'UTC' },
    writeCredentials(content) {
      const file = join(cwd, '.trawl', 'credentials.json');
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
      return file;
    },
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  /** Added to (or, as undefined, removed from) the sandbox environment. */
  env?: Record<string, string | undefined>;
  cwd?: string;
}

function envFor(sandbox: Sandbox, extra: RunOptions['env'] = {}): Record<string, string> {
  const env: Record<string, string | undefined> = { ...sandbox.env, ...extra };
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/** A running CLI, for tests that talk to it while it runs (Ctrl-C). */
export interface CliProcess {
  child: ChildProcess;
  /** Resolves once stderr has matched. */
  waitForStderr(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Resolves once stdout has matched. */
  waitForStdout(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  done: Promise<CliResult>;
}

export function startCli(args: string[], sandbox: Sandbox, options: RunOptions = {}): CliProcess {
  const child = spawn(process.execPath, [CLI, ...args], {
    cwd: options.cwd ?? sandbox.cwd,
    env: envFor(sandbox, options.env),
    stdio: 'pipe',
  });
  let stdout = '';
  let stderr = '';
  const watchers = new Set<() => void>();
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    for (const check of watchers) check();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    for (const check of watchers) check();
  });
  const done = new Promise<CliResult>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  const kill = setTimeout(() => child.kill('SIGKILL'), 25_000);
  void done.finally(() => clearTimeout(kill));
  return {
    child,
    done,
    waitForStderr: (pattern, timeoutMs) => waitFor('stderr', () => stderr, pattern, timeoutMs),
    waitForStdout: (pattern, timeoutMs) => waitFor('stdout', () => stdout, pattern, timeoutMs),
  };

  function waitFor(
    name: string,
    text: () => string,
    pattern: RegExp,
    timeoutMs = 10_000,
  ): Promise<RegExpMatchArray> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${name} never matched ${pattern}: ${text()}`)),
        timeoutMs,
      );
      const check = (): void => {
        const match = text().match(pattern);
        if (!match) return;
        clearTimeout(timer);
        watchers.delete(check);
        resolve(match);
      };
      watchers.add(check);
      check();
    });
  }
}

/** Runs `trawl <args>` to completion. */
export function runCli(args: string[], sandbox: Sandbox, options: RunOptions = {}): Promise<CliResult> {
  return startCli(args, sandbox, options).done;
}

/** An address where nothing listens: a port the system just handed out and took back. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** The crawl ID `trawl crawl` printed: stdout is the ID alone. */
export function crawlIdFrom(result: CliResult): string {
  const id = result.stdout.trim();
  if (!/^[0-9a-f-]{36}$/.test(id))
    throw new Error(`No crawl ID in stdout ${JSON.stringify(result.stdout)}; stderr ${result.stderr}`);
  return id;
}

export interface TerminalOptions extends RunOptions {
  /** Keys to type once the output matches `when`, such as "\u0003" (Ctrl-C). */
  type?: { when: RegExp; keys: string };
}

/**
 * Runs `trawl <args>` on a pseudo-terminal (util-linux `script`), as a person at a terminal would,
 * with a 100x30 window. The output is what the terminal received, stdout and stderr together.
 */
export async function runInTerminal(
  args: string[],
  sandbox: Sandbox,
  options: TerminalOptions = {},
): Promise<{ code: number | null; output: string }> {
  const quote = (arg: string): string => `'${arg.replaceAll("'", `'\\''`)}'`;
  const command = `stty cols 100 rows 30; exec ${quote(process.execPath)} ${[CLI, ...args].map(quote).join(' ')}`;
  const child = spawn('script', ['-qefc', command, '/dev/null'], {
    cwd: options.cwd ?? sandbox.cwd,
    env: envFor(sandbox, { TERM: 'xterm-256color', ...options.env }),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  let typed = false;
  const onData = (chunk: Buffer): void => {
    output += chunk.toString();
    if (options.type && !typed && options.type.when.test(output)) {
      typed = true;
      child.stdin.write(options.type.keys);
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const kill = setTimeout(() => child.kill('SIGKILL'), 25_000);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  clearTimeout(kill);
  return { code, output };
}
