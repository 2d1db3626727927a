/**
 * Full-width regions inside a column zone, grown rather than classified line by line (seed 004): rows that cross
 * the gutters seed a region; it grows inward over tabular rows between two crossing rows and outward over tabular
 * rows within a normal line advance. Deciding row by row is what cuts a wide table in half, because only some of
 * its rows cross the gutter.
 */
import type { Interval, Run } from '../types.js';
import { displayFormula, RELATION } from './formulas.js';
import type { InkRow } from './gutters.js';
import { inkIntervals } from './rows.js';
import { FLOAT_LABEL } from './tables.js';
import { wordCount } from './words.js';

export interface SpanRegion {
  /** Inclusive indices into the zone's rows. */
  from: number;
  to: number;
  /** The region holds table rows (more pieces than the zone has columns). */
  table: boolean;
}

export interface SpanResult {
  regions: SpanRegion[];
  /** Rows (zone indices) crossing some gutters but not all, read in the column they start in. */
  partial: number[];
  /** Rows (zone indices) that look tabular, leave the gutters clean and had no crossing row near to seed them. */
  splitTabular: number[];
  /** Rows (zone indices) whose line overruns a gutter into the next column: each run read in the column it starts in. */
  overflow: number[];
}

/** A wide display formula read as a span, not a table, holds at most this many rows of pieces (a fraction's
 * numerator, its formula's row and denominator, a row of big brackets), one holding a relation. */
const MAX_SPAN_FORMULA_ROWS = 4;
/** Rows grown outward must sit within this many normal line advances of the region's edge. */
const GROW_ADVANCES = 1.6;
/**
 * Pieces of a row are counted after bridging gaps narrower than the zone's gutter (seed 004), capped at this many
 * body ems so a very wide gutter does not swallow table cells too...
 */
const MAX_PIECE_BRIDGE_EM = 1.5;
/** ...and never below this many, because loosely justified prose leaves word gaps of up to about one em. */
const MIN_PIECE_BRIDGE_EM = 1.2;

/** Word gaps of one justified line are equal: within this ratio of each other... */
const EVEN_GAPS = 1.3;
/** ...and, however loose the line, narrower than this many ems; cells of an evenly spaced table are further apart. */
const MAX_WORD_GAP_EM = 2.5;

/**
 * A row whose extra pieces are only the even word gaps of justified prose (a loose line in a narrow column), not
 * cells: in every column portion with several pieces, all gaps between its runs are alike.
 */
function justifiedProse(r: InkRow, gutters: Interval[]): boolean {
  const edges = [-Infinity, ...gutters.map((g) => (g[0] + g[1]) / 2), Infinity];
  let judged = false;
  for (let j = 0; j + 1 < edges.length; j++) {
    const runs = r.row.runs.filter((run) => run.x0 >= edges[j] && run.x1 <= edges[j + 1]);
    const gaps: number[] = [];
    for (let k = 1; k < runs.length; k++) {
      const g = runs[k].x0 - runs[k - 1].x1;
      if (g > 0.1 * r.row.size) gaps.push(g);
    }
    if (gaps.length < 2) continue;
    judged = true;
    if (Math.max(...gaps) > EVEN_GAPS * Math.min(...gaps) || Math.max(...gaps) > MAX_WORD_GAP_EM * r.row.size) return false;
  }
  return judged;
}

const crosses = (ink: Interval[], g: Interval) => ink.some((iv) => iv[0] < g[1] && iv[1] > g[0]);

/** An overrun line reaches at most this share of the next column's width into it. */
const OVERRUN_SHARE = 0.25;
/** The column's lines above and below an overrun line stand at most this many line advances from it: a heading's
 * space may stand over it. */
const NEIGHBOUR_ADVANCES = 2;
/** Ink ending this many points short of a gutter's far edge stops short of the column there. */
const EDGE_EPS = 0.5;
/** Sizes within this share of each other are one size. */
const SAME_SIZE = 0.1;
/** Runs overprint one another by at least this share of the body size. */
const OVERPRINT_EM = 0.1;

/**
 * A column's line run over a gutter into the next column's line (an overfull line of code or a long address in a
 * two-column paper): a run starting left of a gutter reaches past its start and over a run that starts beyond it,
 * on its baseline and in its size, drawn apart from it in the content stream. No line set across columns overprints
 * itself so.
 */
