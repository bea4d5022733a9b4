import { CrawlsView } from '../../features/crawls/components/crawls-view';
import { useRunCrawl } from '../run-crawl-host';

export function HomeRoute() {
  const { openRunCrawl } = useRunCrawl();
  return <CrawlsView onNewCrawl={() => openRunCrawl(null)} onRecrawl={openRunCrawl} />;
}
