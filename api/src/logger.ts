export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export interface Logger {
  debug(message: string, extra?: unknown): void;
  info(message: string, extra?: unknown): void;
  warn(message: string, extra?: unknown): void;
  error(message: string, extra?: unknown): void;
}

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** Plain, one-line-per-event server logs on stderr; `extra` is appended (errors with their stack). */
export function createLogger(level: LogLevel): Logger {
  const emit = (at: Exclude<LogLevel, 'silent'>, message: string, extra?: unknown): void => {
    if (ORDER[at] < ORDER[level]) return;
    const suffix =
      extra === undefined
        ? ''
        : ` ${extra instanceof Error ? (extra.stack ?? extra.message) : JSON.stringify(extra)}`;
    process.stderr.write(`${new Date().toISOString()} ${at.toUpperCase().padEnd(5)} ${message}${suffix}\n`);
  };
  return {
    debug: (m, e) => emit('debug', m, e),
    info: (m, e) => emit('info', m, e),
    warn: (m, e) => emit('warn', m, e),
    error: (m, e) => emit('error', m, e),
  };
}
