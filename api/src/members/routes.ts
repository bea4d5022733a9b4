import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import type { AppEnv } from '../app-env.js';
import { requireAuthOnce, type AuthContext } from '../auth/bearer.js';
import { ApiError, notFound, validationHook } from '../errors.js';
import { isUuid } from '../ids.js';
import { bearerSecurity, errorResponses, json } from '../openapi-helpers.js';
import { InviteParamsSchema, MemberParamsSchema, TeamInviteSchema, TeamParamsSchema } from './schemas.js';
import { listPendingInvites, removeMember, revokeInvite } from './service.js';

const tags = ['Teams'];
const security = [...bearerSecurity, { sessionCookie: [] }];

const listInvitesRoute = createRoute({
  method: 'get',
  path: '/teams/{id}/invites',
  operationId: 'listTeamInvites',
  summary: "List a team's pending invitations",
  description: 'Invite links that have not expired and invite emails not yet accepted, newest first.',
  tags,
  security,
  request: { params: TeamParamsSchema },
  responses: {
    200: { description: 'Pending invitations.', ...json(z.array(TeamInviteSchema)) },
    ...errorResponses(401, 403, 404),
  },
});

const revokeInviteRoute = createRoute({
  method: 'delete',
  path: '/teams/{id}/invites/{inviteId}',
  operationId: 'revokeTeamInvite',
  summary: 'Withdraw an invitation',
  description: 'Its link stops working at once.',
  tags,
  security,
  request: { params: InviteParamsSchema },
  responses: { 204: { description: 'Withdrawn.' }, ...errorResponses(401, 403, 404) },
});

const removeMemberRoute = createRoute({
  method: 'delete',
  path: '/teams/{id}/members/{userId}',
  operationId: 'removeTeamMember',
  summary: 'Remove a member from a team',
  description:
    'Ends their sessions in the team and revokes the API tokens they created for it; a member of no other team is deleted. Needs a signed-in member; you cannot remove yourself, nor a Trawl admin.',
  tags,
  security,
  request: { params: MemberParamsSchema },
  responses: { 204: { description: 'Removed.' }, ...errorResponses(400, 401, 403, 404) },
});

/** The caller's own team, by id: any other id, or a malformed one, is a 404. */
function ownTeam(auth: AuthContext, id: string): string {
  if (!isUuid(id) || id !== auth.teamId) throw notFound('Team');
  return id;
}

/** Project-bound API tokens work inside their project only: team administration is not theirs. */
function teamWide(auth: AuthContext): void {
  if (auth.projectId)
    throw new ApiError(403, 'forbidden', 'This API token is bound to one project and cannot manage the team');
}

/** A team's members and pending invitations: removing one, listing and withdrawing the other. */
export function memberRoutes(): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use('/teams/:id/invites', requireAuthOnce);
  app.use('/teams/:id/invites/*', requireAuthOnce);
  app.use('/teams/:id/members/*', requireAuthOnce);

  app.openapi(listInvitesRoute, async (c) => {
    const { deps, auth } = c.var;
    const teamId = ownTeam(auth, c.req.valid('param').id);
    teamWide(auth);
    return c.json(await listPendingInvites(deps.db, teamId), 200);
  });

  app.openapi(revokeInviteRoute, async (c) => {
    const { deps, auth } = c.var;
    const { id, inviteId } = c.req.valid('param');
    const teamId = ownTeam(auth, id);
    teamWide(auth);
    await revokeInvite(deps.db, teamId, inviteId);
    return c.body(null, 204);
  });

  app.openapi(removeMemberRoute, async (c) => {
    const { deps, auth } = c.var;
    const { id, userId } = c.req.valid('param');
    const teamId = ownTeam(auth, id);
    if (auth.origin !== 'web' || !auth.userId)
      throw new ApiError(403, 'forbidden', 'Removing a member needs a signed-in member, not an API token');
    await removeMember(deps.db, teamId, auth.userId, userId);
    return c.body(null, 204);
  });

  return app;
}
