import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from './auth/passwords.js';
import { createSignInLink } from './auth/sign-in-links.js';
import { generateApiToken } from './auth/tokens.js';
import type { Database } from './db/client.js';
import { apiTokens, projects, teamMembers, teams, users } from './db/schema.js';

export interface BootstrapResult {
  teamId: string;
  projectId: string;
  userId: string;
  /** The API token, returned only here; only its hash is stored. */
  token: string;
  /** The admin account: its email, and its generated password, returned only here (only a hash is stored). */
  adminEmail: string;
  adminPassword: string;
  /** A one-time sign-in link's token for the admin (see `signInLinkUrl`), returned only here. */
  signInToken: string;
  credentialsPath: string;
}

/**
 * On first start with an empty database: a default team and project, an admin user with a generated
 * password, an API token, and a one-time link that opens the console signed in as the admin.
 * Returns null when the database already has a team. The token goes to `<dataDir>/credentials.json`
 * (mode 0600) and to the caller to print once; nothing else ever shows it again.
 */
export async function bootstrapIfEmpty(
  db: Database,
  options: { dataDir: string; apiUrl: string; adminEmail?: string },
): Promise<BootstrapResult | null> {
  const [anyTeam] = await db.select({ id: teams.id }).from(teams).where(eq(teams.isPublic, false)).limit(1);
  if (anyTeam) return null;
  const adminEmail = (options.adminEmail ?? 'admin@localhost').toLowerCase();
  // Generated, never a default: 144 random bits, printed once by the caller.
  const adminPassword = randomBytes(18).toString('base64url');
  const passwordHash = await hashPassword(adminPassword);
  const created = await db.transaction(async (tx) => {
    // Two servers starting against one fresh PostgreSQL must not both bootstrap.
    await tx.execute(sql`select pg_advisory_xact_lock(727761)`);
    const [existing] = await tx
      .select({ id: teams.id })
      .from(teams)
      .where(eq(teams.isPublic, false))
      .limit(1);
    if (existing) return null;
    const [team] = await tx.insert(teams).values({ name: 'My team' }).returning({ id: teams.id });
    const [project] = await tx
      .insert(projects)
      .values({ teamId: team!.id, title: 'default' })
      .returning({ id: projects.id });
    const [user] = await tx
      .insert(users)
      .values({
        email: adminEmail,
        firstName: 'Trawl',
        lastName: 'Admin',
        passwordHash,
        roles: ['trawlAdmin'],
      })
      .returning({ id: users.id });
    await tx.insert(teamMembers).values({ teamId: team!.id, userId: user!.id });
    const token = generateApiToken();
    await tx.insert(apiTokens).values({
      teamId: team!.id,
      userId: user!.id,
      name: 'Bootstrap token',
      prefix: token.prefix,
      tokenHash: token.hash,
    });
    return {
      teamId: team!.id,
      projectId: project!.id,
      userId: user!.id,
      token: token.token,
      adminEmail,
      adminPassword,
    };
  });
  if (!created) return null;
  const signInToken = await createSignInLink(db, created.userId);

  await mkdir(options.dataDir, { recursive: true });
  const credentialsPath = join(options.dataDir, 'credentials.json');
  await writeFile(
    credentialsPath,
    `${JSON.stringify({ apiUrl: options.apiUrl, token: created.token }, null, 2)}\n`,
    { mode: 0o600 },
  );
  await chmod(credentialsPath, 0o600);
  return { ...created, signInToken, credentialsPath };
}
