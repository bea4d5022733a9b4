import { z } from '@hono/zod-openapi';
import type { crawlFolders } from '../db/schema.js';

export type FolderRow = typeof crawlFolders.$inferSelect;

export const FolderSchema = z
  .object({
    id: z.uuid(),
    projectId: z.uuid(),
    name: z.string(),
    crawlCount: z.number().int().openapi({ description: 'Crawls filed in the folder.' }),
    createdAt: z.iso.datetime(),
  })
  .openapi('Folder');
export type FolderDto = z.infer<typeof FolderSchema>;

const folderName = z
  .string({ error: 'Folder name is required' })
  .trim()
  .min(1, { error: 'Folder name is required' })
  .max(100, { error: 'Folder name must have at most 100 characters' });

export const FolderBodySchema = z.strictObject({ name: folderName }).openapi('FolderRequest');

export const MoveCrawlBodySchema = z
  .strictObject({
    folderId: z
      .string({ error: 'Folder ID must be a string or null' })
      .min(1)
      .max(100)
      .nullable()
      .openapi({ description: 'The folder to file the crawl in; null takes it out of its folder.' }),
  })
  .openapi('MoveCrawlRequest');

export function toFolderDto(row: FolderRow, crawlCount: number): FolderDto {
  return {
    id: row.id,
    projectId: row.projectId,
    name: row.name,
    crawlCount,
    createdAt: row.createdAt.toISOString(),
  };
}
