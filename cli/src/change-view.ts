// How a recrawl's changes read in the terminal: the counts, a change status, a coloured diff.
import type { Crawl, CrawlResult } from '@trawl/sdk';
import type { Paint } from './colors.js';

/** `2 new, 1 changed, 30 unchanged, 0 removed`, coloured like the console's change badges. */
export function describeChanges(changes: NonNullable<Crawl['changes']>, paint: Paint): string {
  return [
    paint('green', `${changes.new} new`),
    paint('yellow', `${changes.changed} changed`),
    `${changes.unchanged} unchanged`,
    paint('red', `${changes.removed} removed`),
  ].join(', ');
}

/** NEW, CHANGED, REMOVED, UNCHANGED: a change status as a coloured word. */
export function changeBadge(status: CrawlResult['changeStatus'], paint: Paint): string {
  const label = (status ?? 'unknown').toUpperCase();
  if (status === 'new') return paint('green', label);
  if (status === 'changed') return paint('yellow', label);
  if (status === 'removed') return paint('red', label);
  return paint('dim', label);
}

/** A unified diff with added lines green, removed lines red and hunk headers cyan (when colours are on). */
export function colorDiff(diff: string, paint: Paint): string {
  return diff
    .replace(/\n$/, '')
    .split('\n')
    .filter((line) => !line.startsWith('====='))
    .map((line) => {
      if (line.startsWith('+++') || line.startsWith('---')) return paint('bold', line);
      if (line.startsWith('+')) return paint('green', line);
      if (line.startsWith('-')) return paint('red', line);
      if (line.startsWith('@@')) return paint('cyan', line);
      return line;
    })
    .join('\n');
}
