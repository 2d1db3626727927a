/**
 * The two sides of a gutter as columns of lines: a narrow column of entries beside a wide column of text is a sidebar
 * (zones.ts' isSidebar) or a column of side heads (sideheads.ts), told apart by where its blocks start against the
 * text's paragraphs. Both read the sides the same way, here.
 */
import type { Interval, Run } from '../types.js';
import type { InkRow } from './gutters.js';
import type { Row } from './rows.js';

/** A row's text on one side of a gutter. */
export interface SideLine {
  row: Row;
  /** The row's runs on this side. */
  runs: Run[];
  x0: number;
  x1: number;
}

/** Lines this many of their sizes apart (baseline to baseline) or more belong to different blocks. */
const BLOCK_ADVANCE = 1.6;
/** A line of text starts a paragraph after a line ending this many body ems short of the column's edge... */
const SHORT_LINE_EM = 2;
/** ...or when indented by this many body ems. */
const INDENT_EM = 0.5;

/** The rows' text left of the gutter (side 0) or right of it (side 1), a line per row that has some. */
export function sideLines(rows: InkRow[], gutter: Interval, side: 0 | 1): SideLine[] {
  return columnLines(rows, [gutter], side);
}

/** The lines that start a block: the first, and each one a block's advance below the line before. */
export function blockStarts(lines: SideLine[]): SideLine[] {
  return lines.filter((l, i) => i === 0 || l.row.baseline - lines[i - 1].row.baseline > BLOCK_ADVANCE * l.row.size);
}

/** The lines of a text column that start a paragraph: the first, and each after a blank, after a short line, or indented. */
export function paragraphStarts(lines: SideLine[], bodySize: number): SideLine[] {
  const lo = Math.min(...lines.map((l) => l.x0));
  const hi = Math.max(...lines.map((l) => l.x1));
  return lines.filter((l, i) => {
    const prev = lines[i - 1];
    if (!prev) return true;
    return (
      prev.x1 < hi - SHORT_LINE_EM * bodySize || l.row.baseline - prev.row.baseline > BLOCK_ADVANCE * l.row.size || l.x0 > lo + INDENT_EM * bodySize
    );
  });
}

/** A side line's text: its runs' (in their order across the row) joined by spaces. */
export const sideText = (l: SideLine) => l.runs.map((q) => q.text).join(' ');

/** The rows' text between two gutters (or a gutter and the page's edge), a line per row that has some. */
export function columnLines(rows: InkRow[], gutters: Interval[], column: number): SideLine[] {
  const lo = column === 0 ? -Infinity : gutters[column - 1][1] - 0.5;
  const hi = column === gutters.length ? Infinity : gutters[column][0] + 0.5;
  const lines: SideLine[] = [];
  for (const r of rows) {
    const runs = r.row.runs.filter((q) => q.x0 >= lo && q.x1 <= hi);
    if (runs.length) lines.push({ row: r.row, runs, x0: Math.min(...runs.map((q) => q.x0)), x1: Math.max(...runs.map((q) => q.x1)) });
  }
  return lines;
}

/** A centred line's middle is at most this many of its sizes off its block's middle... */
const CENTRE_EM = 0.3;
/** ...and a column's lines differ in length by this many of their sizes at least (else left-set lines of one width). */
const CENTRE_SPREAD_EM = 2;
/**
 * Lines of one line's blocks (a folio, a stray label) may be in the zone too, up to this share of a column's lines, or
 * one line in a short column (a box's "IMPACT" over its cards).
 */
const CENTRED_SHARE = 0.8;

/** A line's middle across. */
const mid = (l: SideLine) => (l.x0 + l.x1) / 2;

/**
 * Blocks of centred lines side by side (the labels under a slide's icons, a caption under each of two pictures):
 * every column's lines stand in blocks of two lines or more (but for a stray line), each line centred on its block's middle while their
 * lengths differ. A table's cells are not set so, row after row, in every column: a wrapped header over one-line
 * cells, a column of numbers, a term's one line beside its description all fail it. The zone is read as columns,
 * each block whole, instead of row by row.
 */
export function centredBlocks(rows: InkRow[], gutters: Interval[]): boolean {
  if (gutters.length === 0) return false;
  for (let j = 0; j <= gutters.length; j++) {
    const lines = columnLines(rows, gutters, j);
    if (lines.length < 2) return false;
    const blocks: SideLine[][] = [];
    lines.forEach((l, i) => {
      const prev = lines[i - 1];
      // A figure set large over its label, centred on it (a report's "3,600+" over "Vulnerabilities reported"), is
      // one block with it: the advance is the larger size's, and the change of size parts nothing centred so.
      const stacked = !!prev && prev.row.size > l.row.size && Math.abs(mid(prev) - mid(l)) <= CENTRE_EM * l.row.size;
      const apart =
        !prev ||
        l.row.baseline - prev.row.baseline > BLOCK_ADVANCE * (stacked ? prev.row.size : l.row.size) ||
        (!stacked && Math.abs(l.row.size - prev.row.size) > 0.1 * prev.row.size);
      if (apart) blocks.push([l]);
      else blocks[blocks.length - 1].push(l);
    });
    let centred = 0;
    let [narrowest, widest, size] = [Infinity, -Infinity, Infinity];
    for (const b of blocks) {
      if (b.length < 2) continue;
      const middle = b.reduce((s, l) => s + mid(l), 0) / b.length;
      if (b.some((l) => Math.abs(mid(l) - middle) > CENTRE_EM * l.row.size)) return false;
      for (const l of b) {
        narrowest = Math.min(narrowest, l.x1 - l.x0);
        widest = Math.max(widest, l.x1 - l.x0);
      }
      size = Math.min(size, ...b.map((l) => l.row.size));
      centred += b.length;
    }
    if (centred < Math.min(CENTRED_SHARE * lines.length, lines.length - 1) || widest - narrowest < CENTRE_SPREAD_EM * size) return false;
  }
  return true;
}
