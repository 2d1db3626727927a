/**
 * A form's options set side by side, each a check box the page draws before its label (pdf/rules.ts): Form SS-5's
 * "□ U.S. Citizen  □ Legal Alien Allowed To Work  □ Legal Alien Not Allowed To Work (See Instructions On Page 3)",
 * W-9's "□ Individual/sole proprietor or single-member LLC  □ C Corporation …". A label of two or three lines stands
 * beside the next option's, a few points apart, its lines level with theirs, so read row by row the options splice
 * at every line ("Individual/sole proprietor or C Corporation S Corporation … single-member LLC"). The boxes say where
 * each option starts: lines around a row of boxes that no run crosses at a box's left edge (or at its number's, "1 □
 * Single") are cut there, and each option is read whole, in turn, left to right (page.ts), after what stands left of
 * the first box (the item's own label, parted from its number by a rule the page draws beside them). The stretch runs
 * down over the rows of boxes and a few lines after the last, and up over a label's first lines set over its box.
 *
 * Only where some label runs on to a line of its own (a line of the stretch with no box in that option's place, under
 * or over a line of the option): options of one line each read alike either way, and a questionnaire's rows ("1. Do
 * you smoke? □ Yes □ No", one under another) are rows. A box is an option's where a word starts right after it ("□ 1
 * Incorporated or Principal Place", a table's box over a figure, is none). Boxes before labels that read right to
 * left are no options of this kind.
 */
import type { CheckBox, HRule, Line, Rule, Run } from '../types.js';
import { pieceLine, runsDirection, runsOfLine } from './lines.js';
import { type Nested, runPieces } from './nested.js';
import { WORD } from './ruled.js';

/** A box stands beside a line when its middle is within this many of the line's sizes over its baseline... */
const OVER = 1;
/** ...or under it. */
const UNDER = 0.35;
/** An option's label starts within this many of its line's sizes right of its box. */
const LABEL_GAP = 1.5;
/** The label's first piece runs on over gaps narrower than this many sizes (a figure parted from a word by a wide gap
 * is a table's cell). */
const PIECE_GAP = 1;
/** A run crosses a cut when it reaches past it by more than this many points on both sides. */
const CROSS = 0.5;
/** Boxes' left edges within this many points of one another are one cut (a column of options). */
const SAME_CUT = 2;
/** A label's line under or over its first starts, or has its middle, within this many points of the label's. */
const ALIGN = 2;
/** Lines of the stretch follow one another at most this many of their sizes apart. */
const ADVANCE = 1.8;
/** At most this many lines over the first row of boxes (a label set beside its box's middle, its first line above)... */
const MAX_BEFORE = 2;
/** ...and under the last. */
const MAX_AFTER = 3;
/** An option's number or letter, set before its box ("1 □ Single", "a □ Yourself"). */
const ITEM_MARK = /^\(?(?:\p{Nd}{1,2}|\p{Ll})[.)]?$/u;

interface Option {
  /** The cut: the box's left edge, or its number's set before it. */
  cut: number;
  /** The cut is the option's number's. */
  numbered: boolean;
  /** Where its label starts, and where its first piece ends. */
  label: number;
  labelEnd: number;
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
  let end = runs[k].x1;
  for (let j = k + 1; j < runs.length && runs[j].x0 - runs[j - 1].x1 < PIECE_GAP * line.size; j++) {
    text += ` ${runs[j].text}`;
    end = Math.max(end, runs[j].x1);
  }
  if (!WORD.test(text)) return null;
  // The option's number set before its box ("1 □ Single") is the option's: the cut goes before it.
  const mark = k > 0 ? runs[k - 1] : null;
  const numbered = !!mark && ITEM_MARK.test(mark.text.trim()) && mark.x1 <= x0 + CROSS && mark.x1 >= x0 - LABEL_GAP * line.size;
  return { cut: numbered && mark ? mark.x0 : x0, numbered, label: runs[k].x0, labelEnd: end };
}

/** Each line's options: each box is the option of the line it stands beside whose label follows it. The boxes are
 * looked for by their middles among the lines in order down the page. */
