// `npm run bundle:workflows`: bundles the crawl workflow once, at image build, into
// dist/temporal/workflow-bundle.js, which workers load instead of running webpack at every start.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bundleWorkflowCode } from '@temporalio/worker';

const workflowsPath = fileURLToPath(new URL('../dist/temporal/workflows.js', import.meta.url));
const { code } = await bundleWorkflowCode({ workflowsPath });
const out = fileURLToPath(new URL('../dist/temporal/workflow-bundle.js', import.meta.url));
writeFileSync(out, code);
console.log(`Wrote ${out} (${Math.round(code.length / 1024)} KiB)`);
