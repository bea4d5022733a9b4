import type { CrawlResult } from '@trawl/sdk';
import { CopyButton } from '../../../components/ui/copy-button';
import { Modal } from '../../../components/ui/modal';
import { textDirection } from '../result-text';
import { ChangeBadge } from './change-badge';
import { DiffView } from './diff-view';

/** The full result: URL, title, the data an AI extraction schema drew from it, and every line of its markdown. */
export function ResultDetailsModal({ result, onClose }: { result: CrawlResult; onClose(): void }) {
  const data =
    result.data === undefined || result.data === null ? null : JSON.stringify(result.data, null, 2);
  return (
    <Modal
      title={`Result #${result.position}`}
      size="xl"
      onClose={onClose}
      headerExtra={
        <CopyButton text={result.markdown} label="Copy Markdown" className="modal__header-extra" />
      }
    >
      <div className="result-details">
        <a className="result-details__url" href={result.url} target="_blank" rel="noreferrer noopener">
          {result.url}
        </a>
        <h3 className="result-details__title" dir={textDirection(result.title)}>
          {result.title || 'Untitled page'} <ChangeBadge status={result.changeStatus} />
        </h3>
        {result.diff && (
          <section className="result-details__diff" aria-label="Changes since the previous crawl">
            <h4>Changes since the previous crawl</h4>
            <DiffView diff={result.diff} />
          </section>
        )}
        {data && (
          <section className="result-details__data" aria-label="Extracted data">
            <div className="result-details__data-head">
              <h4>Extracted data</h4>
              <CopyButton text={data} label="Copy JSON" />
            </div>
            <pre tabIndex={0}>{data}</pre>
          </section>
        )}
        <pre
          className="result-details__markdown"
          dir={textDirection(result.markdown)}
          tabIndex={0}
          aria-label="Markdown"
        >
          {result.markdown}
        </pre>
      </div>
    </Modal>
  );
}
