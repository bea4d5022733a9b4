import { z } from '@hono/zod-openapi';
import { ProjectSchema } from '../projects/schemas.js';

export const TeamSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    usageUsed: z.number().int().openapi({
      description:
        'Units used this billing period: one per crawl result stored (failed, blocked, empty and duplicate pages never count).',
    }),
    maxUsage: z
      .number()
      .int()
      .nullable()
      .openapi({ description: 'Units the billing period allows; null is unlimited.' }),
    usagePeriodStart: z.iso.datetime().openapi({ description: 'When the current billing period began.' }),
    stripeSubscriptionStatus: z.string().nullable().openapi({
      description: "The Stripe subscription's status (active, past_due, canceled, ...); null without one.",
    }),
    priceLookupKey: z.string().nullable().openapi({
      description: 'The plan: starter, pro, scale or enterprise, each _monthly or _yearly; null without one.',
    }),
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
