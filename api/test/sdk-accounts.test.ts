import { createTrawlClient, TrawlApiError, type TrawlClient } from '@trawl/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newEmail } from './browser-session.js';
import { startTestServer, type TestServer } from './harness.js';

// The SDK's account methods against the real server: sessions kept in the client's cookie jar (Node has
// no cookie store), CSRF echoed on writes, the refresh-and-retry on a 401, and every account route.
let server: TestServer;
const PASSWORD = 'correct horse battery';

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const sessionClient = (fetch?: typeof globalThis.fetch): TrawlClient =>
  createTrawlClient({ baseUrl: server.url, fetch });

/** A new account, signed in on a client of its own. */
async function signedUp(): Promise<{ trawl: TrawlClient; email: string; teamId: string }> {
  const trawl = sessionClient();
  const email = newEmail();
  const user = await trawl.auth.signUp({ firstName: 'Ada', lastName: 'Lovelace', email, password: PASSWORD });
  return { trawl, email, teamId: user.teams[0]!.id };
}

async function adminSession(): Promise<TrawlClient> {
  const admin = sessionClient();
  const { adminEmail, adminPassword } = server.server.bootstrap!;
  await admin.auth.login({ email: adminEmail, password: adminPassword });
  return admin;
}

const rejection = async (promise: Promise<unknown>): Promise<TrawlApiError> => {
  const err = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TrawlApiError);
  return err as TrawlApiError;
};

const linkParam = (text: string, name: string): string => {
  const match = new RegExp(`[?&]${name}=([\\w-]+)`).exec(text);
  if (!match) throw new Error(`No ${name} in: ${text}`);
  return match[1]!;
};

describe('auth with a session kept by the client', () => {
  it('signs up, reads the user, writes with the CSRF header, and signs out', async () => {
    const { trawl, email, teamId } = await signedUp();
    const me = await trawl.auth.me();
    expect(me).toMatchObject({
      email,
      firstName: 'Ada',
      roles: ['user'],
      teams: [{ id: teamId, name: "Ada's team" }],
    });
    // A write: the server answers 403 csrf_failed unless the client echoes the CSRF cookie.
    const project = await trawl.projects.create('  Docs ');
    expect(project.title).toBe('docs');
    await trawl.auth.logout();
    expect((await rejection(trawl.auth.me())).status).toBe(401);
    // Signing out twice is fine.
    await trawl.auth.logout();
  });

  it('logs in, and rejects a wrong password with the message the console shows', async () => {
    const { email } = await signedUp();
    const wrong = await rejection(sessionClient().auth.login({ email, password: 'not the password' }));
    expect(wrong).toMatchObject({
      status: 401,
      code: 'invalid_credentials',
      message: 'Invalid email or password',
    });
    const unknown = await rejection(sessionClient().auth.login({ email: newEmail(), password: PASSWORD }));
    expect(unknown.message).toBe('Invalid email or password');

    const trawl = sessionClient();
    const user = await trawl.auth.login({ email: email.toUpperCase(), password: PASSWORD });
    expect(user.email).toBe(email);
    expect((await trawl.projects.list()).map((p) => p.title)).toEqual(['default']);
  });

  it('reports invalid sign-up fields one by one', async () => {
    const err = await rejection(
      sessionClient().auth.signUp({ firstName: 'A', lastName: 'L', email: 'nope', password: 'short' }),
    );
    expect(err.status).toBe(400);
    expect(err.details.map((d) => d.message).sort()).toEqual(
      [
        'First name must have at least 2 letters',
        'Invalid email',
        'Last name must have at least 2 letters',
        'Password must have at least 8 characters',
      ].sort(),
    );
  });

  it('refreshes the session by itself once when the access cookie is gone, and on demand', async () => {
    let dropAccess = false;
    const requests: string[] = [];
    // Stands in for an expired access cookie: the next request after the flag is set goes without it.
    const fetch: typeof globalThis.fetch = (input, init) => {
      const request = new Request(input, init);
      requests.push(`${request.method} ${new URL(request.url).pathname}`);
      if (dropAccess) {
        dropAccess = false;
        const cookie = (request.headers.get('cookie') ?? '')
          .split('; ')
          .filter((c) => !c.startsWith('trawl_access='))
          .join('; ');
        request.headers.set('cookie', cookie);
      }
      return globalThis.fetch(request);
    };
    const trawl = sessionClient(fetch);
    const email = newEmail();
    await trawl.auth.signUp({ firstName: 'Ada', lastName: 'Lovelace', email, password: PASSWORD });

    requests.length = 0;
    dropAccess = true;
    const projects = await trawl.projects.list();
    expect(projects).toHaveLength(1);
    expect(requests).toEqual(['GET /teams/projects', 'POST /auth/refresh', 'GET /teams/projects']);

    const renewed = await trawl.auth.refresh();
    expect(renewed.email).toBe(email);
    expect((await trawl.auth.me()).email).toBe(email);
  });

  it('does not refresh a client that never signed in', async () => {
    const requests: string[] = [];
    const trawl = sessionClient((input, init) => {
      const request = new Request(input, init);
      requests.push(new URL(request.url).pathname);
      return globalThis.fetch(request);
    });
    expect((await rejection(trawl.projects.list())).status).toBe(401);
    expect(requests).toEqual(['/teams/projects']);
  });

  it('resets a forgotten password with the emailed token, which works once', async () => {
    const { email } = await signedUp();
    const anonymous = sessionClient();
    await anonymous.auth.forgotPassword(email);
    // The answer is the same for an unknown address.
    await anonymous.auth.forgotPassword(newEmail());
    const outbox = await (await adminSession()).admin.outbox({ limit: 100 });
    const mail = outbox.results.find((m) => m.to === email);
    expect(mail?.subject).toBe('Reset your Trawl password');
    const token = linkParam(mail!.text, 'token');

    await anonymous.auth.resetPassword({ token, password: 'a brand new password' });
    const reused = await rejection(anonymous.auth.resetPassword({ token, password: 'yet another password' }));
    expect(reused).toMatchObject({
      status: 400,
      code: 'invalid_reset_token',
      message: 'Invalid reset token',
    });
    expect((await rejection(sessionClient().auth.login({ email, password: PASSWORD }))).status).toBe(401);
    expect((await sessionClient().auth.login({ email, password: 'a brand new password' })).email).toBe(email);
  });
});

