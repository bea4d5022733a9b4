import { describe, expect, it } from 'vitest';
import { extractPage } from './extract.js';
import { htmlToMarkdown } from './markdown.js';

const page = `<!doctype html><html><head><title> The  Title </title><base href="https://example.com/docs/"></head><body>
<header><nav><a href="/">Home</a><a href="guide">Guide</a></nav></header>
<div id="cookie-banner">We use cookies</div>
<main><h1>Heading</h1><p>Body with <a href="ref#x">a link</a> and <img src="pic.png" alt="pic"></p><script>evil()</script></main>
<footer>Footer text <a href="https://other.example.org/x">elsewhere</a> <a href="mailto:x@y.z">mail</a></footer>
</body></html>`;

describe('extractPage', () => {
  it('finds the title and every link of the document, resolved against <base>', () => {
    const out = extractPage(page, 'https://example.com/docs/page', { excludeNonMainTags: true });
    expect(out.title).toBe('The Title');
    expect(out.links).toEqual([
      'https://example.com/',
      'https://example.com/docs/guide',
      'https://example.com/docs/ref',
      'https://other.example.org/x',
    ]);
  });

  it('keeps only the main content when asked, with absolute addresses', () => {
    const out = extractPage(page, 'https://example.com/docs/page', { excludeNonMainTags: true });
    const md = htmlToMarkdown(out.content, { includeLinks: true });
    expect(md).toContain('# Heading');
    expect(md).toContain('[a link](https://example.com/docs/ref#x)');
    expect(md).toContain('![pic](https://example.com/docs/pic.png)');
    expect(md).not.toMatch(/cookies|Footer text|Home|evil/);
  });

  it('keeps the chrome when not excluding it, but never scripts', () => {
    const out = extractPage(page, 'https://example.com/docs/page', { excludeNonMainTags: false });
    const md = htmlToMarkdown(out.content, { includeLinks: true });
    expect(md).toContain('Footer text');
    expect(md).not.toContain('evil');
  });

  it('falls back to the body when the heuristic leaves nothing', () => {
    const out = extractPage(
      '<html><body><nav><p>Only navigation text</p></nav></body></html>',
      'https://example.com/',
      { excludeNonMainTags: true },
    );
    expect(out.fellBackToBody).toBe(true);
    expect(htmlToMarkdown(out.content, { includeLinks: true })).toContain('Only navigation text');
  });
});

describe('htmlToMarkdown', () => {
  it('keeps link text only when links are off', () => {
    expect(htmlToMarkdown('<p>See <a href="https://x.y/">the docs</a>.</p>', { includeLinks: false })).toBe(
      'See the docs.',
    );
  });
});
