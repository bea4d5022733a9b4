// The one place where failed API calls become the toasts of SPEC section 8.
import { TrawlApiError, TrawlError } from '@trawl/sdk';
import { toast } from '../components/ui/toast/toast-store';

interface FailureMessage {
  /** Shown when the server gave no message of its own, or when its message is not for people here. */
  fallback: string;
  /** Show the server's message when it sent one. */
  preferServerMessage: boolean;
}

const FAILURES = {
  loadCrawls: { fallback: 'Failed to load crawls', preferServerMessage: false },
  loadCrawl: { fallback: 'Failed to load crawl', preferServerMessage: false },
  loadResults: { fallback: 'Failed to load crawl results', preferServerMessage: false },
  loadLogs: { fallback: 'Failed to load crawl logs', preferServerMessage: false },
  startCrawl: { fallback: 'An error occurred while starting the crawl', preferServerMessage: true },
  abortCrawl: { fallback: 'Failed to abort crawl', preferServerMessage: false },
  downloadCsv: { fallback: 'Failed to download CSV', preferServerMessage: false },
} satisfies Record<string, FailureMessage>;

export type FailedAction = keyof typeof FAILURES;

/** The message of a failure, as its toast shows it. */
export function failureMessage(action: FailedAction, err: unknown): string {
  const { fallback, preferServerMessage } = FAILURES[action];
  if (preferServerMessage && err instanceof TrawlApiError && err.message && err.status < 500) return err.message;
  return fallback;
}

/** A 401 is handled by the auth layer (back to the connect screen), and a cancelled call is no failure. */
function isSilent(err: unknown): boolean {
  if (err instanceof TrawlError && err.status === 401) return true;
  return err instanceof DOMException && err.name === 'AbortError';
}

/** Shows the toast of a failed call. */
export function reportFailure(action: FailedAction, err: unknown): void {
  if (isSilent(err)) return;
  console.error(`${action} failed`, err);
  toast.error(failureMessage(action, err));
}

export const isNotFound = (err: unknown): boolean => err instanceof TrawlApiError && err.status === 404;

/** Retrying cannot fix a 4xx answer; it can fix a dropped connection or a 5xx. */
export const isRetryable = (err: unknown): boolean => !(err instanceof TrawlApiError && err.status >= 400 && err.status < 500);
