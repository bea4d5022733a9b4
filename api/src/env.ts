// What every deployable's config loader shares: reading the environment with zod and failing once, with
// every bad variable listed, and the variable types more than one deployable reads.
import { z } from 'zod';

/** A configuration that cannot be used; its message lists every bad variable, one per line. */
export class ConfigError extends Error {}

/** `true`/`false`/`1`/`0`. */
export const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const postgresUrl = z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL');

export const hostPort = z.string().regex(/^[^\s:]+:\d+$/, 'must be host:port');

export const logLevel = z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info');

/**
 * Parses the environment with `schema`. Variables that only make sense together (`pairs`) must be set
 * together. Throws a ConfigError naming every problem at once, so one run shows all there is to fix.
 */
export function parseEnv<S extends z.ZodType>(
  schema: S,
  env: NodeJS.ProcessEnv,
  pairs: Array<[string, string]> = [],
): z.infer<S> {
  const parsed = schema.safeParse(env);
  const lines = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  for (const [a, b] of pairs)
    if (Boolean(env[a]) !== Boolean(env[b])) lines.push(`  ${a} and ${b} must be set together`);
  if (!parsed.success || lines.length) throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  return parsed.data;
}
