/**
 * Small blocks set between the parts of one flow, drawn after it: a slide's callouts floated in the white beside a
 * listing ("3. select the top 1 cluster" right of "kind: Placement", "1. Filter clusters…" right of the selector),
 * which the layout reads between the listing's lines where they stand. The content stream draws the listing's lines
 * one after the other and the callouts after them all.
 *
 * A flow is a chain of segments in reading order, each the sequel of the one before: it holds the run the content
 * stream draws next after the one before's last run (no run of the page between them), and its first line stands
 * under that one's last line, within NEXT_LINE_EM of its size. The segments the reading order puts between the
 * chain's parts are read after the chain when every one of them is small (MAX_LINES), drawn wholly before or after
 * the chain, set beside it (between its top and bottom, right of where each of its parts starts), and neither a
 * figure's caption, a list's item nor right-to-left text. A page redrawn in another order (row by row, at random)
 * has no such chain, and is read as laid out.
 */
import type { Diagnostic, Segment } from '../types.js';
import { firstAbove, runsOfLine, textDirection } from './lines.js';
import { LIST_MARKER, opensWithLabel } from './tables.js';

/** A segment moved holds at most this many lines (a callout, a label; not a column of text). */
const MAX_LINES = 4;
/** At most this many segments are moved from between one chain's parts. */
const MAX_MOVED = 4;

type Span = { lo: number; hi: number };

const flowing = (s: Segment) => s.kind === 'column' || s.kind === 'span';
/**
 * A block that may be moved: no figure's caption ("Abbildung 4: …", drawn after the text in a thesis, read where it
 * stands), no item of a list, no right-to-left text (whose pieces a line's runs may draw in any order).
 */
const movable = (s: Segment) => !opensWithLabel(runsOfLine(s.lines[0])) && !LIST_MARKER.test(s.lines[0].text.trim()) && !rightToLeft(s);
/** A segment holding a line of right-to-left text. */
const rightToLeft = (s: Segment) => s.lines.some((l) => textDirection(l.text) === 'rtl');

/** The next part of the flow starts at most this many of the last line's sizes under it, baseline to baseline. */
const NEXT_LINE_EM = 2;

export function readDrawnAfter(segments: Segment[], page: number): Diagnostic | null {
  const spans = new Map<Segment, Span>();
  const streams: number[] = [];
  // (Whether a segment holds right-to-left text is asked once, not again each time the sequels are worked out.)
  const rtl = new Set(segments.filter(rightToLeft));
  for (const s of segments) {
    let lo = Infinity;
    let hi = -Infinity;
    for (const l of s.lines)
      for (const r of runsOfLine(l)) {
        lo = Math.min(lo, r.stream);
        hi = Math.max(hi, r.stream);
        streams.push(r.stream);
      }
    if (lo <= hi) spans.set(s, { lo, hi });
  }
  streams.sort((a, b) => a - b);
  /** The stream drawn next after `at` on the page; NaN at the end. */
  const nextAfter = (at: number) => {
    const k = firstAbove(streams, at);
    return k < streams.length ? streams[k] : Number.NaN;
  };
  /**
   * Each segment's sequel in reading order (the index of the segment after it that goes on with its flow: drawn next,
   * its first line right under), or -1; and whether a segment is some other's sequel. Worked out once for the page's
   * order, and again after a move.
   */
  const sequels = () => {
    const byLo = new Map<number, number[]>();
    segments.forEach((s, k) => {
      const lo = spans.get(s)?.lo;
      if (lo === undefined) return;
      const list = byLo.get(lo);
      if (list) list.push(k);
      else byLo.set(lo, [k]);
    });
    const next = segments.map((a, i): number => {
      const sa = spans.get(a);
      if (!sa || !flowing(a) || !a.lines.length || rtl.has(a)) return -1;
      const j = byLo.get(nextAfter(sa.hi))?.find((k) => k > i) ?? -1;
      if (j < 0 || !flowing(segments[j]) || !segments[j].lines.length) return -1;
      const last = a.lines[a.lines.length - 1];
      const step = segments[j].lines[0].baseline - last.baseline;
      return step > 0 && step <= NEXT_LINE_EM * last.size ? j : -1;
    });
    const followed = new Set(next.filter((j) => j >= 0));
    return { next, followed };
  };
  let { next, followed } = sequels();
  const moved: string[] = [];
  for (let i = 0; i < segments.length; i++) {
    // The chain of segments from i on, each the one before's sequel, with small blocks read between them (a chain
    // starts at a segment that is no other's sequel).
    if (followed.has(i)) continue;
    const chain = [i];
    for (let j = next[i]; j > chain[chain.length - 1]; j = next[j]) chain.push(j);
    const end = chain[chain.length - 1];
    if (chain.length < 2 || end - i + 1 === chain.length) continue;
    const inChain = new Set(chain);
    const flow = chain.map((k) => segments[k]);
    const [lo, hi] = [spans.get(flow[0])!.lo, spans.get(flow[flow.length - 1])!.hi];
    const [top, bottom] = [flow[0].bbox[1], flow[flow.length - 1].bbox[3]];
    // (Right of where every part of the flow starts: a label before its description, left of it, is read first.)
    const starts = Math.max(...flow.map((f) => f.bbox[0]));
    const between = segments.slice(i, end + 1).filter((_, k) => !inChain.has(i + k));
    // Each block is small, drawn wholly before or after the flow, and stands beside it, between its top and bottom, to
    // the right.
    const beside = (s: Segment) => {
      const x = spans.get(s);
      return (
        x !== undefined &&
        flowing(s) &&
        movable(s) &&
        s.lines.length > 0 &&
        s.lines.length <= MAX_LINES &&
        (x.lo > hi || x.hi < lo) &&
        s.bbox[1] >= top &&
        s.bbox[3] <= bottom &&
        s.bbox[0] > starts
      );
    };
    if (between.length > MAX_MOVED || !between.every(beside)) continue;
    segments.splice(i, end - i + 1, ...flow, ...between);
    moved.push(...between.map((s) => s.lines[0].text));
    ({ next, followed } = sequels());
    i = end;
  }
  if (!moved.length) return null;
  return {
    code: 'drawn-after',
    severity: 'info',
    page,
    message: 'small blocks set between two parts of one flow and drawn after it (callouts beside a listing) were read after it',
    detail: { blocks: moved },
  };
}
