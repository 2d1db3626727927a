/**
 * Rotated (non-horizontal) text: sideways captions, margin stamps, vertical labels. Kept out of the gutter profile
 * (a sideways caption would otherwise lay ink across the gutter) and read as lines of its own.
 */
import type { Line, Run } from '../types.js';
import { buildRows } from './rows.js';
import { makeLine } from './lines.js';

/** Runs whose angles differ by less than this read as one group. */
const ANGLE_STEP = 5;
/** Lines further apart than this many font sizes start a new block. */
const BLOCK_GAP = 2.5;

/** Rotate a run into its own frame, where it reads left to right. */
function toFrame(r: Run, angle: number): Run {
  const t = (-angle * Math.PI) / 180;
  const cos = Math.cos(t);
  const sin = Math.sin(t);
  const pts = [
    [r.x0, r.y0],
    [r.x1, r.y0],
    [r.x0, r.y1],
    [r.x1, r.y1],
  ].map(([x, y]) => [x * cos - y * sin, x * sin + y * cos]);
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const y0 = Math.min(...ys);
  const y1 = Math.max(...ys);
  return { ...r, x0: Math.min(...xs), x1: Math.max(...xs), y0, y1, baseline: y1 - 0.2 * r.size, angle: 0 };
}

/** Runs further apart than this many of their sizes along their lines are separate stretches. */
const STRETCH_GAP = 3;

/** Runs in their frame, in stretches parted by wide gaps along their lines, in the lines' direction. */
function alongLines(runs: Run[]): Run[][] {
  const sorted = [...runs].sort((a, b) => a.x0 - b.x0);
  const out: Run[][] = [];
  let end = -Infinity;
  for (const r of sorted) {
    if (!out.length || r.x0 - end > STRETCH_GAP * r.size) out.push([]);
    out[out.length - 1].push(r);
    end = Math.max(end, r.x1);
  }
  return out;
}

/** Blocks of lines, one per group of rotated runs, in page coordinates for their boxes. */
export function layoutRotated(runs: Run[]): Line[][] {
  const groups = new Map<number, Run[]>();
  for (const r of runs) {
    const key = Math.round(r.angle / ANGLE_STEP) * ANGLE_STEP;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key)!.push(r);
  }
  const blocks: Line[][] = [];
  for (const [angle, group] of [...groups].sort((a, b) => a[0] - b[0])) {
    const framed = group.map((r) => ({ framed: toFrame(r, angle), original: r }));
    const back = new Map(framed.map((f) => [f.framed, f.original]));
    // Stretches of text far apart along their own lines (a sidebar's series number at the top of the page, its
    // agency's name at the foot) are blocks of their own, read in the direction of their lines.
    for (const stretch of alongLines(framed.map((f) => f.framed))) {
      const rows = buildRows(stretch);
      let block: Line[] = [];
      let prev: number | null = null;
      for (const row of rows) {
        if (prev !== null && row.baseline - prev > BLOCK_GAP * row.size && block.length) {
          blocks.push(block);
          block = [];
        }
        const line = makeLine(row.runs, row.baseline);
        // Report the box on the page, not in the rotated frame.
        const orig = row.runs.map((r) => back.get(r)!);
        line.bbox = makeLine(orig, orig[0].baseline).bbox;
        line.baseline = orig[0].baseline;
        block.push(line);
        prev = row.baseline;
      }
      if (block.length) blocks.push(block);
    }
  }
  return blocks;
}

/** A watermark is set this many times the body's size at least, in at most this many words (furniture.ts lifts it)... */
export const WATERMARK_SIZE = 2;
export const WATERMARK_WORDS = 4;
/** ...with at least this many runs of text set over it, in at most this many times the body's size. */
const OVER_RUNS = 3;
const OVER_SIZE = 1.5;

/**
 * Level runs of a watermark: up to four words in type twice the body's size or more with the page's text set over it ("LaTeX
 * Poster" across a poster's columns, "DRAFT" across a page). Read with the rest, its letters join the rows of the
 * text they lie under and splice into their lines; like rotated text, they are kept out of the column analysis and
 * read as lines of their own (furniture.ts then lifts them as a watermark). A title or a drop cap in large type has
 * text beside it, not over it. Pieces in large type touching a piece so found are the watermark's too.
 */
export function overprintedRuns(runs: Run[], bodySize: number): Set<Run> {
  const out = new Set<Run>();
  for (const r of runs) {
    if (r.size < WATERMARK_SIZE * bodySize || !/\p{L}/u.test(r.text) || r.text.trim().split(/\s+/u).length > WATERMARK_WORDS) continue;
    let over = 0;
    for (const q of runs) {
      if (q === r || q.size > OVER_SIZE * bodySize) continue;
      const cx = (q.x0 + q.x1) / 2;
      const cy = (q.y0 + q.y1) / 2;
      if (cx > r.x0 && cx < r.x1 && cy > r.y0 && cy < r.y1 && ++over >= OVER_RUNS) break;
    }
    if (over >= OVER_RUNS) out.add(r);
  }
  if (out.size === 0) return out;
  // The watermark's other pieces in its large type, touching a piece found (a letter over a blank stretch of the page,
  // the raised "A" of "LaTeX"), go with it.
  const touches = (a: Run, b: Run) => a.x0 <= b.x1 + 0.5 * a.size && b.x0 <= a.x1 + 0.5 * a.size && a.y0 < b.y1 && b.y0 < a.y1;
  for (let grown = true; grown; ) {
    grown = false;
    for (const r of runs)
      if (!out.has(r) && r.size >= WATERMARK_SIZE * bodySize && [...out].some((w) => touches(r, w))) {
        out.add(r);
        grown = true;
      }
  }
  return out;
}
