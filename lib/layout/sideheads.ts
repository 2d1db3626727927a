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
import type { Run } from '../types.js';
import type { InkRow } from './gutters.js';
import { blockStarts, paragraphStarts, type SideLine, sideLines } from './sides.js';
import { BREAK_STEP, isHeading } from './spans.js';
import type { Row } from './rows.js';
import type { Zone } from './zones.js';
import { median } from './lines.js';

/** The heading column is at most this share of the text column's width; this larger share when its type is this
 * many times the text's size. */
const HEAD_WIDTH = 0.4;
const DISPLAY_HEAD_WIDTH = 0.5;
const DISPLAY_HEADS = 1.3;
/** A heading block holds at most this many lines. */
const MAX_BLOCK_LINES = 6;
/** At least this many heading blocks. */
const MIN_BLOCKS = 2;
/** A head in larger type whose top is level with a paragraph's first line has its baseline this many of its sizes
 * lower at most. */
const TOPS_LEVEL = 0.5;

/** The zone cut into bands at its side heads, or null when its narrow left column is not one of side heads. */
export function sideHeadBands(zone: Zone, bodySize: number): Zone[] | null {
  if (zone.tabular || zone.gutters.length !== 1) return null;
  const g = zone.gutters[0];
  // The side heads run down the longest stretch of rows that no row crosses the gutter in; what is above and below it
  // (a page's foot lines, a title over both columns) is read as it would be, in bands of its own.
  const crosses = (r: InkRow) => r.ink.some((iv) => iv[0] < g[1] && iv[1] > g[0]);
  let top = 0;
  let end = 0;
  const stretches: [number, number][] = [];
  for (let i = 0, from = 0; i <= zone.rows.length; i++) {
    if (i < zone.rows.length && !crosses(zone.rows[i])) continue;
    if (i > from) stretches.push([from, i]);
    if (i - from > end - top) [top, end] = [from, i];
    from = i + 1;
  }
  const rows = zone.rows.slice(top, end);
  const left = sideLines(rows, g, 0);
  const right = sideLines(rows, g, 1);
  if (left.length < MIN_BLOCKS || right.length < left.length) return null;
  const span = (ls: SideLine[]) => Math.max(...ls.map((l) => l.x1)) - Math.min(...ls.map((l) => l.x0));
  // Heads set in display type may take a wider column (a GAO testimony's 17 pt heads beside 11 pt text).
  const size = (ls: SideLine[]) => median(ls.map((l) => Math.max(...l.runs.map((q) => q.size))));
  const display = size(left) >= DISPLAY_HEADS * size(right);
  if (span(left) > (display ? DISPLAY_HEAD_WIDTH : HEAD_WIDTH) * span(right)) return null;
  // The heading blocks, each short, and each level with a paragraph's first line in the text column.
  const paragraphs = paragraphStarts(right, bodySize).map((l) => l.row);
  const starts = blockStarts(left);
  const index = new Map(zone.rows.map((r, i) => [r.row, i]));
  if (starts.length < MIN_BLOCKS) {
    // (A lead in display type beside the text is no term of a list.)
    const term = display ? null : lastTermOfList(left, starts, right, paragraphs);
    return term ? cutAt(zone, [index.get(term)!, end]) : null;
  }
  const at = starts.map((s) => left.indexOf(s));
  if (at.some((a, k) => (at[k + 1] ?? left.length) - a > MAX_BLOCK_LINES)) return null;
  // Level: on the paragraph's first line, or a larger head's top set level with that line's top (its baseline a little
  // lower); the band starts at the higher of the two.
  const levelWith = (st: SideLine) =>
    paragraphs.find((p) => p === st.row) ??
    paragraphs.find((p) => st.row.baseline > p.baseline && st.row.baseline - p.baseline <= TOPS_LEVEL * st.row.size && st.row.size > p.size);
  const firstRows = starts.map((st) => levelWith(st));
  if (!firstRows.every(Boolean)) {
    const pairs = besideTheirBlocks(left, starts, right);
    return pairs && cutAt(zone, [...pairs.map((row) => index.get(row)!), end]);
  }
  // Side heads found, the other stretches (between rows a long heading runs across the gutter in, a manual's "control
  // operator" on a line of its own) are cut at their heads too: those level with a paragraph's first line.
  const cuts = new Set([...firstRows.map((row) => index.get(row!)!), end]);
  for (const [a, b] of stretches) {
    if (a === top) continue;
    const part = zone.rows.slice(a, b);
    const heads = blockStarts(sideLines(part, g, 0));
    const firsts = new Set(paragraphStarts(sideLines(part, g, 1), bodySize).map((l) => l.row));
    for (const h of heads) if (firsts.has(h.row)) cuts.add(index.get(h.row)!);
  }
  return cutAt(zone, [...cuts]);
}

