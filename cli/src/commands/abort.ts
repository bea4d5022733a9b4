// `trawl abort <id>`: stops a running crawl; the results it found so far are kept.
import type { Command } from 'commander';
import { statusStyle } from '../colors.js';
import { toJson } from '../output.js';
import type { Session, SessionFactory } from '../session.js';
import { withSpinner } from '../ui/spinner.js';

export function registerAbort(program: Command, sessionFor: SessionFactory): void {
  program
    .command('abort')
    .description('abort a running crawl')
    .argument('<id>', 'the crawl ID')
    .addHelpText('after', '\nExample:\n  $ trawl abort 0193a1e2-7b7c-7cc0-8f5e-1a2b3c4d5e6f')
    .action((id: string, _options: unknown, command: Command) => abortCrawl(sessionFor(command), id));
}

async function abortCrawl(session: Session, id: string): Promise<void> {
  session.errorContext.crawlId = id;
  const client = session.client();
  const crawl = await withSpinner(session, `Aborting crawl ${id}`, () => client.crawls.abort(id));
  if (session.json) return session.print(toJson(crawl));
  const kept = `${crawl.numberOfResults} result${crawl.numberOfResults === 1 ? '' : 's'} kept`;
  session.print(
    `Crawl ${crawl.id} is now ${session.paint(statusStyle(crawl.status), crawl.status)} (${kept})`,
  );
}
