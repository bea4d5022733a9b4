import { InvitePanel } from './invite-panel';
import { DeleteTeamCard } from './delete-team-card';
import { MembersCard } from './members-card';
import { PendingInvitesCard } from './pending-invites-card';

/** The Team tab: members, invitations, and deleting the team. */
export function TeamSettings() {
  return (
    <>
      <MembersCard />
      <section className="card settings-card" aria-labelledby="invite-title">
        <header className="settings-card__header">
          <h2 id="invite-title" className="settings-card__title">
            Invite members
          </h2>
        </header>
        <div className="settings-card__body">
          <InvitePanel />
        </div>
      </section>
      <PendingInvitesCard />
      <DeleteTeamCard />
    </>
  );
}
