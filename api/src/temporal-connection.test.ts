import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { loadWorkerConfig } from './worker/config.js';

const dir = mkdtempSync(join(tmpdir(), 'trawl-temporal-tls-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, body: string): string => {
  const path = join(dir, name);
  writeFileSync(path, body);
  return path;
};
const worker = { DATABASE_URL: 'postgres://db/trawl', TEMPORAL_ADDRESS: 'example.tmprl.cloud:7233' };

describe('the Temporal connection settings', () => {
  it('are plain by default, for a frontend on a private network', () => {
    expect(loadWorkerConfig(worker).temporal.security).toEqual({ tls: false });
    expect(loadConfig({ TEMPORAL_ADDRESS: 'temporal:7233' }).temporal?.security).toEqual({ tls: false });
  });

  it('turn TLS on with an API key, as Temporal Cloud asks, unless TLS is turned off', () => {
    expect(loadWorkerConfig({ ...worker, TEMPORAL_API_KEY: 'key-1' }).temporal.security).toEqual({
      tls: {},
      apiKey: 'key-1',
    });
    expect(
      loadConfig({ TEMPORAL_ADDRESS: 'temporal:7233', TEMPORAL_API_KEY: 'key-1', TEMPORAL_TLS: 'false' })
        .temporal?.security,
    ).toEqual({ tls: false, apiKey: 'key-1' });
  });

  it('read the client certificate, key and CA files once, at start', () => {
    const security = loadWorkerConfig({
      ...worker,
      TEMPORAL_TLS_CERT_PATH: file('client.pem', 'CERT'),
      TEMPORAL_TLS_KEY_PATH: file('client.key', 'KEY'),
      TEMPORAL_TLS_CA_PATH: file('ca.pem', 'CA'),
      TEMPORAL_TLS_SERVER_NAME: 'temporal.internal',
    }).temporal.security;
    expect(security.tls && security.tls.clientCertPair?.crt.toString()).toBe('CERT');
    expect(security.tls && security.tls.clientCertPair?.key.toString()).toBe('KEY');
    expect(security.tls && security.tls.serverRootCACertificate?.toString()).toBe('CA');
    expect(security.tls && security.tls.serverNameOverride).toBe('temporal.internal');
  });

  it('name the variable whose file cannot be read, and a certificate without its key', () => {
    expect(() =>
      loadWorkerConfig({
        ...worker,
        TEMPORAL_TLS_CERT_PATH: join(dir, 'missing.pem'),
        TEMPORAL_TLS_KEY_PATH: file('k.key', 'KEY'),
      }),
    ).toThrow(/TEMPORAL_TLS_CERT_PATH: cannot read .*missing\.pem/);
    expect(() => loadConfig({ TEMPORAL_ADDRESS: 'temporal:7233', TEMPORAL_TLS_CERT_PATH: 'x.pem' })).toThrow(
      'TEMPORAL_TLS_CERT_PATH and TEMPORAL_TLS_KEY_PATH must be set together',
    );
  });
});
