import { createCrawlEngine, createHostScheduler } from '@trawl/workflows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSharedPoliteness } from '../src/crawls/host-politeness.js';
import type { DatabaseHandle } from '../src/db/client.js';
import { createTestDatabase } from './harness.js';

// Two workers' schedulers sharing one database: the per-host cap and the Crawl-delay hold across them as
// they do within one process.
let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('politeness shared through the database', () => {
  it('caps requests in flight to a host across workers, not per worker', async () => {
    const shared = createSharedPoliteness(database.db);
    const workers = [1, 2].map(() => createHostScheduler({ perHost: 2, shared, sharedPollMs: 20 }));
    let inFlight = 0;
    let peak = 0;
    const request = () => async () => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await pause(100);
      inFlight--;
    };
    await Promise.all([...Array(8).keys()].map((i) => workers[i % 2]!.schedule('cap.test', request())));
    expect(peak).toBe(2);
    // Without sharing, each worker would allow its own two.
    const alone = [1, 2].map(() => createHostScheduler({ perHost: 2 }));
    peak = 0;
    await Promise.all([...Array(8).keys()].map((i) => alone[i % 2]!.schedule('cap.test', request())));
    expect(peak).toBe(4);
  });

  it('spaces request starts to a host by its Crawl-delay across workers', async () => {
    const shared = createSharedPoliteness(database.db);
    const workers = [1, 2, 3].map(() => createHostScheduler({ perHost: 4, shared, sharedPollMs: 20 }));
    for (const w of workers) w.setDelay('slow.test', 0.3);
    const starts: number[] = [];
    await Promise.all(
      [...Array(6).keys()].map((i) =>
        workers[i % 3]!.schedule('slow.test', async () => void starts.push(Date.now())),
      ),
    );
    starts.sort((a, b) => a - b);
    const gaps = starts.slice(1).map((t, i) => t - starts[i]!);
    // 300 ms apart, less what a busy event loop adds between the database's answer and the request: that
    // latency (100 ms and more on a loaded CI machine) shortens one gap and lengthens the next, so each gap is
    // checked loosely (workers that do not share the delay start together) and the whole span tightly.
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(150);
    expect(starts.at(-1)! - starts[0]!).toBeGreaterThanOrEqual(gaps.length * 300 - 100);
  });

  it('frees a slot whose worker died holding it once its lease ends', async () => {
    const shared = createSharedPoliteness(database.db);
    const dead = await shared.tryAcquire('lease.test', 1, 300);
    expect(dead).not.toBeNull();
    expect(await shared.tryAcquire('lease.test', 1, 300)).toBeNull();
    await pause(400);
    const next = await shared.tryAcquire('lease.test', 1, 300);
    expect(next).not.toBeNull();
    await shared.release('lease.test', next!);
    expect(await shared.tryAcquire('lease.test', 1, 300)).not.toBeNull();
  });

  it('is what a worker’s engine uses when given it', () => {
    const engine = createCrawlEngine({
      sharedPoliteness: createSharedPoliteness(database.db),
      parseWorkers: 0,
    });
    expect(engine.stats()).toEqual({ crawlsInMemory: 0, browserContexts: 0 });
    return engine.close();
  });
});
