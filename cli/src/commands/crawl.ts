// `trawl crawl <url>`: starts a crawl, and with --wait watches it to the end.
import type { Command } from 'commander';
import { buildCrawlSettings, type CrawlFlags } from '../crawl-settings.js';
import { endedWell, summarizeCrawl } from '../crawl-view.js';
import { CliError } from '../errors.js';
import { followToEnd } from '../follow/tail.js';
import { watchCrawl } from '../follow/watch.js';
import { toJson } from '../output.js';
import type { Session, SessionFactory } from '../session.js';
import { withSpinner } from '../ui/spinner.js';

interface CrawlOptions extends CrawlFlags {
  wait?: boolean;
  tail?: boolean;
  debug?: boolean;
}

const EXAMPLES = `
Only the settings you give are sent; the server fills in the rest (10 results, depth 3, engine auto,
60 minute timeout, links kept, non-main tags dropped, duplicates removed).

Examples:
  $ trawl crawl https://docs.example.com --max-results 50 --max-depth 2
  $ trawl crawl https://example.com --sitemap --engine cheerio --wait
  $ trawl crawl https://example.com --tail
  $ id=$(trawl crawl https://example.com) && trawl status "$id" --wait`;

export function registerCrawl(program: Command, sessionFor: SessionFactory): void {
  program
    .command('crawl')
    .description('start a crawl of a website')
    .argument('<url>', 'the page to start from; its site bounds the crawl')
    .option('--max-results <n>', 'results to store at most, 1-5000')
    .option('--max-depth <n>', 'link depth to follow from the start page, 1-50')
    .option('--engine <engine>', 'cheerio (static sites), playwright (JavaScript sites) or auto')
    .option('--sitemap', "crawl the pages of the site's sitemap")
    .option('--entire-website', 'crawl the whole site, ignoring max results and depth')
    .option('--no-include-links', 'leave links out of the markdown')
    .option('--no-exclude-non-main-tags', 'keep navigation, headers and footers')
    .option('--no-dedup', 'keep content repeated across pages')
    .option('--timeout <minutes>', 'stop the crawl after this many minutes')
    .option('--extraction <text>', 'AI extraction instruction, such as "only the pricing tables"')
    .option(
      '--extraction-schema <file>',
      'JSON Schema file of the data each result carries with --extraction (an object per page)',
    )
    .option('--static-ips', "crawl from the server's fixed IP address")
    .option('--wait', 'watch the crawl until it ends; exit 1 unless it succeeded or timed out')
    .option(
      '--tail',
      'follow the crawl live with its log lines until it ends (as `trawl tail`); exit 1 unless it succeeded or timed out',
    )
    .option('--debug', 'with --tail, show debug log lines too')
    .addHelpText('after', EXAMPLES)
    .action((url: string, options: CrawlOptions, command: Command) =>
      runCrawl(sessionFor(command), url, options, (flag) => command.getOptionValueSource(flag) === 'cli'),
    );
}

async function runCrawl(
  session: Session,
  url: string,
  options: CrawlOptions,
  given: (flag: keyof CrawlFlags) => boolean,
): Promise<void> {
  // Validated before the client exists, so bad input fails the same with or without a server.
  const settings = buildCrawlSettings(url, options, given);
  const client = session.client();
  const started = await withSpinner(session, `Starting a crawl of ${settings.startUrl}`, () =>
    client.crawls.start(settings),
  );
  session.errorContext.crawlId = started.id;

  if (options.tail) {
    const done = await followToEnd(session, started, { debug: options.debug });
    session.note(`Get the results with: trawl results ${done.id}`);
    return;
  }

  if (!options.wait) {
    // The id alone on stdout, so `id=$(trawl crawl ...)` works; the hint goes to stderr.
    session.print(session.json ? toJson(started) : started.id);
    session.note(
      `Started crawl ${started.id} of ${settings.startUrl}. Follow it with: trawl status ${started.id}`,
    );
    return;
  }

  const crawl = await watchCrawl(session, started);
  session.print(session.json ? toJson(crawl) : `Crawl ${crawl.id} ${summarizeCrawl(crawl, session.paint)}`);
  if (!endedWell(crawl.status)) {
    throw new CliError(`Crawl ${crawl.id} ended ${crawl.status} with ${crawl.numberOfResults} results`, {
      code: `crawl_${crawl.status}`,
    });
  }
  session.note(`Get the results with: trawl results ${crawl.id}`);
}
