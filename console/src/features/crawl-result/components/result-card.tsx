import type { CrawlResult, CrawlResultMatch, SnippetSegment } from '@trawl/sdk';
import { CopyButton } from '../../../components/ui/copy-button';
import { ExpandIcon, FlagIcon } from '../../../components/ui/icons';
import { markdownPreview, textDirection } from '../result-text';
import { ChangeBadge } from './change-badge';

interface ResultCardProps {
  result: CrawlResult;
  onExpand(result: CrawlResult): void;
  onReport(result: CrawlResult): void;
}

/** A result in the grid: numbered URL, title and a clamped markdown preview; actions on hover and focus. */
export function ResultCard({ result, onExpand, onReport }: ResultCardProps) {
  const dir = textDirection(`${result.title} ${result.markdown}`);
  return (
    <article className="result-card" aria-labelledby={`result-${result.id}-title`}>
      <header className="result-card__header">
        <span className="result-card__position">#{result.position}</span>
        <ChangeBadge status={result.changeStatus} />
        <a
          className="result-card__url"
          href={result.url}
          target="_blank"
          rel="noreferrer noopener"
          title={result.url}
        >
          {result.url}
        </a>
        <div className="result-card__actions">
          <CopyButton text={result.markdown} ariaLabel={`Copy markdown of ${result.title || result.url}`} />
          <button
            type="button"
            className="icon-button icon-button--sm"
            aria-label={`Expand ${result.title || result.url}`}
            onClick={() => onExpand(result)}
          >
            <ExpandIcon />
          </button>
          <button
            type="button"
            className="icon-button icon-button--sm"
            aria-label={`Report a problem with ${result.title || result.url}`}
            title="Report a problem"
            onClick={() => onReport(result)}
          >
            <FlagIcon />
          </button>
        </div>
      </header>
      <h3 className="result-card__title" id={`result-${result.id}-title`} dir={dir}>
        {result.title || 'Untitled page'}
      </h3>
      <p className="result-card__markdown" dir={dir}>
        {snippetOf(result)?.map((segment, i) =>
          segment.highlight ? <mark key={i}>{segment.text}</mark> : segment.text,
        ) ?? markdownPreview(result.markdown, result.title)}
      </p>
    </article>
  );
}

/** A search match's highlighted snippet (full-text search answers one per result), if this is a match. */
function snippetOf(result: CrawlResult): SnippetSegment[] | undefined {
  const snippet = (result as Partial<CrawlResultMatch>).snippet;
  return snippet && snippet.length > 0 ? snippet : undefined;
}
