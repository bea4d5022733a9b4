import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { generateApiToken } from './auth/tokens.js';
import type { Database } from './db/client.js';
import { apiTokens, projects, teamMembers, teams, users } from './db/schema.js';

export interface BootstrapResult {
  teamId: string;
  projectId: string;
  userId: string;
  /** The API token, returned only here; only its hash is stored. */
  token: string;
  credentialsPath: string;
}

/**
 * On first start with an empty database: a default team and project, an admin user and an API token.
 * Returns null when the database already has a team. The token goes to `<dataDir>/credentials.json`
 * (mode 0600) and to the caller to print once; nothing else ever shows it again.
 */
export async function bootstrapIfEmpty(db: Database, options: { dataDir: string; apiUrl: string; adminEmail?: string }): Promise<BootstrapResult | null> {
  const created = await db.transaction(async (tx) => {
    // Two servers starting against one fresh PostgreSQL must not both bootstrap.
    await tx.execute(sql`select pg_advisory_xact_lock(727761)`);
    const [existing] = await tx.select({ id: teams.id }).from(teams).limit(1);
    if (existing) return null;
    const [team] = await tx.insert(teams).values({ name: 'My team' }).returning({ id: teams.id });
    const [project] = await tx.insert(projects).values({ teamId: team!.id, title: 'default' }).returning({ id: projects.id });
    const [user] = await tx
      .insert(users)
      .values({ email: options.adminEmail ?? 'admin@localhost', firstName: 'Trawl', lastName: 'Admin', roles: ['trawlAdmin'] })
      .returning({ id: users.id });
    await tx.insert(teamMembers).values({ teamId: team!.id, userId: user!.id });
    const token = generateApiToken();
    await tx.insert(apiTokens).values({ teamId: team!.id, userId: user!.id, name: 'Bootstrap token', prefix: token.prefix, tokenHash: token.hash });
    return { teamId: team!.id, projectId: project!.id, userId: user!.id, token: token.token };
  });
  if (!created) return null;

  await mkdir(options.dataDir, { recursive: true });
  const credentialsPath = join(options.dataDir, 'credentials.json');
  await writeFile(credentialsPath, `${JSON.stringify({ apiUrl: options.apiUrl, token: created.token }, null, 2)}\n`, { mode: 0o600 });
  await chmod(credentialsPath, 0o600);
  return { ...created, credentialsPath };
}
