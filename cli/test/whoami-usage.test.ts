// `trawl whoami` shows the team's usage this billing period: unlimited by default, and against a budget.
import { setTeamBilling, startTestServer, type TestServer } from '@trawl/api/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, runCli, type Sandbox } from './cli.js';

let server: TestServer;
let sandbox: Sandbox;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());
beforeEach(() => {
  sandbox = createSandbox();
});
afterEach(() => sandbox.cleanup());

const whoami = (json = false) =>
  runCli(['whoami', ...(json ? ['--json'] : []), '--api-url', server.url, '--token', server.token], sandbox);
const usageLine = (stdout: string) => stdout.match(/^Usage +(.*)$/m)?.[1];

describe('trawl whoami usage', () => {
  it('shows units used this period, unlimited by default, then against a budget', async () => {
    let run = await whoami();
    expect(run.code).toBe(0);
    expect(usageLine(run.stdout)).toMatch(
      /^0 units this billing period \(since \d{4}-\d{2}-\d{2}\), unlimited$/,
    );

    await setTeamBilling(server, server.teamId, { usageUsed: 850, maxUsage: 1000 });
    run = await whoami();
    expect(usageLine(run.stdout)).toMatch(/^850 of 1000 units this billing period \(since .*\), 85%$/);

    await setTeamBilling(server, server.teamId, { usageUsed: 1000 });
    run = await whoami();
    expect(usageLine(run.stdout)).toMatch(/, 100% \(usage full: new crawls are refused\)$/);

    const json = JSON.parse((await whoami(true)).stdout) as { usage: { used: number; max: number } };
    expect(json.usage).toMatchObject({ used: 1000, max: 1000 });
  });
});