function optionsByLine(lines: Line[], runs: Run[][], checks: CheckBox[]): Option[][] {
  const out: Option[][] = lines.map(() => []);
  const size = Math.max(...lines.map((l) => l.size));
  const order = lines.map((_, k) => k).sort((a, b) => lines[a].baseline - lines[b].baseline);
  const baselines = order.map((k) => lines[k].baseline);
  for (const box of checks) {
    const mid = (box[1] + box[3]) / 2;
    // The first line whose baseline is not above the box's middle by more than UNDER sizes.
    let lo = 0;
    let hi = baselines.length;
    while (lo < hi) {
      const m = (lo + hi) >> 1;
      if (baselines[m] < mid - UNDER * size) lo = m + 1;
      else hi = m;
    }
    // Of two lines beside the box whose text follows it (a label of two lines set beside its box's middle), the one
    // whose text starts nearest the box, the upper where both start alike: the label's first line.
    let best: { k: number; o: Option; d: number } | null = null;
    for (let n = lo; n < baselines.length && baselines[n] <= mid + OVER * size; n++) {
      const k = order[n];
      const o = optionOn(lines[k], runs[k], box);
      if (o && (!best || o.label - box[2] < best.d - ALIGN)) best = { k, o, d: o.label - box[2] };
    }
    if (best) out[best.k].push(best.o);
  }
  return out;
}

/** A label's line under or over another (x0..x1 under a0..a1): starting where it starts, centred on it (within half
 * the size), or, `within`, standing inside it (a label's short last line). */
const aligned = ([x0, x1]: [number, number], [a0, a1]: [number, number], size: number, within = true) =>
  Math.abs(x0 - a0) <= ALIGN || Math.abs((x0 + x1) / 2 - (a0 + a1) / 2) <= 0.5 * size || (within && x0 >= a0 - ALIGN && x1 <= a1 + ALIGN);
const extent = (rs: Run[]): [number, number] => [Math.min(...rs.map((r) => r.x0)), Math.max(...rs.map((r) => r.x1))];

const crosses = (r: Run, cut: number) => r.x0 < cut - CROSS && r.x1 > cut + CROSS;

/** The options of a stretch, read in turn: the lines (as indices into the stretch's) and the runs of each part, left
 * to right; the parts before `first` are what stands left of the first box (the item's number and label). */
export interface OptionBlock extends Nested {
  first: number;
}

/**
 * The first stretch of the lines (in order, top to bottom) that is options side by side, as indices into `lines`,
 * with the lines of each part left to right (what stands left of the first box, then each option), or null. A stretch
 * whose text reads right to left is left alone (its boxes stand after their labels).
 */
