// Projects and API tokens, in real Chromium against the real server.
import type { TestServer } from '@trawl/api/testing';
import { createTrawlClient, TrawlApiError } from '@trawl/sdk';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  launchBrowser,
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

async function open(path: string, account: { email: string; password: string }) {
  const { context, page } = await newPage(browser);
  contexts.push(context);
  await signInContext(context, server, account);
  await page.goto(`${server.url}${path}`);
  return page;
}

/** The start URLs of the crawls Home lists. */
const listedUrls = (page: Page) => page.locator('.crawl-row__url').allTextContents();

describe('projects', () => {
  it(
    'creates a project from the switcher, and switching projects changes the crawl list',
    { timeout: 90_000 },
    async () => {
      const account = await createAccount(server);
      const { token } = await account.trawl.tokens.create({ name: 'seeding' });
      const [first] = await account.trawl.projects.list();
      // Nothing listens on port 9: these crawls fail at once, which is all the list needs.
      await createTrawlClient({ baseUrl: server.url, token, projectId: first!.id }).crawls.start({
        startUrl: 'http://127.0.0.1:9/in-default',
        maxResults: 1,
      });

      const page = await open('/home', account);
      await expect.poll(() => listedUrls(page)).toEqual(['127.0.0.1:9/in-default']);
      await page.getByRole('button', { name: 'Project: default' }).click();
      await snap(page, 'project-switcher');
      await page.getByRole('menuitem', { name: 'New project' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create project' });
      await dialog.getByRole('button', { name: 'Create project' }).click();
      await dialog.getByText('Project name is required', { exact: true }).waitFor();
      await dialog.getByLabel('Project name').fill('   ');
      await dialog.getByRole('button', { name: 'Create project' }).click();
      await dialog.getByText('Project name is required', { exact: true }).waitFor();
      await dialog.getByLabel('Project name').fill('  Docs Site ');
      await snap(page, 'create-project');
      await dialog.getByRole('button', { name: 'Create project' }).click();
      await page.getByText('Project created successfully').waitFor();
      // The new project is current, its name lowercased, and its list empty.
      await page.getByRole('button', { name: 'Project: docs site' }).waitFor();
      await page.getByRole('heading', { name: "Welcome! Let's start crawling" }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('currentProjectId'))).toMatch(/^[0-9a-f-]{36}$/);

      const docs = (await account.trawl.projects.list()).find((p) => p.title === 'docs site')!;
      await createTrawlClient({ baseUrl: server.url, token, projectId: docs.id }).crawls.start({
        startUrl: 'http://127.0.0.1:9/in-docs',
        maxResults: 1,
      });
      await expect.poll(() => listedUrls(page), { timeout: 10_000 }).toEqual(['127.0.0.1:9/in-docs']);

      await page.getByRole('button', { name: 'Project: docs site' }).click();
      await page.getByRole('menuitemradio', { name: 'default' }).click();
      await expect.poll(() => listedUrls(page)).toEqual(['127.0.0.1:9/in-default']);
      // A crawl started here goes to the current project, as the web origin.
      await page.getByRole('button', { name: 'Add crawl' }).click();
      const run = page.getByRole('dialog', { name: 'Run crawl' });
      await run.getByLabel('Start URL', { exact: true }).fill('http://127.0.0.1:9/from-console');
      await run.getByRole('button', { name: 'Start Crawl' }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/crawl-result/'));
      const crawl = await account.trawl.crawls.get(new URL(page.url()).pathname.split('/').pop()!);
      expect(crawl).toMatchObject({ projectId: first!.id, origin: 'web' });

      // The choice survives a reload; a path with a project id is stripped (and selects that project).
      await page.goto(`${server.url}/${docs.id}/home`);
      await page.waitForURL((url) => url.pathname === '/home');
      await page.getByRole('button', { name: 'Project: docs site' }).waitFor();
      await page.reload();
      await page.getByRole('button', { name: 'Project: docs site' }).waitFor();
    },
  );

  it(
    'renames the project, shows its id, and deletes it (never the last one)',
    { timeout: 60_000 },
    async () => {
      const account = await createAccount(server);
      const page = await open('/settings/project', account);
      await page.getByRole('heading', { name: 'Project ID' }).waitFor();
      const [only] = await account.trawl.projects.list();
      await page.getByText(only!.id, { exact: true }).waitFor();
      expect(await page.getByRole('button', { name: 'Delete project' }).isDisabled()).toBe(true);
      await page.getByText('A team keeps at least one project').waitFor();
      await snap(page, 'settings-project');

      await page.getByLabel('Project name').fill('');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Project name is required', { exact: true }).waitFor();
      await page.getByLabel('Project name').fill('Marketing');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Project renamed').waitFor();
      await page.getByRole('button', { name: 'Project: marketing' }).waitFor();

      const second = await account.trawl.projects.create('second');
      await page.reload();
      await page.getByRole('button', { name: 'Project: marketing' }).click();
      await page.getByRole('menuitemradio', { name: 'second' }).click();
      await page.getByText(second.id, { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Delete project' }).click();
      await page
        .getByRole('dialog', { name: 'Delete project' })
        .getByRole('button', { name: 'Delete project' })
        .click();
      await page.getByText('Project deleted').waitFor();
      await page.getByRole('button', { name: 'Project: marketing' }).waitFor();
      expect((await account.trawl.projects.list()).map((p) => p.title)).toEqual(['marketing']);
    },
  );
});

describe('navigation', () => {
  it('opens the sidebar from the burger on mobile, and answers unknown paths with Page not found', async () => {
    const account = await createAccount(server);
    const page = await open('/home', account);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Settings' }).waitFor();
    await snap(page, 'sidebar-menu');
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL((url) => url.pathname === '/settings');
    await page.getByRole('button', { name: 'Open menu' }).waitFor();
    await page.getByRole('link', { name: 'Trawl home' }).first().click();
    await page.waitForURL((url) => url.pathname === '/home');

    await page.goto(`${server.url}/settings/nothing-here`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await snap(page, 'not-found');
  });
});

describe('API tokens', () => {
  it(
    'creates a token shown once, lists it by prefix and last use, and revokes it',
    { timeout: 60_000 },
    async () => {
      const account = await createAccount(server);
      const page = await open('/settings/project', account);
      await page.getByText('No API tokens yet').waitFor();
      await page.getByRole('button', { name: 'Create token' }).click();
      await page.getByText('Token name is required', { exact: true }).waitFor();
      await page.getByLabel('Token name').fill('CI pipeline');
      await page.getByRole('button', { name: 'Create token' }).click();
      const dialog = page.getByRole('dialog', { name: 'API token created' });
      const token = (await dialog.getByLabel('API token CI pipeline').textContent())!.trim();
      expect(token).toMatch(/^trawl_/);
      await dialog.getByRole('button', { name: 'Copy API token' }).waitFor();
      await snap(page, 'api-token-created');
      await dialog.getByRole('button', { name: 'Done' }).click();
      // Shown once: nowhere on the page now, only its prefix.
      expect(await page.getByText(token).count()).toBe(0);
      const row = page.getByRole('row').filter({ hasText: 'CI pipeline' });
      await row.getByText(`${token.slice(0, 12)}…`).waitFor();
      await row.getByText('Never').waitFor();

      // It works, and its use shows.
      const withToken = createTrawlClient({ baseUrl: server.url, token });
      expect((await withToken.crawls.list()).totalResults).toBe(0);
      await page.reload();
      await page.getByRole('row').filter({ hasText: 'CI pipeline' }).getByText('just now').waitFor();
      await snap(page, 'settings-project-tokens');

      await page.getByRole('button', { name: 'Revoke CI pipeline' }).click();
      await page
        .getByRole('dialog', { name: 'Revoke API token' })
        .getByRole('button', { name: 'Revoke token' })
        .click();
      await page.getByText('API token CI pipeline revoked').waitFor();
      await page.getByText('No API tokens yet').waitFor();
      const refused = await withToken.crawls.list().catch((err: unknown) => err);
      expect(refused).toBeInstanceOf(TrawlApiError);
      expect((refused as TrawlApiError).status).toBe(401);
    },
  );

  it('binds a token to the current project when asked', async () => {
    const account = await createAccount(server);
    const page = await open('/settings/project', account);
    await page.getByLabel('Token name').fill('docs only');
    await page.getByRole('switch', { name: /Only the default project/ }).check();
    await page.getByRole('button', { name: 'Create token' }).click();
    await page
      .getByRole('dialog', { name: 'API token created' })
      .getByRole('button', { name: 'Done' })
      .click();
    await page
      .getByRole('row')
      .filter({ hasText: 'docs only' })
      .getByRole('cell', { name: 'default' })
      .waitFor();
    const [project] = await account.trawl.projects.list();
    expect((await account.trawl.tokens.list())[0]).toMatchObject({
      name: 'docs only',
      projectId: project!.id,
    });
  });
});