function overprints(r: InkRow, gutters: Interval[], bodySize: number): boolean {
  const runs = r.row.runs;
  return gutters.some((g) =>
    runs.some(
      (a) =>
        a.x0 < g[0] &&
        a.x1 > g[0] &&
        runs.some(
          (b) =>
            b !== a &&
            b.x0 >= g[0] &&
            b.x0 < a.x1 - OVERPRINT_EM * bodySize &&
            Math.abs(a.stream - b.stream) > 1 &&
            // On one baseline, in one size: not an equation's stacked scripts.
            Math.abs(a.baseline - b.baseline) <= OVERPRINT_EM * bodySize &&
            Math.abs(a.size - b.size) <= OVERPRINT_EM * bodySize,
        ),
    ),
  );
}

/** The lines that close the columns above a break, and those that open them below, agree to this many line advances. */
const BREAK_ALIGN = 0.5;
/**
 * The lines that close the columns above a break may end this many line advances apart (columns not balanced: one
 * ends a few lines short of the other, as a section's last columns often do).
 */
const BREAK_RAGGED = 4;
/** Such a last line is in the body's size (to this share of it) and holds this many words at least. */
const ENDS_SIZE = 0.1;
const ENDS_WORDS = 4;
/** The columns beside a heading leave a gap of at least this many line advances between those lines... */
const BREAK_GAP = 3;
/** ...and the heading stands this many line advances below the line above it in its own column. */
export const BREAK_STEP = 1.3;
/** A heading's next line sits at most this many of its sizes below. */
const HEADING_ADVANCE = 1.6;
/** A heading is set at least this much larger than the body, or bold. */
const HEADING_SIZE = 1.15;

/**
 * Band breaks: a heading (set larger than the body, or bold) in the first columns only, with the other columns left
 * blank beside it, where every column's text stops above it (at one height, or a few lines apart in lines of text) and
 * starts again at one height below it (a multicol section's balanced columns, then "1 Introduction" and the next
 * section's columns). Read as a column's line, the heading would send each column of the next section after the same
 * column of the one before. A figure beside a heading leaves the other column blank too, but its text does not stop
 * and start level with the heading's column.
 * Returns the zone's row indices of each break's heading lines.
 */
/** A title over the columns is set at least this many times the body size... */
const TITLE_SIZE = 1.3;
/** ...and stands at least this many line advances above the zone's next row. */
const TITLE_GAP = 1.5;

/**
 * A title over the zone's columns set in the first column only (a slide's title left-aligned over three columns,
 * ending short of the first gutter): the zone's first row, in title type, alone in the first column in reading order,
 * standing apart from the rows under it. Read first either way, it is a span: the columns under it begin without it
 * (so their first lines can be seen to start level). Its row index, or -1.
 */
function topTitle(rows: InkRow[], gutters: Interval[], lineAdvance: number, bodySize: number, direction: 'ltr' | 'rtl'): number {
  if (rows.length < 2 || gutters.length === 0) return -1;
  const [first, next] = [rows[0], rows[1]];
  if (first.row.size < TITLE_SIZE * bodySize || next.row.baseline - first.row.baseline < TITLE_GAP * lineAdvance) return -1;
  const inFirst =
    direction === 'rtl' ? first.ink.every((iv) => iv[0] >= gutters[gutters.length - 1][0]) : first.ink.every((iv) => iv[1] <= gutters[0][1]);
  return inFirst ? 0 : -1;
}

/** A heading has words or a number: a row of dashes in large type (a pull quote's rule drawn in text) is none. */
const WORDED = /[\p{L}\p{Nd}]/u;
export const isHeading = (runs: Run[], bodySize: number) =>
  runs.length > 0 &&
  runs.some((run) => WORDED.test(run.text)) &&
  (Math.max(...runs.map((run) => run.size)) >= HEADING_SIZE * bodySize || runs.every((run) => run.bold));

