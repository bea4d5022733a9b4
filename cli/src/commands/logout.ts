// `trawl logout`: forgets the token `trawl login` saved, first revoking it on the server when
// `trawl login --email` created it.
import { createTrawlClient } from '@trawl/sdk';
import type { Command } from 'commander';
import { readCredentialsFile, type StoredCredentials } from '../config.js';
import { removeLogin } from '../login-file.js';
import { toJson } from '../output.js';
import type { Session, SessionFactory } from '../session.js';

/** A server that does not answer must not keep `trawl logout` waiting long: the file goes anyway. */
const REVOKE_TIMEOUT_MS = 10_000;

export function registerLogout(program: Command, sessionFor: SessionFactory): void {
  program
    .command('logout')
    .description('forget the token `trawl login` saved, revoking it if `trawl login --email` created it')
    .action((_options: unknown, command: Command) => logout(sessionFor(command)));
}

async function logout(session: Session): Promise<void> {
  const file = session.environment.loginFile;
  const revoked = await revokeSavedToken(session, file);
  const removed = await removeLogin(file);
  if (session.json) return session.print(toJson({ removed, revoked, configFile: file }));
  if (revoked) session.print(`Logged out: revoked the API token and removed ${file}`);
  else session.print(removed ? `Logged out: removed ${file}` : `Not logged in: there is no ${file}`);
  // Other sources still supply a token; say so rather than let the user think they are signed out.
  if (session.environment.token)
    session.note('TRAWL_API_TOKEN is still set, so commands keep using that token.');
}

/** Best effort: whether the server revoked the saved token. A failure is reported, never fatal. */
async function revokeSavedToken(session: Session, file: string): Promise<boolean> {
  let saved: StoredCredentials | undefined;
  try {
    saved = readCredentialsFile(file);
  } catch {
    // A broken file holds no token to revoke; removing it is all that is left to do.
    return false;
  }
  if (!saved?.token || !saved.tokenId || !saved.apiUrl) return false;
  const client = createTrawlClient({
    baseUrl: saved.apiUrl,
    token: saved.token,
    timeoutMs: REVOKE_TIMEOUT_MS,
  });
  try {
    await client.tokens.revoke(saved.tokenId);
    return true;
  } catch (err: unknown) {
    const message = err instanceof Error ? err.message : String(err);
    session.note(
      `Could not revoke the saved API token on the server (${message}); revoke it in the console or with \`trawl tokens revoke ${saved.tokenId}\`.`,
    );
    return false;
  }
}
