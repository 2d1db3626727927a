/**
 * Gutters: vertical bands that almost nothing crosses. Found from the ink boundaries themselves (no grid), from two
 * kinds of evidence: rows that leave a gap at the same place (columns set on a common baseline grid), and valleys
 * of the ink coverage with text on both sides (columns whose lines do not share baselines). Each candidate's edges
 * are set in two passes so a ragged right margin does not pull the column edge inward.
 */
import type { Interval } from '../types.js';
import type { Row } from './rows.js';
import { median } from './lines.js';
import { wordCount } from './words.js';

/** A row with its ink intervals (runs merged across gaps narrower than the narrowest gutter). */
export interface InkRow {
  row: Row;
  ink: Interval[];
}

/** The runs of a row that lie within one of its ink pieces. */
/** Whether some of a row's ink runs into one of the gutters. */
export const crossesAny = (r: InkRow, gutters: Interval[]) => r.ink.some((iv) => gutters.some((g) => iv[0] < g[1] && iv[1] > g[0]));

export const pieceRuns = (r: InkRow, iv: Interval) => r.row.runs.filter((q) => q.x0 >= iv[0] - 0.5 && q.x1 <= iv[1] + 0.5);

/** A gutter candidate over a set of rows. */
export interface GutterCandidate {
  gutter: Interval;
  /** Its zone: inclusive indices into the rows the candidate was found in. */
  zone: [number, number];
  /** Evidence: the fewer of the zone's rows with text left of the gutter and rows with text right of it. */
  support: number;
  /** Rows whose ink reaches into the gutter. */
  crossing: Set<number>;
  /** Of those, rows whose line runs into it from the left (right) and stops a little past it: a ragged edge. */
  raggedRight: Set<number>;
  raggedLeft: Set<number>;
}

/** A candidate needs this many rows leaving a gap at the same place before it is measured at all. */
const MIN_VOTES = 3;
/**
 * A peak of the gap votes spreads over the x where at least this share of its votes remain. Justified prose
 * leaves word gaps almost as wide as a narrow gutter, but they rarely line up; a gutter is left open by most rows
 * of its zone, so its peak stands well above the word-gap background around it.
 */
const PEAK_SHARE = 0.5;
/**
 * Only the strongest peaks are measured, and only those with at least this share of the strongest one's votes:
 * the weak ones are word gaps that happened to line up in a few rows.
 */
const MAX_PEAKS = 8;
const MIN_PEAK_SHARE = 0.15;
/**
 * Blocks of fewer than this many rows clean of a gap, at either end of its zone, the nearest of them parted from the
 * rest by at least MIN_ACROSS_RUN rows reaching across the gap, are left out of the zone.
 */
const MIN_END_BLOCK_ROWS = 2;
const MIN_ACROSS_RUN = 3;
/** A heading this many times the rows' median size, across the core, ends a stretch on its own (a new story's title). */
const HEADING_SIZE = 1.5;
/** Share of a zone's rows that may reach into a gutter's gap without closing it (they count as crossing)... */
const INTRUDER_SHARE = 0.05;
/** ...and one row at least in a zone of this many rows (with enough rows beside the gap). */
const MIN_INTRUDED_ROWS = 10;
/** The core of a peak keeps this share of its votes; its middle is where crossing is tested. */
const CORE_SHARE = 0.8;
/**
 * A coverage valley: x where at most this share of the rows that cover the text on the lower of its two sides
 * cover it. Full-width lines (titles, captions) still cover a gutter; column text does not.
 */
const VALLEY_SHARE = 0.35;

/**
 * Piecewise-constant count of intervals covering x, from the interval ends alone. Starts and ends are sorted apart
 * as typed arrays (a numeric sort, no comparator) and merged; at equal x an end counts before a start.
 */
