import { randomBytes } from 'node:crypto';
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { AppDeps, AppEnv } from '../app-env.js';
import { requireAuth, type AuthContext } from '../auth/bearer.js';
import { generateApiToken, hashToken } from '../auth/tokens.js';
import type { Database } from '../db/client.js';
import { apiTokens, crawls, projects, teamInvites, teamMembers, teams, users, userEmailIs } from '../db/schema.js';
import { finishedColumns } from '../crawls/sql.js';
import { ApiError, notFound, validationHook } from '../errors.js';
import { bearerSecurity, errorResponses, json } from '../openapi-helpers.js';
import { isUuid } from '../ids.js';

/** How long an invitation can be accepted. */
export const INVITE_TTL_DAYS = 7;
const security = [...bearerSecurity, { sessionCookie: [] }];
const tags = ['Teams'];

const IdParamsSchema = z.object({
  id: z.string().min(1).max(100).openapi({ param: { name: 'id', in: 'path' }, example: '0193a1e2-7b7c-7cc0-8f5e-1a2b3c4d5e6f' }),
});

export const ProjectSchema = z.object({ id: z.uuid(), title: z.string(), isDeleted: z.boolean(), createdAt: z.iso.datetime() }).openapi('Project');

export const TeamSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    usageUsed: z.number().int(),
    maxUsage: z.number().int(),
    stripeSubscriptionStatus: z.string().nullable(),
    priceLookupKey: z.string().nullable(),
    projects: z.array(ProjectSchema).openapi({ description: 'The team\'s projects that are not deleted, oldest first.' }),
  })
  .openapi('Team');

export const TeamMemberSchema = z
  .object({ id: z.uuid(), email: z.string(), firstName: z.string(), lastName: z.string(), roles: z.array(z.string()), joinedAt: z.iso.datetime() })
  .openapi('TeamMember');

const InviteLinkSchema = z.object({ inviteLink: z.string(), expiresAt: z.iso.datetime() }).openapi('InviteLink');

const InviteEmailBodySchema = z
  .strictObject({ email: z.string({ error: 'Invalid email' }).trim().max(254, { error: 'Invalid email' }).regex(/^\S+@\S+$/, { error: 'Invalid email' }).transform((e) => e.toLowerCase()) })
  .openapi('InviteEmailRequest');

const projectTitle = z
  .string({ error: 'Project name is required' })
  .transform((t) => t.trim().toLowerCase())
  .pipe(z.string().min(1, { error: 'Project name is required' }).max(100, { error: 'Project name must have at most 100 characters' }));
const ProjectBodySchema = z.strictObject({ title: projectTitle }).openapi('ProjectRequest');

export const ApiTokenSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    prefix: z.string().openapi({ description: 'The first characters of the token, to tell tokens apart.' }),
    projectId: z.uuid().nullable().openapi({ description: 'Set when the token only reaches this project.' }),
    createdAt: z.iso.datetime(),
    lastUsedAt: z.iso.datetime().nullable(),
  })
  .openapi('ApiToken');
const CreatedApiTokenSchema = ApiTokenSchema.extend({ token: z.string().openapi({ description: 'The token itself, shown this once; only its hash is kept.' }) }).openapi('CreatedApiToken');
const CreateTokenBodySchema = z
  .strictObject({
    name: z.string({ error: 'Token name is required' }).trim().min(1, { error: 'Token name is required' }).max(100, { error: 'Token name must have at most 100 characters' }),
    projectId: z.uuid({ error: 'projectId must be a project ID' }).nullable().optional().openapi({ description: 'Bind the token to one project.' }),
  })
  .openapi('CreateApiTokenRequest');

const route = <R extends Parameters<typeof createRoute>[0]>(r: R) => createRoute({ tags, security, ...r });

