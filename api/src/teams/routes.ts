import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import type { AppEnv } from '../app-env.js';
import { requireAuth } from '../auth/bearer.js';
import { validationHook } from '../errors.js';
import { IdParamsSchema, errorResponses, json, memberSecurity } from '../openapi-helpers.js';
import { InviteEmailBodySchema, InviteLinkSchema, TeamMemberSchema, TeamSchema } from './schemas.js';
import {
  INVITE_TTL_DAYS,
  createInviteLink,
  deleteTeam,
  getTeam,
  listMembers,
  sendInviteEmail,
} from './service.js';

const route = <R extends Parameters<typeof createRoute>[0]>(r: R) =>
  createRoute({ tags: ['Teams'], security: memberSecurity, ...r });

const getTeamRoute = route({
  method: 'get',
  path: '/teams/{id}',
  operationId: 'getTeam',
  summary: 'Get a team',
  request: { params: IdParamsSchema },
  responses: { 200: { description: 'The team.', ...json(TeamSchema) }, ...errorResponses(401, 404) },
});
const deleteTeamRoute = route({
  method: 'delete',
  path: '/teams/{id}',
  operationId: 'deleteTeam',
  summary: 'Delete a team',
  description:
    'Deletes the team with its projects, crawls, tokens and invitations, and the users who belong to no other team. Needs a signed-in member.',
  request: { params: IdParamsSchema },
  responses: { 204: { description: 'Deleted.' }, ...errorResponses(401, 403, 404) },
});
const listMembersRoute = route({
  method: 'get',
  path: '/teams/{id}/team',
  operationId: 'listTeamMembers',
  summary: "List a team's members",
  request: { params: IdParamsSchema },
  responses: {
    200: { description: 'Members, oldest first.', ...json(z.array(TeamMemberSchema)) },
    ...errorResponses(401, 404),
  },
});
const inviteLinkRoute = route({
  method: 'post',
  path: '/teams/{id}/invite-link',
  operationId: 'createInviteLink',
  summary: 'Create an invite link',
  description: `A link anyone can use to join the team for ${INVITE_TTL_DAYS} days.`,
  request: { params: IdParamsSchema },
  responses: { 201: { description: 'The link.', ...json(InviteLinkSchema) }, ...errorResponses(401, 404) },
});
const inviteEmailRoute = route({
  method: 'post',
  path: '/teams/{id}/send-invite-email',
  operationId: 'sendInviteEmail',
  summary: 'Email an invitation',
  description: `Emails a link that only this address can accept, once, within ${INVITE_TTL_DAYS} days.`,
  request: { params: IdParamsSchema, body: { required: true, ...json(InviteEmailBodySchema) } },
  responses: {
    200: {
      description: 'Sent (or kept in the outbox when no SMTP is configured).',
      ...json(z.object({ isSuccessful: z.literal(true) })),
    },
    ...errorResponses(400, 401, 404, 409),
  },
});

/**
 * Teams, their members and invitations (SPEC.md section 7, Teams and projects). A team's projects and API
 * tokens are resources of their own: `projects/` and `api-tokens/`.
 */
export function teamRoutes(): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use('/teams/*', requireAuth);

  app.openapi(getTeamRoute, async (c) => {
    const team = await getTeam(c.var.deps.db, c.var.auth, c.req.valid('param').id);
    return c.json(team, 200);
  });

  app.openapi(deleteTeamRoute, async (c) => {
    await deleteTeam(c.var.deps, c.var.auth, c.req.valid('param').id);
    return c.body(null, 204);
  });

  app.openapi(listMembersRoute, async (c) => {
    const members = await listMembers(c.var.deps.db, c.var.auth, c.req.valid('param').id);
    return c.json(members, 200);
  });

  app.openapi(inviteLinkRoute, async (c) => {
    const { link, expiresAt } = await createInviteLink(c.var.deps, c.var.auth, c.req.valid('param').id);
    return c.json({ inviteLink: link, expiresAt: expiresAt.toISOString() }, 201);
  });

  app.openapi(inviteEmailRoute, async (c) => {
    const { id } = c.req.valid('param');
    await sendInviteEmail(c.var.deps, c.var.auth, id, c.req.valid('json').email);
    return c.json({ isSuccessful: true as const }, 200);
  });

  return app;
}
