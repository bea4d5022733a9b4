// The team's live events over the `/events` socket (SPEC.md sections 4 and 9): open while the console is
// signed in, closed on the sign-in, sign-up and password pages, which live outside this provider.
import {
  connectTeamEvents,
  type TeamEvent,
  type TeamEventsConnection,
  type TeamEventsStatus,
} from '@trawl/sdk';
import {
  createContext,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { env } from '../config/env';
import { useSession } from './session';

/** SPEC section 9: one reconnection attempt, 1000 ms apart; 20000 ms to connect. */
const SOCKET_OPTIONS = { reconnectionAttempts: 1, reconnectionDelayMs: 1000, timeoutMs: 20_000 } as const;

/** The socket of this provider, as a store screens subscribe to: its events, and its status. */
interface RealtimeHub {
  attach(connection: TeamEventsConnection): () => void;
  subscribe(listener: (event: TeamEvent) => void): () => void;
  subscribeStatus(listener: () => void): () => void;
  status(): TeamEventsStatus;
}

function createRealtimeHub(): RealtimeHub {
  let status: TeamEventsStatus = 'closed';
  const listeners = new Set<(event: TeamEvent) => void>();
  const statusListeners = new Set<() => void>();
  const setStatus = (next: TeamEventsStatus) => {
    status = next;
    for (const listener of [...statusListeners]) listener();
  };
  return {
    attach(connection) {
      const stopEvents = connection.subscribe((event) => {
        for (const listener of [...listeners]) listener(event);
      });
      const stopStatus = connection.onStatus(setStatus);
      setStatus(connection.status);
      return () => {
        stopEvents();
        stopStatus();
        setStatus('closed');
      };
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    subscribeStatus(listener) {
      statusListeners.add(listener);
      return () => {
        statusListeners.delete(listener);
      };
    },
    status: () => status,
  };
}

const RealtimeContext = createContext<RealtimeHub | null>(null);

export function RealtimeProvider({ children }: { children: ReactNode }) {
  const { trawl, sessionEnded, onRenewed } = useSession();
  const [hub] = useState(createRealtimeHub);

  useEffect(() => {
    const connection = connectTeamEvents({
      baseUrl: env.apiUrl,
      // Home and the result page only count results; the markdown is read page by page.
      includeMarkdown: false,
      ...SOCKET_OPTIONS,
      // 4401: the access cookie expired. Renew it (once; the SDK shares the renewal with API calls) and reconnect.
      onUnauthorized: async () => {
        try {
          await trawl.auth.refresh();
          return true;
        } catch {
          sessionEnded();
          return false;
        }
      },
    });
    const detach = hub.attach(connection);
    // A renewed session reconnects the socket (SPEC.md section 8), as does coming back to the tab after
    // the socket gave up.
    const stopRenewed = onRenewed(() => connection.reconnect());
    const revive = () => {
      if (document.visibilityState === 'visible' && connection.status === 'closed') connection.reconnect();
    };
    document.addEventListener('visibilitychange', revive);
    window.addEventListener('online', revive);
    return () => {
      stopRenewed();
      document.removeEventListener('visibilitychange', revive);
      window.removeEventListener('online', revive);
      detach();
      connection.close();
    };
  }, [hub, trawl, sessionEnded, onRenewed]);

  return <RealtimeContext.Provider value={hub}>{children}</RealtimeContext.Provider>;
}

const noHub = {
  subscribe: () => () => undefined,
  status: (): TeamEventsStatus => 'closed',
};

/** The socket's state: `closed` outside the signed-in console, or once it gave up (screens then poll). */
export function useRealtimeStatus(): TeamEventsStatus {
  const hub = useContext(RealtimeContext);
  return useSyncExternalStore(hub?.subscribeStatus ?? noHub.subscribe, hub?.status ?? noHub.status);
}

/** Calls `handler` with every live event of the team while the component is mounted. */
export function useTeamEvents(handler: (event: TeamEvent) => void): void {
  const hub = useContext(RealtimeContext);
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  useEffect(() => hub?.subscribe((event) => latest.current(event)), [hub]);
}
