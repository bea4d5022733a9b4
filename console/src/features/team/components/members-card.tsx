import type { TeamMember } from '@trawl/sdk';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast/toast-store';
import { formatDate } from '../../../lib/dates';
import { reportFailure } from '../../../lib/report-failure';
import { useTrawl, useUser } from '../../../lib/session';
import { useMembers, useTeamId } from '../api/team';

const isTrawlAdmin = (member: TeamMember) => member.roles.includes('trawlAdmin');

/** Who is in the team; any member can remove another (not themselves, nor a Trawl admin). */
export function MembersCard() {
  const trawl = useTrawl();
  const me = useUser();
  const teamId = useTeamId();
  const { data, mutate } = useMembers();
  const [removing, setRemoving] = useState<TeamMember | null>(null);

  const remove = async (member: TeamMember) => {
    try {
      await trawl.teams.removeMember(teamId, member.id);
      await mutate((members) => members?.filter((m) => m.id !== member.id), { revalidate: false });
      toast.success(`${member.firstName} ${member.lastName} was removed from the team`);
    } catch (err: unknown) {
      reportFailure('removeMember', err);
      return false;
    }
  };

  return (
    <section className="card settings-card" aria-labelledby="members-title">
      <header className="settings-card__header">
        <h2 id="members-title" className="settings-card__title">
          Members{data ? ` (${data.length})` : ''}
        </h2>
        <p className="settings-card__description">
          Everyone here sees the team&apos;s projects, crawls and tokens.
        </p>
      </header>
      <div className="settings-card__list">
        <ul className="member-list" aria-busy={!data}>
          {data
            ? data.map((member) => (
                <li key={member.id} className="member">
                  <span className="member__avatar" aria-hidden="true">
                    {member.firstName.charAt(0).toUpperCase()}
                    {member.lastName.charAt(0).toUpperCase()}
                  </span>
                  <span className="member__text">
                    <span className="member__name">
                      {member.firstName} {member.lastName}
                      {member.id === me.id && <span className="tag">You</span>}
                      {isTrawlAdmin(member) && <span className="tag tag--accent">Admin</span>}
                    </span>
                    <span className="member__email">{member.email}</span>
                  </span>
                  <span className="member__joined muted">Joined {formatDate(member.joinedAt)}</span>
                  <span className="member__actions">
                    {member.id !== me.id && !isTrawlAdmin(member) && (
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`Remove ${member.firstName} ${member.lastName}`}
                        onClick={() => setRemoving(member)}
                      >
                        Remove
                      </Button>
                    )}
                  </span>
                </li>
              ))
            : [0, 1].map((i) => (
                <li key={i} className="member">
                  <Skeleton width={36} height={36} />
                  <span className="member__text">
                    <Skeleton width={140} />
                    <Skeleton width={200} />
                  </span>
                </li>
              ))}
        </ul>
      </div>
      {removing && (
        <ConfirmModal
          title="Remove member"
          confirmLabel="Remove member"
          onConfirm={() => remove(removing)}
          onClose={() => setRemoving(null)}
        >
          <p>
            Remove <strong>{removing.email}</strong> from the team? Their sessions end and the API tokens they
            created are revoked. An account in no other team is deleted.
          </p>
        </ConfirmModal>
      )}
    </section>
  );
}
