import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { TrashIcon } from '../../../components/ui/icons';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast/toast-store';
import { reportFailure } from '../../../lib/report-failure';
import { useSession, useTrawl } from '../../../lib/session';
import { useTeam, useTeamId } from '../api/team';

/** Deletes the team, its projects, crawls and tokens, after its name is typed to confirm. */
export function DeleteTeamCard() {
  const trawl = useTrawl();
  const { signOut } = useSession();
  const teamId = useTeamId();
  const { team } = useTeam();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');

  const remove = async () => {
    try {
      await trawl.teams.delete(teamId);
    } catch (err: unknown) {
      reportFailure('deleteTeam', err);
      return false;
    }
    toast.success('Team deleted');
    await signOut();
  };

  return (
    <section className="card settings-card settings-card--danger" aria-labelledby="delete-team-title">
      <header className="settings-card__header">
        <h2 id="delete-team-title" className="settings-card__title">
          Delete team
        </h2>
        <p className="settings-card__description">
          Deletes the team with every project, crawl, result and API token, and the accounts of members who
          belong to no other team. This cannot be undone.
        </p>
      </header>
      <div className="settings-card__body settings-card__actions">
        <Button variant="danger" icon={<TrashIcon />} disabled={!team} onClick={() => setOpen(true)}>
          Delete team
        </Button>
      </div>
      {open && team && (
        <ConfirmModal
          title="Delete team"
          confirmLabel="Delete team"
          disabled={typed !== team.name}
          onConfirm={remove}
          onClose={() => {
            setOpen(false);
            setTyped('');
          }}
        >
          <div className="form">
            <p>
              Everything of <strong>{team.name}</strong> goes, for every member. Type the team&apos;s name to
              confirm.
            </p>
            <TextField
              label="Team name"
              value={typed}
              onChange={setTyped}
              autoComplete="off"
              data-autofocus
            />
          </div>
        </ConfirmModal>
      )}
    </section>
  );
}
