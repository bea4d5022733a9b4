import { startTestServer, type TestServer } from '@trawl/api/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { createTrawlClient, TrawlConnectionError } from '../src/index.js';

// auth.googleSignInUrl: where the console's Continue with Google goes, or null without a Google client.
const servers: TestServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

describe('auth.googleSignInUrl', () => {
  it('is null on a server without Google, and the start URL on one with it, following nothing', async () => {
    const [plain, google] = await Promise.all([
      startTestServer(),
      startTestServer({ env: { GOOGLE_CLIENT_ID: 'client-id', GOOGLE_CLIENT_SECRET: 'client-secret' } }),
    ]);
    servers.push(plain, google);
    expect(await createTrawlClient({ baseUrl: plain.url }).auth.googleSignInUrl()).toBeNull();
    const requested: string[] = [];
    const trawl = createTrawlClient({
      baseUrl: `${google.url}/`,
      fetch: (input, init) => {
        requested.push(String(input instanceof Request ? input.url : input));
        return fetch(input, init);
      },
    });
    expect(await trawl.auth.googleSignInUrl()).toBe(`${google.url}/auth/google`);
    // One request, to this server: the redirect to Google is not followed.
    expect(requested).toEqual([`${google.url}/auth/google`]);
  });

  it('says when the server cannot be reached', async () => {
    const trawl = createTrawlClient({ baseUrl: 'http://127.0.0.1:9' });
    await expect(trawl.auth.googleSignInUrl()).rejects.toBeInstanceOf(TrawlConnectionError);
  });
});
