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
});
