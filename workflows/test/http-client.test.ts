import {
  EDGE_SITE,
  mountEdgeSite,
  startFixtureProxy,
  startFixtureServer,
  type FixtureProxy,
  type FixtureServer,
} from '@trawl/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeHtml } from '../src/crawler/charset.js';
import { createHttpClient, type HttpClient } from '../src/crawler/http-client.js';

let site: FixtureServer;
let proxy: FixtureProxy;
let client: HttpClient;
let blocking: HttpClient;
const url = (path: string) => `${site.origin}${path}`;

beforeAll(async () => {
  site = await startFixtureServer();
  mountEdgeSite(site, { slowMs: 2_000, hugeBytes: 2 * 1024 * 1024 });
  proxy = await startFixtureProxy();
  client = createHttpClient({
    allowPrivateNetworks: true,
    timeoutMs: 1_000,
    maxBytes: 1024 * 1024,
    proxyUrl: proxy.url,
  });
  blocking = createHttpClient({ allowPrivateNetworks: false });
});
afterAll(async () => {
  await Promise.all([client?.close(), blocking?.close(), site?.close(), proxy?.close()]);
});

describe('createHttpClient', () => {
  it('follows a redirect chain to its final URL', async () => {
    const res = await client.fetchPage(url(EDGE_SITE.redirects.chainStart));
    expect(res).toMatchObject({ kind: 'html', url: url(EDGE_SITE.redirects.chainEnd), status: 200 });
  });

  it('stops redirect loops and overlong chains', async () => {
    expect(await client.fetchPage(url(EDGE_SITE.redirects.loop))).toMatchObject({
      kind: 'failed',
      reason: 'Redirect loop',
    });
    const short = createHttpClient({ allowPrivateNetworks: true, maxRedirects: 2 });
    expect(await short.fetchPage(url(EDGE_SITE.redirects.chainStart))).toMatchObject({
      kind: 'failed',
      reason: 'More than 2 redirects',
    });
    await short.close();
  });

  it('reports 404 and 500 with their status', async () => {
    expect(await client.fetchPage(url(EDGE_SITE.errors.notFound))).toMatchObject({
      kind: 'failed',
      status: 404,
      reason: 'HTTP 404',
    });
    expect(await client.fetchPage(url(EDGE_SITE.errors.serverError))).toMatchObject({
      kind: 'failed',
      status: 500,
      reason: 'HTTP 500',
    });
  });

  it('times out a slow page', async () => {
    expect(await client.fetchPage(url(EDGE_SITE.slow))).toMatchObject({
      kind: 'failed',
      reason: 'Request timed out',
    });
  });

  it('skips a page over the size cap without reading it all', async () => {
    const res = await client.fetchPage(url(EDGE_SITE.huge));
    expect(res).toMatchObject({ kind: 'skipped' });
    expect(res.kind === 'skipped' && res.reason).toMatch(/size limit of 1048576 bytes was exceeded\./);
  });

  it('skips what is not HTML', async () => {
    expect(await client.fetchPage(url('/files/report.pdf'))).toMatchObject({
      kind: 'skipped',
      reason: 'Not an HTML page (application/pdf)',
    });
  });

  it('returns the body with the content type that tells its charset', async () => {
    const text = (res: Awaited<ReturnType<HttpClient['fetchPage']>>) =>
      res.kind === 'html' && 'bytes' in res ? decodeHtml(res.bytes, res.contentType) : '';
    expect(text(await client.fetchPage(url(EDGE_SITE.latin1)))).toContain(EDGE_SITE.latin1Text);
    expect(text(await client.fetchPage(url(EDGE_SITE.hebrew1255)))).toContain(EDGE_SITE.hebrewText);
  });

  it('refuses private addresses unless allowed, checked again on every redirect', async () => {
    const before = site.requests.length;
    expect(await blocking.fetchPage(url('/'))).toMatchObject({
      kind: 'failed',
      reason: expect.stringMatching(/^Blocked: 127\.0\.0\.1/),
    });
    expect(await blocking.fetchPage(`http://localhost:${site.port}/`)).toMatchObject({
      kind: 'failed',
      reason: expect.stringMatching(/^Blocked: localhost resolves to/),
    });
    expect(site.requests.length).toBe(before);

    site.route('/to-metadata', {
      status: 302,
      headers: { location: 'http://169.254.169.254/latest/meta-data/' },
    });
    expect(await client.fetchPage(url('/to-metadata'))).toMatchObject({
      kind: 'failed',
      reason: expect.stringMatching(/^Blocked: 169\.254\.169\.254/),
    });
  });

  it('reports a certificate the client does not trust as a TLS error', async () => {
    const tls = await startFixtureServer({ tls: true });
    tls.route('/', { body: '<p>secret</p>' });
    try {
      expect(await client.fetchPage(`${tls.origin}/`)).toMatchObject({
        kind: 'failed',
        reason: expect.stringMatching(/^TLS error \(/),
      });
    } finally {
      await tls.close();
    }
  });

  it('goes through the static-IP proxy when asked', async () => {
    const before = proxy.forwarded.length;
    const res = await client.fetchPage(url('/articles/one'), { viaProxy: true });
    expect(res).toMatchObject({ kind: 'html' });
    expect(proxy.forwarded.slice(before)).toEqual([`127.0.0.1:${site.port}`]);
  });

  it('rejects with the abort reason as soon as its signal aborts', async () => {
    const controller = new AbortController();
    const pending = client.fetchPage(url(EDGE_SITE.slow), { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('user abort')), 50);
    await expect(pending).rejects.toThrow('user abort');
  });
});
