import { describe, expect, it } from 'vitest';
import { createHostScheduler } from './politeness.js';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('createHostScheduler', () => {
  it('caps requests in flight per host, not across hosts', async () => {
    const scheduler = createHostScheduler({ perHost: 2 });
    let inFlight = 0;
    let peak = 0;
    const release: Array<() => void> = [];
    const job = () =>
      scheduler.schedule('a.test', async () => {
        inFlight++;
        peak = Math.max(peak, inFlight);
        await new Promise<void>((r) => release.push(r));
        inFlight--;
      });
    const jobs = [job(), job(), job(), job()];
    const other = scheduler.schedule('b.test', async () => 'b');
    await tick();
    expect(inFlight).toBe(2);
    await expect(other).resolves.toBe('b');
    while (release.length) {
      release.shift()!();
      await tick();
    }
    await Promise.all(jobs);
    expect(peak).toBe(2);
  });

  it('spaces request starts by the crawl delay', async () => {
    const scheduler = createHostScheduler();
    scheduler.setDelay('slow.test', 0.05);
    const starts: number[] = [];
    await Promise.all(
      [1, 2, 3].map(() => scheduler.schedule('slow.test', async () => void starts.push(Date.now()))),
    );
    expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(45);
    expect(starts[2]! - starts[1]!).toBeGreaterThanOrEqual(45);
  });

  it('measures the delay from when a start really happened, not from when it was due', async () => {
    const scheduler = createHostScheduler();
    scheduler.setDelay('late.test', 0.2);
    await scheduler.pace('late.test');
    const second = scheduler.pace('late.test').then(() => Date.now());
    // The event loop is busy past the second start's due time: its timer fires late.
    const busyUntil = Date.now() + 390;
    while (Date.now() < busyUntil);
    const secondAt = await second;
    await scheduler.pace('late.test');
    expect(Date.now() - secondAt).toBeGreaterThanOrEqual(195);
  });

  it('rejects a waiting request as soon as its signal aborts', async () => {
    const scheduler = createHostScheduler({ perHost: 1 });
    let unblock!: () => void;
    const first = scheduler.schedule('a.test', () => new Promise<void>((r) => (unblock = r)));
    const controller = new AbortController();
    const second = scheduler.schedule('a.test', async () => 'ran', controller.signal);
    controller.abort(new Error('aborted'));
    await expect(second).rejects.toThrow('aborted');
    unblock();
    await first;
    await expect(scheduler.schedule('a.test', async () => 'free again')).resolves.toBe('free again');
  });
});
