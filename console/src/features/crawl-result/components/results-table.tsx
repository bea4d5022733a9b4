import type { CrawlResult } from '@trawl/sdk';
import { CopyButton } from '../../../components/ui/copy-button';
import { ExpandIcon, FlagIcon, TrashIcon } from '../../../components/ui/icons';
import { markdownPreview, textDirection } from '../result-text';

interface ResultsTableProps {
  results: CrawlResult[];
  onExpand(result: CrawlResult): void;
  onReport(result: CrawlResult): void;
  /** Offered for team crawls that have ended. */
  onDelete?: (result: CrawlResult) => void;
}

export function ResultsTable({ results, onExpand, onReport, onDelete }: ResultsTableProps) {
  return (
    <div className="table-wrap">
      <table className="table results-table">
        <thead>
          <tr>
            <th scope="col" className="results-table__position">
              #
            </th>
            <th scope="col">URL</th>
            <th scope="col">Markdown</th>
            <th scope="col" className="table__actions">
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {results.map((result) => (
            <tr key={result.id}>
              <td className="results-table__position tabular">{result.position}</td>
              <td className="results-table__url">
                <a href={result.url} target="_blank" rel="noreferrer noopener" title={result.url}>
                  {result.url}
                </a>
                <span className="results-table__title">{result.title}</span>
              </td>
              <td>
                <p className="results-table__markdown" dir={textDirection(result.markdown)}>
                  {markdownPreview(result.markdown, result.title)}
                </p>
              </td>
              <td className="table__actions">
                <div className="row-actions">
                  <CopyButton
                    text={result.markdown}
                    label="Copy Markdown"
                    ariaLabel={`Copy markdown of result ${result.position}`}
                  />
                  <button
                    type="button"
                    className="button button--ghost button--sm"
                    aria-label={`View details of result ${result.position}`}
                    onClick={() => onExpand(result)}
                  >
                    <ExpandIcon />
                    View Details
                  </button>
                  <button
                    type="button"
                    className="button button--ghost button--sm"
                    aria-label={`Report a problem with result ${result.position}`}
                    onClick={() => onReport(result)}
                  >
                    <FlagIcon />
                    Report
                  </button>
                  {onDelete && (
                    <button
                      type="button"
                      className="button button--ghost button--sm"
                      aria-label={`Delete result ${result.position}`}
                      onClick={() => onDelete(result)}
                    >
                      <TrashIcon />
                      Delete
                    </button>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
