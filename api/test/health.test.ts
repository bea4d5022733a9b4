// GET /is-healthy, which the console polls for its partial-outage banner: booleans only, for anyone; 200
// when the database and the crawler are up, 503 naming which is down; one check per 5 seconds however many
// clients poll.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';

let server: TestServer;
let temporalDown: TestServer;

beforeAll(async () => {
  [server, temporalDown] = await Promise.all([
    startTestServer(),
    // Temporal configured, nothing answering there.
    startTestServer({ env: { TEMPORAL_ADDRESS: '127.0.0.1:9', TEMPORAL_RPC_TIMEOUT_MS: '1500' } }),
  ]);
});
afterAll(async () => {
  vi.useRealTimers();
  await Promise.all([server?.close(), temporalDown?.close()]);
});

async function health(
  s: TestServer,
): Promise<{ status: number; body: unknown; cacheControl: string | null }> {
  const res = await fetch(`${s.url}/is-healthy`);
  return { status: res.status, body: await res.json(), cacheControl: res.headers.get('cache-control') };
}

describe('GET /is-healthy', () => {
  it('answers 200 and booleans only while the database and the in-process runner are up, once per 5 s', async () => {
    const checks = vi.spyOn(server.server.deps.orchestrator, 'checkHealth');
    const answers = await Promise.all(Array.from({ length: 5 }, () => health(server)));
    answers.push(await health(server));
    for (const answer of answers)
      expect(answer).toEqual({
        status: 200,
        body: { isHealthy: true, database: true, crawler: true },
        cacheControl: 'no-store',
      });
    expect(checks).toHaveBeenCalledTimes(1);
  });

  it('answers 503 with crawler false once the runner has stopped, after the cached answer expires', async () => {
    const checks = vi.spyOn(server.server.deps.orchestrator, 'checkHealth');
    checks.mockClear();
    await server.server.deps.orchestrator.close();
    // Within the cache window the last answer stands.
    expect((await health(server)).status).toBe(200);
    expect(checks).not.toHaveBeenCalled();

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 6_000 });
    try {
      expect(await health(server)).toEqual({
        status: 503,
        body: { isHealthy: false, database: true, crawler: false },
        cacheControl: 'no-store',
      });
    } finally {
      vi.useRealTimers();
    }
    expect(checks).toHaveBeenCalledTimes(1);
  });

  it('answers 503 with crawler false when Temporal is configured but does not answer', async () => {
    expect(temporalDown.server.deps.orchestrator.kind).toBe('temporal');
    expect(await health(temporalDown)).toEqual({
      status: 503,
      body: { isHealthy: false, database: true, crawler: false },
      cacheControl: 'no-store',
    });
  });
});
