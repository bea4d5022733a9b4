// Just enough of Temporal's frontend gRPC service for a real Worker (the SDK's Rust core) to run one
// activity task: it hands out the task, records each heartbeat the worker sends, answers heartbeats with
// `cancelRequested` once cancel() is called, and records how the task ended. No Temporal server can be
// had on every machine; this lets a test watch heartbeats and cancellation as they go over the wire.
import * as grpc from '@grpc/grpc-js';
import { temporal } from '@temporalio/proto';

const api = temporal.api.workflowservice.v1;
const SERVICE = '/temporal.api.workflowservice.v1.WorkflowService/';

interface Codec<T> {
  decode(bytes: Uint8Array): T;
  encode(message: T): { finish(): Uint8Array };
  fromObject(object: Record<string, unknown>): T;
}

export interface ActivityTask {
  activityType: string;
  input: unknown[];
  heartbeatTimeoutSeconds: number;
}

export interface FakeFrontend {
  /** host:port for NativeConnection.connect. */
  address: string;
  /** The next activity poll receives this task. */
  offer(task: ActivityTask): void;
  /** When each heartbeat of the task arrived (ms since epoch). */
  heartbeats: number[];
  /** From now on, heartbeats are answered with cancelRequested. */
  cancel(): void;
  /** Resolves with how the task ended and when. */
  outcome: Promise<{ kind: 'completed' | 'failed' | 'canceled'; at: number; detail: unknown }>;
  close(): Promise<void>;
}

const b64Json = (value: unknown) => ({
  metadata: { encoding: Buffer.from('json/plain') },
  data: Buffer.from(JSON.stringify(value)),
});

export async function startFakeFrontend(): Promise<FakeFrontend> {
  const server = new grpc.Server();
  const heartbeats: number[] = [];
  let cancelRequested = false;
  let offered: ActivityTask | null = null;
  const waitingPolls: Array<() => void> = [];
  let settle!: (o: { kind: 'completed' | 'failed' | 'canceled'; at: number; detail: unknown }) => void;
  const outcome = new Promise<{ kind: 'completed' | 'failed' | 'canceled'; at: number; detail: unknown }>(
    (resolve) => (settle = resolve),
  );
  const pending = new Set<() => void>();

  const unary = <Req, Res>(
    name: string,
    req: Codec<Req>,
    res: Codec<Res>,
    handle: (request: Req) => Promise<Record<string, unknown>> | Record<string, unknown>,
  ) => {
    const definition: grpc.ServiceDefinition = {
      [name]: {
        path: `${SERVICE}${name}`,
        requestStream: false,
        responseStream: false,
        requestSerialize: (m: Req) => Buffer.from(req.encode(m).finish()),
        requestDeserialize: (b: Buffer) => req.decode(b),
        responseSerialize: (m: Res) => Buffer.from(res.encode(m).finish()),
        responseDeserialize: (b: Buffer) => res.decode(b),
      },
    };
    server.addService(definition, {
      [name]: (call: grpc.ServerUnaryCall<Req, Res>, callback: grpc.sendUnaryData<Res>) => {
        Promise.resolve(handle(call.request)).then(
          (answer) => callback(null, res.fromObject(answer)),
          (err: Error) => callback({ code: grpc.status.INTERNAL, details: err.message }),
        );
      },
    });
  };

  unary('GetSystemInfo', api.GetSystemInfoRequest, api.GetSystemInfoResponse, () => ({
    serverVersion: '1.28.0',
    capabilities: { signalAndQueryHeader: true, internalErrorDifferentiation: true, sdkMetadata: true },
  }));
  unary('DescribeNamespace', api.DescribeNamespaceRequest, api.DescribeNamespaceResponse, (r) => ({
    namespaceInfo: { name: r.namespace || 'default', state: 1, id: 'fake-namespace-id' },
    config: {},
  }));
  unary(
    'PollActivityTaskQueue',
    api.PollActivityTaskQueueRequest,
    api.PollActivityTaskQueueResponse,
    async () => {
      if (!offered) {
        // A long poll: held until a task is offered or a few seconds pass, then answered empty.
        await new Promise<void>((resolve) => {
          const wake = (): void => {
            clearTimeout(timer);
            pending.delete(wake);
            resolve();
          };
          const timer = setTimeout(wake, 3_000);
          waitingPolls.push(wake);
          pending.add(wake);
        });
      }
      const task = offered;
      offered = null;
      if (!task) return {};
      const now = { seconds: Math.floor(Date.now() / 1000), nanos: 0 };
      return {
        taskToken: Buffer.from('task-1'),
        workflowNamespace: 'default',
        workflowType: { name: 'crawlWorkflow' },
        workflowExecution: { workflowId: 'crawl-heartbeat-test', runId: 'run-1' },
        activityType: { name: task.activityType },
        activityId: '1',
        input: { payloads: task.input.map(b64Json) },
        scheduledTime: now,
        currentAttemptScheduledTime: now,
        startedTime: now,
        attempt: 1,
        scheduleToCloseTimeout: { seconds: 3600 },
        startToCloseTimeout: { seconds: 3600 },
        heartbeatTimeout: { seconds: task.heartbeatTimeoutSeconds },
      };
    },
  );
  unary(
    'RecordActivityTaskHeartbeat',
    api.RecordActivityTaskHeartbeatRequest,
    api.RecordActivityTaskHeartbeatResponse,
    () => {
      heartbeats.push(Date.now());
      return { cancelRequested };
    },
  );
  unary(
    'RespondActivityTaskCompleted',
    api.RespondActivityTaskCompletedRequest,
    api.RespondActivityTaskCompletedResponse,
    (r) => {
      settle({ kind: 'completed', at: Date.now(), detail: r.result });
      return {};
    },
  );
  unary(
    'RespondActivityTaskFailed',
    api.RespondActivityTaskFailedRequest,
    api.RespondActivityTaskFailedResponse,
    (r) => {
      settle({ kind: 'failed', at: Date.now(), detail: r.failure?.message });
      return {};
    },
  );
  unary(
    'RespondActivityTaskCanceled',
    api.RespondActivityTaskCanceledRequest,
    api.RespondActivityTaskCanceledResponse,
    (r) => {
      settle({ kind: 'canceled', at: Date.now(), detail: r.details });
      return {};
    },
  );
  unary('ShutdownWorker', api.ShutdownWorkerRequest, api.ShutdownWorkerResponse, () => ({}));
  unary(
    'RecordWorkerHeartbeat',
    api.RecordWorkerHeartbeatRequest,
    api.RecordWorkerHeartbeatResponse,
    () => ({}),
  );

  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, p) =>
      err ? reject(err) : resolve(p),
    ),
  );

  return {
    address: `127.0.0.1:${port}`,
    offer(task) {
      offered = task;
      waitingPolls.shift()?.();
    },
    heartbeats,
    cancel() {
      cancelRequested = true;
    },
    outcome,
    async close() {
      for (const wake of [...pending]) wake();
      await new Promise<void>((resolve) => server.tryShutdown(() => resolve()));
      server.forceShutdown();
    },
  };
}
