import { describe, expect, it } from 'vitest';
import { decodeHtml } from './charset.js';

const hebrewIn1255 = Uint8Array.from([0xf9, 0xec, 0xe5, 0xed]); // "שלום" in windows-1255

describe('decodeHtml', () => {
  it('uses the Content-Type charset', () => {
    expect(decodeHtml(hebrewIn1255, 'text/html; charset=windows-1255')).toBe('שלום');
  });

  it('falls back to a meta charset in the document', () => {
    const bytes = Buffer.concat([
      Buffer.from('<meta charset="iso-8859-1"><p>'),
      Buffer.from([0xe9, 0x74, 0xe9]),
    ]);
    expect(decodeHtml(bytes, 'text/html')).toBe('<meta charset="iso-8859-1"><p>été');
  });

  it('defaults to UTF-8 and survives unknown labels', () => {
    expect(decodeHtml(Buffer.from('héllo'), null)).toBe('héllo');
    expect(decodeHtml(Buffer.from('héllo'), 'text/html; charset=x-unknown')).toBe('héllo');
  });
});
