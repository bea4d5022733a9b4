import { parsePage } from '../workflows/src/crawler/parse-page.ts';
const paragraph = (i: number) =>
  `<p>Paragraph ${i} of a very long article, with <a href="/a/${i}">a link</a>, <em>emphasis</em> and some more words to fill the line.</p>`;
const parts: string[] = [];
for (let i = 0, size = 0; size < 5 * 1024 * 1024 - 200; i++) { parts.push(paragraph(i)); size += parts.at(-1)!.length; }
const html = `<html><head><title>Long</title></head><body><nav><a href="/">Home</a></nav><main><h1>Long</h1>${parts.join('\n')}</main></body></html>`;
const t = performance.now();
const p = parsePage({ html, url: 'http://x.test/a', excludeNonMainTags: true, includeLinks: true, dedup: true } as never);
console.log('ok', parts.length, p.markdown.length, Math.round(performance.now() - t), 'ms');
