import { fileURLToPath } from 'node:url';
import { Worker } from '@temporalio/worker';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CRAWL_SETTINGS } from '../../src/crawler/settings.js';
import { CRAWL_WORKFLOW, TASK_QUEUES, type CrawlJobPayload } from '../../src/temporal/shared.js';
import { crawlWorkflowsPath } from '../../src/temporal/worker.js';
import { HistoryBuilder } from './history-builder.js';

// Histories written by hand, one per path the workflow can take. Replaying them proves the workflow
// still makes exactly these decisions in this order: a change that would break running crawls fails here.
// Replay compares the kind and order of commands, not activity names, so an interceptor records the
// activity types the workflow schedules and each test checks those too.

const crawlId = '0193a1e2-7b7c-7cc0-8f5e-1a2b3c4d5e6f';
const start = new Date('2026-11-22T10:00:00Z');
const job: CrawlJobPayload = {
  id: crawlId,
  status: 'running',
  createdAt: start.toISOString(),
  numberOfResults: 0,
  settings: { ...DEFAULT_CRAWL_SETTINGS, startUrl: 'https://example.com/', maxResults: 1, engineType: 'cheerio' },
};
const http = TASK_QUEUES.http;
const batch = (n: number) => `${crawlId}/run-1/${n}`;

/** Loads the crawl, starts the timeout timer and fetches the first batch: what every path begins with. */
function begin(h: HistoryBuilder) {
  h.started(CRAWL_WORKFLOW, { crawlId }).workflowTask().activity('loadCrawl', http, crawlId, job).workflowTask();
  const timer = h.timerStarted(3600);
  const fetch = h.activityScheduled('fetchAndExtract', http, { job, batchId: batch(0), limit: 1 });
  return { timer, fetch, fetchStarted: h.activityStarted(fetch) };
}

async function replay(h: HistoryBuilder): Promise<string[]> {
  const scheduled: string[] = [];
  await Worker.runReplayHistory(
    {
      workflowsPath: crawlWorkflowsPath(),
      replayName: 'crawl',
      interceptors: { workflowModules: [fileURLToPath(new URL('./record-activities.ts', import.meta.url))] },
      sinks: { recorder: { activity: { fn: (_info: unknown, type: string) => void scheduled.push(type), callDuringReplay: true } } },
    },
    h.build(),
    `crawl-${crawlId}`,
  );
  return scheduled;
}

describe('crawl workflow replay', () => {
  it('replays a crawl that fetches, deduplicates, stores and finishes', async () => {
    const h = new HistoryBuilder(http, start);
    const { timer, fetch, fetchStarted } = begin(h);
    h.activityCompleted(fetch, fetchStarted, { claimed: 1, startPageFailure: null })
      .workflowTask()
      .activity('deduplicateAndStore', http, { job, batchId: batch(0) }, { numberOfResults: 1, stillRunning: true })
      .workflowTask()
      .activity('finishCrawl', http, { crawlId, status: 'succeeded', logs: [] }, true)
      .workflowTask()
      .timerCanceled('1', timer);
    h.activity('releaseCrawl', http, crawlId, null).workflowTask().completed({ status: 'succeeded' });
    expect(await replay(h)).toEqual(['loadCrawl', 'fetchAndExtract', 'deduplicateAndStore', 'finishCrawl', 'releaseCrawl']);
  }, 60_000);

  it('replays an abort: the fetch in flight is cancelled and cleanup still runs', async () => {
    const h = new HistoryBuilder(http, start);
    const { timer, fetch, fetchStarted } = begin(h);
    h.cancelRequested().workflowTask().activityCancelRequested(fetch).timerCanceled('1', timer);
    h.activity('releaseCrawl', http, crawlId, null).activityCanceled(fetch, fetchStarted).workflowTask().canceled();
    expect(await replay(h)).toEqual(['loadCrawl', 'fetchAndExtract', 'releaseCrawl']);
  }, 60_000);

  it('replays a timeout: the timer fires mid-batch, the batch is cancelled, the crawl ends timed_out', async () => {
    const h = new HistoryBuilder(http, start);
    const { timer, fetch } = begin(h);
    h.advance(3600_000).timerFired('1', timer).workflowTask().activityCancelRequested(fetch);
    h.activity('finishTimedOut', http, job, true).workflowTask().activity('releaseCrawl', http, crawlId, null).workflowTask().completed({ status: 'timed_out' });
    expect(await replay(h)).toEqual(['loadCrawl', 'fetchAndExtract', 'finishTimedOut', 'releaseCrawl']);
  }, 60_000);

  it('fails replay when the workflow would decide differently', async () => {
    // Here the first batch found the start page unfetchable, yet the history goes on to store it: the
    // workflow would finish the crawl `failed` instead, which replay must report.
    const h = new HistoryBuilder(http, start);
    const { fetch, fetchStarted } = begin(h);
    h.activityCompleted(fetch, fetchStarted, { claimed: 1, startPageFailure: [{ level: 'warn', message: 'Failed', description: 'HTTP 404' }] })
      .workflowTask()
      .activity('deduplicateAndStore', http, { job, batchId: batch(0) }, { numberOfResults: 1, stillRunning: true })
      .workflowTask()
      .completed({ status: 'succeeded' });
    await expect(replay(h)).rejects.toThrow(/nondeterminism/);
  }, 60_000);

});
