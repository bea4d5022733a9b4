// `trawl status <id>`: one crawl's fields; with --wait, watches it to the end first.
import type { Command } from 'commander';
import { describeCrawl, endedWell } from '../crawl-view.js';
import { CliError } from '../errors.js';
import { watchCrawl } from '../follow/watch.js';
import { toJson } from '../output.js';
import type { Session, SessionFactory } from '../session.js';
import { withSpinner } from '../ui/spinner.js';

const EXAMPLES = `
Examples:
  $ trawl status 0193a1e2-7b7c-7cc0-8f5e-1a2b3c4d5e6f
  $ trawl status 0193a1e2-7b7c-7cc0-8f5e-1a2b3c4d5e6f --wait
  $ trawl status 0193a1e2-7b7c-7cc0-8f5e-1a2b3c4d5e6f --json | jq .numberOfResults`;

export function registerStatus(program: Command, sessionFor: SessionFactory): void {
  program
    .command('status')
    .description("show a crawl's status, results and settings")
    .argument('<id>', 'the crawl ID')
    .option(
      '--wait',
      'watch the crawl until it ends (resumes a `trawl crawl --wait`); exit 1 unless it succeeded or timed out',
    )
    .addHelpText('after', EXAMPLES)
    .action((id: string, options: { wait?: boolean }, command: Command) =>
      showStatus(sessionFor(command), id, options),
    );
}

async function showStatus(session: Session, id: string, options: { wait?: boolean }): Promise<void> {
  session.errorContext.crawlId = id;
  const client = session.client();
  let crawl = await withSpinner(session, `Reading crawl ${id}`, () => client.crawls.get(id));
  if (options.wait) crawl = await watchCrawl(session, crawl);

  if (session.json) session.print(toJson(crawl));
  else for (const line of describeCrawl(crawl, session.paint)) session.print(line);

  if (options.wait && !endedWell(crawl.status)) {
    throw new CliError(`Crawl ${crawl.id} ended ${crawl.status} with ${crawl.numberOfResults} results`, {
      code: `crawl_${crawl.status}`,
    });
  }
}
