import type { Context } from 'hono';
import type { Database } from '../db/client.js';
import type { CrawlResultRow } from './serialize.js';
import { streamCrawlResults } from './service.js';

export const CSV_COLUMNS = [
  'position',
  'url',
  'title',
  'markdown',
  'duplicatesRemovedCount',
  'createdAt',
  'data',
  'extractionTokens',
] as const;

// Spreadsheets run cells starting with these as formulas, and a crawled page must not be able to. A dash
// followed by a space or another dash is a markdown list or rule, not a formula, and is kept as it is.
const FORMULA_START = /^(?:[=+@\t\r]|-(?![\s-]))/;

/** One RFC 4180 field: quoted when it holds a comma, quote or line break; formula-leading text defused. */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(row: CrawlResultRow): string {
  // AI extraction's columns trail the others: the data as JSON and the tokens, empty without extraction.
  const data = row.data === null || row.data === undefined ? '' : JSON.stringify(row.data);
  return `${[row.position, row.url, row.title, row.markdown, row.duplicatesRemovedCount, row.createdAt.toISOString(), data, row.extractionTokens ?? ''].map(csvField).join(',')}\r\n`;
}

/** The CSV document, header first, streamed row by row. */
export async function* toCsv(rows: AsyncIterable<CrawlResultRow>): AsyncGenerator<string> {
  yield `${CSV_COLUMNS.join(',')}\r\n`;
  for await (const row of rows) yield csvRow(row);
}

/** The crawl's results as a streamed CSV download, saved as crawl-results-{id}.csv. */
export function csvResponse(c: Context, db: Database, crawlId: string): Response {
  const chunks = toCsv(streamCrawlResults(db, crawlId));
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  return c.body(body, 200, {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="crawl-results-${crawlId}.csv"`,
  });
}
