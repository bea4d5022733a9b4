import { Agent, ProxyAgent, fetch, type Dispatcher, type Response } from 'undici';
import { assertUrlAllowed, createGuardedLookup } from './net-guard.js';
import type { PageValidators } from '../ports.js';
import { cleanUrl } from './url.js';

/** The user agent Trawl sends; robots.txt rules are matched on its `Trawl` token. */
export const USER_AGENT = 'Mozilla/5.0 (compatible; Trawl/0.1; +https://trawl.dev/bot)';

export interface HttpClientOptions {
  /** Allow private, loopback and link-local addresses (tests, intranets). Metadata addresses stay blocked. @default false */
  allowPrivateNetworks?: boolean;
  /** Egress proxy for crawls with static IPs. */
  proxyUrl?: string | null;
  /** Per-request timeout. @default 15000 */
  timeoutMs?: number;
  /** Pages larger than this are skipped. @default 5 MiB */
  maxBytes?: number;
  /** @default 10 */
  maxRedirects?: number;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Send the request through the static-IP proxy. */
  viaProxy?: boolean;
  /** Awaited before each redirect hop, with the URL about to be requested (politeness pacing). */
  beforeHop?: (url: string) => Promise<void>;
  /** A recrawl's validators of the requested URL: sent as If-None-Match and If-Modified-Since. */
  conditional?: PageValidators | null;
}

/** A page's body: raw bytes with their content type (decoded where it is parsed), or HTML a browser rendered. */
export type PageBody = { html: string } | { bytes: Uint8Array; contentType: string };

export type HttpFetchResult =
  | ({ kind: 'html'; url: string; status: number; validators?: PageValidators } & PageBody)
  | { kind: 'not-modified'; url: string; status: 304 }
  | { kind: 'skipped'; url: string; status: number; reason: string }
  | { kind: 'failed'; url: string; status?: number; reason: string };

export type RawFetchResult =
  | { kind: 'ok'; url: string; status: number; contentType: string; bytes: Uint8Array }
  | { kind: 'failed'; url: string; status?: number; reason: string };

export interface HttpClient {
  /** One HTML page as bytes (decoded with its own charset where it is parsed); its failures come back as results, only an abort throws. */
  fetchPage(url: string, options?: RequestOptions): Promise<HttpFetchResult>;
  /** Any resource as bytes (robots.txt, sitemaps), with the same redirect, guard and size rules. */
  fetchRaw(url: string, options?: RequestOptions & { maxBytes?: number }): Promise<RawFetchResult>;
  close(): Promise<void>;
}

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
type Hop =
  | { kind: 'response'; url: string; response: Response }
  | { kind: 'failed'; url: string; status?: number; reason: string };

/**
 * An HTTP client for crawling: redirects followed one hop at a time (bounded, loop-checked), every hop
 * checked against the network guard (IP literals before the request, resolved addresses at connect time),
 * bodies read up to a size cap, and a keep-alive connection pool shared by all crawls of the process.
 */
