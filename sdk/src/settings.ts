import type { EngineType, StartCrawlRequest } from './gen/types.gen.js';

/** Every engine type the API accepts. */
export const ENGINE_TYPES: readonly EngineType[] = ['cheerio', 'playwright', 'auto'];

/**
 * Bounds of the numeric crawl settings.
 *
 * @example
 * input.max = String(CRAWL_LIMITS.maxResults.max); // 5000
 */
export const CRAWL_LIMITS = {
  maxResults: { min: 1, max: 5000 },
  maxDepth: { min: 1, max: 50 },
  timeout: { min: 1, max: 9_999_999_999 },
} as const;

/** Full crawl settings: what `crawls.start` sends once defaults are filled in. */
export type CrawlSettings = Required<
  Omit<StartCrawlRequest, 'extraction' | 'extractionSchema' | 'compareWith'>
> & {
  extraction: string | null;
  /** JSON Schema of the data each result carries with an extraction instruction; absent or null for none. */
  extractionSchema?: Record<string, unknown> | null;
};

/**
 * The server's default for every setting but `startUrl`.
 *
 * @example
 * const settings = { ...DEFAULT_CRAWL_SETTINGS, startUrl: 'https://example.com' };
 */
export const DEFAULT_CRAWL_SETTINGS: Omit<CrawlSettings, 'startUrl'> = {
  maxResults: 10,
  maxDepth: 3,
  useSitemap: false,
  entireWebsite: false,
  includeLinks: true,
  excludeNonMainTags: true,
  deduplicateContent: true,
  engineType: 'auto',
  useStaticIps: false,
  timeout: 60,
  extraction: null,
};

const BOOLEAN_LABELS = {
  useSitemap: 'Use Sitemap',
  entireWebsite: 'Entire Website',
  includeLinks: 'Include Links',
  excludeNonMainTags: 'Exclude Non Main Tags',
  useStaticIps: 'Use Static IPs',
  deduplicateContent: 'Deduplicate Content',
} as const;

/**
 * Whether `value` is an http(s) URL the API will accept as a start URL.
 *
 * @example
 * isValidStartUrl('https://example.com/docs'); // true
 * isValidStartUrl('example'); // false
 */
export function isValidStartUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.hostname.length > 0 &&
      !url.username &&
      !url.password
    );
  } catch {
    return false;
  }
}

const between = (value: unknown, bounds: { min: number; max: number }): boolean =>
  typeof value === 'number' && Number.isInteger(value) && value >= bounds.min && value <= bounds.max;

/**
 * Checks crawl settings the way the API does, with the same messages; returns one message per
 * problem, empty when valid. Unknown fields are problems too.
 *
 * @example
 * const errors = validateCrawlSettings(JSON.parse(text));
 * if (errors.length) show(errors.join('; '));
 */
export function validateCrawlSettings(input: unknown): string[] {
  if (!input || typeof input !== 'object' || Array.isArray(input))
    return ['Start URL is required and must be a string'];
  const s = input as Record<string, unknown>;
  const errors: string[] = [];
  if (typeof s.startUrl !== 'string') errors.push('Start URL is required and must be a string');
  else if (!isValidStartUrl(s.startUrl)) errors.push('Start URL must be a valid URL');
  if ('maxResults' in s && !between(s.maxResults, CRAWL_LIMITS.maxResults))
    errors.push('Max Results must be a number between 1 and 5000');
  if ('maxDepth' in s && !between(s.maxDepth, CRAWL_LIMITS.maxDepth))
    errors.push('Max Depth must be a number between 1 and 50');
  if ('timeout' in s && !between(s.timeout, CRAWL_LIMITS.timeout))
    errors.push('Timeout must be a number between 1 and 9999999999');
  if ('engineType' in s && !ENGINE_TYPES.includes(s.engineType as EngineType))
    errors.push(`Engine Type must be one of: ${ENGINE_TYPES.join(', ')}`);
  for (const [key, label] of Object.entries(BOOLEAN_LABELS)) {
    if (key in s && typeof s[key] !== 'boolean') errors.push(`${label} must be a boolean`);
  }
  if ('extraction' in s && s.extraction !== null && typeof s.extraction !== 'string')
    errors.push('Extraction must be a string or null');
  if (
    'extractionSchema' in s &&
    s.extractionSchema !== null &&
    (typeof s.extractionSchema !== 'object' || Array.isArray(s.extractionSchema))
  )
    errors.push('Extraction schema must be a JSON Schema object');
  if (s.useSitemap === true && s.entireWebsite === true)
    errors.push('Entire Website and Use Sitemap cannot both be on');
  const known = new Set([
    'startUrl',
    'maxResults',
    'maxDepth',
    'timeout',
    'engineType',
    'extraction',
    'extractionSchema',
    ...Object.keys(BOOLEAN_LABELS),
  ]);
  for (const key of Object.keys(s)) if (!known.has(key)) errors.push(`Unknown field "${key}"`);
  return errors;
}
