import { describe, expect, it } from 'vitest';
import { SCHEDULED_RUN_WORKFLOW, TASK_QUEUES, type ScheduledRunInput } from '../../src/temporal/shared.js';
import { HistoryBuilder } from './history-builder.js';
import { replayRecording } from './replay-recording.js';

// The workflow a Temporal Schedule starts for each run of a Trawl schedule, replayed from histories written
// by hand: it asks its one activity to record and start the run for the time the run was due.

const http = TASK_QUEUES.http;
const input: ScheduledRunInput = {
  scheduleId: '0193a1e2-7b7c-7cc0-8f5e-aaaaaaaaaaaa',
  crawl: {
    loop: { batchSize: 8, maxBatchesPerRun: 200, heartbeatTimeoutSeconds: 30 } as never,
    retryWindowSeconds: 600,
  },
};
const started = new Date('2026-11-26T09:00:03Z');

const replay = (h: HistoryBuilder) => replayRecording(h.build(), 'scheduled-run', 'trawl-schedule-run');

describe('scheduled run workflow replay', () => {
  it('records and starts the run for the time the Schedule says it was due', async () => {
    const h = new HistoryBuilder(http, started);
    h.started(SCHEDULED_RUN_WORKFLOW, input, {
      TemporalScheduledStartTime: ['Datetime', '2026-11-26T09:00:00Z'],
    }).workflowTask();
    const outcome = { status: 'started', crawlId: '0193a1e2-7b7c-7cc0-8f5e-bbbbbbbbbbbb' };
    h.activity('runScheduledCrawl', http, { ...input, dueAt: '2026-11-26T09:00:00.000Z' }, outcome)
      .workflowTask()
      .completed(outcome);
    expect(await replay(h)).toEqual([
      { type: 'runScheduledCrawl', args: [{ ...input, dueAt: '2026-11-26T09:00:00.000Z' }] },
    ]);
  }, 60_000);

  it('started by hand, without the Schedule’s attribute: the run is due when the workflow started', async () => {
    const h = new HistoryBuilder(http, started);
    h.started(SCHEDULED_RUN_WORKFLOW, input).workflowTask();
    h.activity('runScheduledCrawl', http, { ...input, dueAt: started.toISOString() }, { status: 'taken' })
      .workflowTask()
      .completed({ status: 'taken' });
    expect(await replay(h)).toEqual([
      { type: 'runScheduledCrawl', args: [{ ...input, dueAt: started.toISOString() }] },
    ]);
  }, 60_000);
});
