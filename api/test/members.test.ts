import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, newEmail, signUp } from './browser-session.js';
import { startTestServer, type TestServer } from './harness.js';

// A team's members and pending invitations over HTTP: listing and withdrawing invitations, removing members.
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

interface Invite {
  id: string;
  kind: 'link' | 'email';
  email: string | null;
  invitedBy: string | null;
  expiresAt: string;
}

const inviteToken = (link: string): string => new URL(link).searchParams.get('inviteToken')!;

/** A team with an owner and a second member who joined by invite link (and holds an API token). */
async function teamOfTwo() {
  const owner = await signUp(server.url);
  const teamId = owner.user.teams[0]!.id;
  const { inviteLink } = await owner.browser.expect<{ inviteLink: string }>(
    201,
    'POST',
    `/teams/${teamId}/invite-link`,
  );
  const member = new Browser(server.url);
  const email = newEmail();
  const joined = await member.expect<{ user: { id: string } }>(201, 'POST', '/auth/signup/invite', {
    body: {
      firstName: 'Grace',
      lastName: 'Hopper',
      email,
      password: 'correct horse battery',
      inviteToken: inviteToken(inviteLink),
    },
    csrf: false,
  });
  const token = await member.expect<{ token: string }>(201, 'POST', '/api-tokens', {
    body: { name: 'hers' },
  });
  return { owner, teamId, member, memberId: joined.user.id, memberEmail: email, memberToken: token.token };
}

describe('pending invitations', () => {
  it('lists invite links and emails not yet used, newest first, and withdraws them', async () => {
    const { browser, user } = await signUp(server.url);
    const teamId = user.teams[0]!.id;
    const { inviteLink } = await browser.expect<{ inviteLink: string }>(
      201,
      'POST',
      `/teams/${teamId}/invite-link`,
    );
    await browser.expect(200, 'POST', `/teams/${teamId}/send-invite-email`, {
      body: { email: 'Grace@Example.com' },
    });
    const invites = await browser.expect<Invite[]>(200, 'GET', `/teams/${teamId}/invites`);
    expect(invites.map((i) => [i.kind, i.email, i.invitedBy])).toEqual([
      ['email', 'grace@example.com', 'Ada Lovelace'],
      ['link', null, 'Ada Lovelace'],
    ]);
    expect(Date.parse(invites[0]!.expiresAt)).toBeGreaterThan(Date.now() + 6 * 86_400_000);

    await browser.expect(204, 'DELETE', `/teams/${teamId}/invites/${invites[1]!.id}`);
    expect(
      (await browser.expect<Invite[]>(200, 'GET', `/teams/${teamId}/invites`)).map((i) => i.kind),
    ).toEqual(['email']);
    // The withdrawn link no longer lets anyone in.
    const response = await new Browser(server.url).request('POST', '/auth/signup/invite', {
      body: {
        firstName: 'Late',
        lastName: 'Comer',
        email: newEmail(),
        password: 'correct horse battery',
        inviteToken: inviteToken(inviteLink),
      },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'invalid_invite' });
    // Withdrawing it twice, or an id that is no id at all, is a 404.
    await browser.expect(404, 'DELETE', `/teams/${teamId}/invites/${invites[1]!.id}`);
    await browser.expect(404, 'DELETE', `/teams/${teamId}/invites/not-an-id`);
  });

  it("answers 404 for another team's team and another team's invitation", async () => {
    const mine = await signUp(server.url);
    const theirs = await signUp(server.url);
    const theirTeam = theirs.user.teams[0]!.id;
    await theirs.browser.expect(201, 'POST', `/teams/${theirTeam}/invite-link`);
    const [theirInvite] = await theirs.browser.expect<Invite[]>(200, 'GET', `/teams/${theirTeam}/invites`);
    await mine.browser.expect(404, 'GET', `/teams/${theirTeam}/invites`);
    await mine.browser.expect(404, 'DELETE', `/teams/${theirTeam}/invites/${theirInvite!.id}`);
    await mine.browser.expect(404, 'DELETE', `/teams/${mine.user.teams[0]!.id}/invites/${theirInvite!.id}`);
    expect(await theirs.browser.expect<Invite[]>(200, 'GET', `/teams/${theirTeam}/invites`)).toHaveLength(1);
  });

  it('needs credentials', async () => {
    const { user } = await signUp(server.url);
    expect((await fetch(`${server.url}/teams/${user.teams[0]!.id}/invites`)).status).toBe(401);
  });
});

