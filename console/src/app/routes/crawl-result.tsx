import { useState } from 'react';
import { ApiReferenceModal } from '../../features/api-reference/components/api-reference-modal';
import { CrawlResultView } from '../../features/crawl-result/components/crawl-result-view';
import { useRunCrawl } from '../run-crawl-host';

export function CrawlResultRoute({ crawlId }: { crawlId: string }) {
  const { openRunCrawl } = useRunCrawl();
  const [apiReferenceOpen, setApiReferenceOpen] = useState(false);
  return (
    <>
      <CrawlResultView
        crawlId={crawlId}
        onRecrawl={openRunCrawl}
        onNewCrawl={() => openRunCrawl(null)}
        onOpenApiReference={() => setApiReferenceOpen(true)}
      />
      {apiReferenceOpen && <ApiReferenceModal crawlId={crawlId} onClose={() => setApiReferenceOpen(false)} />}
    </>
  );
}
