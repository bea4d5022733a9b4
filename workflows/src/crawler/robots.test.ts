import { describe, expect, it } from 'vitest';
import { parseRobots } from './robots.js';

const url = (path: string) => `https://example.com${path}`;

describe('parseRobots', () => {
  it('uses the Trawl group over the * group, with its crawl delay and every sitemap', () => {
    const robots = parseRobots(`
User-agent: *
Disallow: /
Crawl-delay: 10

User-agent: Googlebot
User-agent: Trawl   # us
Disallow: /private/
Allow: /private/open
Crawl-delay: 1.5

Sitemap: https://example.com/sitemap.xml
Sitemap: https://cdn.example.com/more.xml
`);
    expect(robots.isAllowed(url('/docs'))).toBe(true);
    expect(robots.isAllowed(url('/private/x'))).toBe(false);
    expect(robots.isAllowed(url('/private/open/page'))).toBe(true);
    expect(robots.crawlDelay).toBe(1.5);
    expect(robots.sitemaps).toEqual(['https://example.com/sitemap.xml', 'https://cdn.example.com/more.xml']);
  });

  it('falls back to the * group, and allows everything without rules', () => {
    expect(parseRobots('User-agent: *\nDisallow: /tmp').isAllowed(url('/tmp/a'))).toBe(false);
    expect(parseRobots('User-agent: *\nDisallow:').isAllowed(url('/anything'))).toBe(true);
    expect(parseRobots('').isAllowed(url('/'))).toBe(true);
  });

  it('matches wildcards and end anchors, longest pattern first, Allow winning ties', () => {
    const robots = parseRobots(
      'User-agent: *\nDisallow: /*.pdf$\nDisallow: /search?\nAllow: /search?q=ok\nDisallow: /a\nAllow: /a',
    );
    expect(robots.isAllowed(url('/files/report.pdf'))).toBe(false);
    expect(robots.isAllowed(url('/files/report.pdf?x=1'))).toBe(true);
    expect(robots.isAllowed(url('/search?q=no'))).toBe(false);
    expect(robots.isAllowed(url('/search?q=ok'))).toBe(true);
    expect(robots.isAllowed(url('/a'))).toBe(true);
  });

  it('always allows robots.txt itself', () => {
    expect(parseRobots('User-agent: *\nDisallow: /').isAllowed(url('/robots.txt'))).toBe(true);
  });
});
