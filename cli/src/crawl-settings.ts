// Turns `trawl crawl` flags into the API's crawl settings, sending only what the user gave so the
// server's defaults stay the single source of defaults, and checking them with the SDK's own rules
// before any request so bad input never creates a crawl.
import { readFileSync } from 'node:fs';
import { validateCrawlSettings, type StartCrawlRequest } from '@trawl/sdk';
import { CliError, EXIT_USAGE } from './errors.js';

/** The crawl flags as commander parses them; numbers stay text until {@link buildCrawlSettings}. */
export interface CrawlFlags {
  maxResults?: string;
  maxDepth?: string;
  engine?: string;
  sitemap?: boolean;
  entireWebsite?: boolean;
  includeLinks?: boolean;
  excludeNonMainTags?: boolean;
  dedup?: boolean;
  timeout?: string;
  extraction?: string;
  /** A JSON Schema file, read into `extractionSchema`. */
  extractionSchema?: string;
  staticIps?: boolean;
}

type SettingKey = Exclude<keyof StartCrawlRequest, 'startUrl'>;

/** Flag (commander's camel-cased name) to setting, and whether the flag carries a whole number. */
export const FLAG_SETTINGS: ReadonlyArray<{ flag: keyof CrawlFlags; setting: SettingKey; numeric?: true }> = [
  { flag: 'maxResults', setting: 'maxResults', numeric: true },
  { flag: 'maxDepth', setting: 'maxDepth', numeric: true },
  { flag: 'timeout', setting: 'timeout', numeric: true },
  { flag: 'engine', setting: 'engineType' },
  { flag: 'sitemap', setting: 'useSitemap' },
  { flag: 'entireWebsite', setting: 'entireWebsite' },
  { flag: 'includeLinks', setting: 'includeLinks' },
  { flag: 'excludeNonMainTags', setting: 'excludeNonMainTags' },
  { flag: 'dedup', setting: 'deduplicateContent' },
  { flag: 'extraction', setting: 'extraction' },
  { flag: 'staticIps', setting: 'useStaticIps' },
];

/**
 * Reads a whole number strictly: digits only, so `2.5`, `10x`, `1e3` and `abc` stay text and the
 * validator rejects them with the API's message instead of being silently rounded or truncated.
 */
export function parseWholeNumber(text: string): number | string {
  const trimmed = text.trim();
  return /^\+?\d+$/.test(trimmed) ? Number(trimmed) : text;
}

/** Which field a validator message is about: the SDK returns messages, the API names fields. */
const MESSAGE_FIELDS: ReadonlyArray<[prefix: string, path: string]> = [
  ['Start URL', 'startUrl'],
  ['Max Results', 'maxResults'],
  ['Max Depth', 'maxDepth'],
  ['Timeout', 'timeout'],
  ['Engine Type', 'engineType'],
  ['Use Sitemap', 'useSitemap'],
  ['Entire Website', 'entireWebsite'],
  ['Include Links', 'includeLinks'],
  ['Exclude Non Main Tags', 'excludeNonMainTags'],
  ['Use Static IPs', 'useStaticIps'],
  ['Deduplicate Content', 'deduplicateContent'],
  ['Extraction schema', 'extractionSchema'],
  ['Extraction', 'extraction'],
];

const fieldOf = (message: string): string =>
  MESSAGE_FIELDS.find(([prefix]) => message.startsWith(prefix))?.[1] ?? 'settings';

/**
 * Builds the request body from the URL and the flags the user actually gave (`given` says which:
 * commander fills in defaults for `--no-*` flags that must not be sent). Throws a `validation_error`
 * (exit code 2, as for any invalid input) listing every bad setting with the API's messages.
 *
 * @example
 * buildCrawlSettings('https://example.com', { maxResults: '8', dedup: false }, () => true);
 * // { startUrl: 'https://example.com', maxResults: 8, deduplicateContent: false }
 */
export function buildCrawlSettings(
  url: string,
  flags: CrawlFlags,
  given: (flag: keyof CrawlFlags) => boolean,
): StartCrawlRequest {
  const settings: Record<string, unknown> = { startUrl: url.trim() };
  for (const { flag, setting, numeric } of FLAG_SETTINGS) {
    const value = flags[flag];
    if (value === undefined || !given(flag)) continue;
    settings[setting] = numeric && typeof value === 'string' ? parseWholeNumber(value) : value;
  }
  if (flags.extractionSchema !== undefined && given('extractionSchema'))
    settings.extractionSchema = readExtractionSchema(flags.extractionSchema);
  const problems = validateCrawlSettings(settings);
  if (problems.length > 0) {
    const details = problems.map((message) => ({ path: fieldOf(message), message }));
    throw new CliError('Invalid crawl settings', { code: 'validation_error', exitCode: EXIT_USAGE, details });
  }
  return settings as StartCrawlRequest;
}

/**
 * Reads `--extraction-schema <file>`: a JSON Schema as a JSON object. An unreadable file or text that is
 * not JSON is a `validation_error` (exit code 2) naming the file; the server checks the schema itself.
 */
export function readExtractionSchema(file: string): unknown {
  const fail = (message: string): never => {
    throw new CliError('Invalid crawl settings', {
      code: 'validation_error',
      exitCode: EXIT_USAGE,
      details: [{ path: 'extractionSchema', message }],
    });
  };
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch (err: unknown) {
    const reason = (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message;
    fail(`Cannot read the extraction schema file ${file}: ${reason}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (err: unknown) {
    return fail(`The extraction schema file ${file} is not valid JSON: ${(err as Error).message}`);
  }
}
