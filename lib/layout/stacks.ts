/**
 * Side stacks: two short stacks of lines side by side whose baselines interleave (a callout's two lines with a
 * QR code's three-line label beside them, a pull quote's lines beside a caption). Too few rows leave a gap at one place
 * for a gutter to be found, and read top to bottom the two stacks splice line by line. Each row of a stack lies
 * wholly on its side of a clear gap, the rows of each side follow one another as the lines of a paragraph do, and at
 * least one row of one side sits between two rows of the other: that is what a reader sees as two blocks.
 */
import type { Line, Run } from '../types.js';
import type { InkRow } from './gutters.js';
import { pieceLine, runsOfLine } from './lines.js';
import { UNSPACED_CHARS, wordCount } from './words.js';

/** The clear gap between the two stacks: at least this many of the larger stack's sizes. */
const STACK_GAP_EM = 1;
/**
 * Stacks set in sizes this many times apart (a manual's margin tags, "New: 2017-10-28 / Updated: 2018-01-25" in
 * 6 pt beside the option's 11 pt description) are told apart by their type: a gap of this many of the smaller size
 * parts them.
 */
const SIZE_APART = 1.4;
const APART_GAP_EM = 0.5;

/** A tag holds two words at least (a raised "II" before an affiliation is its mark, not a stack)... */
const TAG_WORDS = 2;
/** ...and stands beside more than a number (a slide's large "01" beside its item is the item's). */
const LONE_NUMBER = /^\p{N}{1,3}[.)]?$/u;

/** What the gap between a row and a stack depends on: the row's size, whether it may be a tag, whether a number. */
interface RowKind {
  size: number;
  tag: boolean;
  lone: boolean;
}

function kindOfRuns(runs: Run[], size = Math.max(...runs.map((q) => q.size))): RowKind {
  const text = runs
    .map((q) => q.text)
    .join(' ')
    .trim();
  return { size, tag: wordCount(text) >= TAG_WORDS, lone: LONE_NUMBER.test(text) };
}

const kindOf = (r: InkRow): RowKind => kindOfRuns(r.row.runs, r.row.size);

/** The gap that parts a row from a stack of another kind. */
function stackGap(a: RowKind, b: RowKind): number {
  const [small, large] = a.size < b.size ? [a, b] : [b, a];
  return large.size >= SIZE_APART * small.size && small.tag && !large.lone ? APART_GAP_EM * small.size : STACK_GAP_EM * large.size;
}

/** The next line of a stack sits at most this many of its sizes below the one before. */
const STACK_ADVANCE = 1.8;

export interface SideStacks {
  /** Inclusive indices of the window's rows in the list searched. */
  from: number;
  to: number;
  /** Indices of the rows on the left and on the right of the gap, top to bottom. */
  left: number[];
  right: number[];
  /** Rows holding a line of each stack, by index: the x that parts them. */
  splits: Map<number, number>;
}

interface Side {
  x0: number;
  x1: number;
  rows: number[];
  /** Its first row's kind. */
  kind: RowKind;
}

/** Rows whose ink lies in one stretch (a row of two pieces parted by a gap is a table's or a gutter's business). */
const extentOf = (r: InkRow): [number, number] | null => (r.ink.length === 1 ? r.ink[0] : null);

/** The sizes within one side of a split row differ by at most this share. */
const SAME_SIZE = 0.1;

/** A row holding a line of each stack: the x that parts them, and each part's extent and kind. */
interface Split {
  at: number;
  left: [number, number];
  right: [number, number];
  kinds: [RowKind, RowKind];
}

/**
 * A row whose runs part, at one gap, into two sizes SIZE_APART apart, both of two words at least (a logo's 22 pt
 * tagline level with the last lines of a 10 pt paragraph beside it; a poster's 91 pt title line level with its
 * intro's 32 pt one; a slide's 6.2 pt citation at the end of a 9.2 pt bullet line): a line of each of two stacks. Not
 * a drop cap, nor a number beside its item (a word each).
 */
