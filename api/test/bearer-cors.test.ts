// CORS on the bearer-token API (/crawls, /crawl-options): any origin may call it, preflights are answered,
// and the header rides on error answers too (api/src/bearer-cors.ts sets it after the route).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('CORS on the bearer-token API', () => {
  it('lets any origin read an answer, beside the other headers every answer gets', async () => {
    const res = await fetch(`${server.url}/crawl-options`, {
      headers: { authorization: `Bearer ${server.token}`, origin: 'https://app.example.com' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('puts the header on errors too', async () => {
    const res = await fetch(`${server.url}/crawls/0193a1e2-7b7c-7cc0-8f5e-1a2b3c4d5e6f`, {
      headers: { authorization: `Bearer ${server.token}`, origin: 'https://app.example.com' },
    });
    expect(res.status).toBe(404);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const unauthorized = await fetch(`${server.url}/crawls/query`, { method: 'POST' });
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answers a preflight with the methods and headers it allows', async () => {
    const res = await fetch(`${server.url}/crawls`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toBe('authorization,content-type,x-project-id');
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    expect(res.headers.get('access-control-max-age')).toBe('600');
  });
});
