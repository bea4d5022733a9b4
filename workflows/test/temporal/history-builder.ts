// Builds workflow histories by hand, event by event, in the JSON form Temporal exports (short event type
// names, string ids, base64 payloads), for Worker.runReplayHistory.
import { historyFromJSON } from '@temporalio/common/lib/proto-utils.js';

const b64 = (text: string): string => Buffer.from(text).toString('base64');
const payload = (value: unknown) => ({
  metadata: { encoding: b64('json/plain') },
  data: b64(JSON.stringify(value)),
});
const payloads = (...values: unknown[]) => ({ payloads: values.map(payload) });

export class HistoryBuilder {
  private readonly events: Array<Record<string, unknown>> = [];
  private time: number;
  private activityCount = 0;
  private timerCount = 0;
  private lastWorkflowTaskCompleted = '0';

  constructor(
    private readonly taskQueue: string,
    start: Date,
  ) {
    this.time = start.getTime();
  }

  private add(eventType: string, attributesKey: string, attributes: Record<string, unknown>): string {
    const eventId = String(this.events.length + 1);
    this.events.push({
      eventId,
      eventTime: new Date(this.time).toISOString(),
      eventType,
      version: '0',
      taskId: String(1000 + this.events.length),
      [attributesKey]: attributes,
    });
    return eventId;
  }

  /** Moves the clock the workflow sees (the time of the next workflow task). */
  advance(ms: number): this {
    this.time += ms;
    return this;
  }

  /** The workflow started; `searchAttributes` as a Schedule sets them (name to [type, value]). */
  started(
    workflowType: string,
    input: unknown,
    searchAttributes: Record<string, [type: string, value: unknown]> = {},
  ): this {
    const indexedFields = Object.fromEntries(
      Object.entries(searchAttributes).map(([name, [type, value]]) => [
        name,
        { metadata: { encoding: b64('json/plain'), type: b64(type) }, data: b64(JSON.stringify(value)) },
      ]),
    );
    this.add('WorkflowExecutionStarted', 'workflowExecutionStartedEventAttributes', {
      ...(Object.keys(indexedFields).length ? { searchAttributes: { indexedFields } } : {}),
      workflowType: { name: workflowType },
      taskQueue: { name: this.taskQueue, kind: 'Normal' },
      input: payloads(input),
      workflowTaskTimeout: '10s',
      originalExecutionRunId: 'run-1',
      firstExecutionRunId: 'run-1',
      attempt: 1,
      firstWorkflowTaskBackoff: '0s',
      header: { fields: {} },
    });
    return this;
  }

  /** A workflow task: scheduled, started, completed. The commands it produced follow as events. */
  workflowTask(): this {
    const scheduledEventId = this.add('WorkflowTaskScheduled', 'workflowTaskScheduledEventAttributes', {
      taskQueue: { name: this.taskQueue, kind: 'Normal' },
      startToCloseTimeout: '10s',
      attempt: 1,
    });
    const startedEventId = this.add('WorkflowTaskStarted', 'workflowTaskStartedEventAttributes', {
      scheduledEventId,
      identity: 'replay',
      requestId: `wft-${scheduledEventId}`,
    });
    this.lastWorkflowTaskCompleted = this.add(
      'WorkflowTaskCompleted',
      'workflowTaskCompletedEventAttributes',
      { scheduledEventId, startedEventId, identity: 'replay' },
    );
    return this;
  }

  activityScheduled(activityType: string, taskQueue: string, input: unknown): string {
    return this.add('ActivityTaskScheduled', 'activityTaskScheduledEventAttributes', {
      activityId: String(++this.activityCount),
      activityType: { name: activityType },
      taskQueue: { name: taskQueue, kind: 'Normal' },
      header: { fields: {} },
      input: payloads(input),
      scheduleToCloseTimeout: '0s',
      scheduleToStartTimeout: '0s',
      startToCloseTimeout: '600s',
      heartbeatTimeout: '30s',
      workflowTaskCompletedEventId: this.lastWorkflowTaskCompleted,
      retryPolicy: {
        nonRetryableErrorTypes: [],
        initialInterval: '1s',
        backoffCoefficient: 2,
        maximumInterval: '60s',
        maximumAttempts: 10,
      },
    });
  }

  activityStarted(scheduledEventId: string): string {
    return this.add('ActivityTaskStarted', 'activityTaskStartedEventAttributes', {
      scheduledEventId,
      identity: 'replay',
      requestId: `act-${scheduledEventId}`,
      attempt: 1,
    });
  }

  activityCompleted(scheduledEventId: string, startedEventId: string, result: unknown): this {
    this.add('ActivityTaskCompleted', 'activityTaskCompletedEventAttributes', {
      result: payloads(result),
      scheduledEventId,
      startedEventId,
      identity: 'replay',
    });
    return this;
  }

