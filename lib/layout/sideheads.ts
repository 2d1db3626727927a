/**
 * Side heads: a manual's or a report's section headings set in a narrow column of their own left of the text, each
 * level with the first line of its section ("2.3.59.1.4 / (01-17-2023) / Program Management and Review" beside
 * "(1) Program Reports: …"). Read as two columns, every heading of the page would come first and the sections after
 * them, stripped of their headings. A reader takes each heading, then its section, down to the next heading: the zone
 * is cut into bands at the heading blocks' first lines, each band read as columns.
 *
 * A sidebar is told apart by where its blocks stand (zones.ts' isSidebar): placed with no regard to the text's
 * paragraphs. Side heads each start level with a paragraph of the text.
 */
import type { Interval } from '../types.js';
import type { InkRow } from './gutters.js';
import type { Zone } from './zones.js';

/** The heading column is at most this share of the text column's width. */
const HEAD_WIDTH = 0.4;
/** A heading block's lines are at most this many of their sizes apart... */
const BLOCK_ADVANCE = 1.6;
/** ...and a block holds at most this many lines. */
const MAX_BLOCK_LINES = 6;
/** At least this many heading blocks. */
const MIN_BLOCKS = 2;
/** A line of the text column starts a paragraph after a line ending this many body ems short of the column's edge. */
const SHORT_LINE_EM = 2;

interface SideLine {
  at: number;
  x0: number;
  x1: number;
}

/** The row's text on one side of the gutter, as a line of that column (`at`: the row's index in the zone). */
function sideOf(r: InkRow, at: number, g: Interval, k: 0 | 1): SideLine | null {
  const runs = r.row.runs.filter((q) => (k === 0 ? q.x1 <= g[0] + 0.5 : q.x0 >= g[1] - 0.5));
  return runs.length ? { at, x0: Math.min(...runs.map((q) => q.x0)), x1: Math.max(...runs.map((q) => q.x1)) } : null;
}

/** The zone cut into bands at its side heads, or null when its narrow left column is not one of side heads. */
export function sideHeadBands(zone: Zone, bodySize: number): Zone[] | null {
  if (zone.tabular || zone.gutters.length !== 1) return null;
  const g = zone.gutters[0];
  // The side heads run down the longest stretch of rows that no row crosses the gutter in; what is above and below it
  // (a page's foot lines, a title over both columns) is read as it would be, in bands of its own.
  const crosses = (r: InkRow) => r.ink.some((iv) => iv[0] < g[1] && iv[1] > g[0]);
  let top = 0;
  let end = 0;
  for (let i = 0, from = 0; i <= zone.rows.length; i++) {
    if (i < zone.rows.length && !crosses(zone.rows[i])) continue;
    if (i - from > end - top) [top, end] = [from, i];
    from = i + 1;
  }
  const rows = zone.rows.slice(top, end);
  const left: SideLine[] = [];
  const right: SideLine[] = [];
  rows.forEach((r, i) => {
    const a = sideOf(r, i, g, 0);
    const b = sideOf(r, i, g, 1);
    if (a) left.push(a);
    if (b) right.push(b);
  });
  if (left.length < MIN_BLOCKS || right.length < left.length) return null;
  const span = (ls: SideLine[]) => Math.max(...ls.map((l) => l.x1)) - Math.min(...ls.map((l) => l.x0));
  if (span(left) > HEAD_WIDTH * span(right)) return null;
  // The heading blocks and the row each starts on.
  const starts: number[] = [];
  let lines = 0;
  for (let k = 0; k < left.length; k++) {
    const [prev, cur] = [left[k - 1], left[k]];
    const size = rows[cur.at].row.size;
    if (!prev || rows[cur.at].row.baseline - rows[prev.at].row.baseline > BLOCK_ADVANCE * size) {
      starts.push(cur.at);
      lines = 0;
    }
    if (++lines > MAX_BLOCK_LINES) return null;
  }
  if (starts.length < MIN_BLOCKS) return null;
  // Each block starts level with a paragraph's first line: the text column's first line, or one after a blank, after
  // a short line, or indented.
  const hi = Math.max(...right.map((l) => l.x1));
  const lo = Math.min(...right.map((l) => l.x0));
  const startsParagraph = (i: number) => {
    const k = right.findIndex((l) => l.at === i);
    if (k < 0) return false;
    const [prev, cur] = [right[k - 1], right[k]];
    if (!prev) return true;
    const size = rows[i].row.size;
    return (
      rows[i].row.baseline - rows[prev.at].row.baseline > BLOCK_ADVANCE * size ||
      prev.x1 < hi - SHORT_LINE_EM * bodySize ||
      cur.x0 > lo + 0.5 * bodySize
    );
  };
  if (!starts.every(startsParagraph)) return null;
  const out: Zone[] = [];
  let from = 0;
  for (const c of [...starts.map((i) => i + top), end, zone.rows.length]) {
    if (c > from) out.push({ ...zone, rows: zone.rows.slice(from, c) });
    from = c;
  }
  return out;
}
