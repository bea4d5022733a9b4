import { describe, expect, it } from 'vitest';
import { cleanUrl, isSameSite, siteKey, urlKey } from './url.js';

describe('cleanUrl', () => {
  it('resolves relative links against the page', () => {
    expect(cleanUrl('../b?x=1', 'https://example.com/a/page')).toBe('https://example.com/b?x=1');
  });

  it('drops fragments, default ports and host case', () => {
    expect(cleanUrl('HTTPS://Example.COM:443/Path#section')).toBe('https://example.com/Path');
    expect(cleanUrl('http://example.com:80/')).toBe('http://example.com/');
  });

  it('removes tracking parameters and sorts the rest', () => {
    expect(cleanUrl('https://example.com/?utm_source=x&b=2&gclid=1&a=1&UTM_Campaign=y&fbclid=z')).toBe(
      'https://example.com/?a=1&b=2',
    );
  });

  it('refuses what is not a web page address', () => {
    for (const raw of [
      'mailto:a@b.c',
      'javascript:void(0)',
      'ftp://example.com/',
      'tel:123',
      'https://user:pw@example.com/',
    ]) {
      expect(cleanUrl(raw, 'https://example.com/')).toBeNull();
    }
    expect(cleanUrl('not a url')).toBeNull();
  });
});

describe('urlKey', () => {
  it('treats trailing slash, scheme and www as the same page', () => {
    const keys = ['https://example.com/docs', 'https://example.com/docs/', 'http://www.example.com/docs'].map(
      (u) => urlKey(cleanUrl(u)!),
    );
    expect(new Set(keys).size).toBe(1);
  });

  it('keeps query strings apart', () => {
    expect(urlKey('https://example.com/a?p=1')).not.toBe(urlKey('https://example.com/a?p=2'));
  });
});

describe('siteKey', () => {
  it('puts www and the bare domain in one site, and subdomains in others', () => {
    expect(siteKey('https://www.example.com/x')).toBe('example.com');
    expect(isSameSite('http://example.com/', 'example.com')).toBe(true);
    expect(isSameSite('https://blog.example.com/', 'example.com')).toBe(false);
  });

  it('keeps non-default ports in the site', () => {
    expect(siteKey('http://127.0.0.1:8080/')).toBe('127.0.0.1:8080');
    expect(isSameSite('http://127.0.0.1:9090/', '127.0.0.1:8080')).toBe(false);
  });
});