describe('removing a member', () => {
  it('removes them, ends their session and revokes their tokens; a member of no other team is deleted', async () => {
    const { owner, teamId, member, memberId, memberEmail, memberToken } = await teamOfTwo();
    await member.expect(200, 'GET', '/auth/me');
    const queryWithToken = () =>
      fetch(`${server.url}/crawls/query`, {
        method: 'POST',
        headers: { authorization: `Bearer ${memberToken}`, 'content-type': 'application/json' },
        body: '{}',
      });
    // Used just before: this server remembers the token, and must forget it on the removal.
    expect((await queryWithToken()).status).toBe(200);
    await owner.browser.expect(204, 'DELETE', `/teams/${teamId}/members/${memberId}`);

    const members = await owner.browser.expect<Array<{ id: string }>>(200, 'GET', `/teams/${teamId}/team`);
    expect(members.map((m) => m.id)).toEqual([owner.user.id]);
    expect((await member.request('GET', '/auth/me')).status).toBe(401);
    expect((await member.request('POST', '/auth/refresh', { csrf: true })).status).toBe(401);
    expect((await queryWithToken()).status).toBe(401);
    const login = await new Browser(server.url).request('POST', '/auth/login', {
      body: { email: memberEmail, password: 'correct horse battery' },
    });
    expect(login.status).toBe(401);
    // Removing them again: they are no member.
    await owner.browser.expect(404, 'DELETE', `/teams/${teamId}/members/${memberId}`);
  });

  it('refuses removing yourself, a Trawl admin, and an API token doing it', async () => {
    const { owner, teamId, memberId } = await teamOfTwo();
    const self = await owner.browser.expect<{ code: string }>(
      400,
      'DELETE',
      `/teams/${teamId}/members/${owner.user.id}`,
    );
    expect(self.code).toBe('cannot_remove_self');

    const { token } = await owner.browser.expect<{ token: string }>(201, 'POST', '/api-tokens', {
      body: { name: 'ci' },
    });
    const byToken = await fetch(`${server.url}/teams/${teamId}/members/${memberId}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(byToken.status).toBe(403);

    // The bootstrap admin, in the first team: another member of that team cannot remove them.
    const admin = new Browser(server.url);
    const { adminEmail, adminPassword } = server.server.bootstrap!;
    await admin.expect(200, 'POST', '/auth/login', {
      body: { email: adminEmail, password: adminPassword },
      csrf: false,
    });
    const { inviteLink } = await admin.expect<{ inviteLink: string }>(
      201,
      'POST',
      `/teams/${server.teamId}/invite-link`,
    );
    const colleague = new Browser(server.url);
    await colleague.expect(201, 'POST', '/auth/signup/invite', {
      body: {
        firstName: 'Col',
        lastName: 'League',
        email: newEmail(),
        password: 'correct horse battery',
        inviteToken: inviteToken(inviteLink),
      },
      csrf: false,
    });
    const adminId = server.server.bootstrap!.userId;
    const refused = await colleague.expect<{ code: string }>(
      403,
      'DELETE',
      `/teams/${server.teamId}/members/${adminId}`,
    );
    expect(refused.code).toBe('forbidden');
    await admin.expect(200, 'GET', '/auth/me');
  });

  it("answers 404 for another team's team and another team's member", async () => {
    const mine = await signUp(server.url);
    const theirs = await teamOfTwo();
    const myTeam = mine.user.teams[0]!.id;
    await mine.browser.expect(404, 'DELETE', `/teams/${theirs.teamId}/members/${theirs.memberId}`);
    await mine.browser.expect(404, 'DELETE', `/teams/${myTeam}/members/${theirs.memberId}`);
    await mine.browser.expect(404, 'DELETE', `/teams/${myTeam}/members/not-an-id`);
    await theirs.member.expect(200, 'GET', '/auth/me');
  });
});
