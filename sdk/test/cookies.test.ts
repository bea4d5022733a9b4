import { describe, expect, it } from 'vitest';
import { createCookieJar, parseSetCookie, readCookie } from '../src/cookies.js';
import { createSession } from '../src/session.js';

const url = (path: string, origin = 'http://localhost:3000'): URL => new URL(path, origin);

describe('parseSetCookie', () => {
  it('reads the name, value, path, expiry and Secure flag', () => {
    expect(
      parseSetCookie(
        'trawl_refresh=abc-123; Max-Age=60; Path=/auth; HttpOnly; Secure; SameSite=Strict',
        1_000,
      ),
    ).toEqual({
      name: 'trawl_refresh',
      value: 'abc-123',
      path: '/auth',
      expiresAt: 61_000,
      secure: true,
    });
  });

  it('lets Max-Age win over Expires, and treats Max-Age=0 or a past Expires as a deletion', () => {
    expect(parseSetCookie('a=1; Expires=Thu, 01 Jan 2099 00:00:00 GMT; Max-Age=10', 0)?.expiresAt).toBe(
      10_000,
    );
    expect(parseSetCookie('a=; Max-Age=0; Path=/', 5_000)?.expiresAt).toBe(0);
    expect(parseSetCookie('a=; Expires=Thu, 01 Jan 1970 00:00:00 GMT', 5_000)?.expiresAt).toBe(0);
  });

  it('keeps "=" inside values, drops quotes, and rejects a header without a name', () => {
    expect(parseSetCookie('t=a=b==; Path=/')?.value).toBe('a=b==');
    expect(parseSetCookie('t="quoted"')?.value).toBe('quoted');
    expect(parseSetCookie('=nameless')).toBeNull();
    expect(parseSetCookie('garbage')).toBeNull();
  });
});

describe('createCookieJar', () => {
  it('sends each cookie only to its path, longest path first', () => {
    const jar = createCookieJar();
    jar.store(url('/auth/login'), [
      'trawl_access=A; Path=/; HttpOnly',
      'trawl_refresh=R; Path=/auth; HttpOnly',
      'trawl_csrf=C; Path=/',
    ]);
    expect(jar.header(url('/teams/projects'))).toBe('trawl_access=A; trawl_csrf=C');
    expect(jar.header(url('/auth/refresh'))).toBe('trawl_refresh=R; trawl_access=A; trawl_csrf=C');
    expect(jar.header(url('/auth'))).toContain('trawl_refresh=R');
    // "/authx" is not under "/auth".
    expect(jar.header(url('/authx'))).not.toContain('trawl_refresh');
  });

  it('replaces a cookie set again and forgets one the server deletes', () => {
    const jar = createCookieJar();
    jar.store(url('/auth/login'), ['trawl_csrf=one; Path=/']);
    jar.store(url('/auth/refresh'), ['trawl_csrf=two; Path=/']);
    expect(jar.get('trawl_csrf')).toBe('two');
    jar.store(url('/auth/logout'), ['trawl_csrf=; Max-Age=0; Path=/']);
    expect(jar.get('trawl_csrf')).toBeUndefined();
    expect(jar.header(url('/'))).toBeUndefined();
  });

  it('drops cookies once they expire', () => {
    let now = 0;
    const jar = createCookieJar(() => now);
    jar.store(url('/'), ['short=1; Max-Age=10; Path=/', 'long=2; Max-Age=100; Path=/']);
    now = 11_000;
    expect(jar.header(url('/'))).toBe('long=2');
    expect(jar.get('short')).toBeUndefined();
  });

  it('defaults the path to the request folder, keeps Secure cookies to https, and decodes values for get', () => {
    const jar = createCookieJar();
    jar.store(url('/auth/login'), ['folder=1']);
    expect(jar.header(url('/auth/me'))).toBe('folder=1');
    expect(jar.header(url('/teams'))).toBeUndefined();
    jar.store(url('/x', 'https://api.example.com'), ['s=1; Secure; Path=/', 'enc=a%20b; Path=/']);
    expect(jar.header(url('/', 'http://api.example.com'))).toBe('enc=a%20b');
    expect(jar.header(url('/', 'https://api.example.com'))).toContain('s=1');
    expect(jar.get('enc')).toBe('a b');
  });

  it('forgets everything on clear', () => {
    const jar = createCookieJar();
    jar.store(url('/'), ['a=1; Path=/']);
    jar.clear();
    expect(jar.header(url('/'))).toBeUndefined();
  });
});

describe('readCookie', () => {
  it('finds a cookie in a document.cookie string', () => {
    expect(readCookie('theme=dark; trawl_csrf=xyz%3D; other=1', 'trawl_csrf')).toBe('xyz=');
    expect(readCookie('xtrawl_csrf=no', 'trawl_csrf')).toBeUndefined();
    expect(readCookie('', 'trawl_csrf')).toBeUndefined();
  });
});

describe('a memory session', () => {
  it('sends the cookies on every request and echoes the CSRF cookie on writes only', () => {
    const session = createSession('memory');
    expect(session.canRefresh()).toBe(false);
    session.receive(
      new Response(null, {
        headers: [
          ['set-cookie', 'trawl_access=A; Path=/'],
          ['set-cookie', 'trawl_refresh=R; Path=/auth'],
          ['set-cookie', 'trawl_csrf=C; Path=/'],
        ],
      }),
      new Request('http://localhost:3000/auth/login', { method: 'POST' }),
    );
    expect(session.canRefresh()).toBe(true);
    const read = session.prepare(new Request('http://localhost:3000/teams/projects'));
    expect(read.headers.get('cookie')).toBe('trawl_access=A; trawl_csrf=C');
    expect(read.headers.get('x-csrf-token')).toBeNull();
    const write = session.prepare(new Request('http://localhost:3000/api-tokens', { method: 'POST' }));
    expect(write.headers.get('x-csrf-token')).toBe('C');
  });
});
