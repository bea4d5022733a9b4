import type { CrawlOptions } from '@trawl/sdk';
import useSWR from 'swr';
import { useTrawl } from '../../../lib/session';

/**
 * What this server offers crawls; `staticIp` is null when static IPs are not configured. Not asked for a
 * try-out visitor (`enabled` false), who has no credentials and no static IPs.
 */
export function useCrawlOptions(enabled = true): { options: CrawlOptions | undefined; isLoading: boolean } {
  const trawl = useTrawl();
  const { data, isLoading } = useSWR(enabled ? ['crawl-options'] : null, () => trawl.crawlOptions(), {
    revalidateOnFocus: false,
  });
  return { options: data, isLoading };
}
