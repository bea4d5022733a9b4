import { TrawlApiError, type User } from '@trawl/sdk';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { useTrawl } from '../../../lib/session';
import {
  AUTH_MESSAGES,
  checkEmail,
  checkName,
  checkNewPassword,
  collectErrors,
  type FormErrors,
} from '../validation';
import { GoogleButton } from './google-button';

type SignupField = 'firstName' | 'lastName' | 'email' | 'password';

interface SignupFormProps {
  /** Joins the team of this invitation instead of creating one. */
  inviteToken: string | null;
  onSignedUp(user: User): void;
}

const FIELDS: SignupField[] = ['firstName', 'lastName', 'email', 'password'];

export function SignupForm({ inviteToken, onSignedUp }: SignupFormProps) {
  const trawl = useTrawl();
  const [form, setForm] = useState<Record<SignupField, string>>({
    firstName: '',
    lastName: '',
    email: '',
    password: '',
  });
  const [errors, setErrors] = useState<FormErrors<SignupField>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const set = (field: SignupField) => (value: string) => setForm((f) => ({ ...f, [field]: value }));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = collectErrors({
      firstName: checkName(form.firstName, AUTH_MESSAGES.firstName),
      lastName: checkName(form.lastName, AUTH_MESSAGES.lastName),
      email: checkEmail(form.email),
      password: checkNewPassword(form.password),
    });
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) return;
    setSubmitting(true);
    const body = {
      firstName: form.firstName.trim(),
      lastName: form.lastName.trim(),
      email: form.email.trim(),
      password: form.password,
    };
    try {
      onSignedUp(
        inviteToken
          ? await trawl.auth.signUpByInvite({ ...body, inviteToken })
          : await trawl.auth.signUp(body),
      );
    } catch (err: unknown) {
      console.error('Sign-up failed', err);
      setSubmitting(false);
      if (err instanceof TrawlApiError && err.code === 'email_taken') {
        setErrors({ email: err.message });
        return;
      }
      const fieldErrors =
        err instanceof TrawlApiError
          ? collectErrors(
              Object.fromEntries(
                FIELDS.map((f) => [f, err.details.find((d) => d.path === f)?.message ?? null]),
              ) as Record<SignupField, string | null>,
            )
          : {};
      if (Object.keys(fieldErrors).length) setErrors(fieldErrors);
      else if (err instanceof TrawlApiError && err.status < 500 && err.status !== 401)
        setFailure(err.message);
      else setFailure('Failed to create account');
    }
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      {failure && <FormAlert>{failure}</FormAlert>}
      <div className="form-row">
        <TextField
          label="First name"
          autoComplete="given-name"
          value={form.firstName}
          onChange={set('firstName')}
          error={errors.firstName}
          autoFocus
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          value={form.lastName}
          onChange={set('lastName')}
          error={errors.lastName}
        />
      </div>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        value={form.email}
        onChange={set('email')}
        error={errors.email}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        value={form.password}
        onChange={set('password')}
        error={errors.password}
        hint="At least 8 characters"
      />
      <Button type="submit" variant="primary" className="button--block" loading={submitting}>
        Create account
      </Button>
      {!inviteToken && (
        <>
          <div className="auth-divider">
            <span>or</span>
          </div>
          <GoogleButton />
        </>
      )}
    </form>
  );
}
