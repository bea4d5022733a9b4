// Terminal colours, decided once per stream by the session. Plain ANSI codes rather than
// util.styleText, whose own stream checks differ between Node versions.
import type { CrawlStatus } from '@trawl/sdk';

const CODES = {
  bold: [1, 22],
  dim: [2, 22],
  red: [31, 39],
  green: [32, 39],
  yellow: [33, 39],
  blue: [34, 39],
  cyan: [36, 39],
} as const;

export type Style = keyof typeof CODES;

/** Wraps text in a style, or returns it unchanged when colours are off. */
export type Paint = (style: Style, text: string) => string;

export function createPaint(enabled: boolean): Paint {
  if (!enabled) return (_style, text) => text;
  return (style, text) => `\u001b[${CODES[style][0]}m${text}\u001b[${CODES[style][1]}m`;
}

/** The console's badge colours: green for a crawl that ended well, cyan while running, red otherwise. */
export function statusStyle(status: CrawlStatus): Style {
  if (status === 'succeeded' || status === 'timed_out') return 'green';
  if (status === 'running') return 'cyan';
  return 'red';
}