function splitOf(r: InkRow): Split | null {
  const runs = r.row.runs.filter((q) => q.text.trim());
  const n = runs.length;
  if (n < 2) return null;
  // The sizes' running least and most from each end: a part is of one size when its most is within SAME_SIZE of its
  // least. (Most rows are of one size: nothing to part.)
  const lo = new Array<number>(n);
  const hi = new Array<number>(n);
  for (let k = 0; k < n; k++) {
    lo[k] = Math.min(runs[k].size, k ? lo[k - 1] : Infinity);
    hi[k] = Math.max(runs[k].size, k ? hi[k - 1] : -Infinity);
  }
  if (hi[n - 1] < SIZE_APART * lo[n - 1]) return null;
  let rlo = Infinity;
  let rhi = -Infinity;
  const tail = new Array<[number, number]>(n);
  for (let k = n - 1; k >= 0; k--) {
    rlo = Math.min(rlo, runs[k].size);
    rhi = Math.max(rhi, runs[k].size);
    tail[k] = [rlo, rhi];
  }
  for (let j = 1; j < n; j++) {
    if (hi[j - 1] > (1 + SAME_SIZE) * lo[j - 1] || tail[j][1] > (1 + SAME_SIZE) * tail[j][0]) continue;
    const a = runs.slice(0, j);
    const b = runs.slice(j);
    const ka = kindOfRuns(a);
    const kb = kindOfRuns(b);
    const [small, large] = ka.size < kb.size ? [ka, kb] : [kb, ka];
    if (large.size < SIZE_APART * small.size || !small.tag || !large.tag || large.lone) return null;
    const left: [number, number] = [Math.min(...a.map((q) => q.x0)), Math.max(...a.map((q) => q.x1))];
    const right: [number, number] = [Math.min(...b.map((q) => q.x0)), Math.max(...b.map((q) => q.x1))];
    if (right[0] - left[1] < APART_GAP_EM * small.size) return null;
    return { at: (left[1] + right[0]) / 2, left, right, kinds: [ka, kb] };
  }
  return null;
}

/** A word: four letters in a row at least. */
const WORD = /\p{L}{4,}/u;

/**
 * A row of ink pieces that part, at one of the gaps between them, into a piece on each side of a window's two sides
 * (`onLeft`, `onRight`: wholly clear of the other side, level with its own).
 */
function partedAt(
  r: InkRow,
  left: Side,
  right: Side,
  onLeft: (e: [number, number], own: RowKind, size: number) => boolean,
  onRight: (e: [number, number], own: RowKind, size: number) => boolean,
): Split | null {
  const runs = r.row.runs.filter((q) => q.text.trim());
  for (let j = 1; j < r.ink.length; j++) {
    const at = (r.ink[j - 1][1] + r.ink[j][0]) / 2;
    if (at <= left.x0 || at >= right.x1) continue;
    const a = runs.filter((q) => (q.x0 + q.x1) / 2 < at);
    const b = runs.filter((q) => (q.x0 + q.x1) / 2 >= at);
    // Each part holds a word (the limits of an integral, a formula's pieces, part at gaps too).
    if (!a.some((q) => WORD.test(q.text)) || !b.some((q) => WORD.test(q.text))) continue;
    const ka = kindOfRuns(a);
    const kb = kindOfRuns(b);
    const l: [number, number] = [r.ink[0][0], r.ink[j - 1][1]];
    const rr: [number, number] = [r.ink[j][0], r.ink[r.ink.length - 1][1]];
    if (onLeft(l, ka, ka.size) && onRight(rr, kb, kb.size)) return { at, left: l, right: rr, kinds: [ka, kb] };
  }
  return null;
}

/**
 * Whether the row over row `k` may be a line of one of its blocks: close above it as a paragraph's line before, with
 * ink other than one stretch across the whole row (a title over both blocks).
 */
function runsOn(rows: InkRow[], k: number): boolean {
  if (k === 0) return false;
  const [above, row] = [rows[k - 1], rows[k]];
  if (row.row.baseline - above.row.baseline > STACK_ADVANCE * Math.max(above.row.size, row.row.size)) return false;
  const e = extentOf(above);
  const ink = row.ink;
  return !e || e[1] <= ink[ink.length - 1][0] || e[0] >= ink[0][1];
}

/** Whether row `i` follows the side's nearest row as a paragraph's next line would, each row counted in the size of
 * its line on the side (`size`: a row holding a line of each stack has a size on each side). */
function follows(side: Side, rows: InkRow[], i: number, down: boolean, size: (k: number, side: Side) => number): boolean {
  const k = down ? side.rows[side.rows.length - 1] : side.rows[0];
  const step = down ? rows[i].row.baseline - rows[k].row.baseline : rows[k].row.baseline - rows[i].row.baseline;
  return step > 0 && step <= STACK_ADVANCE * Math.max(size(i, side), size(k, side));
}

