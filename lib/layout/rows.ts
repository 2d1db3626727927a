/**
 * Rows: runs that share a baseline, across the whole width of the page. A row on a two-column page usually holds
 * a line of each column; splitting it at the gutters is the column pass's job.
 */
import type { Run } from '../types.js';
import { codePoints, dominantSize, median } from './lines.js';

export interface Row {
  /** Runs sorted left to right. */
  runs: Run[];
  /** Baseline of the row's main-size text. */
  baseline: number;
  top: number;
  bottom: number;
  x0: number;
  x1: number;
  /** Main font size (largest among the runs that define the baseline). */
  size: number;
  /** Index in the page's top-to-bottom row order. */
  index: number;
}

/** Two runs are on one baseline when their baselines differ by at most this share of the smaller font size. */
const BASELINE_TOLERANCE = 0.3;
/** A run this close to the baseline of the run last joined to a row (share of its size) is level with it. */
const LEVEL = 0.05;
/** A run this much smaller than its neighbour may be a superscript or subscript of it. */
const SCRIPT_SIZE_RATIO = 0.9;
/** A script sits within this share of its base run's size horizontally (it touches the base text)... */
const SCRIPT_REACH = 0.6;
/** ...beside it, not over it, and is short (an exponent, a note marker, an index). */
const SCRIPT_MAX_CHARS = 8;
/**
 * A list of marks set as one script is short too, however many it holds: an author's affiliation letters and note
 * mark ("a,b,c,d,e,∗" after "Ted M Johnson"), marks of a few characters each, joined by commas.
 */
const MARK_LIST = /^[\p{L}\p{Nd}*∗†‡§¶]{1,3}(?:,[\p{L}\p{Nd}*∗†‡§¶]{1,3})+,?$/u;
/** ...of at most this many characters. */
const MARK_LIST_MAX_CHARS = 24;
/** A number grouped in thousands ("1,000,000") is no list of marks. */
const THOUSANDS = /^\p{Nd}{1,3}(?:,\p{Nd}{3})+$/u;
const shortScript = (text: string) => {
  if (codePoints(text) <= SCRIPT_MAX_CHARS) return true;
  const t = text.trim();
  return codePoints(t) <= MARK_LIST_MAX_CHARS && MARK_LIST.test(t) && !THOUSANDS.test(t);
};
/**
 * Only rows this short are looked at as a whole for scripts (a row of its own for a raised note marker); in longer
 * rows only the runs smaller than the row's main size are.
 */
const SCRIPT_ROW_RUNS = 4;

export function rowOf(runs: Run[]): Row {
  runs.sort((a, b) => a.x0 - b.x0 || a.stream - b.stream);
  // A drop cap does not set its row's size or baseline: the line beside it does.
  let initials = 0;
  for (const r of runs) if (r.initial) initials++;
  const skip = initials > 0 && initials < runs.length;
  let size = -Infinity;
  for (const r of runs) if (!(skip && r.initial) && r.size > size) size = r.size;
  // The baseline is the one most main-size characters sit on. Most rows have one: the tally by baseline (in order
  // of first appearance, left to right) is only built when a second turns up.
  let votes: Map<number, number> | null = null;
  let baseline = NaN;
  let chars = 0;
  for (const r of runs) {
    if ((skip && r.initial) || !(r.size >= size * SCRIPT_SIZE_RATIO)) continue;
    const key = Math.round(r.baseline * 4) / 4;
    if (!votes && (Number.isNaN(baseline) || key === baseline)) {
      baseline = key;
      chars += r.text.length;
    } else {
      votes ??= new Map([[baseline, chars]]);
      votes.set(key, (votes.get(key) ?? 0) + r.text.length);
    }
  }
  if (votes) {
    let best = -1;
    for (const [b, n] of votes) {
      if (n > best || (n === best && b < baseline)) {
        baseline = b;
        best = n;
      }
    }
  }
  let top = Infinity;
  let bottom = -Infinity;
  let x0 = Infinity;
  let x1 = -Infinity;
  for (const r of runs) {
    top = Math.min(top, r.y0);
    bottom = Math.max(bottom, r.y1);
    x0 = Math.min(x0, r.x0);
    x1 = Math.max(x1, r.x1);
  }
  return { runs, baseline, top, bottom, x0, x1, size, index: 0 };
}

/** The baseline of some of a row's runs (one column's part of it): the one most of their main-size characters sit on. */
export const baselineOf = (runs: Run[]): number => rowOf([...runs]).baseline;

/**
 * Cluster horizontal runs into rows by baseline. Superscripts and subscripts (smaller runs touching a larger run
 * whose box they overlap) join their base run's row instead of starting a row of their own.
 */