export function sweep(intervals: Interval[]): { x0: number; x1: number; count: number }[] {
  let n = 0;
  // Indexing, not destructuring: this runs for every zone of every page, and destructuring walks an iterator.
  for (const iv of intervals) if (iv[1] > iv[0]) n++;
  const starts = new Float64Array(n);
  const ends = new Float64Array(n);
  n = 0;
  for (const iv of intervals) {
    if (iv[1] > iv[0]) {
      starts[n] = iv[0];
      ends[n++] = iv[1];
    }
  }
  starts.sort();
  ends.sort();
  const out: { x0: number; x1: number; count: number }[] = [];
  let count = 0;
  let i = 0;
  let j = 0;
  while (i < n || j < n) {
    // Ends first at a tie: touching intervals do not overlap.
    let x: number;
    if (j < n && (i >= n || ends[j] <= starts[i])) {
      x = ends[j++];
      count--;
    } else {
      x = starts[i++];
      count++;
    }
    const next = j < n && (i >= n || ends[j] <= starts[i]) ? ends[j] : i < n ? starts[i] : undefined;
    if (next !== undefined && next > x) out.push({ x0: x, x1: next, count });
  }
  return out;
}

/**
 * Peaks of the gap votes, strongest first: for each, its core, the stretch around the peak that keeps nearly all
 * of its votes. This is where a gutter may be.
 */
export function votedCores(rows: InkRow[]): Interval[] {
  const gaps: Interval[] = [];
  for (const r of rows) for (let i = 1; i < r.ink.length; i++) gaps.push([r.ink[i - 1][1], r.ink[i][0]]);
  const profile = sweep(gaps);
  const claimed = new Array<boolean>(profile.length).fill(false);
  let strongest = 0;
  for (const p of profile) if (p.count > strongest) strongest = p.count;
  // Only stretches that can be a peak are ordered (most of the profile is the word-gap background).
  const floor = Math.max(MIN_VOTES, MIN_PEAK_SHARE * strongest);
  const byVotes: number[] = [];
  for (let i = 0; i < profile.length; i++) if (profile[i].count >= floor) byVotes.push(i);
  byVotes.sort((a, b) => profile[b].count - profile[a].count || profile[a].x0 - profile[b].x0);
  const cores: Interval[] = [];
  const touching = (i: number, j: number) => Math.abs(profile[i].x1 - profile[j].x0) < 1e-9;
  for (const i of byVotes) {
    const peak = profile[i].count;
    if (cores.length >= MAX_PEAKS) break;
    if (claimed[i]) continue;
    let lo = i;
    let hi = i;
    while (lo > 0 && !claimed[lo - 1] && touching(lo - 1, lo) && profile[lo - 1].count >= PEAK_SHARE * peak) lo--;
    while (hi < profile.length - 1 && !claimed[hi + 1] && touching(hi, hi + 1) && profile[hi + 1].count >= PEAK_SHARE * peak) hi++;
    for (let k = lo; k <= hi; k++) claimed[k] = true;
    let clo = i;
    let chi = i;
    while (clo > lo && touching(clo - 1, clo) && profile[clo - 1].count >= CORE_SHARE * peak) clo--;
    while (chi < hi && touching(chi, chi + 1) && profile[chi + 1].count >= CORE_SHARE * peak) chi++;
    cores.push([profile[clo].x0, profile[chi].x1]);
  }
  return cores;
}

/** The least-covered stretches of the valleys of ink coverage with text on both sides: gutters between offset columns. */
export function valleyCores(rows: InkRow[], minWidth: number): Interval[] {
  // Rows masked as full-width (aligned tables) are not column text: they would fill every valley.
  const ink: Interval[] = [];
  for (const r of rows) for (const iv of r.ink) if (Number.isFinite(iv[0]) && Number.isFinite(iv[1])) ink.push(iv);
  const profile = sweep(ink);
  // Fill the stretches no ink covers, so every x between the first and last ink has a count.
  const full: { x0: number; x1: number; count: number }[] = [];
  for (const s of profile) {
    const last = full[full.length - 1];
    if (last && s.x0 > last.x1) full.push({ x0: last.x1, x1: s.x0, count: 0 });
    full.push(s);
  }
  const n = full.length;
  const before = new Array<number>(n).fill(0);
  const after = new Array<number>(n).fill(0);
  for (let i = 1; i < n; i++) before[i] = Math.max(before[i - 1], full[i - 1].count);
  for (let i = n - 2; i >= 0; i--) after[i] = Math.max(after[i + 1], full[i + 1].count);
  const cores: Interval[] = [];
  let i = 0;
  while (i < n) {
    const low = (k: number) => full[k].count <= VALLEY_SHARE * Math.min(before[k], after[k]) && Math.min(before[k], after[k]) >= MIN_VOTES;
    if (!low(i)) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < n && low(j + 1)) j++;
    if (full[j].x1 - full[i].x0 >= minWidth) {
      // The middle of the least-covered stretch of the valley.
      const least = Math.min(...full.slice(i, j + 1).map((s) => s.count));
      let a = i;
      while (full[a].count !== least) a++;
      let b = a;
      while (b + 1 <= j && full[b + 1].count === least) b++;
      cores.push([full[a].x0, full[b].x1]);
    }
    i = j + 1;
  }
  return cores;
}

