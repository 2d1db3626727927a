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
