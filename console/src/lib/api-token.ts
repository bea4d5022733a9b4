import { readStored, writeStored } from './local-storage';

const TOKEN_KEY = 'trawl.token';

export const readToken = (): string | null => readStored(TOKEN_KEY);

export const storeToken = (token: string): void => writeStored(TOKEN_KEY, token);

export const clearToken = (): void => writeStored(TOKEN_KEY, null);

/**
 * Takes `#token=...` (the link the server prints on first start) into storage and removes the
 * fragment from the address bar, so the token is neither bookmarked nor shared by accident.
 */
export function captureTokenFromHash(): void {
  const hash = window.location.hash.replace(/^#/, '');
  if (!hash) return;
  const params = new URLSearchParams(hash);
  const token = params.get('token')?.trim();
  if (!token) return;
  storeToken(token);
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search}`);
}