const intersects = (ink: Interval, g: Interval) => ink[0] < g[1] && ink[1] > g[0];

/** Classify rows against a gutter. */
export function classify(gutter: Interval, rows: InkRow[]): { twoSided: Set<number>; crossing: Set<number> } {
  const twoSided = new Set<number>();
  const crossing = new Set<number>();
  for (const r of rows) {
    let crosses = false;
    let left = false;
    let right = false;
    for (const iv of r.ink) {
      if (intersects(iv, gutter)) crosses = true;
      if (iv[1] <= gutter[0]) left = true;
      if (iv[0] >= gutter[1]) right = true;
    }
    if (crosses) crossing.add(r.row.index);
    else if (left && right) twoSided.add(r.row.index);
  }
  return { twoSided, crossing };
}

/** The fewer of the rows with text left of the gutter and rows with text right of it, among rows not crossing it. */
export function sideSupport(gutter: Interval, rows: InkRow[]): number {
  let left = 0;
  let right = 0;
  for (const r of rows) {
    if (r.ink.some((iv) => intersects(iv, gutter))) continue;
    if (r.ink.some((iv) => iv[1] <= gutter[0])) left++;
    if (r.ink.some((iv) => iv[0] >= gutter[1])) right++;
  }
  return Math.min(left, right);
}

/**
 * The candidate at one core, measured in two passes. Pass one: rows whose ink reaches across the core are
 * full-width material; the rest fall into blocks of consecutive rows between them; the zone runs from the first to
 * the last block with text on both sides. Pass two sets the edges on the last piece of real column text inside the
 * zone: the nearest ink on either side among the rows that do not reach across. Lines that end short (a ragged
 * right margin) cannot pull the edge inward, ink lying inside the core (a centred folio) is not a column edge, and
 * rows outside the zone (an author block above the columns) do not count at all.
 */
/**
 * Ink reaching across a core: covering most of it from both sides (a quarter of it may stay clear at either end). A
 * ragged line that ends inside the core does not, nor does a centred folio sitting in its middle.
 */
const reachesAcross = (iv: Interval, core: Interval) => {
  const q = (core[1] - core[0]) / 4;
  return iv[0] < core[0] + q && iv[1] > core[1] - q;
};

