import { createTrawlClient, TrawlApiError, type TrawlClient } from '@trawl/sdk';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { env } from '../config/env';
import { clearToken, readToken, storeToken } from './api-token';

export const INVALID_TOKEN_MESSAGE = 'Invalid or revoked API token';

type AuthState =
  | { status: 'loading'; token: string }
  | { status: 'signed-out'; reason: string | null }
  | { status: 'connected'; token: string };

interface AuthContextValue {
  state: AuthState;
  /** Checks a token against the API and keeps it; rejects with the SDK's error when it does not work. */
  connect(token: string): Promise<void>;
  disconnect(reason?: string | null): void;
}

const AuthContext = createContext<AuthContextValue | null>(null);
const ClientContext = createContext<TrawlClient | null>(null);

/** Lists one crawl with the token: the cheapest call that proves the token works. */
async function verifyToken(token: string): Promise<void> {
  await createTrawlClient({ baseUrl: env.apiUrl, token }).crawls.list({ limit: 1 });
}

function initialState(): AuthState {
  const token = readToken();
  return token ? { status: 'loading', token } : { status: 'signed-out', reason: null };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>(initialState);

  const disconnect = useCallback((reason: string | null = null) => {
    clearToken();
    setState({ status: 'signed-out', reason });
  }, []);

  const connect = useCallback(async (token: string) => {
    await verifyToken(token);
    storeToken(token);
    setState({ status: 'connected', token });
  }, []);

  const loadingToken = state.status === 'loading' ? state.token : null;
  useEffect(() => {
    if (!loadingToken) return;
    let cancelled = false;
    verifyToken(loadingToken).then(
      () => !cancelled && setState({ status: 'connected', token: loadingToken }),
      (err: unknown) => {
        if (cancelled) return;
        if (err instanceof TrawlApiError && err.status === 401) disconnect(INVALID_TOKEN_MESSAGE);
        // The API may be briefly down: keep the token, the screens report failed loads themselves.
        else setState({ status: 'connected', token: loadingToken });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [loadingToken, disconnect]);

  const connectedToken = state.status === 'connected' ? state.token : null;
  const client = useMemo(() => {
    if (!connectedToken) return null;
    // Any 401 means the token was revoked: drop it and go back to the connect screen.
    const guardedFetch: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (response.status === 401) disconnect(INVALID_TOKEN_MESSAGE);
      return response;
    };
    return createTrawlClient({ baseUrl: env.apiUrl, token: connectedToken, fetch: guardedFetch });
  }, [connectedToken, disconnect]);

  const value = useMemo(() => ({ state, connect, disconnect }), [state, connect, disconnect]);
  return (
    <AuthContext.Provider value={value}>
      <ClientContext.Provider value={client}>{children}</ClientContext.Provider>
    </AuthContext.Provider>
  );
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/** The API client of the connected token; only rendered screens behind the connect screen may call it. */
export function useTrawl(): TrawlClient {
  const client = useContext(ClientContext);
  if (!client) throw new Error('useTrawl needs a connected API token');
  return client;
}
