import type { TeamInvite } from '@trawl/sdk';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LinkIcon, MailIcon } from '../../../components/ui/icons';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast/toast-store';
import { formatDate } from '../../../lib/dates';
import { reportFailure } from '../../../lib/report-failure';
import { useTrawl } from '../../../lib/session';
import { useInvites, useTeamId } from '../api/team';

/** Invitations that can still be accepted, each with a way to withdraw it. */
export function PendingInvitesCard() {
  const trawl = useTrawl();
  const teamId = useTeamId();
  const { data, mutate } = useInvites();

  const withdraw = async (invite: TeamInvite) => {
    try {
      await trawl.teams.revokeInvite(teamId, invite.id);
      await mutate((invites) => invites?.filter((i) => i.id !== invite.id), { revalidate: false });
      toast.success('Invitation withdrawn');
    } catch (err: unknown) {
      reportFailure('revokeInvite', err);
    }
  };

  return (
    <section className="card settings-card" aria-labelledby="invites-title">
      <header className="settings-card__header">
        <h2 id="invites-title" className="settings-card__title">
          Pending invitations
        </h2>
      </header>
      <div className="settings-card__list">
        {!data ? (
          <div className="token-list__loading">
            <Skeleton width="50%" />
          </div>
        ) : data.length === 0 ? (
          <EmptyState
            icon={<MailIcon />}
            title="No pending invitations"
            description="Invite links and emails you create show here until they are used or expire."
          />
        ) : (
          <ul className="invite-list">
            {data.map((invite) => (
              <li key={invite.id} className="invite">
                <span className="invite__icon" aria-hidden="true">
                  {invite.kind === 'email' ? <MailIcon /> : <LinkIcon />}
                </span>
                <span className="invite__text">
                  <span className="invite__what">{invite.email ?? 'Invite link'}</span>
                  <span className="muted">
                    {invite.invitedBy ? `From ${invite.invitedBy}, ` : ''}expires{' '}
                    {formatDate(invite.expiresAt)}
                  </span>
                </span>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Withdraw ${invite.email ? `the invitation of ${invite.email}` : 'the invite link'}`}
                  onClick={() => void withdraw(invite)}
                >
                  Withdraw
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
