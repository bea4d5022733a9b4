import type { Connection } from '@temporalio/client';
import { TASK_QUEUES } from '@trawl/workflows/temporal';

/**
 * A worker long-polls each task queue for up to about a minute and polls again as soon as one ends, so a
 * poller Temporal last saw longer ago than this has stopped (Temporal itself forgets it only after 5).
 */
export const POLLER_GONE_AFTER_MS = 2 * 60_000;

// temporal.api.enums.v1.TaskQueueType, without importing the generated protobuf module.
const WORKFLOW_TASKS = 1;
const ACTIVITY_TASKS = 2;

/**
 * What crawls need polled: workflows and plain fetches on trawl-http, Chromium renders on trawl-browser, and
 * the AI extraction step on trawl-extract (without it, a crawl with an instruction waits forever).
 */
const NEEDED_QUEUES = [
  { name: TASK_QUEUES.http, type: WORKFLOW_TASKS },
  { name: TASK_QUEUES.http, type: ACTIVITY_TASKS },
  { name: TASK_QUEUES.browser, type: ACTIVITY_TASKS },
  { name: TASK_QUEUES.extract, type: ACTIVITY_TASKS },
] as const;

/** A protobuf int64 as the Temporal client decodes it: a number or a Long. */
type Int64 = number | { toNumber(): number };

export interface PollerSeen {
  lastAccessTime?: { seconds?: Int64 | null; nanos?: number | null } | null;
}

/** Whether any of a task queue's pollers was seen recently enough to be alive at `now`. */
export function hasLivePoller(pollers: readonly PollerSeen[] | null | undefined, now: number): boolean {
  return (pollers ?? []).some((poller) => {
    const seconds = poller.lastAccessTime?.seconds;
    if (seconds === null || seconds === undefined) return false;
    const seenAt = (typeof seconds === 'number' ? seconds : seconds.toNumber()) * 1000;
    return now - seenAt < POLLER_GONE_AFTER_MS;
  });
}

/**
 * Whether workers poll every task queue crawls need. Throws when Temporal does not answer (the connection's
 * deadline bounds the wait), so the caller can tell "unreachable" from "no workers" if it wants to.
 */
export async function workersArePolling(connection: Connection, namespace: string): Promise<boolean> {
  // allSettled: every call has ended (retries included) before this returns, so none outlives a close.
  const settled = await Promise.allSettled(
    NEEDED_QUEUES.map(({ name, type }) =>
      connection.workflowService.describeTaskQueue({ namespace, taskQueue: { name }, taskQueueType: type }),
    ),
  );
  const now = Date.now();
  return settled.every((answer) => {
    if (answer.status === 'rejected') throw answer.reason;
    return hasLivePoller(answer.value.pollers, now);
  });
}
