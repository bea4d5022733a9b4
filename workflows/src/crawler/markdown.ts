import TurndownService from 'turndown';

export interface MarkdownOptions {
  /** Keep links as `[text](url)` with absolute URLs; off keeps their text only (and images' alt text). */
  includeLinks: boolean;
}

type TNode = Node;

function isWebLink(href: string | null): boolean {
  return Boolean(href && /^(https?:|mailto:)/i.test(href));
}

function cell(content: string, node: TNode): string {
  const siblings: Node[] = Array.from(node.parentNode?.childNodes ?? []).filter(
    (n) => n.nodeName === 'TH' || n.nodeName === 'TD',
  );
  const text = content.replace(/\n+/g, ' ').replace(/\|/g, '\\|').trim();
  return `${siblings.indexOf(node) === 0 ? '| ' : ' '}${text} |`;
}

function isFirstRow(row: TNode): boolean {
  const table = row.parentNode?.nodeName === 'TABLE' ? row.parentNode : row.parentNode?.parentNode;
  if (!table) return false;
  const rows = (table as unknown as Element).querySelectorAll('tr');
  return rows[0] === (row as unknown as Element);
}

function createTurndown(includeLinks: boolean): TurndownService {
  const service = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '_',
    hr: '---',
  });

  service.addRule('listItem', {
    filter: 'li',
    replacement(content, node, options) {
      const parent = node.parentNode as HTMLElement | null;
      let prefix = `${options.bulletListMarker} `;
      if (parent?.nodeName === 'OL') {
        const start = Number(parent.getAttribute('start') ?? 1);
        prefix = `${start + Array.prototype.indexOf.call(parent.children, node)}. `;
      }
      const body = content
        .replace(/^\n+/, '')
        .replace(/\n+$/, '\n')
        .replace(/\n/gm, `\n${' '.repeat(prefix.length)}`);
      return prefix + body + (node.nextSibling && !/\n$/.test(body) ? '\n' : '');
    },
  });

  // Preformatted text without a <code> inside is a code block too; turndown would reflow it as prose.
  service.addRule('preformatted', {
    filter: (node) => node.nodeName === 'PRE' && node.firstElementChild?.nodeName !== 'CODE',
    replacement(_content, node) {
      const text = (node.textContent ?? '').replace(/\n+$/, '');
      const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
      const fence = '`'.repeat(Math.max(3, longest + 1));
      return `\n\n${fence}\n${text}\n${fence}\n\n`;
    },
  });

  service.addRule('tableCell', {
    filter: ['th', 'td'],
    replacement: (content, node) => cell(content, node as TNode),
  });
  service.addRule('tableRow', {
    filter: 'tr',
    replacement(content, node) {
      const row = node as TNode;
      if (!isFirstRow(row)) return `\n${content}`;
      const cells: Node[] = Array.from(row.childNodes).filter(
        (n) => n.nodeName === 'TH' || n.nodeName === 'TD',
      );
      return `\n${content}\n${cells.map((c) => cell('---', c)).join('')}`;
    },
  });
  service.addRule('table', {
    filter: 'table',
    replacement: (content) => `\n\n${content.replace(/\n\n+/g, '\n').trim()}\n\n`,
  });
  service.addRule('tableSection', { filter: ['thead', 'tbody', 'tfoot'], replacement: (content) => content });
  service.addRule('caption', { filter: 'caption', replacement: () => '' });

  if (includeLinks) {
    // Links that are not web or mail addresses (javascript:, tel:, in-page anchors) keep their text only.
    service.addRule('nonWebLink', {
      filter: (node) => node.nodeName === 'A' && !isWebLink(node.getAttribute('href')),
      replacement: (content) => content,
    });
  } else {
    service.addRule('linkText', { filter: 'a', replacement: (content) => content });
    service.addRule('imageAlt', {
      filter: 'img',
      replacement: (_content, node) => (node as HTMLElement).getAttribute('alt') ?? '',
    });
  }
  // Links that carry no text (icons, empty anchors) only add noise.
  service.addRule('emptyLink', {
    filter: (node) => node.nodeName === 'A' && !node.textContent?.trim() && !node.querySelector('img'),
    replacement: () => '',
  });
  return service;
}

const withLinks = createTurndown(true);
const withoutLinks = createTurndown(false);

/** Converts content (an HTML string or an element) to markdown, trimming the blank lines and trailing spaces turndown leaves. */
export function htmlToMarkdown(html: string | Element, options: MarkdownOptions): string {
  const service = options.includeLinks ? withLinks : withoutLinks;
  return service
    .turndown(html as string | TurndownService.Node)
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Whether markdown holds anything a reader would see: a word, a number or an image. Markup alone
 * (rules, empty table cells, link syntax around nothing) is not content, and a result without content
 * is never stored.
 */
export function hasMarkdownContent(markdown: string): boolean {
  if (/!\[[^\]]*\]\(\s*[^)\s]/.test(markdown)) return true;
  return /[\p{L}\p{N}]/u.test(markdown.replace(/\]\([^)]*\)/g, ']'));
}
