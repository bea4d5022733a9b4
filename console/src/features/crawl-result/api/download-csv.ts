import { useCallback } from 'react';
import { useCrawlReader } from '../../../lib/crawl-reader';

/** Saves every result of a crawl as crawl-results-{id}.csv. */
export function useDownloadCsv(): (id: string) => Promise<void> {
  const reader = useCrawlReader();
  return useCallback(
    async (id) => {
      const csv = await reader.downloadCsv(id);
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      try {
        const link = document.createElement('a');
        link.href = url;
        link.download = `crawl-results-${id}.csv`;
        document.body.appendChild(link);
        link.click();
        link.remove();
      } finally {
        // Revoke after the click has been handled, or some browsers save nothing.
        setTimeout(() => URL.revokeObjectURL(url), 1000);
      }
    },
    [reader],
  );
}
