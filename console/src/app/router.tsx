import { Redirect, Route, Switch } from 'wouter';
import { RouteErrorBoundary } from '../components/errors/route-error-boundary';
import { CrawlResultRoute } from './routes/crawl-result';
import { HomeRoute } from './routes/home';
import { NotFoundRoute } from './routes/not-found';

/** Every route has an error boundary of its own, reset when the route (or the crawl shown) changes. */
export function AppRouter() {
  return (
    <Switch>
      <Route path="/">
        <Redirect to="/home" replace />
      </Route>
      <Route path="/home">
        <RouteErrorBoundary key="home">
          <HomeRoute />
        </RouteErrorBoundary>
      </Route>
      <Route path="/crawl-result/:crawlId">
        {(params) => (
          <RouteErrorBoundary key={`crawl-${params.crawlId}`}>
            <CrawlResultRoute key={params.crawlId} crawlId={params.crawlId} />
          </RouteErrorBoundary>
        )}
      </Route>
      <Route>
        <RouteErrorBoundary key="not-found">
          <NotFoundRoute />
        </RouteErrorBoundary>
      </Route>
    </Switch>
  );
}
