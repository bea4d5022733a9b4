/** One invalid field of a rejected request. */
export interface TrawlErrorDetail {
  /** The field at fault, such as `maxResults`. */
  path: string;
  message: string;
}

/**
 * Base class of every error the SDK throws. `status` is the HTTP status (0 when no response arrived)
 * and `code` a stable machine-readable code.
 *
 * @example
 * try {
 *   await trawl.crawls.get(id);
 * } catch (err) {
 *   if (err instanceof TrawlError && err.status === 404) console.log('no such crawl');
 * }
 */
export class TrawlError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'TrawlError';
  }
}

/**
 * The API answered with an error: `{ code, message, details? }` and a 4xx or 5xx status.
 *
 * @example
 * catch (err) {
 *   if (err instanceof TrawlApiError && err.code === 'validation_error') {
 *     for (const d of err.details) console.log(`${d.path}: ${d.message}`);
 *   }
 * }
 */
export class TrawlApiError extends TrawlError {
  constructor(
    status: number,
    code: string,
    message: string,
    readonly details: TrawlErrorDetail[] = [],
  ) {
    super(message, status, code);
    this.name = 'TrawlApiError';
  }
}

/**
 * No answer came back: the server is down, the address is wrong, or the network failed.
 *
 * @example
 * catch (err) {
 *   if (err instanceof TrawlConnectionError) console.log(`Is Trawl running at ${err.baseUrl}?`);
 * }
 */
export class TrawlConnectionError extends TrawlError {
  constructor(
    readonly baseUrl: string,
    cause: unknown,
  ) {
    super(
      `Could not reach the Trawl API at ${baseUrl}: ${cause instanceof Error ? cause.message : String(cause)}`,
      0,
      'connection_error',
      { cause },
    );
    this.name = 'TrawlConnectionError';
  }
}

/** Reads an error body into a {@link TrawlApiError}, tolerating bodies that are not the API's shape (proxies, gateways). */
export function toApiError(status: number, body: unknown): TrawlApiError {
  if (body && typeof body === 'object' && 'code' in body && 'message' in body) {
    const { code, message, details } = body as { code: unknown; message: unknown; details?: unknown };
    return new TrawlApiError(
      status,
      String(code),
      String(message),
      Array.isArray(details) ? (details as TrawlErrorDetail[]) : [],
    );
  }
  const text = typeof body === 'string' && body.trim() ? body.trim().slice(0, 200) : `HTTP ${status}`;
  return new TrawlApiError(status, status >= 500 ? 'server_error' : 'http_error', text);
}