/**
 * The windows of side stacks among rows read top to bottom (one column, no gutter found). Windows do not overlap.
 * A row joins the side it lies on when it follows that side's nearest row as a paragraph's next line would; the
 * window ends at a row that reaches into the gap, that lies on neither side, or that follows neither side.
 */
export function findSideStacks(rows: InkRow[]): SideStacks[] {
  const out: SideStacks[] = [];
  // Each row's kind and split, found once, when first asked for.
  const kinds: RowKind[] = [];
  const kind = (k: number) => (kinds[k] ??= kindOf(rows[k]));
  const splits: (Split | null | undefined)[] = [];
  const split = (k: number) => (splits[k] === undefined ? (splits[k] = splitOf(rows[k])) : splits[k]);
  let i = 0;
  while (i < rows.length) {
    const a = extentOf(rows[i]);
    const b = i + 1 < rows.length ? extentOf(rows[i + 1]) : null;
    const seed = a ? null : split(i);
    const gap = a && b ? stackGap(kind(i), kind(i + 1)) : 0;
    const apart = a && b && (b[0] - a[1] >= gap || a[0] - b[1] >= gap);
    if (!apart && !seed) {
      i++;
      continue;
    }
    const sideOf = (k: number, e: [number, number], own: RowKind): Side => ({ x0: e[0], x1: e[1], rows: [k], kind: own });
    let left: Side;
    let right: Side;
    if (seed) {
      left = sideOf(i, seed.left, seed.kinds[0]);
      right = sideOf(i, seed.right, seed.kinds[1]);
    } else {
      const [l, r] = a![1] <= b![0] ? [i, i + 1] : [i + 1, i];
      left = sideOf(l, extentOf(rows[l])!, kind(l));
      right = sideOf(r, extentOf(rows[r])!, kind(r));
    }
    const onLeft = (e: [number, number], own: RowKind, size: number) =>
      e[1] <= right.x0 - stackGap(own, right.kind) && Math.min(left.x1, e[1]) > Math.max(left.x0, e[0]) - size;
    const onRight = (e: [number, number], own: RowKind, size: number) =>
      e[0] >= left.x1 + stackGap(own, left.kind) && Math.min(right.x1, e[1]) > Math.max(right.x0, e[0]) - size;
    // The rows holding a line of each stack, and how each parts.
    const parts = new Map<number, Split>();
    if (seed) parts.set(i, seed);
    // A row's size on a side: the size of its line there (a row holding a line of each stack has one on each side).
    const sizeOn = (k: number, side: Side) => {
      const sp = parts.get(k);
      return sp ? sp.kinds[side === left ? 0 : 1].size : rows[k].row.size;
    };
    const grow = (side: Side, k: number, e: [number, number], down: boolean) => {
      side.x0 = Math.min(side.x0, e[0]);
      side.x1 = Math.max(side.x1, e[1]);
      if (down) side.rows.push(k);
      else side.rows.unshift(k);
    };
    // Grows the window one row at a time in one direction; false where it must stop.
    const take = (k: number, down: boolean): boolean => {
      const e = extentOf(rows[k]);
      if (!e) {
        // A row holding a line of each stack continues both: one whose sizes part it, or one whose pieces part at the
        // gap between the sides found so far (a poster's author line level with the venue line of the stack beside
        // it, both of a size). The latter only with nothing running on above it (two blocks starting level, as a
        // header's do): lower down, a line of text level with a caption's first line beside it (a figure the text
        // runs around) is the text's paragraph going on past the window, and a row under a window (a figure's source
        // line under the figure and the text beside it) is a line of its own.
        const sp = split(k) ?? (runsOn(rows, k) ? null : partedAt(rows[k], left, right, onLeft, onRight));
        if (!sp) return false;
        const [kl, kr] = sp.kinds;
        if (!onLeft(sp.left, kl, kl.size) || !onRight(sp.right, kr, kr.size)) return false;
        // (Registered first, so that its steps are counted in each side's own size.)
        parts.set(k, sp);
        if (!follows(left, rows, k, down, sizeOn) || !follows(right, rows, k, down, sizeOn)) {
          parts.delete(k);
          return false;
        }
        grow(left, k, sp.left, down);
        grow(right, k, sp.right, down);
        return true;
      }
      const size = rows[k].row.size;
      const own = kind(k);
      const l = onLeft(e, own, size);
      const r = onRight(e, own, size);
      const side = l && !r ? left : r && !l ? right : null;
      if (!side || !follows(side, rows, k, down, sizeOn)) return false;
      grow(side, k, e, down);
      return true;
    };
    let from = i;
    let to = seed ? i : i + 1;
    while (from > (out.length ? out[out.length - 1].to + 1 : 0) && take(from - 1, false)) from--;
    while (to + 1 < rows.length && take(to + 1, true)) to++;
    const base = (k: number) => rows[k].row.baseline;
    const between = (inner: Side, outer: Side) =>
      inner.rows.some((k) => outer.rows.some((p) => base(p) < base(k)) && outer.rows.some((q) => base(q) > base(k)));
    if (between(left, right) || between(right, left)) {
      const parted = new Map<number, number>();
      for (const [k, sp] of parts) parted.set(k, sp.at);
      out.push({ from, to, left: left.rows, right: right.rows, splits: parted });
      i = to + 1;
    } else {
      i++;
    }
  }
  return out;
}

