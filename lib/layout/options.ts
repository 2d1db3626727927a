/**
 * A form's options set side by side, each a check box the page draws before its label (pdf/rules.ts): Form SS-5's
 * "□ U.S. Citizen  □ Legal Alien Allowed To Work  □ Legal Alien Not Allowed To Work (See Instructions On Page 3)",
 * W-9's "□ Individual/sole proprietor or single-member LLC  □ C Corporation …". A label of two or three lines stands
 * beside the next option's, a few points apart, its lines level with theirs, so read row by row the options splice
 * at every line ("Individual/sole proprietor or C Corporation S Corporation … single-member LLC"). The boxes say where
 * each option starts: lines around a row of boxes that no run crosses at a box's left edge are cut there, and each
 * option is read whole, in turn, left to right (page.ts), after what stands left of the first box (the item's own
 * label).
 *
 * Only where some label runs on to a line of its own (a line of the stretch with no box in that option's place):
 * options of one line each read alike either way, and a questionnaire's rows ("1. Do you smoke? □ Yes □ No", one under
 * another) are rows. A box is an option's where a word starts right after it ("□ 1  Incorporated or Principal Place",
 * a table's box over a figure, is none).
 */
import type { CheckBox, HRule, Line, Rule, Run } from '../types.js';
import { pieceLine, runsOfLine } from './lines.js';
import type { Nested } from './nested.js';

/** A word: three letters running (marks between them). */
const WORD = /\p{L}(?:\p{M}*\p{L}){2}/u;
/** A box stands beside a line when its middle is within this many of the line's sizes over its baseline... */
const OVER = 1;
/** ...or under it. */
const UNDER = 0.35;
/** An option's number or letter, set before its box ("1 □ Single", "a □ Yourself"). */
const ITEM_MARK = /^\(?(?:\p{Nd}{1,2}|\p{Ll})[.)]?$/u;
/** An option's label starts within this many of its line's sizes right of its box. */
const LABEL_GAP = 1.5;
/** The label's first piece runs on over gaps narrower than this many sizes (a figure parted from a word by a wide gap
 * is a table's cell). */
const PIECE_GAP = 1;
/** A run crosses a cut when it reaches past it by more than this many points on both sides. */
const CROSS = 0.5;
/** Boxes' left edges within this many points of one another are one cut (a column of options). */
const SAME_CUT = 2;
/** Lines of the stretch follow one another at most this many of their sizes apart. */
const ADVANCE = 1.8;
/** At most this many lines over the first row of boxes (a label set beside its box's middle, its first line above)... */
const MAX_BEFORE = 2;
/** ...and under the last. */
const MAX_AFTER = 3;

interface Option {
  /** The cut: the box's left edge. */
  cut: number;
  /** Where its label starts. */
  label: number;
}

/** The option a box before a label on the line would be, or null: the box stands beside the line and a label with a
 * word in it starts right after it. */
function optionOn(line: Line, runs: Run[], [x0, y0, x1, y1]: CheckBox): Option | null {
  const mid = (y0 + y1) / 2;
  if (mid < line.baseline - OVER * line.size || mid > line.baseline + UNDER * line.size) return null;
  const k = runs.findIndex((r) => r.x0 >= x1 - CROSS && r.x0 <= x1 + LABEL_GAP * line.size);
  if (k < 0) return null;
  // The label's first piece: its runs up to the first wide gap.
  let text = runs[k].text;
  for (let j = k + 1; j < runs.length && runs[j].x0 - runs[j - 1].x1 < PIECE_GAP * line.size; j++) text += ` ${runs[j].text}`;
  if (!WORD.test(text)) return null;
  // The option's number set before its box ("1 □ Single") is the option's: the cut goes before it.
  const mark = k > 0 ? runs[k - 1] : null;
  const numbered = mark && ITEM_MARK.test(mark.text.trim()) && mark.x1 <= x0 + CROSS && mark.x1 >= x0 - LABEL_GAP * line.size;
  return { cut: numbered ? mark.x0 : x0, label: runs[k].x0 };
}

/** Each line's options: each box is the option of the line it stands beside whose label follows it, the nearest to
 * its middle where two do (a box set between a label's two lines). */
function optionsByLine(lines: Line[], runs: Run[][], checks: CheckBox[]): Option[][] {
  const out: Option[][] = lines.map(() => []);
  const top = Math.min(...lines.map((l) => l.bbox[1])) - 2 * OVER * lines[0].size;
  const bottom = Math.max(...lines.map((l) => l.bbox[3])) + 2 * OVER * lines[0].size;
  for (const box of checks) {
    if (box[3] < top || box[1] > bottom) continue;
    const mid = (box[1] + box[3]) / 2;
    let best: { k: number; o: Option; d: number } | null = null;
    for (let k = 0; k < lines.length; k++) {
      const o = optionOn(lines[k], runs[k], box);
      const d = Math.abs(mid - (lines[k].baseline - UNDER * lines[k].size));
      if (o && (!best || d < best.d)) best = { k, o, d };
    }
    if (best) out[best.k].push(best.o);
  }
  return out;
}

