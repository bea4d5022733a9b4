import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { verifyPassword, hashPassword } from '../auth/passwords.js';
import type { Database } from '../db/client.js';
import { sessions, users } from '../db/schema.js';
import { ApiError, notFound } from '../errors.js';

/** Changes the names the user goes by; fields left out stay as they are. */
export async function updateProfile(
  db: Database,
  userId: string,
  patch: { firstName?: string; lastName?: string },
): Promise<void> {
  if (patch.firstName === undefined && patch.lastName === undefined) return;
  const [row] = await db.update(users).set(patch).where(eq(users.id, userId)).returning({ id: users.id });
  if (!row) throw notFound('User');
}

/**
 * Sets a new password once the current one is proven, and signs out every other session of the user:
 * whoever knew the old password loses their way in. The session making the change stays signed in.
 */
export async function changePassword(
  db: Database,
  userId: string,
  keepFamilyId: string | undefined,
  passwords: { currentPassword: string; newPassword: string },
): Promise<void> {
  const [user] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw notFound('User');
  if (!user.passwordHash)
    throw new ApiError(
      400,
      'no_password',
      'This account signs in with Google and has no password yet; set one with Forgot password',
    );
  if (!(await verifyPassword(passwords.currentPassword, user.passwordHash)))
    throw new ApiError(400, 'invalid_password', 'Current password is incorrect', [
      { path: 'currentPassword', message: 'Current password is incorrect' },
    ]);
  const passwordHash = await hashPassword(passwords.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    const others = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
    if (keepFamilyId) others.push(ne(sessions.familyId, keepFamilyId));
    await tx
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(...others));
  });
}

/** Ends every session of the user, on every device, this one included. */
export async function revokeAllSessions(db: Database, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