export function candidateAt(core: Interval, rows: InkRow[], minWidth: number): GutterCandidate | null {
  const q = (core[1] - core[0]) / 4;
  // Ink centred inside the core (a folio, a label in the gutter) is neither column's text.
  const inside = (iv: Interval) => (iv[0] + iv[1]) / 2 >= core[0] && (iv[0] + iv[1]) / 2 <= core[1];
  const isLeft = (iv: Interval) => !inside(iv) && iv[0] < core[0] && iv[1] < core[1] - q;
  const isRight = (iv: Interval) => !inside(iv) && iv[1] > core[1] && iv[0] > core[0] + q;
  const across = new Array<boolean>(rows.length);
  const hasLeft = new Array<boolean>(rows.length);
  const hasRight = new Array<boolean>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    let a = false;
    let l = false;
    let r = false;
    for (const iv of rows[i].ink) {
      if (reachesAcross(iv, core)) a = true;
      if (isLeft(iv)) l = true;
      if (isRight(iv)) r = true;
    }
    across[i] = a;
    hasLeft[i] = l;
    hasRight[i] = r;
  }
  const blocks: Interval[] = [];
  for (let i = 0; i < rows.length; ) {
    if (across[i]) {
      i++;
      continue;
    }
    let j = i;
    let left = false;
    let right = false;
    while (j < rows.length && !across[j]) {
      left ||= hasLeft[j];
      right ||= hasRight[j];
      j++;
    }
    if (left && right) blocks.push([i, j - 1]);
    i = j;
  }
  // Lone clean rows past a run of rows reaching across are not more of the zone: a paragraph's short last line in
  // one column of the next story, set in more columns under a headline, leaves the gap clean by chance.
  const lone = (b: Interval) => b[1] - b[0] + 1 < MIN_END_BLOCK_ROWS;
  let end = blocks.length - 1;
  while (end > 0 && lone(blocks[end])) end--;
  if (end < blocks.length - 1 && blocks[end + 1][0] - blocks[end][1] - 1 >= MIN_ACROSS_RUN) blocks.length = end + 1;
  let start = 0;
  while (start < blocks.length - 1 && lone(blocks[start])) start++;
  if (start > 0 && blocks[start][0] - blocks[start - 1][1] - 1 >= MIN_ACROSS_RUN) blocks.splice(0, start);
  if (blocks.length === 0) return null;
  const first = blocks[0][0];
  const last = blocks[blocks.length - 1][1];
  // Each row's nearest text on either side of the core.
  const leftEdges: number[] = [];
  const rightEdges: number[] = [];
  let leftRows = 0;
  let rightRows = 0;
  for (let i = first; i <= last; i++) {
    if (across[i]) continue;
    if (hasLeft[i]) leftRows++;
    if (hasRight[i]) rightRows++;
    let l = -Infinity;
    let r = Infinity;
    for (const iv of rows[i].ink) {
      if (isLeft(iv)) l = Math.max(l, iv[1]);
      if (isRight(iv)) r = Math.min(r, iv[0]);
    }
    if (Number.isFinite(l)) leftEdges.push(l);
    if (Number.isFinite(r)) rightEdges.push(r);
  }
  const support = Math.min(leftRows, rightRows);
  if (support < MIN_VOTES || leftEdges.length === 0 || rightEdges.length === 0) return null;
  // Nearest first: lefts descending, rights ascending (typed arrays sort numerically without a comparator).
  const lefts = Float64Array.from(leftEdges).sort().reverse();
  const rights = Float64Array.from(rightEdges).sort();
  // The edges sit on the last piece of column text. A few rows reaching into the gap (a figure label, one
  // overlong line) would close it: up to INTRUDER_SHARE of the rows are set aside as crossing the gutter instead.
  // One at least in a zone of MIN_INTRUDED_ROWS rows with twice MIN_VOTES rows on each side (a single justified line
  // overrunning into a narrow gutter between two columns of text; not a small table's gap).
  const roomy = last - first + 1 >= MIN_INTRUDED_ROWS && support >= 2 * MIN_VOTES;
  const spare = Math.max(roomy ? 1 : 0, Math.floor(INTRUDER_SHARE * (last - first + 1)));
  let li = 0;
  let ri = 0;
  while (!(rights[ri] - lefts[li] >= minWidth) && li + ri < spare) {
    if (li + 1 < lefts.length && (ri + 1 >= rights.length || lefts[li] - lefts[li + 1] >= rights[ri + 1] - rights[ri])) li++;
    else if (ri + 1 < rights.length) ri++;
    else break;
  }
  const gutter: Interval = [lefts[li], rights[ri]];
  if (!(gutter[1] - gutter[0] >= minWidth)) return null;
  const zoneRows = rows.slice(first, last + 1);
  const { crossing } = classify(gutter, zoneRows);
  const ragged = raggedCrossings(gutter, zoneRows, crossing, minWidth);
  return { gutter, zone: [first, last], support, crossing, raggedRight: ragged.right, raggedLeft: ragged.left };
}