export function buildRows(runs: Run[]): Row[] {
  if (runs.length === 0) return [];
  const sorted = [...runs].sort((a, b) => a.baseline - b.baseline || a.x0 - b.x0);
  // Pass 1: strict baseline clusters.
  const clusters: Run[][] = [];
  const anchors: { baseline: number; size: number; last: number }[] = [];
  for (const r of sorted) {
    let placed = false;
    for (let k = clusters.length - 1; k >= 0 && k >= clusters.length - 6; k--) {
      const a = anchors[k];
      // Within the tolerance of the row's largest type, or level with the run just joined (small capitals on the
      // baseline of the words beside them, which sit a little off the larger type of the next column's line).
      if (Math.abs(r.baseline - a.baseline) <= BASELINE_TOLERANCE * Math.min(r.size, a.size) || Math.abs(r.baseline - a.last) <= LEVEL * r.size) {
        clusters[k].push(r);
        if (r.size > a.size) anchors[k] = { baseline: r.baseline, size: r.size, last: r.baseline };
        else a.last = r.baseline;
        placed = true;
        break;
      }
    }
    if (!placed) {
      clusters.push([r]);
      anchors.push({ baseline: r.baseline, size: r.size, last: r.baseline });
    }
  }
  // Pass 2: move script runs to the row of the larger run they touch.
  const rows = clusters.map(rowOf);
  const changed = new Set<Row>();
  // Runs already moved as scripts: the next marker of a chain ("[7][8]", "1,2") touches one of them, not its base.
  const scripts = new Set<Run>();
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    const keep: Run[] = [];
    // A row of nothing but short runs (raised citation marks "[15] [16][17] [17][18]" along a line) is looked at whole.
    const allShort = row.runs.every((r) => shortScript(r.text));
    for (const r of row.runs) {
      // Only runs smaller than the row's main size can be scripts of another row.
      // A short run glued to the end of a larger run of another row (a note marker set in the size of the side notes
      // whose row it shares) is that row's script however large its own row's runs are.
      const host =
        r.size < row.size * SCRIPT_SIZE_RATIO || row.runs.length <= SCRIPT_ROW_RUNS || allShort
          ? findScriptHost(r, rows, i, scripts)
          : findScriptHost(r, rows, i, scripts, GLUED_GAP);
      if (host) {
        host.runs.push(r);
        scripts.add(r);
        changed.add(host);
        changed.add(row);
      } else keep.push(r);
    }
    row.runs = keep;
  }
  placeInitials(rows, changed);
  placeHangingLabels(rows, changed);
  placeFractions(rows, changed);
  placeOperators(rows, changed);
  placeLimits(rows, changed);
  const result = rows.filter((r) => r.runs.length > 0).map((r) => (changed.has(r) ? rowOf(r.runs) : r));
  result.sort((a, b) => a.baseline - b.baseline || a.x0 - b.x0);
  result.forEach((r, i) => (r.index = i));
  return result;
}

/** A fraction's numerator and denominator sit at most this many of the formula's sizes above and below its baseline... */
const FRACTION_OFFSET = 0.85;
/** ...at least this far (closer, they are scripts: pass 2 took them)... */
const FRACTION_MIN_OFFSET = 0.3;
/** ...each a few characters (a formula's pieces, not a line of text)... */
const FRACTION_MAX_CHARS = 16;
/**
 * ...and, among more than this many of them, none of two running words ("Italic shape"): a fraction of words
 * ("mass moved" over "time taken") is a run or two each, but a cheat sheet's middle-column lines level with a
 * sign in its third column are many runs, one of them closing in words.
 */
