/** Query parameters that only track the visitor; they never change what a page shows. */
const TRACKING_PARAMS = new Set([
  'gclid',
  'dclid',
  'gbraid',
  'wbraid',
  'fbclid',
  'msclkid',
  'yclid',
  'igshid',
  'twclid',
  'ttclid',
  'mc_cid',
  'mc_eid',
  '_ga',
  '_gl',
  '_hsenc',
  '_hsmi',
  'mkt_tok',
  'oly_anon_id',
  'oly_enc_id',
  'vero_id',
]);

function isTrackingParam(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith('utm_') || TRACKING_PARAMS.has(lower);
}

/**
 * Resolves `raw` against `base` and cleans it for fetching: http(s) only, fragment dropped, tracking
 * parameters removed, remaining query sorted. Host case and default ports are normalised by the URL
 * parser. Returns null for anything that is not a fetchable web page address (mailto:, javascript:, ...).
 */
export function cleanUrl(raw: string, base?: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim(), base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  url.hash = '';
  const params = [...url.searchParams].filter(([name]) => !isTrackingParam(name));
  params.sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  url.search = new URLSearchParams(params).toString();
  return url.href;
}

/**
 * The identity of a page within a crawl: the cleaned URL without its scheme, without a leading `www.`,
 * and without a trailing slash on the path. Two URLs with the same key are fetched once.
 */
export function urlKey(cleaned: string): string {
  const url = new URL(cleaned);
  let path = url.pathname;
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return `${siteKey(url)}${path}${url.search}`;
}

/**
 * The site a URL belongs to: its host name without a leading `www.`, plus the port when it is not the
 * scheme's default. `http://www.example.com` and `https://example.com` are one site;
 * `blog.example.com` is another.
 */
export function siteKey(url: URL | string): string {
  const u = typeof url === 'string' ? new URL(url) : url;
  const host = u.hostname.startsWith('www.') ? u.hostname.slice(4) : u.hostname;
  return u.port ? `${host}:${u.port}` : host;
}

export function isSameSite(url: string, site: string): boolean {
  return siteKey(url) === site;
}
