import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { PageSpinner } from '../components/ui/spinner';
import { Toaster } from '../components/ui/toast/toaster';
import { ConnectScreen } from '../features/auth/components/connect-screen';
import { AuthProvider, useAuth } from '../lib/auth';
import { isRetryable } from '../lib/report-failure';
import { RunCrawlHost } from './run-crawl-host';

/** Renders the app only with a working token: a spinner while it is checked, the connect screen without one. */
function AuthGate({ children }: { children: ReactNode }) {
  const { state } = useAuth();
  if (state.status === 'loading') return <PageSpinner label="Connecting to Trawl" />;
  if (state.status === 'signed-out') return <ConnectScreen reason={state.reason} />;
  return (
    // A cache per token: nothing of one token's data shows under another.
    <SWRConfig key={state.token} value={{ provider: () => new Map(), revalidateOnFocus: false, shouldRetryOnError: isRetryable, errorRetryCount: 3 }}>
      <RunCrawlHost>{children}</RunCrawlHost>
    </SWRConfig>
  );
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <AuthProvider>
      <AuthGate>{children}</AuthGate>
      <Toaster />
    </AuthProvider>
  );
}
