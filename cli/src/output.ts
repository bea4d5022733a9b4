// Formatters shared by the commands: durations, dates, tables, JSON and CSV. Pure functions of their
// input, so they are tested without a terminal.
import type { Paint, Style } from './colors.js';

/**
 * Seconds as hours, minutes and seconds, leaving out leading zero units.
 * @example
 * formatDuration(45); // '45s'
 * formatDuration(3725); // '1h 2m 5s'
 */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return `${h}h ${m}m ${s}s`;
  if (m > 0) return `${m}m ${s}s`;
  return `${s}s`;
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

/** A timestamp in local time as `2025-11-22 12:14:05`, or `-` for none. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '-';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())} ${pad2(d.getHours())}:${pad2(d.getMinutes())}:${pad2(d.getSeconds())}`;
}

/** A timestamp's local time of day as `12:14:05`, for log lines; `--:--:--` for an unreadable one. */
export function formatTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '--:--:--';
  return `${pad2(d.getHours())}:${pad2(d.getMinutes())}:${pad2(d.getSeconds())}`;
}

/** Pretty JSON for `--json`: still one valid document, and readable when a person looks. */
export const toJson = (value: unknown): string => JSON.stringify(value, null, 2);

export interface Column {
  header: string;
  /** Numbers read best right-aligned. @default 'left' */
  align?: 'left' | 'right';
  /** The column that gives up width, with an ellipsis, when the table is wider than the terminal. */
  shrink?: boolean;
  /** A colour per cell, applied after padding so alignment ignores escape codes. */
  style?: (cell: string) => Style | undefined;
}

/**
 * Lays rows out in aligned columns under a bold header; one string per line.
 * @example
 * formatTable([{ header: 'ID' }, { header: 'RESULTS', align: 'right' }], [['a1', '8']]);
 */
export function formatTable(
  columns: Column[],
  rows: string[][],
  options: { maxWidth?: number | undefined; paint?: Paint } = {},
): string[] {
  const paint = options.paint ?? ((_style: Style, text: string) => text);
  const widths = columns.map((column, i) =>
    Math.max(column.header.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const gap = 2;
  const total = widths.reduce((sum, w) => sum + w, 0) + gap * (columns.length - 1);
  const shrinkIndex = columns.findIndex((c) => c.shrink);
  if (options.maxWidth && total > options.maxWidth && shrinkIndex >= 0) {
    widths[shrinkIndex] = Math.max(
      columns[shrinkIndex]!.header.length,
      12,
      widths[shrinkIndex]! - (total - options.maxWidth),
    );
  }
  const line = (cells: string[], header: boolean): string =>
    cells
      .map((raw, i) => {
        const column = columns[i]!;
        const width = widths[i]!;
        const cell = raw.length > width ? `${raw.slice(0, width - 1)}…` : raw;
        const last = i === cells.length - 1;
        const padded = column.align === 'right' ? cell.padStart(width) : last ? cell : cell.padEnd(width);
        const style = header ? 'bold' : column.style?.(raw);
        return style ? paint(style, padded) : padded;
      })
      .join(' '.repeat(gap));
  return [
    line(
      columns.map((c) => c.header),
      true,
    ),
    ...rows.map((row) => line(row, false)),
  ];
}

/**
 * Counts the data rows of an RFC 4180 document with a header row; newlines inside quoted fields (the
 * markdown column has many) do not end a row.
 */
export function countCsvRecords(csv: string): number {
  let rows = 0;
  let quoted = false;
  let rowHasContent = false;
  for (let i = 0; i < csv.length; i++) {
    const ch = csv[i];
    if (ch === '"') quoted = !quoted;
    if (!quoted && ch === '\n') {
      if (rowHasContent) rows++;
      rowHasContent = false;
    } else if (ch !== '\r') {
      rowHasContent = true;
    }
  }
  if (rowHasContent) rows++;
  return Math.max(0, rows - 1);
}
