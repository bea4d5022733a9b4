const META_CHARSET = /<meta[^>]+charset\s*=\s*["']?\s*([\w-]+)/i;

/**
 * Decodes an HTML body: a byte-order mark wins, then the Content-Type charset, then a `<meta>` charset
 * in the first 4 KB, then UTF-8. Unknown labels fall back to UTF-8 rather than failing the page.
 */
export function decodeHtml(bytes: Uint8Array, contentType: string | null): string {
  const label = bomCharset(bytes) ?? headerCharset(contentType) ?? metaCharset(bytes) ?? 'utf-8';
  let decoder: InstanceType<typeof TextDecoder>;
  try {
    decoder = new TextDecoder(label);
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  return decoder.decode(bytes);
}

function bomCharset(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  return null;
}

function headerCharset(contentType: string | null): string | null {
  const match = contentType?.match(/charset\s*=\s*"?([\w-]+)/i);
  return match?.[1]?.toLowerCase() ?? null;
}

function metaCharset(bytes: Uint8Array): string | null {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 4096));
  return head.match(META_CHARSET)?.[1]?.toLowerCase() ?? null;
}
