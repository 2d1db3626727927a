/**
 * A small block set beside a paragraph, too few of its lines level with the paragraph's for a gutter: a form's
 * "Social security number" box and its "or" beside the instructions for it (W-9's Part I), a listing beside the
 * sentence that introduces it. Read by rows, the block's lines are spliced into the paragraph's ("…the name given on
 * line 1 to avoid Social security number backup withholding"); a gutter needs more rows with lines on both sides of
 * it than the few the block stands level with, and a strip that narrow beside one paragraph is none.
 *
 * What tells the splice is the sentence: on a row with a wide gap in it, the part before the gap runs on into the next
 * row (it ends in a word, the next row's line starts at its edge or its paragraph's, in lower case), so the part after
 * the gap is no part of that sentence. Only where the page as laid out reads the two parts as one line: a gutter found
 * between them parts them already. The stretch of rows round that row where the strip stays clean
 * and wide is looked at; what stands right of the strip is taken out as a block when it is narrow beside the text and
 * stands level with few of its lines. The block is read after the paragraph beside it (page.ts, as a note in the
 * right margin is).
 */
import type { Line, Run } from '../types.js';
import { makeLine, median } from './lines.js';
import { runPieces } from './nested.js';
import { wordCount } from './words.js';
import type { MarginNames } from './margin-names.js';

/** Runs further apart than this many of the row's sizes are pieces of the row apart. */
const PIECE_GAP_EM = 1.5;
/** The part before the gap holds this many words at least: a line of a paragraph, not a label. */
const MIN_WORDS = 5;
/** The next row's line follows at most this many of its sizes under it... */
const NEXT_ADVANCE = 1.8;
/** ...starting within this many points of the line's start, or up to this many of its sizes left of it (the
 * paragraph's first line indented). */
const EDGE_TOLERANCE = 1;
const INDENT_EM = 3;
/** The stretch takes rows no further than this many body sizes apart. */
const STRETCH_ADVANCE = 3;
/** Rows with lines on both sides of the strip: this many at least, at most this many (more stand as a column's). */
const MIN_TWO_SIDED = 2;
const MAX_TWO_SIDED = 5;
/** The block is at most this share of the text's width beside it: a block beside the text, not a column as wide. */
const NARROW_SHARE = 0.5;

/** A line ending in a word: a letter or a figure last, a comma or a hyphen after it at most. */
export const ENDS_IN_WORD = /[\p{L}\p{N}][,-]?$/u;
/** A line that runs on from the one before starts with a lower-case letter. */
const RUNS_ON = /^\p{Ll}/u;

/** A row's runs (left to right) in pieces, parted where a gap is PIECE_GAP_EM of the row's size or wider. */
const piecesOf = (row: Run[]): Run[][] => runPieces(row, median(row.map((r) => r.size)), PIECE_GAP_EM).map((p) => p.runs);

/** A line runs on into the next: it ends in a word (a letter, a figure, a comma or a hyphen after it; not a
 * sentence's end, nor a dash standing alone), the next starts in lower case. */
const runsOn = (line: Run[], next: Run[]) => ENDS_IN_WORD.test(textOf(line)) && RUNS_ON.test(textOf(next));

const textOf = (runs: Run[]) =>
  runs
    .map((r) => r.text)
    .join(' ')
    .trim();
const x0Of = (runs: Run[]) => runs.reduce((m, r) => Math.min(m, r.x0), Infinity);
const x1Of = (runs: Run[]) => runs.reduce((m, r) => Math.max(m, r.x1), -Infinity);

/**
 * The blocks beside a paragraph on the page (`rows`: its horizontal left-to-right runs in rows, top to bottom), each
 * a stack of lines top to bottom, and the runs left for the page's text; null when there are none. `spliced` tells
 * whether the page laid out with the block reads two runs in one line.
 */
