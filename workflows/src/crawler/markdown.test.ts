import { describe, expect, it } from 'vitest';
import { htmlToMarkdown } from './markdown.js';

const md = (html: string, includeLinks = true) => htmlToMarkdown(html, { includeLinks });

describe('htmlToMarkdown', () => {
  it('writes tight lists, numbered lists from their start, and nested lists', () => {
    expect(md('<ul><li>one</li><li>two<ul><li>inner</li></ul></li></ul>')).toBe('- one\n- two\n  - inner');
    expect(md('<ol start="3"><li>c</li><li>d</li></ol>')).toBe('3. c\n4. d');
  });

  it('writes GFM tables with a header row and escaped pipes', () => {
    expect(
      md(
        '<table><thead><tr><th>A</th><th>B</th></tr></thead><tbody><tr><td>1|2</td><td><b>x</b></td></tr></tbody></table>',
      ),
    ).toBe('| A | B |\n| --- | --- |\n| 1\\|2 | **x** |');
    expect(md('<table><tr><td>h1</td><td>h2</td></tr><tr><td>v1</td><td>v2</td></tr></table>')).toBe(
      '| h1 | h2 |\n| --- | --- |\n| v1 | v2 |',
    );
  });

  it('keeps web links absolute and reduces other links to text', () => {
    expect(
      md(
        '<p><a href="https://x.test/a">web</a> <a href="mailto:a@x.test">mail</a> <a href="javascript:void(0)">js</a> <a href="tel:1">call</a></p>',
      ),
    ).toBe('[web](https://x.test/a) [mail](mailto:a@x.test) js call');
  });

  it('keeps only link text and image alt text when links are off', () => {
    expect(
      md(
        '<p>See <a href="https://x.test/">the docs</a> <img src="https://x.test/i.png" alt="diagram"></p>',
        false,
      ),
    ).toBe('See the docs diagram');
  });

  it('keeps right-to-left text intact', () => {
    expect(md('<p dir="rtl">שלום עולם, זהו עמוד בעברית</p>')).toBe('שלום עולם, זהו עמוד בעברית');
  });

  it('fences preformatted text without <code> as it stands, and keeps the language of a code block', () => {
    expect(md('<pre>line one\n  *indented* line</pre>')).toBe('```\nline one\n  *indented* line\n```');
    expect(md('<pre>a ``` b</pre>')).toBe('````\na ``` b\n````');
    expect(md('<pre><code class="language-ts">const a = 1;\n</code></pre>')).toBe('```ts\nconst a = 1;\n```');
  });

  it('fences code blocks and drops empty links', () => {
    expect(
      md('<pre><code>const a = 1;\nconst b = 2;</code></pre><p><a href="https://x.test/"></a>after</p>'),
    ).toBe('```\nconst a = 1;\nconst b = 2;\n```\n\nafter');
  });
});
