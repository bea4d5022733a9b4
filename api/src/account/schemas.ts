import { z } from '@hono/zod-openapi';

// The messages of SPEC.md section 5, as sign-up words them.
const nameField = (message: string) =>
  z.string({ error: message }).trim().min(2, { error: message }).max(100, { error: message });
const newPassword = z
  .string({ error: 'Password must have at least 8 characters' })
  .min(8, { error: 'Password must have at least 8 characters' })
  .max(1024, { error: 'Password must have at most 1024 characters' });

export const UpdateProfileBodySchema = z
  .strictObject({
    firstName: nameField('First name must have at least 2 letters').optional(),
    lastName: nameField('Last name must have at least 2 letters').optional(),
  })
  .openapi('UpdateProfileRequest');

export const ChangePasswordBodySchema = z
  .strictObject({
    currentPassword: z
      .string({ error: 'Current password is required' })
      .min(1, { error: 'Current password is required' })
      .max(1024, { error: 'Current password is incorrect' }),
    newPassword,
  })
  .openapi('ChangePasswordRequest');
