import { describe, expect, it } from 'vitest';
import { LEGACY_LOOP } from './shared.js';
import {
  MAX_FETCH_ATTEMPT_SECONDS,
  attemptsWithin,
  databaseActivityOptions,
  fetchActivityOptions,
  fetchAttemptSeconds,
} from './activity-options.js';

describe('activity options', () => {
  it('retries as many times as the backoff (1 s doubling to a minute) fits in the retry window', () => {
    expect(attemptsWithin(0)).toBe(1);
    expect(attemptsWithin(5)).toBe(3); // waits of 1 and 2 s
    // 1+2+4+8+16+32 = 63 s, then a minute each: 13 more within 15 minutes.
    expect(attemptsWithin(15 * 60)).toBe(20);
  });

  it('bounds a fetch attempt by the pages in flight at the worst page time, within 10 to 50 minutes', () => {
    expect(fetchAttemptSeconds({ engineType: 'cheerio' }, { ...LEGACY_LOOP, batchSize: 1, lanes: 1 })).toBe(
      600,
    );
    // 8 pages × 3 lanes behind a 30 s Crawl-delay, each up to 90 s with the request: 36 minutes.
    expect(fetchAttemptSeconds({ engineType: 'cheerio' }, LEGACY_LOOP)).toBe(24 * 90);
    expect(fetchAttemptSeconds({ engineType: 'auto' }, { ...LEGACY_LOOP, batchSize: 100 })).toBe(
      MAX_FETCH_ATTEMPT_SECONDS,
    );
  });

  it('sends Cheerio fetches to trawl-http and others to trawl-browser, heartbeating, cancelled only once stopped', () => {
    expect(fetchActivityOptions({ engineType: 'cheerio' }, LEGACY_LOOP, 900, true)).toMatchObject({
      taskQueue: 'trawl-http',
      heartbeatTimeout: '30s',
      cancellationType: 'WAIT_CANCELLATION_COMPLETED',
      retry: { maximumAttempts: 20, nonRetryableErrorTypes: ['CrawlNotFound'] },
    });
    expect(fetchActivityOptions({ engineType: 'auto' }, LEGACY_LOOP, 900, false)).toMatchObject({
      taskQueue: 'trawl-browser',
    });
    expect(fetchActivityOptions({ engineType: 'auto' }, LEGACY_LOOP, 900, false)).not.toHaveProperty(
      'cancellationType',
    );
  });

  it('gives database steps five minutes an attempt and no heartbeat timeout, since they never heartbeat', () => {
    const options = databaseActivityOptions(900);
    expect(options).toMatchObject({ taskQueue: 'trawl-http', startToCloseTimeout: '300s' });
    expect(options).not.toHaveProperty('heartbeatTimeout');
  });
});
