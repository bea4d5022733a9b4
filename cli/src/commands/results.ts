// `trawl results <id>`: a crawl's pages as markdown, JSON, JSON lines or CSV, streamed page by page
// to stdout or to a file.
import type { TrawlClient } from '@trawl/sdk';
import { Option, type Command } from 'commander';
import { usageError } from '../errors.js';
import { countCsvRecords, toJson } from '../output.js';
import { createResultWriter, RESULT_FORMATS, type ResultFormat } from '../result-formats.js';
import type { Session, SessionFactory } from '../session.js';
import { fileSink, streamSink, type Sink } from '../sink.js';
import { withSpinner } from '../ui/spinner.js';

interface ResultsOptions {
  format?: ResultFormat;
  output?: string;
  search?: string;
}

/** The API's largest page of results: fewer round trips for big crawls. */
const PAGE_SIZE = 100;

const EXAMPLES = `
Formats:
  md     each page as "# <title>", its URL and its markdown; pages separated by a line "---"
  json   one JSON array of crawl results (the default with --json)
  jsonl  one crawl result object per line
  csv    the API's CSV: position,url,title,markdown,duplicatesRemovedCount,createdAt,data,extractionTokens

Examples:
  $ trawl results 0193a1e2-7b7c-7cc0-8f5e-1a2b3c4d5e6f > site.md
  $ trawl results 0193a1e2-7b7c-7cc0-8f5e-1a2b3c4d5e6f --format csv --output results.csv
  $ trawl results 0193a1e2-7b7c-7cc0-8f5e-1a2b3c4d5e6f --format jsonl | jq -r .url
  $ trawl results 0193a1e2-7b7c-7cc0-8f5e-1a2b3c4d5e6f --search "rate limits" --format jsonl

With --search, only the results that match (full-text search over title and markdown), most relevant
first; json and jsonl add each match's rank and snippet.`;

export function registerResults(program: Command, sessionFor: SessionFactory): void {
  program
    .command('results')
    .description("export a crawl's results as md, json, jsonl or csv")
    .argument('<id>', 'the crawl ID')
    .addOption(
      new Option('--format <format>', 'md, json, jsonl or csv (default: md; json with --json)').choices(
        RESULT_FORMATS,
      ),
    )
    .option('-o, --output <file>', 'write to this file (created or overwritten) instead of stdout')
    .option('--search <query>', 'only the results matching this full-text search, most relevant first')
    .addHelpText('after', EXAMPLES)
    .action((id: string, options: ResultsOptions, command: Command) =>
      writeResults(sessionFor(command), id, options),
    );
}

async function writeResults(session: Session, id: string, options: ResultsOptions): Promise<void> {
  session.errorContext.crawlId = id;
  const format = options.format ?? (session.json ? 'json' : 'md');
  const search = options.search?.trim();
  if (options.search !== undefined && !search)
    throw usageError('--search needs words to search for', [
      { path: 'query', message: 'Query must not be empty' },
    ]);
  if (search && format === 'csv') throw usageError('--search cannot be combined with --format csv');
  const client = session.client();
  const sink = options.output ? await fileSink(options.output) : streamSink(session.stdout);
  let count: number;
  let complete = false;
  try {
    const copy = (setText: (text: string) => void): Promise<number> =>
      search && format !== 'csv'
        ? copySearchResults(client, id, search, format, sink, setText)
        : copyResults(client, id, format, sink, setText);
    // A spinner only when stdout is free: on a terminal it would tangle with the results themselves.
    count = options.output
      ? await withSpinner(session, `Fetching results of crawl ${id}`, copy)
      : await copy(() => undefined);
    await sink.close();
    complete = true;
  } finally {
    // A failed run must not leave a half-written file that looks complete.
    if (!complete) await sink.discard();
  }
  report(session, { id, format, count, output: options.output, sink });
}

/** Writes every result in `format`, page by page; returns how many there were. */
async function copyResults(
  client: TrawlClient,
  id: string,
  format: ResultFormat,
  sink: Sink,
  setText: (text: string) => void,
): Promise<number> {
  if (format === 'csv') {
    // The API builds the CSV; passing it through keeps one definition of its quoting and columns.
    const csv = await client.crawls.downloadCsv(id);
    await sink.write(csv);
    return countCsvRecords(csv);
  }
  const writer = createResultWriter(format, sink);
  for await (const result of client.crawls.results(id, { pageSize: PAGE_SIZE })) {
    await writer.write(result);
    setText(`Fetching results of crawl ${id}: ${result.position}`);
  }
  return writer.end();
}

/** Writes every match of a full-text search in `format`, most relevant first; returns how many there were. */
async function copySearchResults(
  client: TrawlClient,
  id: string,
  query: string,
  format: Exclude<ResultFormat, 'csv'>,
  sink: Sink,
  setText: (text: string) => void,
): Promise<number> {
  const writer = createResultWriter(format, sink);
  for (let page = 1, seen = 0; ; page++) {
    const { crawlResults, total } = await client.crawls.searchResults(id, query, { page, limit: PAGE_SIZE });
    for (const result of crawlResults) await writer.write(result);
    seen += crawlResults.length;
    setText(`Searching results of crawl ${id}: ${seen} of ${total}`);
    if (crawlResults.length < PAGE_SIZE || seen >= total) break;
  }
  return writer.end();
}

function report(
  session: Session,
  done: { id: string; format: ResultFormat; count: number; output: string | undefined; sink: Sink },
): void {
  const { id, format, count, output, sink } = done;
  const results = `${count} result${count === 1 ? '' : 's'}`;
  if (output) {
    // With --output stdout is free, so --json reports what was written there.
    if (session.json)
      session.print(toJson({ crawlId: id, format, results: count, output, bytes: sink.bytes }));
    else
      session.stderr.write(`Wrote ${results} of crawl ${id} to ${output} (${format}, ${sink.bytes} bytes)\n`);
  } else if (count === 0) {
    session.note(`Crawl ${id} has no results yet.`);
  }
}