/**
 * One heading block alone, one of its rows a paragraph's first row in the text column though not the column's first:
 * a definition list's term ("--debug" over "-d", the description level with "-d") beside its description, under the
 * end of the description before it, whose term ran across the gutter above ("--built-in-docstrings-file filename").
 * Its first row, where the zone is cut so that the description above is read before the term; or null.
 */
function lastTermOfList(left: SideLine[], starts: SideLine[], right: SideLine[], paragraphs: Row[]): Row | null {
  if (starts.length !== 1 || !right.length) return null;
  const block = left.slice(left.indexOf(starts[0]));
  if (block.length > MAX_BLOCK_LINES || right[0].row.baseline >= block[0].row.baseline) return null;
  return block.some((l) => paragraphs.includes(l.row)) ? block[0].row : null;
}

/** A block of lines' top and bottom: its first line's top (baseline less size) to its last baseline. */
const extent = (block: SideLine[]): [number, number] => [block[0].row.baseline - block[0].row.size, block[block.length - 1].row.baseline];

/**
 * Heads set beside their blocks rather than level with their first lines: a boxed label ("A1:2017- / Injection")
 * centred on its two- or three-line description, down a page of such pairs. Each head block stands by one block of
 * the text, one to one in order: the two overlap, and each one's middle lies within the other's height widened by a
 * line. The rows where each pair starts (its head's or its text's first row, whichever comes first), or null.
 */
function besideTheirBlocks(left: SideLine[], headStarts: SideLine[], right: SideLine[]): Row[] | null {
  const blocksOf = (lines: SideLine[], starts: SideLine[]) =>
    starts.map((st, k) => lines.slice(lines.indexOf(st), k + 1 < starts.length ? lines.indexOf(starts[k + 1]) : lines.length));
  const heads = blocksOf(left, headStarts);
  const texts = blocksOf(right, blockStarts(right));
  if (heads.length !== texts.length) return null;
  const out: Row[] = [];
  for (let k = 0; k < heads.length; k++) {
    const [h, t] = [extent(heads[k]), extent(texts[k])];
    const line = Math.max(heads[k][0].row.size, texts[k][0].row.size);
    const within = (x: number, [a, b]: [number, number]) => x >= a - line && x <= b + line;
    if (h[0] > t[1] || t[0] > h[1] || !within((h[0] + h[1]) / 2, t) || !within((t[0] + t[1]) / 2, h)) return null;
    out.push(heads[k][0].row.baseline <= texts[k][0].row.baseline ? heads[k][0].row : texts[k][0].row);
  }
  return out;
}

/** The zone cut into bands before each of the row indices `cuts` (in any order; an empty band is left out). */
function cutAt(zone: Zone, cuts: number[]): Zone[] {
  const out: Zone[] = [];
  let from = 0;
  for (const c of [...cuts.sort((x, y) => x - y), zone.rows.length]) {
    if (c > from) out.push({ ...zone, rows: zone.rows.slice(from, c) });
    from = c;
  }
  return out;
}

/** A label cell holds at most this many lines... */
const LABEL_LINES = 2;
/** ...beside a text cell of at least this many. */
const MIN_TEXT_LINES = 3;
/** A label's line and the text cell's first line sit on one row: baselines within this share of the size. */
const LEVEL = 0.5;
/** A label: set in bold, or ending in a colon. */
const isLabel = (lines: SideLine[]) =>
  lines.every((l) => l.runs.every((r) => r.bold || r.text.trim() === '')) || /:\s*$/.test(lines[lines.length - 1].runs.map((r) => r.text).join(''));