function bandBreaks(rows: InkRow[], gutters: Interval[], crossed: number[], lineAdvance: number, bodySize: number): number[][] {
  const columns = gutters.length + 1;
  const edges = [-Infinity, ...gutters.map((g) => (g[0] + g[1]) / 2), Infinity];
  // Which columns each row has ink in.
  const inColumn = rows.map((r) => Array.from({ length: columns }, (_, j) => r.ink.some((iv) => iv[0] < edges[j + 1] && iv[1] > edges[j])));
  const out: number[][] = [];
  for (let i = 1; i < rows.length - 1; i++) {
    if (crossed[i] === gutters.length) continue;
    const own = inColumn[i];
    if (own.every(Boolean) || !own.some(Boolean)) continue;
    if (!isHeading(rows[i].row.runs, bodySize)) continue;
    // The heading's lines: this row and the heading rows right under it in the same columns only (the text under a
    // heading in its column is that column's, not the break's).
    let k = i;
    while (
      k + 1 < rows.length &&
      inColumn[k + 1].every((v, j) => v === own[j]) &&
      isHeading(rows[k + 1].row.runs, bodySize) &&
      rows[k + 1].row.baseline - rows[k].row.baseline <= HEADING_ADVANCE * rows[k].row.size
    )
      k++;
    const above: number[] = [];
    const below: number[] = [];
    // Each column's last line above the break, and the first line below it of the columns beside the heading.
    const ends: Run[][] = [];
    const opens: Run[][] = [];
    for (let j = 0; j < columns; j++) {
      let a = i - 1;
      while (a >= 0 && !inColumn[a][j]) a--;
      let b = k + 1;
      while (b < rows.length && !inColumn[b][j]) b++;
      if (a < 0 || b >= rows.length) break;
      // What opens the other columns below is the next section's text, not a heading of their own level with it.
      if (
        !own[j] &&
        isHeading(
          rows[b].row.runs.filter((run) => run.x0 < edges[j + 1] && run.x1 > edges[j]),
          bodySize,
        )
      )
        break;
      above.push(rows[a].row.baseline);
      below.push(rows[b].row.baseline);
      ends.push(rows[a].row.runs.filter((run) => run.x0 < edges[j + 1] && run.x1 > edges[j]));
      opens.push(own[j] ? [] : rows[b].row.runs.filter((run) => run.x0 < edges[j + 1] && run.x1 > edges[j]));
    }
    if (above.length < columns) continue;
    const level = (xs: number[]) => Math.max(...xs) - Math.min(...xs) <= BREAK_ALIGN * lineAdvance;
    const top = Math.max(...above);
    const bottom = Math.min(...below);
    const stands = rows[i].row.baseline - top >= BREAK_STEP * lineAdvance;
    // Columns ending unevenly above the break end in lines of their text: in the body's type, with words (a figure's
    // caption or a formula closing one of them is a float beside the heading, not the end of a section's text); the
    // longest column's last line may be a paragraph's short last line. The columns beside the heading open again in
    // the body's type, with no caption (a figure's caption under it: the column stopped for a figure, not a section).
    const bodyType = (rs: Run[]) => rs.length > 0 && rs.every((run) => Math.abs(run.size - bodySize) <= ENDS_SIZE * bodySize);
    const text = (rs: Run[]) =>
      rs
        .map((run) => run.text)
        .join(' ')
        .trim();
    const prose = () =>
      ends.every((rs, j) => bodyType(rs) && (above[j] >= top - BREAK_ALIGN * lineAdvance || wordCount(text(rs)) >= ENDS_WORDS)) &&
      opens.every((rs) => rs.length === 0 || (bodyType(rs) && !FLOAT_LABEL.test(text(rs))));
    const ragged = level(above) || (top - Math.min(...above) <= BREAK_RAGGED * lineAdvance && prose());
    if (ragged && level(below) && bottom - top >= BREAK_GAP * lineAdvance && stands) {
      out.push(Array.from({ length: k - i + 1 }, (_, n) => i + n));
      i = k;
    }
  }
  return out;
}

/**
 * A column's line run on over the gutter between the column's lines above and below it (an overfull line reaching
 * past the gutter, over nothing or over space the next column leaves): it crosses one gutter, in one piece of ink
 * that starts in the column and reaches at most OVERRUN_SHARE into the next (its other runs clear of the gutter on the
 * column's side), the rows a line's advance above and below it keep the gutter clean, and the content stream draws it
 * between that column's lines above and below, with nothing of the columns beyond drawn in between.
 */
