import * as grpc from '@grpc/grpc-js';
import { Connection } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import { TASK_QUEUES } from '@trawl/workflows/temporal';
import { afterEach, expect, it } from 'vitest';
import { workersArePolling } from '../src/crawls/temporal-health.js';

// The real Temporal client asks a gRPC frontend that answers DescribeTaskQueue for the queues named in
// `polled` only: a deployment with no worker on one queue crawls must use is not healthy.
const api = temporal.api.workflowservice.v1;
const SERVICE = '/temporal.api.workflowservice.v1.WorkflowService/';
const WORKFLOW_TASKS = 1;

let closeFrontend: (() => Promise<void>) | undefined;
let connection: Connection | undefined;
afterEach(async () => {
  await connection?.close();
  await closeFrontend?.();
});

async function frontend(polled: Array<[string, number]>): Promise<string> {
  const server = new grpc.Server();
  const asked: Array<[string, number]> = [];
  server.addService(
    {
      DescribeTaskQueue: {
        path: `${SERVICE}DescribeTaskQueue`,
        requestStream: false,
        responseStream: false,
        requestSerialize: (m: temporal.api.workflowservice.v1.DescribeTaskQueueRequest) =>
          Buffer.from(api.DescribeTaskQueueRequest.encode(m).finish()),
        requestDeserialize: (b: Buffer) => api.DescribeTaskQueueRequest.decode(b),
        responseSerialize: (m: temporal.api.workflowservice.v1.DescribeTaskQueueResponse) =>
          Buffer.from(api.DescribeTaskQueueResponse.encode(m).finish()),
        responseDeserialize: (b: Buffer) => api.DescribeTaskQueueResponse.decode(b),
      },
    },
    {
      DescribeTaskQueue: (
        call: grpc.ServerUnaryCall<temporal.api.workflowservice.v1.DescribeTaskQueueRequest, unknown>,
        callback: grpc.sendUnaryData<temporal.api.workflowservice.v1.DescribeTaskQueueResponse>,
      ) => {
        const name = call.request.taskQueue?.name ?? '';
        const type = Number(call.request.taskQueueType);
        asked.push([name, type]);
        const live = polled.some(([n, t]) => n === name && t === type);
        const seen = { seconds: Math.floor(Date.now() / 1000) - 5, nanos: 0 };
        callback(
          null,
          api.DescribeTaskQueueResponse.fromObject({ pollers: live ? [{ lastAccessTime: seen }] : [] }),
        );
      },
    },
  );
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, p) =>
      err ? reject(err) : resolve(p),
    ),
  );
  closeFrontend = () => new Promise<void>((resolve) => server.tryShutdown(() => resolve()));
  return `127.0.0.1:${port}`;
}

const ACTIVITY_TASKS = 2;
const everyQueue: Array<[string, number]> = [
  [TASK_QUEUES.http, WORKFLOW_TASKS],
  [TASK_QUEUES.http, ACTIVITY_TASKS],
  [TASK_QUEUES.browser, ACTIVITY_TASKS],
  [TASK_QUEUES.extract, ACTIVITY_TASKS],
];

it('is healthy when workers poll trawl-http, trawl-browser and trawl-extract', async () => {
  connection = await Connection.connect({ address: await frontend(everyQueue) });
  await expect(workersArePolling(connection, 'default')).resolves.toBe(true);
});

it('is not healthy when no worker polls the AI extraction queue', async () => {
  const withoutExtract = everyQueue.filter(([name]) => name !== TASK_QUEUES.extract);
  connection = await Connection.connect({ address: await frontend(withoutExtract) });
  await expect(workersArePolling(connection, 'default')).resolves.toBe(false);
});

it('is not healthy when no worker polls the browser queue', async () => {
  const withoutBrowser = everyQueue.filter(([name]) => name !== TASK_QUEUES.browser);
  connection = await Connection.connect({ address: await frontend(withoutBrowser) });
  await expect(workersArePolling(connection, 'default')).resolves.toBe(false);
});
