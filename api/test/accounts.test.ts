import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { isNull } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { passwordResets } from '../src/db/schema.js';
import { Browser, newEmail, signUp } from './browser-session.js';
import { startTestServer, type TestServer } from './harness.js';

// Password resets, invitations, teams, projects, API tokens and admin routes through the HTTP API.
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

interface OutboxEmail {
  to: string;
  subject: string;
  text: string;
  sentAt: string | null;
}

/** The admin's session: signs in with the password the first start generated. */
async function adminBrowser(target = server): Promise<Browser> {
  const browser = new Browser(target.url);
  const { adminEmail, adminPassword } = target.server.bootstrap!;
  await browser.expect(200, 'POST', '/auth/login', {
    body: { email: adminEmail, password: adminPassword },
    csrf: false,
  });
  return browser;
}

async function lastEmailTo(email: string, target = server): Promise<OutboxEmail> {
  const admin = await adminBrowser(target);
  const page = await admin.expect<{ results: OutboxEmail[] }>(200, 'GET', '/admin/outbox?limit=100');
  const found = page.results.find((e) => e.to === email);
  if (!found) throw new Error(`No email to ${email} in the outbox`);
  return found;
}

const linkParam = (text: string, name: string): string => {
  const match = new RegExp(`[?&]${name}=([\\w-]+)`).exec(text);
  if (!match) throw new Error(`No ${name} in: ${text}`);
  return match[1]!;
};

describe('the first start', () => {
  it('creates an admin with a generated password (never a default) who can sign in and reach admin routes', async () => {
    const { adminEmail, adminPassword } = server.server.bootstrap!;
    expect(adminEmail).toBe('admin@localhost');
    expect(adminPassword).toMatch(/^[\w-]{24}$/);
    const admin = await adminBrowser();
    const me = await admin.expect<{ roles: string[] }>(200, 'GET', '/auth/me');
    expect(me.roles).toEqual(['trawlAdmin']);
    for (const guess of ['admin', 'password', 'trawl', 'changeme']) {
      expect(
        (
          await new Browser(server.url).request('POST', '/auth/login', {
            body: { email: adminEmail, password: guess },
          })
        ).status,
      ).toBe(401);
    }
  });
});

describe('password reset', () => {
  it('emails a single-use link that sets a new password and signs out every session', async () => {
    const { browser: oldSession, email } = await signUp(server.url);
    const anonymous = new Browser(server.url);
    expect(
      await anonymous.expect(200, 'POST', '/auth/forgotPassword', { body: { email }, csrf: false }),
    ).toEqual({ isSuccessful: true });
    // The same answer for an address with no account, and nothing is sent.
    expect(
      await anonymous.expect(200, 'POST', '/auth/forgotPassword', {
        body: { email: newEmail() },
        csrf: false,
      }),
    ).toEqual({ isSuccessful: true });

    const mail = await lastEmailTo(email);
    expect(mail).toMatchObject({ subject: 'Reset your Trawl password', sentAt: null });
    expect(mail.text).toContain(`${server.url}/reset-password?token=`);
    const token = linkParam(mail.text, 'token');

    const weak = await anonymous.request('POST', '/auth/resetPassword', {
      body: { token, password: 'short' },
    });
    expect(weak.status).toBe(400);
    expect(await weak.json()).toMatchObject({
      details: [{ path: 'password', message: 'Password must have at least 8 characters' }],
    });

    expect(
      await anonymous.expect(200, 'POST', '/auth/resetPassword', {
        body: { token, password: 'a brand new password' },
        csrf: false,
      }),
    ).toEqual({ isSuccessful: true });
    const again = await anonymous.request('POST', '/auth/resetPassword', {
      body: { token, password: 'yet another password' },
    });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ code: 'invalid_reset_token', message: 'Invalid reset token' });

    expect((await oldSession.request('GET', '/auth/me')).status).toBe(401);
    expect(
      (
        await new Browser(server.url).request('POST', '/auth/login', {
          body: { email, password: 'correct horse battery' },
        })
      ).status,
    ).toBe(401);
    await new Browser(server.url).expect(200, 'POST', '/auth/login', {
      body: { email, password: 'a brand new password' },
      csrf: false,
    });
  });

  it('refuses expired, unknown and missing tokens alike', async () => {
    const { email } = await signUp(server.url);
    const anonymous = new Browser(server.url);
    await anonymous.expect(200, 'POST', '/auth/forgotPassword', { body: { email }, csrf: false });
    const token = linkParam((await lastEmailTo(email)).text, 'token');
    await server.server.deps.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(isNull(passwordResets.usedAt));
    for (const body of [
      { token, password: 'a brand new password' },
      { token: 'nonsense', password: 'a brand new password' },
      { token: '', password: 'a brand new password' },
    ]) {
      const response = await anonymous.request('POST', '/auth/resetPassword', { body });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe('Invalid reset token');
    }
  });

  it('sends through SMTP when it is configured, keeping a copy in the outbox', async () => {
    const received: Array<{ to: string; body: string }> = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let body = '';
        stream.on('data', (chunk: Buffer) => (body += chunk.toString()));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), body });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as { port: number }).port;
    const mailing = await startTestServer({
      env: { TRAWL_SMTP_URL: `smtp://127.0.0.1:${port}`, TRAWL_EMAIL_FROM: 'Trawl <trawl@example.com>' },
    });
    try {
      const { email } = await signUp(mailing.url);
      await new Browser(mailing.url).expect(200, 'POST', '/auth/forgotPassword', {
        body: { email },
        csrf: false,
      });
      expect(received).toHaveLength(1);
      expect(received[0]!.to).toBe(email);
      expect(received[0]!.body).toContain('Subject: Reset your Trawl password');
      expect(received[0]!.body).toContain('From: Trawl <trawl@example.com>');
      expect((await lastEmailTo(email, mailing)).sentAt).not.toBeNull();
    } finally {
      await mailing.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});

