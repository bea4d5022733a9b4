// The 'crawl-settings' key (SPEC section 3): the last-used settings; their max results and max depth
// seed a new crawl's defaults.
import { CRAWL_LIMITS, DEFAULT_CRAWL_SETTINGS, type CrawlSettings } from '@trawl/sdk';
import { readStoredJson, writeStored } from '../../lib/local-storage';

const KEY = 'crawl-settings';

const inRange = (value: unknown, bounds: { min: number; max: number }): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= bounds.min && value <= bounds.max;

/** The defaults of a new crawl: the server's, with the last-used max results and max depth. */
export function newCrawlDefaults(): Omit<CrawlSettings, 'startUrl'> {
  const saved = readStoredJson(KEY) as Partial<CrawlSettings> | null;
  return {
    ...DEFAULT_CRAWL_SETTINGS,
    maxResults: inRange(saved?.maxResults, CRAWL_LIMITS.maxResults)
      ? saved.maxResults
      : DEFAULT_CRAWL_SETTINGS.maxResults,
    maxDepth: inRange(saved?.maxDepth, CRAWL_LIMITS.maxDepth)
      ? saved.maxDepth
      : DEFAULT_CRAWL_SETTINGS.maxDepth,
  };
}

export function saveLastUsedSettings(settings: CrawlSettings): void {
  writeStored(KEY, JSON.stringify(settings));
}
