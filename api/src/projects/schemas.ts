import { z } from '@hono/zod-openapi';
import type { projects } from '../db/schema.js';

export type ProjectRow = typeof projects.$inferSelect;

export const ProjectSchema = z
  .object({ id: z.uuid(), title: z.string(), isDeleted: z.boolean(), createdAt: z.iso.datetime() })
  .openapi('Project');
export type ProjectDto = z.infer<typeof ProjectSchema>;

const projectTitle = z
  .string({ error: 'Project name is required' })
  .transform((t) => t.trim().toLowerCase())
  .pipe(
    z
      .string()
      .min(1, { error: 'Project name is required' })
      .max(100, { error: 'Project name must have at most 100 characters' }),
  );
export const ProjectBodySchema = z.strictObject({ title: projectTitle }).openapi('ProjectRequest');

export function toProjectDto(row: ProjectRow): ProjectDto {
  return { id: row.id, title: row.title, isDeleted: row.isDeleted, createdAt: row.createdAt.toISOString() };
}
