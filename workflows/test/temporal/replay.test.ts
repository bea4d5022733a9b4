import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { historyFromJSON } from '@temporalio/common/lib/proto-utils.js';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CRAWL_SETTINGS } from '../../src/crawler/settings.js';
import { CRAWL_WORKFLOW, TASK_QUEUES, type CrawlJobPayload } from '../../src/temporal/shared.js';
import { PATCHES } from '../../src/temporal/workflows.js';
import { HistoryBuilder } from './history-builder.js';
import { replayRecording, type Scheduled } from './replay-recording.js';

// Histories written by hand, one per path the workflow can take. Replaying them proves the workflow
// still makes exactly these decisions in this order: a change that would break running crawls fails here.
// Replay compares the kind and order of commands, not activity names, so an interceptor records the
// activity types (and arguments) the workflow schedules and each test checks those too.
//
// histories/ holds histories of earlier versions of the workflow, frozen as JSON: every one must still
// replay, since crawls started by those versions may be running when a new one deploys. Before changing
// the workflow, freeze today's: `RECORD_HISTORIES=v<n> npx vitest run workflows/test/temporal/replay.test.ts`
// writes each history this file replays to histories/v<n>-<path>.json.

const crawlId = '0193a1e2-7b7c-7cc0-8f5e-1a2b3c4d5e6f';
const start = new Date('2026-11-22T10:00:00Z');
const job: CrawlJobPayload = {
  id: crawlId,
  status: 'running',
  createdAt: start.toISOString(),
  numberOfResults: 0,
  settings: {
    ...DEFAULT_CRAWL_SETTINGS,
    startUrl: 'https://example.com/',
    maxResults: 1,
    engineType: 'cheerio',
  },
};
const http = TASK_QUEUES.http;
const batch = (n: number) => `${crawlId}/run-1/${n}`;
const HISTORIES = fileURLToPath(new URL('./histories/', import.meta.url));

/** Starts a run of today's version: its patch markers, the crawl loaded, the timeout timer, the first fetch. */
function begin(
  h: HistoryBuilder,
  input: unknown = { crawlId },
  crawl: CrawlJobPayload = job,
  patches: string[] = Object.values(PATCHES),
) {
  h.started(CRAWL_WORKFLOW, input).workflowTask();
  for (const patch of patches) h.patchMarker(patch);
  h.activity('loadCrawl', http, crawlId, crawl).workflowTask();
  const timer = h.timerStarted(3600);
  const fetch = h.activityScheduled('fetchAndExtract', http, { job: crawl, batchId: batch(0), limit: 1 });
  return { timer, fetch, fetchStarted: h.activityStarted(fetch) };
}

/** Today's history of one path: replayed, and frozen to histories/ when RECORD_HISTORIES names a version. */
function today(name: string, h: HistoryBuilder): ReturnType<HistoryBuilder['build']> {
  const version = process.env.RECORD_HISTORIES;
  if (version) writeFileSync(`${HISTORIES}${version}-${name}.json`, `${JSON.stringify(h.json(), null, 2)}\n`);
  return h.build();
}

const replay = (history: ReturnType<HistoryBuilder['build']>): Promise<Scheduled[]> =>
  replayRecording(history, 'crawl', `crawl-${crawlId}`);
const types = (scheduled: Scheduled[]) => scheduled.map((s) => s.type);

