// The one place where failed API calls become the toasts of SPEC section 8.
import { TrawlApiError } from '@trawl/sdk';
import { toast } from '../components/ui/toast/toast-store';
import { noticeUnauthorized } from './unauthorized';

interface FailureMessage {
  /** Shown when the server gave no message of its own, or when its message is not for people here. */
  fallback: string;
  /** Show the server's message when it sent one. */
  preferServerMessage: boolean;
}

// The catalogue's words where it has them; where it has none, the same "Failed to ..." form.
const FAILURES = {
  loadCrawls: { fallback: 'Failed to load crawls', preferServerMessage: false },
  loadCrawl: { fallback: 'Failed to load crawl', preferServerMessage: false },
  loadResults: { fallback: 'Failed to load crawl results', preferServerMessage: false },
  loadLogs: { fallback: 'Failed to load crawl logs', preferServerMessage: false },
  startCrawl: { fallback: 'An error occurred while starting the crawl', preferServerMessage: true },
  startPublicCrawl: { fallback: 'Failed to start crawl', preferServerMessage: true },
  abortCrawl: { fallback: 'Failed to abort crawl', preferServerMessage: false },
  loadSchedules: { fallback: 'Failed to load schedules', preferServerMessage: false },
  createSchedule: { fallback: 'Failed to schedule the crawl', preferServerMessage: true },
  updateSchedule: { fallback: 'Failed to update schedule', preferServerMessage: true },
  deleteSchedule: { fallback: 'Failed to delete schedule', preferServerMessage: true },
  downloadCsv: { fallback: 'Failed to download CSV', preferServerMessage: false },
  createProject: { fallback: 'Failed to create project', preferServerMessage: true },
  renameProject: { fallback: 'Failed to rename project', preferServerMessage: true },
  deleteProject: { fallback: 'Failed to delete project', preferServerMessage: true },
  loadTeam: { fallback: 'Failed to load team', preferServerMessage: false },
  createInviteLink: { fallback: 'Failed to create invite link', preferServerMessage: true },
  sendInviteEmail: { fallback: 'Failed to send invite', preferServerMessage: true },
  revokeInvite: { fallback: 'Failed to withdraw invitation', preferServerMessage: true },
  removeMember: { fallback: 'Failed to remove member', preferServerMessage: true },
  deleteTeam: { fallback: 'Failed to delete team', preferServerMessage: true },
  loadTokens: { fallback: 'Failed to load API tokens', preferServerMessage: false },
  createToken: { fallback: 'Failed to create API token', preferServerMessage: true },
  revokeToken: { fallback: 'Failed to revoke API token', preferServerMessage: true },
  loadWebhooks: { fallback: 'Failed to load webhooks', preferServerMessage: false },
  createWebhook: { fallback: 'Failed to add webhook endpoint', preferServerMessage: true },
  updateWebhook: { fallback: 'Failed to update webhook endpoint', preferServerMessage: true },
  deleteWebhook: { fallback: 'Failed to delete webhook endpoint', preferServerMessage: true },
  loadWebhookDeliveries: { fallback: 'Failed to load deliveries', preferServerMessage: false },
  redeliverWebhook: { fallback: 'Failed to redeliver', preferServerMessage: true },
  updateProfile: { fallback: 'Failed to save profile', preferServerMessage: true },
  changePassword: { fallback: 'Failed to change password', preferServerMessage: true },
  logoutEverywhere: { fallback: 'Failed to sign out of every session', preferServerMessage: true },
  loadAdmin: { fallback: 'Failed to load admin data', preferServerMessage: false },
  loadDashboard: { fallback: 'Failed to load dashboard', preferServerMessage: false },
  deleteCrawlResult: { fallback: 'Failed to delete crawl result', preferServerMessage: false },
  sendSupportRequest: { fallback: 'Failed to send support request', preferServerMessage: false },
  submitReport: { fallback: 'Failed to submit report', preferServerMessage: false },
  loadFolders: { fallback: 'Failed to load folders', preferServerMessage: false },
  saveFolder: { fallback: 'Failed to save folder', preferServerMessage: true },
  deleteFolder: { fallback: 'Failed to delete folder', preferServerMessage: true },
  moveCrawl: { fallback: 'Failed to move crawl', preferServerMessage: true },
  loadBilling: { fallback: 'Failed to load billing', preferServerMessage: false },
  changePlan: { fallback: 'Failed to change plan', preferServerMessage: true },
  cancelSubscription: { fallback: 'Failed to cancel subscription', preferServerMessage: true },
  reactivateSubscription: { fallback: 'Failed to reactivate subscription', preferServerMessage: true },
  saveBillingInfo: { fallback: 'Unknown error', preferServerMessage: true },
  saveCard: { fallback: 'Unknown error', preferServerMessage: true },
  loadInvoices: { fallback: 'Failed to load invoices', preferServerMessage: false },
  downloadInvoice: { fallback: 'Failed to download invoice', preferServerMessage: false },
} satisfies Record<string, FailureMessage>;

export type FailedAction = keyof typeof FAILURES;

/** The API's own error, as opposed to a gateway's page or a body that is not the API's shape. */
const hasServerMessage = (err: unknown): err is TrawlApiError =>
  err instanceof TrawlApiError &&
  Boolean(err.message) &&
  err.code !== 'server_error' &&
  err.code !== 'http_error' &&
  err.code !== 'internal_error';

/** The message of a failure, as its toast shows it. */
export function failureMessage(action: FailedAction, err: unknown): string {
  const { fallback, preferServerMessage } = FAILURES[action];
  return preferServerMessage && hasServerMessage(err) ? err.message : fallback;
}

/** A 401 ends the session (back to /login, no toast), and a cancelled call is no failure. */
function isSilent(err: unknown): boolean {
  if (noticeUnauthorized(err)) return true;
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
export const isRetryable = (err: unknown): boolean =>
  !(err instanceof TrawlApiError && err.status >= 400 && err.status < 500);

/** The server's message for one field of a rejected form, if it named that field. */
export function fieldMessage(err: unknown, field: string): string | undefined {
  if (!(err instanceof TrawlApiError)) return undefined;
  return err.details.find((d) => d.path === field)?.message;
}
