// A 401 that reaches the console has already had its one session renewal (the SDK renews and retries once):
// the session is over. Every failed call passes through here, wherever it was made.
import { TrawlError } from '@trawl/sdk';

let listener: (() => void) | null = null;

/** Registers what happens when the session is over; returns the unregister. */
export function onUnauthorized(handler: () => void): () => void {
  listener = handler;
  return () => {
    if (listener === handler) listener = null;
  };
}

export const isUnauthorized = (err: unknown): boolean => err instanceof TrawlError && err.status === 401;

/** Ends the session on a 401; true when it was one (the caller then shows nothing more). */
export function noticeUnauthorized(err: unknown): boolean {
  if (!isUnauthorized(err)) return false;
  listener?.();
  return true;
}
