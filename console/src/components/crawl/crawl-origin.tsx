import type { Crawl } from '@trawl/sdk';
import { CodeIcon, MonitorIcon } from '../ui/icons';

export function originLabel(origin: Crawl['origin'] | null | undefined): string {
  if (origin === 'web') return 'App';
  if (origin === 'api') return 'API';
  return 'Unknown';
}

/** Where the crawl was started: the console (App) or the API. */
export function CrawlOrigin({ origin }: { origin: Crawl['origin'] | null | undefined }) {
  const Icon = origin === 'api' ? CodeIcon : MonitorIcon;
  return (
    <span className="crawl-origin">
      {origin && <Icon />}
      {originLabel(origin)}
    </span>
  );
}
