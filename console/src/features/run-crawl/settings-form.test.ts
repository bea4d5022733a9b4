import { DEFAULT_CRAWL_SETTINGS, type Crawl } from '@trawl/sdk';
import { describe, expect, it } from 'vitest';
import {
  canStart,
  depthCapped,
  formErrors,
  formToJson,
  MESSAGES,
  settingsFromCrawl,
  settingsFromForm,
  toForm,
  withAvailableStaticIps,
} from './settings-form';

const form = (patch: Partial<ReturnType<typeof toForm>> = {}) => ({
  ...toForm({ ...DEFAULT_CRAWL_SETTINGS, startUrl: 'https://example.com' }),
  ...patch,
});

describe('max depth in the form (SPEC.md section 5: the input takes 1 to 99, the API stops at 50)', () => {
  it('accepts 1 to 99, and runs 51 to 99 as 50, saying so', () => {
    for (const depth of ['1', '50', '51', '99'])
      expect(formErrors(form({ maxDepth: depth })).maxDepth).toBeUndefined();
    expect(canStart(form({ maxDepth: '75' }))).toBe(true);
    expect(settingsFromForm(form({ maxDepth: '75' })).maxDepth).toBe(50);
    expect(settingsFromForm(form({ maxDepth: '12' })).maxDepth).toBe(12);
    expect(JSON.parse(formToJson(form({ maxDepth: '99' }))).maxDepth).toBe(50);
    expect(depthCapped(form({ maxDepth: '51' }))).toBe(true);
    expect(depthCapped(form({ maxDepth: '50' }))).toBe(false);
    // With the sitemap, depth is not used at all.
    expect(depthCapped(form({ maxDepth: '90', useSitemap: true }))).toBe(false);
  });

  it('refuses 0 and an empty value', () => {
    for (const depth of ['0', ''])
      expect(formErrors(form({ maxDepth: depth })).maxDepth).toBe(MESSAGES.maxDepth);
    expect(MESSAGES.maxDepth).toBe('Max Depth must be a number between 1 and 99');
  });
});

describe('Use static IPs on a recrawl', () => {
  const staticCrawl = {
    ...settingsFromCrawl({ startUrls: ['https://example.com'] } as Crawl),
    useStaticIps: true,
  };

  it('is sent off where the server has no static IP, as its switch shows', () => {
    const recrawl = toForm({ ...DEFAULT_CRAWL_SETTINGS, ...staticCrawl, startUrl: 'https://example.com' });
    expect(settingsFromForm(withAvailableStaticIps(recrawl, null, false)).useStaticIps).toBe(false);
    expect(settingsFromForm(withAvailableStaticIps(recrawl, undefined, true)).useStaticIps).toBe(false);
  });

  it('is kept where the server has one, or while that is not known yet', () => {
    const recrawl = form({ useStaticIps: true });
    expect(settingsFromForm(withAvailableStaticIps(recrawl, '203.0.113.7', false)).useStaticIps).toBe(true);
    expect(settingsFromForm(withAvailableStaticIps(recrawl, undefined, false)).useStaticIps).toBe(true);
  });
});
