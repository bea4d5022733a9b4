// `trawl login --token T`: checks an API token against the server and saves it for later runs.
import { createTrawlClient } from '@trawl/sdk';
import type { Command } from 'commander';
import { resolveApiConfig } from '../config.js';
import { usageError } from '../errors.js';
import { saveLogin } from '../login-file.js';
import { toJson } from '../output.js';
import type { Session, SessionFactory } from '../session.js';
import { withSpinner } from '../ui/spinner.js';

const EXAMPLES = `
Uses the global --token and --api-url. Without --api-url the server is TRAWL_API_URL, else the one
in ./.trawl/credentials.json, else http://localhost:3000. The file is written with mode 0600.

Examples:
  $ trawl login --token trawl_abc123
  $ trawl login --token trawl_abc123 --api-url https://trawl.example.com`;

export function registerLogin(program: Command, sessionFor: SessionFactory): void {
  program
    .command('login')
    .description('check an API token and save it for later commands')
    .addHelpText('after', EXAMPLES)
    .action((_options: unknown, command: Command) => login(sessionFor(command)));
}

async function login(session: Session): Promise<void> {
  const token = session.flags.token?.trim();
  if (!token) throw usageError('trawl login needs --token <token>: the one `npm start` printed, or one from the console');
  // The login file is about to be replaced, so it is no source for the address (even when broken).
  const { apiUrl } = resolveApiConfig({ apiUrl: session.flags.apiUrl }, session.environment, { skipLoginFile: true });
  Object.assign(session.errorContext, { apiUrl: apiUrl.value, tokenSource: '--token' });

  const client = createTrawlClient({ baseUrl: apiUrl.value, token });
  const page = await withSpinner(session, `Checking the token with ${apiUrl.value}`, () => client.crawls.list({ limit: 1 }));
  const file = session.environment.loginFile;
  await saveLogin(file, { apiUrl: apiUrl.value, token });

  if (session.json) return session.print(toJson({ apiUrl: apiUrl.value, configFile: file }));
  session.print(`Logged in to ${apiUrl.value} (${page.totalResults} crawl${page.totalResults === 1 ? '' : 's'} so far). Saved to ${file}`);
}
