import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { LogOutIcon } from '../../../components/ui/icons';
import { reportFailure } from '../../../lib/report-failure';
import { useSession, useTrawl } from '../../../lib/session';

/** Signs the account out on every device, this browser included. */
export function SessionsCard() {
  const trawl = useTrawl();
  const { signOut } = useSession();
  const [confirming, setConfirming] = useState(false);

  const signOutEverywhere = async () => {
    try {
      await trawl.auth.logoutEverywhere();
    } catch (err: unknown) {
      reportFailure('logoutEverywhere', err);
      return false;
    }
    await signOut();
  };

  return (
    <section className="card settings-card" aria-labelledby="sessions-title">
      <header className="settings-card__header">
        <h2 id="sessions-title" className="settings-card__title">
          Sessions
        </h2>
        <p className="settings-card__description">
          Lost a device, or signed in on a shared computer? Sign out of every session at once. API tokens keep
          working; revoke them in project settings.
        </p>
      </header>
      <div className="settings-card__body settings-card__actions">
        <Button variant="danger" icon={<LogOutIcon />} onClick={() => setConfirming(true)}>
          Sign out of every session
        </Button>
      </div>
      {confirming && (
        <ConfirmModal
          title="Sign out of every session"
          confirmLabel="Sign out everywhere"
          onConfirm={signOutEverywhere}
          onClose={() => setConfirming(false)}
        >
          <p>Every browser signed in to your account, this one included, will need to sign in again.</p>
        </ConfirmModal>
      )}
    </section>
  );
}
