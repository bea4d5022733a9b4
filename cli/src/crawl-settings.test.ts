import { describe, expect, it } from 'vitest';
import { buildCrawlSettings, parseWholeNumber, type CrawlFlags } from './crawl-settings.js';
import { CliError } from './errors.js';

const all = () => true;
const url = 'https://docs.example.com/';

function failure(flags: CrawlFlags, start = url): CliError {
  try {
    buildCrawlSettings(start, flags, all);
  } catch (err: unknown) {
    if (err instanceof CliError) return err;
    throw err;
  }
  throw new Error('expected buildCrawlSettings to throw');
}

describe('parseWholeNumber', () => {
  it.each([
    ['10', 10],
    ['+7', 7],
    [' 42 ', 42],
    ['010', 10],
  ])('reads %j as %s', (text, value) => expect(parseWholeNumber(text)).toBe(value));

  it.each(['abc', '2.5', '10x', '1e3', '-5', '', '0x10', '5 5'])(
    'leaves %j as text for the validator to reject',
    (text) => {
      expect(parseWholeNumber(text)).toBe(text);
    },
  );
});

describe('buildCrawlSettings', () => {
  it('maps every flag to its API setting', () => {
    const flags: CrawlFlags = {
      maxResults: '50',
      maxDepth: '2',
      engine: 'cheerio',
      sitemap: true,
      includeLinks: false,
      excludeNonMainTags: false,
      dedup: false,
      timeout: '5',
      extraction: 'only prices',
      staticIps: true,
    };
    expect(buildCrawlSettings(url, flags, all)).toEqual({
      startUrl: url,
      maxResults: 50,
      maxDepth: 2,
      engineType: 'cheerio',
      useSitemap: true,
      includeLinks: false,
      excludeNonMainTags: false,
      deduplicateContent: false,
      timeout: 5,
      extraction: 'only prices',
      useStaticIps: true,
    });
    expect(buildCrawlSettings(url, { entireWebsite: true }, all)).toEqual({
      startUrl: url,
      entireWebsite: true,
    });
  });

  it('sends only flags the user gave, not the defaults commander fills in for --no-* flags', () => {
    const flags: CrawlFlags = { includeLinks: true, excludeNonMainTags: true, dedup: false };
    expect(buildCrawlSettings(url, flags, (flag) => flag === 'dedup')).toEqual({
      startUrl: url,
      deduplicateContent: false,
    });
  });

  it('fails with every problem, one detail per field, in the API messages', () => {
    const err = failure({ maxResults: '2.5', maxDepth: '51', timeout: '0', engine: 'selenium' }, 'nope');
    expect(err).toMatchObject({ message: 'Invalid crawl settings', code: 'validation_error', exitCode: 2 });
    expect(err.details).toEqual([
      { path: 'startUrl', message: 'Start URL must be a valid URL' },
      { path: 'maxResults', message: 'Max Results must be a number between 1 and 5000' },
      { path: 'maxDepth', message: 'Max Depth must be a number between 1 and 50' },
      { path: 'timeout', message: 'Timeout must be a number between 1 and 9999999999' },
      { path: 'engineType', message: 'Engine Type must be one of: cheerio, playwright, auto' },
    ]);
  });

  it('rejects sitemap with entire website, and a number too large to be exact', () => {
    expect(failure({ sitemap: true, entireWebsite: true }).details).toEqual([
      { path: 'entireWebsite', message: 'Entire Website and Use Sitemap cannot both be on' },
    ]);
    expect(failure({ maxResults: '99999999999999999999' }).details[0]?.path).toBe('maxResults');
  });
});
