import type { Crawl } from '@trawl/sdk';
import { useState } from 'react';
import { Link } from 'wouter';
import { CrawlStatusBadge } from '../../../components/crawl/crawl-status-badge';
import { Button } from '../../../components/ui/button';
import { ChevronLeftIcon, CodeIcon, RefreshIcon, SparklesIcon, StopIcon } from '../../../components/ui/icons';
import { toast } from '../../../components/ui/toast/toast-store';
import { useIsPublicCrawl } from '../../../lib/crawl-reader';
import { reportFailure } from '../../../lib/report-failure';
import { displayUrl } from '../../../lib/urls';
import { useAbortCrawl } from '../api/abort-crawl';
import { CrawlNeighbourNav } from './crawl-neighbour-nav';

interface CrawlResultHeaderProps {
  crawl: Crawl;
  onRecrawl(crawl: Crawl): void;
  onOpenApiReference(): void;
}

export function CrawlResultHeader({ crawl, onRecrawl, onOpenApiReference }: CrawlResultHeaderProps) {
  const isPublic = useIsPublicCrawl();
  const abortCrawl = useAbortCrawl();
  const [aborting, setAborting] = useState(false);
  const url = crawl.startUrls[0] ?? '';

  const abort = async () => {
    setAborting(true);
    try {
      await abortCrawl(crawl.id);
      toast.success('Crawl aborted');
    } catch (err: unknown) {
      reportFailure('abortCrawl', err);
    } finally {
      setAborting(false);
    }
  };

  return (
    <header className="page-header page-header--result">
      <div className="page-header__main">
        {isPublic ? (
          <Link href="/try" className="back-link">
            <ChevronLeftIcon />
            Try another website
          </Link>
        ) : (
          <Link href="/home" className="back-link">
            <ChevronLeftIcon />
            Crawls
          </Link>
        )}
        <div className="page-header__title-row">
          <h1 className="page-header__title" title={url}>
            {crawl.title || displayUrl(url)}
          </h1>
          <CrawlStatusBadge status={crawl.status} />
        </div>
        {crawl.title && <p className="page-header__subtitle">{displayUrl(url)}</p>}
      </div>
      <div className="page-header__actions">
        {isPublic && (
          <Link href="/signup" className="button button--primary button--md">
            <SparklesIcon />
            Join for faster scalable crawls
          </Link>
        )}
        {crawl.status === 'running' && !isPublic && (
          <Button variant="danger" icon={<StopIcon />} loading={aborting} onClick={abort}>
            Abort
          </Button>
        )}
        {!isPublic && <CrawlNeighbourNav crawlId={crawl.id} />}
        <Button icon={<CodeIcon />} onClick={onOpenApiReference}>
          API Reference
        </Button>
        <Button
          variant={isPublic ? 'secondary' : 'primary'}
          icon={<RefreshIcon />}
          onClick={() => onRecrawl(crawl)}
        >
          Recrawl
        </Button>
      </div>
    </header>
  );
}