/**
 * A crossing line that starts on one side of the gap and stops within this many gap widths (the least a gutter is)
 * past its other edge: a ragged line end, not a line across.
 */
const RAGGED_REACH = 2;

/**
 * The crossing rows that run into the gap from one side only, ending (or starting) a little past it: the lines of a
 * ragged column, its right (left) edge further out.
 */
function raggedCrossings(gutter: Interval, rows: InkRow[], crossing: Set<number>, minWidth: number): { right: Set<number>; left: Set<number> } {
  const reach = RAGGED_REACH * minWidth;
  const right = new Set<number>();
  const left = new Set<number>();
  for (const r of rows) {
    if (!crossing.has(r.row.index)) continue;
    const into = r.ink.filter((iv) => intersects(iv, gutter));
    if (into.length !== 1) continue;
    const [x0, x1] = into[0];
    if (x0 < gutter[0] && x1 <= gutter[1] + reach) right.add(r.row.index);
    else if (x1 > gutter[1] && x0 >= gutter[0] - reach) left.add(r.row.index);
  }
  return { right, left };
}

/**
 * Over a page of ragged columns a table's gap below can line up with the blank the shorter lines of one column
 * leave: that column's longer lines run into it, stopping short of another candidate just past it, the column's own
 * gutter, which they leave clean. Those lines count against the first once more: they are evidence of the other.
 */
function raggedAgainst(c: GutterCandidate, others: GutterCandidate[], position: Map<number, number>, minWidth: number): number {
  const reach = RAGGED_REACH * minWidth;
  let most = 0;
  for (const o of others) {
    if (o === c) continue;
    // Only rows inside the other's zone can leave it clean.
    const clean = (i: number) => {
      const k = position.get(i) ?? -1;
      return k >= o.zone[0] && k <= o.zone[1] && !o.crossing.has(i) ? 1 : 0;
    };
    let n = 0;
    if (o.gutter[0] >= c.gutter[1] && o.gutter[0] <= c.gutter[1] + reach) for (const i of c.raggedRight) n += clean(i);
    else if (o.gutter[1] <= c.gutter[0] && o.gutter[1] >= c.gutter[0] - reach) for (const i of c.raggedLeft) n += clean(i);
    most = Math.max(most, n);
  }
  // A few lines are chance (a form's leaders ending short of a box): a ragged column shows it in several.
  return most >= MIN_VOTES ? most : 0;
}

/** A clean gutter that bounds a gap's support spans at least this many times the gap's span of rows (first to last). */
const BETWEEN_LONGER = 1.25;

/**
 * A gap's support counts the text beside it only up to a clean gutter beyond (one no row of its zone crosses, over all
 * of the gap's rows): a plot's tick labels inside a poster's right column leave a gap whose left side is, on most
 * rows, the left column's text across the poster's own gutter. Those rows stand beside that gutter, not this gap; with
 * them this gap would outweigh the gutter and be taken first.
 */
function supportBetween(c: GutterCandidate, others: GutterCandidate[], rows: InkRow[]): number {
  let lo = -Infinity;
  let hi = Infinity;
  for (const o of others) {
    if (o === c || o.crossing.size > 0 || o.zone[0] > c.zone[0] || o.zone[1] < c.zone[1]) continue;
    // The gutter runs on past the gap's rows, above or below them (a table's column gaps share their rows).
    if (o.zone[1] - o.zone[0] < BETWEEN_LONGER * (c.zone[1] - c.zone[0])) continue;
    if (o.gutter[1] <= c.gutter[0]) lo = Math.max(lo, o.gutter[1]);
    else if (o.gutter[0] >= c.gutter[1]) hi = Math.min(hi, o.gutter[0]);
  }
  if (lo === -Infinity && hi === Infinity) return c.support;
  let left = 0;
  let right = 0;
  for (let k = c.zone[0]; k <= c.zone[1]; k++) {
    const r = rows[k];
    if (c.crossing.has(r.row.index) || r.ink.some((iv) => intersects(iv, c.gutter))) continue;
    if (r.ink.some((iv) => iv[1] <= c.gutter[0] && iv[0] >= lo)) left++;
    if (r.ink.some((iv) => iv[0] >= c.gutter[1] && iv[1] <= hi)) right++;
  }
  return Math.min(c.support, left, right);
}

