/**
 * Narrow gutters: columns set closer than the widest word gaps (a poster's two columns a third of an em apart). The
 * ink intervals bridge every gap below the narrowest usual gutter, so such a gutter disappears with the word gaps
 * and the columns are read line by line across. What gives it away is its left edge: justified lines of the left
 * column end at the same x, to a fraction of a point, row after row, each followed by a gap and more text. Word gaps
 * inside one column never line up like that (their ends drift with the words), and a ragged column has no such edge;
 * there the right column's starts, all on one x with nothing running across it, give it away (startEdges).
 */
import type { Interval, Run } from '../types.js';
import { median } from './lines.js';
import type { Row } from './rows.js';

/** Runs end within this many points of the edge to line up with it (justified text ends on the same x). */
const EDGE_TOLERANCE = 0.6;
/** The edge needs at least this many rows ending on it, each followed by a gap... */
const MIN_EDGE_ROWS = 6;
/** ...at least this share of the body size wide (wider than a justified line's tightest word gap)... */
const MIN_GAP_EM = 0.2;
/** ...with as many rows beside them that the strip is clean in (a paragraph's last line, a blank line) as cross it. */
const MAX_CROSSING_SHARE = 0.5;
/** The columns either side are at least this many body ems wide... */
const MIN_SIDE_EM = 8;
/** ...but for a column right of a justified edge, this many (margin notes six characters wide beside Chinese text). */
const MIN_RIGHT_SIDE_EM = 5;

/**
 * Narrow gutters found on a page: the strip between a justified edge and the nearest start of text right of it.
 * Only strips narrower than `bridge` are looked for (wider ones are seen by the gutter pass as they are). The two
 * columns need not share baselines: most rows hold one side only.
 */
export function narrowGutters(rows: Row[], body: number, bridge: number): Interval[] {
  const ends: { x: number; row: number }[] = [];
  rows.forEach((row, i) => {
    const runs = row.runs;
    for (let k = 0; k < runs.length; k++) {
      const a = runs[k];
      const b = runs[k + 1];
      if (a.mono) continue;
      // A run followed by a word gap is inside a line: only ends before a wide gap or the row's end are edges.
      if (b && (b.x0 - a.x1 < MIN_GAP_EM * body || b.x0 - a.x1 >= bridge)) continue;
      ends.push({ x: a.x1, row: i });
    }
  });
  ends.sort((a, b) => a.x - b.x);
  const found: Interval[] = [];
  let i = 0;
  while (i < ends.length) {
    let j = i;
    while (j + 1 < ends.length && ends[j + 1].x - ends[i].x <= EDGE_TOLERANCE) j++;
    const group = ends.slice(i, j + 1);
    const on = [...new Set(group.map((e) => e.row))];
    const strip = on.length >= MIN_EDGE_ROWS ? stripAfter(Math.max(...group.map((e) => e.x)), on, rows, body, bridge) : null;
    if (strip && !found.some((g) => g[0] < strip[1] && g[1] > strip[0])) found.push(strip);
    i = on.length >= MIN_EDGE_ROWS ? j + 1 : i + 1;
  }
  for (const strip of startEdges(rows, body, bridge)) if (!found.some((g) => g[0] < strip[1] && g[1] > strip[0])) found.push(strip);
  return found;
}

/** Left-aligned columns: lines start on the same x in at least this many rows, in this many after a narrow gap. */
const MIN_START_ROWS = 5;
const MIN_GAP_STARTS = 2;

/**
 * Ragged columns set close (a slide's five panels of short lines, a third of an em apart where a line runs long):
 * no justified edge gives them away, but the right column's lines all start on one x, and no line of the rows they
 * stand in runs across that x. Word starts inside a column never line up so with nothing crossing them. The strip
 * runs from the longest line ending before the edge to the edge, over the rows from the edge's first to its last.
 */
function startEdges(rows: Row[], body: number, bridge: number): Interval[] {
  const starts: { x: number; row: number; gap: boolean }[] = [];
  rows.forEach((row, i) => {
    row.runs.forEach((b, k) => {
      if (b.mono) return;
      const a = row.runs[k - 1];
      const gap = a ? b.x0 - a.x1 : Infinity;
      if (gap < MIN_GAP_EM * body) return;
      starts.push({ x: b.x0, row: i, gap: gap < bridge });
    });
  });
  starts.sort((a, b) => a.x - b.x);
  const found: Interval[] = [];
  for (let i = 0; i < starts.length; ) {
    let j = i;
    while (j + 1 < starts.length && starts[j + 1].x - starts[i].x <= EDGE_TOLERANCE) j++;
    const group = starts.slice(i, j + 1);
    i = j + 1;
    const on = [...new Set(group.map((e) => e.row))];
    const narrow = group.filter((e) => e.gap);
    if (on.length < MIN_START_ROWS || new Set(narrow.map((e) => e.row)).size < MIN_GAP_STARTS) continue;
    const edge = Math.min(...group.map((e) => e.x));
    const [from, to] = [Math.min(...on), Math.max(...on)];
    let left = -Infinity;
    let crossed = false;
    for (let r = from; r <= to && !crossed; r++)
      for (const run of rows[r].runs) {
        if (run.x0 < edge - EDGE_TOLERANCE && run.x1 > edge + EDGE_TOLERANCE) crossed = true;
        else if (run.x1 <= edge + EDGE_TOLERANCE) left = Math.max(left, run.x1);
      }
    if (crossed || !(edge - left >= MIN_GAP_EM * body && edge - left < bridge)) continue;
    // Both sides are columns of text: their lines, joined across word gaps, MIN_SIDE_EM wide in the median (a table's
    // column of values, a list's labels or a margin's line numbers start on one x too).
    const leftWidths: number[] = [];
    const rightWidths: number[] = [];
    for (let r = from; r <= to; r++) {
      const { left, right } = linesBeside(rows[r].runs, edge - EDGE_TOLERANCE, bridge);
      if (left) leftWidths.push(left.width);
      if (right && right.start <= edge + EDGE_TOLERANCE) rightWidths.push(right.width);
    }
    if (leftWidths.length < MIN_GAP_STARTS || median(leftWidths) < MIN_SIDE_EM * body || median(rightWidths) < MIN_SIDE_EM * body) continue;
    found.push([left, edge]);
  }
  return found;
}

