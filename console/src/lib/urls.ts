/** A URL as the crawl list shows it: no scheme, no query, no fragment, no trailing slash. */
export function displayUrl(url: string): string {
  try {
    const u = new URL(url);
    const path = u.pathname === '/' ? '' : u.pathname.replace(/\/$/, '');
    return `${u.host}${path}`;
  } catch {
    return url.replace(/^[a-z]+:\/\//i, '').replace(/[?#].*$/, '');
  }
}

/** A URL without its query string and fragment. */
export function withoutQuery(url: string): string {
  return url.replace(/[?#].*$/, '');
}