describe('crawl workflow replay', () => {
  it('replays a crawl that fetches, deduplicates, stores and finishes', async () => {
    const h = new HistoryBuilder(http, start);
    const { timer, fetch, fetchStarted } = begin(h);
    h.activityCompleted(fetch, fetchStarted, { claimed: 1, startPageFailure: null })
      .workflowTask()
      .activity(
        'deduplicateAndStore',
        http,
        { job, batchId: batch(0) },
        { numberOfResults: 1, stillRunning: true },
      )
      .workflowTask()
      .activity('finishCrawl', http, { crawlId, status: 'succeeded', logs: [] }, true)
      .workflowTask()
      .timerCanceled('1', timer);
    h.activity('releaseCrawl', http, crawlId, null).workflowTask().completed({ status: 'succeeded' });
    expect(types(await replay(today('succeeded', h)))).toEqual([
      'loadCrawl',
      'fetchAndExtract',
      'deduplicateAndStore',
      'finishCrawl',
      'releaseCrawl',
    ]);
  }, 60_000);

  it('replays an abort: the fetch is cancelled and waited for, then cleanup runs', async () => {
    const h = new HistoryBuilder(http, start);
    const { timer, fetch, fetchStarted } = begin(h);
    h.cancelRequested().workflowTask().activityCancelRequested(fetch).timerCanceled('1', timer);
    // Cleanup waits until the fetch has confirmed it stopped (WAIT_CANCELLATION_COMPLETED).
    h.activityCanceled(fetch, fetchStarted).workflowTask();
    h.activity('releaseCrawl', http, crawlId, null).workflowTask().canceled();
    expect(types(await replay(today('aborted', h)))).toEqual([
      'loadCrawl',
      'fetchAndExtract',
      'releaseCrawl',
    ]);
  }, 60_000);

  it('replays a timeout: the timer fires mid-batch, the batch stops, the crawl ends timed_out', async () => {
    const h = new HistoryBuilder(http, start);
    const { timer, fetch, fetchStarted } = begin(h);
    h.advance(3600_000).timerFired('1', timer).workflowTask().activityCancelRequested(fetch);
    h.activityCanceled(fetch, fetchStarted).workflowTask();
    h.activity('finishTimedOut', http, job, true)
      .workflowTask()
      .activity('releaseCrawl', http, crawlId, null)
      .workflowTask()
      .completed({ status: 'timed_out' });
    expect(types(await replay(today('timed-out', h)))).toEqual([
      'loadCrawl',
      'fetchAndExtract',
      'finishTimedOut',
      'releaseCrawl',
    ]);
  }, 60_000);

  it('replays a failure: a fetch out of retries ends the crawl error with the reason, then fails', async () => {
    const h = new HistoryBuilder(http, start);
    const { timer, fetch, fetchStarted } = begin(h);
    h.activityFailed(
      fetch,
      fetchStarted,
      { message: 'connect ECONNREFUSED 10.0.0.5:5432', type: 'Error' },
      'RETRY_STATE_MAXIMUM_ATTEMPTS_REACHED',
    ).workflowTask();
    h.timerCanceled('1', timer);
    const logs = [
      {
        level: 'error',
        message: 'Crawl stopped by an internal error',
        description:
          'The fetchAndExtract step failed after retrying for 15 minutes: connect ECONNREFUSED 10.0.0.5:5432',
      },
    ];
    h.activity('finishCrawl', http, { crawlId, status: 'error', logs }, true)
      .workflowTask()
      .activity('releaseCrawl', http, crawlId, null)
      .workflowTask()
      .failed('Activity task failed');
    const scheduled = await replay(today('failed', h));
    expect(types(scheduled)).toEqual(['loadCrawl', 'fetchAndExtract', 'finishCrawl', 'releaseCrawl']);
    expect(scheduled[2]!.args).toEqual([{ crawlId, status: 'error', logs }]);
  }, 60_000);

  it('replays a continue-as-new after the run’s batches, carrying the loop’s shape and retry window', async () => {
    const loop = { batchSize: 1, lanes: 1, batchesPerRun: 1 };
    const input = { crawlId, loop, retryWindowSeconds: 60 };
    const crawl = { ...job, settings: { ...job.settings, maxResults: 5 } };
    const h = new HistoryBuilder(http, start);
    const { timer, fetch, fetchStarted } = begin(h, input, crawl);
    h.activityCompleted(fetch, fetchStarted, { claimed: 1, startPageFailure: null })
      .workflowTask()
      .activity(
        'deduplicateAndStore',
        http,
        { job: crawl, batchId: batch(0) },
        { numberOfResults: 1, stillRunning: true },
      )
      .workflowTask()
      .timerCanceled('1', timer);
    h.continuedAsNew(CRAWL_WORKFLOW, { ...input, seeded: true });
    const scheduled = await replay(today('continued', h));
    expect(types(scheduled)).toEqual(['loadCrawl', 'fetchAndExtract', 'deduplicateAndStore']);
    expect(scheduled[1]!.args).toEqual([{ job: crawl, batchId: batch(0), limit: 1 }]);
  }, 60_000);

  it('replays an extraction crawl: fetch, then the extract step on trawl-extract, then store', async () => {
    const crawl = {
      ...job,
      extractionMethod: 'relevance' as const,
      settings: { ...job.settings, extraction: 'Only tech posts' },
    };
    const h = new HistoryBuilder(http, start);
    const { timer, fetch, fetchStarted } = begin(h, { crawlId }, crawl);
    h.activityCompleted(fetch, fetchStarted, { claimed: 1, startPageFailure: null })
      .workflowTask()
      .activity(
        'extractBatch',
        TASK_QUEUES.extract,
        { job: crawl, batchId: batch(0) },
        { extracted: 1, failed: 0, error: null, failureLimit: 5 },
      )
      .workflowTask()
      .activity(
        'deduplicateAndStore',
        http,
        { job: crawl, batchId: batch(0) },
        { numberOfResults: 1, stillRunning: true },
      )
      .workflowTask()
      .activity('finishCrawl', http, { crawlId, status: 'succeeded', logs: [] }, true)
      .workflowTask()
      .timerCanceled('1', timer);
    h.activity('releaseCrawl', http, crawlId, null).workflowTask().completed({ status: 'succeeded' });
    expect(types(await replay(h.build()))).toEqual([
      'loadCrawl',
      'fetchAndExtract',
      'extractBatch',
      'deduplicateAndStore',
      'finishCrawl',
      'releaseCrawl',
    ]);
  }, 60_000);

  it('needs its patch: an extraction crawl started before the extract step still goes straight to store', async () => {
    // A run of the version before `ai-extraction-step` (no marker for it) replays without the extract step.
    const crawl = { ...job, settings: { ...job.settings, extraction: 'Only tech posts' } };
    const before = Object.values(PATCHES).filter((p) => p !== PATCHES.extractionStep);
    const h = new HistoryBuilder(http, start);
    const { timer, fetch, fetchStarted } = begin(h, { crawlId }, crawl, before);
    h.activityCompleted(fetch, fetchStarted, { claimed: 1, startPageFailure: null })
      .workflowTask()
      .activity(
        'deduplicateAndStore',
        http,
        { job: crawl, batchId: batch(0) },
        { numberOfResults: 1, stillRunning: true },
      )
      .workflowTask()
      .activity('finishCrawl', http, { crawlId, status: 'succeeded', logs: [] }, true)
      .workflowTask()
      .timerCanceled('1', timer);
    h.activity('releaseCrawl', http, crawlId, null).workflowTask().completed({ status: 'succeeded' });
    expect(types(await replay(h.build()))).toEqual([
      'loadCrawl',
      'fetchAndExtract',
      'deduplicateAndStore',
      'finishCrawl',
      'releaseCrawl',
    ]);
  }, 60_000);

  it('fails the crawl when the extract step reports too many failed pages in a row', async () => {
    const crawl = {
      ...job,
      extractionMethod: 'llm' as const,
      settings: { ...job.settings, extraction: 'Only tech posts' },
    };
    const h = new HistoryBuilder(http, start);
    const { timer, fetch, fetchStarted } = begin(h, { crawlId }, crawl);
    const logs = [
      {
        level: 'error',
        message: 'Crawl failed',
        description: 'Extraction failed for 1 pages in a row; the last error: 500 The model is down',
      },
    ];
    h.activityCompleted(fetch, fetchStarted, { claimed: 1, startPageFailure: null })
      .workflowTask()
      .activity(
        'extractBatch',
        TASK_QUEUES.extract,
        { job: crawl, batchId: batch(0) },
        { extracted: 0, failed: 1, error: '500 The model is down', failureLimit: 1 },
      )
      .workflowTask()
      .activity('finishCrawl', http, { crawlId, status: 'failed', logs }, true)
      .workflowTask()
      .timerCanceled('1', timer);
    h.activity('releaseCrawl', http, crawlId, null).workflowTask().completed({ status: 'failed' });
    const scheduled = await replay(h.build());
    expect(types(scheduled)).toEqual([
      'loadCrawl',
      'fetchAndExtract',
      'extractBatch',
      'finishCrawl',
      'releaseCrawl',
    ]);
    expect(scheduled[3]!.args).toEqual([{ crawlId, status: 'failed', logs }]);
  }, 60_000);

  it('fails replay when the workflow would decide differently', async () => {
    // Here the first batch found the start page unfetchable, yet the history goes on to store it: the
    // workflow would finish the crawl `failed` instead, which replay must report.
    const h = new HistoryBuilder(http, start);
    const { fetch, fetchStarted } = begin(h);
    h.activityCompleted(fetch, fetchStarted, {
      claimed: 1,
      startPageFailure: [{ level: 'warn', message: 'Failed', description: 'HTTP 404' }],
    })
      .workflowTask()
      .activity(
        'deduplicateAndStore',
        http,
        { job, batchId: batch(0) },
        { numberOfResults: 1, stillRunning: true },
      )
      .workflowTask()
      .completed({ status: 'succeeded' });
    await expect(replay(h.build())).rejects.toThrow(/nondeterminism/i);
  }, 60_000);
});

