// Signing up, in and out, and passwords, in real Chromium against the real server.
import type { TestServer } from '@trawl/api/testing';
import type { Browser, BrowserContext, WebSocket } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  adminCredentials,
  createAccount,
  lastEmailTo,
  launchBrowser,
  linkIn,
  newPage,
  pageErrors,
  signInWithForm,
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

async function open(path: string) {
  const { context, page } = await newPage(browser);
  contexts.push(context);
  await page.goto(`${server.url}${path}`);
  return page;
}

describe('sign-up', () => {
  it(
    'checks every field with the spec messages, then creates the account and opens Home',
    { timeout: 60_000 },
    async () => {
      const page = await open('/signup');
      await page.getByRole('heading', { name: 'Create your Trawl account' }).waitFor();
      await snap(page, 'signup');
      await page.getByLabel('First name').fill('A');
      await page.getByLabel('Last name').fill(' ');
      await page.getByLabel('Email').fill('not an email');
      await page.getByLabel('Password').fill('short');
      await page.getByRole('button', { name: 'Create account' }).click();
      for (const message of [
        'First name must have at least 2 letters',
        'Last name must have at least 2 letters',
        'Invalid email',
        'Password must have at least 8 characters',
      ])
        await page.getByText(message, { exact: true }).waitFor();
      await snap(page, 'signup-errors');

      const email = `grace-${Date.now()}@example.com`;
      await page.getByLabel('First name').fill('Grace');
      await page.getByLabel('Last name').fill('Hopper');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill('correct horse battery');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.waitForURL((url) => url.pathname === '/home');
      await page.getByRole('heading', { name: "Welcome! Let's start crawling" }).waitFor();
      await page.getByText(email).waitFor();
      await snap(page, 'home-empty');

      // The same email again: the server's answer, under the field.
      const again = await open('/signup');
      await again.getByLabel('First name').fill('Grace');
      await again.getByLabel('Last name').fill('Hopper');
      await again.getByLabel('Email').fill(email);
      await again.getByLabel('Password').fill('correct horse battery');
      await again.getByRole('button', { name: 'Create account' }).click();
      await again.getByText('An account with this email already exists', { exact: true }).waitFor();
    },
  );

  it('says when Google sign-in is not configured, on sign-up and sign-in', async () => {
    for (const path of ['/signup', '/login']) {
      const page = await open(path);
      const google = page.getByRole('button', { name: 'Google sign-in is not configured' });
      await google.waitFor();
      expect(await google.isDisabled()).toBe(true);
    }
  });

  it('offers Continue with Google when the server has a Google client', async () => {
    const google = await startConsoleServer({
      GOOGLE_CLIENT_ID: 'client-id',
      GOOGLE_CLIENT_SECRET: 'secret',
    });
    try {
      const { context, page } = await newPage(browser);
      contexts.push(context);
      await page.goto(`${google.url}/login`);
      const button = page.getByRole('button', { name: 'Continue with Google' });
      await button.waitFor();
      // Not clicked: it leaves for accounts.google.com, and tests never reach the internet.
      await expect.poll(() => button.isEnabled()).toBe(true);
    } finally {
      await google.close();
    }
  });
});

describe('sign-in', () => {
  it("shows the catalogue's message for a wrong password, and stays signed out", async () => {
    const account = await createAccount(server);
    const page = await open('/login');
    await page.getByRole('heading', { name: 'Sign in to Trawl' }).waitFor();
    await snap(page, 'login');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Invalid email', { exact: true }).waitFor();
    await page.getByText('Password is required', { exact: true }).waitFor();
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
    await snap(page, 'login-wrong-password');
    await page.goto(`${server.url}/home`);
    await page.waitForURL((url) => url.pathname === '/login');
  });

  it('sends a signed-out visitor to /login carrying the path, and back to it after signing in', async () => {
    const account = await createAccount(server);
    const page = await open('/settings/team');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/settings/team');
    await signInWithForm(page, server, account, '/settings/team');
    await page.getByRole('heading', { name: /^Members/ }).waitFor();
    // Signed in, /login goes on to Home.
    await page.goto(`${server.url}/login`);
    await page.waitForURL((url) => url.pathname === '/home');
  });

  it('signs the admin in with the password printed at first start, and with the one-time link', async () => {
    const page = await open('/login');
    await signInWithForm(page, server, adminCredentials(server));
    await page.getByRole('link', { name: 'Admin', exact: true }).waitFor();

    const { signInToken } = server.server.bootstrap!;
    const linked = await open(`/#signInToken=${signInToken}`);
    await linked.waitForURL((url) => url.pathname === '/home');
    expect(new URL(linked.url()).hash).toBe('');
    await linked.getByText(adminCredentials(server).email).waitFor();
    // Once only: the same link in a fresh browser lands on the sign-in page.
    const again = await open(`/#signInToken=${signInToken}`);
    await again.waitForURL((url) => url.pathname === '/login');
  });

  it('logs out through /auth/logout, closing the live socket; the console then needs a sign-in again', async () => {
    const account = await createAccount(server);
    const page = await open('/login');
    const sockets: WebSocket[] = [];
    page.on('websocket', (ws) => sockets.push(ws));
    await page.getByRole('heading', { name: 'Sign in to Trawl' }).waitFor();
    await signInWithForm(page, server, account);
    // No socket on the sign-in page; one once signed in.
    await expect.poll(() => sockets.length).toBe(1);
    expect(sockets[0]!.isClosed()).toBe(false);
    const logout = page.waitForResponse((r) => new URL(r.url()).pathname === '/auth/logout');
    await page.getByRole('button', { name: 'Logout' }).click();
    expect((await logout).status()).toBe(204);
    await page.waitForURL((url) => url.pathname === '/login');
    await expect.poll(() => sockets[0]!.isClosed()).toBe(true);
    await page.goto(`${server.url}/home`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.evaluate(() => localStorage.getItem('trawl.token'))).toBeNull();
  });
});

