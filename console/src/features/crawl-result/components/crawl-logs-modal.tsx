import type { CrawlLog } from '@trawl/sdk';
import { useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ArrowDownIcon, LogsIcon } from '../../../components/ui/icons';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { useTeamEvents } from '../../../lib/realtime';
import { useThrottled } from '../../../lib/use-throttled';
import { useCrawlLogs } from '../api/get-crawl-logs';

/** SPEC section 9: 'Scroll to bottom' shows above 25 lines. */
const SCROLL_BUTTON_AFTER = 25;

/** A description is cut after the word 'exceeded.', where the useful part of such messages ends. */
export function cutDescription(description: string): string {
  const at = description.indexOf('exceeded.');
  return at === -1 ? description : description.slice(0, at + 'exceeded.'.length);
}

function LogLine({ log, number }: { log: CrawlLog; number: number }) {
  return (
    <li className="log-line">
      <span className="log-line__number tabular">{number}</span>
      <span className={`log-level log-level--${log.level}`}>{log.level}</span>
      <span className="log-line__text">
        <span className="log-line__message">{log.message}</span>
        {log.description && <span className="log-line__description">{cutDescription(log.description)}</span>}
      </span>
    </li>
  );
}

export function CrawlLogsModal({ crawlId, onClose }: { crawlId: string; onClose(): void }) {
  const { logs, isLoading, isLoadingMore, hasMore, loadMore, reload } = useCrawlLogs(crawlId);
  // New log lines of a running crawl show while the modal is open.
  const reloadSoon = useThrottled(reload, 1000);
  useTeamEvents((event) => {
    if (event.type === 'CRAWL_LOG_CREATED_EVENT' && event.crawlId === crawlId) reloadSoon();
  });
  const listRef = useRef<HTMLOListElement>(null);
  const scrollToBottom = () =>
    listRef.current?.lastElementChild?.scrollIntoView({ behavior: 'smooth', block: 'end' });

  return (
    <Modal
      title="Crawl logs"
      size="xl"
      onClose={onClose}
      footer={
        <>
          {logs.length > SCROLL_BUTTON_AFTER && (
            <Button variant="ghost" icon={<ArrowDownIcon />} onClick={scrollToBottom}>
              Scroll to bottom
            </Button>
          )}
          {hasMore && (
            <Button onClick={loadMore} loading={isLoadingMore}>
              Load more
            </Button>
          )}
          <Button variant="primary" onClick={onClose}>
            Close
          </Button>
        </>
      }
    >
      {isLoading ? (
        <div className="logs-loading">
          <Spinner label="Loading logs" />
        </div>
      ) : logs.length === 0 ? (
        <EmptyState icon={<LogsIcon />} title="No logs yet" />
      ) : (
        <ol ref={listRef} className="logs" aria-label="Log lines">
          {logs.map((log, i) => (
            <LogLine key={log.id} log={log} number={i + 1} />
          ))}
        </ol>
      )}
    </Modal>
  );
}
