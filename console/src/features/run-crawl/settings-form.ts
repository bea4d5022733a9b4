// The Run crawl form's state: numbers are kept as typed text so that a half-typed value can be
// shown and checked; conversions to and from the settings the API takes, and the form's checks.
import {
  CRAWL_LIMITS,
  DEFAULT_CRAWL_SETTINGS,
  isValidStartUrl,
  validateCrawlSettings,
  type Crawl,
  type CrawlSettings,
  type EngineType,
} from '@trawl/sdk';

export interface SettingsForm {
  startUrl: string;
  maxResults: string;
  maxDepth: string;
  timeout: string;
  useSitemap: boolean;
  entireWebsite: boolean;
  includeLinks: boolean;
  excludeNonMainTags: boolean;
  deduplicateContent: boolean;
  useStaticIps: boolean;
  engineType: EngineType;
  extraction: string;
  /** Set only through the JSON editor (or a recrawl): carried along as it is. */
  extractionSchema?: Record<string, unknown> | null;
}

export type FieldErrors = Partial<Record<keyof SettingsForm, string>>;

/**
 * SPEC section 5: the form's max depth input takes 1 to 99, while the API (and the JSON check) stop at 50:
 * a deeper value runs as 50, and the field says so.
 */
export const FORM_INPUT_MAX = { maxResults: 5000, maxDepth: 99, timeout: CRAWL_LIMITS.timeout.max } as const;

export const MESSAGES = {
  startUrl: 'Start URL must be a valid URL',
  maxResults: 'Max Results must be a number between 1 and 5000',
  maxDepth: 'Max Depth must be a number between 1 and 99',
  maxDepthCapped: `Crawls follow links at most ${CRAWL_LIMITS.maxDepth.max} levels deep: this one stops at ${CRAWL_LIMITS.maxDepth.max}`,
  timeout: 'Timeout must be a number between 1 and 9999999999',
  invalidJson: 'Invalid JSON format',
  unparsableJson: 'Failed to parse JSON',
} as const;

export function toForm(settings: Omit<CrawlSettings, 'startUrl'> & { startUrl?: string }): SettingsForm {
  return {
    startUrl: settings.startUrl ?? '',
    maxResults: String(settings.maxResults),
    maxDepth: String(settings.maxDepth),
    timeout: String(settings.timeout),
    useSitemap: settings.useSitemap,
    entireWebsite: settings.entireWebsite,
    includeLinks: settings.includeLinks,
    excludeNonMainTags: settings.excludeNonMainTags,
    deduplicateContent: settings.deduplicateContent,
    useStaticIps: settings.useStaticIps,
    engineType: settings.engineType,
    extraction: settings.extraction ?? '',
    ...(settings.extractionSchema ? { extractionSchema: settings.extractionSchema } : {}),
  };
}

const toNumber = (text: string): number | null => (/^\d+$/.test(text) ? Number(text) : null);

/** The depth the API runs for what the form holds: 51 to 99 run as 50. */
const apiDepth = (text: string): number | null => {
  const n = toNumber(text);
  return n === null ? null : Math.min(n, CRAWL_LIMITS.maxDepth.max);
};

/** The settings the form describes; a number field that holds no number becomes null (and fails the checks). */
export function fromForm(
  form: SettingsForm,
): Record<Exclude<keyof CrawlSettings, 'extractionSchema'>, unknown> & { extractionSchema?: unknown } {
  return {
    startUrl: form.startUrl.trim(),
    maxResults: toNumber(form.maxResults),
    maxDepth: apiDepth(form.maxDepth),
    useSitemap: form.useSitemap,
    entireWebsite: form.entireWebsite,
    includeLinks: form.includeLinks,
    excludeNonMainTags: form.excludeNonMainTags,
    deduplicateContent: form.deduplicateContent,
    engineType: form.engineType,
    useStaticIps: form.useStaticIps,
    timeout: toNumber(form.timeout),
    extraction: form.extraction.trim() ? form.extraction : null,
    ...(form.extractionSchema ? { extractionSchema: form.extractionSchema } : {}),
  };
}

const within = (text: string, max: number): boolean => {
  const n = toNumber(text);
  return n !== null && n >= 1 && n <= max;
};

/**
 * The form as it can run here: 'Use static IPs' is off where the server has no static IP (`staticIp` null) or
 * for a try-out visitor, whatever a recrawled crawl had. The switch shows off, so off is what is sent.
 * `staticIp` undefined (not known yet) leaves the choice to the server.
 */
