// `trawl tokens create | list | revoke`: the team's API tokens. A new token is printed once; lists show
// prefixes only, as the server never returns a token again.
import { hostname } from 'node:os';
import type { Command } from 'commander';
import { formatDate, formatTable, toJson } from '../output.js';
import type { Session, SessionFactory } from '../session.js';
import { withSpinner } from '../ui/spinner.js';

const EXAMPLES = `
Examples:
  $ trawl tokens create --name ci
  $ trawl tokens create --name docs-bot --project 0193a1e2-7b7c-7cc0-8f5e-1a2b3c4d5e6f
  $ TRAWL_API_TOKEN=$(trawl tokens create --name ci)
  $ trawl tokens list
  $ trawl tokens revoke 0193a1e2-7b7c-7cc0-8f5e-1a2b3c4d5e6f`;

export function registerTokens(program: Command, sessionFor: SessionFactory): void {
  const tokens = program
    .command('tokens')
    .description('create, list and revoke API tokens')
    .addHelpText('after', EXAMPLES);
  tokens
    .command('create')
    .description(
      'create an API token and print it (shown this once); with the global --project, it reaches only that project',
    )
    .option('--name <name>', 'what the token is for', `trawl CLI on ${hostname()}`)
    .addHelpText(
      'after',
      '\nExamples:\n  $ trawl tokens create --name ci\n  $ trawl tokens create --name ci --project <project-id> --json',
    )
    .action((options: { name: string }, command: Command) => createToken(sessionFor(command), options));
  tokens
    .command('list')
    .description("list the team's API tokens (prefixes only)")
    .action((_options: unknown, command: Command) => listTokens(sessionFor(command)));
  tokens
    .command('revoke')
    .description('revoke an API token; it stops working at once')
    .argument('<id>', 'the token ID, from `trawl tokens list`')
    .action((id: string, _options: unknown, command: Command) => revokeToken(sessionFor(command), id));
}

async function createToken(session: Session, options: { name: string }): Promise<void> {
  session.errorContext.commandName = 'tokens create';
  const client = session.client();
  // Only an explicit --project binds the token; the project chosen with `trawl projects use` does not.
  const projectId = session.flags.project?.trim() || undefined;
  const created = await withSpinner(session, 'Creating an API token', () =>
    client.tokens.create({ name: options.name, projectId }),
  );
  if (session.json) return session.print(toJson(created));
  // The token alone on stdout, so `$(trawl tokens create)` captures it.
  session.print(created.token);
  const scope = created.projectId ? `, for project ${created.projectId} only` : '';
  session.note(
    `Created API token "${created.name}" (ID ${created.id}${scope}). Copy it now: it is not shown again.`,
  );
}

async function listTokens(session: Session): Promise<void> {
  session.errorContext.commandName = 'tokens list';
  const client = session.client();
  const [tokens, projects] = await withSpinner(session, 'Listing API tokens', () =>
    Promise.all([client.tokens.list(), client.projects.list()]),
  );
  if (session.json) return session.print(toJson(tokens));
  if (tokens.length === 0) return session.print('No API tokens.');
  const titles = new Map(projects.map((p) => [p.id, p.title]));
  const rows = tokens.map((t) => [
    t.id,
    t.name,
    `${t.prefix}…`,
    t.projectId ? (titles.get(t.projectId) ?? t.projectId) : 'all',
    formatDate(t.lastUsedAt),
    formatDate(t.createdAt),
  ]);
  const columns = [
    { header: 'ID' },
    { header: 'NAME', shrink: true },
    { header: 'PREFIX' },
    { header: 'PROJECT' },
    { header: 'LAST USED' },
    { header: 'CREATED' },
  ];
  const maxWidth = session.stdout.isTTY ? session.stdout.columns : undefined;
  for (const line of formatTable(columns, rows, { maxWidth, paint: session.paint })) session.print(line);
}

async function revokeToken(session: Session, id: string): Promise<void> {
  session.errorContext.commandName = 'tokens revoke';
  const client = session.client();
  await withSpinner(session, `Revoking API token ${id}`, () => client.tokens.revoke(id));
  if (session.json) return session.print(toJson({ id, revoked: true }));
  session.print(`Revoked API token ${id}`);
}