describe('teams', () => {
  it('reads the team and its members, invites by link and by email', async () => {
    const { trawl, email, teamId } = await signedUp();
    const team = await trawl.teams.get(teamId);
    expect(team).toMatchObject({ id: teamId, name: "Ada's team", projects: [{ title: 'default' }] });
    expect((await trawl.teams.members(teamId)).map((m) => m.email)).toEqual([email]);

    const { inviteLink, expiresAt } = await trawl.teams.createInviteLink(teamId);
    expect(new Date(expiresAt).getTime()).toBeGreaterThan(Date.now());
    const invitee = sessionClient();
    const joined = await invitee.auth.signUpByInvite({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: newEmail(),
      password: PASSWORD,
      inviteToken: linkParam(inviteLink, 'inviteToken'),
    });
    expect(joined.teams.map((t) => t.id)).toEqual([teamId]);
    expect(await trawl.teams.members(teamId)).toHaveLength(2);

    const invited = newEmail();
    await trawl.teams.sendInviteEmail(teamId, invited);
    const mail = (await (await adminSession()).admin.outbox({ limit: 100 })).results.find(
      (m) => m.to === invited,
    );
    expect(mail?.subject).toBe("You are invited to Ada's team on Trawl");
    const member = await rejection(trawl.teams.sendInviteEmail(teamId, email));
    expect(member).toMatchObject({ status: 409, code: 'already_member' });
  });

  it("answers 404 for another team's ID", async () => {
    const { trawl } = await signedUp();
    const other = await signedUp();
    expect((await rejection(trawl.teams.get(other.teamId))).status).toBe(404);
    expect((await rejection(trawl.teams.members(server.teamId))).status).toBe(404);
  });

  it('deletes a team with a session but not with an API token', async () => {
    const { trawl, email, teamId } = await signedUp();
    const { token } = await trawl.tokens.create({ name: 'robot' });
    const robot = createTrawlClient({ baseUrl: server.url, token });
    expect(await rejection(robot.teams.delete(teamId))).toMatchObject({ status: 403, code: 'forbidden' });
    await trawl.teams.delete(teamId);
    expect((await rejection(sessionClient().auth.login({ email, password: PASSWORD }))).status).toBe(401);
    expect((await rejection(robot.projects.list())).status).toBe(401);
  });
});