describe('passwords', () => {
  it(
    'resets a forgotten password with the emailed link, then signs in with the new one',
    { timeout: 60_000 },
    async () => {
      const account = await createAccount(server);
      const page = await open('/login');
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.waitForURL((url) => url.pathname === '/forgot-password');
      await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
      await snap(page, 'forgot-password');
      await page.getByRole('button', { name: 'Reset password' }).click();
      await page.getByText('Invalid email', { exact: true }).waitFor();
      await page.getByLabel('Email').fill(account.email);
      await page.getByRole('button', { name: 'Reset password' }).click();
      await page.getByText('Password reset instructions have been sent to your email').first().waitFor();
      await snap(page, 'forgot-password-sent');

      const link = linkIn((await lastEmailTo(server, account.email)).text);
      expect(new URL(link).pathname).toBe('/reset-password');
      await page.goto(link);
      await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
      await page.getByLabel('New password').fill('short');
      await page.getByLabel('Confirm password').fill('other');
      await page.getByRole('button', { name: 'Reset password' }).click();
      await page.getByText('Password must have at least 8 characters', { exact: true }).waitFor();
      await page.getByText('Passwords do not match', { exact: true }).waitFor();
      await snap(page, 'reset-password');
      await page.getByLabel('New password').fill('a brand new passphrase');
      await page.getByLabel('Confirm password').fill('a brand new passphrase');
      await page.getByRole('button', { name: 'Reset password' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      await page.getByText('Password has been reset successfully').waitFor();
      await signInWithForm(page, server, { email: account.email, password: 'a brand new passphrase' });

      // The link worked once.
      const reused = await open(new URL(link).pathname + new URL(link).search);
      await reused.getByLabel('New password').fill('yet another passphrase');
      await reused.getByLabel('Confirm password').fill('yet another passphrase');
      await reused.getByRole('button', { name: 'Reset password' }).click();
      await reused.getByRole('alert').filter({ hasText: 'Invalid reset token' }).waitFor();
    },
  );

  it('shows Invalid Reset Link without a token, with a way to request a new link', async () => {
    const page = await open('/reset-password');
    await page.getByRole('heading', { name: 'Invalid Reset Link' }).waitFor();
    await snap(page, 'reset-password-invalid');
    await page.getByRole('link', { name: 'Request a new link' }).click();
    await page.waitForURL((url) => url.pathname === '/forgot-password');
  });

  it('changes the password and edits the name in account settings', { timeout: 60_000 }, async () => {
    const account = await createAccount(server);
    const page = await open('/login');
    await signInWithForm(page, server, account);
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL((url) => url.pathname === '/settings');
    await page.getByRole('heading', { name: 'Password' }).waitFor();
    await snap(page, 'settings-account');

    await page.getByLabel('First name').fill('Augusta');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Profile saved').waitFor();
    await page.locator('.sidebar__user-name').filter({ hasText: 'Augusta Lovelace' }).waitFor();

    await page.getByLabel('Current password').fill('wrong password');
    await page.getByLabel('New password', { exact: true }).fill('another good passphrase');
    await page.getByLabel('Confirm new password').fill('another good passphrase');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Current password is incorrect', { exact: true }).waitFor();
    await page.getByLabel('Current password').fill(account.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed').waitFor();

    await page.getByRole('button', { name: 'Sign out of every session' }).click();
    await page
      .getByRole('dialog', { name: 'Sign out of every session' })
      .getByRole('button', { name: 'Sign out everywhere' })
      .click();
    await page.waitForURL((url) => url.pathname === '/login');
    await signInWithForm(page, server, { email: account.email, password: 'another good passphrase' });
  });
});
