// Who is signed in: the current user from `GET /auth/me` on start, sign-in and sign-out, and the end of a
// session (a failed renewal, or a 401 after one) that sends the user back to /login (SPEC.md sections 4, 8).
import { TrawlApiError, type TrawlClient, type User } from '@trawl/sdk';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { createConsoleClient, type ConsoleClient } from './api-client';
import { takeSignInToken } from './sign-in-link';
import { onUnauthorized } from './unauthorized';

export type SessionState =
  | { status: 'loading' }
  | { status: 'signed-in'; user: User }
  /**
   * `ended`: the session expired or was revoked while the console was open; `signedOut`: the user signed out
   * here (Logout).
   */
  | { status: 'signed-out'; ended: boolean; signedOut?: boolean }
  | { status: 'unreachable' };

interface SessionContextValue {
  state: SessionState;
  /** The API client of this visit; it works signed out too (public pages, sign-in). */
  trawl: TrawlClient;
  /** Sets the project later calls work in (`x-project-id`). */
  setProjectId(projectId: string | null): void;
  /** After a successful sign-in or sign-up. */
  signedIn(user: User): void;
  /** Replaces the signed-in user (after a profile change). */
  updateUser(user: User): void;
  /** Signs out on the server, then here. */
  signOut(): Promise<void>;
  /** The session ended on the server: a 401 the one renewal could not fix. */
  sessionEnded(): void;
  /** Listens to session renewals (the socket reconnects on them); returns the unsubscribe. */
  onRenewed(listener: () => void): () => void;
  /** Loads the user again after the API could not be reached. */
  retry(): void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

let firstLoad: Promise<SessionState> | undefined;

/** The user at start: a pending one-time sign-in link first, else the session cookie. */
async function loadUser(trawl: TrawlClient): Promise<SessionState> {
  const linkToken = takeSignInToken();
  if (linkToken) {
    try {
      return { status: 'signed-in', user: await trawl.auth.signInWithLink(linkToken) };
    } catch (err: unknown) {
      // An old or used link: whoever holds a session goes on with it; the others sign in with a password.
      console.warn('The sign-in link did not work', err);
    }
  }
  // The readable CSRF cookie lives as long as a session can be renewed: without it, nobody is signed in here,
  // and asking the server (then trying a renewal) would only log two refused calls.
  if (!/(?:^|;\s*)trawl_csrf=/.test(document.cookie)) return { status: 'signed-out', ended: false };
  try {
    return { status: 'signed-in', user: await trawl.auth.me() };
  } catch (err: unknown) {
    if (err instanceof TrawlApiError && err.status < 500) return { status: 'signed-out', ended: false };
    console.error('Loading the signed-in user failed', err);
    return { status: 'unreachable' };
  }
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>({ status: 'loading' });
  const stateRef = useRef(state);
  useLayoutEffect(() => {
    stateRef.current = state;
  }, [state]);

  const sessionEnded = useCallback(() => {
    if (stateRef.current.status === 'signed-in') setState({ status: 'signed-out', ended: true });
  }, []);
  useEffect(() => onUnauthorized(sessionEnded), [sessionEnded]);

  const [client] = useState<ConsoleClient>(createConsoleClient);
  useEffect(
    () =>
      client.onRenewal((renewed) => {
        if (!renewed) sessionEnded();
      }),
    [client, sessionEnded],
  );

  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let cancelled = false;
    // The first load is shared: a one-time link must be used once, however often the effect runs.
    const load = attempt === 0 ? (firstLoad ??= loadUser(client.trawl)) : loadUser(client.trawl);
    void load.then((next) => {
      if (!cancelled) setState(next);
    });
    return () => {
      cancelled = true;
    };
  }, [client, attempt]);

  const signedIn = useCallback((user: User) => setState({ status: 'signed-in', user }), []);
  const updateUser = useCallback(
    (user: User) =>
      setState((current) => (current.status === 'signed-in' ? { status: 'signed-in', user } : current)),
    [],
  );
  const signOut = useCallback(async () => {
    try {
      await client.trawl.auth.logout();
    } catch (err: unknown) {
      // Signed out here either way; the server's session expires by itself.
      console.warn('Signing out on the server failed', err);
    }
    client.setProjectId(null);
    setState({ status: 'signed-out', ended: false, signedOut: true });
  }, [client]);
  const onRenewed = useCallback(
    (listener: () => void) =>
      client.onRenewal((renewed) => {
        if (renewed) listener();
      }),
    [client],
  );
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  const value = useMemo<SessionContextValue>(
    () => ({
      state,
      trawl: client.trawl,
      setProjectId: client.setProjectId,
      signedIn,
      updateUser,
      signOut,
      sessionEnded,
      onRenewed,
      retry,
    }),
    [state, client, signedIn, updateUser, signOut, sessionEnded, onRenewed, retry],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}

/** The signed-in user; only screens behind the sign-in guard may call it. */
export function useUser(): User {
  const { state } = useSession();
  if (state.status !== 'signed-in') throw new Error('useUser needs a signed-in user');
  return state.user;
}

/** The API client of this visit. */
export const useTrawl = (): TrawlClient => useSession().trawl;

export const isAdmin = (user: User): boolean => user.roles.includes('trawlAdmin');
