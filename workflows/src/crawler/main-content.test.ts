import { CONTENT_PAGES, CONTENT_SITE, CONTENT_TEXT } from '@trawl/fixtures';
import { describe, expect, it } from 'vitest';
import { hasMarkdownContent } from './markdown.js';
import { parsePage } from './parse-page.js';

const origin = 'https://harbour.example';
const parse = (path: string, options: { includeLinks?: boolean; excludeNonMainTags?: boolean } = {}) =>
  parsePage({
    html: CONTENT_PAGES[path]!,
    url: `${origin}${path}`,
    excludeNonMainTags: options.excludeNonMainTags ?? true,
    includeLinks: options.includeLinks ?? true,
    dedup: true,
  });
const t = CONTENT_TEXT;

describe('main content as markdown', () => {
  const { markdown, title, fellBackToBody } = parse(CONTENT_SITE.article);

  it('takes the title from the page, and keeps the headline and headings as headings', () => {
    expect(title).toBe('Port handles record autumn | Harbour Times');
    expect(fellBackToBody).toBe(false);
    expect(markdown.startsWith('# Port handles record autumn\n')).toBe(true);
    expect(markdown).toContain(`\n## ${t.heading}\n`);
  });

  it('keeps every paragraph of the article, in order', () => {
    const at = t.paragraphs.map((p) => markdown.indexOf(p));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });

  it('keeps lists, tables, code blocks, quotes and images with their structure', () => {
    expect(markdown).toContain(t.listItems.map((li) => `- ${li}`).join('\n'));
    expect(markdown).toContain(t.steps.map((li, i) => `${i + 1}. ${li}`).join('\n'));
    expect(markdown).toContain(
      '| Month | Containers |\n| --- | --- |\n| September | 41,200 |\n| October | 44,950 |',
    );
    expect(markdown).toContain(`\`\`\`\n${t.code}\n\`\`\``);
    expect(markdown).toContain(`> ${t.quote}`);
    expect(markdown).toContain(`![${t.image.alt}](${origin}${t.image.src})`);
  });

  it('drops navigation, bylines, sharing, newsletter boxes, captions, related lists, comments and footers', () => {
    for (const text of [...t.boilerplate, 'Photo credit', 'Home']) expect(markdown).not.toContain(text);
  });

  it('keeps right-to-left text intact', () => {
    const rtl = parse(CONTENT_SITE.rtl);
    expect(rtl.markdown).toContain(t.rtl);
    expect(rtl.title).toBe('שיא במכולות');
  });

  it('keeps everything but scripts when Exclude non main tags is off', () => {
    const all = parse(CONTENT_SITE.article, { excludeNonMainTags: false }).markdown;
    for (const text of t.boilerplate) expect(all).toContain(text);
  });
});

describe('never an empty page', () => {
  it('finds the article of a page laid out inside a <form>', () => {
    for (const path of CONTENT_SITE.formLayouts) {
      const page = parse(path);
      const n = path.endsWith('one') ? 1 : 2;
      expect(page.markdown).toContain(`# Form layout story ${n}`);
      expect(page.markdown).toContain(`Story ${n}: ${t.paragraphs[2]}`);
      expect(page.markdown).not.toContain('Search');
      expect(page.fellBackToBody).toBe(false);
    }
  });

  it('falls back to the body when the main content reads as nothing in markdown', () => {
    const withLinks = parse(CONTENT_SITE.imageOnly);
    expect(withLinks.markdown).toBe(`![](${origin}/images/chart.png)`);
    expect(withLinks.fellBackToBody).toBe(false);
    const textOnly = parse(CONTENT_SITE.imageOnly, { includeLinks: false });
    expect(textOnly.fellBackToBody).toBe(true);
    expect(textOnly.markdown).toContain('Harbour Times');
  });

  it('reports a page without text or images as having no content', () => {
    const blank = parse(CONTENT_SITE.blank);
    expect(hasMarkdownContent(blank.markdown)).toBe(false);
    expect(blank.links).toEqual([`${origin}${CONTENT_SITE.behindBlank}`]);
  });
});

describe('hasMarkdownContent', () => {
  it('counts words, numbers and images, not markup', () => {
    expect(hasMarkdownContent('')).toBe(false);
    expect(hasMarkdownContent('---\n\n| |\n| --- |\n\n[](https://x.test/a)')).toBe(false);
    expect(hasMarkdownContent('![](https://x.test/a.png)')).toBe(true);
    expect(hasMarkdownContent('[42](https://x.test/)')).toBe(true);
    expect(hasMarkdownContent('שלום')).toBe(true);
  });
});