function overrunsInColumn(rows: InkRow[], i: number, gutters: Interval[], extent: Interval, lineAdvance: number, direction: 'ltr' | 'rtl'): boolean {
  if (i === 0 || i + 1 >= rows.length) return false;
  const r = rows[i];
  const crossedBy = gutters.filter((g) => crosses(r.ink, g));
  if (crossedBy.length !== 1) return false;
  const g = crossedBy[0];
  // The column's side of the gutter: left of it in left-to-right text. The line is one piece of ink from the column
  // over the gutter, or that and pieces clear of the gutter on the column's side.
  const clearOf = (run: Run) => (direction === 'rtl' ? run.x0 >= g[1] : run.x1 <= g[0]);
  const piece = r.ink.find((iv) => iv[0] < g[1] && iv[1] > g[0])!;
  if (direction === 'rtl' ? piece[1] <= g[1] : piece[0] >= g[0]) return false;
  // It reaches a little way into the next column, not across it (a line set across a column made of one).
  const ltr = direction !== 'rtl';
  const next = ltr ? gutters.find((h) => h[0] > g[1])?.[0] : gutters.filter((h) => h[1] < g[0]).pop()?.[1];
  const far = next ?? (ltr ? extent[1] : extent[0]);
  const reach = ltr ? piece[1] - g[1] : g[0] - piece[0];
  if (reach > OVERRUN_SHARE * Math.abs(far - (ltr ? g[1] : g[0]))) return false;
  const inPiece = (run: Run) => run.x0 >= piece[0] - 0.5 && run.x1 <= piece[1] + 0.5;
  const inColumn = (run: Run) => clearOf(run) || inPiece(run);
  if (!r.row.runs.every(inColumn)) return false;
  // The column's nearest lines above and below it, a line's advance away; the rows from one to the other (the next
  // column's lines among them) keep the gutter clean but for it.
  const columnRow = (from: number, step: number) => {
    for (let k = from; k >= 0 && k < rows.length; k += step) {
      if (Math.abs(rows[k].row.baseline - r.row.baseline) > NEIGHBOUR_ADVANCES * lineAdvance) return -1;
      if (rows[k].row.runs.some(clearOf)) return k;
    }
    return -1;
  };
  const [up, down] = [columnRow(i - 1, -1), columnRow(i + 1, 1)];
  if (up < 0 || down < 0) return false;
  // A line of the column's text, in its size: the line under it is set so too (a table's head row in smaller type,
  // under a heading, is no overfull line of the column).
  if (Math.abs(rows[down].row.size - r.row.size) > SAME_SIZE * r.row.size) return false;
  const around = rows.slice(up, down + 1);
  if (around.some((x) => x !== r && crosses(x.ink, g))) return false;
  const before = rows[up].row.runs.filter(clearOf).map((run) => run.stream);
  const after = rows[down].row.runs.filter(clearOf).map((run) => run.stream);
  const streams = r.row.runs.map((run) => run.stream);
  const [lo, hi] = [Math.max(...before), Math.min(...after)];
  if (!(lo < Math.min(...streams) && Math.max(...streams) < hi)) return false;
  const beyond = around.flatMap((x) => (x === r ? [] : x.row.runs.filter((run) => !clearOf(run))));
  return !beyond.some((run) => run.stream > lo && run.stream < hi);
}

