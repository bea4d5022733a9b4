import { z } from '@hono/zod-openapi';

// Ids are checked in the handlers, after the team: a malformed id of another team is a 404 like any other.
const pathId = (name: string) =>
  z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name, in: 'path' }, example: '0193a1e2-7b7c-7cc0-8f5e-1a2b3c4d5e6f' });

export const MemberParamsSchema = z.object({ id: pathId('id'), userId: pathId('userId') });
export const InviteParamsSchema = z.object({ id: pathId('id'), inviteId: pathId('inviteId') });
export const TeamParamsSchema = z.object({ id: pathId('id') });

export const TeamInviteSchema = z
  .object({
    id: z.uuid(),
    kind: z
      .enum(['link', 'email'])
      .openapi({ description: '`link`: anyone with the link may join; `email`: only that address, once.' }),
    email: z.string().nullable(),
    invitedBy: z.string().nullable().openapi({ description: 'The name of the member who invited.' }),
    createdAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
  })
  .openapi('TeamInvite');
