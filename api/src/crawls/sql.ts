import { sql } from 'drizzle-orm';
import { crawls } from '../db/schema.js';

/** Column values that end a crawl: now, and the whole seconds since it was created. */
export const finishedColumns = () => ({
  completedAt: sql`now()`,
  durationInSeconds: sql`greatest(0, round(extract(epoch from (now() - ${crawls.createdAt}))))::int`,
});

/** Escapes `%`, `_` and `\` so user text matches literally inside ILIKE. */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}
