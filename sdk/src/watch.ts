import { TrawlConnectionError, TrawlError, toApiError } from './errors.js';
import type { CrawlStreamEvent } from './gen/types.gen.js';
import { sleep } from './sleep.js';

/** Options of {@link CrawlsApi.watch}. */
export interface WatchOptions {
  /** Stops watching; the iteration then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Start after this event id, as a reader that has seen it would. @default from the crawl's first event */
  lastEventId?: number;
  /** Send each result's markdown. `false` when only counting results. @default true */
  includeMarkdown?: boolean;
  /** Reconnections in a row, with no event between them, before giving up. @default 5 */
  maxRetries?: number;
  /** First delay before reconnecting, doubled on each further try. @default 500 */
  retryDelayMs?: number;
}

/** One message of a Server-Sent Events stream. */
export interface SseMessage {
  event: string;
  data: string;
  id: string | undefined;
}

interface WatchContext {
  baseUrl: string;
  token: string | undefined;
  projectId: string | undefined;
  fetch: typeof fetch;
}

/**
 * Every event of a crawl, in order, exactly once: reconnects after a cut with `Last-Event-ID`, and ends
 * when the server says the crawl has ended and everything is sent.
 */
export async function* watchCrawl(
  ctx: WatchContext,
  crawlId: string,
  options: WatchOptions = {},
): AsyncGenerator<CrawlStreamEvent> {
  const maxRetries = options.maxRetries ?? 5;
  const baseDelay = options.retryDelayMs ?? 500;
  let lastEventId = options.lastEventId;
  let failures = 0;
  const url = `${ctx.baseUrl}/crawls/${encodeURIComponent(crawlId)}/events${options.includeMarkdown === false ? '?includeMarkdown=false' : ''}`;

  for (;;) {
    options.signal?.throwIfAborted();
    const headers: Record<string, string> = { accept: 'text/event-stream' };
    if (ctx.token) headers.authorization = `Bearer ${ctx.token}`;
    if (ctx.projectId) headers['x-project-id'] = ctx.projectId;
    if (lastEventId !== undefined) headers['last-event-id'] = String(lastEventId);

    // One controller per connection, so leaving the loop early closes the connection.
    const connection = new AbortController();
    const onAbort = (): void => connection.abort(options.signal?.reason);
    options.signal?.addEventListener('abort', onAbort, { once: true });
    let cut: unknown;
    try {
      let response: Response;
      try {
        response = await ctx.fetch(url, { headers, signal: connection.signal });
      } catch (err: unknown) {
        if (options.signal?.aborted) throw options.signal.reason;
        throw new TrawlConnectionError(ctx.baseUrl, err);
      }
      if (!response.ok) {
        const error = toApiError(response.status, await readErrorBody(response));
        // A 4xx will not change by asking again; a 5xx (a restart, a gateway) may.
        if (response.status < 500) throw error;
        cut = error;
      } else if (!response.body) {
        cut = new TrawlError('The event stream had no body', 0, 'stream_error');
      } else {
        try {
          for await (const message of parseSse(response.body)) {
            if (message.event === 'end') return;
            if (!message.data) continue;
            const event = JSON.parse(message.data) as CrawlStreamEvent;
            lastEventId = event.id;
            failures = 0;
            yield event;
          }
          cut = new TrawlError('The event stream closed before the crawl ended', 0, 'stream_closed');
        } catch (err: unknown) {
          if (options.signal?.aborted) throw options.signal.reason;
          if (err instanceof SyntaxError)
            throw new TrawlError(`The event stream sent invalid JSON: ${err.message}`, 0, 'stream_error', {
              cause: err,
            });
          cut = err;
        }
      }
    } catch (err: unknown) {
      if (err instanceof TrawlError && (err.status >= 400 || err.code === 'stream_error')) throw err;
      if (options.signal?.aborted) throw options.signal.reason;
      cut = err;
    } finally {
      options.signal?.removeEventListener('abort', onAbort);
      connection.abort();
    }
    failures++;
    if (failures > maxRetries) {
      throw cut instanceof TrawlError ? cut : new TrawlConnectionError(ctx.baseUrl, cut);
    }
    await sleep(baseDelay * 2 ** (failures - 1), options.signal);
  }
}

/**
 * Reads a `text/event-stream` body into messages, as the HTML standard's EventSource does: fields
 * `event`, `data` (joined by newlines) and `id`; comment lines ignored; CRLF, LF or CR line ends.
 */
export async function* parseSse(body: ReadableStream<Uint8Array>): AsyncGenerator<SseMessage> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let id: string | undefined;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      for (let end = nextLineEnd(buffer); end !== -1; end = nextLineEnd(buffer)) {
        const line = buffer.slice(0, end);
        // A CR at the very end may be half of a CRLF: wait for the next chunk to tell.
        if (buffer[end] === '\r' && end + 1 === buffer.length) break;
        buffer = buffer.slice(buffer[end] === '\r' && buffer[end + 1] === '\n' ? end + 2 : end + 1);
        if (line === '') {
          if (data.length > 0 || event) yield { event: event || 'message', data: data.join('\n'), id };
          event = '';
          data = [];
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        let value = colon === -1 ? '' : line.slice(colon + 1);
        if (value.startsWith(' ')) value = value.slice(1);
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
        else if (field === 'id' && !value.includes('\0')) id = value;
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

function nextLineEnd(text: string): number {
  const lf = text.indexOf('\n');
  const cr = text.indexOf('\r');
  if (cr === -1) return lf;
  if (lf === -1) return cr;
  return Math.min(cr, lf);
}

async function readErrorBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
