/** The product token robots.txt groups are matched against, case-insensitively. */
export const ROBOTS_AGENT = 'trawl';

interface Rule {
  allow: boolean;
  pattern: string;
  regex: RegExp;
}

export interface RobotsRules {
  /** Whether the path (with query) of `url` may be fetched. */
  isAllowed(url: string): boolean;
  /** Seconds between requests the site asks of this agent, if any. */
  crawlDelay: number | null;
  /** Sitemap URLs listed anywhere in the file. */
  sitemaps: string[];
}

export const ALLOW_ALL: RobotsRules = { isAllowed: () => true, crawlDelay: null, sitemaps: [] };
export const DISALLOW_ALL: RobotsRules = { isAllowed: () => false, crawlDelay: null, sitemaps: [] };

/**
 * Parses robots.txt per RFC 9309: the groups naming `agent` apply (merged when several do), otherwise
 * the `*` groups; the longest matching pattern wins and Allow wins a tie; `*` and a final `$` are
 * wildcards. Crawl-delay, which the RFC leaves out, is read from the same group.
 */
export function parseRobots(text: string, agent = ROBOTS_AGENT): RobotsRules {
  const groups: Array<{ agents: string[]; rules: Rule[]; delay: number | null }> = [];
  const sitemaps: string[] = [];
  let current: (typeof groups)[number] | null = null;
  let lastWasAgent = false;

  for (const rawLine of text.slice(0, 512 * 1024).split(/\r\n|\r|\n/)) {
    const line = rawLine.replace(/#.*/, '').trim();
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'sitemap') {
      if (value) sitemaps.push(value);
      continue;
    }
    if (key === 'user-agent') {
      if (!current || !lastWasAgent) {
        current = { agents: [], rules: [], delay: null };
        groups.push(current);
      }
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if (!current) continue;
    if ((key === 'allow' || key === 'disallow') && value) {
      current.rules.push({ allow: key === 'allow', pattern: value, regex: patternToRegex(value) });
    } else if (key === 'crawl-delay') {
      const seconds = Number(value);
      if (Number.isFinite(seconds) && seconds >= 0) current.delay = seconds;
    }
  }

  const token = agent.toLowerCase();
  let matched = groups.filter((g) => g.agents.some((a) => a !== '*' && token.startsWith(a.split('/')[0]!)));
  if (matched.length === 0) matched = groups.filter((g) => g.agents.includes('*'));
  const rules = matched.flatMap((g) => g.rules);
  const delay = matched.map((g) => g.delay).find((d) => d !== null) ?? null;

  return {
    sitemaps,
    crawlDelay: delay,
    isAllowed(url) {
      const u = new URL(url);
      const path = `${u.pathname}${u.search}`;
      if (path === '/robots.txt') return true;
      let best: Rule | null = null;
      for (const rule of rules) {
        if (!rule.regex.test(path)) continue;
        if (
          !best ||
          rule.pattern.length > best.pattern.length ||
          (rule.pattern.length === best.pattern.length && rule.allow)
        )
          best = rule;
      }
      return best ? best.allow : true;
    },
  };
}

function patternToRegex(pattern: string): RegExp {
  const anchored = pattern.endsWith('$');
  const body = (anchored ? pattern.slice(0, -1) : pattern)
    .split('*')
    .map((part) => normalizePercent(part).replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}${anchored ? '$' : ''}`);
}

/** Patterns and paths are compared with percent-encodings in one canonical (upper-case) form. */
function normalizePercent(text: string): string {
  return text.replace(/%[0-9a-f]{2}/gi, (m) => m.toUpperCase());
}
