// What marks an element as content or as boilerplate, by tag, role, class and id. The class and id
// patterns are the ones Mozilla's Readability and trafilatura have refined over years of real pages.

/** Never content in any mode: not rendered as text, or not part of the page's text at all. */
export const NEVER_CONTENT = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'iframe',
  'object',
  'embed',
  'canvas',
  'svg',
  'link',
  'meta',
  'head',
]);

/** Site chrome by tag: navigation, complementary content, dialogs. */
export const CHROME_TAGS = new Set(['nav', 'aside', 'footer', 'dialog', 'menu']);

export const CHROME_ROLES = new Set([
  'navigation',
  'banner',
  'contentinfo',
  'complementary',
  'search',
  'menu',
  'menubar',
  'dialog',
  'alertdialog',
  'alert',
]);

/** Removed from the chosen content: controls and embeds that carry no article text. */
export const CONTROL_TAGS = new Set([
  'button',
  'input',
  'select',
  'textarea',
  'option',
  'label',
  'fieldset',
  'video',
  'audio',
  'map',
]);

/** Elements that start a new block of text: text on either side of them is not one paragraph. */
export const BLOCK_TAGS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'body',
  'dd',
  'details',
  'dialog',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
]);

export const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/** Containers that are never the article itself, whatever their class says. */
export const TAG_WEIGHT: Record<string, number> = {
  div: 5,
  article: 5,
  section: 3,
  main: 5,
  pre: 3,
  td: 3,
  blockquote: 3,
  address: -3,
  ol: -3,
  ul: -3,
  dl: -3,
  dd: -3,
  dt: -3,
  li: -3,
  form: -3,
  h1: -5,
  h2: -5,
  h3: -5,
  h4: -5,
  h5: -5,
  h6: -5,
  th: -5,
};

/** Readability's unlikely candidates: chrome by class or id, dropped before scoring unless `MAYBE_CONTENT` too. */
export const UNLIKELY =
  /-ad-|ai2html|banner|breadcrumbs|combx|comment|community|cover-wrap|disqus|extra|footer|gdpr|header|legends|menu|related|remark|replies|rss|shoutbox|sidebar|skyscraper|social|sponsor|supplemental|ad-break|agegate|pagination|pager|popup|yom-remote/i;
export const MAYBE_CONTENT = /and|article|body|column|content|main|shadow/i;

/** Class and id words that raise or lower an element's weight (Readability's lists). */
export const POSITIVE =
  /article|body|content|entry|hentry|h-entry|main|page|pagination|post|text|blog|story/i;
export const NEGATIVE =
  /-ad-|hidden|^hid$| hid$| hid |^hid |banner|combx|comment|com-|contact|footer|gdpr|masthead|media|meta|outbrain|promo|related|scroll|share|shoutbox|sidebar|skyscraper|sponsor|shopping|tags|widget/i;

/** Cookie and consent banners, dropped wherever they are. */
export const BANNER = /(^|[\s_-])(cookie|cookies|consent|gdpr|cc-banner|cookiebar|onetrust)([\s_-]|$)/i;

/**
 * Boilerplate inside an article's container, by class or id (after trafilatura's discard list): sharing
 * bars, related and most-read lists, newsletter boxes, bylines and datelines, captions, tags, comments,
 * ads. Whole words here; `BOILERPLATE_PART` matches inside longer names too (`newsCaption`, `sharebar`).
 */
export const BOILERPLATE =
  /(^|[\s_-])(nav|navbar|navigation|subnav|menu|ad|ads|adv|tags?|tag-list|taglist|date|dates|meta|print|login|rating|toolbar|pagination|trending|premium|paywall|published|pubdate|author|authors|subscribe|subscription|signup|sign-up|syndication|viral|next-post|prev-post)([\s_-]|$)/i;
export const BOILERPLATE_PART =
  /caption|credit|byline|newsletter|related|share|sharing|social|sociable|sponsor|advert|promo|outbrain|taboola|criteo|recirc|comment|disqus|breadcrumb|dateline|timestamp|most-?popular|most-?read|read-?more|more-?stories/i;

/** Content containers by their usual class or id (trafilatura's body expressions), most specific first. */
export const CONTENT_HINT =
  /(^|[\s_-])(article-?body|articlebody|article__body|article-?content|article__content|article-?text|articletext|story-?body|story-?content|storycontent|post-?body|post-?content|postcontent|post-?entry|post-?text|entry-?content|entry-?body|body-?text|text-?content|content-?body|rich-?text|main-?content)([\s_-]|$)/i;

/** Commas as written in Latin, Arabic, Chinese and other scripts (Readability's list). */
export const COMMAS = /[\u002C\u060C\uFE50\uFE10\uFE11\u2E41\u2E34\u2E32\uFF0C\u3001]/g;

/** An element's class and id, the words the patterns look at. */
export function classAndId(el: Element): string {
  const cls = el.getAttribute('class');
  const id = el.getAttribute('id');
  return cls && id ? `${cls} ${id}` : (cls ?? id ?? '');
}

/** Readability's class weight: +25 for a content-like class or id, -25 for a boilerplate-like one, each. */
export function classWeight(el: Element): number {
  let weight = 0;
  for (const name of [el.getAttribute('class'), el.getAttribute('id')]) {
    if (!name) continue;
    if (NEGATIVE.test(name)) weight -= 25;
    if (POSITIVE.test(name)) weight += 25;
  }
  return weight;
}

/** An embedded post (a tweet, an Instagram post) quoted in the article: its wrapper is named for the network. */
export function isEmbeddedQuote(el: Element, names: string): boolean {
  return /embed/i.test(names) && el.querySelector('blockquote') != null;
}
