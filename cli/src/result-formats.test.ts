import type { CrawlResult } from '@trawl/sdk';
import { describe, expect, it } from 'vitest';
import { createResultWriter, formatMarkdownPage } from './result-formats.js';
import type { Sink } from './sink.js';

const result = (n: number, patch: Partial<CrawlResult> = {}): CrawlResult => ({
  id: `r${n}`,
  crawlId: 'c',
  position: n,
  url: `https://example.com/${n}`,
  title: `Page ${n}`,
  markdown: `# Page ${n}\n\nText ${n}.\n`,
  duplicatesRemovedCount: 0,
  data: null,
  extractionTokens: null,
  changeStatus: null,
  diff: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  ...patch,
});

function memorySink(): Sink & { text: string } {
  return {
    text: '',
    bytes: 0,
    async write(chunk) {
      this.text += chunk;
    },
    async close() {},
    async discard() {},
  };
}

async function render(format: 'md' | 'json' | 'jsonl', results: CrawlResult[]): Promise<string> {
  const sink = memorySink();
  const writer = createResultWriter(format, sink);
  for (const r of results) await writer.write(r);
  expect(await writer.end()).toBe(results.length);
  return sink.text;
}

describe('result formats', () => {
  it('md: heading, URL, markdown; a blank-line-wrapped --- between pages', async () => {
    expect(await render('md', [result(1), result(2)])).toBe(
      '# Page 1\n\nhttps://example.com/1\n\n# Page 1\n\nText 1.\n\n---\n\n# Page 2\n\nhttps://example.com/2\n\n# Page 2\n\nText 2.\n',
    );
  });

  it('md: falls back to the URL for a missing title and leaves out empty markdown', () => {
    expect(formatMarkdownPage(result(3, { title: ' ', markdown: '' }))).toBe(
      '# https://example.com/3\n\nhttps://example.com/3\n',
    );
  });

  it('json: one array, also when empty', async () => {
    expect(JSON.parse(await render('json', [result(1), result(2)]))).toEqual([result(1), result(2)]);
    expect(await render('json', [])).toBe('[]\n');
  });

  it('jsonl: one object per line and nothing else', async () => {
    const text = await render('jsonl', [result(1), result(2)]);
    expect(text).toBe(`${JSON.stringify(result(1))}\n${JSON.stringify(result(2))}\n`);
    expect(await render('jsonl', [])).toBe('');
  });
});
