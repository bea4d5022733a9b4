// The CLI's configuration: the environment is read once here (nowhere else touches process.env), and
// the API address and token are resolved from flags, environment and files in one documented order.
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { CliError } from './errors.js';

/** Where `trawl` looks when nothing else names a server: the address `npm start` listens on. */
export const DEFAULT_API_URL = 'http://localhost:3000';

export const NO_TOKEN_MESSAGE =
  'No API token: run `trawl login --token <token>`, set TRAWL_API_TOKEN, or run inside a folder where `npm start` created .trawl/credentials.json';

/** What the process was started with, read once. */
export interface Environment {
  /** TRAWL_API_URL, when set and not blank. */
  apiUrl: string | undefined;
  /** TRAWL_API_TOKEN, when set and not blank. */
  token: string | undefined;
  /** TRAWL_PROJECT_ID, when set and not blank. */
  projectId: string | undefined;
  /** The file `trawl login` writes: `$XDG_CONFIG_HOME/trawl/config.json`, else `~/.config/trawl/config.json`. */
  loginFile: string;
  /** The file the server writes on first start, relative to the working directory. */
  credentialsFile: string;
  /** NO_COLOR is set to something (https://no-color.org). */
  noColor: boolean;
}

/** A resolved value and where it came from, as error messages name it. */
export interface Sourced {
  value: string;
  source: string;
}

export interface ApiConfig {
  apiUrl: Sourced;
  token: Sourced | undefined;
  /** The project sent as `x-project-id`; undefined leaves the choice to the server (the team's first project). */
  projectId?: Sourced | undefined;
}

/** Flags that override everything else. */
export interface ConfigFlags {
  apiUrl?: string | undefined;
  token?: string | undefined;
  /** `--project <id>`. */
  project?: string | undefined;
}

const nonBlank = (value: string | undefined): string | undefined =>
  value?.trim() ? value.trim() : undefined;

export function readEnvironment(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Environment {
  // The XDG spec says a relative XDG_CONFIG_HOME is invalid and must be ignored.
  const xdg = nonBlank(env.XDG_CONFIG_HOME);
  const configHome = xdg && isAbsolute(xdg) ? xdg : join(homedir(), '.config');
  return {
    apiUrl: nonBlank(env.TRAWL_API_URL),
    token: nonBlank(env.TRAWL_API_TOKEN),
    projectId: nonBlank(env.TRAWL_PROJECT_ID),
    loginFile: join(configHome, 'trawl', 'config.json'),
    credentialsFile: resolve(cwd, '.trawl', 'credentials.json'),
    noColor: Boolean(env.NO_COLOR),
  };
}

/** What the login file (and ./.trawl/credentials.json) may hold. */
export interface StoredCredentials {
  apiUrl: string | undefined;
  /** Absent only in a login file that holds nothing but a project (`trawl projects use` without a login). */
  token: string | undefined;
  /** Set when `trawl login --email` created the token: `trawl logout` revokes it. */
  tokenId?: string | undefined;
  /** The project `trawl projects use` chose. */
  projectId?: string | undefined;
}

/**
 * Reads a `{ apiUrl, token, tokenId?, projectId? }` file; undefined when it does not exist. Anything else
 * wrong with it is an error naming the file, so a hand-edited config never turns into a stack trace.
 */
export function readCredentialsFile(file: string): StoredCredentials | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err: unknown) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new CliError(`Could not read ${file}: ${(err as Error).message}`, {
      code: 'config_error',
      cause: err,
    });
  }
  const broken = (why: string, cause?: unknown): CliError =>
    new CliError(`Invalid config file ${file}: ${why}. Fix or delete it`, { code: 'config_error', cause });
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err: unknown) {
    throw broken(`not valid JSON (${(err as Error).message})`, err);
  }
  if (!data || typeof data !== 'object' || Array.isArray(data))
    throw broken('expected an object like {"apiUrl": "...", "token": "..."}');
  const { apiUrl, token, tokenId, projectId } = data as Record<string, unknown>;
  for (const [name, value] of Object.entries({ apiUrl, tokenId, projectId })) {
    if (value !== undefined && typeof value !== 'string') throw broken(`"${name}" must be a string`);
  }
  const project = nonBlank(projectId as string | undefined);
  if (token === undefined && !project) throw broken('"token" must be a non-empty string');
  if (token !== undefined && (typeof token !== 'string' || !token.trim()))
    throw broken('"token" must be a non-empty string');
  return {
    apiUrl: nonBlank(apiUrl as string | undefined),
    token: typeof token === 'string' ? token.trim() : undefined,
    tokenId: nonBlank(tokenId as string | undefined),
    projectId: project,
  };
}

/** Checks an API address and drops trailing slashes; an error names where the bad value came from. */
export function checkApiUrl(value: string, source: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new CliError(
      `Invalid API URL "${value}" (from ${source}): expected an http(s) address such as ${DEFAULT_API_URL}`,
      {
        code: 'config_error',
        exitCode: source === '--api-url' ? 2 : 1,
      },
    );
  }
  return value.replace(/\/+$/, '');
}

/** One place settings come from, with the names messages cite for its address, token and project. */
interface Source {
  names: [apiUrl: string, token: string, project: string];
  read: () => Partial<StoredCredentials> | undefined;
}

/**
 * Resolves the API address, token and project, each on its own, from the first source that has it:
 * flags, then TRAWL_API_URL / TRAWL_API_TOKEN / TRAWL_PROJECT_ID, then the `trawl login` file, then
 * `./.trawl/credentials.json`, then (address only) {@link DEFAULT_API_URL}. Files are read only when
 * an earlier source left something open, and a file read only for the project may be broken without
 * failing, so a broken file never blocks explicit flags.
 *
 * @param options.skipLoginFile for `trawl login`, which replaces that file.
 */
export function resolveApiConfig(
  flags: ConfigFlags,
  environment: Environment,
  options: { skipLoginFile?: boolean } = {},
): ApiConfig {
  const fromFile = (file: string): Source => ({
    names: [file, file, file],
    read: () => readCredentialsFile(file),
  });
  const sources: Source[] = [
    {
      names: ['--api-url', '--token', '--project'],
      read: () => ({
        apiUrl: nonBlank(flags.apiUrl),
        token: nonBlank(flags.token),
        projectId: nonBlank(flags.project),
      }),
    },
    {
      names: ['TRAWL_API_URL', 'TRAWL_API_TOKEN', 'TRAWL_PROJECT_ID'],
      read: () => ({
        apiUrl: environment.apiUrl,
        token: environment.token,
        projectId: environment.projectId,
      }),
    },
    ...(options.skipLoginFile ? [] : [fromFile(environment.loginFile)]),
    fromFile(environment.credentialsFile),
  ];
  let apiUrl: Sourced | undefined;
  let token: Sourced | undefined;
  let projectId: Sourced | undefined;
  for (const { names, read } of sources) {
    if (apiUrl && token && projectId) break;
    let found: Partial<StoredCredentials> | undefined;
    try {
      found = read();
    } catch (err: unknown) {
      // Only the project was still open: it is optional, so a broken file does not stop the command.
      if (apiUrl && token) break;
      throw err;
    }
    if (!apiUrl && found?.apiUrl) apiUrl = { value: checkApiUrl(found.apiUrl, names[0]), source: names[0] };
    if (!token && found?.token) token = { value: found.token, source: names[1] };
    if (!projectId && found?.projectId) projectId = { value: found.projectId, source: names[2] };
  }
  return { apiUrl: apiUrl ?? { value: DEFAULT_API_URL, source: 'the default' }, token, projectId };
}