/** Code beside its result: the gap between them is at least this many of the rows' sizes... */
const BESIDE_GAP_EM = 2;
/** ...the sides' lines start at the same x, to within this many points, row after row... */
const BESIDE_ALIGN = 2;
/** ...over at least this many rows with text on both sides. */
const MIN_BESIDE_ROWS = 2;

export interface CodeBeside {
  /** Inclusive indices of the window's rows in the list searched. */
  from: number;
  to: number;
  /** Runs left of this x are the code's, the rest the result's. */
  split: number;
}

/**
 * A listing set beside what it typesets (a LaTeX guide's `daughter-in-law, X-rated\\` in a fixed-pitch box, its
 * result in the text face to the right, line for line). The two share baselines, so no interleaving tells them
 * apart, and too few rows make a gutter; read across, every line of code is spliced with a line of its result. Rows
 * of two ink pieces parted by a wide gap, the left piece wholly fixed-pitch and the right one not, their starts
 * aligned row after row, are read as the code, then the result.
 */
export function findCodeBeside(rows: InkRow[]): CodeBeside[] {
  const out: CodeBeside[] = [];
  const shape = (r: InkRow) => {
    if (r.ink.length !== 2) return null;
    const [a, b] = r.ink;
    if (b[0] - a[1] < BESIDE_GAP_EM * r.row.size) return null;
    const left = r.row.runs.filter((x) => x.x1 <= a[1] + 0.5);
    const right = r.row.runs.filter((x) => x.x0 >= b[0] - 0.5);
    if (!left.length || !right.length || !left.every((x) => x.mono) || right.every((x) => x.mono)) return null;
    return { a: a[0], b: b[0], split: (a[1] + b[0]) / 2 };
  };
  for (let i = 0; i < rows.length; i++) {
    const first = shape(rows[i]);
    if (!first) continue;
    let to = i;
    while (to + 1 < rows.length) {
      const s = shape(rows[to + 1]);
      const step = rows[to + 1].row.baseline - rows[to].row.baseline;
      if (!s || Math.abs(s.a - first.a) > BESIDE_ALIGN || Math.abs(s.b - first.b) > BESIDE_ALIGN) break;
      if (step > STACK_ADVANCE * Math.max(rows[to].row.size, rows[to + 1].row.size)) break;
      to++;
    }
    if (to - i + 1 >= MIN_BESIDE_ROWS) out.push({ from: i, to, split: first.split });
    i = to;
  }
  return out;
}

/** Two listings side by side: labels over them of at most this many words each, or this many characters. */
const LISTING_LABEL_WORDS = 3;
const LISTING_LABEL_CHARS = 20;
/** Text wholly in a script set without spaces (Chinese, Japanese), or holding some. */
const UNSPACED_ONLY = new RegExp(`^[${UNSPACED_CHARS}]+$`, 'u');
const UNSPACED_SOME = new RegExp(`[${UNSPACED_CHARS}]`, 'u');
/** Past a blank line (one, at a leading of 1.3 at most), a listing's next line stands at most this many of its sizes
 * under the line before. */
const LISTING_ADVANCE = 2.6;

export interface ListingsBeside {
  /** Inclusive indices of the window's lines (the labels' line first). */
  from: number;
  to: number;
  /** The left listing's lines (its label first), then the right one's. */
  left: Line[];
  right: Line[];
}

