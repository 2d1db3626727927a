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
import type { InkRow } from './gutters.js';
import { blockStarts, paragraphStarts, type SideLine, sideLines } from './sides.js';
import type { Zone } from './zones.js';

/** The heading column is at most this share of the text column's width. */
const HEAD_WIDTH = 0.4;
/** A heading block holds at most this many lines. */
const MAX_BLOCK_LINES = 6;
/** At least this many heading blocks. */
const MIN_BLOCKS = 2;

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
  const left = sideLines(rows, g, 0);
  const right = sideLines(rows, g, 1);
  if (left.length < MIN_BLOCKS || right.length < left.length) return null;
  const span = (ls: SideLine[]) => Math.max(...ls.map((l) => l.x1)) - Math.min(...ls.map((l) => l.x0));
  if (span(left) > HEAD_WIDTH * span(right)) return null;
  // The heading blocks, each short, and each level with a paragraph's first line in the text column.
  const starts = blockStarts(left);
  if (starts.length < MIN_BLOCKS) return null;
  const at = starts.map((s) => left.indexOf(s));
  if (at.some((a, k) => (at[k + 1] ?? left.length) - a > MAX_BLOCK_LINES)) return null;
  const paragraphs = new Set(paragraphStarts(right, bodySize).map((l) => l.row));
  if (!starts.every((s) => paragraphs.has(s.row))) return null;
  const index = new Map(zone.rows.map((r, i) => [r.row, i]));
  const out: Zone[] = [];
  let from = 0;
  for (const c of [...starts.map((s) => index.get(s.row)!), end, zone.rows.length]) {
    if (c > from) out.push({ ...zone, rows: zone.rows.slice(from, c) });
    from = c;
  }
  return out;
}
