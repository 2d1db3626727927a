/**
 * Spreads: two pages printed side by side on one sheet (a newsletter's front and inside page imposed on a landscape
 * sheet, a book scanned open). Each half is a page of its own: its columns, bands and headings are found in it
 * alone, and the halves are read one after the other. Laid out as one page, the halves' rows fall on shared
 * baselines and the bands of one cut across the columns of the other, so a narrow gutter in one half is lost to
 * the rows of the other.
 *
 * What gives a spread away is a strip down the middle of the text that no line crosses, from the top of the sheet
 * to its foot, wider than any gutter between columns, with a page of running text either side.
 */
import type { Interval, Run } from '../types.js';
import { isHorizontal, median } from './lines.js';
import { buildRows, inkIntervals } from './rows.js';

/** The text of the sheet is landscape: at least this much wider than it is high. */
const MIN_ASPECT = 1.15;
/** The strip is at least this many body ems wide (a wide gutter between columns is about two). */
const MIN_STRIP_EM = 3;
/** Its middle lies in this central share of the text's width. */
const CENTRE_FROM = 0.35;
const CENTRE_TO = 0.65;
/** Each half holds at least this share of the sheet's characters. */
const MIN_HALF_SHARE = 0.2;
/** Each half's lines (ink pieces wider than a word gap) are at least this many ems wide in the median: running text. */
const MIN_LINE_EM = 8;
/** Each half has at least this many rows. */
const MIN_HALF_ROWS = 8;

export interface Spread {
  /** The blank strip between the two pages. */
  strip: Interval;
  /** The runs of the page on the left, and on the right. */
  left: Run[];
  right: Run[];
}

/** The two pages of a spread, or null when the runs make one page. */
export function findSpread(runs: Run[], bodySize: number): Spread | null {
  if (runs.length < 2 * MIN_HALF_ROWS) return null;
  // A loop, not Math.min(...runs): a page may hold more runs than a call takes arguments.
  let [x0, x1, y0, y1] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const r of runs) {
    x0 = Math.min(x0, r.x0);
    x1 = Math.max(x1, r.x1);
    y0 = Math.min(y0, r.y0);
    y1 = Math.max(y1, r.y1);
  }
  if (x1 - x0 < MIN_ASPECT * (y1 - y0)) return null;
  // The blank strips between the runs' horizontal extents, the widest near the middle first.
  const spans = runs.map((r): Interval => [r.x0, r.x1]).sort((a, b) => a[0] - b[0]);
  let best: Interval | null = null;
  let reach = spans[0][1];
  for (const [a, b] of spans.slice(1)) {
    if (a > reach) {
      const mid = (reach + a) / 2;
      const inMiddle = mid >= x0 + CENTRE_FROM * (x1 - x0) && mid <= x0 + CENTRE_TO * (x1 - x0);
      if (inMiddle && a - reach >= MIN_STRIP_EM * bodySize && (!best || a - reach > best[1] - best[0])) best = [reach, a];
    }
    reach = Math.max(reach, b);
  }
  if (!best) return null;
  const cut = (best[0] + best[1]) / 2;
  const left = runs.filter((r) => r.x1 <= cut);
  const right = runs.filter((r) => r.x0 >= cut);
  const chars = (rs: Run[]) => rs.reduce((n, r) => n + r.text.length, 0);
  const total = chars(runs);
  for (const half of [left, right]) {
    if (chars(half) < MIN_HALF_SHARE * total) return null;
    const rows = buildRows(half.filter(isHorizontal));
    if (rows.length < MIN_HALF_ROWS) return null;
    const widths = rows.flatMap((row) => inkIntervals(row.runs, bodySize).map(([a, b]) => b - a));
    if (median(widths) < MIN_LINE_EM * bodySize) return null;
  }
  return { strip: best, left, right };
}
