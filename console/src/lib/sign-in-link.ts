// The one-time sign-in link the server prints on first start: `/#signInToken=...`. The fragment never
// reaches the server's logs; the console takes it before anything renders and removes it from the address bar.

const FRAGMENT_KEY = 'signInToken';

let pending: string | null = null;

/** Takes the token out of the URL fragment, so it is neither bookmarked nor shared by accident. */
export function captureSignInToken(): void {
  const hash = window.location.hash.replace(/^#/, '');
  if (!hash) return;
  const token = new URLSearchParams(hash).get(FRAGMENT_KEY)?.trim();
  if (!token) return;
  pending = token;
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search}`);
}

/** The captured token, once: a link signs in a single time. */
export function takeSignInToken(): string | null {
  const token = pending;
  pending = null;
  return token;
}
