// The schedule calls of Temporal's frontend gRPC service, enough for the real @temporalio/client's
// ScheduleClient: it keeps each schedule as sent, answers DescribeSchedule with it, and records every
// request, so a test sees what the API asked of Temporal over the wire. `down` makes every call fail as an
// unreachable server would. No Temporal server can be had on every machine (see fake-temporal-frontend.ts).
import * as grpc from '@grpc/grpc-js';
import { temporal } from '@temporalio/proto';

const api = temporal.api.workflowservice.v1;
const SERVICE = '/temporal.api.workflowservice.v1.WorkflowService/';

interface Codec<T> {
  decode(bytes: Uint8Array): T;
  encode(message: T): { finish(): Uint8Array };
  fromObject(object: Record<string, unknown>): T;
  toObject(message: T, options?: Record<string, unknown>): object;
}

export type ScheduleCall = 'CreateSchedule' | 'UpdateSchedule' | 'PatchSchedule' | 'DeleteSchedule';

/** A schedule as a plain object (enums by name, durations in seconds as strings): what tests read of it. */
export interface ScheduleObject {
  spec: {
    cronString: string[];
    timezoneName: string;
    interval: Array<{ interval: { seconds: string }; phase?: { seconds: string } }>;
  };
  policies: { overlapPolicy: string };
  state?: { paused?: boolean; notes?: string };
  action: {
    startWorkflow: {
      workflowType: { name: string };
      taskQueue: { name: string };
      workflowId: string;
      input: { payloads: Array<{ data?: string }> };
    };
  };
}

/** A request as a plain object: fields a request lacks are undefined, whatever the type says. */
export interface RecordedCall {
  method: ScheduleCall;
  scheduleId: string;
  request: { scheduleId: string; schedule: ScheduleObject; patch: { pause?: string; unpause?: string } };
}

export interface FakeScheduleFrontend {
  address: string;
  /** The schedule calls received, in order (DescribeSchedule, a read, is not recorded). */
  calls: RecordedCall[];
  /** The schedules held now, by id, as last created or updated. */
  schedules: Map<string, ScheduleObject>;
  /** While true, every call fails UNAVAILABLE, as a Temporal that cannot be reached. */
  down: boolean;
  close(): Promise<void>;
}

/** The JSON a payload carries (the action's workflow arguments). */
export const payloadJson = (payload: { data?: string }): unknown =>
  JSON.parse(Buffer.from(payload.data ?? '', 'base64').toString('utf8'));

const plain = { enums: String, longs: String, bytes: String, defaults: false };

export async function startFakeScheduleFrontend(): Promise<FakeScheduleFrontend> {
  const server = new grpc.Server();
  const stored = new Map<string, temporal.api.schedule.v1.ISchedule>();
  const state: FakeScheduleFrontend = {
    address: '',
    calls: [],
    schedules: new Map(),
    down: false,
    close: async () => undefined,
  };

  const unary = <Req, Res>(
    name: string,
    req: Codec<Req>,
    res: Codec<Res>,
    handle: (request: Req) => Record<string, unknown>,
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
        if (state.down && name !== 'GetSystemInfo')
          return callback({ code: grpc.status.UNAVAILABLE, details: 'Temporal is down (test)' });
        try {
          callback(null, res.fromObject(handle(call.request)));
        } catch (err: unknown) {
          const e = err as { code?: grpc.status; message: string };
          callback({ code: e.code ?? grpc.status.INTERNAL, details: e.message });
        }
      },
    });
  };
  const record = <T>(method: ScheduleCall, codec: Codec<T>, request: T): RecordedCall['request'] => {
    const object = codec.toObject(request, plain) as RecordedCall['request'];
    state.calls.push({ method, scheduleId: object.scheduleId, request: object });
    return object;
  };
  const idOf = (r: { scheduleId?: string | null }): string => r.scheduleId ?? '';
  const notFound = (id: string) =>
    Object.assign(new Error(`schedule ${id} not found`), { code: grpc.status.NOT_FOUND });

  unary('GetSystemInfo', api.GetSystemInfoRequest, api.GetSystemInfoResponse, () => ({
    serverVersion: '1.28.0',
    capabilities: { signalAndQueryHeader: true, internalErrorDifferentiation: true, sdkMetadata: true },
  }));
  unary('CreateSchedule', api.CreateScheduleRequest, api.CreateScheduleResponse, (r) => {
    const object = record('CreateSchedule', api.CreateScheduleRequest, r);
    if (stored.has(idOf(r)))
      throw Object.assign(new Error('schedule already exists'), { code: grpc.status.ALREADY_EXISTS });
    stored.set(idOf(r), r.schedule ?? {});
    state.schedules.set(idOf(r), object.schedule);
    return { conflictToken: Buffer.from('1') };
  });
  unary('DescribeSchedule', api.DescribeScheduleRequest, api.DescribeScheduleResponse, (r) => {
    const schedule = stored.get(idOf(r));
    if (!schedule) throw notFound(idOf(r));
    const now = { seconds: Math.floor(Date.now() / 1000) };
    return { schedule, info: { createTime: now, updateTime: now }, conflictToken: Buffer.from('1') };
  });
  unary('UpdateSchedule', api.UpdateScheduleRequest, api.UpdateScheduleResponse, (r) => {
    const object = record('UpdateSchedule', api.UpdateScheduleRequest, r);
    if (!stored.has(idOf(r))) throw notFound(idOf(r));
    stored.set(idOf(r), r.schedule ?? {});
    state.schedules.set(idOf(r), object.schedule);
    return {};
  });
  unary('PatchSchedule', api.PatchScheduleRequest, api.PatchScheduleResponse, (r) => {
    const object = record('PatchSchedule', api.PatchScheduleRequest, r);
    const schedule = stored.get(idOf(r));
    if (!schedule) throw notFound(idOf(r));
    const paused = object.patch.pause ? true : object.patch.unpause ? false : undefined;
    const plainSchedule = state.schedules.get(idOf(r));
    if (paused !== undefined && plainSchedule) {
      schedule.state = { ...schedule.state, paused };
      state.schedules.set(idOf(r), { ...plainSchedule, state: { paused } });
    }
    return {};
  });
  unary('DeleteSchedule', api.DeleteScheduleRequest, api.DeleteScheduleResponse, (r) => {
    record('DeleteSchedule', api.DeleteScheduleRequest, r);
    if (!stored.delete(idOf(r))) throw notFound(idOf(r));
    state.schedules.delete(idOf(r));
    return {};
  });

  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, p) =>
      err ? reject(err) : resolve(p),
    ),
  );
  state.address = `127.0.0.1:${port}`;
  state.close = async () => {
    await new Promise<void>((resolve) => server.tryShutdown(() => resolve()));
    server.forceShutdown();
  };
  return state;
}
