// `trawl recrawl <id>`: starts a crawl again with its settings, compared with it (what changed).
import type { Command } from 'commander';
import { describeChanges } from '../change-view.js';
import { endedWell, summarizeCrawl } from '../crawl-view.js';
import { CliError } from '../errors.js';
import { followToEnd } from '../follow/tail.js';
import { watchCrawl } from '../follow/watch.js';
import { toJson } from '../output.js';
import type { Session, SessionFactory } from '../session.js';
import { withSpinner } from '../ui/spinner.js';

interface RecrawlOptions {
  changes: boolean;
  wait?: boolean;
  tail?: boolean;
  debug?: boolean;
}

const EXAMPLES = `
The new crawl repeats the settings of <id> and, unless --no-changes, is compared with it: each result
gets a change status (new, changed, unchanged, removed) and unchanged pages use no usage units. The
series is filed in the folder "<host> history".

Examples:
  $ trawl recrawl 0193a1e2-7b7c-7cc0-8f5e-1a2b3c4d5e6f --wait
  $ id=$(trawl recrawl 0193a1e2-7b7c-7cc0-8f5e-1a2b3c4d5e6f) && trawl status "$id" --wait && trawl diff "$id"`;

export function registerRecrawl(program: Command, sessionFor: SessionFactory): void {
  program
    .command('recrawl')
    .description('crawl a site again and see what changed since a crawl of it')
    .argument('<id>', 'the crawl to repeat')
    .option('--changes', 'compare with the crawl (the default)')
    .option('--no-changes', 'repeat the crawl without comparing')
    .option('--wait', 'watch the crawl until it ends and print its changes; exit 1 unless it ended well')
    .option('--tail', 'follow the crawl live with its log lines until it ends (as `trawl tail`)')
    .option('--debug', 'with --tail, show debug log lines too')
    .addHelpText('after', EXAMPLES)
    .action((id: string, options: RecrawlOptions, command: Command) =>
      runRecrawl(sessionFor(command), id, options),
    );
}

async function runRecrawl(session: Session, id: string, options: RecrawlOptions): Promise<void> {
  session.errorContext.crawlId = id;
  const client = session.client();
  const started = await withSpinner(session, `Recrawling ${id}`, () =>
    client.crawls.recrawl(id, { changes: options.changes }),
  );
  session.errorContext.crawlId = started.id;
  if (options.tail) {
    const done = await followToEnd(session, started, { debug: options.debug });
    if (done.changes) session.note(`Changes: ${describeChanges(done.changes, session.paintErr)}`);
    session.note(`See what changed with: trawl diff ${done.id}`);
    return;
  }
  if (!options.wait) {
    // The id alone on stdout, so `id=$(trawl recrawl ...)` works; the hint goes to stderr.
    session.print(session.json ? toJson(started) : started.id);
    session.note(`Started crawl ${started.id}, repeating ${id}. Follow it with: trawl status ${started.id}`);
    return;
  }
  const crawl = await watchCrawl(session, started);
  if (session.json) session.print(toJson(crawl));
  else {
    session.print(`Crawl ${crawl.id} ${summarizeCrawl(crawl, session.paint)}`);
    if (crawl.changes) session.print(`Changes: ${describeChanges(crawl.changes, session.paint)}`);
  }
  if (!endedWell(crawl.status))
    throw new CliError(`Crawl ${crawl.id} ended ${crawl.status} with ${crawl.numberOfResults} results`, {
      code: `crawl_${crawl.status}`,
    });
  if (crawl.changes) session.note(`See what changed with: trawl diff ${crawl.id}`);
}
