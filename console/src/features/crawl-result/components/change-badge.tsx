import type { CrawlResult } from '@trawl/sdk';

const LABELS = { new: 'New', changed: 'Changed', unchanged: 'Unchanged', removed: 'Removed' } as const;

/** A recrawl result's change status as a small coloured badge; nothing for a plain crawl's result. */
export function ChangeBadge({ status }: { status: CrawlResult['changeStatus'] }) {
  if (!status) return null;
  return (
    <span className={`change-badge change-badge--${status}`} data-change-status={status}>
      {LABELS[status]}
    </span>
  );
}
