import type { Crawl } from '@trawl/sdk';
import type { ReactNode } from 'react';
import { CrawlDuration } from '../../../components/crawl/crawl-duration';
import { CrawlOrigin } from '../../../components/crawl/crawl-origin';
import { CopyButton } from '../../../components/ui/copy-button';
import { Link } from 'wouter';
import { useIsPublicCrawl } from '../../../lib/crawl-reader';
import { formatDateTimeSeconds } from '../../../lib/dates';

/** SPEC section 9: a try-out crawl stores at most this many results. */
const PUBLIC_MAX_RESULTS = 15;

function Tile({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={`info-tile${wide ? ' info-tile--wide' : ''}`}>
      <dt className="info-tile__label">{label}</dt>
      <dd className="info-tile__value">{children}</dd>
    </div>
  );
}

const minutes = (n: number) => (n === 1 ? '1 minute' : `${n} minutes`);

/** Which extractor ran, so a model's answers are never mistaken for the offline extractor's, and its tokens. */
function ExtractionMethodNote({ crawl }: { crawl: Crawl }) {
  if (!crawl.extractionMethod) return null;
  const method =
    crawl.extractionMethod === 'llm' ? 'Method: LLM (AI model)' : 'Method: relevance (offline, no model)';
  return (
    <span className="muted extraction-method" data-method={crawl.extractionMethod}>
      {method}
      {crawl.extractionMethod === 'llm' ? ` · ${crawl.extractionTokens.toLocaleString('en-US')} tokens` : ''}
    </span>
  );
}

/** Results, Start URL, Origin, AI extraction, Duration, Time, Timeout and Crawl ID. */
export function CrawlInfoTiles({ crawl, resultsCount }: { crawl: Crawl; resultsCount: number }) {
  const url = crawl.startUrls[0] ?? '';
  const isPublic = useIsPublicCrawl();
  return (
    <dl className="info-tiles" aria-label="Crawl details">
      <Tile label="Results">
        {isPublic ? (
          <span className="info-tile__capped">
            <span className="info-tile__number tabular">
              {resultsCount} / {PUBLIC_MAX_RESULTS} max
            </span>{' '}
            - <Link href="/signup">Join to unlock</Link>
          </span>
        ) : (
          <span className="info-tile__number tabular">{resultsCount}</span>
        )}
      </Tile>
      {crawl.changes && (
        <Tile label="Changes" wide>
          <span className="change-counts" aria-label="Changes since the previous crawl">
            <span className="change-badge change-badge--new">{crawl.changes.new} new</span>
            <span className="change-badge change-badge--changed">{crawl.changes.changed} changed</span>
            <span className="change-badge change-badge--unchanged">{crawl.changes.unchanged} unchanged</span>
            <span className="change-badge change-badge--removed">{crawl.changes.removed} removed</span>
          </span>
        </Tile>
      )}
      <Tile label="Start URL" wide>
        <a href={url} target="_blank" rel="noreferrer noopener" className="info-tile__link">
          {url}
        </a>
      </Tile>
      <Tile label="Origin">
        <CrawlOrigin origin={crawl.origin} />
      </Tile>
      <Tile label="AI extraction" wide>
        {crawl.extraction?.trim() ? (
          <>
            <span className="info-tile__clamp">{crawl.extraction}</span>
            <ExtractionMethodNote crawl={crawl} />
          </>
        ) : (
          <span className="muted">None</span>
        )}
      </Tile>
      <Tile label="Duration">
        <CrawlDuration crawl={crawl} />
      </Tile>
      <Tile label="Time" wide>
        <span className="info-tile__times">
          <span>
            <span className="muted">Created </span>
            {formatDateTimeSeconds(crawl.createdAt)}
          </span>
          <span>
            <span className="muted">Completed </span>
            {crawl.completedAt
              ? formatDateTimeSeconds(crawl.completedAt)
              : crawl.status === 'running'
                ? 'Running…'
                : '—'}
          </span>
        </span>
      </Tile>
      <Tile label="Timeout">{minutes(crawl.timeout)}</Tile>
      <Tile label="Crawl ID" wide>
        <span className="info-tile__id">
          <code>{crawl.id}</code>
          <CopyButton text={crawl.id} ariaLabel="Copy crawl ID" />
        </span>
      </Tile>
    </dl>
  );
}
