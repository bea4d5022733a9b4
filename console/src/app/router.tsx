import type { ReactNode } from 'react';
import { Redirect, Route, Switch, useRoute, useSearchParams } from 'wouter';
import { RouteErrorBoundary } from '../components/errors/route-error-boundary';
import { PublicShell } from './public-shell';
import { AdminRoute } from './routes/admin';
import { CrawlResultRoute } from './routes/crawl-result';
import { ForgotPasswordRoute } from './routes/forgot-password';
import { HomeRoute } from './routes/home';
import { LoginRoute } from './routes/login';
import { NotFoundRoute } from './routes/not-found';
import { ResetPasswordRoute } from './routes/reset-password';
import { SchedulesRoute } from './routes/schedules';
import { SettingsRoute } from './routes/settings';
import { SignupRoute } from './routes/signup';
import { TryRoute } from './routes/try';
import { SignedInShell } from './signed-in-shell';

/** Every route has an error boundary of its own, reset when the route (or the crawl shown) changes. */
const guarded = (key: string, page: ReactNode) => <RouteErrorBoundary key={key}>{page}</RouteErrorBoundary>;

/** The routes behind sign-in (SPEC.md section 2). */
function SignedInRoutes() {
  return (
    <SignedInShell>
      <Switch>
        <Route path="/">
          <Redirect to="/home" replace />
        </Route>
        <Route path="/home">{guarded('home', <HomeRoute />)}</Route>
        <Route path="/crawl-result/:crawlId">
          {(params) =>
            guarded(
              `crawl-${params.crawlId}`,
              <CrawlResultRoute key={params.crawlId} crawlId={params.crawlId} />,
            )
          }
        </Route>
        <Route path="/schedules">{guarded('schedules', <SchedulesRoute />)}</Route>
        <Route path="/settings">{guarded('settings', <SettingsRoute tab="account" />)}</Route>
        <Route path="/settings/project">{guarded('settings-project', <SettingsRoute tab="project" />)}</Route>
        <Route path="/settings/team">{guarded('settings-team', <SettingsRoute tab="team" />)}</Route>
        <Route path="/settings/billing">{guarded('settings-billing', <SettingsRoute tab="billing" />)}</Route>
        <Route path="/admin">{guarded('admin', <AdminRoute view="index" />)}</Route>
        <Route path="/admin/health">{guarded('admin-health', <AdminRoute view="health" />)}</Route>
        <Route path="/admin/crawl">{guarded('admin-crawl', <AdminRoute view="crawl" />)}</Route>
        <Route path="/admin/support">{guarded('admin-support', <AdminRoute view="support" />)}</Route>
        <Route>{guarded('not-found', <NotFoundRoute />)}</Route>
      </Switch>
    </SignedInShell>
  );
}

/**
 * The console's pages; a crawl result with `?public=true` is a try-out visitor's (no sign-in needed). One
 * element for all signed-in pages, so moving between them keeps the session's caches and socket.
 */
function ConsolePages() {
  const [isResult, params] = useRoute('/crawl-result/:crawlId');
  const [search] = useSearchParams();
  if (isResult && search.get('public') === 'true')
    return (
      <PublicShell>
        {guarded(
          `public-${params.crawlId}`,
          <CrawlResultRoute key={params.crawlId} crawlId={params.crawlId} />,
        )}
      </PublicShell>
    );
  return <SignedInRoutes />;
}

export function AppRouter() {
  return (
    <Switch>
      <Route path="/login">{guarded('login', <LoginRoute />)}</Route>
      <Route path="/signup">{guarded('signup', <SignupRoute />)}</Route>
      <Route path="/invite">{guarded('invite', <SignupRoute />)}</Route>
      <Route path="/forgot-password">{guarded('forgot-password', <ForgotPasswordRoute />)}</Route>
      <Route path="/reset-password">{guarded('reset-password', <ResetPasswordRoute />)}</Route>
      <Route path="/try">{guarded('try', <TryRoute />)}</Route>
      <Route>
        <ConsolePages />
      </Route>
    </Switch>
  );
}
