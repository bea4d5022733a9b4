import { TrawlApiError, type User } from '@trawl/sdk';
import { useState } from 'react';
import { Link } from 'wouter';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { useTrawl } from '../../../lib/session';
import { AUTH_MESSAGES, checkEmail, collectErrors, type FormErrors } from '../validation';
import { GoogleButton } from './google-button';

interface LoginFormProps {
  onSignedIn(user: User): void;
  /** The session ended while the console was open: say why the user is here. */
  sessionEnded: boolean;
}

/** Why a sign-in was refused, in the catalogue's words where it has them. */
function loginFailure(err: unknown): string {
  if (err instanceof TrawlApiError && err.status === 401) return 'Invalid email or password';
  if (err instanceof TrawlApiError && err.status === 429) return err.message;
  if (err instanceof TrawlApiError && err.status === 403) return err.message;
  return 'Invalid email or password';
}

export function LoginForm({ onSignedIn, sessionEnded }: LoginFormProps) {
  const trawl = useTrawl();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FormErrors<'email' | 'password'>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = collectErrors({
      email: checkEmail(email),
      password: password ? null : AUTH_MESSAGES.passwordRequired,
    });
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) return;
    setSubmitting(true);
    try {
      onSignedIn(await trawl.auth.login({ email: email.trim(), password }));
    } catch (err: unknown) {
      console.error('Sign-in failed', err);
      setFailure(loginFailure(err));
      setSubmitting(false);
    }
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      {sessionEnded && !failure && (
        <FormAlert tone="info">Your session has ended. Sign in again to continue.</FormAlert>
      )}
      {failure && <FormAlert>{failure}</FormAlert>}
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={setEmail}
        error={errors.email}
        autoFocus
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
        error={errors.password}
        labelExtra={
          <Link href="/forgot-password" className="field__label-link">
            Forgot password?
          </Link>
        }
      />
      <Button type="submit" variant="primary" className="button--block" loading={submitting}>
        Sign in
      </Button>
      <div className="auth-divider">
        <span>or</span>
      </div>
      <GoogleButton />
    </form>
  );
}