/**
 * The strip right of an edge, over the rows from the edge's first to its last: it reaches to the nearest start of
 * text right of the edge, is at least a tight word gap wide and narrower than `bridge`, and is kept clean by as many
 * rows as cross it. Both sides are columns: the lines ending on the edge, and as many lines starting just right of
 * the strip, are at least `MIN_SIDE_EM` wide in the median (a list's numbers, or labels of one width, end on one x
 * too, but what they part from the text is a word).
 */
function stripAfter(edge: number, on: number[], rows: Row[], body: number, bridge: number): Interval | null {
  const from = Math.min(...on);
  const to = Math.max(...on);
  let right = Infinity;
  for (let r = from; r <= to; r++) for (const run of rows[r].runs) if (run.x0 >= edge + MIN_GAP_EM * body) right = Math.min(right, run.x0);
  if (!Number.isFinite(right)) return null;
  // Justified lines end on the edge to within a point; the strip starts after the longest of them.
  let left = edge;
  for (let r = from; r <= to; r++) for (const run of rows[r].runs) if (run.x1 > left && run.x1 < right - MIN_GAP_EM * body) left = run.x1;
  // Narrower than the bridge: from the edge, or from the lines that run past it (a closing quote or full stop hung
  // past a Chinese column's edge leaves the margin notes beside it less than the bridge).
  if (!(right - left < bridge)) return null;
  const strip: Interval = [left, right];
  let crossing = 0;
  const leftWidths: number[] = [];
  const rightWidths: number[] = [];
  for (let r = from; r <= to; r++) {
    const runs = rows[r].runs;
    if (runs.some((run) => run.x0 < strip[1] - EDGE_TOLERANCE && run.x1 > strip[0] + EDGE_TOLERANCE)) {
      crossing++;
      continue;
    }
    const { left, right } = linesBeside(runs, strip[1] - EDGE_TOLERANCE, bridge);
    if (left && left.end >= edge - EDGE_TOLERANCE) leftWidths.push(left.width);
    if (right && right.start <= strip[1] + 3 * body) rightWidths.push(right.width);
  }
  if (crossing > MAX_CROSSING_SHARE * (to - from + 1) || rightWidths.length < MIN_EDGE_ROWS || leftWidths.length < MIN_EDGE_ROWS) return null;
  return median(leftWidths) >= MIN_SIDE_EM * body && median(rightWidths) >= MIN_RIGHT_SIDE_EM * body ? strip : null;
}

/**
 * A row's line either side of `x` (its runs sorted across): the runs before it, joined across gaps narrower than
 * `bridge`, ending at their last run's end; the runs from it, starting at their first run's start.
 */
function linesBeside(runs: Run[], x: number, bridge: number) {
  const k = runs.findIndex((run) => run.x0 >= x);
  const before = k < 0 ? runs : runs.slice(0, k);
  const after = k < 0 ? [] : runs.slice(k);
  const end = before.length ? before[before.length - 1].x1 : 0;
  return {
    left: before.length ? { end, width: end - lineStart(before, bridge) } : null,
    right: after.length ? { start: after[0].x0, width: lineEnd(after, bridge) - after[0].x0 } : null,
  };
}

function lineStart(runs: Run[], bridge: number): number {
  let x = runs[runs.length - 1].x0;
  for (let k = runs.length - 2; k >= 0 && x - runs[k].x1 < bridge; k--) x = runs[k].x0;
  return x;
}

function lineEnd(runs: Run[], bridge: number): number {
  let x = runs[0].x1;
  for (let k = 1; k < runs.length && runs[k].x0 - x < bridge; k++) x = runs[k].x1;
  return x;
}

/** A gap from `from` to `to` spans one of the narrow gutters: the ink either side stays apart (rows.ts' inkIntervals). */
export function spansNarrow(narrow: Interval[]): (from: number, to: number) => boolean {
  return (from, to) => narrow.some((g) => from <= g[0] + EDGE_TOLERANCE && to >= g[1] - EDGE_TOLERANCE);
}
