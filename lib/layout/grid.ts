/**
 * Grids of blocks that line up like a table but are read block by block: a paper's author block, authors side by
 * side, each a name over an affiliation, an address and an e-mail. Its rows line up as a table's do, but a row
 * is not a record: a reader takes each author's stack top to bottom, then the next. What tells it from a table: the
 * first row of each group of rows (the names) is set larger than the rows under it, or the group ends in a row of
 * e-mail addresses, one under each name (and a row of them ends a group); and no cell holds a number.
 */
import type { Diagnostic, Line, Run, Segment } from '../types.js';
import { EMAIL_ADDRESS } from './words.js';
import { cellRuns, median, orderRuns, pieceLine, roundBox, runsDirection, runsOfLine, unionBox } from './lines.js';

/** The names' row is set at least this much larger than the median of the rows under it. */
const NAME_SIZE = 1.1;
/** A gap between rows of more than this many of the group's own row advances starts a new group. */
const GROUP_GAP = 1.8;
/** A row's step within its column is looked for this many rows up at most. */
const LOOK_BACK = 8;
/** A group of blocks holds at least this many rows (a name and something under it). */
const MIN_GROUP_ROWS = 2;
/** A cell that is a number, an amount, a date or a percentage makes the table a table. */
const NUMERIC = /^[\p{Nd}\s.,:;%$€£+\-–—()/]+$/u;

interface Cell {
  runs: Run[];
  x0: number;
  x1: number;
}

/** A row's cells left to right, with their extent (lib/layout/lines.ts groups the runs, as for table cells). */
function cellsOf(line: Line): Cell[] {
  return cellRuns(orderRuns(runsOfLine(line)), line.size)
    .map((runs) => ({ runs, x0: Math.min(...runs.map((r) => r.x0)), x1: Math.max(...runs.map((r) => r.x1)) }))
    .sort((a, b) => a.x0 - b.x0);
}

/** An e-mail address, a cell of its own. */
const EMAIL = new RegExp(`^${EMAIL_ADDRESS}$`, 'u');
/** Every cell of the row is an e-mail address: an author block's last line. */
const emailRow = (cells: Cell[]) =>
  cells.length > 0 &&
  cells.every((c) =>
    EMAIL.test(
      c.runs
        .map((q) => q.text)
        .join('')
        .trim(),
    ),
  );

/** Rows of a table segment in groups parted by wider gaps, or ended by a row of e-mail addresses. */
function groups(lines: Line[], cells: Map<Line, Cell[]>): Line[][] {
  // The rows' advance is taken within a column: each row's step from the nearest row above with a cell over one of
  // its own. Columns set on staggered baselines (a cover's credits, each column a few points off the next) step
  // between one column's rows and the next's by a fraction of their advance.
  const over = (a: Cell[], b: Cell[]) => a.some((c) => b.some((d) => c.x0 < d.x1 && d.x0 < c.x1));
  let usual = Infinity;
  for (let i = 1; i < lines.length; i++) {
    // Rows further up than the least advance found so far cannot lower it; nor is a row more than a few rows up
    // looked at (a grid's columns each have a row within a few).
    for (let j = i - 1; j >= 0 && j >= i - LOOK_BACK && lines[i].baseline - lines[j].baseline < usual; j--) {
      if (over(cells.get(lines[i])!, cells.get(lines[j])!)) {
        usual = lines[i].baseline - lines[j].baseline;
        break;
      }
    }
  }
  // No two rows with cells over one another: the least step between rows, as for any rows.
  if (!Number.isFinite(usual)) usual = lines.slice(1).reduce((m, l, i) => Math.min(m, l.baseline - lines[i].baseline), Infinity);
  if (!Number.isFinite(usual)) usual = 0;
  const out: Line[][] = [[lines[0]]];
  for (let i = 1; i < lines.length; i++) {
    // A row of e-mail addresses ends its group when a group's worth of rows follows it (not an affiliation's line under
    // the addresses).
    const mailsEnd = emailRow(cells.get(lines[i - 1])!) && lines.length - i >= MIN_GROUP_ROWS;
    if (lines[i].baseline - lines[i - 1].baseline > GROUP_GAP * usual || mailsEnd) out.push([]);
    out[out.length - 1].push(lines[i]);
  }
  return out;
}

/** The segment's blocks, column by column within each group of rows, or null when it is a table. */
export function gridBlocks(seg: Segment): Line[][] | null {
  if (seg.lines.length < MIN_GROUP_ROWS) return null;
  const cells = new Map(seg.lines.map((l) => [l, cellsOf(l)]));
  for (const row of cells.values()) {
    if (row.length === 0 || row.some((c) => NUMERIC.test(c.runs.map((q) => q.text).join(' ')))) return null;
  }
  const blocks: Line[][] = [];
  for (const group of groups(seg.lines, cells)) {
    if (group.length < MIN_GROUP_ROWS) return null;
    const [first, ...rest] = group;
    // The names set larger, or the group ending in the authors' e-mail addresses, one under each name.
    const mails = emailRow(cells.get(group[group.length - 1])!) && cells.get(group[group.length - 1])!.length === cells.get(first)!.length;
    if (first.size < NAME_SIZE * median(rest.map((l) => l.size)) && !mails) return null;
    // Columns of the group: the names' cells, each taking the cells under it that overlap it most.
    const heads = cells.get(first)!;
    if (heads.length < 2) return null;
    const stacks: Run[][][] = heads.map(() => []);
    for (const line of group) {
      for (const c of cells.get(line)!) {
        const mid = (c.x0 + c.x1) / 2;
        let best = 0;
        for (let j = 1; j < heads.length; j++) {
          const d = (h: Cell) => Math.abs((h.x0 + h.x1) / 2 - mid);
          if (d(heads[j]) < d(heads[best])) best = j;
        }
        stacks[best].push(c.runs);
      }
    }
    const order = runsDirection(runsOfLine(first)) === 'rtl' ? [...stacks].reverse() : stacks;
    for (const stack of order) blocks.push(stack.map(pieceLine));
  }
  return blocks;
}

/**
 * Replace the table segments that are grids of blocks by their blocks, as column segments in reading order.
 * Returns the diagnostic when it read one so.
 */
export function readBlockGrids(segments: Segment[], page: number): Diagnostic | null {
  let found = 0;
  for (let k = 0; k < segments.length; k++) {
    const seg = segments[k];
    if (seg.kind !== 'table') continue;
    const blocks = gridBlocks(seg);
    if (!blocks) continue;
    const parts: Segment[] = blocks.map((lines, column) => ({
      kind: 'column',
      page,
      band: seg.band,
      column,
      text: lines.map((l) => l.text).join('\n'),
      bbox: roundBox(unionBox(lines.map((l) => l.bbox))),
      lines,
    }));
    segments.splice(k, 1, ...parts);
    k += parts.length - 1;
    found++;
  }
  if (!found) return null;
  return {
    code: 'block-grid',
    severity: 'info',
    page,
    message:
      'rows that line up like a table but whose first row is set larger and no cell holds a number (authors side by ' +
      'side, each a name over an affiliation): read block by block, each column of a group top to bottom',
    detail: { grids: found },
  };
}
