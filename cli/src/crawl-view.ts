// How a crawl reads in the terminal: the status block, the one-line summary and the list table.
import type { Crawl, CrawlPage, CrawlStatus } from '@trawl/sdk';
import { statusStyle, type Paint } from './colors.js';
import { formatDate, formatDuration, formatTable, type Column } from './output.js';

/** The first start URL: the API keeps a list, but a crawl uses one. */
export const startUrlOf = (crawl: Crawl): string => crawl.startUrls[0] ?? '';

/** Whether a crawl that ended this way did its job; `timed_out` keeps what it found (a green badge in the console). */
export const endedWell = (status: CrawlStatus): boolean => status === 'succeeded' || status === 'timed_out';

/** Seconds the crawl has taken: the stored duration once it ended, else the time since it was created. */
export function crawlSeconds(crawl: Crawl, now = Date.now()): number {
  if (crawl.status !== 'running' && crawl.durationInSeconds !== null) return crawl.durationInSeconds;
  return Math.max(0, (now - Date.parse(crawl.createdAt)) / 1000);
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** `succeeded: 8 results in 2s`, the status coloured like the console's badge. */
export function summarizeCrawl(crawl: Crawl, paint: Paint, now = Date.now()): string {
  const verb = crawl.status === 'running' ? 'so far, running for' : 'in';
  return `${paint(statusStyle(crawl.status), crawl.status)}: ${plural(crawl.numberOfResults, 'result')} ${verb} ${formatDuration(crawlSeconds(crawl, now))}${tokensNote(crawl)}`;
}

/** `, 1,200 AI extraction tokens` for a crawl a model extracted; nothing for the others. */
const tokensNote = (crawl: Crawl): string =>
  crawl.extractionMethod === 'llm'
    ? `, ${crawl.extractionTokens.toLocaleString('en-US')} AI extraction token${crawl.extractionTokens === 1 ? '' : 's'}`
    : '';

/** The extraction method and the tokens the model used, for a crawl with an instruction. */
function extractionRows(crawl: Crawl): Array<[string, string]> {
  if (!crawl.extractionMethod) return [];
  return [
    [
      'Extraction method',
      crawl.extractionMethod === 'llm' ? 'LLM (AI model)' : 'relevance (offline, no model)',
    ],
    ['Extraction schema', crawl.extractionSchema ? 'yes (results carry data)' : '-'],
    ['Extraction tokens', crawl.extractionTokens.toLocaleString('en-US')],
  ];
}

const onOff = (value: boolean): string => (value ? 'on' : 'off');

/** Every field of a crawl, as aligned `Label  value` lines for `trawl status`. */
export function describeCrawl(crawl: Crawl, paint: Paint, now = Date.now()): string[] {
  const ignoredLimits =
    crawl.useSitemap || crawl.entireWebsite ? ' (ignored: sitemap or entire website)' : '';
  const rows: Array<[string, string]> = [
    ['Crawl', crawl.id],
    ['Status', paint(statusStyle(crawl.status), crawl.status)],
    ['Start URL', startUrlOf(crawl)],
    ['Title', crawl.title ?? '-'],
    ['Results', String(crawl.numberOfResults)],
    [
      'Duration',
      `${formatDuration(crawlSeconds(crawl, now))}${crawl.status === 'running' ? ' (running)' : ''}`,
    ],
    ['Created', formatDate(crawl.createdAt)],
    ['Completed', formatDate(crawl.completedAt)],
    ['Origin', crawl.origin],
    ['Project', crawl.projectId],
  ];
  const settings: Array<[string, string]> = [
    ['Max results', `${crawl.maxResults}${ignoredLimits}`],
    ['Max depth', `${crawl.maxDepth}${ignoredLimits}`],
    ['Engine', crawl.engineType],
    ['Timeout', `${crawl.timeout} min`],
    ['Use sitemap', onOff(crawl.useSitemap)],
    ['Entire website', onOff(crawl.entireWebsite)],
    ['Include links', onOff(crawl.includeLinks)],
    ['Exclude non-main tags', onOff(crawl.excludeNonMainTags)],
    ['Remove duplicates', onOff(crawl.deduplicateContent)],
    ['Static IPs', onOff(crawl.useStaticIps)],
    ['AI extraction', crawl.extraction?.trim() ? crawl.extraction : '-'],
    ...extractionRows(crawl),
  ];
  const width =
    Math.max(...rows.map(([label]) => label.length), ...settings.map(([label]) => label.length + 2)) + 2;
  return [
    ...rows.map(([label, value]) => `${paint('bold', label.padEnd(width))}${value}`),
    paint('bold', 'Settings'),
    ...settings.map(([label, value]) => `  ${label.padEnd(width - 2)}${value}`),
  ];
}

/**
 * The `trawl list` table, plus a line saying where the page sits (`page` is the API's 0-based one).
 * `nextCommand` words the hint for the following page.
 */
export function formatCrawlPage(
  page: CrawlPage,
  options: {
    paint: Paint;
    maxWidth?: number | undefined;
    query?: string | undefined;
    nextCommand: (page: number) => string;
  },
): string[] {
  const human = page.page + 1;
  if (page.results.length === 0) {
    if (page.totalResults === 0)
      return [
        options.query ? `No crawls match "${options.query}".` : 'No crawls yet. Start one: trawl crawl <url>',
      ];
    return [
      `No crawls on page ${human}: there ${page.totalPages === 1 ? 'is 1 page' : `are ${page.totalPages} pages`}.`,
    ];
  }
  const columns: Column[] = [
    { header: 'ID' },
    { header: 'STATUS', style: (cell) => statusStyle(cell as CrawlStatus) },
    { header: 'RESULTS', align: 'right' },
    { header: 'START URL', shrink: true },
    { header: 'CREATED' },
  ];
  const rows = page.results.map((c) => [
    c.id,
    c.status,
    String(c.numberOfResults),
    startUrlOf(c),
    formatDate(c.createdAt),
  ]);
  const footer = `Page ${human} of ${page.totalPages} (${plural(page.totalResults, 'crawl')})`;
  const next = human < page.totalPages ? `; next: ${options.nextCommand(human + 1)}` : '';
  return [
    ...formatTable(columns, rows, { maxWidth: options.maxWidth, paint: options.paint }),
    '',
    `${footer}${next}`,
  ];
}
