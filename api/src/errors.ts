import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';

export const ErrorDetailSchema = z.object({
  path: z
    .string()
    .openapi({ description: 'The field at fault, dotted for nested fields.', example: 'maxResults' }),
  message: z.string().openapi({ example: 'Max Results must be a number between 1 and 5000' }),
});

export const ErrorSchema = z
  .object({
    code: z
      .string()
      .openapi({ description: 'Stable, machine-readable error code.', example: 'validation_error' }),
    message: z.string().openapi({ description: 'What went wrong, for people.', example: 'Invalid request' }),
    details: z.array(ErrorDetailSchema).optional().openapi({ description: 'One entry per invalid field.' }),
  })
  .openapi('ErrorResponse');

export type ErrorBody = z.infer<typeof ErrorSchema>;
export type ErrorDetail = z.infer<typeof ErrorDetailSchema>;

/** An error the API answers with its own status, code and message. Routes throw it; `onError` renders it. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const notFound = (what: string): ApiError => new ApiError(404, 'not_found', `${what} not found`);

/** Turns zod issues into one detail per field, with the schema's own messages. */
export function validationError(error: ZodError, where = 'request'): ApiError {
  const details: ErrorDetail[] = [];
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys)
        details.push({ path: [...issue.path, key].join('.'), message: `Unknown field "${key}"` });
    } else {
      details.push({ path: issue.path.join('.') || where, message: issue.message });
    }
  }
  const summary = details.map((d) => d.message).join('; ');
  return new ApiError(400, 'validation_error', summary || 'Invalid request', details);
}

/** The hook every route's validator uses: a failed parse becomes a 400 naming each bad field. */
export function validationHook(result: { success: boolean; error?: ZodError; target?: string }): void {
  if (!result.success && result.error) throw validationError(result.error, result.target);
}

export function renderError(err: Error, c: Context, log: (err: unknown) => void): Response {
  if (err instanceof ApiError) {
    const body: ErrorBody = {
      code: err.code,
      message: err.message,
      ...(err.details ? { details: err.details } : {}),
    };
    return c.json(body, err.status);
  }
  if (err instanceof HTTPException) {
    if (err.status === 400 && /json/i.test(err.message)) {
      return c.json({ code: 'invalid_json', message: 'Invalid JSON format' } satisfies ErrorBody, 400);
    }
    const status = err.status as ContentfulStatusCode;
    return c.json(
      {
        code: status >= 500 ? 'internal_error' : 'bad_request',
        message: err.message || 'Bad request',
      } satisfies ErrorBody,
      status,
    );
  }
  log(err);
  return c.json({ code: 'internal_error', message: 'Internal server error' } satisfies ErrorBody, 500);
}
