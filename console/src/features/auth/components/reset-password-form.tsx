import { TrawlApiError } from '@trawl/sdk';
import { useState } from 'react';
import { Link } from 'wouter';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast/toast-store';
import { useTrawl } from '../../../lib/session';
import { AUTH_MESSAGES, checkNewPassword, collectErrors, type FormErrors } from '../validation';

interface ResetPasswordFormProps {
  token: string;
  onReset(): void;
}

/** A new password, twice, for the account of a reset link. */
export function ResetPasswordForm({ token, onReset }: ResetPasswordFormProps) {
  const trawl = useTrawl();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FormErrors<'password' | 'confirm'>>({});
  const [failure, setFailure] = useState<'token' | 'other' | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = collectErrors({
      password: checkNewPassword(password),
      confirm: confirm === password ? null : AUTH_MESSAGES.passwordsDiffer,
    });
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) return;
    setSubmitting(true);
    try {
      await trawl.auth.resetPassword({ token, password });
      toast.success('Password has been reset successfully');
      onReset();
    } catch (err: unknown) {
      console.error('Resetting the password failed', err);
      setFailure(err instanceof TrawlApiError && err.code === 'invalid_reset_token' ? 'token' : 'other');
      setSubmitting(false);
    }
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      {failure === 'token' && (
        <FormAlert>
          {AUTH_MESSAGES.resetToken}. The link may have expired or been used already.{' '}
          <Link href="/forgot-password">Request a new link</Link>
        </FormAlert>
      )}
      {failure === 'other' && <FormAlert>Failed to reset password</FormAlert>}
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
        error={errors.password}
        hint="At least 8 characters"
        autoFocus
      />
      <TextField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={setConfirm}
        error={errors.confirm}
      />
      <Button type="submit" variant="primary" className="button--block" loading={submitting}>
        Reset password
      </Button>
    </form>
  );
}
