/**
 * Crowded rows: at the top or foot of a zone of columns, a line of each column set so close together (an overfull
 * line running into the gutter) that the gap between them is narrower than a gutter. The ink intervals bridge it, the
 * row reads as one line across the page, and it closes the zone's gutter there: a story's first lines are read across
 * both columns.
 *
 * What gives such a row away is where its gap falls and what it is: the row's widest gap by far, inside the gutter
 * the zone's rows below (or above) leave open, between two column-wide pieces of text at the zone's type size, a line
 * advance from the zone. A line across the page has no gap there wider than its word gaps.
 */
import type { Interval, Run } from '../types.js';
import type { InkRow } from './gutters.js';
import { median } from './lines.js';
import { inkIntervals, type Row } from './rows.js';
import type { Zone } from './zones.js';

/** The gap is at least this share of the body size (wider than a tight word gap)... */
const MIN_GAP_EM = 0.2;
/** ...and at least this many times any other gap between the row's runs (word gaps, when words are runs). */
const WIDEST_RATIO = 1.6;
/** Both pieces are column-wide: at least this many body ems. */
const MIN_SIDE_EM = 8;
/** The zone's gutter stands on at least this many rows. */
const MIN_ZONE_ROWS = 6;
/** The row follows the zone at no more than this many of its line advances (no blank space between). */
const MAX_ADVANCES = 1.5;
/** A line is on a gutter's edge within this many points. */
const EDGE = 1;
/** Type within this share of the zone's size. */
const SIZE_SHARE = 0.1;

/** A crowded row's gap between its two lines, and the gutter it falls in. */
export interface Crowded {
  /** Null for a line of the zone that runs into the gutter from one side only. */
  gap: Interval | null;
  gutter: Interval;
}

/**
 * A row's ink reaching into a gutter from one side and stopping a tight word gap short of its other edge, in a piece a
 * column wide: an overfull line of the column on that side.
 */
function overruns(ink: Interval[], g: Interval, body: number): boolean {
  if (ink.some((iv) => iv[0] <= g[0] && iv[1] >= g[1])) return false;
  const into = ink.filter((iv) => (iv[0] < g[0] && iv[1] > g[0]) || (iv[1] > g[1] && iv[0] < g[1]));
  return (
    into.length > 0 &&
    into.every((iv) => iv[1] - iv[0] >= MIN_SIDE_EM * body && (iv[0] < g[0] ? iv[1] <= g[1] - MIN_GAP_EM * body : iv[0] >= g[0] + MIN_GAP_EM * body))
  );
}

/** The gap of a row that parts it at a gutter, or null. */
function gapAt(runs: Run[], g: Interval, body: number): Interval | null {
  let best: Interval | null = null;
  let other = 0;
  for (let k = 1; k < runs.length; k++) {
    const [from, to] = [runs[k - 1].x1, runs[k].x0];
    // Inside the gutter, and on one of its edges: the other column's lines start (or end) there too.
    const onEdge = Math.abs(from - g[0]) <= EDGE || Math.abs(to - g[1]) <= EDGE;
    const inGutter = from >= g[0] - EDGE && to <= g[1] + EDGE && onEdge && to - from >= MIN_GAP_EM * body;
    if (inGutter && !best) best = [from, to];
    else other = Math.max(other, to - from);
  }
  if (!best || best[1] - best[0] < WIDEST_RATIO * other) return null;
  const left = best[0] - runs[0].x0;
  const right = Math.max(...runs.map((r) => r.x1)) - best[1];
  return left >= MIN_SIDE_EM * body && right >= MIN_SIDE_EM * body ? best : null;
}

/**
 * Rows next to a zone of columns that are two of its lines run together, each with the gap to keep open. Rows are
 * taken outward from the zone's first row up and from its last row down, while each one is crowded.
 */
export function crowdedRows(zones: Zone[], body: number): Map<Row, Crowded> {
  const out = new Map<Row, Crowded>();
  zones.forEach((zone, z) => {
    // A ruled zone's gutter is a drawn rule, not white a line could run into.
    if (zone.tabular || zone.ruled || zone.gutters.length !== 1 || zone.rows.length < MIN_ZONE_ROWS) return;
    const g = zone.gutters[0];
    const size = median(zone.rows.map((r) => r.row.size));
    const steps = zone.rows.slice(1).map((r, i) => r.row.baseline - zone.rows[i].row.baseline);
    const advance = median(steps);
    const walk = (neighbours: InkRow[], from: Row) => {
      let last = from;
      for (const r of neighbours) {
        if (Math.abs(r.row.baseline - last.baseline) > MAX_ADVANCES * advance) break;
        if (Math.abs(r.row.size - size) > SIZE_SHARE * size || r.ink.length !== 1) break;
        const gap = gapAt(r.row.runs, g, body);
        if (!gap) break;
        out.set(r.row, { gap, gutter: g });
        last = r.row;
      }
    };
    // Inside the zone, a column's overfull line reaching into the gutter, not across it, is the column's own.
    for (const r of zone.rows) {
      if (overruns(r.ink, g, body)) out.set(r.row, { gap: null, gutter: g });
      else if (r.ink.length === 1 && Math.abs(r.row.size - size) <= SIZE_SHARE * size) {
        const gap = gapAt(r.row.runs, g, body);
        if (gap) out.set(r.row, { gap, gutter: g });
      }
    }
    if (z > 0) walk([...zones[z - 1].rows].reverse(), zone.rows[0].row);
    if (z + 1 < zones.length) walk(zones[z + 1].rows, zone.rows[zone.rows.length - 1].row);
  });
  return out;
}

/**
 * A crowded row's ink: its runs merged as usual (`bridge`, `apart`: rows.ts' inkIntervals) but for its gap, which is
 * kept open as wide as the gutter. An overfull line is its column's own: its ink is taken to stop at the gutter.
 */
export function crowdedInk(runs: Run[], bridge: number, apart: ((from: number, to: number) => boolean) | undefined, c: Crowded): Interval[] {
  const { gap, gutter } = c;
  const ink = inkIntervals(runs, bridge, (from, to) => !!apart?.(from, to) || (!!gap && from <= gap[0] && to >= gap[1]));
  // Ink that reaches into the gutter from one side stops at its edge.
  return ink.map(([a, b]): Interval => [a > gutter[0] && a < gutter[1] ? gutter[1] : a, b > gutter[0] && b < gutter[1] ? gutter[0] : b]);
}
