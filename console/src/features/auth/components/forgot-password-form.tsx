import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast/toast-store';
import { useTrawl } from '../../../lib/session';
import { checkEmail } from '../validation';

const SENT = 'Password reset instructions have been sent to your email';

/** Asks for a reset link; the answer is the same whether or not the account exists. */
export function ForgotPasswordForm() {
  const trawl = useTrawl();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const invalid = checkEmail(email);
    setError(invalid);
    setFailure(null);
    if (invalid) return;
    setSubmitting(true);
    try {
      await trawl.auth.forgotPassword(email.trim());
      toast.success(SENT);
      setSentTo(email.trim());
    } catch (err: unknown) {
      console.error('Requesting a reset link failed', err);
      setFailure('Failed to send reset instructions');
    } finally {
      setSubmitting(false);
    }
  };

  if (sentTo) {
    return (
      <FormAlert tone="success">
        If an account uses <strong>{sentTo}</strong>, we have emailed it a link to set a new password. The
        link works once, for 60 minutes.
      </FormAlert>
    );
  }
  return (
    <form className="form" onSubmit={submit} noValidate>
      {failure && <FormAlert>{failure}</FormAlert>}
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={setEmail}
        error={error}
        autoFocus
      />
      <Button type="submit" variant="primary" className="button--block" loading={submitting}>
        Reset password
      </Button>
    </form>
  );
}
