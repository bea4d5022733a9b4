import { TrawlConnectionError, TrawlError, toApiError } from './errors.js';

/** What a generated SDK function resolves with. */
export interface CallResult<T> {
  data?: T;
  error?: unknown;
  response?: Response;
}

/** Runs a generated SDK function and returns its data, or throws a {@link TrawlError}. */
export type Caller = <T>(
  run: (signal: AbortSignal) => Promise<CallResult<T>>,
  signal?: AbortSignal,
) => Promise<T>;

/** One API call as every method makes it: a timeout, cancellation, and errors as {@link TrawlError}. */
export function createCaller(baseUrl: string, timeoutMs: number): Caller {
  return async <T>(
    run: (signal: AbortSignal) => Promise<CallResult<T>>,
    signal?: AbortSignal,
  ): Promise<T> => {
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let result: CallResult<T>;
    try {
      result = await run(combined);
    } catch (err: unknown) {
      throw signal?.aborted ? signal.reason : new TrawlConnectionError(baseUrl, err);
    }
    if (!result.response) {
      if (signal?.aborted) throw signal.reason;
      if (timeout.aborted)
        throw new TrawlError(`The Trawl API did not answer within ${timeoutMs} ms`, 0, 'timeout');
      throw new TrawlConnectionError(baseUrl, result.error);
    }
    if (!result.response.ok) throw toApiError(result.response.status, result.error);
    return result.data as T;
  };
}

/** Iterates every item of a paged listing, fetching one page after another. */
export async function* paginate<T>(
  fetchPage: (page: number, limit: number) => Promise<{ results: T[]; totalPages: number }>,
  limit: number,
): AsyncGenerator<T> {
  for (let page = 0; ; page++) {
    const batch = await fetchPage(page, limit);
    yield* batch.results;
    if (page + 1 >= batch.totalPages || batch.results.length === 0) return;
  }
}
