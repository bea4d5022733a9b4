const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateTimeSeconds = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** '12 Mar 2025, 14:05' in the browser's locale. */
export const formatDateTime = (iso: string): string => dateTime.format(new Date(iso));

/** With seconds, for the exact start and end of a crawl. */
export const formatDateTimeSeconds = (iso: string): string => dateTimeSeconds.format(new Date(iso));
