import type { Crawl, CrawlSettings } from '@trawl/sdk';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { useTrawl } from '../../../lib/session';

/** Settings to start with, and the finished crawl to compare with when it is a recrawl. */
export type StartSettings = CrawlSettings & { compareWith?: string };

/** Starts a crawl and marks every cached crawl list stale, so the new crawl shows up. */
export function useStartCrawl(): (settings: StartSettings) => Promise<Crawl> {
  const trawl = useTrawl();
  const { mutate } = useSWRConfig();
  return useCallback(
    async (settings) => {
      const crawl = await trawl.crawls.start(settings);
      void mutate((key) => Array.isArray(key) && key[0] === 'crawls');
      return crawl;
    },
    [trawl, mutate],
  );
}