export function optionBlock(lines: Line[], checks: CheckBox[], hrules: HRule[], rules: Rule[] = []): OptionBlock | null {
  if (lines.length < 2 || !checks.length) return null;
  const runs = lines.map((l) =>
    runsOfLine(l)
      .slice()
      .sort((a, b) => a.x0 - b.x0),
  );
  const options = optionsByLine(lines, runs, checks);
  const clear = (k: number, cuts: Iterable<number>) => {
    for (const c of cuts) if (runs[k].some((r) => crosses(r, c))) return false;
    return true;
  };
  // Lines k-1 and k follow one another, no rule the page draws across a cut between them (the bottom of the box that
  // holds the options).
  const follows = (k: number, cuts: Iterable<number>) => {
    const [a, b] = [lines[k - 1], lines[k]];
    if (b.baseline - a.baseline > ADVANCE * Math.max(a.size, b.size)) return false;
    const across = hrules.filter((h) => h.y > a.baseline && h.y < b.baseline - 0.6 * b.size);
    for (const c of cuts) if (across.some((h) => h.x0 < c && h.x1 > c)) return false;
    return true;
  };
  for (let i = 0; i < lines.length; i++) {
    if (!options[i].length) continue;
    const cuts = new Set(options[i].map((o) => o.cut));
    if (!clear(i, cuts)) continue;
    let [from, to, last] = [i, i, i];
    // Down: lines with boxes of their own (their cuts clear of every line so far), and a few after the last.
    for (let k = i + 1; k < lines.length && k - last <= MAX_AFTER; k++) {
      const fresh = options[k].map((o) => o.cut).filter((c) => !cuts.has(c));
      if (!follows(k, [...cuts, ...fresh]) || !clear(k, cuts) || !clear(k, fresh)) break;
      let all = true;
      for (let j = from; j < k && all; j++) all = clear(j, fresh);
      if (!all) break;
      for (const c of fresh) cuts.add(c);
      to = k;
      if (options[k].length) last = k;
    }
    // Up: a label's first lines over its box (set beside the box's middle), each piece right of the first box
    // starting where a label starts or centred on one; and the item's own label's, left of the first box.
    const start = from;
    const first = Math.min(...cuts);
    const labels = options.slice(from, to + 1).flat();
    for (let k = from - 1; k >= 0 && start - k <= MAX_BEFORE; k--) {
      if (!follows(k + 1, cuts) || !clear(k, cuts)) break;
      const over = (rs: Run[]) => labels.some((o) => aligned(extent(rs), [o.label, o.labelEnd], lines[k].size, false));
      const right = runs[k].filter((r) => r.x0 >= first - CROSS);
      if (!runPieces(right, lines[k].size, PIECE_GAP).every((p) => over(p.runs))) break;
      from = k;
    }
    i = to;
    const stretch = runs.slice(from, to + 1);
    // Boxes set before labels that read right to left are no options of this kind.
    if (runsDirection(stretch.flat()) === 'rtl') continue;
    const found = options.slice(from, to + 1).flat();
    // The parts: left of the first cut, then between each cut and the next. A rule the page draws beside all the
    // stretch's lines, none crossing it, parts them too (the item's number in its box, its label in the next).
    const drawn = rules
      .filter(
        (r) =>
          r.x < first - SAME_CUT &&
          lines.slice(from, to + 1).every((l, j) => r.y0 <= l.baseline - 0.6 * l.size && r.y1 >= l.baseline + 0.1 * l.size && clear(from + j, [r.x])),
      )
      .map((r) => r.x);
    // A box's cut with an option's number set before another box just left of it is that number's (a column of
    // options, some numbered).
    const marks = found.filter((o) => o.numbered).map((o) => o.cut);
    const size = Math.max(...lines.slice(from, to + 1).map((l) => l.size));
    const boxCuts = [...cuts].filter((c) => !marks.some((m) => m < c && c - m <= LABEL_GAP * size));
    const sorted = [...new Set([...boxCuts, ...drawn])].sort((a, b) => a - b);
    const edges: number[] = [];
    for (const c of sorted) if (!edges.length || c - edges[edges.length - 1] > SAME_CUT) edges.push(c);
    const partOf = (x: number) => {
      let p = 0;
      while (p < edges.length && x >= edges[p] - CROSS) p++;
      return p;
    };
    // The first part that is an option's: the one right of the first box.
    const firstOption = partOf(first);
    const parts: Run[][][] = [...edges.map(() => []), []];
    const partRuns = stretch.map((rs) => {
      const byPart = new Map<number, Run[]>();
      for (const r of rs) {
        const p = partOf(r.x0);
        byPart.set(p, [...(byPart.get(p) ?? []), r]);
      }
      for (const [p, own] of byPart) parts[p].push(own);
      return byPart;
    });
    // Some option's label runs on to a line of its own: a line with no box in that option's place, next to a line of
    // the option's, starting where its label starts or centred on it (a questionnaire's "□ Yes" under "□ Yes" has its
    // own box; a line under the rows that starts elsewhere is no label's).
    const labelled = (k: number, p: number) => found.some((o) => options[from + k].includes(o) && partOf(o.label) === p);
    const wraps = partRuns.some((byPart, k) =>
      [...byPart].some(([p, own]) => {
        if (p < firstOption || labelled(k, p)) return false;
        return [k - 1, k + 1].some((n) => {
          const other = partRuns[n]?.get(p);
          return !!other && aligned(extent(own), extent(other), lines[from + k].size);
        });
      }),
    );
    const filled = parts.map((p, n) => ({ p, n })).filter(({ p }) => p.length);
    if (!wraps || filled.length < 2) continue;
    return {
      from,
      to,
      columns: filled.map(({ p }) => p.map((rs) => pieceLine(rs))),
      first: filled.filter(({ n }) => n < firstOption).length,
    };
  }
  return null;
}
