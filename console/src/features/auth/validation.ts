// The sign-up, sign-in and password checks of SPEC.md section 5, with its exact messages.

export const AUTH_MESSAGES = {
  firstName: 'First name must have at least 2 letters',
  lastName: 'Last name must have at least 2 letters',
  email: 'Invalid email',
  password: 'Password must have at least 8 characters',
  passwordRequired: 'Password is required',
  passwordsDiffer: 'Passwords do not match',
  resetToken: 'Invalid reset token',
} as const;

const EMAIL = /^\S+@\S+$/;

export const checkEmail = (email: string): string | null =>
  EMAIL.test(email.trim()) ? null : AUTH_MESSAGES.email;

export const checkName = (name: string, message: string): string | null =>
  name.trim().length >= 2 ? null : message;

export const checkNewPassword = (password: string): string | null =>
  password.length >= 8 ? null : AUTH_MESSAGES.password;

/** The messages of a form, field by field; empty when it may be sent. */
export type FormErrors<K extends string> = Partial<Record<K, string>>;

/** Drops the fields without a message. */
export function collectErrors<K extends string>(checks: Record<K, string | null>): FormErrors<K> {
  return Object.fromEntries(Object.entries(checks).filter(([, message]) => message)) as FormErrors<K>;
}
