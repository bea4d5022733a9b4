// The shapes `trawl results` writes, one crawl result at a time so output starts with the first page
// and nothing is written before the first result arrives (a 404 leaves stdout empty).
import type { CrawlResult } from '@trawl/sdk';
import type { Sink } from './sink.js';

export const RESULT_FORMATS = ['md', 'json', 'jsonl', 'csv'] as const;
export type ResultFormat = (typeof RESULT_FORMATS)[number];

export interface ResultWriter {
  write(result: CrawlResult): Promise<void>;
  /** Ends the document; `count` results were written. */
  end(): Promise<number>;
}

/**
 * One page as markdown: `# <title>`, its URL, then its markdown. Pages without a title use their URL
 * so every page still starts with a heading.
 */
export function formatMarkdownPage(result: CrawlResult): string {
  const title = result.title.trim() || result.url;
  // A page with no text (an image, an empty page) still gets its heading and URL, without a dangling gap.
  // An AI-extracted page says what the model used on it.
  const tokens =
    result.extractionTokens === null
      ? ''
      : `AI extraction: ${result.extractionTokens.toLocaleString('en-US')} tokens`;
  return `${[`# ${title}`, result.url, tokens, result.markdown.trim()].filter(Boolean).join('\n\n')}\n`;
}

/**
 * A writer for `md` (pages separated by a `---` line, with blank lines around it so the rule is never
 * read as a heading underline), `json` (one array) or `jsonl` (one object per line).
 */
export function createResultWriter(format: Exclude<ResultFormat, 'csv'>, sink: Sink): ResultWriter {
  let count = 0;
  const render: Record<typeof format, (result: CrawlResult, first: boolean) => string> = {
    md: (result, first) => `${first ? '' : '\n---\n\n'}${formatMarkdownPage(result)}`,
    json: (result, first) => `${first ? '[\n' : ',\n'}${JSON.stringify(result)}`,
    jsonl: (result) => `${JSON.stringify(result)}\n`,
  };
  return {
    async write(result) {
      await sink.write(render[format](result, count === 0));
      count++;
    },
    async end() {
      if (format === 'json') await sink.write(count === 0 ? '[]\n' : '\n]\n');
      return count;
    },
  };
}
