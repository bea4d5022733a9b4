import type { RenderSignals } from './extract.js';

/** Pages with less text than this, and scripts to produce more, are rendered by Auto. */
export const TINY_CONTENT_CHARS = 200;

/**
 * Whether the Auto engine should render a page fetched over HTTP in Chromium, and why. Only pages with
 * scripts qualify: a tiny static page stays tiny in a browser.
 */
export function needsRendering(signals: RenderSignals): { render: boolean; reason: string } {
  if (signals.emptyAppRoot) return { render: true, reason: `empty ${signals.emptyAppRoot} app shell` };
  if (signals.noscriptPrompt) return { render: true, reason: 'the page asks for JavaScript' };
  if (signals.scripts > 0 && signals.textLength < TINY_CONTENT_CHARS)
    return { render: true, reason: `only ${signals.textLength} characters of content without scripts` };
  return {
    render: false,
    reason: signals.scripts > 0 ? 'the HTML already holds the content' : 'a static page',
  };
}