/** Every gutter candidate over these rows, strongest evidence first. */
/** Rows further apart than this many of their sizes (baseline to baseline) are parted by blank space... */
const BLANK_SPLIT = 3;
/** ...and a part of at least this many rows is looked at for valleys of its own. */
const MIN_PART_ROWS = 4;

/**
 * Parts of the page parted by blank space: a letter's sender panel and recipient, offset side by side above the
 * letter's text, leave a valley of ink that the text below fills when the whole page is counted.
 */
function blankParts(rows: InkRow[]): InkRow[][] {
  const parts: InkRow[][] = [[]];
  for (let i = 0; i < rows.length; i++) {
    const prev = rows[i - 1];
    if (prev && rows[i].row.baseline - prev.row.baseline > BLANK_SPLIT * Math.max(prev.row.size, rows[i].row.size)) parts.push([]);
    parts[parts.length - 1].push(rows[i]);
  }
  return parts.length > 1 ? parts.filter((p) => p.length >= MIN_PART_ROWS) : [];
}

/**
 * Stretches of rows between runs of rows reaching across a core (full-width text), each with rows on both sides of
 * it, as [from, to] pairs: two stories one above the other, whose gutters stand a few points apart.
 */
function acrossStretches(core: Interval, rows: InkRow[]): Interval[] {
  const out: Interval[] = [];
  let from = -1;
  let runAcross = 0;
  const heading = HEADING_SIZE * median(rows.map((r) => r.row.size));
  for (let i = 0; i <= rows.length; i++) {
    const across = i < rows.length && rows[i].ink.some((iv) => reachesAcross(iv, core));
    if (i < rows.length && !across) {
      if (from < 0) from = i;
      runAcross = 0;
      continue;
    }
    runAcross++;
    // A stretch ends at a run of MIN_ACROSS_RUN rows reaching across (a full-width paragraph), or at the last row.
    if (from >= 0 && (runAcross >= MIN_ACROSS_RUN || i === rows.length || rows[i].row.size >= heading)) {
      out.push([from, i - runAcross]);
      from = -1;
    }
  }
  return out;
}

/** A line of one piece this share of the text's width or wider is set across the page, not in a column. */
const WIDE_LINE_SHARE = 0.75;

/**
 * Valleys among the lines that may be column text: a full-width abstract over two columns whose lines never share a
 * baseline (a manuscript's columns offset by half a line) covers the gutter in as many rows as the columns leave it
 * clean, so over all rows there is no valley; over the lines of one piece narrower than the text, there is.
 */
function columnValleys(rows: InkRow[], minWidth: number): Interval[] {
  let x0 = Infinity;
  let x1 = -Infinity;
  for (const r of rows)
    for (const iv of r.ink)
      if (Number.isFinite(iv[0]) && Number.isFinite(iv[1])) {
        x0 = Math.min(x0, iv[0]);
        x1 = Math.max(x1, iv[1]);
      }
  const narrow = rows.filter((r) => !(r.ink.length === 1 && r.ink[0][1] - r.ink[0][0] >= WIDE_LINE_SHARE * (x1 - x0)));
  if (narrow.length === rows.length) return [];
  // Columns of text: lines of words on either side, row after row, not a few labels or a listing's comment (Chinese
  // and Japanese counted by their characters).
  const worded = (r: InkRow, iv: Interval) =>
    wordCount(
      pieceRuns(r, iv)
        .map((q) => q.text)
        .join(' '),
    ) >= COLUMN_LINE_WORDS;
  return valleyCores(narrow, minWidth).filter((core) => {
    let left = 0;
    let right = 0;
    for (const r of narrow) {
      if (r.ink.some((iv) => intersects(iv, core))) continue;
      if (r.ink.some((iv) => iv[1] <= core[0] && worded(r, iv))) left++;
      if (r.ink.some((iv) => iv[0] >= core[1] && worded(r, iv))) right++;
    }
    return Math.min(left, right) >= COLUMN_LINES;
  });
}
/** Each column holds at least this many lines of at least this many words. */
const COLUMN_LINES = 8;
const COLUMN_LINE_WORDS = 4;