const WORDY_PIECES = 4;
const RUNNING_WORDS = /\p{L}{4,}\P{L}+\p{L}{4,}/u;
/** A formula's row holds a relation sign or an equation number. */
const FORMULA = /[=<>≤≥≈≡∝→⇒]|^\s*\(\p{Nd}{1,3}[a-z]?\)\s*$/u;
/** ...within the formula's row, widened by this many of its sizes... */
const FRACTION_REACH = 1;
/** ...each of them all of its row's ink there: no run of the row left out within this many sizes of it. */
const FRACTION_RUN_ON = 0.3;
/** A fraction starts at most this many sizes after the run before it... */
const FRACTION_APART = 2;
/** ...or anywhere after one that ends in a relation or an operator. */
const OPERATOR_END = /[=+\-−×·⋅∗→←↔⇒<>≤≥≈≡∝∈(]\s*$/u;

/**
 * Display fractions: a formula's numerators and denominators are set on their own baselines, above and below the
 * formula's, so baselines alone read "q3 / CB = = 3.54 µeV/T (1) / 3ε0mc" as three lines. Short pieces a fraction's
 * offset above and below a row, standing in the gaps between its runs and over one another, are the row's numerators
 * and denominators: they are moved into it, where the line reads them in place, top before bottom (lines.ts
 * orderRuns). Rows are in baseline order.
 */
function placeFractions(rows: Row[], changed: Set<Row>): void {
  for (let i = 1; i + 1 < rows.length; i++) {
    const row = rows[i];
    // A display formula states a relation or carries its number; a line of text beside another column's lines does not.
    // (Asked of the whole row: a stretch beside another column's formula is looked at too, an exam's option "C. 2/5"
    // whose row the other column's "f(x) = …" shares; a one-column line of options with no relation is not.)
    if (row.runs.length < 2 || !row.runs.some((x) => FORMULA.test(x.text))) continue;
    const size = row.size;
    // The row's stretches of text, each on its own: a row may hold two columns' lines, and a fraction's pieces stand
    // in the stretch of their formula, not across the gutter beside another column's line. The rows over and under
    // it bridge a stretch's gaps (a fraction's own width between "则" and "=").
    const near: Run[] = [];
    for (const step of [-1, 1])
      for (let k = i + step; k >= 0 && k < rows.length && Math.abs(rows[k].baseline - row.baseline) <= FRACTION_BRIDGE * size; k += step)
        near.push(...rows[k].runs);
    const own = new Set(row.runs);
    for (const stretch of stretchesOf([...row.runs, ...near], FRACTION_STRETCH_GAP * size)) {
      const main = stretch.filter((x) => own.has(x));
      if (main.length) placeFraction(rows, i, main, Math.max(...stretch.map((x) => x.x1)), changed);
    }
  }
}

/** Runs of the rows this many sizes over and under a formula's bridge the gaps of its stretches... */
const FRACTION_BRIDGE = FRACTION_OFFSET + 0.5;
/** ...and a gap left wider than this many of its sizes parts two stretches (another column's line). */
const FRACTION_STRETCH_GAP = 3;

/** Runs sorted across, parted where the gap between one and the next is wider than `gap`. */
function stretchesOf(runs: Run[], gap: number): Run[][] {
  const sorted = [...runs].sort((a, b) => a.x0 - b.x0);
  const out: Run[][] = [];
  let reach = -Infinity;
  for (const r of sorted) {
    if (!out.length || r.x0 - reach > gap) out.push([r]);
    else out[out.length - 1].push(r);
    reach = Math.max(reach, r.x1);
  }
  return out;
}

/**
 * The fraction pieces over and under row i's runs `main`, moved into the row when they are (placeFractions). A piece
 * starts within the runs' reach, not before them (another column's lines left of a formula), and ends within the
 * reach of `end`, the end of the stretch the runs and the rows over and under them make (a fraction after an option's
 * label ends right of it).
 */
function placeFraction(rows: Row[], i: number, main: Run[], end: number, changed: Set<Row>): void {
  const row = rows[i];
  // Offsets are measured in the row's size, as before: in the stretch's own, a textbook's inline "x + 1/2" lost its
  // fraction.
  const size = row.size;
  // The stretch's own baseline, that of its runs in the size of most of its characters (not their scripts', nor a big
  // operator's set low): the row's may be another column's line a few points off.
  const common = dominantSize(main);
  const base = median(main.filter((m) => Math.abs(m.size - common) <= (1 - SCRIPT_SIZE_RATIO) * common).map((m) => m.baseline));
  const reach = FRACTION_REACH * size;
  const [x0, x1] = [Math.min(...main.map((m) => m.x0)), Math.max(...main.map((m) => m.x1))];
  const within = (x: Run) => x.x0 >= x0 - reach && x.x1 <= Math.max(x1, end) + reach;
  // A formula's pieces stand in the gaps between its own runs, never across them.
  const inGap = (x: Run) => within(x) && !row.runs.some((m) => Math.min(m.x1, x.x1) - Math.max(m.x0, x.x0) > 0.5);
  // Set on beside one another (a run drawn across another is no rest of its line: the next line's tall parentheses,
  // their glyphs hanging low over a denominator).
  const touches = (x: Run, y: Run) => {
    const gap = Math.max(y.x0 - x.x1, x.x0 - y.x1);
    return gap >= -0.5 && gap <= FRACTION_RUN_ON * size;
  };
  // The rows a numerator's or a denominator's offset away (another column's rows may lie between them).
  const pick = (from: number, step: number) => {
    const out: { row: Row; runs: Run[] }[] = [];
    for (let k = from; k >= 0 && k < rows.length; k += step) {
      // Rows are looked at a little beyond the offset: a row's baseline may be another column's, its pieces' not.
      if (Math.abs(rows[k].baseline - base) / size > FRACTION_OFFSET + 0.5) break;
      const rowOff = Math.abs(rows[k].baseline - base) / size;
      let runs = rows[k].runs.filter((x) => {
        // A piece's own baseline, or its row's for a script riding on a numerator.
        const own = Math.abs(x.baseline - base) / size;
        const off = own >= FRACTION_MIN_OFFSET && own <= FRACTION_OFFSET ? own : rowOff;
        return off >= FRACTION_MIN_OFFSET && off <= FRACTION_OFFSET && x.size <= 1.05 * size && within(x);
      });
      // A piece is all of its ink: one cut from a longer line, the rest of it set on beside it (a case of a cases
      // formula, its sign taken and its term left; the closing parenthesis of another fraction's numerator), is none.
      for (let cut = true; cut && runs.length; ) {
        const rest = rows[k].runs.filter((y) => !runs.includes(y));
        const kept = runs.filter((x) => !rest.some((y) => touches(x, y)));
        cut = kept.length < runs.length;
        runs = kept;
      }
      if (!runs.length) continue;
      // Pieces far apart in one row have a run of the formula between them ("m" and "3 ln(m)" over "GeV" and "15",
      // a "+" between): a wide gap with none is a quad between the parts of one line (a cases formula's value and its
      // condition, "x² si x ≥ 0").
      const across = [...runs].sort((a, b) => a.x0 - b.x0);
      let a = across[0].x1;
      for (let n = 1; n < across.length; n++) {
        const b = across[n].x0;
        if (b - a > reach && !main.some((m) => m.x0 >= a - 0.5 && m.x1 <= b + 0.5)) return null;
        a = Math.max(a, across[n].x1);
      }
      out.push({ row: rows[k], runs });
    }
    return out;
  };
  const up = pick(i - 1, -1);
  const down = pick(i + 1, 1);
  if (!up || !down) return;
  const upRuns = up.flatMap((u) => u.runs);
  const downRuns = down.flatMap((d) => d.runs);
  if (!upRuns.length || !downRuns.length) return;
  const pieces = [...upRuns, ...downRuns];
  // The fraction starts near the run before it (a product's factors a thick space apart), or after a relation or an
  // operator ("Y = m/GeV", further on): one further on past a gap after anything else is no part of their formula (a
  // plot's axis labels beside a line that closes in words and a parenthesis).
  const start = Math.min(...pieces.map((x) => x.x0));
  const before = main.filter((m) => m.x1 <= start + 0.5).sort((a, b) => b.x1 - a.x1)[0];
  if (before && start - before.x1 > FRACTION_APART * size && !OPERATOR_END.test(before.text)) return;
  if (!pieces.every((x) => codePoints(x.text.trim()) <= FRACTION_MAX_CHARS && inGap(x))) return;
  if (pieces.length > WORDY_PIECES && pieces.some((x) => RUNNING_WORDS.test(x.text))) return;
  // Numerators over denominators: each stands over one of the others.
  const over = (a: Run[], b: Run[]) => a.every((x) => b.some((y) => Math.min(x.x1, y.x1) - Math.max(x.x0, y.x0) > 0));
  if (!over(upRuns, downRuns) && !over(downRuns, upRuns)) return;
  row.runs.push(...upRuns, ...downRuns);
  for (const part of [...up, ...down]) {
    part.row.runs = part.row.runs.filter((x) => !part.runs.includes(x));
    changed.add(part.row);
  }
  changed.add(row);
}

/** A big operator that takes limits over and under it in a display (∑, ∏, ∫, lim, max …). */
const BIG_OPERATOR = /^([∑∏∐⋃⋂⋀⋁⨀⨁⨂⨄⨆∫∬∭∮]|lim|max|min|sup|inf)$/u;
/** Its limits sit at most this many of the formula's sizes above and below the formula's baseline... */
const LIMIT_OFFSET = 1.6;
/** ...their middle within this many of the formula's sizes of the operator's middle... */
const LIMIT_CENTRE = 0.6;
/** ...their runs apart by less than this many sizes (one piece: "N", "−", "1"). */
const LIMIT_GAP = 0.3;

/** A big operator drawn off its formula's baseline stands at most this many of the row's sizes above it (TeX hangs the
 * glyph from its origin: the operator's row is never under its line's)... */
const OPERATOR_OFFSET = 1;
/** ...and the runs beside it in that row at most this many sizes away across... */
const OPERATOR_GAP = 1;
/** ...while nothing of its own row stands within this many sizes of it (another column's line may share its row), */
const OPERATOR_ALONE = 2;
/** ...nor a short piece in a script's type over or under it within this many sizes of its baseline (a display's limits). */
const LIMIT_REACH = 1.5;
/** A limit's run holds at most this many characters ("i=1", "N−1"; a small-capital heading over it is none). */
const LIMIT_MAX_CHARS = 5;
/** The big operators an extension font draws (BIG_OPERATOR's glyphs, not its words "lim", "max", set in text type). */
const OPERATOR_GLYPH = /^[∑∏∐⋃⋂⋀⋁⨀⨁⨂⨄⨆∫∬∭∮]$/u;

/**
 * Big operators that TeX's extension font draws from the top of the glyph: a sum set inline ("F₂ = ∑ᵢ pᵢ²") stands
 * on a baseline of its own, most of a size over its line's, and the line read "∑ The collision probability F2 = i
 * p2 i". An operator with nothing of its own row near it, at its line's size, its box reaching into the line's
 * type, which the line's runs flank within a size on both sides (or on its right where it opens the line), with no
 * limits stacked over or under it, is moved into that line's row.
 */
function placeOperators(rows: Row[], changed: Set<Row>): void {
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    // (Its row may hold the other column's line.)
    const alone = (op: Run) => row.runs.every((q) => q === op || Math.max(q.x0 - op.x1, op.x0 - q.x1) > OPERATOR_ALONE * row.size);
    for (const op of row.runs.filter((q) => OPERATOR_GLYPH.test(q.text.trim()) && alone(q))) {
      const host = operatorHost(rows, i, op);
      if (!host) continue;
      host.runs.push(op);
      row.runs = row.runs.filter((q) => q !== op);
      changed.add(host);
      changed.add(row);
    }
  }
}

