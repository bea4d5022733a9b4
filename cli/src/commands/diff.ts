// `trawl diff <id>`: what a recrawl found changed: new, changed and removed pages, with their diffs.
import type { Command } from 'commander';
import type { CrawlResult, ResultChangeStatus } from '@trawl/sdk';
import { changeBadge, colorDiff, describeChanges } from '../change-view.js';
import { CliError } from '../errors.js';
import { toJson } from '../output.js';
import type { Session, SessionFactory } from '../session.js';

interface DiffOptions {
  all?: boolean;
}

const SHOWN: ResultChangeStatus[] = ['new', 'changed', 'removed'];

export function registerDiff(program: Command, sessionFor: SessionFactory): void {
  program
    .command('diff')
    .description("show what a recrawl found changed, with each changed page's diff")
    .argument('<id>', 'the recrawl (a crawl started by `trawl recrawl`)')
    .option('--all', 'list unchanged pages too')
    .addHelpText('after', '\nExample:\n  $ trawl diff 0193a1e2-7b7c-7cc0-8f5e-1a2b3c4d5e6f | less -R')
    .action((id: string, options: DiffOptions, command: Command) =>
      runDiff(sessionFor(command), id, options),
    );
}

async function runDiff(session: Session, id: string, options: DiffOptions): Promise<void> {
  session.errorContext.crawlId = id;
  const client = session.client();
  const crawl = await client.crawls.get(id);
  if (!crawl.compareWith && !crawl.changes)
    throw new CliError(
      `Crawl ${id} is not a recrawl: it compares with no other crawl. Start one with: trawl recrawl ${id}`,
      { code: 'not_a_recrawl' },
    );
  const results: CrawlResult[] = [];
  for await (const result of client.crawls.results(id)) {
    if (options.all || (result.changeStatus && SHOWN.includes(result.changeStatus))) results.push(result);
  }
  if (session.json) return session.print(toJson({ crawl, results }));
  const { paint } = session;
  session.print(`Crawl ${crawl.id} compared with ${crawl.compareWith ?? 'a deleted crawl'}`);
  if (crawl.changes) session.print(`Changes: ${describeChanges(crawl.changes, paint)}`);
  else session.print('Changes: counted when the crawl ends');
  for (const result of results) {
    session.print('');
    session.print(`${changeBadge(result.changeStatus, paint)} ${result.url}`);
    if (result.diff && result.changeStatus === 'changed') session.print(colorDiff(result.diff, paint));
  }
}
