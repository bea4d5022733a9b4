import type { Crawl } from '@trawl/sdk';
import { GlobeIcon, LinkIcon, SitemapIcon } from '../ui/icons';

export function crawlTypeLabel(crawl: Pick<Crawl, 'entireWebsite' | 'useSitemap'>): string {
  if (crawl.entireWebsite) return 'Entire website';
  if (crawl.useSitemap) return 'Sitemap';
  return 'Found links';
}

/** What the crawl followed: the entire website, the sitemap, or the links it found. */
export function CrawlTypeIcon({ crawl }: { crawl: Pick<Crawl, 'entireWebsite' | 'useSitemap'> }) {
  const Icon = crawl.entireWebsite ? GlobeIcon : crawl.useSitemap ? SitemapIcon : LinkIcon;
  return (
    <span className="crawl-type-icon" title={crawlTypeLabel(crawl)}>
      <Icon />
      <span className="visually-hidden">{crawlTypeLabel(crawl)}</span>
    </span>
  );
}
