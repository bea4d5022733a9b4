import type { Team, TeamInvite, TeamMember } from '@trawl/sdk';
import useSWR, { useSWRConfig } from 'swr';
import { reportFailure } from '../../../lib/report-failure';
import { useTrawl, useUser } from '../../../lib/session';

/** The signed-in user's team: the first of their teams (SPEC.md section 3). */
export function useTeamId(): string {
  return useUser().teams[0]!.id;
}

export const invitesKey = (teamId: string) => ['team-invites', teamId] as const;
export const membersKey = (teamId: string) => ['team-members', teamId] as const;

export function useTeam(): { team: Team | undefined; error: unknown } {
  const trawl = useTrawl();
  const teamId = useTeamId();
  const { data, error } = useSWR(['team', teamId], () => trawl.teams.get(teamId), {
    onError: (err: unknown) => reportFailure('loadTeam', err),
  });
  return { team: data, error };
}

export function useMembers() {
  const trawl = useTrawl();
  const teamId = useTeamId();
  return useSWR<TeamMember[]>(membersKey(teamId), () => trawl.teams.members(teamId), {
    onError: (err: unknown) => reportFailure('loadTeam', err),
  });
}

export function useInvites() {
  const trawl = useTrawl();
  const teamId = useTeamId();
  return useSWR<TeamInvite[]>(invitesKey(teamId), () => trawl.teams.invites(teamId), {
    onError: (err: unknown) => reportFailure('loadTeam', err),
  });
}

/** Marks the pending invitations stale, after one was made. */
export function useRefreshInvites(): () => void {
  const teamId = useTeamId();
  const { mutate } = useSWRConfig();
  return () => void mutate(invitesKey(teamId));
}
