import type { CrawlOptions } from '@trawl/sdk';
import useSWR from 'swr';
import { useTrawl } from '../../../lib/auth';

/** What this server offers crawls; `staticIp` is null when static IPs are not configured. */
export function useCrawlOptions(): { options: CrawlOptions | undefined; isLoading: boolean } {
  const trawl = useTrawl();
  const { data, isLoading } = useSWR(['crawl-options'], () => trawl.crawlOptions(), { revalidateOnFocus: false });
  return { options: data, isLoading };
}
