import { describe, expect, it } from 'vitest';
import { hashContent, removeSeenBlocks, splitBlocks } from './dedup.js';

const post = (n: number) => `# Post ${n}

Post ${n} has its own unique insight.

Subscribe to our newsletter for weekly crawling tips.

- Related: how crawlers work
- Only in post ${n}

| Key | Value |
| --- | --- |
| Plan | Starter |
| Post | ${n} |

\`\`\`
code block line one

code block line two
\`\`\``;

describe('splitBlocks', () => {
  it('splits paragraphs, list items, table rows and keeps code fences whole', () => {
    const blocks = splitBlocks(post(1));
    expect(blocks.map((b) => b.text)).toEqual([
      '# Post 1',
      'Post 1 has its own unique insight.',
      'Subscribe to our newsletter for weekly crawling tips.',
      '- Related: how crawlers work',
      '- Only in post 1',
      '| Key | Value |',
      '| --- | --- |',
      '| Plan | Starter |',
      '| Post | 1 |',
      '```\ncode block line one\n\ncode block line two\n```',
    ]);
    expect(blocks.filter((b) => !b.dedupable).map((b) => b.text)).toEqual([
      '# Post 1',
      '| Key | Value |',
      '| --- | --- |',
    ]);
  });
});

describe('removeSeenBlocks', () => {
  it('keeps repeated blocks only at their first occurrence across pages', () => {
    const seen = new Set<number>();
    const isNew = (h: number) => (seen.has(h) ? false : (seen.add(h), true));
    const first = removeSeenBlocks(splitBlocks(post(1)), isNew);
    const second = removeSeenBlocks(splitBlocks(post(2)), isNew);
    expect(first.removed).toBe(0);
    expect(first.markdown).toBe(post(1));
    expect(second.removed).toBe(4);
    expect(second.markdown).not.toContain('Subscribe to our newsletter');
    expect(second.markdown).not.toContain('| Plan | Starter |');
    expect(second.markdown).not.toContain('Related: how crawlers work');
    expect(second.markdown).not.toContain('code block line one');
    expect(second.markdown).toContain('- Only in post 2');
    expect(second.markdown).toContain('| Key | Value |\n| --- | --- |\n| Post | 2 |');
  });

  it('drops a table whose body rows were all seen before', () => {
    const table = '| Key | Value |\n| --- | --- |\n| Plan | Starter |';
    const seen = new Set<number>();
    const isNew = (h: number) => (seen.has(h) ? false : (seen.add(h), true));
    removeSeenBlocks(splitBlocks(`Intro one is here.\n\n${table}`), isNew);
    const again = removeSeenBlocks(splitBlocks(`Intro two is different.\n\n${table}`), isNew);
    expect(again.markdown).toBe('Intro two is different.');
  });
});

describe('removeSeenBlocks on a page with nothing new', () => {
  it('says so when every block that could repeat did, whatever headings are left', () => {
    const seen = new Set<number>();
    const isNew = (h: number) => (seen.has(h) ? false : (seen.add(h), true));
    const body = 'Subscribe to our newsletter for weekly crawling tips.\n\n- Related: how crawlers work';
    expect(removeSeenBlocks(splitBlocks(`# One\n\n${body}`), isNew).nothingNew).toBe(false);
    const again = removeSeenBlocks(splitBlocks(`# Two\n\n${body}`), isNew);
    expect(again).toEqual({ markdown: '# Two', removed: 2, nothingNew: true });
    // Only a page that lost blocks can have nothing new: a page of headings and tiny blocks stays.
    expect(removeSeenBlocks(splitBlocks('# Three\n\nTiny.'), isNew).nothingNew).toBe(false);
  });
});

describe('hashContent', () => {
  it('ignores whitespace and case, nothing else', () => {
    expect(hashContent('Hello   World\n')).toBe(hashContent('hello world'));
    expect(hashContent('Hello World')).not.toBe(hashContent('Hello World!'));
  });
});
