import { z } from '@hono/zod-openapi';
import { ProjectSchema } from '../projects/schemas.js';

export const TeamSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    usageUsed: z.number().int(),
    maxUsage: z.number().int(),
    stripeSubscriptionStatus: z.string().nullable(),
    priceLookupKey: z.string().nullable(),
    projects: z
      .array(ProjectSchema)
      .openapi({ description: "The team's projects that are not deleted, oldest first." }),
  })
  .openapi('Team');
export type TeamDto = z.infer<typeof TeamSchema>;

export const TeamMemberSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    roles: z.array(z.string()),
    joinedAt: z.iso.datetime(),
  })
  .openapi('TeamMember');
export type TeamMemberDto = z.infer<typeof TeamMemberSchema>;

export const InviteLinkSchema = z
  .object({ inviteLink: z.string(), expiresAt: z.iso.datetime() })
  .openapi('InviteLink');

export const InviteEmailBodySchema = z
  .strictObject({
    email: z
      .string({ error: 'Invalid email' })
      .trim()
      .max(254, { error: 'Invalid email' })
      .regex(/^\S+@\S+$/, { error: 'Invalid email' })
      .transform((e) => e.toLowerCase()),
  })
  .openapi('InviteEmailRequest');
