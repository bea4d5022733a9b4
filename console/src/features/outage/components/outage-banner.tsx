import { useEffect } from 'react';
import useSWR from 'swr';
import { Banner } from '../../../components/ui/banner';
import { useRealtimeStatus } from '../../../lib/realtime';
import { useTrawl } from '../../../lib/session';

/** How often `GET /is-healthy` is asked while the console is open. */
const POLL_MS = 15_000;

/**
 * SPEC.md section 8: 'Partial outage: crawls may be delayed or failed', while `GET /is-healthy` fails or
 * answers `isHealthy: false`. A live-events socket that gives up is a reason to ask at once.
 */
export function OutageBanner() {
  const trawl = useTrawl();
  const socket = useRealtimeStatus();
  const { data: healthy, mutate } = useSWR(['is-healthy'], () => trawl.isHealthy(), {
    refreshInterval: POLL_MS,
    revalidateOnFocus: true,
    // A failed check is an answer here (false), not an error to retry.
    shouldRetryOnError: false,
  });
  useEffect(() => {
    if (socket === 'closed') void mutate();
  }, [socket, mutate]);
  if (healthy !== false) return null;
  return <Banner>Partial outage: crawls may be delayed or failed</Banner>;
}
