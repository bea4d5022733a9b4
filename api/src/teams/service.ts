import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../app-env.js';
import { requireTeamWide, type AuthContext } from '../auth/bearer.js';
import { forgetApiTokens } from '../auth/token-cache.js';
import { hashToken } from '../auth/tokens.js';
import { abortTeamCrawls } from '../crawls/service.js';
import type { Database } from '../db/client.js';
import { teamInvites, teamMembers, teams, users, userEmailIs } from '../db/schema.js';
import { ApiError, notFound } from '../errors.js';
import { isUuid } from '../ids.js';
import { listProjects } from '../projects/service.js';
import { toProjectDto } from '../projects/schemas.js';
import type { TeamDto, TeamMemberDto } from './schemas.js';
import { readTeamUsage } from '../billing/usage.js';
import { cancelForDeletedTeam } from '../billing/service.js';

/** How long an invitation can be accepted. */
export const INVITE_TTL_DAYS = 7;

/** The caller's own team, by id: any other id, or a malformed one, is a 404. */
function ownTeam(auth: AuthContext, id: string): string {
  if (!isUuid(id) || id !== auth.teamId) throw notFound('Team');
  return id;
}

/** The team with the projects the credential can see. */
export async function getTeam(db: Database, auth: AuthContext, id: string): Promise<TeamDto> {
  const teamId = ownTeam(auth, id);
  const [team] = await db.select().from(teams).where(eq(teams.id, teamId)).limit(1);
  if (!team) throw notFound('Team');
  const [projects, usage] = await Promise.all([listProjects(db, auth), readTeamUsage(db, teamId)]);
  return {
    id: team.id,
    name: team.name,
    usageUsed: usage?.usageUsed ?? team.usageUsed,
    maxUsage: usage ? usage.maxUsage : team.maxUsage,
    usagePeriodStart: (usage?.usagePeriodStart ?? team.usagePeriodStart).toISOString(),
    stripeSubscriptionStatus: team.stripeSubscriptionStatus,
    priceLookupKey: team.priceLookupKey,
    projects: projects.map(toProjectDto),
  };
}

/**
 * Deletes the team with everything it owns, and the users who belong to no other team. Only a signed-in
 * member may: an API token, even team-wide, is a 403.
 */
export async function deleteTeam(deps: AppDeps, auth: AuthContext, id: string): Promise<void> {
  const teamId = ownTeam(auth, id);
  if (auth.origin !== 'web')
    throw new ApiError(403, 'forbidden', 'Deleting a team needs a signed-in member, not an API token');
  // Its subscription ends first: a deleted team is never charged again.
  await cancelForDeletedTeam(deps, teamId);
  // Its running crawls stop first, so no crawl loop is writing to rows the delete below removes.
  await abortTeamCrawls(deps, teamId);
  await retryOnConflict(() =>
    deps.db.transaction(async (tx) => {
      // Members whose only team this is go with it; members of other teams stay.
      await tx.execute(sql`
        delete from ${users} u
        where u.id in (select user_id from ${teamMembers} where team_id = ${teamId})
          and not exists (select 1 from ${teamMembers} m where m.user_id = u.id and m.team_id <> ${teamId})`);
      await tx.delete(teams).where(eq(teams.id, teamId));
    }),
  );
  forgetApiTokens();
}

/** Members, oldest first. */
export async function listMembers(db: Database, auth: AuthContext, id: string): Promise<TeamMemberDto[]> {
  const teamId = ownTeam(auth, id);
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      roles: users.roles,
      joinedAt: teamMembers.createdAt,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(asc(teamMembers.createdAt));
  return rows.map((r) => ({ ...r, joinedAt: r.joinedAt.toISOString() }));
}

/** An invite link anyone can use to join the team for {@link INVITE_TTL_DAYS} days. */
export async function createInviteLink(
  deps: AppDeps,
  auth: AuthContext,
  id: string,
): Promise<{ link: string; expiresAt: Date }> {
  ownTeam(auth, id);
  requireTeamWide(auth);
  return createInvite(deps, auth, null);
}

/** Stores an invitation (for anyone with the link, or for one email) and returns its sign-up link. */
async function createInvite(
  deps: AppDeps,
  auth: AuthContext,
  email: string | null,
): Promise<{ link: string; expiresAt: Date }> {
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(Date.now() + INVITE_TTL_DAYS * 86_400_000);
  await deps.db
    .insert(teamInvites)
    .values({ teamId: auth.teamId, invitedBy: auth.userId, email, tokenHash: hashToken(token), expiresAt });
  return { link: `${deps.config.publicUrl}/invite?inviteToken=${token}`, expiresAt };
}

/** Emails an invitation only `email` can accept; a member already is a 409 `already_member`. */
export async function sendInviteEmail(
  deps: AppDeps,
  auth: AuthContext,
  id: string,
  email: string,
): Promise<void> {
  const teamId = ownTeam(auth, id);
  requireTeamWide(auth);
  const [member] = await deps.db
    .select({ id: users.id })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, teamId), userEmailIs(email)))
    .limit(1);
  if (member) throw new ApiError(409, 'already_member', `${email} is already a member of this team`);
  const [team] = await deps.db.select({ name: teams.name }).from(teams).where(eq(teams.id, teamId));
  const { link } = await createInvite(deps, auth, email);
  await deps.mailer.send({
    to: email,
    subject: `You are invited to ${team?.name ?? 'a team'} on Trawl`,
    text: `You are invited to join ${team?.name ?? 'a team'} on Trawl.\n\nCreate your account here (the link works for ${INVITE_TTL_DAYS} days):\n${link}\n`,
  });
}

/**
 * Runs a transaction again (up to three times) when PostgreSQL gives it up as a deadlock or serialization
 * failure, which a crawl loop finishing a batch at the same moment can cause.
 */
async function retryOnConflict<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err: unknown) {
      const code =
        (err as { code?: string; cause?: { code?: string } }).code ??
        (err as { cause?: { code?: string } }).cause?.code;
      if (attempt >= 3 || (code !== '40P01' && code !== '40001')) throw err;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}
