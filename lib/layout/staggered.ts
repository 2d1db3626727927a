/**
 * Two small blocks side by side on staggered baselines, inside one column's lines: a manual's two-line listing beside
 * the output it prints ("1 \zhnumsetup{time=Chinese}" / "2 \zhtoday\zhcurrtime" right of "二〇二二年七月十四日…", whose
 * baseline falls between theirs). Too few rows for a gutter, and never level with one another, they come out of the
 * layout as the column's lines in baseline order, one block's lines threaded through the other's. A reader takes
 * each block whole, the left one first.
 *
 * A stretch of a segment's consecutive lines is such a pair when every line stands in one of two ranges across the
 * page (each range grown to take in its lines), parted by white of GAP_EM sizes at least; at least one line of each block stands level with a line of the
 * other (their boxes overlap from top to bottom: beside it, not under it); consecutive lines follow within a line's
 * advance; each block's lines are all fixed-pitch or none, at one size; and no line just over or under the stretch
 * reaches into both blocks. Lines level with one another are one line of the layout, so what is found here is never a
 * table's row. The stretch is read left block first, each block's lines in their order.
 */
import type { Diagnostic, Line, Segment } from '../types.js';
import { textOf } from './segment.js';
import { textDirection } from './lines.js';

/** The white between the two blocks: this many of the lines' sizes at least. */
const GAP_EM = 2;
/** Consecutive lines of the stretch stand at most this many of their sizes apart, top to top. */
const MAX_STEP_EM = 1.6;
/** A stretch holds this many lines at least (two of one block and one of the other). */
const MIN_LINES = 3;
/** ...and at most this many: a short listing or note, not two columns the gutter search missed. */
const MAX_LINES = 12;
/** A block's lines' sizes differ by at most this share. */
const SAME_SIZE = 0.15;

type Range = [number, number];

const apart = (a: Range, b: Range, size: number) => b[0] - a[1] >= GAP_EM * size || a[0] - b[1] >= GAP_EM * size;
const overlaps = (a: Range, b: Range) => a[0] < b[1] && b[0] < a[1];
const across = (l: Line): Range => [l.bbox[0], l.bbox[2]];
/** Two lines stand level, beside one another: their boxes overlap from top to bottom. */
const level = (a: Line, b: Line) => a.bbox[1] < b.bbox[3] && b.bbox[1] < a.bbox[3];
/** Right-to-left text is left alone (its left block is not its first). */
const rtl = (l: Line) => textDirection(l.text) === 'rtl';

/**
 * The stretch round lines i and i + 1, when they stand beside one another, from `floor` on at the earliest: its start,
 * its end (exclusive) and its left block's lines, or a null block where it is no pair of blocks.
 */
function stretchAt(lines: Line[], i: number, floor: number): { from: number; to: number; left: Set<Line> | null } | null {
  const a = lines[i];
  const b = lines[i + 1];
  const size = Math.max(a.size, b.size);
  if (!level(a, b) || !apart(across(a), across(b), size) || rtl(a) || rtl(b)) return null;
  const ranges: [Range, Range] = [across(a), across(b)];
  const blockOf = (l: Line): 0 | 1 | null => {
    const r = across(l);
    for (const k of [0, 1] as const) if (overlaps(r, ranges[k]) && apart(r, ranges[1 - k], Math.max(size, l.size)) && !rtl(l)) return k;
    return null;
  };
  const near = (p: Line, q: Line) => Math.abs(q.bbox[1] - p.bbox[1]) <= MAX_STEP_EM * Math.max(p.size, q.size);
  const block = new Map<Line, 0 | 1>([
    [a, 0],
    [b, 1],
  ]);
  const grow = (l: Line) => {
    const k = blockOf(l);
    if (k === null) return false;
    block.set(l, k);
    const r = across(l);
    ranges[k] = [Math.min(ranges[k][0], r[0]), Math.max(ranges[k][1], r[1])];
    return true;
  };
  // (Grown one line past MAX_LINES at most: a longer stretch is refused, and the caller goes on past it.)
  let to = i + 2;
  while (to < lines.length && to - i <= MAX_LINES && near(lines[to - 1], lines[to]) && grow(lines[to])) to++;
  let from = i;
  while (from > floor && to - from <= MAX_LINES && near(lines[from - 1], lines[from]) && grow(lines[from - 1])) from--;
  const none = { from, to, left: null };
  // The ranges grew: every line must still stand in its block alone.
  const stretch = lines.slice(from, to);
  if (stretch.length < MIN_LINES || stretch.length > MAX_LINES || ranges.some((r, k) => !apart(r, ranges[1 - k], size))) return none;
  // A line right over or under the stretch that reaches into both blocks is the two blocks' first or last lines read
  // as one (two key figures' captions, their first lines level): read block by block, the right block would lose it.
  const bridges = (l: Line | undefined, next: Line | undefined) =>
    !!l && !!next && near(l, next) && overlaps(across(l), ranges[0]) && overlaps(across(l), ranges[1]);
  if (bridges(lines[from - 1], lines[from]) || bridges(lines[to], lines[to - 1])) return none;
  // Each block is set in one kind and size of type: a listing's lines all fixed-pitch, or none (a sentence over a
  // listing, a box's title beside the listing's first line, is no block of it; nor a page's small foot line).
  for (const k of [0, 1] as const) {
    const own = stretch.filter((l) => block.get(l) === k);
    if (own.some((l) => !!l.mono !== !!own[0].mono || Math.abs(l.size - own[0].size) > SAME_SIZE * own[0].size)) return none;
  }
  const leftBlock = ranges[0][0] < ranges[1][0] ? 0 : 1;
  return { from, to, left: new Set(stretch.filter((l) => block.get(l) === leftBlock)) };
}

/** Reads such stretches of the page's column and span segments block by block; a diagnostic when any was. */
export function readStaggeredBlocks(segments: Segment[], page: number): Diagnostic | null {
  const found: { text: string; lines: number }[] = [];
  for (const seg of segments) {
    if (seg.kind !== 'column' && seg.kind !== 'span') continue;
    const { lines } = seg;
    let changed = false;
    // (A stretch read, or refused, is not looked into again.)
    let floor = 0;
    for (let i = 0; i + 1 < lines.length; i++) {
      const s = stretchAt(lines, i, floor);
      if (!s) continue;
      floor = s.to;
      i = s.to - 1;
      const left = s.left;
      if (!left) continue;
      const stretch = lines.slice(s.from, s.to);
      const read = [...stretch.filter((l) => left.has(l)), ...stretch.filter((l) => !left.has(l))];
      if (read.some((l, k) => l !== stretch[k])) {
        lines.splice(s.from, stretch.length, ...read);
        changed = true;
        found.push({ text: read[0].text.slice(0, 60), lines: read.length });
      }
    }
    if (changed) seg.text = textOf(lines);
  }
  if (!found.length) return null;
  return {
    code: 'staggered-blocks',
    severity: 'info',
    page,
    message: `${found.length} pair(s) of small blocks side by side on staggered baselines (a listing beside its output) were read block by block, the left one first`,
    detail: { blocks: found },
  };
}
