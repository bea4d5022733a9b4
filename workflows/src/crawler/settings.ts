/** The longest robots.txt Crawl-delay honoured between two requests to a host; longer ones are cut to it. */
export const MAX_CRAWL_DELAY_SECONDS = 30;

/** How a page is fetched: plain HTTP with Cheerio, a real Chromium, or Auto (HTTP first, Chromium when needed). */
export type EngineType = 'cheerio' | 'playwright' | 'auto';

export const ENGINE_TYPES: readonly EngineType[] = ['cheerio', 'playwright', 'auto'];

/** Every setting of a crawl, as the Run crawl modal and `POST /crawls` take them. */
export interface CrawlSettings {
  /** The first page to fetch; its site bounds the crawl. */
  startUrl: string;
  /** Results to store at most, 1 to 5000. Ignored with `useSitemap` or `entireWebsite`. @default 10 */
  maxResults: number;
  /**
   * Link distance to follow, 1 to 50: the start page is depth 0, a page it links to depth 1, and so on.
   * Pages up to and including `maxDepth` are fetched. Ignored with `useSitemap` or `entireWebsite`.
   * @default 3
   */
  maxDepth: number;
  /** Crawl the URLs listed in the site's sitemaps instead of following links. @default false */
  useSitemap: boolean;
  /** Follow every same-site link regardless of depth, up to the server cap. @default false */
  entireWebsite: boolean;
  /** Keep links in the markdown as absolute URLs; off keeps their text only. @default true */
  includeLinks: boolean;
  /**
   * Keep only the page's main content: site chrome and boilerplate (navigation, sidebars, footers, banners,
   * sharing bars, related lists, comments) dropped. Off keeps the whole body. @default true
   */
  excludeNonMainTags: boolean;
  /** Keep blocks that repeat across pages of the crawl only once. @default true */
  deduplicateContent: boolean;
  /** @default 'auto' */
  engineType: EngineType;
  /** Send requests through the fixed-address egress proxy. @default false */
  useStaticIps: boolean;
  /** Minutes after which the crawl stops and ends `timed_out`. @default 60 */
  timeout: number;
  /** AI extraction instruction, or null. @default null */
  extraction: string | null;
  /** JSON Schema of the data each result carries with an extraction instruction, or null. @default null */
  extractionSchema?: Record<string, unknown> | null;
}

/** Bounds of the numeric settings, as SPEC.md section 9 gives them. */
export const CRAWL_LIMITS = {
  maxResults: { min: 1, max: 5000 },
  maxDepth: { min: 1, max: 50 },
  timeout: { min: 1, max: 9_999_999_999 },
} as const;

/** Defaults of every optional setting, as SPEC.md section 9 gives them. */
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

/**
 * Pages a sitemap or entire-website crawl stores at most. Max results and depth do not apply to those
 * modes, so this server cap keeps one crawl from running without bound.
 */
export const SERVER_PAGE_CAP = 5000;

/** How many results a crawl may store, taking the sitemap and entire-website modes into account. */
export function resultCap(
  settings: Pick<CrawlSettings, 'maxResults' | 'useSitemap' | 'entireWebsite'>,
): number {
  return settings.useSitemap || settings.entireWebsite ? SERVER_PAGE_CAP : settings.maxResults;
}
