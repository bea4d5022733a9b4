#!/usr/bin/env node
// Sums the vitest JSON reports and the pass/fail checks of .ci/run into the final line
// "N passed, N failed". A report that is missing (a suite that crashed) counts as one failure.
import { existsSync, readFileSync } from 'node:fs';

const [checksPassed, checksFailed, ...reports] = process.argv.slice(2);
let passed = Number(checksPassed);
let failed = Number(checksFailed);
for (const file of reports) {
  if (!existsSync(file)) {
    console.log(`${file}: missing (the suite did not finish)`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  // A file that failed to load has no tests but is a failure all the same.
  const brokenFiles = report.testResults.filter(
    (r) => r.status === 'failed' && r.assertionResults.length === 0,
  ).length;
  console.log(
    `${file}: ${report.numPassedTests} passed, ${report.numFailedTests + brokenFiles} failed, ${report.numPendingTests} skipped`,
  );
  passed += report.numPassedTests;
  failed += report.numFailedTests + brokenFiles;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
