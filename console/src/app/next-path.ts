// Where to go after signing in: the page a signed-out visitor was sent away from (`/login?next=...`).

/** A path of this console only: never another site (`//evil.example`), never back to an auth page. */
export function safeNextPath(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/home';
  const path = next.split(/[?#]/)[0]!;
  if (['/login', '/signup', '/invite', '/forgot-password', '/reset-password'].includes(path)) return '/home';
  return next;
}

/** The sign-in page's address for a visitor sent away from `path`. */
export const loginPathFor = (path: string): string =>
  path === '/' || path === '/home' ? '/login' : `/login?next=${encodeURIComponent(path)}`;