const crosses = (r: Run, cut: number) => r.x0 < cut - CROSS && r.x1 > cut + CROSS;

/**
 * The first stretch of the lines (in order, top to bottom) that is options side by side, as indices into `lines`,
 * with the lines of each part left to right (what stands left of the first box, then each option), or null.
 */
export function optionBlock(lines: Line[], checks: CheckBox[], hrules: HRule[], rules: Rule[] = []): Nested | null {
  if (lines.length < 2 || !checks.length) return null;
  const runs = lines.map((l) =>
    runsOfLine(l)
      .slice()
      .sort((a, b) => a.x0 - b.x0),
  );
  const options = optionsByLine(lines, runs, checks);
  const clear = (k: number, cuts: number[]) => runs[k].every((r) => cuts.every((c) => !crosses(r, c)));
  // Lines k-1 and k follow one another, no rule the page draws across a cut between them (a box's bottom).
  const follows = (k: number, cuts: number[]) => {
    const [a, b] = [lines[k - 1], lines[k]];
    if (b.baseline - a.baseline > ADVANCE * Math.max(a.size, b.size)) return false;
    return !hrules.some((h) => h.y > a.baseline && h.y < b.baseline - 0.6 * b.size && cuts.some((c) => h.x0 < c && h.x1 > c));
  };
  for (let i = 0; i < lines.length; i++) {
    if (!options[i].length) continue;
    let cuts = options[i].map((o) => o.cut);
    if (!clear(i, cuts)) continue;
    let [from, to, last] = [i, i, i];
    // Down: lines with boxes of their own (their cuts clear of every line so far), and a few after the last.
    for (let k = i + 1; k < lines.length && k - last <= MAX_AFTER; k++) {
      const more = [...cuts, ...options[k].map((o) => o.cut)];
      if (!follows(k, more) || !clear(k, more)) break;
      let all = true;
      for (let j = from; j < k && all; j++) all = clear(j, more);
      if (!all) break;
      cuts = more;
      to = k;
      if (options[k].length) last = k;
    }
    // Up: a label's first lines over its box (set beside the box's middle), the item's own label's.
    const first = Math.min(...cuts);
    for (let k = from - 1; k >= 0 && from - k <= MAX_BEFORE; k--) {
      if (!follows(k + 1, cuts) || !clear(k, cuts)) break;
      from = k;
    }
    // The parts: left of the first cut, then between each cut and the next. A rule the page draws beside all the
    // stretch's lines, none crossing it, parts them too (the item's number in its box, its label in the next).
    const drawn = rules.filter(
      (r) =>
        r.x < first &&
        lines.slice(from, to + 1).every((l, j) => r.y0 <= l.baseline - 0.6 * l.size && r.y1 >= l.baseline + 0.1 * l.size && clear(from + j, [r.x])),
    );
    const sorted = [...new Set([...cuts, ...drawn.map((r) => r.x)])].sort((a, b) => a - b);
    const edges: number[] = [];
    for (const c of sorted) if (!edges.length || c - edges[edges.length - 1] > SAME_CUT) edges.push(c);
    const partOf = (r: Run) => {
      let p = 0;
      while (p < edges.length && r.x0 >= edges[p] - CROSS) p++;
      return p;
    };
    const parts: Run[][][] = edges.map(() => []);
    parts.push([]);
    for (let k = from; k <= to; k++) {
      const byPart = new Map<number, Run[]>();
      for (const r of runs[k]) {
        const p = partOf(r);
        byPart.set(p, [...(byPart.get(p) ?? []), r]);
      }
      for (const [p, rs] of byPart) parts[p].push(rs);
    }
    // Some option's label runs on to a line with no box in its place, and two parts hold text.
    const boxed = (k: number, p: number) => options[k].some((o) => partOf({ x0: o.label } as Run) === p);
    let wraps = false;
    for (let k = from; k <= to && !wraps; k++)
      for (let p = 1; p <= edges.length && !wraps; p++) wraps = runs[k].some((r) => partOf(r) === p) && !boxed(k, p);
    const filled = parts.filter((p) => p.length);
    if (wraps && filled.length >= 2) return { from, to, columns: filled.map((p) => p.map((rs) => pieceLine(rs))) };
    i = to;
  }
  return null;
}
