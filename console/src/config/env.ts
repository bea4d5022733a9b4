// The console's configuration, read once from the build-time environment.

export interface Env {
  /** Where the Trawl API answers, without a trailing slash. */
  apiUrl: string;
}

function parseEnv(raw: ImportMetaEnv, origin: string): Env {
  const problems: string[] = [];
  let apiUrl = origin;
  const configured = raw.VITE_TRAWL_API_URL?.trim();
  if (configured) {
    try {
      const url = new URL(configured);
      if (url.protocol !== 'http:' && url.protocol !== 'https:')
        problems.push('VITE_TRAWL_API_URL: must be an http(s) URL');
      apiUrl = url.href;
    } catch {
      problems.push('VITE_TRAWL_API_URL: must be a URL, such as http://localhost:3000');
    }
  }
  if (problems.length) throw new Error(`Invalid console configuration:\n  ${problems.join('\n  ')}`);
  return { apiUrl: apiUrl.replace(/\/+$/, '') };
}

export const env: Env = parseEnv(import.meta.env, window.location.origin);
