import { createHash, randomBytes } from 'node:crypto';

const TOKEN_PREFIX = 'trawl_';

/** A new API token: the secret to show once, and what is stored (prefix and hash). */
export function generateApiToken(): { token: string; prefix: string; hash: string } {
  const token = `${TOKEN_PREFIX}${randomBytes(24).toString('base64url')}`;
  return { token, prefix: token.slice(0, TOKEN_PREFIX.length + 6), hash: hashToken(token) };
}

/** API tokens carry 192 random bits, so a fast hash is enough to keep them unusable if the table leaks. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function looksLikeApiToken(value: string): boolean {
  return value.startsWith(TOKEN_PREFIX) && value.length > TOKEN_PREFIX.length + 20;
}