const getTeamRoute = route({ method: 'get', path: '/teams/{id}', operationId: 'getTeam', summary: 'Get a team', request: { params: IdParamsSchema }, responses: { 200: { description: 'The team.', ...json(TeamSchema) }, ...errorResponses(401, 404) } });
const deleteTeamRoute = route({
  method: 'delete', path: '/teams/{id}', operationId: 'deleteTeam', summary: 'Delete a team',
  description: 'Deletes the team with its projects, crawls, tokens and invitations, and the users who belong to no other team. Needs a signed-in member.',
  request: { params: IdParamsSchema }, responses: { 204: { description: 'Deleted.' }, ...errorResponses(401, 403, 404) },
});
const listMembersRoute = route({ method: 'get', path: '/teams/{id}/team', operationId: 'listTeamMembers', summary: 'List a team\'s members', request: { params: IdParamsSchema }, responses: { 200: { description: 'Members, oldest first.', ...json(z.array(TeamMemberSchema)) }, ...errorResponses(401, 404) } });
const inviteLinkRoute = route({
  method: 'post', path: '/teams/{id}/invite-link', operationId: 'createInviteLink', summary: 'Create an invite link',
  description: `A link anyone can use to join the team for ${INVITE_TTL_DAYS} days.`,
  request: { params: IdParamsSchema }, responses: { 201: { description: 'The link.', ...json(InviteLinkSchema) }, ...errorResponses(401, 404) },
});
const inviteEmailRoute = route({
  method: 'post', path: '/teams/{id}/send-invite-email', operationId: 'sendInviteEmail', summary: 'Email an invitation',
  description: `Emails a link that only this address can accept, once, within ${INVITE_TTL_DAYS} days.`,
  request: { params: IdParamsSchema, body: { required: true, ...json(InviteEmailBodySchema) } },
  responses: { 200: { description: 'Sent (or kept in the outbox when no SMTP is configured).', ...json(z.object({ isSuccessful: z.literal(true) })) }, ...errorResponses(400, 401, 404, 409) },
});
const listProjectsRoute = route({ method: 'get', path: '/teams/projects', operationId: 'listProjects', summary: 'List projects', description: 'The caller\'s team\'s projects that are not deleted, oldest first.', responses: { 200: { description: 'Projects.', ...json(z.array(ProjectSchema)) }, ...errorResponses(401) } });
const createProjectRoute = route({
  method: 'post', path: '/teams/projects', operationId: 'createProject', summary: 'Create a project', description: 'The title is trimmed and lowercased.',
  request: { body: { required: true, ...json(ProjectBodySchema) } }, responses: { 201: { description: 'The project.', ...json(ProjectSchema) }, ...errorResponses(400, 401, 403) },
});
const renameProjectRoute = route({
  method: 'patch', path: '/teams/projects/{id}', operationId: 'renameProject', summary: 'Rename a project',
  request: { params: IdParamsSchema, body: { required: true, ...json(ProjectBodySchema) } }, responses: { 200: { description: 'The project.', ...json(ProjectSchema) }, ...errorResponses(400, 401, 403, 404) },
});
const deleteProjectRoute = route({
  method: 'delete', path: '/teams/projects/{id}', operationId: 'deleteProject', summary: 'Delete a project',
  description: 'A soft delete: the project disappears from lists and cannot be selected; its crawls are kept. The last project of a team cannot be deleted.',
  request: { params: IdParamsSchema }, responses: { 204: { description: 'Deleted.' }, ...errorResponses(401, 403, 404, 409) },
});
const listTokensRoute = route({ method: 'get', path: '/api-tokens', operationId: 'listApiTokens', summary: 'List API tokens', description: 'The team\'s tokens that are not revoked, newest first: prefixes and last use, never the tokens.', responses: { 200: { description: 'Tokens.', ...json(z.array(ApiTokenSchema)) }, ...errorResponses(401) } });
const createTokenRoute = route({
  method: 'post', path: '/api-tokens', operationId: 'createApiToken', summary: 'Create an API token', description: 'The token is in this answer only. A token bound to a project reaches only that project\'s crawls.',
  request: { body: { required: true, ...json(CreateTokenBodySchema) } }, responses: { 201: { description: 'The token, shown once.', ...json(CreatedApiTokenSchema) }, ...errorResponses(400, 401, 403, 404) },
});
const revokeTokenRoute = route({
  method: 'delete', path: '/api-tokens/{id}', operationId: 'revokeApiToken', summary: 'Revoke an API token', description: 'It stops working at once.',
  request: { params: IdParamsSchema }, responses: { 204: { description: 'Revoked.' }, ...errorResponses(401, 403, 404) },
});

/** The caller's own team, by id: any other id, or a malformed one, is a 404. */
function ownTeam(auth: AuthContext, id: string): string {
  if (!isUuid(id) || id !== auth.teamId) throw notFound('Team');
  return id;
}

/** Project-bound API tokens work inside their project only: team administration is not theirs. */
function teamWide(auth: AuthContext): void {
  if (auth.projectId) throw new ApiError(403, 'forbidden', 'This API token is bound to one project and cannot manage the team');
}

const projectDto = (p: typeof projects.$inferSelect) => ({ id: p.id, title: p.title, isDeleted: p.isDeleted, createdAt: p.createdAt.toISOString() });
const tokenDto = (t: typeof apiTokens.$inferSelect) => ({
  id: t.id, name: t.name, prefix: t.prefix, projectId: t.projectId, createdAt: t.createdAt.toISOString(), lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
});