/** The row a big operator drawn off its baseline belongs to (placeOperators), or null. */
function operatorHost(rows: Row[], i: number, op: Run): Row | null {
  let host: Row | null = null;
  for (let k = Math.max(0, i - 2); k <= Math.min(rows.length - 1, i + 2) && !host; k++) {
    const other = rows[k];
    if (
      k === i ||
      other.baseline <= op.baseline ||
      other.baseline - op.baseline > OPERATOR_OFFSET * other.size ||
      op.size < SCRIPT_SIZE_RATIO * other.size
    )
      continue;
    if (!(op.y0 < other.baseline && op.y1 > other.baseline - other.size)) continue;
    const left = other.runs.filter((q) => q.x1 <= op.x0 + 0.1 * other.size);
    const right = other.runs.filter((q) => q.x0 >= op.x1 - 0.1 * other.size);
    const near = (gap: number) => gap >= -0.1 * other.size && gap <= OPERATOR_GAP * other.size;
    const after = right.some((q) => near(q.x0 - op.x1));
    const before = left.some((q) => near(op.x0 - q.x1));
    if (after && (before || !left.some((q) => op.x0 - q.x1 <= OPERATOR_ALONE * other.size))) host = other;
  }
  if (!host) return null;
  // A display's operator has its limits stacked over and under it (placeLimits reads those): set inline, none.
  const size = host.size;
  for (let k = Math.max(0, i - 3); k <= Math.min(rows.length - 1, i + 3); k++) {
    if (rows[k] === host) continue;
    const limit = (q: Run) =>
      q !== op &&
      q.size < SCRIPT_SIZE_RATIO * size &&
      codePoints(q.text.trim()) <= LIMIT_MAX_CHARS &&
      q.x0 < op.x1 &&
      q.x1 > op.x0 &&
      Math.abs(q.baseline - op.baseline) <= LIMIT_REACH * size;
    if (rows[k].runs.some(limit)) return null;
  }
  return host;
}