export function growSpans(
  rows: InkRow[],
  gutters: Interval[],
  /** The zone's ink from its left edge to its right: the outer columns' far edges. */
  extent: Interval,
  lineAdvance: number,
  bodySize: number,
  partialSpans: 'refuse' | 'band',
  tables: { from: number; to: number }[] = [],
  direction: 'ltr' | 'rtl' = 'ltr',
): SpanResult {
  const columns = gutters.length + 1;
  // (A line of one column, its last piece of ink inside the gutter, reaching short of the other column, runs across
  // nothing: an icon set flush right after a caption's last line, read there; flush left before a line of the right
  // column. A table's mark standing in a gap with cells on both sides of it still crosses it, and so does a row of
  // nothing but such a piece.)
  const tucked = (r: InkRow, g: Interval, iv: Interval) => {
    const left = r.ink.some((x) => x[1] <= g[0] + EDGE_EPS && x !== iv);
    const right = r.ink.some((x) => x[0] >= g[1] - EDGE_EPS && x !== iv);
    if (left === right) return false;
    return left ? iv[0] >= g[0] - EDGE_EPS && iv[1] <= g[1] - EDGE_EPS : iv[0] >= g[0] + EDGE_EPS && iv[1] <= g[1] + EDGE_EPS;
  };
  const crossesGutter = (r: InkRow, g: Interval) => r.ink.some((iv) => iv[0] < g[1] && iv[1] > g[0] && !tucked(r, g, iv));
  const crossed = rows.map((r) => gutters.filter((g) => crossesGutter(r, g)).length);
  const narrowest = Math.min(...gutters.map((g) => g[1] - g[0]));
  const bridge = Math.max(MIN_PIECE_BRIDGE_EM * bodySize, Math.min(0.9 * narrowest, MAX_PIECE_BRIDGE_EM * bodySize));
  const pieces = rows.map((r) => inkIntervals(r.row.runs, bridge));
  const tabular = pieces.map((p, i) => p.length > columns && !justifiedProse(rows[i], gutters));
  const partial: number[] = [];
  const inTable = new Set<number>();
  for (const t of tables) for (let i = t.from; i <= t.to; i++) inTable.add(i);
  const breaks = new Set(bandBreaks(rows, gutters, crossed, lineAdvance, bodySize).flat());
  const title = topTitle(rows, gutters, lineAdvance, bodySize, direction);
  if (title >= 0) breaks.add(title);
  const overflow: number[] = [];
  const overflows = (i: number) => overprints(rows[i], gutters, bodySize) || overrunsInColumn(rows, i, gutters, extent, lineAdvance, direction);
  const seed = crossed.map((n, i) => {
    if (inTable.has(i) || breaks.has(i)) return true;
    if (n === 0) return false;
    if (overflows(i)) {
      overflow.push(i);
      return false;
    }
    if (n === gutters.length) return true;
    if (partialSpans === 'band') return true;
    partial.push(i);
    return false;
  });

  // Seeds, with neighbours merged.
  let regions: SpanRegion[] = [];
  seed.forEach((s, i) => {
    if (!s) return;
    const last = regions[regions.length - 1];
    if (last && last.to === i - 1) last.to = i;
    else regions.push({ from: i, to: i, table: false });
  });

  // Inward: every row between two crossing regions looks tabular.
  const merged: SpanRegion[] = [];
  for (const r of regions) {
    const last = merged[merged.length - 1];
    if (last) {
      let allTabular = true;
      for (let i = last.to + 1; i < r.from; i++) if (!tabular[i]) allTabular = false;
      if (allTabular) {
        last.to = r.to;
        continue;
      }
    }
    merged.push({ ...r });
  }
  regions = merged;

  // Outward: one row at a time over tabular rows within a normal line advance.
  const taken = new Set<number>();
  for (const r of regions) for (let i = r.from; i <= r.to; i++) taken.add(i);
  const near = (a: number, b: number) => Math.abs(rows[a].row.baseline - rows[b].row.baseline) <= GROW_ADVANCES * lineAdvance;
  for (const r of regions) {
    while (r.from > 0 && !taken.has(r.from - 1) && tabular[r.from - 1] && near(r.from - 1, r.from)) taken.add(--r.from);
    while (r.to < rows.length - 1 && !taken.has(r.to + 1) && tabular[r.to + 1] && near(r.to + 1, r.to)) taken.add(++r.to);
  }
  // Rows of more pieces than columns are a table's, unless they are a display formula's pieces (a wide equation's
  // fractions and big brackets leave gaps as cells do; the formula pass reads a span in drawing order): a few rows,
  // one of them holding the relation. A table whose rows each open with one ("ρ = 0.1") stays a table.
  for (const r of regions) {
    const tab: Run[][] = [];
    for (let i = r.from; i <= r.to; i++) if (tabular[i]) tab.push(rows[i].row.runs);
    const related = tab.filter((runs) => runs.some((run) => RELATION.test(run.text))).length;
    r.table = tab.length >= 2 && !(tab.length <= MAX_SPAN_FORMULA_ROWS && related <= 1 && displayFormula(tab));
    for (let i = r.from; i <= r.to; i++) if (inTable.has(i)) r.table = true;
  }

  const splitTabular: number[] = [];
  rows.forEach((_row, i) => {
    if (taken.has(i) || !tabular[i]) return;
    const ink = pieces[i];
    const bothSides = gutters.some((g) => ink.some((iv) => iv[1] <= g[0]) && ink.some((iv) => iv[0] >= g[1]));
    if (bothSides) splitTabular.push(i);
  });
  return { regions, partial: partial.filter((i) => !taken.has(i)), splitTabular, overflow: overflow.filter((i) => !taken.has(i)) };
}
