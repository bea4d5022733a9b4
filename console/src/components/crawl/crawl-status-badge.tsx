import type { CrawlStatus } from '@trawl/sdk';
import { Spinner } from '../ui/spinner';

const LABELS: Record<CrawlStatus, string> = {
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
  aborted: 'Aborted',
  timed_out: 'Timed out',
  error: 'Error',
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
