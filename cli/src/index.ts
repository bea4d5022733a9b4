#!/usr/bin/env node
// Entry point of `trawl`: runs the program and is the only place that catches errors, prints them
// and sets the exit code.
import { CommanderError } from 'commander';
import { createPaint } from './colors.js';
import { readEnvironment } from './config.js';
import { describeError, EXIT_USAGE, type ErrorContext, type ErrorReport } from './errors.js';
import { createProgram } from './program.js';

const argv = process.argv.slice(2);
const environment = readEnvironment();
const errorContext: ErrorContext = {};
const streams = { stdout: process.stdout, stderr: process.stderr };

const isEpipe = (err: unknown): boolean => (err as NodeJS.ErrnoException | undefined)?.code === 'EPIPE';

// `trawl results ... | head` closes the pipe early: stop quietly, as Unix tools do.
process.stdout.on('error', (err) => {
  if (isEpipe(err)) process.exit(process.exitCode ?? 0);
  process.stderr.write(`error: cannot write to stdout: ${err.message}\n`);
  process.exit(1);
});

// Decided from argv, not parsed options: a usage error can stop parsing before --json is read.
const optionArgs = argv.includes('--') ? argv.slice(0, argv.indexOf('--')) : argv;
const json = optionArgs.includes('--json');

function printError(report: ErrorReport): void {
  if (json) {
    const { code, message, details } = report;
    process.stderr.write(`${JSON.stringify({ error: { code, message, details } })}\n`);
    return;
  }
  // As everywhere: colours only when both streams are a terminal, and never under NO_COLOR.
  const paint = createPaint(Boolean(process.stderr.isTTY && process.stdout.isTTY) && !environment.noColor);
  const lines = [
    `${paint('red', 'error:')} ${report.message}`,
    ...report.details.map((d) => `  ${d.path}: ${d.message}`),
  ];
  process.stderr.write(`${lines.join('\n')}\n`);
}

const program = createProgram({ environment, streams, errorContext });
try {
  await program.parseAsync(argv, { from: 'user' });
} catch (err: unknown) {
  if (isEpipe(err)) {
    process.exitCode = 0;
  } else if (
    err instanceof CommanderError &&
    (err.code === 'commander.helpDisplayed' || err.code === 'commander.version')
  ) {
    process.exitCode = 0;
  } else if (err instanceof CommanderError && err.code === 'commander.help') {
    // Commander printed the help already: `trawl help <command>` succeeded, `trawl` alone is a usage error.
    process.exitCode = err.exitCode === 0 ? 0 : EXIT_USAGE;
  } else {
    const commandName =
      errorContext.commandName ?? program.commands.find((c) => optionArgs.includes(c.name()))?.name();
    const report = describeError(err, { ...errorContext, commandName });
    printError(report);
    process.exitCode = report.exitCode;
  }
}