  /** An activity scheduled, started and completed with `result`, back to back. */
  activity(activityType: string, taskQueue: string, input: unknown, result: unknown): this {
    const scheduled = this.activityScheduled(activityType, taskQueue, input);
    return this.activityCompleted(scheduled, this.activityStarted(scheduled), result);
  }

  /** An activity attempt that failed for good (out of retries, or not retryable). */
  activityFailed(
    scheduledEventId: string,
    startedEventId: string,
    failure: { message: string; type: string },
    retryState:
      'RETRY_STATE_TIMEOUT' | 'RETRY_STATE_MAXIMUM_ATTEMPTS_REACHED' | 'RETRY_STATE_NON_RETRYABLE_FAILURE',
  ): this {
    this.add('ActivityTaskFailed', 'activityTaskFailedEventAttributes', {
      failure: {
        message: failure.message,
        source: 'TypeScriptSDK',
        applicationFailureInfo: { type: failure.type, nonRetryable: false },
      },
      scheduledEventId,
      startedEventId,
      identity: 'replay',
      retryState,
    });
    return this;
  }

  /** The marker `patched(patchId)` records the first time a new run calls it. */
  patchMarker(patchId: string): this {
    this.add('MarkerRecorded', 'markerRecordedEventAttributes', {
      markerName: 'core_patch',
      details: { 'patch-data': payloads({ id: patchId, deprecated: false }) },
      workflowTaskCompletedEventId: this.lastWorkflowTaskCompleted,
    });
    return this;
  }

  activityCancelRequested(scheduledEventId: string): this {
    this.add('ActivityTaskCancelRequested', 'activityTaskCancelRequestedEventAttributes', {
      scheduledEventId,
      workflowTaskCompletedEventId: this.lastWorkflowTaskCompleted,
    });
    return this;
  }

  activityCanceled(scheduledEventId: string, startedEventId: string): this {
    this.add('ActivityTaskCanceled', 'activityTaskCanceledEventAttributes', {
      scheduledEventId,
      startedEventId,
      identity: 'replay',
    });
    return this;
  }

  timerStarted(durationSeconds: number): string {
    return this.add('TimerStarted', 'timerStartedEventAttributes', {
      timerId: String(++this.timerCount),
      startToFireTimeout: `${durationSeconds}s`,
      workflowTaskCompletedEventId: this.lastWorkflowTaskCompleted,
    });
  }

  timerFired(timerId: string, startedEventId: string): this {
    this.add('TimerFired', 'timerFiredEventAttributes', { timerId, startedEventId });
    return this;
  }

  timerCanceled(timerId: string, startedEventId: string): this {
    this.add('TimerCanceled', 'timerCanceledEventAttributes', {
      timerId,
      startedEventId,
      workflowTaskCompletedEventId: this.lastWorkflowTaskCompleted,
      identity: 'replay',
    });
    return this;
  }

  cancelRequested(): this {
    this.add('WorkflowExecutionCancelRequested', 'workflowExecutionCancelRequestedEventAttributes', {
      cause: 'user abort',
      identity: 'api',
    });
    return this;
  }

  completed(result: unknown): this {
    this.add('WorkflowExecutionCompleted', 'workflowExecutionCompletedEventAttributes', {
      result: payloads(result),
      workflowTaskCompletedEventId: this.lastWorkflowTaskCompleted,
    });
    return this;
  }

  failed(message: string): this {
    this.add('WorkflowExecutionFailed', 'workflowExecutionFailedEventAttributes', {
      failure: { message, source: 'TypeScriptSDK', activityFailureInfo: {} },
      retryState: 'RETRY_STATE_RETRY_POLICY_NOT_SET',
      workflowTaskCompletedEventId: this.lastWorkflowTaskCompleted,
    });
    return this;
  }

  continuedAsNew(workflowType: string, input: unknown): this {
    this.add('WorkflowExecutionContinuedAsNew', 'workflowExecutionContinuedAsNewEventAttributes', {
      newExecutionRunId: 'run-2',
      workflowType: { name: workflowType },
      taskQueue: { name: this.taskQueue, kind: 'Normal' },
      input: payloads(input),
      workflowRunTimeout: '0s',
      workflowTaskTimeout: '10s',
      workflowTaskCompletedEventId: this.lastWorkflowTaskCompleted,
      header: { fields: {} },
      initiator: 'CONTINUE_AS_NEW_INITIATOR_WORKFLOW',
    });
    return this;
  }

  canceled(): this {
    this.add('WorkflowExecutionCanceled', 'workflowExecutionCanceledEventAttributes', {
      workflowTaskCompletedEventId: this.lastWorkflowTaskCompleted,
    });
    return this;
  }

  /** The history in Temporal's JSON export form, as `temporal workflow show --output json` writes it. */
  json(): { events: Array<Record<string, unknown>> } {
    return { events: this.events };
  }

  build() {
    return historyFromJSON(this.json());
  }
}
