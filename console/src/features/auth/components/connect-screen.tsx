import { TrawlApiError, TrawlConnectionError } from '@trawl/sdk';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { KeyIcon, TrawlLogo } from '../../../components/ui/icons';
import { INVALID_TOKEN_MESSAGE, useAuth } from '../../../lib/auth';

function connectFailure(err: unknown): string {
  if (err instanceof TrawlApiError && err.status === 401) return INVALID_TOKEN_MESSAGE;
  if (err instanceof TrawlConnectionError) return 'Could not reach the Trawl API';
  return err instanceof Error ? err.message : 'Could not connect';
}

/** Shown without a stored API token: paste one to connect. */
export function ConnectScreen({ reason }: { reason: string | null }) {
  const { connect } = useAuth();
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | null>(reason);
  const [connecting, setConnecting] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const value = token.trim();
    if (!value) return;
    setConnecting(true);
    setError(null);
    try {
      await connect(value);
    } catch (err: unknown) {
      setError(connectFailure(err));
      setConnecting(false);
    }
  };

  return (
    <main className="connect">
      <div className="connect__panel">
        <TrawlLogo className="connect__logo" />
        <h1 className="connect__title">Connect to Trawl</h1>
        <p className="connect__lead">
          Paste an API token to open the console. The server prints a link with one the first time it starts.
        </p>
        <form className="form" onSubmit={submit} noValidate>
          <Field label="API token" error={error} hint="Starts with trawl_">
            {(props) => (
              <div className="input-with-icon">
                <KeyIcon className="input-with-icon__icon" />
                <input
                  {...props}
                  className="input"
                  type="password"
                  autoComplete="off"
                  spellCheck={false}
                  placeholder="trawl_…"
                  value={token}
                  autoFocus
                  onChange={(e) => setToken(e.target.value)}
                />
              </div>
            )}
          </Field>
          <Button type="submit" variant="primary" className="button--block" loading={connecting} disabled={!token.trim()}>
            Connect
          </Button>
        </form>
      </div>
    </main>
  );
}
