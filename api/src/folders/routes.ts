import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import type { AppEnv } from '../app-env.js';
import { requireAuthOnce } from '../auth/bearer.js';
import { CrawlSchema, ProjectHeaderSchema } from '../crawls/schemas.js';
import { toCrawlDto } from '../crawls/serialize.js';
import { validationHook } from '../errors.js';
import { IdParamsSchema, errorResponses, json, memberSecurity } from '../openapi-helpers.js';
import { resolveProjectId } from '../projects/current-project.js';
import { FolderBodySchema, FolderSchema, MoveCrawlBodySchema, toFolderDto } from './schemas.js';
import {
  countCrawlsIn,
  createFolder,
  deleteFolder,
  listFolders,
  moveCrawl,
  renameFolder,
} from './service.js';

const route = <R extends Parameters<typeof createRoute>[0]>(r: R) =>
  createRoute({ tags: ['Crawls'], security: memberSecurity, ...r });

const listFoldersRoute = route({
  method: 'get',
  path: '/folders',
  operationId: 'listFolders',
  summary: 'List folders',
  description:
    "The folders of the project (`x-project-id`, else the token's or the team's first), by name. List a folder's crawls with `parentId` in `POST /crawls/query`.",
  request: { headers: ProjectHeaderSchema },
  responses: {
    200: { description: 'Folders.', ...json(z.array(FolderSchema)) },
    ...errorResponses(401, 403, 404),
  },
});
const createFolderRoute = route({
  method: 'post',
  path: '/folders',
  operationId: 'createFolder',
  summary: 'Create a folder',
  description: 'In the project of `x-project-id`. Names are unique in a project, without regard to case.',
  request: { headers: ProjectHeaderSchema, body: { required: true, ...json(FolderBodySchema) } },
  responses: {
    201: { description: 'The folder.', ...json(FolderSchema) },
    ...errorResponses(400, 401, 403, 404, 409),
  },
});
const renameFolderRoute = route({
  method: 'patch',
  path: '/folders/{id}',
  operationId: 'renameFolder',
  summary: 'Rename a folder',
  request: { params: IdParamsSchema, body: { required: true, ...json(FolderBodySchema) } },
  responses: {
    200: { description: 'The folder.', ...json(FolderSchema) },
    ...errorResponses(400, 401, 404, 409),
  },
});
const deleteFolderRoute = route({
  method: 'delete',
  path: '/folders/{id}',
  operationId: 'deleteFolder',
  summary: 'Delete a folder',
  description: 'Its crawls are kept and return to the top of the project.',
  request: { params: IdParamsSchema },
  responses: { 204: { description: 'Deleted.' }, ...errorResponses(401, 404) },
});
const moveCrawlRoute = route({
  method: 'put',
  path: '/crawls/{id}/folder',
  operationId: 'moveCrawlToFolder',
  summary: 'Move a crawl in or out of a folder',
  description: "`folderId` is a folder of the crawl's project, or null to take the crawl out of its folder.",
  request: { params: IdParamsSchema, body: { required: true, ...json(MoveCrawlBodySchema) } },
  responses: {
    200: { description: 'The crawl, with its new parentId.', ...json(CrawlSchema) },
    ...errorResponses(400, 401, 404),
  },
});

/** Folders of crawls (SPEC.md section 3: a crawl may have a parentId). */
export function folderRoutes(): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  for (const path of ['/folders', '/folders/*', '/crawls/*']) app.use(path, requireAuthOnce);

  app.openapi(listFoldersRoute, async (c) => {
    const { deps, auth } = c.var;
    const projectId = await resolveProjectId(deps.db, auth, c.req.header('x-project-id'));
    const rows = await listFolders(deps.db, auth, projectId);
    return c.json(
      rows.map((r) => toFolderDto(r.folder, Number(r.crawlCount))),
      200,
    );
  });

  app.openapi(createFolderRoute, async (c) => {
    const { deps, auth } = c.var;
    const projectId = await resolveProjectId(deps.db, auth, c.req.header('x-project-id'));
    const row = await createFolder(deps.db, auth, projectId, c.req.valid('json').name);
    return c.json(toFolderDto(row, 0), 201);
  });

  app.openapi(renameFolderRoute, async (c) => {
    const { deps, auth } = c.var;
    const row = await renameFolder(deps.db, auth, c.req.valid('param').id, c.req.valid('json').name);
    return c.json(toFolderDto(row, await countCrawlsIn(deps.db, row.id)), 200);
  });

  app.openapi(deleteFolderRoute, async (c) => {
    const { deps, auth } = c.var;
    await deleteFolder(deps.db, auth, c.req.valid('param').id);
    return c.body(null, 204);
  });

  app.openapi(moveCrawlRoute, async (c) => {
    const { deps, auth } = c.var;
    const crawl = await moveCrawl(deps.db, auth, c.req.valid('param').id, c.req.valid('json').folderId);
    return c.json(toCrawlDto(crawl), 200);
  });

  return app;
}