describe('teams and invitations', () => {
  it('invites by link: the invitee joins the team, and sees its crawls', async () => {
    const owner = await signUp(server.url);
    const teamId = owner.user.teams[0]!.id;
    const { inviteLink } = await owner.browser.expect<{ inviteLink: string }>(
      201,
      'POST',
      `/teams/${teamId}/invite-link`,
    );
    expect(inviteLink).toContain(`${server.url}/invite?inviteToken=`);
    const invitee = new Browser(server.url);
    const joined = await invitee.expect<{ user: { teams: Array<{ id: string }> } }>(
      201,
      'POST',
      '/auth/signup/invite',
      {
        body: {
          firstName: 'Grace',
          lastName: 'Hopper',
          email: newEmail(),
          password: 'another long password',
          inviteToken: linkParam(inviteLink, 'inviteToken'),
        },
        csrf: false,
      },
    );
    expect(joined.user.teams.map((t) => t.id)).toEqual([teamId]);
    const members = await owner.browser.expect<Array<{ firstName: string }>>(
      200,
      'GET',
      `/teams/${teamId}/team`,
    );
    expect(members.map((m) => m.firstName)).toEqual(['Ada', 'Grace']);
    // A bad invitation token is refused with a clear error, creating nobody.
    const bad = await new Browser(server.url).request('POST', '/auth/signup/invite', {
      body: {
        firstName: 'Eve',
        lastName: 'Evil',
        email: newEmail(),
        password: 'another long password',
        inviteToken: 'x'.repeat(32),
      },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'invalid_invite' });
  });

  it('invites by email: only that address can accept, once', async () => {
    const owner = await signUp(server.url);
    const teamId = owner.user.teams[0]!.id;
    const invited = newEmail();
    await owner.browser.expect(200, 'POST', `/teams/${teamId}/send-invite-email`, {
      body: { email: invited },
    });
    const mail = await lastEmailTo(invited);
    expect(mail.subject).toBe("You are invited to Ada's team on Trawl");
    const inviteToken = linkParam(mail.text, 'inviteToken');
    const signup = (email: string) =>
      new Browser(server.url).request('POST', '/auth/signup/invite', {
        body: {
          firstName: 'Grace',
          lastName: 'Hopper',
          email,
          password: 'another long password',
          inviteToken,
        },
      });
    expect((await signup(newEmail())).status).toBe(403);
    expect((await signup(invited)).status).toBe(201);
    expect((await signup(invited)).status).toBe(400);
    // Inviting a member again is a conflict; a bad address a 400.
    expect(
      (
        await owner.browser.request('POST', `/teams/${teamId}/send-invite-email`, {
          body: { email: invited },
          csrf: true,
        })
      ).status,
    ).toBe(409);
    const bad = await owner.browser.request('POST', `/teams/${teamId}/send-invite-email`, {
      body: { email: 'nope' },
      csrf: true,
    });
    expect(await bad.json()).toMatchObject({ details: [{ path: 'email', message: 'Invalid email' }] });
  });

  it('deletes a team with its crawls and its only-member users, after which nothing of it answers', async () => {
    const owner = await signUp(server.url);
    const teamId = owner.user.teams[0]!.id;
    const crawl = await owner.browser.expect<{ id: string }>(201, 'POST', '/crawls', {
      body: { startUrl: 'http://127.0.0.1:9/', maxResults: 1 },
    });
    // API tokens cannot delete a team; a signed-in member can.
    const { token } = await owner.browser.expect<{ token: string }>(201, 'POST', '/api-tokens', {
      body: { name: 'ci' },
    });
    expect(
      (
        await fetch(`${server.url}/teams/${teamId}`, {
          method: 'DELETE',
          headers: { authorization: `Bearer ${token}` },
        })
      ).status,
    ).toBe(403);
    expect((await owner.browser.request('DELETE', `/teams/${teamId}`, { csrf: true })).status).toBe(204);
    expect(
      (
        await fetch(`${server.url}/crawls/${crawl.id}`, {
          headers: { authorization: `Bearer ${server.token}` },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await fetch(`${server.url}/crawls/query`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await new Browser(server.url).request('POST', '/auth/login', {
          body: { email: owner.email, password: owner.password },
        })
      ).status,
    ).toBe(401);
  });
});

describe('projects', () => {
  it('creates (trimmed, lowercased), renames, switches with x-project-id, and soft-deletes', async () => {
    const { browser, user } = await signUp(server.url);
    const teamId = user.teams[0]!.id;
    const empty = await browser.request('POST', '/teams/projects', { body: { title: '   ' }, csrf: true });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({
      details: [{ path: 'title', message: 'Project name is required' }],
    });
    const project = await browser.expect<{ id: string; title: string }>(201, 'POST', '/teams/projects', {
      body: { title: '  Marketing Site ' },
    });
    expect(project.title).toBe('marketing site');
    expect(
      (
        await browser.expect<{ title: string }>(200, 'PATCH', `/teams/projects/${project.id}`, {
          body: { title: 'Docs' },
        })
      ).title,
    ).toBe('docs');

    const inProject = await browser.request('POST', '/crawls', {
      body: { startUrl: 'http://127.0.0.1:9/', maxResults: 1 },
      csrf: true,
      headers: { 'x-project-id': project.id },
    });
    expect(((await inProject.json()) as { projectId: string }).projectId).toBe(project.id);
    const listed = await browser.request('POST', '/crawls/query', {
      body: {},
      csrf: true,
      headers: { 'x-project-id': project.id },
    });
    expect(((await listed.json()) as { totalResults: number }).totalResults).toBe(1);
    const elsewhere = await browser.request('POST', '/crawls/query', { body: {}, csrf: true });
    expect(((await elsewhere.json()) as { totalResults: number }).totalResults).toBe(1);

    expect((await browser.request('DELETE', `/teams/projects/${project.id}`, { csrf: true })).status).toBe(
      204,
    );
    const team = await browser.expect<{ projects: Array<{ id: string }> }>(200, 'GET', `/teams/${teamId}`);
    expect(team.projects.map((p) => p.id)).not.toContain(project.id);
    expect(
      (
        await browser.request('POST', '/crawls/query', {
          body: {},
          csrf: true,
          headers: { 'x-project-id': project.id },
        })
      ).status,
    ).toBe(404);
    // The last project stays.
    const last = team.projects[0]!.id;
    const refused = await browser.request('DELETE', `/teams/projects/${last}`, { csrf: true });
    expect(refused.status).toBe(409);
  });
});

describe('API tokens', () => {
  it('shows a token once, lists prefixes only, binds to a project, and stops working when revoked', async () => {
    const { browser, user } = await signUp(server.url);
    const project = await browser.expect<{ id: string }>(201, 'POST', '/teams/projects', {
      body: { title: 'bound' },
    });
    const created = await browser.expect<{
      id: string;
      token: string;
      prefix: string;
      projectId: string | null;
    }>(201, 'POST', '/api-tokens', { body: { name: 'bound token', projectId: project.id } });
    expect(created.token.startsWith(created.prefix)).toBe(true);
    const listed = await browser.expect<Array<Record<string, unknown>>>(200, 'GET', '/api-tokens');
    expect(listed.find((t) => t.id === created.id)).toMatchObject({
      prefix: created.prefix,
      projectId: project.id,
      lastUsedAt: null,
    });
    expect(JSON.stringify(listed)).not.toContain(created.token);

    const bearer = { authorization: `Bearer ${created.token}`, 'content-type': 'application/json' };
    const started = await fetch(`${server.url}/crawls`, {
      method: 'POST',
      headers: bearer,
      body: JSON.stringify({ startUrl: 'http://127.0.0.1:9/', maxResults: 1 }),
    });
    expect(started.status).toBe(201);
    expect(await started.json()).toMatchObject({ projectId: project.id, origin: 'api' });
    // Bound to its project: it cannot reach the team's other project, nor manage the team.
    const team = await browser.expect<{ projects: Array<{ id: string }> }>(
      200,
      'GET',
      `/teams/${user.teams[0]!.id}`,
    );
    const other = team.projects.find((p) => p.id !== project.id)!.id;
    expect(
      (
        await fetch(`${server.url}/crawls/query`, {
          method: 'POST',
          headers: { ...bearer, 'x-project-id': other },
          body: '{}',
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await fetch(`${server.url}/api-tokens`, {
          method: 'POST',
          headers: bearer,
          body: JSON.stringify({ name: 'escalate' }),
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await browser.expect<Array<{ id: string; lastUsedAt: string | null }>>(200, 'GET', '/api-tokens')
      ).find((t) => t.id === created.id)?.lastUsedAt,
    ).not.toBeNull();

    expect((await browser.request('DELETE', `/api-tokens/${created.id}`, { csrf: true })).status).toBe(204);
    expect(
      (await fetch(`${server.url}/crawls/query`, { method: 'POST', headers: bearer, body: '{}' })).status,
    ).toBe(401);
    expect((await browser.request('DELETE', `/api-tokens/${created.id}`, { csrf: true })).status).toBe(404);
    const noName = await browser.request('POST', '/api-tokens', { body: { name: ' ' }, csrf: true });
    expect(await noName.json()).toMatchObject({
      details: [{ path: 'name', message: 'Token name is required' }],
    });
  });
});

describe('admin routes', () => {
  it('are for admins only, every one of them', async () => {
    const { browser } = await signUp(server.url);
    // Every admin operation openapi.yaml lists, and paths below /admin that no route serves: the role is
    // checked before routing, so a non-admin learns nothing, not even which admin routes exist.
    const document = parse(readFileSync(resolve(import.meta.dirname, '../../openapi.yaml'), 'utf8')) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const listed = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/admin'))
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
      );
    expect([...new Set(listed.map((o) => o.path))].sort()).toEqual([
      '/admin/crawl-result-reports',
      '/admin/crawls',
      '/admin/health',
      '/admin/outbox',
      '/admin/support-requests',
      '/admin/support-requests/{id}',
      '/admin/support-requests/{id}/attachments/{attachmentId}',
    ]);
    for (const { method, path } of [
      ...listed,
      { method: 'GET', path: '/admin' },
      { method: 'GET', path: '/admin/outbox/child' },
      { method: 'DELETE', path: '/admin/crawls' },
    ]) {
      const response = await browser.request(method, path, { csrf: true });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(await response.json()).toMatchObject({ code: 'forbidden' });
      expect((await fetch(`${server.url}${path}`, { method })).status, `${method} ${path}`).toBe(401);
    }
    for (const path of ['/admin/outbox?page=0']) {
      const response = await browser.request('GET', path);
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ code: 'forbidden' });
      expect((await fetch(`${server.url}${path}`)).status).toBe(401);
    }
    const admin = await adminBrowser();
    const health = await admin.expect<{
      database: { ok: boolean };
      orchestrator: { kind: string };
      queue: { runningCrawls: number };
    }>(200, 'GET', '/admin/health');
    expect(health).toMatchObject({ database: { ok: true }, orchestrator: { kind: 'in-process' } });
    const all = await admin.expect<{ results: Array<{ teamId: string }>; totalResults: number }>(
      200,
      'GET',
      '/admin/crawls?limit=100',
    );
    expect(new Set(all.results.map((c) => c.teamId)).size).toBeGreaterThan(1);
  });
});
