// What can go wrong, as one line for people and one `{ code, message, details }` object for scripts.
// Commands throw; src/index.ts is the only place that turns an error into output and an exit code.
import { TrawlApiError, TrawlConnectionError, TrawlError, type TrawlErrorDetail } from '@trawl/sdk';
import { CommanderError } from 'commander';

/** Exit codes: 1 for failures, 2 for usage errors (unknown flags or commands, invalid input). */
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;
/** 128 + SIGINT, as shells report an interrupted command. */
export const EXIT_INTERRUPTED = 130;

export interface CliErrorOptions {
  /** Stable machine-readable code, shown by `--json`. @default 'error' */
  code?: string;
  /** @default 1 */
  exitCode?: number;
  /** One entry per invalid field, in the API's shape. */
  details?: TrawlErrorDetail[];
  cause?: unknown;
}

/** A failure the CLI itself detected, already worded for the user. */
export class CliError extends Error {
  readonly code: string;
  readonly exitCode: number;
  readonly details: TrawlErrorDetail[];

  constructor(message: string, options: CliErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.name = 'CliError';
    this.code = options.code ?? 'error';
    this.exitCode = options.exitCode ?? EXIT_FAILURE;
    this.details = options.details ?? [];
  }
}

/** A usage error: exit code 2. */
export const usageError = (message: string, details: TrawlErrorDetail[] = []): CliError =>
  new CliError(message, { code: 'usage_error', exitCode: EXIT_USAGE, details });

/** An error ready to print. */
export interface ErrorReport {
  code: string;
  message: string;
  details: TrawlErrorDetail[];
  exitCode: number;
}

/** What the failing command was working on, so messages can name it. */
export interface ErrorContext {
  /** The crawl the command was about, if any. */
  crawlId?: string | undefined;
  /** The API address in use. */
  apiUrl?: string | undefined;
  /** Where the token came from, to say which one the API rejected. */
  tokenSource?: string | undefined;
  /** The project sent as `x-project-id`, and where it came from, to explain a project the API does not know. */
  projectId?: string | undefined;
  projectSource?: string | undefined;
  /** The command that failed, for `trawl <command> --help` hints. */
  commandName?: string | undefined;
}

/** Turns anything thrown into a report; unknown errors keep their own message rather than being hidden. */
export function describeError(err: unknown, context: ErrorContext = {}): ErrorReport {
  if (err instanceof CliError)
    return { code: err.code, message: err.message, details: err.details, exitCode: err.exitCode };
  if (err instanceof CommanderError) {
    const help = context.commandName ? `trawl ${context.commandName} --help` : 'trawl --help';
    // Commander puts its "(Did you mean ...?)" on a line of its own; a reason is one line.
    const message = err.message.replace(/^error: /, '').replace(/\s*\n\s*/g, ' ');
    return {
      code: 'usage_error',
      message: `${message} (see \`${help}\`)`,
      details: [],
      exitCode: EXIT_USAGE,
    };
  }
  if (err instanceof TrawlConnectionError) {
    const reason = rootCause(err.cause);
    return {
      code: err.code,
      message: `Could not reach the Trawl API at ${err.baseUrl}: ${reason}. Is the server running (npm start)?`,
      details: [],
      exitCode: EXIT_FAILURE,
    };
  }
  if (err instanceof TrawlApiError) return describeApiError(err, context);
  if (err instanceof TrawlError)
    return { code: err.code, message: err.message, details: [], exitCode: EXIT_FAILURE };
  const message = err instanceof Error ? err.message : String(err);
  return {
    code: 'internal_error',
    message: message || 'Unexpected error',
    details: [],
    exitCode: EXIT_FAILURE,
  };
}

function describeApiError(err: TrawlApiError, context: ErrorContext): ErrorReport {
  const report = (message: string): ErrorReport => ({
    code: err.code,
    message,
    details: err.details,
    exitCode: EXIT_FAILURE,
  });
  switch (err.status) {
    case 401: {
      const at = context.apiUrl ? ` at ${context.apiUrl}` : '';
      const from = context.tokenSource ? ` from ${context.tokenSource}` : '';
      const rejected = `The Trawl API${at} rejected the API token${from} (${err.message})`;
      // `trawl login` is already the fix being attempted; elsewhere, point to it.
      return report(
        context.commandName === 'login'
          ? rejected
          : `${rejected}. Log in with a valid one: trawl login --token <token>`,
      );
    }
    case 400:
      // The API's message joins every detail; the details are printed one per line instead.
      return report(err.details.length > 0 ? 'The Trawl API rejected the request' : err.message);
    case 404:
      // The project in use is checked before the crawl, so a stale `trawl projects use` surfaces here.
      if (err.message === 'Project not found' && context.projectId) {
        return report(
          `Project ${context.projectId} (from ${context.projectSource}) not found in this token's team: choose one with \`trawl projects use\``,
        );
      }
      // An unknown route also answers 404; only a missing record is a missing crawl.
      return context.crawlId && !err.message.startsWith('No route')
        ? report(`Crawl ${context.crawlId} not found`)
        : report(err.message);
    case 409:
      return report(context.crawlId ? `Crawl ${context.crawlId}: ${err.message}` : err.message);
    default:
      return report(
        err.status >= 500 ? `The Trawl API failed (HTTP ${err.status}): ${err.message}` : err.message,
      );
  }
}

/** The innermost reason: fetch wraps "connect ECONNREFUSED ..." in a bare "fetch failed". */
function rootCause(cause: unknown): string {
  let current = cause;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  if (current instanceof AggregateError && current.errors[0] instanceof Error) current = current.errors[0];
  if (current instanceof Error)
    return current.message || (current as NodeJS.ErrnoException).code || current.name;
  return String(current);
}
