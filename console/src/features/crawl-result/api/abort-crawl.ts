import type { Crawl } from '@trawl/sdk';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { useTrawl } from '../../../lib/session';
import { crawlKey } from './get-crawl';

/** Aborts a running crawl; the returned crawl replaces the cached one. */
export function useAbortCrawl(): (id: string) => Promise<Crawl> {
  const trawl = useTrawl();
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id) => {
      const crawl = await trawl.crawls.abort(id);
      await mutate(crawlKey(id), crawl, { revalidate: false });
      void mutate((key) => Array.isArray(key) && key[0] === 'crawls');
      return crawl;
    },
    [trawl, mutate],
  );
}