describe('projects', () => {
  it('creates, renames, lists and deletes, with the server messages', async () => {
    const { trawl } = await signedUp();
    const blank = await rejection(trawl.projects.create('   '));
    expect(blank.status).toBe(400);
    expect(blank.message).toBe('Project name is required');
    const docs = await trawl.projects.create('Docs');
    const renamed = await trawl.projects.rename(docs.id, 'Handbook');
    expect(renamed).toMatchObject({ id: docs.id, title: 'handbook', isDeleted: false });
    expect((await trawl.projects.list()).map((p) => p.title)).toEqual(['default', 'handbook']);
    await trawl.projects.delete(docs.id);
    const [last] = await trawl.projects.list();
    expect(await rejection(trawl.projects.delete(last!.id))).toMatchObject({
      status: 409,
      code: 'last_project',
    });
    expect((await rejection(trawl.projects.rename(docs.id, 'gone'))).status).toBe(404);
  });

  it('sends projectId as x-project-id, so crawls land in that project', async () => {
    const { trawl } = await signedUp();
    const docs = await trawl.projects.create('docs');
    const { token } = await trawl.tokens.create({ name: 'ci' });
    const inDocs = createTrawlClient({ baseUrl: server.url, token, projectId: docs.id });
    const crawl = await inDocs.crawls.start({ startUrl: 'http://127.0.0.1:9/', maxResults: 1 });
    expect(crawl.projectId).toBe(docs.id);
    const everywhere = createTrawlClient({ baseUrl: server.url, token });
    expect((await everywhere.crawls.get(crawl.id)).projectId).toBe(docs.id);
  });
});

describe('API tokens', () => {
  it('creates a token shown once, lists prefixes only, and revokes it', async () => {
    const { trawl } = await signedUp();
    const created = await trawl.tokens.create({ name: 'ci' });
    expect(created.token).toMatch(/^trawl_/);
    expect(created.token.startsWith(created.prefix)).toBe(true);
    const robot = createTrawlClient({ baseUrl: server.url, token: created.token });
    expect((await robot.crawls.list()).totalResults).toBe(0);
    // A token acts for the user who created it.
    expect((await robot.auth.me()).email).toBe((await trawl.auth.me()).email);

    const listed = await robot.tokens.list();
    expect(listed).toEqual([
      {
        id: created.id,
        name: 'ci',
        prefix: created.prefix,
        projectId: null,
        createdAt: created.createdAt,
        lastUsedAt: expect.any(String),
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain(created.token);

    await trawl.tokens.revoke(created.id);
    expect(await rejection(robot.crawls.list())).toMatchObject({ status: 401, code: 'unauthorized' });
    expect((await rejection(trawl.tokens.revoke(created.id))).status).toBe(404);
  });

  it('binds a token to one project', async () => {
    const { trawl } = await signedUp();
    const docs = await trawl.projects.create('docs');
    const bound = await trawl.tokens.create({ name: 'docs only', projectId: docs.id });
    expect(bound.projectId).toBe(docs.id);
    const robot = createTrawlClient({ baseUrl: server.url, token: bound.token });
    expect((await robot.projects.list()).map((p) => p.id)).toEqual([docs.id]);
    expect((await rejection(robot.projects.create('more'))).status).toBe(403);
    expect(
      (await rejection(trawl.tokens.create({ name: 'x', projectId: '00000000-0000-4000-8000-000000000000' })))
        .status,
    ).toBe(404);
  });
});

describe('admin', () => {
  it('shows health, every crawl and the outbox to an admin, and 403 to anyone else', async () => {
    const admin = await adminSession();
    const health = await admin.admin.health();
    expect(health.database.ok).toBe(true);
    expect(health.orchestrator.kind).toBe('in-process');
    const crawls = await admin.admin.crawls({ page: 0, limit: 5 });
    expect(crawls).toMatchObject({ page: 0 });
    // The bootstrap token is the admin's.
    const adminToken = createTrawlClient({ baseUrl: server.url, token: server.token });
    expect((await adminToken.admin.health()).database.ok).toBe(true);

    const { trawl } = await signedUp();
    for (const call of [trawl.admin.health(), trawl.admin.crawls(), trawl.admin.outbox()]) {
      expect(await rejection(call)).toMatchObject({ status: 403, code: 'forbidden' });
    }
  });
});
