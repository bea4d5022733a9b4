import { describe, expect, it } from 'vitest';
import { createPaint } from './colors.js';
import { countCsvRecords, formatDate, formatDuration, formatTable } from './output.js';

describe('formatDuration', () => {
  it.each([
    [0, '0s'],
    [59.9, '59s'],
    [60, '1m 0s'],
    [125, '2m 5s'],
    [3600, '1h 0m 0s'],
    [3725, '1h 2m 5s'],
    [90061, '25h 1m 1s'],
    [-3, '0s'],
  ])('shows %s seconds as %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});

describe('formatDate', () => {
  it('shows local time to the second, and a dash for none', () => {
    const iso = '2025-03-04T05:06:07.890Z';
    const d = new Date(iso);
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(formatDate(iso)).toBe(
      `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:07`,
    );
    expect(formatDate(null)).toBe('-');
    expect(formatDate('not a date')).toBe('not a date');
  });
});

describe('formatTable', () => {
  const columns = [
    { header: 'ID' },
    { header: 'N', align: 'right' as const },
    { header: 'URL', shrink: true },
    { header: 'WHEN' },
  ];
  const rows = [
    ['a', '8', 'http://example.com/a/long/path', 'today'],
    ['bbbb', '10', 'http://x', 'yesterday'],
  ];

  it('aligns columns, numbers to the right, with no trailing spaces', () => {
    expect(formatTable(columns, rows)).toEqual([
      'ID     N  URL                             WHEN',
      'a      8  http://example.com/a/long/path  today',
      'bbbb  10  http://x                        yesterday',
    ]);
  });

  it('shrinks the shrinkable column with an ellipsis to fit the width', () => {
    const lines = formatTable(columns, rows, { maxWidth: 40 });
    expect(lines[1]).toBe('a      8  http://example.com…  today');
    expect(Math.max(...lines.map((l) => l.length))).toBe(40);
  });

  it('colours cells after padding so alignment holds', () => {
    const lines = formatTable([{ header: 'S', style: () => 'green' }, { header: 'X' }], [['ok', 'y']], {
      paint: createPaint(true),
    });
    expect(lines[0]).toBe('\u001b[1mS \u001b[22m  \u001b[1mX\u001b[22m');
    expect(lines[1]).toBe('\u001b[32mok\u001b[39m  y');
  });
});

describe('countCsvRecords', () => {
  it('counts rows after the header, ignoring newlines inside quoted fields', () => {
    const csv =
      'position,url,markdown\r\n1,http://a,"# A\r\n\r\ntext, with ""quotes"""\r\n2,http://b,plain\r\n';
    expect(countCsvRecords(csv)).toBe(2);
    expect(countCsvRecords(csv.trimEnd())).toBe(2);
    expect(countCsvRecords('position,url\r\n')).toBe(0);
    expect(countCsvRecords('')).toBe(0);
  });
});
