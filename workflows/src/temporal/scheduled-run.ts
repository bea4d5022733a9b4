import { defineSearchAttributeKey } from '@temporalio/common';
import { proxyActivities, workflowInfo } from '@temporalio/workflow';
import { databaseActivityOptions } from './activity-options.js';
import type { ScheduledRunActivities, ScheduledRunInput, ScheduledRunOutcome } from './shared.js';

/** Set by Temporal on every workflow a Schedule starts: the time the run was due. */
const SCHEDULED_START_TIME = defineSearchAttributeKey('TemporalScheduledStartTime', 'DATETIME');

/**
 * One run of a schedule, started by its Temporal Schedule: records the run for its due time and starts its
 * crawl, in one activity that a retry cannot double (the run is unique per schedule and due time). The
 * crawl runs in a workflow of its own; this one ends once the crawl has started.
 */
export async function scheduledCrawlRun(input: ScheduledRunInput): Promise<ScheduledRunOutcome> {
  const info = workflowInfo();
  // Started by hand (`temporal workflow start`) rather than by the Schedule: due now.
  const dueAt = info.typedSearchAttributes.get(SCHEDULED_START_TIME) ?? info.startTime;
  const activities = proxyActivities<ScheduledRunActivities>(
    databaseActivityOptions(input.crawl.retryWindowSeconds),
  );
  return activities.runScheduledCrawl({ ...input, dueAt: dueAt.toISOString() });
}
