const HEBREW = /[\u0590-\u05FF]/;

/** Text with Hebrew in it reads right to left. */
export const textDirection = (text: string): 'rtl' | undefined => (HEBREW.test(text) ? 'rtl' : undefined);

/**
 * The markdown as a short preview: without a first heading that only repeats the title, and
 * without blank lines, so the clamped lines show content.
 */
export function markdownPreview(markdown: string, title: string): string {
  const lines = markdown.split('\n');
  const first = lines.findIndex((line) => line.trim() !== '');
  if (
    first >= 0 &&
    /^#{1,6}\s/.test(lines[first]!) &&
    titleRepeats(lines[first]!.replace(/^#+\s*/, ''), title)
  )
    lines.splice(first, 1);
  return lines.filter((line) => line.trim() !== '').join('\n');
}

/** Whether a heading says what the card's title already says: the title itself, or the title before a
 * site-name suffix such as "Async Rust in practice | Northwind Journal". */
function titleRepeats(heading: string, title: string): boolean {
  const h = heading.trim();
  const t = title.trim();
  return h !== '' && (h === t || [' | ', ' - ', ' – ', ' — ', ' · '].some((sep) => t.startsWith(h + sep)));
}
