import type { Crawl } from '@trawl/sdk';
import { Link } from 'wouter';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { FileSearchIcon } from '../../../components/ui/icons';
import { Skeleton } from '../../../components/ui/skeleton';
import { useIsPublicCrawl } from '../../../lib/crawl-reader';
import { isNotFound } from '../../../lib/report-failure';
import { useCrawl } from '../api/get-crawl';
import { useCompletionToast } from '../hooks/use-completion-toast';
import { useLiveCrawl } from '../hooks/use-live-crawl';
import { useMonotonic } from '../hooks/use-monotonic';
import { CrawlInfoTiles } from './crawl-info-tiles';
import { CrawlResultHeader } from './crawl-result-header';
import { CrawlResults } from './crawl-results';

interface CrawlResultViewProps {
  crawlId: string;
  onRecrawl(crawl: Crawl): void;
  onNewCrawl(): void;
  onOpenApiReference(): void;
}

function CrawlResultSkeleton() {
  return (
    <div className="page" aria-busy="true" aria-label="Loading crawl">
      <div className="page-header">
        <div className="stack">
          <Skeleton width={80} />
          <Skeleton width={320} height={28} />
        </div>
      </div>
      <div className="info-tiles">
        {Array.from({ length: 8 }, (_, i) => (
          <div key={i} className="info-tile">
            <Skeleton width={70} height={12} />
            <Skeleton width="80%" height={18} />
          </div>
        ))}
      </div>
    </div>
  );
}

function Loaded({ crawl, ...actions }: Omit<CrawlResultViewProps, 'crawlId'> & { crawl: Crawl }) {
  const resultsCount = useMonotonic(crawl.numberOfResults);
  return (
    <div className="page">
      <CrawlResultHeader
        crawl={crawl}
        onRecrawl={actions.onRecrawl}
        onOpenApiReference={actions.onOpenApiReference}
      />
      <CrawlInfoTiles crawl={crawl} resultsCount={resultsCount} />
      <CrawlResults crawl={crawl} onRecrawl={actions.onRecrawl} onNewCrawl={actions.onNewCrawl} />
    </div>
  );
}

/** The crawl result page: header, info tiles and results, live while the crawl runs. */
export function CrawlResultView({ crawlId, ...actions }: CrawlResultViewProps) {
  const isPublic = useIsPublicCrawl();
  const { crawl, error, mutate } = useCrawl(crawlId);
  useLiveCrawl(crawlId, mutate);
  useCompletionToast(crawl);

  if (isNotFound(error)) {
    return (
      <div className="page">
        <div className="card">
          <EmptyState
            icon={<FileSearchIcon />}
            title="Crawl not found"
            description={
              isPublic
                ? 'There is no try-out crawl with this ID.'
                : 'There is no crawl with this ID, or it belongs to another team.'
            }
            actions={
              <Link href={isPublic ? '/try' : '/home'} className="button button--primary button--md">
                {isPublic ? 'Start a new crawl' : 'Back to crawls'}
              </Link>
            }
          />
        </div>
      </div>
    );
  }
  if (!crawl && error) {
    return (
      <div className="page">
        <div className="card">
          <EmptyState
            tone="danger"
            title="The crawl could not be loaded"
            actions={<Button onClick={() => void mutate()}>Try again</Button>}
          />
        </div>
      </div>
    );
  }
  if (!crawl) return <CrawlResultSkeleton />;
  return <Loaded crawl={crawl} {...actions} />;
}
