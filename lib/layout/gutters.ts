/**
 * Gutters: vertical bands that almost nothing crosses. Found from the ink boundaries themselves (no grid): rows
 * vote for the gaps between their pieces, a gutter is measured where many rows leave a gap, and its edges are
 * set in two passes so a ragged right margin does not pull the column edge inward.
 */
import type { Interval } from '../types.js';
import type { Row } from './rows.js';

/** A row with its ink intervals (runs merged across gaps narrower than the narrowest gutter). */
export interface InkRow {
  row: Row;
  ink: Interval[];
}

/** A gutter candidate over a set of rows. */
export interface GutterCandidate {
  gutter: Interval;
  /** Its zone: inclusive indices into the rows the candidate was found in. */
  zone: [number, number];
  /** Rows with ink on both sides of the gutter and none inside it: the evidence for it. */
  twoSided: Set<number>;
  /** Rows whose ink reaches into the gutter. */
  crossing: Set<number>;
}

/** A candidate needs this many rows leaving a gap at the same place before it is measured at all. */
const MIN_VOTES = 3;
/**
 * A peak of the gap votes spreads over the x where at least this share of its votes remain. Justified prose
 * leaves word gaps almost as wide as a narrow gutter, but they rarely line up; a gutter is left open by most rows
 * of its zone, so its peak stands well above the word-gap background around it.
 */
const PEAK_SHARE = 0.5;
/** The core of a peak keeps this share of its votes; its middle is where crossing is tested. */
const CORE_SHARE = 0.8;

/** Piecewise-constant count of intervals covering x, from the interval ends alone. */
export function sweep(intervals: Interval[]): { x0: number; x1: number; count: number }[] {
  const events: [number, number][] = [];
  for (const [a, b] of intervals) {
    if (b > a) {
      events.push([a, 1]);
      events.push([b, -1]);
    }
  }
  events.sort((p, q) => p[0] - q[0] || p[1] - q[1]);
  const out: { x0: number; x1: number; count: number }[] = [];
  let count = 0;
  for (let i = 0; i < events.length; i++) {
    count += events[i][1];
    const next = events[i + 1];
    if (next && next[0] > events[i][0]) out.push({ x0: events[i][0], x1: next[0], count });
  }
  return out;
}

/** Gaps between a row's ink intervals. */
function gapsOf(ink: Interval[]): Interval[] {
  const gaps: Interval[] = [];
  for (let i = 1; i < ink.length; i++) gaps.push([ink[i - 1][1], ink[i][0]]);
  return gaps;
}

/**
 * Peaks of the gap votes, strongest first: for each, the x where most of its rows leave a gap (the middle of the
 * stretch holding at least PEAK_SHARE of the peak's votes). This is where a gutter may be.
 */
export function votedCentres(rows: InkRow[]): number[] {
  const profile = sweep(rows.flatMap((r) => gapsOf(r.ink)));
  const claimed = new Array<boolean>(profile.length).fill(false);
  const byVotes = profile.map((_, i) => i).sort((a, b) => profile[b].count - profile[a].count || profile[a].x0 - profile[b].x0);
  const centres: number[] = [];
  const touching = (i: number, j: number) => Math.abs(profile[i].x1 - profile[j].x0) < 1e-9;
  for (const i of byVotes) {
    const peak = profile[i].count;
    if (peak < MIN_VOTES) break;
    if (claimed[i]) continue;
    let lo = i;
    let hi = i;
    while (lo > 0 && !claimed[lo - 1] && touching(lo - 1, lo) && profile[lo - 1].count >= PEAK_SHARE * peak) lo--;
    while (hi < profile.length - 1 && !claimed[hi + 1] && touching(hi, hi + 1) && profile[hi + 1].count >= PEAK_SHARE * peak) hi++;
    for (let k = lo; k <= hi; k++) claimed[k] = true;
    // The core: the stretch around the peak that keeps nearly all of its votes.
    let clo = i;
    let chi = i;
    while (clo > lo && profile[clo - 1].count >= CORE_SHARE * peak) clo--;
    while (chi < hi && profile[chi + 1].count >= CORE_SHARE * peak) chi++;
    centres.push((profile[clo].x0 + profile[chi].x1) / 2);
  }
  return centres;
}

const intersects = (ink: Interval, g: Interval) => ink[0] < g[1] && ink[1] > g[0];

/** Classify rows against a gutter. */
export function classify(gutter: Interval, rows: InkRow[]): { twoSided: Set<number>; crossing: Set<number> } {
  const twoSided = new Set<number>();
  const crossing = new Set<number>();
  for (const r of rows) {
    if (r.ink.some((iv) => intersects(iv, gutter))) crossing.add(r.row.index);
    else if (r.ink.some((iv) => iv[1] <= gutter[0]) && r.ink.some((iv) => iv[0] >= gutter[1])) twoSided.add(r.row.index);
  }
  return { twoSided, crossing };
}

const covers = (ink: Interval[], x: number) => ink.some(([a, b]) => a < x && b > x);

/**
 * The candidate at one voted centre, measured in two passes. Pass one: rows whose ink covers the centre reach
 * across (full-width material); rows with ink on both sides are the evidence; the zone runs from the first to the
 * last of those and on over rows that do not reach across. Pass two sets the edges on the last piece of real
 * column text inside the zone: the nearest ink on either side among the rows that do not reach across. Lines that
 * end short (a ragged right margin) cannot pull the edge inward, and rows outside the zone (an author block above
 * the columns) do not count at all.
 */
function candidateAt(centre: number, rows: InkRow[], minWidth: number): GutterCandidate | null {
  let first = -1;
  let last = -1;
  rows.forEach((r, i) => {
    if (covers(r.ink, centre)) return;
    if (r.ink.some((iv) => iv[1] <= centre) && r.ink.some((iv) => iv[0] >= centre)) {
      if (first < 0) first = i;
      last = i;
    }
  });
  if (first < 0) return null;
  while (first > 0 && !covers(rows[first - 1].ink, centre)) first--;
  while (last < rows.length - 1 && !covers(rows[last + 1].ink, centre)) last++;
  let left = -Infinity;
  let right = Infinity;
  for (let i = first; i <= last; i++) {
    if (covers(rows[i].ink, centre)) continue;
    for (const [a, b] of rows[i].ink) {
      if (b <= centre) left = Math.max(left, b);
      else right = Math.min(right, a);
    }
  }
  if (!(right - left >= minWidth)) return null;
  const gutter: Interval = [left, right];
  const { twoSided, crossing } = classify(gutter, rows.slice(first, last + 1));
  if (twoSided.size < MIN_VOTES) return null;
  return { gutter, zone: [first, last], twoSided, crossing };
}

/** Every gutter candidate over these rows, strongest evidence first. */
export function findCandidates(rows: InkRow[], minWidth: number): GutterCandidate[] {
  const out: GutterCandidate[] = [];
  for (const centre of votedCentres(rows)) {
    const c = candidateAt(centre, rows, minWidth);
    if (c && !out.some((o) => o.gutter[0] === c.gutter[0] && o.gutter[1] === c.gutter[1])) out.push(c);
  }
  return out.sort((a, b) => b.twoSided.size - a.twoSided.size || a.gutter[0] - b.gutter[0]);
}