export function withAvailableStaticIps(
  form: SettingsForm,
  staticIp: string | null | undefined,
  isPublic: boolean,
): SettingsForm {
  const unavailable = isPublic || staticIp === null;
  return unavailable && form.useStaticIps ? { ...form, useStaticIps: false } : form;
}

/** Whether the form's max depth is deeper than crawls go (it runs as 50). */
export const depthCapped = (form: SettingsForm): boolean =>
  (toNumber(form.maxDepth) ?? 0) > CRAWL_LIMITS.maxDepth.max && !form.useSitemap && !form.entireWebsite;

/** The form's own checks, one message per field. An empty start URL has no message, only a disabled button. */
export function formErrors(form: SettingsForm): FieldErrors {
  const errors: FieldErrors = {};
  if (form.startUrl.trim() && !isValidStartUrl(form.startUrl)) errors.startUrl = MESSAGES.startUrl;
  // With the sitemap or the entire website, max results and max depth are off and not checked.
  const limitsOff = form.useSitemap || form.entireWebsite;
  if (!limitsOff && !within(form.maxResults, CRAWL_LIMITS.maxResults.max))
    errors.maxResults = MESSAGES.maxResults;
  if (!limitsOff && !within(form.maxDepth, FORM_INPUT_MAX.maxDepth)) errors.maxDepth = MESSAGES.maxDepth;
  if (!within(form.timeout, CRAWL_LIMITS.timeout.max)) errors.timeout = MESSAGES.timeout;
  return errors;
}

export const canStart = (form: SettingsForm): boolean =>
  isValidStartUrl(form.startUrl) && Object.keys(formErrors(form)).length === 0;

/** Whole numbers only: drops every character that is not a digit (no signs, no decimals). */
export const digitsOnly = (text: string): string => text.replace(/\D/g, '');

/** The settings to start from a form that passed its checks; an unchecked (switched off) limit keeps its default. */
export function settingsFromForm(form: SettingsForm): CrawlSettings {
  return {
    ...(fromForm(form) as CrawlSettings),
    maxResults: within(form.maxResults, FORM_INPUT_MAX.maxResults)
      ? Number(form.maxResults)
      : DEFAULT_CRAWL_SETTINGS.maxResults,
    maxDepth: within(form.maxDepth, FORM_INPUT_MAX.maxDepth)
      ? apiDepth(form.maxDepth)!
      : DEFAULT_CRAWL_SETTINGS.maxDepth,
    timeout: Number(form.timeout),
  };
}

export const formToJson = (form: SettingsForm): string => JSON.stringify(fromForm(form), null, 2);

/** Parses the JSON editor's text; `errors` are the SPEC's JSON-mode messages. */
export function parseJsonSettings(text: string): {
  settings: Partial<CrawlSettings> | null;
  errors: string[];
} {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err: unknown) {
    return {
      settings: null,
      errors: [err instanceof SyntaxError ? MESSAGES.invalidJson : MESSAGES.unparsableJson],
    };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    return { settings: null, errors: [MESSAGES.unparsableJson] };
  const errors = validateCrawlSettings(value);
  return { settings: errors.length ? null : (value as Partial<CrawlSettings>), errors };
}

/** Full settings from a partial, valid JSON object: what it leaves out keeps the server default. */
export function completeSettings(partial: Partial<CrawlSettings>): CrawlSettings {
  const settings = { ...DEFAULT_CRAWL_SETTINGS, startUrl: '', ...partial };
  return {
    ...settings,
    startUrl: settings.startUrl.trim(),
    extraction: settings.extraction?.trim() ? settings.extraction : null,
  };
}

/** The settings a crawl ran with, to crawl again. */
export function settingsFromCrawl(crawl: Crawl): CrawlSettings {
  return {
    startUrl: crawl.startUrls[0] ?? '',
    maxResults: crawl.maxResults,
    maxDepth: crawl.maxDepth,
    useSitemap: crawl.useSitemap,
    entireWebsite: crawl.entireWebsite,
    includeLinks: crawl.includeLinks,
    excludeNonMainTags: crawl.excludeNonMainTags,
    deduplicateContent: crawl.deduplicateContent,
    engineType: crawl.engineType,
    useStaticIps: crawl.useStaticIps,
    timeout: crawl.timeout,
    extraction: crawl.extraction,
    ...(crawl.extractionSchema ? { extractionSchema: crawl.extractionSchema } : {}),
  };
}

/** Maps a 400's `details` to the form's fields. */
export function detailsToFieldErrors(details: { path: string; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const { path, message } of details) {
    const key = path.split('.')[0] as keyof SettingsForm;
    if (key && !errors[key]) errors[key] = message;
  }
  return errors;
}