export function createHttpClient(options: HttpClientOptions = {}): HttpClient {
  const allowPrivateNetworks = options.allowPrivateNetworks ?? false;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const maxBytes = options.maxBytes ?? 5 * 1024 * 1024;
  const maxRedirects = options.maxRedirects ?? 10;
  const direct = new Agent({
    connect: { lookup: createGuardedLookup(allowPrivateNetworks), timeout: timeoutMs },
    connections: 32,
    keepAliveTimeout: 10_000,
  });
  const proxy = options.proxyUrl ? new ProxyAgent({ uri: options.proxyUrl, connections: 32 }) : null;

  async function request(
    startUrl: string,
    accept: string,
    opts: RequestOptions,
    timeout: AbortSignal,
  ): Promise<Hop> {
    const dispatcher: Dispatcher = opts.viaProxy ? (proxy ?? failNoProxy()) : direct;
    const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
    const visited = new Set<string>();
    let url = startUrl;
    for (let hop = 0; ; hop++) {
      if (visited.has(url)) return { kind: 'failed', url, reason: 'Redirect loop' };
      visited.add(url);
      let response: Response;
      try {
        // Through a proxy the proxy resolves names, so resolve and check them here first.
        if (hop > 0) await opts.beforeHop?.(url);
        await assertUrlAllowed(url, { allowPrivateNetworks, resolve: Boolean(opts.viaProxy) });
        response = await fetch(url, {
          dispatcher,
          redirect: 'manual',
          signal,
          // Validators belong to the requested URL only, never to a redirect target.
          headers: { 'user-agent': USER_AGENT, accept, ...(hop === 0 ? conditionalHeaders(opts) : {}) },
        });
      } catch (err: unknown) {
        if (opts.signal?.aborted) throw opts.signal.reason;
        return { kind: 'failed', url, reason: describeError(err, timeout.aborted) };
      }
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel().catch(() => undefined);
        const next = cleanUrl(location, url);
        if (!next)
          return {
            kind: 'failed',
            url,
            status: response.status,
            reason: `Redirect to an invalid URL: ${location}`,
          };
        if (hop >= maxRedirects)
          return {
            kind: 'failed',
            url,
            status: response.status,
            reason: `More than ${maxRedirects} redirects`,
          };
        url = next;
        continue;
      }
      if (response.status >= 400) {
        await response.body?.cancel().catch(() => undefined);
        return { kind: 'failed', url, status: response.status, reason: `HTTP ${response.status}` };
      }
      return { kind: 'response', url, response };
    }
  }

  async function readBody(
    hop: Extract<Hop, { kind: 'response' }>,
    limit: number,
    opts: RequestOptions,
    timeout: AbortSignal,
  ) {
    const declared = Number(hop.response.headers.get('content-length'));
    if (declared > limit) {
      await hop.response.body?.cancel().catch(() => undefined);
      return { tooLarge: true as const, size: declared };
    }
    try {
      const bytes = await readCapped(hop.response, limit);
      return bytes ? { bytes } : { tooLarge: true as const, size: null };
    } catch (err: unknown) {
      if (opts.signal?.aborted) throw opts.signal.reason;
      return { error: describeError(err, timeout.aborted) };
    }
  }

  return {
    async fetchPage(url, opts = {}) {
      const timeout = AbortSignal.timeout(timeoutMs);
      const hop = await request(url, 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5', opts, timeout);
      if (hop.kind === 'failed') return hop;
      const { response } = hop;
      if (response.status === 304 && opts.conditional) {
        await response.body?.cancel().catch(() => undefined);
        return { kind: 'not-modified', url: hop.url, status: 304 };
      }
      const contentType = response.headers.get('content-type') ?? '';
      const mime = contentType.split(';')[0]!.trim().toLowerCase();
      if (mime && !HTML_TYPES.has(mime)) {
        await response.body?.cancel().catch(() => undefined);
        return {
          kind: 'skipped',
          url: hop.url,
          status: response.status,
          reason: `Not an HTML page (${mime})`,
        };
      }
      const body = await readBody(hop, maxBytes, opts, timeout);
      if ('error' in body)
        return { kind: 'failed', url: hop.url, status: response.status, reason: body.error! };
      if ('tooLarge' in body) {
        const size = body.size ? `${body.size} bytes` : `more than ${maxBytes} bytes`;
        return {
          kind: 'skipped',
          url: hop.url,
          status: response.status,
          reason: `Page is ${size}; the size limit of ${maxBytes} bytes was exceeded.`,
        };
      }
      const validators = {
        etag: response.headers.get('etag'),
        lastModified: response.headers.get('last-modified'),
      };
      return {
        kind: 'html',
        url: hop.url,
        status: response.status,
        bytes: body.bytes,
        contentType,
        validators,
      };
    },

    async fetchRaw(url, opts = {}) {
      const timeout = AbortSignal.timeout(timeoutMs);
      const hop = await request(url, '*/*', opts, timeout);
      if (hop.kind === 'failed') return hop;
      const body = await readBody(hop, opts.maxBytes ?? maxBytes, opts, timeout);
      if ('error' in body)
        return { kind: 'failed', url: hop.url, status: hop.response.status, reason: body.error! };
      if ('tooLarge' in body)
        return {
          kind: 'failed',
          url: hop.url,
          status: hop.response.status,
          reason: 'The size limit was exceeded.',
        };
      return {
        kind: 'ok',
        url: hop.url,
        status: hop.response.status,
        contentType: hop.response.headers.get('content-type') ?? '',
        bytes: body.bytes,
      };
    },

    async close() {
      await Promise.all([direct.close(), proxy?.close()]);
    },
  };
}

function conditionalHeaders(opts: RequestOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  if (opts.conditional?.etag) headers['if-none-match'] = opts.conditional.etag;
  if (opts.conditional?.lastModified) headers['if-modified-since'] = opts.conditional.lastModified;
  return headers;
}

function failNoProxy(): never {
  throw new Error('Static IPs were requested but no static-IP proxy is configured');
}

async function readCapped(response: Response, maxBytes: number): Promise<Uint8Array | null> {
  if (!response.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  // Leaving the loop early cancels the stream, so an oversized body is never read to its end.
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > maxBytes) return null;
    chunks.push(chunk);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

function describeError(err: unknown, timedOut: boolean): string {
  if (timedOut) return 'Request timed out';
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
  const code = (cause as { code?: string }).code ?? '';
  if (code === 'ERR_TRAWL_BLOCKED_ADDRESS') return (cause as Error).message;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'DNS lookup failed';
  if (code === 'ECONNREFUSED') return 'Connection refused';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'Connection reset';
  if (code === 'UND_ERR_CONNECT_TIMEOUT') return 'Connection timed out';
  if (code.startsWith('ERR_TLS') || code.includes('CERT')) return `TLS error (${code})`;
  return cause instanceof Error ? cause.message : String(cause);
}
