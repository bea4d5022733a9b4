// `trawl login`: with --email and --password, signs in, creates an API token for this machine and saves
// it; with --token, checks an existing API token and saves it. Either way later commands use the token.
import { hostname } from 'node:os';
import { createTrawlClient, TrawlApiError, type TrawlClient } from '@trawl/sdk';
import type { Command } from 'commander';
import { readCredentialsFile, resolveApiConfig, type StoredCredentials } from '../config.js';
import { CliError, usageError } from '../errors.js';
import { saveLogin } from '../login-file.js';
import { toJson } from '../output.js';
import { ask, askHidden, canPrompt, type PromptStreams } from '../prompt.js';
import type { Session, SessionFactory } from '../session.js';
import { withSpinner } from '../ui/spinner.js';

interface LoginOptions {
  email?: string;
  password?: string;
}

const EXAMPLES = `
With --email, signs in, creates an API token named "trawl CLI on <this host>" and signs out again; the
token is saved, and \`trawl logout\` revokes it. On a terminal, what is missing is asked for (the password
hidden). With the global --token, checks that token and saves it instead.
Without --api-url the server is TRAWL_API_URL, else the one in ./.trawl/credentials.json, else
http://localhost:3000. The file is written with mode 0600.

Examples:
  $ trawl login --email ada@example.com
  $ trawl login --email ada@example.com --api-url https://trawl.example.com
  $ trawl login --token trawl_abc123
  $ trawl login --token trawl_abc123 --api-url https://trawl.example.com`;

export function registerLogin(program: Command, sessionFor: SessionFactory): void {
  program
    .command('login')
    .description(
      'sign in with email and password (or check an API token) and save a token for later commands',
    )
    .option('--email <email>', 'the account to sign in with; asked for on a terminal')
    .option(
      '--password <password>',
      'its password; asked for (hidden) on a terminal, which keeps it out of the shell history',
    )
    .addHelpText('after', EXAMPLES)
    .action((options: LoginOptions, command: Command) => login(sessionFor(command), options));
}

async function login(session: Session, options: LoginOptions): Promise<void> {
  const token = session.flags.token?.trim();
  if (token && (options.email !== undefined || options.password !== undefined))
    throw usageError('Use either --token or --email and --password, not both');
  if (token) return loginWithToken(session, token);
  const prompts: PromptStreams = { stdin: process.stdin, stderr: session.stderr };
  if (options.email === undefined && options.password === undefined && !canPrompt(prompts)) {
    throw usageError(
      'trawl login needs --token <token> (the one `npm start` printed, or one from the console), or --email <email> and --password <password>',
    );
  }
  return loginWithPassword(session, options, prompts);
}

/** The server to log in to: the login file is about to be replaced, so it is no source for the address (even when broken). */
function loginApiUrl(session: Session): string {
  const { apiUrl } = resolveApiConfig({ apiUrl: session.flags.apiUrl }, session.environment, {
    skipLoginFile: true,
  });
  session.errorContext.apiUrl = apiUrl.value;
  return apiUrl.value;
}

async function loginWithToken(session: Session, token: string): Promise<void> {
  const apiUrl = loginApiUrl(session);
  session.errorContext.tokenSource = '--token';
  const client = createTrawlClient({ baseUrl: apiUrl, token });
  const page = await withSpinner(session, `Checking the token with ${apiUrl}`, () =>
    client.crawls.list({ limit: 1 }),
  );
  const file = session.environment.loginFile;
  await saveLogin(file, { apiUrl, token, projectId: session.flags.project?.trim() || undefined });

  if (session.json) return session.print(toJson({ apiUrl, configFile: file }));
  session.print(
    `Logged in to ${apiUrl} (${page.totalResults} crawl${page.totalResults === 1 ? '' : 's'} so far). Saved to ${file}`,
  );
}

async function loginWithPassword(
  session: Session,
  options: LoginOptions,
  prompts: PromptStreams,
): Promise<void> {
  const apiUrl = loginApiUrl(session);
  const missing = (flag: string): CliError =>
    usageError(`trawl login needs ${flag} when stdin is not a terminal to type it in`);
  let email = options.email?.trim();
  if (!email) {
    if (!canPrompt(prompts)) throw missing('--email <email>');
    email = await ask(prompts, `Email for ${apiUrl}: `);
  }
  let password = options.password;
  if (password === undefined) {
    if (!canPrompt(prompts)) throw missing('--password <password>');
    password = await askHidden(prompts, 'Password: ');
  }

  // No token: the client keeps the session cookies in memory, for this run only.
  const client = createTrawlClient({ baseUrl: apiUrl, session: 'memory' });
  const user = await withSpinner(session, `Signing in to ${apiUrl}`, () =>
    client.auth.login({ email, password }).catch(asLoginFailure),
  );
  const file = session.environment.loginFile;
  const previous = readPreviousLogin(file);
  try {
    const created = await client.tokens.create({ name: `trawl CLI on ${hostname()}` });
    try {
      await saveLogin(file, {
        apiUrl,
        token: created.token,
        tokenId: created.id,
        projectId: session.flags.project?.trim() || undefined,
      });
    } catch (err: unknown) {
      // Unsaved, the new token would be a live credential no one knows about.
      await client.tokens.revoke(created.id).catch(() => undefined);
      throw err;
    }
    // A token an earlier `trawl login --email` made here is replaced: revoke it (best effort; another team's answers 404).
    if (previous?.tokenId && previous.apiUrl === apiUrl && previous.token !== created.token)
      await client.tokens.revoke(previous.tokenId).catch(() => undefined);

    const token = { id: created.id, name: created.name, prefix: created.prefix };
    if (session.json)
      return session.print(
        toJson({ apiUrl, configFile: file, user: { id: user.id, email: user.email }, token }),
      );
    session.print(
      `Logged in to ${apiUrl} as ${user.email} with a new API token ${created.prefix}… ("${created.name}"). Saved to ${file}`,
    );
  } finally {
    await signOut(client);
  }
}

/** A wrong email or password is the server's own message ('Invalid email or password'), not a token problem. */
function asLoginFailure(err: unknown): never {
  if (err instanceof TrawlApiError && err.status === 401)
    throw new CliError(err.message, { code: err.code, cause: err });
  throw err;
}

/** The session was only needed to create the token; its end is best effort, as the token is saved already. */
async function signOut(client: TrawlClient): Promise<void> {
  await client.auth.logout().catch(() => undefined);
}

/** The login being replaced, if any and readable: a broken file is simply overwritten. */
function readPreviousLogin(file: string): StoredCredentials | undefined {
  try {
    return readCredentialsFile(file);
  } catch {
    return undefined;
  }
}
