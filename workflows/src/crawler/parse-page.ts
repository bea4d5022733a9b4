import { decodeHtml } from './charset.js';
import { hashContent, splitBlocks, type ContentBlock } from './dedup.js';
import { extractPage, type RenderSignals } from './extract.js';
import type { PageBody } from './http-client.js';
import { hasMarkdownContent, htmlToMarkdown } from './markdown.js';

export type ParseInput = PageBody & {
  /** The page's final URL, for resolving links. */
  url: string;
  excludeNonMainTags: boolean;
  includeLinks: boolean;
  /** Also split the markdown into hashed blocks for deduplication. */
  dedup: boolean;
};

export interface ParsedPage {
  title: string;
  links: string[];
  canonicalUrl: string | null;
  fellBackToBody: boolean;
  signals: RenderSignals;
  /** The page's content as markdown; empty, or markup only, when the page has none (see `hasMarkdownContent`). */
  markdown: string;
  dedup: { blocks: ContentBlock[]; contentHash: number } | null;
}

/** The CPU-heavy part of processing a page, with no I/O: run inline or on a parse worker. */
export function parsePage(input: ParseInput): ParsedPage {
  const html = 'html' in input ? input.html : decodeHtml(input.bytes, input.contentType);
  const page = extractPage(html, input.url, { excludeNonMainTags: input.excludeNonMainTags });
  let markdown = htmlToMarkdown(page.content, { includeLinks: input.includeLinks });
  let fellBackToBody = page.fellBackToBody;
  if (!hasMarkdownContent(markdown) && input.excludeNonMainTags && !fellBackToBody) {
    // The main content found reads as nothing in markdown (an image without alt text when links are
    // off, an empty table): the whole body instead, as when nothing was found.
    const body = extractPage(html, input.url, { excludeNonMainTags: false });
    markdown = htmlToMarkdown(body.content, { includeLinks: input.includeLinks });
    fellBackToBody = true;
  }
  return {
    title: page.title,
    links: page.links,
    canonicalUrl: page.canonicalUrl,
    fellBackToBody,
    signals: page.signals,
    markdown,
    dedup: input.dedup ? { blocks: splitBlocks(markdown), contentHash: hashContent(markdown) } : null,
  };
}
