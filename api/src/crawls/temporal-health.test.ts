import { describe, expect, it } from 'vitest';
import { POLLER_GONE_AFTER_MS, hasLivePoller } from './temporal-health.js';

const now = Date.UTC(2026, 0, 1, 12);
const seenAgo = (ms: number) => ({ lastAccessTime: { seconds: Math.floor((now - ms) / 1000), nanos: 0 } });
/** protobufjs decodes int64 as a Long when it does not fit a double; the Temporal client may hand either. */
const asLong = (seconds: number) => ({ toNumber: () => seconds });

describe('hasLivePoller', () => {
  it('counts a worker seen within the last two minutes, as a number or a Long', () => {
    expect(hasLivePoller([seenAgo(5_000)], now)).toBe(true);
    expect(hasLivePoller([{ lastAccessTime: { seconds: asLong((now - 70_000) / 1000) } }], now)).toBe(true);
  });

  it('does not count a queue with no pollers, or only pollers gone quiet', () => {
    expect(hasLivePoller([], now)).toBe(false);
    expect(hasLivePoller(undefined, now)).toBe(false);
    expect(hasLivePoller([seenAgo(POLLER_GONE_AFTER_MS + 1_000)], now)).toBe(false);
    expect(hasLivePoller([{ lastAccessTime: null }, {}], now)).toBe(false);
  });

  it('needs only one live poller among stale ones', () => {
    expect(hasLivePoller([seenAgo(10 * 60_000), seenAgo(30_000)], now)).toBe(true);
  });
});
