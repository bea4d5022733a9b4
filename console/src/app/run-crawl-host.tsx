import type { Crawl } from '@trawl/sdk';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { RunCrawlModal } from '../features/run-crawl/components/run-crawl-modal';

interface RunCrawlContextValue {
  /** Opens the Run crawl modal: empty for a new crawl, prefilled with a crawl's settings to recrawl it. */
  openRunCrawl(source: Crawl | null): void;
}

const RunCrawlContext = createContext<RunCrawlContextValue | null>(null);

/**
 * Hosts the one Run crawl modal that Home and the crawl result page both open. For a try-out visitor
 * (`public`), Start goes to /signup (SPEC.md section 4).
 */
export function RunCrawlHost({ mode, children }: { mode: 'team' | 'public'; children: ReactNode }) {
  const [open, setOpen] = useState<{ source: Crawl | null; key: number } | null>(null);
  const openRunCrawl = useCallback(
    (source: Crawl | null) => setOpen((current) => ({ source, key: (current?.key ?? 0) + 1 })),
    [],
  );
  const value = useMemo(() => ({ openRunCrawl }), [openRunCrawl]);
  return (
    <RunCrawlContext.Provider value={value}>
      {children}
      {open && (
        <RunCrawlModal
          key={open.key}
          source={open.source}
          isPublic={mode === 'public'}
          onClose={() => setOpen(null)}
        />
      )}
    </RunCrawlContext.Provider>
  );
}

export function useRunCrawl(): RunCrawlContextValue {
  const value = useContext(RunCrawlContext);
  if (!value) throw new Error('useRunCrawl must be used inside <RunCrawlHost>');
  return value;
}
