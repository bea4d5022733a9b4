import { fileURLToPath } from 'node:url';
import { Worker } from '@temporalio/worker';
import { crawlWorkflowsPath } from '../../src/temporal/worker.js';
import type { HistoryBuilder } from './history-builder.js';

/** An activity the workflow scheduled during replay: its type and arguments. */
export interface Scheduled {
  type: string;
  args: unknown[];
}

/**
 * Replays a history against today's workflow code and returns the activities the workflow scheduled, in
 * order: replay itself compares only the kind and order of commands, so an interceptor
 * (record-activities.ts) records the activity types and arguments for the tests to check.
 */
export async function replayRecording(
  history: ReturnType<HistoryBuilder['build']>,
  replayName: string,
  workflowId: string,
): Promise<Scheduled[]> {
  const scheduled: Scheduled[] = [];
  await Worker.runReplayHistory(
    {
      workflowsPath: crawlWorkflowsPath(),
      replayName,
      interceptors: { workflowModules: [fileURLToPath(new URL('./record-activities.ts', import.meta.url))] },
      sinks: {
        recorder: {
          activity: {
            fn: (_info: unknown, type: string, args: unknown[]) => void scheduled.push({ type, args }),
            callDuringReplay: true,
          },
        },
      },
    },
    history,
    workflowId,
  );
  return scheduled;
}
