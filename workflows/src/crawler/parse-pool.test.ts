import { describe, expect, it } from 'vitest';
import { createParsePool } from './parse-pool.js';

const input = {
  html: '<html><head><title>T</title></head><body><main><p>Hello <a href="/x">x</a></p></main></body></html>',
  url: 'https://example.com/',
  excludeNonMainTags: true,
  includeLinks: true,
  dedup: true,
};

describe('createParsePool', () => {
  it('parses on worker threads, the same as inline', async () => {
    const pool = createParsePool(2);
    const inline = createParsePool(0);
    try {
      expect(pool.workers).toBe(2);
      expect(inline.workers).toBe(0);
      const pages = await Promise.all([1, 2, 3, 4].map(() => pool.parse(input)));
      expect(pages[3]).toEqual(await inline.parse(input));
      expect(pages[0]).toMatchObject({
        title: 'T',
        links: ['https://example.com/x'],
        markdown: 'Hello [x](https://example.com/x)',
      });
    } finally {
      await pool.close();
    }
  });

  it('rejects a job at once when its signal aborts', async () => {
    const pool = createParsePool(1);
    try {
      const controller = new AbortController();
      controller.abort(new Error('stop'));
      await expect(pool.parse(input, controller.signal)).rejects.toThrow('stop');
    } finally {
      await pool.close();
    }
  });

  it('parses a long article on a worker, which does not run out of memory', async () => {
    const failures: Error[] = [];
    const pool = createParsePool(1, (err) => failures.push(err));
    try {
      const words = 'the crawler reads every page of the site and keeps what matters to the reader'.split(
        ' ',
      );
      const paragraph = (i: number) =>
        `<p>${Array.from({ length: 90 }, (_, k) => words[(i + k) % words.length]).join(' ')} <a href="/a/${i}">more ${i}</a>.</p>`;
      const html = `<html><head><title>Long</title></head><body><main><h1>Long</h1>${Array.from({ length: 6000 }, (_, i) => paragraph(i)).join('\n')}</main></body></html>`;
      expect(html.length).toBeGreaterThan(3_000_000);
      const page = await pool.parse({ ...input, html });
      expect(page.title).toBe('Long');
      expect(page.markdown).toContain('[more 5999]');
      expect(failures).toEqual([]);
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('fails a page that kills its worker, alone, and parses the pages it shared the worker with', async () => {
    const failures: Error[] = [];
    const pool = createParsePool(1, (err) => failures.push(err));
    try {
      // 5 MiB of dense markup: far more DOM nodes than a worker's heap holds.
      const cell = (i: number) => `<p><a href="/a/${i}">${i}</a><em>e</em><b>b</b></p>`;
      const parts: string[] = [];
      for (let i = 0, size = 0; size < 5 * 1024 * 1024 - 200; i++) {
        parts.push(cell(i));
        size += parts.at(-1)!.length;
      }
      const html = `<html><head><title>Dense</title></head><body><main>${parts.join('')}</main></body></html>`;
      const [dense, small] = await Promise.allSettled([pool.parse({ ...input, html }), pool.parse(input)]);
      expect(dense).toMatchObject({
        status: 'rejected',
        reason: {
          message: 'Parsing failed: the page needs more than the 192 MB of memory a parse worker has',
        },
      });
      expect(small).toMatchObject({ status: 'fulfilled', value: { title: 'T' } });
      expect(failures).toHaveLength(1);
      // The pool has a worker again and parses on.
      expect(pool.workers).toBe(1);
      expect(await pool.parse(input)).toMatchObject({ title: 'T' });
    } finally {
      await pool.close();
    }
  }, 120_000);
});
