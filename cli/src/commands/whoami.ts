// `trawl whoami`: what the configured credentials are: the server, the user behind the token, its team,
// the project commands work in, and the token itself (by prefix, never in full).
import { TrawlApiError, type ApiToken, type Project, type TrawlClient, type User } from '@trawl/sdk';
import type { Command } from 'commander';
import { toJson } from '../output.js';
import type { Session, SessionFactory } from '../session.js';
import { withSpinner } from '../ui/spinner.js';

export function registerWhoami(program: Command, sessionFor: SessionFactory): void {
  program
    .command('whoami')
    .description('show the server, user, team, project and token in use')
    .addHelpText('after', '\nExamples:\n  $ trawl whoami\n  $ trawl whoami --json | jq -r .user.email')
    .action((_options: unknown, command: Command) => whoami(sessionFor(command)));
}

/** Everything `trawl whoami` reports. Parts the token cannot see are null. */
interface Identity {
  apiUrl: { value: string; source: string };
  user: Pick<User, 'id' | 'email' | 'firstName' | 'lastName' | 'roles'> | null;
  team: { id: string; name: string } | null;
  /** Units used this billing period (one per stored crawl result), of `max` (null: unlimited). */
  usage: { used: number; max: number | null; periodStart: string } | null;
  project: (Pick<Project, 'id' | 'title'> & { source: string }) | null;
  token: (Partial<Pick<ApiToken, 'id' | 'name' | 'projectId'>> & { prefix: string; source: string }) | null;
}

async function whoami(session: Session): Promise<void> {
  const client = session.client();
  const config = session.config();
  const token = config.token!;
  const [user, projects, tokens] = await withSpinner(session, `Asking ${config.apiUrl.value}`, () =>
    Promise.all([
      // A token made without a user (none are, today, but the API allows it) has no /auth/me.
      client.auth.me().catch(ifStatus(404, null)),
      client.projects.list(),
      // Only to name the token: a refusal is no reason to fail.
      client.tokens.list().catch(ifStatus(403, [] as ApiToken[])),
    ]),
  );
  const ownToken = tokens.find((t) => token.value.startsWith(t.prefix));
  const inUse = config.projectId ? projects.find((p) => p.id === config.projectId!.value) : projects[0];
  const identity: Identity = {
    apiUrl: config.apiUrl,
    user: user && {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      roles: user.roles,
    },
    ...(await teamAndUsage(client, user)),
    project: inUse
      ? { id: inUse.id, title: inUse.title, source: config.projectId?.source ?? "the team's first project" }
      : null,
    token: {
      ...(ownToken ? { id: ownToken.id, name: ownToken.name, projectId: ownToken.projectId } : {}),
      prefix: ownToken?.prefix ?? `${token.value.slice(0, 12)}`,
      source: token.source,
    },
  };
  if (session.json) return session.print(toJson(identity));

  const rows: Array<[string, string]> = [
    ['API URL', `${identity.apiUrl.value}  (from ${identity.apiUrl.source})`],
    [
      'User',
      identity.user
        ? `${identity.user.email} (${identity.user.firstName} ${identity.user.lastName})${identity.user.roles.includes('trawlAdmin') ? ', admin' : ''}`
        : '-',
    ],
    ['Team', identity.team ? `${identity.team.name}  ${identity.team.id}` : '-'],
    ['Usage', identity.usage ? describeUsage(identity.usage) : '-'],
    [
      'Project',
      identity.project
        ? `${identity.project.title}  ${identity.project.id}  (${identity.project.source === "the team's first project" ? identity.project.source : `from ${identity.project.source}`})`
        : '-',
    ],
    ['Token', `${identity.token!.prefix}…${ownToken ? `  "${ownToken.name}"` : ''}  (from ${token.source})`],
  ];
  for (const [label, value] of rows) session.print(`${session.paint('bold', label.padEnd(9))} ${value}`);
  if (config.projectId && !inUse)
    session.note(
      `Project ${config.projectId.value} (from ${config.projectId.source}) is not one of this team's projects: see \`trawl projects list\``,
    );
}

/** The team the token belongs to (of the user's teams, the one the token may read; others answer 404), and its usage. */
async function teamAndUsage(
  client: TrawlClient,
  user: User | null,
): Promise<Pick<Identity, 'team' | 'usage'>> {
  for (const team of user?.teams ?? []) {
    const found = await client.teams.get(team.id).catch(ifStatus(404, null));
    if (found)
      return {
        team: { id: found.id, name: found.name },
        usage: { used: found.usageUsed, max: found.maxUsage, periodStart: found.usagePeriodStart },
      };
  }
  return { team: null, usage: null };
}

function describeUsage(usage: NonNullable<Identity['usage']>): string {
  const since = `this billing period (since ${usage.periodStart.slice(0, 10)})`;
  if (usage.max === null) return `${usage.used} units ${since}, unlimited`;
  const percent = usage.max > 0 ? Math.floor((usage.used / usage.max) * 100) : 100;
  return `${usage.used} of ${usage.max} units ${since}, ${percent}%${usage.used >= usage.max ? ' (usage full: new crawls are refused)' : ''}`;
}

/** A `.catch` handler that turns an API error of one status into a value and rethrows anything else. */
function ifStatus<T>(status: number, value: T): (err: unknown) => T {
  return (err: unknown) => {
    if (err instanceof TrawlApiError && err.status === status) return value;
    throw err;
  };
}
