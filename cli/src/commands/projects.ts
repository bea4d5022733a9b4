// `trawl projects list | create | use`: the team's projects, and the one later commands work in (sent
// as `x-project-id`: new crawls go there and lists are narrowed to it).
import type { Project } from '@trawl/sdk';
import type { Command } from 'commander';
import { readCredentialsFile } from '../config.js';
import { CliError } from '../errors.js';
import { saveLogin } from '../login-file.js';
import { formatDate, formatTable, toJson } from '../output.js';
import type { Session, SessionFactory } from '../session.js';
import { withSpinner } from '../ui/spinner.js';

const EXAMPLES = `
The project in use is, first match wins: --project, TRAWL_PROJECT_ID, the one \`trawl projects use\` saved
in the login file; else the server picks the team's first project.

Examples:
  $ trawl projects list
  $ trawl projects create docs
  $ trawl projects use docs
  $ trawl crawl https://docs.example.com --project 0193a1e2-7b7c-7cc0-8f5e-1a2b3c4d5e6f`;

/** Where the server sends crawls when no project is chosen. */
const SERVER_DEFAULT = "the team's first project";

export function registerProjects(program: Command, sessionFor: SessionFactory): void {
  const projects = program
    .command('projects')
    .description('list, create and choose projects')
    .addHelpText('after', EXAMPLES);
  projects
    .command('list')
    .description("list the team's projects, marking the one in use with *")
    .action((_options: unknown, command: Command) => listProjects(sessionFor(command)));
  projects
    .command('create')
    .description('create a project (its name is trimmed and lowercased)')
    .argument('<title>', 'the project name')
    .action((title: string, _options: unknown, command: Command) =>
      createProject(sessionFor(command), title),
    );
  projects
    .command('use')
    .description('choose the project later commands work in, saved in the login file')
    .argument('<project>', 'a project ID or name, from `trawl projects list`')
    .action((project: string, _options: unknown, command: Command) =>
      useProject(sessionFor(command), project),
    );
}

/** The project commands send, or undefined when the server's default applies. */
function chosenProjectId(session: Session): string | undefined {
  return session.config().projectId?.value;
}

async function listProjects(session: Session): Promise<void> {
  session.errorContext.commandName = 'projects list';
  const client = session.client();
  const projects = await withSpinner(session, 'Listing projects', () => client.projects.list());
  const chosen = chosenProjectId(session);
  const inUse = chosen ?? projects[0]?.id;
  if (session.json) return session.print(toJson(projects.map((p) => ({ ...p, inUse: p.id === inUse }))));
  if (projects.length === 0) return session.print('No projects.');

  const rows = projects.map((p) => [p.id, p.title, formatDate(p.createdAt)]);
  const columns = [{ header: 'ID' }, { header: 'TITLE', shrink: true }, { header: 'CREATED' }];
  // Two columns go to the marker, narrower than the table's own gap.
  const maxWidth = session.stdout.isTTY ? session.stdout.columns - 2 : undefined;
  const [header = '', ...lines] = formatTable(columns, rows, { maxWidth, paint: session.paint });
  session.print(`  ${header}`);
  lines.forEach((line, i) =>
    session.print(`${projects[i]!.id === inUse ? session.paint('green', '*') : ' '} ${line}`),
  );
  const source = session.config().projectId?.source;
  session.print('');
  session.print(
    chosen
      ? `* in use (from ${source})`
      : `* in use: ${SERVER_DEFAULT}, as none is chosen (trawl projects use <id|name>)`,
  );
  if (chosen && !projects.some((p) => p.id === chosen))
    session.note(
      `Project ${chosen} (from ${source}) is not one of these: choose another with \`trawl projects use\``,
    );
}

async function createProject(session: Session, title: string): Promise<void> {
  session.errorContext.commandName = 'projects create';
  const client = session.client();
  const project = await withSpinner(session, 'Creating the project', () => client.projects.create(title));
  if (session.json) return session.print(toJson(project));
  session.print(`Project created successfully: ${project.title} (${project.id})`);
  session.note(`Work in it with: trawl projects use ${project.title}`);
}

async function useProject(session: Session, wanted: string): Promise<void> {
  session.errorContext.commandName = 'projects use';
  const client = session.client();
  const projects = await withSpinner(session, 'Finding the project', () => client.projects.list());
  const project = findProject(projects, wanted);
  const file = session.environment.loginFile;
  // Kept beside the saved token, which stays as it is; without a login the file holds just the project.
  const saved = readCredentialsFile(file);
  await saveLogin(file, {
    apiUrl: saved?.apiUrl,
    token: saved?.token,
    tokenId: saved?.tokenId,
    projectId: project.id,
  });

  if (session.json) return session.print(toJson({ project, configFile: file }));
  session.print(`Now using project ${project.title} (${project.id}). Saved to ${file}`);
  const override = session.flags.project?.trim()
    ? '--project'
    : session.environment.projectId
      ? 'TRAWL_PROJECT_ID'
      : undefined;
  if (override) session.note(`${override} is set, so commands given it keep using that project.`);
}

function findProject(projects: Project[], wanted: string): Project {
  const key = wanted.trim();
  const found = projects.find((p) => p.id === key) ?? projects.find((p) => p.title === key.toLowerCase());
  if (!found) {
    const names = projects.map((p) => p.title).join(', ');
    throw new CliError(`No project "${key}" in this team${names ? ` (its projects: ${names})` : ''}`, {
      code: 'not_found',
    });
  }
  return found;
}
