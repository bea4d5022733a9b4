import { and, asc, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { forgetApiTokens } from '../auth/token-cache.js';
import type { Database } from '../db/client.js';
import { apiTokens, sessions, teamInvites, teamMembers, users } from '../db/schema.js';
import { ApiError, notFound } from '../errors.js';
import { isUuid } from '../ids.js';

/** The role of the service's administrators (as `admin/routes.ts` checks it). */
const ADMIN_ROLE = 'trawlAdmin';

export interface TeamInvite {
  id: string;
  kind: 'link' | 'email';
  email: string | null;
  invitedBy: string | null;
  createdAt: string;
  expiresAt: string;
}

/** Invitations that can still be accepted, newest first: links until they expire, emails until used. */
export async function listPendingInvites(db: Database, teamId: string): Promise<TeamInvite[]> {
  const rows = await db
    .select({
      id: teamInvites.id,
      email: teamInvites.email,
      createdAt: teamInvites.createdAt,
      expiresAt: teamInvites.expiresAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(teamInvites)
    .leftJoin(users, eq(users.id, teamInvites.invitedBy))
    .where(
      and(
        eq(teamInvites.teamId, teamId),
        isNull(teamInvites.acceptedAt),
        gt(teamInvites.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(teamInvites.createdAt), asc(teamInvites.id));
  return rows.map((r) => ({
    id: r.id,
    kind: r.email ? 'email' : 'link',
    email: r.email,
    invitedBy: r.firstName === null ? null : `${r.firstName} ${r.lastName ?? ''}`.trim(),
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
  }));
}

/** Withdraws an invitation: its link stops working at once. */
export async function revokeInvite(db: Database, teamId: string, inviteId: string): Promise<void> {
  if (!isUuid(inviteId)) throw notFound('Invitation');
  const [row] = await db
    .delete(teamInvites)
    .where(and(eq(teamInvites.id, inviteId), eq(teamInvites.teamId, teamId), isNull(teamInvites.acceptedAt)))
    .returning({ id: teamInvites.id });
  if (!row) throw notFound('Invitation');
}

/**
 * Removes a member from the team: their sessions in it end and the API tokens they made for it are revoked,
 * so nothing they hold still reaches the team. A member of no other team is deleted, as deleting a team does.
 */
export async function removeMember(
  db: Database,
  teamId: string,
  byUserId: string,
  userId: string,
): Promise<void> {
  if (!isUuid(userId)) throw notFound('Member');
  if (userId === byUserId)
    throw new ApiError(
      400,
      'cannot_remove_self',
      'You cannot remove yourself from the team; another member can, or delete the team',
    );
  await db.transaction(async (tx) => {
    const [member] = await tx
      .select({ roles: users.roles })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
      .limit(1);
    if (!member) throw notFound('Member');
    // The service's admin account would go with its last team: an admin leaves only by deleting the team.
    if (member.roles.includes(ADMIN_ROLE))
      throw new ApiError(403, 'forbidden', 'A Trawl admin cannot be removed from the team');
    await tx.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
    await tx
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.userId, userId), eq(sessions.teamId, teamId), isNull(sessions.revokedAt)));
    await tx
      .update(apiTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(apiTokens.userId, userId), eq(apiTokens.teamId, teamId), isNull(apiTokens.revokedAt)));
    const [otherTeam] = await tx
      .select({ teamId: teamMembers.teamId })
      .from(teamMembers)
      .where(and(eq(teamMembers.userId, userId), ne(teamMembers.teamId, teamId)))
      .limit(1);
    if (!otherTeam) await tx.delete(users).where(eq(users.id, userId));
  });
  forgetApiTokens();
}
