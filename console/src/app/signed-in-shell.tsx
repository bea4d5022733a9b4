import { useEffect, type ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { SWRConfig } from 'swr';
import { Button } from '../components/ui/button';
import { EmptyState } from '../components/ui/empty-state';
import { AlertIcon } from '../components/ui/icons';
import { PageSpinner } from '../components/ui/spinner';
import { ProjectProvider, useProjects } from '../lib/current-project';
import { RealtimeProvider } from '../lib/realtime';
import { isRetryable } from '../lib/report-failure';
import { useSession } from '../lib/session';
import { noticeUnauthorized } from '../lib/unauthorized';
import { AppLayout } from './layout/app-layout';
import { loginPathFor } from './next-path';
import { RunCrawlHost } from './run-crawl-host';

const PROJECT_SEGMENT = /^\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(\/.*)?$/i;

/** SPEC.md section 2: a path with a project id segment is stripped to the path without it (selecting it when it is one of the team's). */
function ProjectPathStrip({ children }: { children: ReactNode }) {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const { projects, select, current } = useProjects();
  const stripped = PROJECT_SEGMENT.test(location);
  useEffect(() => {
    const match = PROJECT_SEGMENT.exec(location);
    if (!match) return;
    const [, projectId, rest] = match;
    if (projectId !== current.id && projects.some((p) => p.id === projectId)) select(projectId!);
    navigate(`${rest || '/home'}${search ? `?${search}` : ''}`, { replace: true });
  }, [location, projects, current, select, navigate, search]);
  return stripped ? <PageSpinner label="Loading" /> : children;
}

function Unreachable({ onRetry }: { onRetry(): void }) {
  return (
    <main className="auth">
      <div className="auth__panel">
        <EmptyState
          tone="danger"
          icon={<AlertIcon />}
          title="Trawl could not be reached"
          description="The console could not load your account. Check your connection, or whether the server is running, and try again."
          actions={
            <Button variant="primary" onClick={onRetry}>
              Try again
            </Button>
          }
        />
      </div>
    </main>
  );
}

/**
 * Everything behind sign-in: a spinner while the user loads, /login (carrying the path) without one, else the
 * console with its projects, live events, sidebar and Run crawl modal.
 */
export function SignedInShell({ children }: { children: ReactNode }) {
  const { state, retry } = useSession();
  const [location] = useLocation();
  const search = useSearch();
  if (state.status === 'loading') return <PageSpinner label="Loading your account" />;
  if (state.status === 'unreachable') return <Unreachable onRetry={retry} />;
  // A visitor, or a session that ended, comes back here after signing in; someone who signed out starts afresh.
  if (state.status === 'signed-out')
    return (
      <Redirect
        to={state.signedOut ? '/login' : loginPathFor(`${location}${search ? `?${search}` : ''}`)}
        replace
      />
    );
  return (
    // A cache per user: nothing of one account's data shows under another.
    <SWRConfig
      key={state.user.id}
      value={{
        provider: () => new Map(),
        revalidateOnFocus: false,
        shouldRetryOnError: isRetryable,
        errorRetryCount: 3,
        onError: (err: unknown) => void noticeUnauthorized(err),
      }}
    >
      <ProjectProvider fallback={<Unreachable onRetry={retry} />}>
        <ProjectPathStrip>
          <RealtimeProvider>
            <AppLayout mode="team">
              <RunCrawlHost mode="team">{children}</RunCrawlHost>
            </AppLayout>
          </RealtimeProvider>
        </ProjectPathStrip>
      </ProjectProvider>
    </SWRConfig>
  );
}
