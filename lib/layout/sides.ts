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
  const lines: SideLine[] = [];
  for (const r of rows) {
    const runs = r.row.runs.filter((q) => (side === 0 ? q.x1 <= gutter[0] + 0.5 : q.x0 >= gutter[1] - 0.5));
    if (runs.length) lines.push({ row: r.row, runs, x0: Math.min(...runs.map((q) => q.x0)), x1: Math.max(...runs.map((q) => q.x1)) });
  }
  return lines;
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
