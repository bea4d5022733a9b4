import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../app-env.js';
import type { Database } from '../db/client.js';
import {
  passwordResets,
  projects,
  sessions,
  teamInvites,
  teamMembers,
  teams,
  users,
  userEmailIs,
} from '../db/schema.js';
import { ApiError } from '../errors.js';
import { timingDummyHash, verifyPassword } from './passwords.js';
import type { User } from './schemas.js';
import { hashToken } from './tokens.js';

/** How long a password reset link works. */
export const RESET_TTL_MINUTES = 60;

/** Who a session is opened for: the user, and the team it works in. */
export interface Member {
  userId: string;
  teamId: string;
}

interface NewAccount {
  email: string;
  firstName: string;
  lastName: string;
  /** Null for accounts that sign in with Google only. */
  passwordHash: string | null;
}

/** The user with the teams they belong to, oldest membership first; null if there is no such user. */
export async function loadUser(db: Database, userId: string): Promise<User | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return null;
  const memberships = await db
    .select({ id: teams.id, name: teams.name })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, userId))
    .orderBy(asc(teamMembers.createdAt));
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    roles: user.roles,
    teams: memberships,
  };
}

/** The id of the account with this email (compared case-insensitively), if any. */
export async function findUserIdByEmail(db: Database, email: string): Promise<string | undefined> {
  const [user] = await db.select({ id: users.id }).from(users).where(userEmailIs(email)).limit(1);
  return user?.id;
}

/**
 * A new account with a team of its own and the team's `default` project, in one transaction; null when
 * the email is taken.
 */
export async function createRootUser(db: Database, account: NewAccount): Promise<Member | null> {
  return db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: users.id }).from(users).where(userEmailIs(account.email)).limit(1);
    if (taken) return null;
    const [team] = await tx
      .insert(teams)
      .values({ name: `${account.firstName}'s team` })
      .returning({ id: teams.id });
    await tx.insert(projects).values({ teamId: team!.id, title: 'default' });
    const [user] = await tx
      .insert(users)
      .values({ ...account, roles: ['user'] })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!user) return null;
    await tx.insert(teamMembers).values({ teamId: team!.id, userId: user.id });
    return { userId: user.id, teamId: team!.id };
  });
}

/**
 * A new account that joins the team of an invitation. The invitation must be live; one made for an email
 * only that address can accept, and only once (400 `invalid_invite`, 403 `invite_email_mismatch`).
 */
export async function createInvitedUser(
  db: Database,
  account: NewAccount & { inviteToken: string },
): Promise<Member> {
  const { inviteToken, ...values } = account;
  return db.transaction(async (tx) => {
    const [invite] = await tx
      .select()
      .from(teamInvites)
      .where(
        and(
          eq(teamInvites.tokenHash, hashToken(inviteToken)),
          gt(teamInvites.expiresAt, sql`now()`),
          isNull(teamInvites.acceptedAt),
        ),
      )
      .for('update')
      .limit(1);
    if (!invite)
      throw new ApiError(
        400,
        'invalid_invite',
        'This invitation is invalid or has expired; ask for a new one',
      );
    if (invite.email && invite.email !== account.email)
      throw new ApiError(403, 'invite_email_mismatch', `This invitation is for ${invite.email}`);
    const [user] = await tx
      .insert(users)
      .values({ ...values, roles: ['user'] })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!user) throw new ApiError(409, 'email_taken', 'An account with this email already exists');
    await tx.insert(teamMembers).values({ teamId: invite.teamId, userId: user.id });
    if (invite.email)
      await tx
        .update(teamInvites)
        .set({ acceptedAt: sql`now()` })
        .where(eq(teamInvites.id, invite.id));
    return { userId: user.id, teamId: invite.teamId };
  });
}

/**
 * The account and the team to sign in to, for a right email and password; a 401 `invalid_credentials`
 * otherwise, after the same work whether the email is unknown or the password wrong.
 */
export async function authenticatePassword(
  db: Database,
  email: string,
  password: string,
): Promise<{ user: User; teamId: string }> {
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(userEmailIs(email))
    .limit(1);
  const valid = await verifyPassword(password, user?.passwordHash ?? (await timingDummyHash()));
  const profile = user && valid ? await loadUser(db, user.id) : null;
  const team = profile?.teams[0];
  if (!profile || !team) throw new ApiError(401, 'invalid_credentials', 'Invalid email or password');
  return { user: profile, teamId: team.id };
}

/** Emails a single-use reset link if an account has this email; does nothing otherwise. */
export async function requestPasswordReset(deps: AppDeps, email: string): Promise<void> {
  const [user] = await deps.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(userEmailIs(email))
    .limit(1);
  if (!user) return;
  const token = randomBytes(32).toString('base64url');
  await deps.db.insert(passwordResets).values({
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + RESET_TTL_MINUTES * 60_000),
  });
  const link = `${deps.config.publicUrl}/reset-password?token=${token}`;
  await deps.mailer.send({
    to: user.email,
    subject: 'Reset your Trawl password',
    text: `Someone asked to reset the password of your Trawl account.\n\nSet a new password here (the link works once, for ${RESET_TTL_MINUTES} minutes):\n${link}\n\nIf it was not you, ignore this email; your password stays as it is.\n`,
  });
}

/**
 * Uses up a reset token to set a new password, and signs the user out everywhere; an unknown, used or
 * expired token is a 400 `invalid_reset_token`.
 */
export async function resetPassword(db: Database, token: string, passwordHash: string): Promise<void> {
  const userId = await db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResets.tokenHash, hashToken(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!used) return null;
    await tx.update(users).set({ passwordHash }).where(eq(users.id, used.userId));
    // A new password signs out every session, in case the old one was known to someone else.
    await tx
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.userId, used.userId), isNull(sessions.revokedAt)));
    return used.userId;
  });
  if (!userId) throw new ApiError(400, 'invalid_reset_token', 'Invalid reset token');
}