/**
 * A layout table's first row: a label cell ("Install and Configure client:") beside a text cell of paragraphs, the
 * rest of the left column (the steps, beside pictures with no text) starting only below where the text cell ends.
 * Read as two columns, the label and all the steps would come before the text that follows the label; a reader
 * takes the label, its text, then the steps. The zone is cut where the left column's next block starts.
 */
export function labelCellBands(zone: Zone): Zone[] | null {
  if (zone.tabular || zone.gutters.length !== 1) return null;
  const g = zone.gutters[0];
  const left = sideLines(zone.rows, g, 0);
  const right = sideLines(zone.rows, g, 1);
  if (right.length < MIN_TEXT_LINES || left.length <= LABEL_LINES) return null;
  const starts = blockStarts(left);
  if (starts.length < 2) return null;
  const label = left.slice(0, left.indexOf(starts[1]));
  if (label.length > LABEL_LINES || !isLabel(label)) return null;
  // The label level with the text cell's first line; the text cell over before the left column goes on.
  if (Math.abs(label[0].row.baseline - right[0].row.baseline) > LEVEL * label[0].row.size) return null;
  if (right[right.length - 1].row.baseline >= starts[1].row.baseline) return null;
  if (zone.rows[0].row !== label[0].row && zone.rows[0].row !== right[0].row) return null;
  return cutAt(zone, [zone.rows.findIndex((r) => r.row === starts[1].row)]);
}

/** A grid of sections shows itself in at least this many rows of headings across every column... */
const MIN_HEADING_ROWS = 2;
/** ...each heading of words (at least this many letters: an index's letter heads are not a grid's). */
const MIN_HEADING_LETTERS = 3;
/** A single row of headings across every column makes a grid when it stands this many line advances at least below
 * the last line of every column above it: the rows of boxes are parted by a wide blank. */
const WIDE_BREAK = 4;
/** A blank this many line advances high across every column is a picture set across the page... */
const PICTURE_BREAK = 8;
/** ...and a line set smaller than this share of the body size over it (the picture's credit) leaves it blank. */
const SMALL_TYPE = 0.85;

/**
 * Sections set as a grid of boxes: every column opens a section with a heading on one baseline, twice or more down
 * the zone ("Is the Application Vulnerable? | How to Prevent", then "Example Attack Scenarios | References"). A
 * reader takes the boxes row by row; read as columns, the lower left box would come before the upper right one. Each
 * such row stands clear of the text above it in every column (a break, not a heading level with a running line),
 * its headings are different words (not a card's label repeated in every column, "18F Consulting can:"), and every
 * such row is set in one style (one level of heading, not a card's title and its sub-heading). In running columns a
 * heading rarely opens two columns at one height even once; the grid does it at each row of boxes. The zone is cut
 * above each row of headings after its first. A single row of headings is a grid's when a blank of WIDE_BREAK line
 * advances parts it from every column's text above it (a tri-fold sheet's outside and inside, printed one over the
 * other: the three panels above are read before the three below).
 */
