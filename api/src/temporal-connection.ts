import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { ConfigError, bool } from './env.js';

// How the API and the workers reach a Temporal frontend that is not on a private network: TLS (with a
// client certificate for mTLS, or a CA of its own) and an API key, as Temporal Cloud asks. Shared by both
// config loaders so the two can never disagree.

export const TEMPORAL_CONNECTION_ENV = {
  TEMPORAL_API_KEY: z.string().min(1).optional(),
  TEMPORAL_TLS: bool.optional(),
  TEMPORAL_TLS_CERT_PATH: z.string().min(1).optional(),
  TEMPORAL_TLS_KEY_PATH: z.string().min(1).optional(),
  TEMPORAL_TLS_CA_PATH: z.string().min(1).optional(),
  TEMPORAL_TLS_SERVER_NAME: z.string().min(1).optional(),
};

export const TEMPORAL_CONNECTION_PAIRS: Array<[string, string]> = [
  ['TEMPORAL_TLS_CERT_PATH', 'TEMPORAL_TLS_KEY_PATH'],
];

/** The `tls` and `apiKey` options of `Connection` and `NativeConnection`. */
export interface TemporalConnectionSecurity {
  tls:
    | false
    | {
        clientCertPair?: { crt: Buffer; key: Buffer };
        serverRootCACertificate?: Buffer;
        serverNameOverride?: string;
      };
  apiKey?: string;
}

type ConnectionEnv = {
  [K in keyof typeof TEMPORAL_CONNECTION_ENV]?: z.infer<(typeof TEMPORAL_CONNECTION_ENV)[K]>;
};

/**
 * TLS is on when asked (`TEMPORAL_TLS=true`) or implied by an API key or a certificate; `TEMPORAL_TLS=false`
 * turns it off even then (an API key over a plain local connection). Files are read once, here, so a bad
 * path stops the start with the variable's name rather than failing on the first connection.
 */
export function temporalSecurityFrom(e: ConnectionEnv): TemporalConnectionSecurity {
  const implied = Boolean(e.TEMPORAL_API_KEY || e.TEMPORAL_TLS_CERT_PATH || e.TEMPORAL_TLS_CA_PATH);
  const apiKey = e.TEMPORAL_API_KEY ? { apiKey: e.TEMPORAL_API_KEY } : {};
  if (!(e.TEMPORAL_TLS ?? implied)) return { tls: false, ...apiKey };
  const problems: string[] = [];
  const read = (name: keyof ConnectionEnv, path: string | undefined): Buffer | undefined => {
    if (!path) return undefined;
    try {
      return readFileSync(path);
    } catch (err: unknown) {
      problems.push(`  ${name}: cannot read ${path} (${err instanceof Error ? err.message : String(err)})`);
      return undefined;
    }
  };
  const crt = read('TEMPORAL_TLS_CERT_PATH', e.TEMPORAL_TLS_CERT_PATH);
  const key = read('TEMPORAL_TLS_KEY_PATH', e.TEMPORAL_TLS_KEY_PATH);
  const ca = read('TEMPORAL_TLS_CA_PATH', e.TEMPORAL_TLS_CA_PATH);
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  return {
    tls: {
      ...(crt && key ? { clientCertPair: { crt, key } } : {}),
      ...(ca ? { serverRootCACertificate: ca } : {}),
      ...(e.TEMPORAL_TLS_SERVER_NAME ? { serverNameOverride: e.TEMPORAL_TLS_SERVER_NAME } : {}),
    },
    ...apiKey,
  };
}
