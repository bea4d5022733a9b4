import { gunzipSync } from 'node:zlib';
import * as cheerio from 'cheerio';
import type { CrawlLogEntry } from '../ports.js';
import type { HttpClient } from './http-client.js';
import { cleanUrl } from './url.js';

export interface SitemapDiscovery {
  /** Page URLs listed by the sitemaps, cleaned and without repeats, in listed order. */
  urls: string[];
  logs: CrawlLogEntry[];
}

export interface SitemapOptions {
  client: HttpClient;
  /** Keeps only URLs of the crawl's site. */
  inScope: (url: string) => boolean;
  /** Stop collecting after this many URLs. */
  maxUrls: number;
  viaProxy?: boolean;
  signal?: AbortSignal;
  /** Sitemap files fetched at most (indexes included). @default 50 */
  maxSitemaps?: number;
}

const MAX_SITEMAP_BYTES = 50 * 1024 * 1024;

/**
 * Reads sitemaps breadth first from `roots` (robots.txt `Sitemap:` lines and `/sitemap.xml`), following
 * sitemap indexes and gzipped files, and returns the in-scope page URLs they list.
 */
export async function discoverSitemapUrls(
  roots: string[],
  options: SitemapOptions,
): Promise<SitemapDiscovery> {
  const maxSitemaps = options.maxSitemaps ?? 50;
  const queue = [...new Set(roots)];
  const fetched = new Set<string>();
  const urls = new Set<string>();
  const logs: CrawlLogEntry[] = [];

  while (queue.length && fetched.size < maxSitemaps && urls.size < options.maxUrls) {
    const sitemapUrl = queue.shift()!;
    if (fetched.has(sitemapUrl)) continue;
    fetched.add(sitemapUrl);
    const res = await options.client.fetchRaw(sitemapUrl, {
      signal: options.signal,
      viaProxy: options.viaProxy,
      maxBytes: MAX_SITEMAP_BYTES,
    });
    if (res.kind === 'failed') {
      logs.push({
        level: res.status === 404 ? 'debug' : 'warn',
        message: `No sitemap at ${sitemapUrl}`,
        description: res.reason,
      });
      continue;
    }
    let xml: string;
    try {
      xml = decodeSitemap(res.bytes, res.url, res.contentType);
    } catch (err: unknown) {
      logs.push({
        level: 'warn',
        message: `Unreadable sitemap ${sitemapUrl}`,
        description: err instanceof Error ? err.message : String(err),
      });
      continue;
    }
    const $ = cheerio.load(xml, { xml: true });
    const children = $('sitemapindex > sitemap > loc')
      .map((_, el) => $(el).text().trim())
      .get();
    const pages = $('urlset > url > loc')
      .map((_, el) => $(el).text().trim())
      .get();
    let kept = 0;
    for (const child of children) {
      const clean = cleanUrl(child, res.url);
      if (clean && !fetched.has(clean)) queue.push(clean);
    }
    for (const loc of pages) {
      const clean = cleanUrl(loc, res.url);
      if (!clean || !options.inScope(clean) || urls.has(clean)) continue;
      urls.add(clean);
      kept++;
      if (urls.size >= options.maxUrls) break;
    }
    logs.push({
      level: 'info',
      message: `Read sitemap ${sitemapUrl}`,
      description: children.length
        ? `A sitemap index of ${children.length} sitemaps.`
        : `${pages.length} URLs listed, ${kept} new ones of this site kept.`,
    });
  }
  if (queue.length && fetched.size >= maxSitemaps) {
    logs.push({
      level: 'warn',
      message: 'Sitemap limit reached',
      description: `Read ${maxSitemaps} sitemap files; the rest were not read.`,
    });
  }
  return { urls: [...urls], logs };
}

function decodeSitemap(bytes: Uint8Array, url: string, contentType: string): string {
  const gzipped =
    (bytes[0] === 0x1f && bytes[1] === 0x8b) || /gzip/i.test(contentType) || url.endsWith('.gz');
  const raw =
    gzipped && bytes[0] === 0x1f
      ? gunzipSync(bytes, { maxOutputLength: MAX_SITEMAP_BYTES })
      : Buffer.from(bytes);
  return raw.toString('utf8');
}