/**
 * Limits of a display's big operators: "N−1" over a sum and "n=0" under it stand on baselines of their own, a full
 * size or more off the formula's, so the line read "X(ejΩ) = ∑ x(n)e−jΩn (1)" between two lines "N−1" and "n=0".
 * A short piece centred over or under a big operator of a row that states a relation or carries its number, set no
 * larger than the formula, touching no other run of the row across, is the operator's limit: it is moved into the
 * row, where the line reads the stack top to bottom (lines.ts stackedOrder): upper limit, operator, lower limit.
 */
function placeLimits(rows: Row[], changed: Set<Row>): void {
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    const ops = row.runs.filter((x) => BIG_OPERATOR.test(x.text.trim()));
    if (!ops.length || !row.runs.some((x) => FORMULA.test(x.text))) continue;
    const size = row.size;
    const others = row.runs.filter((x) => !ops.includes(x));
    for (const op of ops) {
      const mid = (op.x0 + op.x1) / 2;
      for (const step of [-1, 1]) {
        for (let k = i + step; k >= 0 && k < rows.length; k += step) {
          const off = Math.abs(rows[k].baseline - row.baseline) / size;
          if (off > LIMIT_OFFSET) break;
          // The piece of row k over the operator: its runs next to one another, starting from the one over its middle.
          const sorted = [...rows[k].runs].sort((a, b) => a.x0 - b.x0);
          const seed = sorted.findIndex((x) => x.x0 <= mid + LIMIT_CENTRE * size && x.x1 >= mid - LIMIT_CENTRE * size);
          if (seed < 0) continue;
          let [a, b] = [seed, seed];
          while (a > 0 && sorted[a].x0 - sorted[a - 1].x1 < LIMIT_GAP * size) a--;
          while (b + 1 < sorted.length && sorted[b + 1].x0 - sorted[b].x1 < LIMIT_GAP * size) b++;
          const piece = sorted.slice(a, b + 1);
          const [x0, x1] = [piece[0].x0, Math.max(...piece.map((x) => x.x1))];
          const text = piece.map((x) => x.text).join('');
          const fits =
            Math.abs((x0 + x1) / 2 - mid) <= LIMIT_CENTRE * size &&
            codePoints(text.trim()) <= FRACTION_MAX_CHARS &&
            piece.every((x) => x.size <= 1.05 * size) &&
            !others.some((o) => Math.min(o.x1, x1) - Math.max(o.x0, x0) > 0.5);
          if (!fits) continue;
          row.runs.push(...piece);
          rows[k].runs = rows[k].runs.filter((x) => !piece.includes(x));
          changed.add(rows[k]);
          changed.add(row);
          break;
        }
      }
    }
  }
}

