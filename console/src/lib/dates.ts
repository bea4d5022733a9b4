const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateTimeSeconds = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** '12 Mar 2025, 14:05' in the browser's locale. */
export const formatDateTime = (iso: string): string => dateTime.format(new Date(iso));

/** With seconds, for the exact start and end of a crawl. */
export const formatDateTimeSeconds = (iso: string): string => dateTimeSeconds.format(new Date(iso));

const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** '12 Mar 2025' in the browser's locale. */
export const formatDate = (iso: string): string => dateOnly.format(new Date(iso));

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['day', 86_400],
  ['hour', 3600],
  ['minute', 60],
];

/** '5 minutes ago', 'yesterday', 'in 6 days': the largest whole unit; 'just now' under a minute. */
export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return 'just now';
}