describe('histories of earlier versions', () => {
  const files = readdirSync(HISTORIES).filter((f) => f.endsWith('.json'));
  const load = (file: string) =>
    JSON.parse(readFileSync(`${HISTORIES}${file}`, 'utf8')) as { events: Array<Record<string, unknown>> };

  it('keeps those of v1 (before patches) and v2 (today) to replay', () => {
    expect(files).toEqual([
      'v1-aborted.json',
      'v1-succeeded.json',
      'v1-timed-out.json',
      'v2-aborted.json',
      'v2-continued.json',
      'v2-failed.json',
      'v2-succeeded.json',
      'v2-timed-out.json',
    ]);
  });

  it.each(files)(
    'still replays %s',
    async (file) => {
      await replay(historyFromJSON(load(file)));
    },
    60_000,
  );

  it('needs its patch: v1’s abort, in a run of today’s version (patch markers present), does not replay', async () => {
    // v1 cleaned up without waiting for the cancelled fetch. Today's code, unguarded, would wait for it:
    // every crawl aborted across the deploy would then fail replay.
    const h = new HistoryBuilder(http, start);
    const { timer, fetch, fetchStarted } = begin(h);
    h.cancelRequested().workflowTask().activityCancelRequested(fetch).timerCanceled('1', timer);
    h.activity('releaseCrawl', http, crawlId, null)
      .activityCanceled(fetch, fetchStarted)
      .workflowTask()
      .canceled();
    await expect(replay(h.build())).rejects.toThrow(/nondeterminism/i);
  }, 60_000);
});
