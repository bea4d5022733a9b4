import { z } from '@hono/zod-openapi';

const trimmed = (min: number, message: string) =>
  z.string({ error: message }).trim().min(min, { error: message }).max(100, { error: message });
const EmailSchema = z
  .string({ error: 'Invalid email' })
  .trim()
  .max(254, { error: 'Invalid email' })
  .regex(/^\S+@\S+$/, { error: 'Invalid email' })
  .transform((e) => e.toLowerCase())
  .openapi({ example: 'ada@example.com' });
const NewPasswordSchema = z
  .string({ error: 'Password must have at least 8 characters' })
  .min(8, { error: 'Password must have at least 8 characters' })
  .max(1024, { error: 'Password must have at most 1024 characters' });

export const SignupRootBodySchema = z
  .strictObject({
    firstName: trimmed(2, 'First name must have at least 2 letters'),
    lastName: trimmed(2, 'Last name must have at least 2 letters'),
    email: EmailSchema,
    password: NewPasswordSchema,
  })
  .openapi('SignupRootUserRequest');

export const LoginBodySchema = z
  .strictObject({
    email: EmailSchema,
    password: z
      .string({ error: 'Password is required' })
      .min(1, { error: 'Password is required' })
      .max(1024, { error: 'Invalid email or password' }),
  })
  .openapi('LoginRequest');

export const SignupInviteBodySchema = SignupRootBodySchema.extend({
  inviteToken: z
    .string({ error: 'Invalid invite token' })
    .min(10, { error: 'Invalid invite token' })
    .max(200, { error: 'Invalid invite token' }),
}).openapi('SignupInviteRequest');

export const ForgotPasswordBodySchema = z
  .strictObject({ email: EmailSchema })
  .openapi('ForgotPasswordRequest');

export const ResetPasswordBodySchema = z
  .strictObject({
    token: z
      .string({ error: 'Invalid reset token' })
      .min(1, { error: 'Invalid reset token' })
      .max(200, { error: 'Invalid reset token' }),
    password: NewPasswordSchema,
  })
  .openapi('ResetPasswordRequest');

export const SuccessSchema = z.object({ isSuccessful: z.literal(true) }).openapi('Success');

export const UserSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    roles: z.array(z.string()).openapi({ description: '`trawlAdmin` or `user`.' }),
    teams: z
      .array(z.object({ id: z.uuid(), name: z.string() }))
      .openapi({ description: 'The teams the user belongs to; the first is used.' }),
  })
  .openapi('User');

export const AuthResponseSchema = z
  .object({ isSuccessful: z.literal(true), user: UserSchema })
  .openapi('AuthResponse');

export type User = z.infer<typeof UserSchema>;