async function liveProjects(db: Database, teamId: string) {
  return db.select().from(projects).where(and(eq(projects.teamId, teamId), eq(projects.isDeleted, false))).orderBy(asc(projects.createdAt), asc(projects.id));
}

/** Stores an invitation (for anyone with the link, or for one email) and returns its sign-up link. */
async function createInvite(deps: AppDeps, auth: AuthContext, email: string | null): Promise<{ link: string; expiresAt: Date }> {
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(Date.now() + INVITE_TTL_DAYS * 86_400_000);
  await deps.db.insert(teamInvites).values({ teamId: auth.teamId, invitedBy: auth.userId, email, tokenHash: hashToken(token), expiresAt });
  return { link: `${deps.config.publicUrl}/invite?inviteToken=${token}`, expiresAt };
}

/** Teams, members, invitations, projects and API tokens (SPEC.md section 7, Teams and projects). */
export function teamRoutes(): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  for (const path of ['/teams/*', '/api-tokens', '/api-tokens/*']) app.use(path, requireAuth);

  // Registered before /teams/{id} so `projects` is not taken for a team id.
  app.openapi(listProjectsRoute, async (c) => {
    const { deps, auth } = c.var;
    const rows = await liveProjects(deps.db, auth.teamId);
    return c.json(rows.filter((p) => !auth.projectId || p.id === auth.projectId).map(projectDto), 200);
  });

  app.openapi(createProjectRoute, async (c) => {
    const { deps, auth } = c.var;
    teamWide(auth);
    const [row] = await deps.db.insert(projects).values({ teamId: auth.teamId, title: c.req.valid('json').title }).returning();
    return c.json(projectDto(row!), 201);
  });

  app.openapi(renameProjectRoute, async (c) => {
    const { deps, auth } = c.var;
    teamWide(auth);
    const { id } = c.req.valid('param');
    if (!isUuid(id)) throw notFound('Project');
    const [row] = await deps.db
      .update(projects)
      .set({ title: c.req.valid('json').title })
      .where(and(eq(projects.id, id), eq(projects.teamId, auth.teamId), eq(projects.isDeleted, false)))
      .returning();
    if (!row) throw notFound('Project');
    return c.json(projectDto(row), 200);
  });

  app.openapi(deleteProjectRoute, async (c) => {
    const { deps, auth } = c.var;
    teamWide(auth);
    const { id } = c.req.valid('param');
    if (!isUuid(id)) throw notFound('Project');
    await deps.db.transaction(async (tx) => {
      const live = await tx.select({ id: projects.id }).from(projects).where(and(eq(projects.teamId, auth.teamId), eq(projects.isDeleted, false))).for('update');
      if (!live.some((p) => p.id === id)) throw notFound('Project');
      if (live.length === 1) throw new ApiError(409, 'last_project', 'A team keeps at least one project; create another before deleting this one');
      await tx.update(projects).set({ isDeleted: true }).where(eq(projects.id, id));
    });
    return c.body(null, 204);
  });

  app.openapi(getTeamRoute, async (c) => {
    const { deps, auth } = c.var;
    const id = ownTeam(auth, c.req.valid('param').id);
    const [team] = await deps.db.select().from(teams).where(eq(teams.id, id)).limit(1);
    if (!team) throw notFound('Team');
    const rows = (await liveProjects(deps.db, id)).filter((p) => !auth.projectId || p.id === auth.projectId);
    return c.json(
      { id: team.id, name: team.name, usageUsed: team.usageUsed, maxUsage: team.maxUsage, stripeSubscriptionStatus: team.stripeSubscriptionStatus, priceLookupKey: team.priceLookupKey, projects: rows.map(projectDto) },
      200,
    );
  });

  app.openapi(deleteTeamRoute, async (c) => {
    const { deps, auth } = c.var;
    const id = ownTeam(auth, c.req.valid('param').id);
    if (auth.origin !== 'web') throw new ApiError(403, 'forbidden', 'Deleting a team needs a signed-in member, not an API token');
    // Its running crawls stop first, so no crawl loop is writing to rows the delete below removes.
    const running = await deps.db
      .update(crawls)
      .set({ status: 'aborted', ...finishedColumns() })
      .where(and(eq(crawls.teamId, id), eq(crawls.status, 'running')))
      .returning({ id: crawls.id });
    await Promise.all(running.map((crawl) => deps.orchestrator.abort(crawl.id).catch(() => undefined)));
    await retryOnConflict(() =>
      deps.db.transaction(async (tx) => {
        // Members whose only team this is go with it; members of other teams stay.
        await tx.execute(sql`
          delete from ${users} u
          where u.id in (select user_id from ${teamMembers} where team_id = ${id})
            and not exists (select 1 from ${teamMembers} m where m.user_id = u.id and m.team_id <> ${id})`);
        await tx.delete(teams).where(eq(teams.id, id));
      }),
    );
    return c.body(null, 204);
  });

  app.openapi(listMembersRoute, async (c) => {
    const { deps, auth } = c.var;
    const id = ownTeam(auth, c.req.valid('param').id);
    const rows = await deps.db
      .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, roles: users.roles, joinedAt: teamMembers.createdAt })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(eq(teamMembers.teamId, id))
      .orderBy(asc(teamMembers.createdAt));
    return c.json(rows.map((r) => ({ ...r, joinedAt: r.joinedAt.toISOString() })), 200);
  });

  app.openapi(inviteLinkRoute, async (c) => {
    const { deps, auth } = c.var;
    ownTeam(auth, c.req.valid('param').id);
    teamWide(auth);
    const { link, expiresAt } = await createInvite(deps, auth, null);
    return c.json({ inviteLink: link, expiresAt: expiresAt.toISOString() }, 201);
  });

  app.openapi(inviteEmailRoute, async (c) => {
    const { deps, auth } = c.var;
    const id = ownTeam(auth, c.req.valid('param').id);
    teamWide(auth);
    const { email } = c.req.valid('json');
    const [member] = await deps.db
      .select({ id: users.id })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(and(eq(teamMembers.teamId, id), userEmailIs(email)))
      .limit(1);
    if (member) throw new ApiError(409, 'already_member', `${email} is already a member of this team`);
    const [team] = await deps.db.select({ name: teams.name }).from(teams).where(eq(teams.id, id));
    const { link } = await createInvite(deps, auth, email);
    await deps.mailer.send({
      to: email,
      subject: `You are invited to ${team?.name ?? 'a team'} on Trawl`,
      text: `You are invited to join ${team?.name ?? 'a team'} on Trawl.\n\nCreate your account here (the link works for ${INVITE_TTL_DAYS} days):\n${link}\n`,
    });
    return c.json({ isSuccessful: true as const }, 200);
  });

  app.openapi(listTokensRoute, async (c) => {
    const { deps, auth } = c.var;
    const filters = [eq(apiTokens.teamId, auth.teamId), isNull(apiTokens.revokedAt)];
    if (auth.projectId) filters.push(eq(apiTokens.projectId, auth.projectId));
    const rows = await deps.db.select().from(apiTokens).where(and(...filters)).orderBy(desc(apiTokens.createdAt));
    return c.json(rows.map(tokenDto), 200);
  });

  app.openapi(createTokenRoute, async (c) => {
    const { deps, auth } = c.var;
    teamWide(auth);
    const body = c.req.valid('json');
    if (body.projectId) {
      const [project] = await deps.db
        .select({ id: projects.id })
        .from(projects)
        .where(and(eq(projects.id, body.projectId), eq(projects.teamId, auth.teamId), eq(projects.isDeleted, false)));
      if (!project) throw notFound('Project');
    }
    const token = generateApiToken();
    const [row] = await deps.db
      .insert(apiTokens)
      .values({ teamId: auth.teamId, projectId: body.projectId ?? null, userId: auth.userId, name: body.name, prefix: token.prefix, tokenHash: token.hash })
      .returning();
    return c.json({ ...tokenDto(row!), token: token.token }, 201);
  });

  app.openapi(revokeTokenRoute, async (c) => {
    const { deps, auth } = c.var;
    teamWide(auth);
    const { id } = c.req.valid('param');
    if (!isUuid(id)) throw notFound('API token');
    const [row] = await deps.db
      .update(apiTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(apiTokens.id, id), eq(apiTokens.teamId, auth.teamId), isNull(apiTokens.revokedAt)))
      .returning({ id: apiTokens.id });
    if (!row) throw notFound('API token');
    return c.body(null, 204);
  });

  return app;
}

/**
 * Runs a transaction again (up to three times) when PostgreSQL gives it up as a deadlock or serialization
 * failure, which a crawl loop finishing a batch at the same moment can cause.
 */
async function retryOnConflict<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      const code = (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
      if (attempt >= 3 || (code !== '40P01' && code !== '40001')) throw err;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}