export function findBlocksBeside(runs: Run[], body: number, rows: Run[][], spliced: (a: Run, b: Run) => boolean): MarginNames | null {
  // Each row's runs left to right (rows come in baseline order), and its baseline (the median: a superscript is
  // not the row's).
  const ltr = rows.map((row) => row.filter((r) => r.dir !== 'rtl').sort((a, b) => a.x0 - b.x0)).filter((row) => row.length > 0);
  const baseline = ltr.map((row) => median(row.map((r) => r.baseline)));
  const pieced = ltr.map(piecesOf);
  const stacks: Line[][] = [];
  const taken = new Set<Run>();
  let after = -1;
  for (let i = 0; i + 1 < ltr.length; i++) {
    if (i <= after) continue;
    if (pieced[i].length < 2) continue;
    const [left, right] = [pieced[i][0], pieced[i][1]];
    const size = median(left.map((r) => r.size));
    // The splice: the part before the gap runs on into the next row's line.
    const next = pieced[i + 1][0];
    const step = baseline[i + 1] - baseline[i];
    if (step > NEXT_ADVANCE * size || wordCount(textOf(left)) < MIN_WORDS || !runsOn(left, next)) continue;
    const start = x0Of(next) - x0Of(left);
    if (start > EDGE_TOLERANCE || start < -INDENT_EM * size || x1Of(next) >= x0Of(right)) continue;
    // The page as laid out reads the two parts as one line (a gutter found there parts them already: a column's lines
    // beside a figure's labels in the next column).
    if (!spliced(left[left.length - 1], right[0])) continue;
    // The stretch round the row where the strip between the parts stays clean and wide.
    const mid = (x1Of(left) + x0Of(right)) / 2;
    let [a, b] = [x1Of(left), x0Of(right)];
    const fits = (k: number) => {
      let [a1, b1] = [a, b];
      for (const r of ltr[k]) {
        if (r.x1 <= mid) a1 = Math.max(a1, r.x1);
        else if (r.x0 >= mid) b1 = Math.min(b1, r.x0);
        else return null;
      }
      return b1 - a1 >= PIECE_GAP_EM * body ? [a1, b1] : null;
    };
    const near = (k: number, j: number) => Math.abs(baseline[k] - baseline[j]) <= STRETCH_ADVANCE * body;
    // Rows with lines on both sides of the strip, counted as the stretch grows: past MAX_TWO_SIDED it is a column's
    // stretch, and growing it further is no use.
    const twoSided = (k: number) => ltr[k].some((r) => r.x1 <= mid) && ltr[k].some((r) => r.x0 >= mid);
    let both = 1;
    let [top, bottom] = [i, i];
    for (let k = i - 1; k >= 0 && near(k, k + 1) && both <= MAX_TWO_SIDED; k--) {
      const s = fits(k);
      if (!s) break;
      [a, b, top] = [s[0], s[1], k];
      if (twoSided(k)) both++;
    }
    for (let k = i + 1; k < ltr.length && near(k, k - 1) && both <= MAX_TWO_SIDED; k++) {
      const s = fits(k);
      if (!s) break;
      [a, b, bottom] = [s[0], s[1], k];
      if (twoSided(k)) both++;
    }
    // No row of this stretch seeds another.
    after = bottom;
    const stretch = ltr.slice(top, bottom + 1);
    const lefts = stretch.map((row) => row.filter((r) => r.x1 <= mid));
    const rights = stretch.map((row) => row.filter((r) => r.x0 >= mid));
    const block = rights.flat();
    const text = lefts.flat();
    if (both < MIN_TWO_SIDED || both > MAX_TWO_SIDED || !block.some((r) => /\p{L}/u.test(r.text))) continue;
    // The text beside the block is one column: each of its rows level with the block one piece (not two columns left
    // of a third).
    if (lefts.some((l, k) => l.length > 0 && rights[k].length > 0 && piecesOf(l).length > 1)) continue;
    // The block is no running text: none of its lines runs on into the next (a column of prose beside the paragraph).
    // Nor does it start in lower case, run on from a line above it.
    const blockRows = rights.filter((row) => row.length > 0);
    if (RUNS_ON.test(textOf(blockRows[0])) || blockRows.some((row, k) => k > 0 && runsOn(blockRows[k - 1], row))) continue;
    if (x1Of(block) - x0Of(block) > NARROW_SHARE * (x1Of(text) - x0Of(text))) continue;
    for (const r of block) taken.add(r);
    stacks.push(blockRows.map((row) => makeLine(row, median(row.map((r) => r.baseline)))));
  }
  return stacks.length ? { stacks, rest: runs.filter((r) => !taken.has(r)) } : null;
}
