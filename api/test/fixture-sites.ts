import { mountDocsSite, startFixtureServer, type DocsSite, type FixtureServer } from '@trawl/fixtures';

export interface DocsFixture {
  site: FixtureServer;
  /** A different host (127.0.0.2) standing in for the rest of the web; nothing should ever reach it. */
  external: FixtureServer;
  docs: DocsSite;
  startUrl: string;
  close(): Promise<void>;
}

export async function startDocsFixture(): Promise<DocsFixture> {
  const site = await startFixtureServer();
  const external = await startFixtureServer({ host: '127.0.0.2' });
  const docs = mountDocsSite(site, external);
  return {
    site,
    external,
    docs,
    startUrl: `${site.origin}/`,
    close: async () => {
      await Promise.all([site.close(), external.close()]);
    },
  };
}
