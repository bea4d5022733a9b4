import { bundleWorkflowCode } from '@temporalio/worker';
import { describe, expect, it } from 'vitest';
import { crawlWorkflowsPath } from '../../src/temporal/worker.js';

const quiet = {
  log: () => undefined,
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

describe('crawl workflow bundle', () => {
  it('builds, holding of our code only the deterministic loop and its types (no engine, store or Node modules)', async () => {
    const { code } = await bundleWorkflowCode({ workflowsPath: crawlWorkflowsPath(), logger: quiet });
    // Module ids are relative to the working directory: `./src/...` here, `./workflows/src/...` from the repo root.
    const ours = [...code.matchAll(/\/\*\*\*\/ "\.\/(?:workflows\/)?(src\/[^"]+)"/g)]
      .map((m) => `./${m[1]}`)
      .sort();
    expect(ours).toEqual([
      './src/crawler/settings.ts',
      // The extract step's summary type and its failure log line: pure, no extractor or model client.
      './src/extraction/summary.ts',
      './src/runner/crawl-loop.ts',
      './src/temporal/activity-options.ts',
      // A schedule's run: one activity call, nothing else.
      './src/temporal/scheduled-run.ts',
      './src/temporal/shared.ts',
      './src/temporal/workflows.ts',
    ]);
    expect(code).toContain('async function crawlWorkflow(');
    expect(code).toContain('async function scheduledCrawlRun(');
  }, 120_000);
});
