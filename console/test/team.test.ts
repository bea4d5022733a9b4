// Inviting people into a team and managing its members, in real Chromium against the real server.
import type { TestServer } from '@trawl/api/testing';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  lastEmailTo,
  launchBrowser,
  linkIn,
  newPage,
  pageErrors,
  signInContext,
  snap,
  startConsoleServer,
} from './support';

let server: TestServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startConsoleServer(), launchBrowser()]);
});
afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
  expect(pageErrors.splice(0)).toEqual([]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A page of a fresh profile, signed in as `account` when given. */
async function open(path: string, account?: { email: string; password: string }) {
  const { context, page } = await newPage(browser);
  contexts.push(context);
  if (account) await signInContext(context, server, account);
  await page.goto(`${server.url}${path}`);
  return page;
}

async function signUpThroughInvite(link: string, name: string, email: string) {
  const page = await open(new URL(link).pathname + new URL(link).search);
  await page.getByRole('heading', { name: "You're invited to join a team on Trawl" }).waitFor();
  expect(await page.getByRole('button', { name: /Google/ }).count()).toBe(0);
  await page.getByLabel('First name').fill(name);
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('correct horse battery');
  return page;
}

describe('invitations', () => {
  it('an invite link from the sidebar signs a new member up into the team', { timeout: 60_000 }, async () => {
    const owner = await createAccount(server, 'Owner');
    const page = await open('/home', owner);
    await page.getByRole('button', { name: 'Invite Members' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite members' });
    await dialog.getByRole('button', { name: 'Create invite link' }).click();
    const link = (await dialog.getByLabel('Invite link address').textContent())!;
    expect(new URL(link).pathname).toBe('/invite');
    await snap(page, 'invite-members');

    const email = `grace-${Date.now()}@example.com`;
    const joining = await signUpThroughInvite(link, 'Grace', email);
    await snap(joining, 'signup-invite');
    await joining.getByRole('button', { name: 'Create account' }).click();
    await joining.waitForURL((url) => url.pathname === '/home');

    // Grace is in Owner's team: the team page of either lists both.
    await joining.goto(`${server.url}/settings/team`);
    // In the members list, not the sidebar, which shows the signed-in user's own email too.
    const main = joining.getByRole('main');
    await main.getByText(email).waitFor();
    await main.getByText(owner.email).waitFor();
    const members = await owner.trawl.teams.members(owner.teamId);
    expect(members.map((m) => m.email).sort()).toEqual([email, owner.email].sort());
  });

  it(
    'an invite email reaches its address, which joins; pending invitations can be withdrawn',
    { timeout: 60_000 },
    async () => {
      const owner = await createAccount(server, 'Owner');
      const page = await open('/settings/team', owner);
      await page.getByRole('heading', { name: 'Pending invitations', exact: true }).waitFor();
      await page.getByText('No pending invitations').waitFor();
      await page.getByRole('button', { name: 'Send invite' }).click();
      await page.getByText('Invalid email', { exact: true }).waitFor();
      await page.getByRole('textbox', { name: 'Email' }).fill(owner.email);
      await page.getByRole('button', { name: 'Send invite' }).click();
      await page.getByText(`${owner.email} is already a member of this team`).waitFor();

      const invited = `linus-${Date.now()}@example.com`;
      const withdrawn = `ken-${Date.now()}@example.com`;
      for (const email of [invited, withdrawn]) {
        await page.getByRole('textbox', { name: 'Email' }).fill(email);
        await page.getByRole('button', { name: 'Send invite' }).click();
        await page.getByText(`Invitation sent to ${email}`).waitFor();
        await page.getByRole('listitem').filter({ hasText: email }).waitFor();
      }
      await snap(page, 'settings-team');
      await page.getByRole('button', { name: `Withdraw the invitation of ${withdrawn}` }).click();
      await page.getByText('Invitation withdrawn').waitFor();
      expect(await page.getByRole('listitem').filter({ hasText: withdrawn }).count()).toBe(0);

      // The withdrawn one no longer works; the other joins the team, once.
      const dead = await signUpThroughInvite(
        linkIn((await lastEmailTo(server, withdrawn)).text),
        'Ken',
        withdrawn,
      );
      await dead.getByRole('button', { name: 'Create account' }).click();
      await dead
        .getByRole('alert')
        .filter({ hasText: 'This invitation is invalid or has expired' })
        .waitFor();

      const link = linkIn((await lastEmailTo(server, invited)).text);
      const wrongEmail = await signUpThroughInvite(link, 'Linus', `someone-else-${Date.now()}@example.com`);
      await wrongEmail.getByRole('button', { name: 'Create account' }).click();
      await wrongEmail
        .getByRole('alert')
        .filter({ hasText: `This invitation is for ${invited}` })
        .waitFor();
      const joining = await signUpThroughInvite(link, 'Linus', invited);
      await joining.getByRole('button', { name: 'Create account' }).click();
      await joining.waitForURL((url) => url.pathname === '/home');
      await page.reload();
      await page.getByText(invited).waitFor();
      await page.getByText('No pending invitations').waitFor();
    },
  );

  it('asks a signed-in user to sign out before accepting an invitation', async () => {
    const owner = await createAccount(server, 'Owner');
    const other = await createAccount(server, 'Other');
    const { inviteLink } = await owner.trawl.teams.createInviteLink(owner.teamId);
    const page = await open(new URL(inviteLink).pathname + new URL(inviteLink).search, other);
    await page.getByText(`You are signed in as ${other.email}`).waitFor();
    await page.getByRole('button', { name: 'Sign out and continue' }).click();
    await page.getByLabel('First name').waitFor();
    expect(new URL(page.url()).searchParams.get('inviteToken')).toBeTruthy();
  });
});

describe('billing', () => {
  it('explains that billing is not configured on this server', async () => {
    const owner = await createAccount(server, 'Owner');
    const page = await open('/settings/billing', owner);
    await page.getByRole('heading', { name: 'Billing is not configured on this server' }).waitFor();
    await snap(page, 'settings-billing');
    // The tab strip shows Project, Team and Billing; the account is /settings itself.
    const tabs = page.getByRole('navigation', { name: 'Settings' }).getByRole('link');
    expect(await tabs.allTextContents()).toEqual(['Project', 'Team', 'Billing']);
  });
});

describe('members', () => {
  it('removes a member, who is signed out of the team', { timeout: 60_000 }, async () => {
    const owner = await createAccount(server, 'Owner');
    const { inviteLink } = await owner.trawl.teams.createInviteLink(owner.teamId);
    const email = `margaret-${Date.now()}@example.com`;
    const joining = await signUpThroughInvite(inviteLink, 'Margaret', email);
    await joining.getByRole('button', { name: 'Create account' }).click();
    await joining.waitForURL((url) => url.pathname === '/home');

    const page = await open('/settings/team', owner);
    await page.getByRole('button', { name: 'Remove Margaret Hopper' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove member' });
    await snap(page, 'remove-member');
    await dialog.getByRole('button', { name: 'Remove member' }).click();
    await page.getByText('Margaret Hopper was removed from the team').waitFor();
    expect(await page.getByText(email).count()).toBe(0);
    // No way to remove yourself.
    expect(await page.getByRole('button', { name: /^Remove Owner/ }).count()).toBe(0);

    // Margaret's next call fails, the one renewal too: she is back at the sign-in page.
    await joining.getByRole('link', { name: 'Settings' }).click();
    await joining.getByRole('link', { name: 'Team' }).click();
    await joining.waitForURL((url) => url.pathname === '/login');
    await joining.getByText('Your session has ended. Sign in again to continue.').waitFor();
  });

  it('deletes the team only once its name is typed', { timeout: 60_000 }, async () => {
    const owner = await createAccount(server, 'Doomed');
    const team = await owner.trawl.teams.get(owner.teamId);
    const page = await open('/settings/team', owner);
    await page.getByRole('button', { name: 'Delete team' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete team' });
    const confirm = dialog.getByRole('button', { name: 'Delete team' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Team name').fill('not the name');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Team name').fill(team.name);
    await snap(page, 'delete-team');
    await confirm.click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password', { exact: true }).fill(owner.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Invalid email or password').waitFor();
  });
});
