// `trawl logout`: forgets the token `trawl login` saved.
import type { Command } from 'commander';
import { removeLogin } from '../login-file.js';
import { toJson } from '../output.js';
import type { Session, SessionFactory } from '../session.js';

export function registerLogout(program: Command, sessionFor: SessionFactory): void {
  program
    .command('logout')
    .description('forget the token `trawl login` saved')
    .action((_options: unknown, command: Command) => logout(sessionFor(command)));
}

async function logout(session: Session): Promise<void> {
  const file = session.environment.loginFile;
  const removed = await removeLogin(file);
  if (session.json) return session.print(toJson({ removed, configFile: file }));
  session.print(removed ? `Logged out: removed ${file}` : `Not logged in: there is no ${file}`);
  // Other sources still supply a token; say so rather than let the user think they are signed out.
  if (session.environment.token) session.note('TRAWL_API_TOKEN is still set, so commands keep using that token.');
}