export function headingRowBands(zone: Zone, bodySize: number, advance: number): Zone[] | null {
  if (zone.tabular || zone.gutters.length === 0) return null;
  const edges = [-Infinity, ...zone.gutters.map((g) => (g[0] + g[1]) / 2), Infinity];
  const columns = zone.gutters.length + 1;
  const runsIn = (r: InkRow, j: number) => r.row.runs.filter((run) => (run.x0 + run.x1) / 2 > edges[j] && (run.x0 + run.x1) / 2 < edges[j + 1]);
  const crosses = (r: InkRow) => r.ink.some((iv) => zone.gutters.some((g) => iv[0] < g[1] && iv[1] > g[0]));
  const textOf = (runs: Run[]) =>
    runs
      .map((run) => run.text)
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
  const styleOf = (runs: Run[]) =>
    `${Math.round(Math.max(...runs.map((run) => run.size)))}/${runs.every((run) => run.bold)}/${runs.every((run) => run.italic)}`;
  // A column's heading: a line of words in heading type standing clear of the column's text above it.
  const headingIn = (i: number, j: number): string | null => {
    const runs = runsIn(zone.rows[i], j);
    const text = textOf(runs);
    if (!isHeading(runs, bodySize) || (text.match(/\p{L}/gu)?.length ?? 0) < MIN_HEADING_LETTERS) return null;
    let a = i - 1;
    while (a >= 0 && runsIn(zone.rows[a], j).length === 0) a--;
    if (a >= 0 && zone.rows[i].row.baseline - zone.rows[a].row.baseline < BREAK_STEP * advance) return null;
    return styleOf(runs);
  };
  // Every column holds text above row i, and its last line stands `blank` advances above it at least. For a picture's
  // blank, one line in small type standing alone inside it (the picture's credit, WIDE_BREAK advances under the
  // column's text) is no text of the column: the blank is measured from the text.
  const small = (runs: Run[]) => runs.every((run) => run.size < SMALL_TYPE * bodySize);
  const lastAbove = (from: number, j: number) => {
    let a = from;
    while (a >= 0 && runsIn(zone.rows[a], j).length === 0) a--;
    return a;
  };
  const wideBreakAbove = (i: number, blank = WIDE_BREAK): boolean => {
    for (let j = 0; j < columns; j++) {
      let a = lastAbove(i - 1, j);
      if (blank > WIDE_BREAK && a >= 0 && small(runsIn(zone.rows[a], j))) {
        const text = lastAbove(a - 1, j);
        if (text >= 0 && zone.rows[a].row.baseline - zone.rows[text].row.baseline >= WIDE_BREAK * advance) a = text;
      }
      if (a < 0 || zone.rows[i].row.baseline - zone.rows[a].row.baseline < blank * advance) return false;
    }
    return true;
  };
  const rows: { at: number; style: string }[] = [];
  let parted = -1;
  zone.rows.forEach((r, i) => {
    if (crosses(r)) return;
    const heads = new Set<string>();
    const styles = new Set<string>();
    for (let j = 0; j < columns; j++) {
      const style = headingIn(i, j);
      if (style === null) return;
      heads.add(textOf(runsIn(r, j)).toLowerCase());
      styles.add(style);
    }
    if (heads.size !== columns) return;
    if (parted < 0 && i > 0 && wideBreakAbove(i)) parted = i;
    if (styles.size === 1) rows.push({ at: i, style: [...styles][0] });
  });
  // One row of headings, in any sizes (each panel's own), is enough when a wide blank parts it from the boxes above it
  // in every column: a folded sheet's two rows of panels.
  if (rows.length <= 1 && parted > 0) return cutAt(zone, [parted]);
  // A heading opening an outer column alone, level with the first lines of the other columns, under a blank of
  // PICTURE_BREAK advances across every column (a picture set across the page, its credit aside): the sheet's
  // columns start again under the picture, read after the columns above it.
  if (rows.length === 0) {
    const lead = zone.rows.findIndex(
      (r, i) =>
        i > 0 &&
        !crosses(r) &&
        (headingIn(i, 0) !== null || headingIn(i, columns - 1) !== null) &&
        Array.from({ length: columns }, (_, j) => runsIn(r, j).length > 0).every(Boolean) &&
        wideBreakAbove(i, PICTURE_BREAK),
    );
    if (lead > 0) return cutAt(zone, [lead]);
  }
  if (rows.length < MIN_HEADING_ROWS || rows.some((r) => r.style !== rows[0].style)) return null;
  // A heading of the rows' style that opens a box in one column alone, level with no heading beside it, shows the
  // columns running apart: a poster's columns of boxes, read each to its foot, whose rows of headings line up by
  // chance ("Implementation" over "Results" beside one "Motivation" box).
  // (Between its first row of headings and its last: under the grid, the text's own headings are the columns'.)
  const atRow = new Set(rows.map((r) => r.at));
  for (let i = rows[0].at + 1; i < rows[rows.length - 1].at; i++) {
    if (atRow.has(i) || crosses(zone.rows[i])) continue;
    for (let j = 0; j < columns; j++) if (headingIn(i, j) === rows[0].style) return null;
  }
  // Headings one row after another are lines of text set larger than the page's commonest type (a report's columns
  // over a table and notes in smaller type), not a grid's headings, each over its box.
  if (rows.some((r, k) => k > 0 && r.at === rows[k - 1].at + 1)) return null;
  return cutAt(
    zone,
    rows.slice(1).map((r) => r.at),
  );
}