/**
 * Two code listings set side by side under their labels ("ggplot2:" over R code, "Vega-lite:" over JavaScript beside
 * it), in a column too narrow for a gutter. Read across, each line of one program is spliced with a line of the
 * other. Lines wholly fixed-pitch, one after another, parted at one place by a strip no run crosses (at least
 * BESIDE_GAP_EM of their size wide), with code on both sides of it on MIN_BESIDE_ROWS lines, under a line of two short
 * labels in the text face, one each side of the strip: read as the left label and listing, then the right ones. A
 * single listing with aligned comments has no labels over it, and stays as it is.
 */
export function findListingsBeside(lines: Line[]): ListingsBeside | null {
  // A line of code: set in the fixed-pitch face, but for strings in an unspaced script inside it (the code's
  // "汉语拼音示例" in `\xpinyin*{汉语拼音示例}`, set in a Chinese text face).
  const mono = (l: Line) => {
    const runs = runsOfLine(l).filter((r) => r.text.trim());
    return runs.length > 0 && runs[0].mono && runs[runs.length - 1].mono && runs.every((r) => r.mono || UNSPACED_ONLY.test(r.text.trim()));
  };
  for (let i = 1; i < lines.length; i++) {
    if (!mono(lines[i]) || mono(lines[i - 1])) continue;
    let to = i;
    const size = lines[i].size;
    const step = (k: number, most: number) => lines[k + 1].baseline - lines[k].baseline <= most * Math.max(size, lines[k + 1].size);
    while (to + 1 < lines.length && mono(lines[to + 1]) && step(to, STACK_ADVANCE)) to++;
    // The strip: the widest gap in the union of the code's runs (of the lines before any blank line).
    const spans = lines
      .slice(i, to + 1)
      .flatMap(runsOfLine)
      .map((r): [number, number] => [r.x0, r.x1])
      .sort((a, b) => a[0] - b[0]);
    let strip: [number, number] | null = null;
    let end = -Infinity;
    for (const [x0, x1] of spans) {
      if (end > -Infinity && x0 - end >= BESIDE_GAP_EM * size && (!strip || x0 - end > strip[1] - strip[0])) strip = [end, x0];
      end = Math.max(end, x1);
    }
    if (!strip) {
      i = to;
      continue;
    }
    const [a, b] = strip;
    // The listings run on past blank lines while their lines keep the strip clear.
    const clear = (l: Line) => runsOfLine(l).every((r) => r.x1 <= a + 0.5 || r.x0 >= b - 0.5);
    while (to + 1 < lines.length && mono(lines[to + 1]) && step(to, LISTING_ADVANCE) && clear(lines[to + 1])) to++;
    const code = lines.slice(i, to + 1);
    const leftOf = (l: Line) => runsOfLine(l).filter((r) => r.x1 <= a + 0.5);
    const rightOf = (l: Line) => runsOfLine(l).filter((r) => r.x0 >= b - 0.5);
    const both = code.filter((l) => leftOf(l).length && rightOf(l).length).length;
    const labels = lines[i - 1];
    // A label's words, or (a label in an unspaced script, "XƎLATEX 下的简单示例：") its characters.
    const short = (runs: Run[]) => {
      const text = runs
        .map((r) => r.text)
        .join(' ')
        .trim();
      return (
        text.split(/\s+/).filter(Boolean).length <= LISTING_LABEL_WORDS ||
        (UNSPACED_SOME.test(text) && text.replace(/\s+/g, '').length <= LISTING_LABEL_CHARS)
      );
    };
    // The labels stand over their listings, either side of the strip's middle (a label may start a little left of its code).
    const mid = (a + b) / 2;
    const ll = runsOfLine(labels).filter((r) => r.x1 <= mid);
    const lr = runsOfLine(labels).filter((r) => r.x0 >= mid);
    const labelled = ll.length + lr.length === runsOfLine(labels).length && ll.length > 0 && lr.length > 0 && short(ll) && short(lr);
    if (both < MIN_BESIDE_ROWS || !labelled || lines[i].baseline - labels.baseline > STACK_ADVANCE * Math.max(size, labels.size)) {
      i = to;
      continue;
    }
    const side = (label: Run[], pick: (l: Line) => Run[]) => [label, ...code.map(pick)].filter((runs) => runs.length).map(pieceLine);
    return { from: i - 1, to, left: side(ll, leftOf), right: side(lr, rightOf) };
  }
  return null;
}
