import { PassThrough } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import type { Crawl } from '@trawl/sdk';
import { render } from 'ink';
import { describe, expect, it } from 'vitest';
import { ProgressView } from './progress-view.js';

const crawl: Crawl = {
  id: '0193a1e2-7b7c-7cc0-8f5e-1a2b3c4d5e6f',
  projectId: 'p',
  parentId: null,
  status: 'running',
  startUrls: ['https://docs.example.com/'],
  maxResults: 10,
  maxDepth: 3,
  useSitemap: false,
  entireWebsite: false,
  includeLinks: true,
  excludeNonMainTags: true,
  deduplicateContent: true,
  engineType: 'auto',
  useStaticIps: false,
  timeout: 60,
  extraction: null,
  extractionMethod: null,
  extractionSchema: null,
  extractionTokens: 0,
  origin: 'api',
  numberOfResults: 3,
  title: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  completedAt: null,
  durationInSeconds: null,
  compareWith: null,
  changes: null,
};

/** Renders once into a fake 80-column terminal and returns the text of the last frame. */
function frame(props: Parameters<typeof ProgressView>[0]): string {
  const stream = Object.assign(new PassThrough(), {
    columns: 80,
    rows: 24,
    isTTY: true,
  }) as unknown as NodeJS.WriteStream;
  let output = '';
  stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const instance = render(<ProgressView {...props} />, {
    stdout: stream,
    debug: true,
    patchConsole: false,
    exitOnCtrlC: false,
  });
  instance.unmount();
  return stripVTControlCharacters(output);
}

describe('ProgressView', () => {
  const at = (seconds: number) => () => Date.parse(crawl.createdAt) + seconds * 1000;

  it('shows the start URL, status, result count, elapsed time and how Ctrl-C behaves', () => {
    const text = frame({ crawl, color: false, now: at(75) });
    expect(text).toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] Crawling https:\/\/docs\.example\.com\//);
    expect(text).toContain(`running · 3 results · 1m 15s · ${crawl.id}`);
    expect(text).toContain('Ctrl-C stops watching; the crawl keeps running');
    // The widest line fits an 80-column terminal rather than wrapping.
    expect(text.split('\n')[1]!.length).toBeLessThanOrEqual(80);
  });

  it('shows the stored duration once the crawl has ended', () => {
    const text = frame({
      crawl: { ...crawl, status: 'succeeded', numberOfResults: 1, durationInSeconds: 4 },
      color: false,
      now: at(999),
    });
    expect(text).toContain('● Crawling');
    expect(text).toContain('succeeded · 1 result · 4s ·');
    expect(text).not.toContain('Ctrl-C');
  });
});
