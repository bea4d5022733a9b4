import { createTrawlClient, TrawlApiError } from '@trawl/sdk';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';

// With TEMPORAL_ADDRESS set but no Temporal answering there, the API still starts, and starting a crawl is
// a clear 503 that leaves no crawl running forever.
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    env: { TEMPORAL_ADDRESS: '127.0.0.1:9', TEMPORAL_RPC_TIMEOUT_MS: '1500' },
  });
});
afterAll(async () => {
  await server?.close();
});

it('answers 503 orchestrator_unavailable, and ends the crawl as error saying why', async () => {
  const trawl = createTrawlClient({ baseUrl: server.url, token: server.token });
  expect(server.server.deps.orchestrator.kind).toBe('temporal');
  const error = await trawl.crawls.start({ startUrl: 'http://127.0.0.1:9/' }).catch((err: unknown) => err);
  expect(error).toBeInstanceOf(TrawlApiError);
  expect(error).toMatchObject({ status: 503, code: 'orchestrator_unavailable' });
  const { results } = await trawl.crawls.list();
  expect(results).toHaveLength(1);
  expect(results[0]).toMatchObject({ status: 'error' });
  expect(results[0]!.completedAt).not.toBeNull();
  const logs = await trawl.crawls.logsPage(results[0]!.id);
  expect(logs.results.map((l) => l.message)).toContain('Crawl could not be started');
}, 30_000);
