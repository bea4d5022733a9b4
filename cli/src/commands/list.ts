// `trawl list`: a page of crawls, newest first, as a table.
import { InvalidArgumentError, type Command } from 'commander';
import { formatCrawlPage } from '../crawl-view.js';
import { toJson } from '../output.js';
import type { Session, SessionFactory } from '../session.js';
import { withSpinner } from '../ui/spinner.js';

interface ListOptions {
  page: number;
  limit: number;
  query?: string;
  folder?: string;
}

/** The console's crawl list page size. */
const DEFAULT_LIMIT = 15;
const MAX_LIMIT = 100;

/** A commander parser for a whole number in a range; a bad value is a usage error naming the flag. */
function wholeNumber(min: number, max: number) {
  return (text: string): number => {
    const value = /^\+?\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
    if (!Number.isSafeInteger(value) || value < min || value > max) {
      throw new InvalidArgumentError(
        max === Number.MAX_SAFE_INTEGER
          ? `Expected a whole number of ${min} or more.`
          : `Expected a whole number from ${min} to ${max}.`,
      );
    }
    return value;
  };
}

const EXAMPLES = `
Examples:
  $ trawl list
  $ trawl list --page 2 --limit 50
  $ trawl list --query docs.example.com
  $ trawl list --folder 0193a1e2-7b7c-7cc0-8f5e-1a2b3c4d5e6f
  $ trawl list --json | jq -r '.results[].id'`;

export function registerList(program: Command, sessionFor: SessionFactory): void {
  program
    .command('list')
    .description('list crawls, newest first')
    .option('--page <n>', 'page to show, from 1', wholeNumber(1, Number.MAX_SAFE_INTEGER), 1)
    .option('--limit <n>', `crawls per page, 1-${MAX_LIMIT}`, wholeNumber(1, MAX_LIMIT), DEFAULT_LIMIT)
    .option('--query <text>', 'only crawls whose start URL or ID contains this')
    .option('--folder <id>', 'only the crawls of this folder (see trawl folders list)')
    .addHelpText('after', EXAMPLES)
    .action((options: ListOptions, command: Command) => listCrawls(sessionFor(command), options));
}

async function listCrawls(session: Session, options: ListOptions): Promise<void> {
  const client = session.client();
  const query = options.query?.trim() || undefined;
  // People count pages from 1; the API from 0.
  const page = await withSpinner(session, 'Listing crawls', () =>
    client.crawls.list({ page: options.page - 1, limit: options.limit, query, parentId: options.folder }),
  );
  if (session.json) return session.print(toJson(page));

  const nextCommand = (next: number): string =>
    [
      'trawl list',
      `--page ${next}`,
      options.limit !== DEFAULT_LIMIT ? `--limit ${options.limit}` : '',
      query ? `--query ${JSON.stringify(query)}` : '',
      options.folder ? `--folder ${options.folder}` : '',
    ]
      .filter(Boolean)
      .join(' ');
  const maxWidth = session.stdout.isTTY ? session.stdout.columns : undefined;
  for (const line of formatCrawlPage(page, { paint: session.paint, maxWidth, query, nextCommand }))
    session.print(line);
}
