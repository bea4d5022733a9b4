import { TrawlApiError } from '@trawl/sdk';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast/toast-store';
import { fieldMessage, reportFailure } from '../../../lib/report-failure';
import { useTrawl } from '../../../lib/session';

type PasswordField = 'currentPassword' | 'newPassword' | 'confirm';

/** Changes the password; every other session is signed out. */
export function PasswordCard() {
  const trawl = useTrawl();
  const [form, setForm] = useState<Record<PasswordField, string>>({
    currentPassword: '',
    newPassword: '',
    confirm: '',
  });
  const [errors, setErrors] = useState<Partial<Record<PasswordField, string>>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (field: PasswordField) => (value: string) => setForm((f) => ({ ...f, [field]: value }));

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<PasswordField, string>> = {};
    if (!form.currentPassword) found.currentPassword = 'Current password is required';
    if (form.newPassword.length < 8) found.newPassword = 'Password must have at least 8 characters';
    if (form.confirm !== form.newPassword) found.confirm = 'Passwords do not match';
    setErrors(found);
    setNotice(null);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      await trawl.auth.changePassword({
        currentPassword: form.currentPassword,
        newPassword: form.newPassword,
      });
      setForm({ currentPassword: '', newPassword: '', confirm: '' });
      toast.success('Password changed');
    } catch (err: unknown) {
      const current = fieldMessage(err, 'currentPassword');
      const next = fieldMessage(err, 'newPassword');
      if (current || next) setErrors({ currentPassword: current, newPassword: next });
      else if (err instanceof TrawlApiError && err.code === 'no_password') setNotice(err.message);
      else reportFailure('changePassword', err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="card settings-card" aria-labelledby="password-title">
      <header className="settings-card__header">
        <h2 id="password-title" className="settings-card__title">
          Password
        </h2>
        <p className="settings-card__description">
          Changing it signs you out everywhere else; this browser stays signed in.
        </p>
      </header>
      <form className="settings-card__body form" onSubmit={save} noValidate>
        {notice && <FormAlert tone="info">{notice}</FormAlert>}
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={form.currentPassword}
          onChange={set('currentPassword')}
          error={errors.currentPassword}
        />
        <div className="form-row">
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            value={form.newPassword}
            onChange={set('newPassword')}
            error={errors.newPassword}
            hint="At least 8 characters"
          />
          <TextField
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            value={form.confirm}
            onChange={set('confirm')}
            error={errors.confirm}
          />
        </div>
        <div className="settings-card__actions">
          <Button type="submit" variant="primary" loading={saving}>
            Change password
          </Button>
        </div>
      </form>
    </section>
  );
}
