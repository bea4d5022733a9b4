import { z, type RouteConfig } from '@hono/zod-openapi';
import { ErrorSchema } from './errors.js';

const DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input; `details` names each bad field.',
  401: 'Missing, invalid or revoked credentials.',
  402: 'The team has used all the units of its billing period (`usage_exceeded`).',
  403: 'Not allowed for these credentials.',
  404: 'Not found, or not visible to these credentials.',
  409: 'The request conflicts with the resource state.',
  413: 'The body or one of its files is too large.',
  415: 'The body is not of the media type this call takes.',
  429: 'Too many requests; retry after the `Retry-After` seconds.',
  501: 'Not configured on this server.',
  503: 'A service this call needs is unavailable; retry shortly.',
};

/** The documented error responses of a route, all with the one error schema. */
export function errorResponses(...statuses: Array<keyof typeof DESCRIPTIONS>): RouteConfig['responses'] {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      {
        description: DESCRIPTIONS[status] ?? 'Error',
        content: { 'application/json': { schema: ErrorSchema } },
      },
    ]),
  );
}

export const bearerSecurity = [{ bearerAuth: [] }];

export const json = <T>(schema: T) => ({ content: { 'application/json': { schema } } });

/** A page of a list as every paged endpoint answers it: the rows, the 0-based page, and the totals. */
export function pageOf<T>(results: T[], page: number, limit: number, totalResults: number) {
  return { results, page, totalPages: Math.ceil(totalResults / limit), totalResults };
}

/** Routes a signed-in member may call with a session cookie as well as with an API token. */
export const memberSecurity = [...bearerSecurity, { sessionCookie: [] }];

/** `{id}` in a path: any string, so a malformed id is a 404 like an unknown one, never a 400. */
export const IdParamsSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name: 'id', in: 'path' }, example: '0193a1e2-7b7c-7cc0-8f5e-1a2b3c4d5e6f' }),
});