/** A glued script starts within this many of its host's sizes of the host run's end. */
const GLUED_GAP = 0.05;

/** A drop cap (or a drop numeral) is one or two characters set at least this many times the size of the text beside it... */
export const INITIAL_SIZE = 1.8;
/** ...beside at least this many lines, which start within this many of their ems right of it. */
const INITIAL_LINES = 2;
const INITIAL_REACH = 2;
/** Nothing stands within this many of the text's sizes left of an initial: it opens its lines (a column's gutter, an
 * em or more, may come closer than the gap after it). */
const INITIAL_LEFT_REACH = 1;

/**
 * Drop caps: a large initial letter sunk beside the first lines of a paragraph sits on the baseline of the last of
 * them, so baselines alone put "T" at the start of the third line ("T repairs along…" after "he harbour works…").
 * An initial beside two or more lines of much smaller text, with nothing just left of it, is moved to the first of
 * those lines (marked `initial`, so it joins the word it begins without a space). Rows are in baseline order.
 */
function placeInitials(rows: Row[], changed: Set<Row>): void {
  // Only runs far above the rows' usual size are looked at (short words of body text are many).
  const sizes = rows.map((r) => r.size).sort((a, b) => a - b);
  const usual = sizes[(sizes.length - 1) >> 1] ?? 0;
  const moves: { run: Run; from: Row; to: Row }[] = [];
  for (let i = 0; i < rows.length; i++) {
    for (const r of rows[i].runs) {
      if (r.size < INITIAL_SIZE * usual) continue;
      const chars = codePoints(r.text.trim());
      if (chars === 0 || chars > 2 || !/[\p{L}\p{Nd}]/u.test(r.text)) continue;
      const beside: Row[] = [];
      for (let k = Math.max(0, i - 8); k <= i; k++) {
        const row = rows[k];
        if (row.baseline < r.y0 || row.baseline > r.baseline + 0.1 * r.size) continue;
        const others = row.runs.filter((q) => q !== r);
        if (others.length === 0) continue;
        const size = Math.max(...others.map((q) => q.size));
        if (r.size < INITIAL_SIZE * size) continue;
        const right = others.filter((q) => q.x0 >= r.x1 - 0.1 * size);
        const nearest = Math.min(...right.map((q) => q.x0));
        const leftClose = others.some((q) => q.x1 > r.x0 - INITIAL_LEFT_REACH * size && q.x0 < r.x0);
        if (right.length && nearest - r.x1 <= INITIAL_REACH * size && !leftClose) beside.push(row);
      }
      if (beside.length < INITIAL_LINES) continue;
      moves.push({ run: r, from: rows[i], to: beside[0] });
    }
  }
  for (const { run, from, to } of moves) {
    run.initial = true;
    changed.add(from);
    if (from === to) continue;
    from.runs = from.runs.filter((q) => q !== run);
    to.runs.push(run);
    changed.add(to);
  }
}

/** A hanging label is one or two words, at most this many characters... */
const LABEL_MAX_CHARS = 16;
const LABEL_MAX_WORDS = 2;
/** ...with the block's lines starting right of it within this many of its sizes... */
const LABEL_REACH = 4;
/** ...whose two lines around it are at most this many of its sizes apart (consecutive lines of one block). */
const LABEL_BLOCK_ADVANCE = 1.8;

/** A step number: one or two digits and a full stop or parenthesis... */
const STEP_NUMBER = /^\p{Nd}{1,2}[.)]$/u;
/** ...set this many times the size of the lines beside it at least. */
const STEP_NUMBER_SIZE = 1.3;

/**
 * Hanging labels: an admonition's "CAUTION" or "NOTE" set left of its text and centred on its lines sits between two
 * of them, so baselines alone read it inside the paragraph ("… databases / CAUTION / on the Adoc side"). A row of one
 * short label squeezed between two consecutive lines that both start just right of it is moved to the first line of
 * that block, where it is read first. Rows are in baseline order.
 */
