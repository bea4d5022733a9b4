import { z } from '@hono/zod-openapi';
import type { apiTokens } from '../db/schema.js';

export type ApiTokenRow = typeof apiTokens.$inferSelect;

export const ApiTokenSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    prefix: z.string().openapi({ description: 'The first characters of the token, to tell tokens apart.' }),
    projectId: z.uuid().nullable().openapi({ description: 'Set when the token only reaches this project.' }),
    createdAt: z.iso.datetime(),
    lastUsedAt: z.iso.datetime().nullable(),
  })
  .openapi('ApiToken');
export type ApiTokenDto = z.infer<typeof ApiTokenSchema>;

export const CreatedApiTokenSchema = ApiTokenSchema.extend({
  token: z.string().openapi({ description: 'The token itself, shown this once; only its hash is kept.' }),
}).openapi('CreatedApiToken');

export const CreateTokenBodySchema = z
  .strictObject({
    name: z
      .string({ error: 'Token name is required' })
      .trim()
      .min(1, { error: 'Token name is required' })
      .max(100, { error: 'Token name must have at most 100 characters' }),
    projectId: z
      .uuid({ error: 'projectId must be a project ID' })
      .nullable()
      .optional()
      .openapi({ description: 'Bind the token to one project.' }),
  })
  .openapi('CreateApiTokenRequest');
export type CreateTokenBody = z.infer<typeof CreateTokenBodySchema>;

export function toApiTokenDto(row: ApiTokenRow): ApiTokenDto {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    projectId: row.projectId,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}
