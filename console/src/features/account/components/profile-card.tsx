import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast/toast-store';
import { fieldMessage, reportFailure } from '../../../lib/report-failure';
import { useSession, useTrawl, useUser } from '../../../lib/session';

const FIRST_NAME = 'First name must have at least 2 letters';
const LAST_NAME = 'Last name must have at least 2 letters';

/** The user's name (editable) and email. */
export function ProfileCard() {
  const trawl = useTrawl();
  const user = useUser();
  const { updateUser } = useSession();
  const [firstName, setFirstName] = useState(user.firstName);
  const [lastName, setLastName] = useState(user.lastName);
  const [errors, setErrors] = useState<{ firstName?: string; lastName?: string }>({});
  const [saving, setSaving] = useState(false);
  const changed = firstName.trim() !== user.firstName || lastName.trim() !== user.lastName;

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = {
      ...(firstName.trim().length < 2 ? { firstName: FIRST_NAME } : {}),
      ...(lastName.trim().length < 2 ? { lastName: LAST_NAME } : {}),
    };
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      const updated = await trawl.auth.updateMe({ firstName: firstName.trim(), lastName: lastName.trim() });
      updateUser(updated);
      setFirstName(updated.firstName);
      setLastName(updated.lastName);
      toast.success('Profile saved');
    } catch (err: unknown) {
      const fields = { firstName: fieldMessage(err, 'firstName'), lastName: fieldMessage(err, 'lastName') };
      if (fields.firstName || fields.lastName) setErrors(fields);
      else reportFailure('updateProfile', err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="card settings-card" aria-labelledby="profile-title">
      <header className="settings-card__header">
        <h2 id="profile-title" className="settings-card__title">
          Account
        </h2>
        <p className="settings-card__description">
          Your name as your team sees it, and the email you sign in with.
        </p>
      </header>
      <form className="settings-card__body form" onSubmit={save} noValidate>
        <div className="form-row">
          <TextField
            label="First name"
            autoComplete="given-name"
            value={firstName}
            onChange={setFirstName}
            error={errors.firstName}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            value={lastName}
            onChange={setLastName}
            error={errors.lastName}
          />
        </div>
        <TextField
          label="Email"
          type="email"
          value={user.email}
          onChange={() => undefined}
          readOnly
          disabled
        />
        <div className="settings-card__actions">
          <Button type="submit" variant="primary" loading={saving} disabled={!changed}>
            Save
          </Button>
        </div>
      </form>
    </section>
  );
}
