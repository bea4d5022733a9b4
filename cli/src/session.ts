// One run of `trawl`: its output mode, its streams, and the API client, created on first use so
// commands that need no server (logout, help) never resolve credentials.
import { createTrawlClient, type TrawlClient } from '@trawl/sdk';
import type { Command } from 'commander';
import {
  NO_TOKEN_MESSAGE,
  resolveApiConfig,
  type ApiConfig,
  type ConfigFlags,
  type Environment,
} from './config.js';
import { CliError, type ErrorContext } from './errors.js';
import { createPaint, type Paint } from './colors.js';

/** The program's global options. */
export interface GlobalOptions extends ConfigFlags {
  json?: boolean;
}

export interface Session {
  readonly environment: Environment;
  readonly stdout: NodeJS.WriteStream;
  readonly stderr: NodeJS.WriteStream;
  /** `--json`: machine-readable output only, on stdout. */
  readonly json: boolean;
  /** Spinners and live views: a terminal on both streams and no `--json`. */
  readonly interactive: boolean;
  /** Colours for stdout and stderr; off for `--json`, pipes and NO_COLOR. */
  readonly paint: Paint;
  readonly paintErr: Paint;
  /** Whether stderr gets colours, for views that colour themselves. */
  readonly stderrColor: boolean;
  /** What error messages may name: the crawl at hand, the token's source. */
  readonly errorContext: ErrorContext;
  readonly flags: ConfigFlags;
  /** The API address, token and project, resolved once. */
  config(): ApiConfig;
  /** The SDK client, created once; fails when no token is configured. */
  client(): TrawlClient;
  /** Writes a line to stdout. */
  print(line?: string): void;
  /** Writes a line to stderr, unless `--json` keeps stderr for errors. */
  note(line: string): void;
}

export interface SessionStreams {
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
}

export function createSession(
  environment: Environment,
  options: GlobalOptions,
  errorContext: ErrorContext,
  streams: SessionStreams,
): Session {
  const json = options.json === true;
  const stdoutTty = Boolean(streams.stdout.isTTY);
  const stderrTty = Boolean(streams.stderr.isTTY);
  const flags: ConfigFlags = { apiUrl: options.apiUrl, token: options.token, project: options.project };
  const stderrColor = !json && stderrTty && stdoutTty && !environment.noColor;
  let config: ApiConfig | undefined;
  let client: TrawlClient | undefined;

  const session: Session = {
    environment,
    ...streams,
    json,
    // A terminal reporting no width (some CI ptys) cannot hold a live view: ink would wrap every character.
    interactive: !json && stdoutTty && stderrTty && Boolean(streams.stderr.columns),
    paint: createPaint(!json && stdoutTty && !environment.noColor),
    paintErr: createPaint(stderrColor),
    stderrColor,
    errorContext,
    flags,
    config() {
      config ??= resolveApiConfig(flags, environment);
      return config;
    },
    client() {
      if (client) return client;
      const { apiUrl, token, projectId } = session.config();
      if (!token) throw new CliError(NO_TOKEN_MESSAGE, { code: 'no_token' });
      Object.assign(errorContext, {
        apiUrl: apiUrl.value,
        tokenSource: token.source,
        projectId: projectId?.value,
        projectSource: projectId?.source,
      });
      client = createTrawlClient({ baseUrl: apiUrl.value, token: token.value, projectId: projectId?.value });
      return client;
    },
    print(line = '') {
      streams.stdout.write(`${line}\n`);
    },
    note(line) {
      if (!json) streams.stderr.write(`${line}\n`);
    },
  };
  return session;
}

/** Builds the session for the command being run, from its options and the program's global ones. */
export type SessionFactory = (command: Command) => Session;
