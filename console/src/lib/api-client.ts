// The console's one API client for the whole visit: the browser's session cookies with CSRF (the SDK's
// 'browser' session), the current project as `x-project-id`, and word of every session renewal.
import {
  createPublicTrawlClient,
  createTrawlClient,
  type PublicTrawlClient,
  type TrawlClient,
} from '@trawl/sdk';
import { env } from '../config/env';

/** SPEC section 9: request timeouts of the authenticated and the public client. */
const AUTHENTICATED_TIMEOUT_MS = 600_000;
const PUBLIC_TIMEOUT_MS = 500_000;

type RenewalListener = (renewed: boolean) => void;

export interface ConsoleClient {
  trawl: TrawlClient;
  /** The project later calls work in; null for the team's first project. */
  setProjectId(projectId: string | null): void;
  /**
   * Hears every session renewal (`POST /auth/refresh`): `true` when it worked (the socket reconnects with the
   * new cookie), `false` when it failed (the session is over). Returns the unsubscribe.
   */
  onRenewal(listener: RenewalListener): () => void;
}

export function createConsoleClient(): ConsoleClient {
  let projectId: string | null = null;
  const listeners = new Set<RenewalListener>();
  const fetchInProject: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    if (projectId && !request.headers.has('x-project-id')) request.headers.set('x-project-id', projectId);
    const response = await fetch(request);
    if (new URL(request.url).pathname === '/auth/refresh')
      for (const listener of [...listeners]) listener(response.ok);
    return response;
  };
  const trawl = createTrawlClient({
    baseUrl: env.apiUrl,
    session: 'browser',
    fetch: fetchInProject,
    timeoutMs: AUTHENTICATED_TIMEOUT_MS,
  });
  return {
    trawl,
    setProjectId(id) {
      projectId = id;
    },
    onRenewal(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

let publicClient: PublicTrawlClient | undefined;

/** The try-out's client: kept apart, so no credential ever goes to the public endpoints. */
export function publicTrawl(): PublicTrawlClient {
  publicClient ??= createPublicTrawlClient({ baseUrl: env.apiUrl, timeoutMs: PUBLIC_TIMEOUT_MS });
  return publicClient;
}
