import type { Team } from '@trawl/sdk';
import { useCallback } from 'react';
import useSWR from 'swr';
import { useTrawl, useUser } from '../../../lib/session';
import { useTeamEvents } from '../../../lib/realtime';

/** Usage banner thresholds (SPEC.md section 9). */
export const USAGE_WARN_AT = 0.85;
export const USAGE_FULL_AT = 1;

/** Subscription states that show the canceled banner (SPEC.md section 4). */
export const CANCELED_STATES = ['canceled', 'incomplete_expired', 'unpaid'];

/** The flag a subscription change adds to the query string (SPEC.md section 4). */
export const SUBSCRIPTION_CHANGED_FLAG = 'subscriptionChanged';

/**
 * The signed-in user's team, under the same cache key the team settings use, kept fresh: replaced when
 * SUBSCRIPTION_CHANGED_EVENT arrives (which also adds the flag to the query string), and re-read when a
 * crawl changes state, since a crawl's results are what use units.
 */
export function useBillingTeam(): Team | undefined {
  const trawl = useTrawl();
  const teamId = useUser().teams[0]!.id;
  const { data, mutate } = useSWR(['team', teamId], () => trawl.teams.get(teamId), {
    refreshInterval: 60_000,
  });
  const onEvent = useCallback(
    (type: string) => {
      if (type === 'SUBSCRIPTION_CHANGED_EVENT') {
        const url = new URL(window.location.href);
        url.searchParams.set(SUBSCRIPTION_CHANGED_FLAG, 'true');
        window.history.replaceState(window.history.state, '', url);
      }
      if (type === 'SUBSCRIPTION_CHANGED_EVENT' || type === 'CRAWL_EVENT') void mutate();
    },
    [mutate],
  );
  useTeamEvents((event) => onEvent(event.type));
  return data;
}

/** used / max, or null when the budget is unlimited. */
export function usageRatio(team: Pick<Team, 'usageUsed' | 'maxUsage'>): number | null {
  if (team.maxUsage === null) return null;
  return team.maxUsage <= 0 ? USAGE_FULL_AT : team.usageUsed / team.maxUsage;
}
