/**
 * A page whose text runs sideways as a whole (a landscape spread or a wide table set turned on an upright page): its
 * runs are turned into the frame where the text reads left to right, and the page is laid out there, as a scan
 * lying sideways is read upright. Coordinates then refer to the page turned upright (PageInfo.rotation says how).
 */
import type { Run } from '../types.js';

/** The page is sideways when text at one quarter turn holds at least this share of its characters. */
const SIDEWAYS_SHARE = 0.6;

export interface Upright {
  runs: Run[];
  width: number;
  height: number;
  /** Degrees the page was turned clockwise to read it. */
  turned: 90 | 180 | 270;
}

const quarter = (angle: number) => (((Math.round(angle / 90) * 90) % 360) + 360) % 360;

/** The runs turned upright, or null when the page's text mostly reads left to right already. */
export function turnUpright(runs: Run[], width: number, height: number): Upright | null {
  const chars = new Map<number, number>();
  let total = 0;
  for (const r of runs) {
    const n = r.text.length;
    total += n;
    const q = quarter(r.angle);
    chars.set(q, (chars.get(q) ?? 0) + n);
  }
  let best = 0;
  let bestChars = -1;
  for (const [q, n] of chars) {
    if (n > bestChars) {
      best = q;
      bestChars = n;
    }
  }
  if (best === 0 || bestChars < SIDEWAYS_SHARE * total) return null;
  // Text at `best` degrees (y down: 270 reads upward, 90 downward) reads left to right once the page is turned
  // clockwise by 360 - best.
  const turned = (360 - best) as 90 | 180 | 270;
  const map = (x: number, y: number): [number, number] =>
    turned === 90 ? [height - y, x] : turned === 270 ? [y, width - x] : [width - x, height - y];
  const out = runs.map((r): Run => {
    const pts = [map(r.x0, r.y0), map(r.x1, r.y0), map(r.x0, r.y1), map(r.x1, r.y1)];
    const xs = pts.map((p) => p[0]);
    const ys = pts.map((p) => p[1]);
    const y1 = Math.max(...ys);
    const angle = ((((r.angle + turned + 180) % 360) + 360) % 360) - 180;
    // The baseline of a run read level now: its box's foot less the descent (about a fifth of its size).
    return {
      ...r,
      x0: Math.min(...xs),
      x1: Math.max(...xs),
      y0: Math.min(...ys),
      y1,
      baseline: Math.abs(angle) < 45 ? y1 - 0.2 * r.size : r.baseline,
      angle,
    };
  });
  return { runs: out, width: turned === 180 ? width : height, height: turned === 180 ? height : width, turned };
}
