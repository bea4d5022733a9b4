// The command tree. Commands throw; src/index.ts runs the program and is the only place that prints
// errors and sets the exit code.
import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { registerAbort } from './commands/abort.js';
import { registerCrawl } from './commands/crawl.js';
import { registerDiff } from './commands/diff.js';
import { registerFolders } from './commands/folders.js';
import { registerSchedules } from './commands/schedules.js';
import { registerWebhooks } from './commands/webhooks.js';
import { registerList } from './commands/list.js';
import { registerLogin } from './commands/login.js';
import { registerLogout } from './commands/logout.js';
import { registerProjects } from './commands/projects.js';
import { registerRecrawl } from './commands/recrawl.js';
import { registerResults } from './commands/results.js';
import { registerStatus } from './commands/status.js';
import { registerTail } from './commands/tail.js';
import { registerTokens } from './commands/tokens.js';
import { registerWhoami } from './commands/whoami.js';
import type { Environment } from './config.js';
import type { ErrorContext } from './errors.js';
import { createSession, type GlobalOptions, type SessionStreams } from './session.js';

const HELP_FOOTER = `
Examples:
  $ trawl crawl https://docs.example.com --max-results 50 --wait
  $ trawl tail <id>
  $ trawl results <id> --format md --output docs.md
  $ trawl list --query example.com
  $ trawl recrawl <id> --wait && trawl diff <new id>
  $ trawl login --email ada@example.com --api-url https://trawl.example.com
  $ trawl login --token trawl_abc123 --api-url https://trawl.example.com
  $ trawl whoami
  $ trawl projects use docs
  $ trawl tokens create --name ci

Configuration, first match wins, for each setting on its own:
  --api-url / --token / --project, then TRAWL_API_URL / TRAWL_API_TOKEN / TRAWL_PROJECT_ID, then the file
  \`trawl login\` and \`trawl projects use\` save ($XDG_CONFIG_HOME/trawl/config.json, else
  ~/.config/trawl/config.json), then ./.trawl/credentials.json (written by \`npm start\`), then
  http://localhost:3000 (the project: the team's first).

Exit codes: 0 ok, 1 failure (including a crawl that failed or was aborted under --wait),
2 usage error (unknown command or flag, invalid value), 130 stopped with Ctrl-C.`;

/** The version in package.json, read at run time: one level up from both src/ and dist/. */
function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

export interface ProgramOptions {
  environment: Environment;
  streams: SessionStreams;
  /** Filled in as the command runs, so error messages can name the crawl, token and command. */
  errorContext: ErrorContext;
}

export function createProgram({ environment, streams, errorContext }: ProgramOptions): Command {
  const program = new Command('trawl')
    .description('Trawl from the command line: start crawls, watch them, and export their results.')
    .version(packageVersion(), '-v, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .option('--api-url <url>', 'Trawl API address')
    .option('--token <token>', 'API token')
    .option('--project <id>', 'project to work in, sent as x-project-id (see `trawl projects use`)')
    .option('--json', 'machine-readable output on stdout; errors as JSON on stderr')
    .addHelpText('after', HELP_FOOTER)
    .configureHelp({ showGlobalOptions: true })
    // Errors are thrown, not printed: src/index.ts renders them (as JSON under --json) and exits 2.
    .exitOverride()
    .configureOutput({
      writeOut: (text) => streams.stdout.write(text),
      writeErr: (text) => streams.stderr.write(text),
      outputError: () => undefined,
    })
    .hook('preAction', (_program, action) => {
      errorContext.commandName = action.name();
    });

  const sessionFor = (command: Command) =>
    createSession(environment, command.optsWithGlobals<GlobalOptions>(), errorContext, streams);
  for (const register of [
    registerCrawl,
    registerStatus,
    registerTail,
    registerResults,
    registerList,
    registerAbort,
    registerRecrawl,
    registerDiff,
    registerLogin,
    registerLogout,
    registerWhoami,
    registerTokens,
    registerProjects,
    registerFolders,
    registerSchedules,
    registerWebhooks,
  ]) {
    register(program, sessionFor);
  }
  return program;
}