export function findCandidates(rows: InkRow[], minWidth: number): GutterCandidate[] {
  const out: GutterCandidate[] = [];
  const add = (c: GutterCandidate | null) => {
    if (c && !out.some((o) => o.gutter[0] === c.gutter[0] && o.gutter[1] === c.gutter[1] && o.zone[0] === c.zone[0])) out.push(c);
  };
  const partValleys = blankParts(rows).flatMap((part) => valleyCores(part, minWidth));
  for (const core of [...votedCores(rows), ...valleyCores(rows, minWidth), ...partValleys, ...columnValleys(rows, minWidth)]) {
    const whole = candidateAt(core, rows, minWidth);
    add(whole);
    // Each stretch between full-width text on its own too: two stories one above the other may set their gutters a
    // few points apart, so that over both no strip is clean enough to be a gutter (none is found), or the one found
    // is run across by more rows than stand beside it. A stretch's own gutter counts then: where none was found, one
    // that twice MIN_VOTES rows stand beside and next to none runs across; else one that leaves clean rows which the
    // gutter over all of them has running across.
    const stretches = acrossStretches(core, rows);
    if (stretches.length < 2 || (whole && whole.crossing.size <= whole.support)) continue;
    for (const [a, b] of stretches) {
      const c = candidateAt(core, rows.slice(a, b + 1), minWidth);
      if (!c) continue;
      const shifted = { ...c, zone: [c.zone[0] + a, c.zone[1] + a] as Interval };
      const stretchRows = rows.slice(shifted.zone[0], shifted.zone[1] + 1);
      const cleared = whole ? stretchRows.filter((r) => whole.crossing.has(r.row.index) && !c.crossing.has(r.row.index)).length : 0;
      const clean = c.support >= 2 * MIN_VOTES && c.crossing.size <= INTRUDER_SHARE * stretchRows.length;
      if (whole ? cleared >= MIN_VOTES : clean) add(shifted);
    }
  }
  // Each row's place among these rows, for the zones (indices into them) to be checked against crossing rows.
  const position = new Map(rows.map((r, k) => [r.row.index, k]));
  const weights = new Map(
    out.map((c) => [c, supportBetween(c, out, rows) - CROSSING_WEIGHT * c.crossing.size - RAGGED_WEIGHT * raggedAgainst(c, out, position, minWidth)]),
  );
  out.sort((a, b) => weights.get(b)! - weights.get(a)! || a.gutter[0] - b.gutter[0]);
  // A gap no row crosses, over all the rows of the strongest one at least, beats it when the rows running across the
  // strongest one, counted in full, outweigh what it has more beside it (a poster's boxes in rows, each row's own gaps
  // between its boxes, under one strip that happens to stay clean past a table's cells, its box titles running
  // across it).
  const top = out[0];
  if (top && top.crossing.size > 0) {
    const clean = out.find(
      (c) =>
        c.crossing.size === 0 &&
        c.zone[0] <= top.zone[0] &&
        c.zone[1] >= top.zone[1] &&
        weights.get(c)! >= weights.get(top)! - (1 - CROSSING_WEIGHT) * top.crossing.size,
    );
    if (clean) {
      out.splice(out.indexOf(clean), 1);
      out.unshift(clean);
    }
  }
  return out;
}

/**
 * Candidates are tried strongest first: rows that stand on both sides of a gap count for it, rows running across it
 * count against it at this rate (a small table's column gap inside the first column is supported by a few rows on
 * either side, and run across by the column's whole text).
 */
const CROSSING_WEIGHT = 0.5;
/**
 * A ragged line running into the gap counts against it once more: it is evidence of another gutter, the column's
 * own, further out.
 */
const RAGGED_WEIGHT = 1;
