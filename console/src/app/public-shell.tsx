import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { PublicCrawlReader } from '../lib/crawl-reader';
import { isRetryable } from '../lib/report-failure';
import { AppLayout } from './layout/app-layout';
import { RunCrawlHost } from './run-crawl-host';

/** A try-out visitor's result page (`?public=true`): public endpoints, restricted sidebar, no live socket. */
export function PublicShell({ children }: { children: ReactNode }) {
  return (
    <SWRConfig
      value={{
        provider: () => new Map(),
        revalidateOnFocus: false,
        shouldRetryOnError: isRetryable,
        errorRetryCount: 3,
      }}
    >
      <PublicCrawlReader>
        <AppLayout mode="public">
          <RunCrawlHost mode="public">{children}</RunCrawlHost>
        </AppLayout>
      </PublicCrawlReader>
    </SWRConfig>
  );
}
