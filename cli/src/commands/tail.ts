// `trawl tail <id>`: follows a crawl live, its status, result count, elapsed time and log lines, to its end.
import type { Command } from 'commander';
import { followToEnd, type TailOptions } from '../follow/tail.js';
import type { SessionFactory } from '../session.js';
import { withSpinner } from '../ui/spinner.js';

const EXAMPLES = `
A crawl that has ended is shown from its first event to its last. With --json every event is one JSON
object per line (JSON Lines): CRAWL_EVENT, CRAWL_RESULT_CREATED_EVENT and CRAWL_LOG_CREATED_EVENT.
Exit code 0 when the crawl succeeded or timed out, 1 when it failed, was aborted or hit an error,
130 after Ctrl-C (which stops following, not the crawl).

Examples:
  $ trawl tail 0193a1e2-7b7c-7cc0-8f5e-1a2b3c4d5e6f
  $ trawl tail 0193a1e2-7b7c-7cc0-8f5e-1a2b3c4d5e6f --debug
  $ trawl tail 0193a1e2-7b7c-7cc0-8f5e-1a2b3c4d5e6f --json | jq -c 'select(.type == "CRAWL_LOG_CREATED_EVENT") | .crawlLog.message'`;

export function registerTail(program: Command, sessionFor: SessionFactory): void {
  program
    .command('tail')
    .description('follow a crawl live: status, results, elapsed time and log lines, until it ends')
    .argument('<id>', 'the crawl ID')
    .option('--debug', 'show debug log lines too, such as the engine that fetched each page')
    .addHelpText('after', EXAMPLES)
    .action(async (id: string, options: TailOptions, command: Command) => {
      const session = sessionFor(command);
      session.errorContext.crawlId = id;
      const client = session.client();
      const crawl = await withSpinner(session, `Reading crawl ${id}`, () => client.crawls.get(id));
      await followToEnd(session, crawl, options);
    });
}