function placeHangingLabels(rows: Row[], changed: Set<Row>): void {
  for (let i = 1; i + 1 < rows.length; i++) {
    const row = rows[i];
    // The label: the whole row, or a step number standing apart in a row that holds another column's text too.
    let runs = row.runs;
    if (runs.length > 1) {
      const apart = runs.filter(
        (r, k) =>
          STEP_NUMBER.test(r.text.trim()) &&
          (k === 0 || runs[k - 1].x1 <= r.x0 - 0.5 * r.size) &&
          (k === runs.length - 1 || runs[k + 1].x0 >= r.x1 + 0.5 * r.size),
      );
      if (apart.length === 1) runs = apart;
    }
    // Most rows are lines of text, longer than a label: counted before anything is built for them.
    if (runs.length === 0 || runs.reduce((n, r) => n + codePoints(r.text), 0) > LABEL_MAX_CHARS) continue;
    const text = runs
      .map((r) => r.text)
      .join(' ')
      .trim();
    if (codePoints(text) > LABEL_MAX_CHARS || text.split(/\s+/).length > LABEL_MAX_WORDS) continue;
    // A whole row is measured as a row (its main size and baseline); a step number picked out of one, as itself.
    const whole = runs === row.runs;
    const labelSize = whole ? row.size : runs[0].size;
    const labelBaseline = whole ? row.baseline : runs[0].baseline;
    const x0 = Math.min(...runs.map((r) => r.x0));
    const x1 = Math.max(...runs.map((r) => r.x1));
    // A label is set solid: words spread across a column (a contents entry, "Documentation" and its page number at
    // the column's far edge) are that column's line, not a label of the text beside it.
    if (x1 - x0 > codePoints(text) * labelSize) continue;
    // A step number's rows are looked at in its own column: runs ending further left than its size before it are
    // another column's. (A label of words is looked at as before, with the whole rows beside it.)
    const stepLike = STEP_NUMBER.test(text);
    const own = (r: Row) => (stepLike ? r.runs.filter((q) => q.x1 > x0 - labelSize) : r.runs);
    // For a step number, the rows around it that hold text in its column (another column's rows come between); for a
    // label of words, the rows right above and below it (one emptied by an earlier move, a script's, stops it).
    let p = i - 1;
    let n = i + 1;
    if (stepLike) {
      while (p > 0 && own(rows[p]).length === 0) p--;
      while (n + 1 < rows.length && own(rows[n]).length === 0) n++;
    }
    const [prev, next] = [rows[p], rows[n]];
    if (own(prev).length === 0 || own(next).length === 0) continue;
    // A step's number set large beside the step's first two lines (a recipe's "3."), centred on them: measured
    // against the text beside it, and it may stand closer to it.
    const numeral = stepLike && labelSize >= STEP_NUMBER_SIZE * prev.size;
    // A run picked out of a longer row is a label only as a step number.
    if (!whole && !numeral) continue;
    if (!numeral && !/\p{L}/u.test(text)) continue;
    const size = numeral ? prev.size : labelSize;
    const beside = (r: Row) => {
      const mine = own(r);
      return (
        mine.length > 0 &&
        Math.abs(r.size - size) <= 0.2 * size &&
        mine.every((q) => q.x0 >= x1 + (numeral ? 0.25 : 0.5) * size) &&
        Math.min(...mine.map((q) => q.x0)) - x1 <= LABEL_REACH * size
      );
    };
    if (!beside(prev) || !beside(next) || !(prev.baseline < labelBaseline && labelBaseline < next.baseline)) continue;
    const advance = next.baseline - prev.baseline;
    if (advance > LABEL_BLOCK_ADVANCE * size) continue;
    // Up to the block's first line: lines beside the label, one advance apart, starting at the same edge.
    const edge = (r: Row) => Math.min(...own(r).map((q) => q.x0));
    let k = p;
    while (
      k > 0 &&
      beside(rows[k - 1]) &&
      rows[k].baseline - rows[k - 1].baseline <= 1.25 * advance &&
      Math.abs(edge(rows[k - 1]) - edge(prev)) <= 0.5 * size
    ) {
      k--;
    }
    // A step number opens its first line as a drop cap does, and does not set the line's size or baseline.
    if (numeral) for (const r of runs) r.initial = true;
    rows[k].runs.push(...runs);
    row.runs = row.runs.filter((r) => !runs.includes(r));
    changed.add(rows[k]);
    changed.add(row);
  }
}

/**
 * The runs' drop-cap marks as they stand, and what sets them back: the layout marks drop caps on the runs (`initial`,
 * placeInitials above), so a second layout of the same runs starts from the marks as they came.
 */
export function dropCapMarks(runs: Run[]): () => void {
  const marks = runs.map((r) => r.initial);
  return () =>
    runs.forEach((r, i) => {
      r.initial = marks[i];
    });
}

/** A note marker: one to three digits, or a dagger or an asterisk. */
const NOTE_MARK = /^\s*(\p{Nd}{1,3}|[*†‡§]{1,3})\s*$/u;
/** A note marker opening its line stands within this many of the line's sizes of its first word. */
const OPENING_MARK_REACH = 1;

/** A script longer than SCRIPT_MAX_CHARS starts within this many of its sizes of its base's end, and is set at this
 * share of the base's size at least (a drop cap is no base of the line beside it). */
const SOLID = 0.05;
const LONG_SCRIPT_RATIO = 0.5;

/** How far a single raised or lowered letter may overlap the run it belongs to, in the run's sizes. */
const KERNED_LETTER = 0.4;

