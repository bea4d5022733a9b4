import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { Hono } from 'hono';
import { stringify } from 'yaml';
import type { AppEnv } from '../app-env.js';
import { docsPolicy } from '../security-headers.js';

/** The OpenAPI document as `npm run openapi` builds it (passed in: app.ts builds it from every route). */
type BuildDocument = () => object;

interface ViewerBundle {
  /** Named by content hash, so browsers may keep it for good. */
  path: string;
  body: Buffer;
  gzipped: Buffer;
}

let viewer: Promise<ViewerBundle> | undefined;

/** Scalar's standalone build, read from node_modules once: nothing is fetched from a CDN. */
function loadViewer(): Promise<ViewerBundle> {
  viewer ??= (async () => {
    const file = createRequire(import.meta.url).resolve('@scalar/api-reference/browser/standalone.js');
    const body = await readFile(file);
    const hash = createHash('sha256').update(body).digest('hex').slice(0, 16);
    return { path: `/docs/assets/api-reference-${hash}.js`, body, gzipped: await promisify(gzip)(body) };
  })().catch((err: unknown) => {
    viewer = undefined;
    throw new Error('Could not read the API reference viewer (@scalar/api-reference)', { cause: err });
  });
  return viewer;
}

/** The reference opens on what most readers come for: crawls first, accounts and admin last. */
const TAG_ORDER = ['Crawls', 'Public', 'Health', 'Auth', 'Teams', 'Admin'];

/**
 * Scalar's settings, in a file of its own so the page needs no inline script. Everything that would reach
 * beyond this server is off: Scalar's web fonts, telemetry, its AI agent; requests from "Test request" go
 * straight to this server (no proxy), which is the document's only server.
 */
const INIT_SCRIPT = `const order = ${JSON.stringify(TAG_ORDER)};
const rank = (tag) => {
  const i = order.indexOf(tag.name ?? tag.title);
  return i === -1 ? order.length : i;
};
Scalar.createApiReference('#app', {
  ...${JSON.stringify({
    url: '/openapi.json',
    withDefaultFonts: false,
    telemetry: false,
    agent: { disabled: true },
    showDeveloperTools: 'never',
    hideClientButton: true,
    authentication: { preferredSecurityScheme: 'bearerAuth' },
    persistAuth: false,
    metaData: { title: 'Trawl API reference' },
  })},
  tagsSorter: (a, b) => rank(a) - rank(b),
});
`;

const page = (bundlePath: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Trawl API reference</title>
  </head>
  <body>
    <div id="app"></div>
    <script src="${bundlePath}"></script>
    <script src="/docs/init.js"></script>
  </body>
</html>
`;

/**
 * The API reference: `/docs` renders openapi.yaml with Scalar, served from this server alone, and the raw
 * contract is at `/openapi.json` and `/openapi.yaml`, naming this server (`PUBLIC_URL`) as its one server.
 * Not part of the contract itself, like the console's pages.
 */
export function docsRoutes(buildDocument: BuildDocument): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  let built: ReturnType<BuildDocument> | undefined;
  const documentFor = (publicUrl: string) => {
    built ??= buildDocument();
    return { ...built, servers: [{ url: publicUrl, description: 'This server' }] };
  };

  app.get('/openapi.json', (c) => {
    c.header('access-control-allow-origin', '*');
    return c.json(documentFor(c.var.deps.config.publicUrl));
  });
  app.get('/openapi.yaml', (c) => {
    c.header('access-control-allow-origin', '*');
    const yaml = stringify(documentFor(c.var.deps.config.publicUrl), {
      lineWidth: 0,
      aliasDuplicateObjects: false,
    });
    return c.body(yaml, 200, { 'content-type': 'application/yaml; charset=utf-8' });
  });

  app.get('/docs', async (c) => {
    const { path } = await loadViewer();
    c.header('cache-control', 'no-cache');
    c.header('content-security-policy', docsPolicy());
    return c.html(page(path));
  });
  app.get('/docs/', (c) => c.redirect('/docs', 301));
  app.get('/docs/init.js', (c) =>
    c.body(INIT_SCRIPT, 200, {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'no-cache',
    }),
  );
  app.get('/docs/assets/:file', async (c) => {
    const bundle = await loadViewer();
    if (c.req.path !== bundle.path) return c.notFound();
    const gzipped = /\bgzip\b/.test(c.req.header('accept-encoding') ?? '');
    return c.body(new Uint8Array(gzipped ? bundle.gzipped : bundle.body), 200, {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'public, max-age=31536000, immutable',
      vary: 'accept-encoding',
      ...(gzipped ? { 'content-encoding': 'gzip' } : {}),
    });
  });
  return app;
}
