import type { CrawlStatus } from '@trawl/sdk';
import { Spinner } from '../ui/spinner';

/** SPEC section 4: statuses are shown in upper case (RUNNING, FAILED, ABORTED, TIMED_OUT). */
const LABELS: Record<CrawlStatus, string> = {
  running: 'RUNNING',
  succeeded: 'SUCCEEDED',
  failed: 'FAILED',
  aborted: 'ABORTED',
  timed_out: 'TIMED_OUT',
  error: 'ERROR',
};

/** SPEC section 4: succeeded and timed_out green; running teal with a spinner; aborted, failed and error red. */
const TONES: Record<CrawlStatus, 'success' | 'running' | 'danger'> = {
  running: 'running',
  succeeded: 'success',
  timed_out: 'success',
  failed: 'danger',
  aborted: 'danger',
  error: 'danger',
};

export const statusLabel = (status: CrawlStatus): string => LABELS[status];

export function CrawlStatusBadge({ status }: { status: CrawlStatus }) {
  return (
    <span className={`badge badge--${TONES[status]}`}>
      {status === 'running' ? <Spinner size="sm" /> : <span className="badge__dot" aria-hidden="true" />}
      {LABELS[status]}
    </span>
  );
}