function findScriptHost(r: Run, rows: Row[], self: number, scripts: Set<Run>, glued?: number): Row | null {
  // A longer script ("que, restrict" under the x of "x_{que, restrict, i}") is one only set solid against its base.
  const long = !shortScript(r.text);
  const textSized = r.size >= SCRIPT_SIZE_RATIO * rows[self].size;
  // Whether r could open a line as a note's number (tested once, not for every run it might belong to).
  const noteMark = NOTE_MARK.test(r.text);
  let best: Row | null = null;
  let bestDist = Infinity;
  for (let k = Math.max(0, self - 3); k <= Math.min(rows.length - 1, self + 3); k++) {
    if (k === self) continue;
    const other = rows[k];
    if (other.size * SCRIPT_SIZE_RATIO < r.size) continue;
    if (Math.abs(other.baseline - r.baseline) > 0.75 * other.size) continue;
    for (const q of other.runs) {
      if (q.size * SCRIPT_SIZE_RATIO < r.size && !scripts.has(q)) continue;
      // A drop cap (or a drop numeral) is no host: the rest of its word beside it ("T" + "his", set in the size of its
      // own line's text), or the words beside a question's large number, are its line's text, not a script.
      if (textSized && q.size >= INITIAL_SIZE * r.size && codePoints(q.text.trim()) <= 2 && /[\p{L}\p{Nd}]/u.test(q.text)) continue;
      const overlapsVertically = r.y0 < q.y1 && r.y1 > q.y0;
      const gap = Math.max(q.x0 - r.x1, r.x0 - q.x1);
      if (glued !== undefined && !(q.size * SCRIPT_SIZE_RATIO >= r.size && Math.abs(r.x0 - q.x1) <= glued * q.size)) continue;
      if (long && !(q.size * SCRIPT_SIZE_RATIO >= r.size && r.size >= LONG_SCRIPT_RATIO * q.size && Math.abs(r.x0 - q.x1) <= SOLID * r.size))
        continue;
      // A single raised letter may be kerned well into its neighbours (the small A of the LaTeX logo, "L" "A" "TEX").
      const reach = codePoints(r.text) === 1 ? KERNED_LETTER : 0.1;
      // A raised note number opening a line (a footnote's "¹  Pursuant to …", the marker set apart by a typewriter
      // face's wide space) stands a little further from the first word of its line.
      const opens = noteMark && r.baseline < q.baseline && r.x1 <= q.x0 && q === other.runs.reduce((a, b) => (b.x0 < a.x0 ? b : a));
      const limit = (opens ? OPENING_MARK_REACH : SCRIPT_REACH) * q.size;
      if (overlapsVertically && gap >= -reach * q.size && gap <= limit && gap < bestDist) {
        best = other;
        bestDist = gap;
      }
    }
  }
  return best;
}

/** A line of display type is drawn in at most this many runs. */
const DISPLAY_RUNS = 4;

/** A bar set between items on a line. */
const ITEM_BAR = /^\s*[|│｜]\s*$/u;
/** It holds the items on both sides together across gaps up to this many of its sizes. */
const BAR_REACH = 3;

/**
 * Ink intervals of a row: its runs' horizontal extents, merged where the gap between them is below `bridge`.
 * With `bridge` at the narrowest gutter, word gaps disappear and what remains are the row's separate pieces.
 * `apart` keeps a gap open however narrow (one that spans a narrow gutter, layout/narrow.ts). Given `bodySize`,
 * the bridge grows with a line of display type (a few runs, all larger than the body).
 */
export function inkIntervals(runs: Run[], bridge: number, apart?: (from: number, to: number) => boolean, bodySize?: number): [number, number][] {
  // Given the body's size, a line of display type, set wholly larger than the body in a few runs, bridges wider
  // gaps: a word space in a slide's 27 pt title is wider than a gutter between columns of body text, and no gutter.
  // (A row mixing sizes, or a row of many pieces, a table's large glyph samples, keeps the body's bridge.)
  let size = Infinity;
  if (bodySize && runs.length <= DISPLAY_RUNS) for (const r of runs) size = Math.min(size, r.size);
  const reach = bodySize && size < Infinity ? bridge * Math.max(1, size / bodySize) : bridge;
  const out: [number, number][] = [];
  // A bar between items ("Hill-Harding 1 | Klein 1 |", an author line) holds the line together across the gaps on both
  // sides of it, a few of its sizes wide: the items are one line, not pieces of two columns.
  let glued = false;
  for (const r of runs) {
    const last = out[out.length - 1];
    const bar = ITEM_BAR.test(r.text);
    const near = last && r.x0 - last[1] <= BAR_REACH * r.size;
    if (last && ((r.x0 - last[1] < reach && !apart?.(last[1], r.x0)) || (near && (bar || glued)))) last[1] = Math.max(last[1], r.x1);
    else out.push([r.x0, r.x1]);
    glued = bar;
  }
  return out;
}
