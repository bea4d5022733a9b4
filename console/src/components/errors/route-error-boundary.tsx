import { Component, type ErrorInfo, type ReactNode } from 'react';
import { AlertIcon } from '../ui/icons';

interface State {
  error: Error | null;
}

/** Keeps a crash in one route from taking down the console: the sidebar stays, the route offers a retry. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('A route crashed', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div className="page">
        <div className="card">
          <div className="empty-state empty-state--danger" role="alert">
            <div className="empty-state__icon">
              <AlertIcon />
            </div>
            <h3 className="empty-state__title">Something went wrong</h3>
            <p className="empty-state__description">This page hit an unexpected error: {error.message}</p>
            <div className="empty-state__actions">
              <button
                type="button"
                className="button button--secondary button--md"
                onClick={() => this.setState({ error: null })}
              >
                Try again
              </button>
              <a href="/home" className="button button--primary button--md">
                Back to crawls
              </a>
            </div>
          </div>
        </div>
      </div>
    );
  }
}
