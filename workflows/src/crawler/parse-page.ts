import { decodeHtml } from './charset.js';
import { hashContent, splitBlocks, type ContentBlock } from './dedup.js';
import { extractPage, type RenderSignals } from './extract.js';
import type { PageBody } from './http-client.js';
import { htmlToMarkdown } from './markdown.js';

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
  markdown: string;
  dedup: { blocks: ContentBlock[]; contentHash: number } | null;
}

/** The CPU-heavy part of processing a page, with no I/O: run inline or on a parse worker. */
export function parsePage(input: ParseInput): ParsedPage {
  const html = 'html' in input ? input.html : decodeHtml(input.bytes, input.contentType);
  const page = extractPage(html, input.url, { excludeNonMainTags: input.excludeNonMainTags });
  const markdown = htmlToMarkdown(page.content, { includeLinks: input.includeLinks });
  return {
    title: page.title,
    links: page.links,
    canonicalUrl: page.canonicalUrl,
    fellBackToBody: page.fellBackToBody,
    signals: page.signals,
    markdown,
    dedup: input.dedup ? { blocks: splitBlocks(markdown), contentHash: hashContent(markdown) } : null,
  };
}
