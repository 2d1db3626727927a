/**
 * Display formulas read in the order they were set. A displayed fraction puts its numerator and denominator on
 * baselines of their own, above and below the formula's, with big brackets, primes and script pieces on more: read
 * by baselines, "a_ml = n² j(nx)[x j(x)]′ − … / n² j(nx)[x h(x)]′ − …" becomes a row of brackets, half a numerator
 * with a denominator's exponent in it, and the rest. Taken apart by geometry, no reading of the pieces is right.
 *
 * The file's own drawing order is: a typesetter draws a formula as it reads it (the left side, the relation sign, the
 * numerator left to right, then the denominator), one glyph run after the other. So where a column's consecutive
 * lines hold nothing but formula pieces (no running words, no code; a fraction's numerator and denominator may be
 * lines of words, centred over one another either side of the formula's row), at least one of them a relation (or a sign
 * only mathematics sets, where the relation is a glyph the file leaves unmapped), and the runs of those lines were
 * drawn one after the other with nothing between (the stream gives them as one unbroken stretch) and mostly left to
 * right (a step back leftwards only where a line or a fraction's part begins), the lines are read as one line in
 * that drawing order. A file drawn in any other order (a redraw row by row across the page, glyphs in random order)
 * fails the stretch or the left-to-right test and keeps the geometric reading.
 */
import type { Line, Run, Segment } from '../types.js';
import { makeLine, median, runsOfLine } from './lines.js';
import { textOf } from './segment.js';

/**
 * A relation, set at the formula's own size (not in a sum's limit "n=0"): what makes a display a formula rather than
 * a row of numbers or a line of words over a sum's limits.
 */
export const RELATION = /[=<>≤≥≈≃≅≡≠∝→⇒⇔∈∉⊂⊆]/u;
/** A run at least this share of the formula's size (its lines' largest size in a formula's lines; its runs' median
 * size in a grid of rows, where big delimiters and scripts are runs of their own) is set at the formula's own size. */
const MAIN_SIZE = 0.85;
/**
 * Running words: four letters or more in a row (function names, "sin", "exp", "lim", are shorter). A formula line
 * holds one at most (a "where" between two parts): two make it a line of words.
 */
export const TWO_WORDS = /\p{L}{4,}\P{L}.*\p{L}{4,}/su;
/** An equation's number beside its display: "(12)", "(3b)", "(2.4)", "(2.6′)", "(4*)". */
export const EQUATION_NUMBER = /^\(\d+(?:\.\d+)*[a-z]?[′″*]?\)$/;
/** The next line of a formula stands at most this many of its sizes below the one before. */
const MAX_ADVANCE_EM = 2.2;
/**
 * A formula set on one baseline with scripts reads right by position; one of several lines (a fraction's) may not,
 * nor one line that holds a fraction (its numerator and denominator moved into the formula's row, rows.ts): pieces
 * over one another a whole line's size apart, farther than a superscript stands over a subscript.
 */
const MIN_LINES = 2;
const FRACTION_APART = 1;

/** Runs of other text inside the formula's stretch of the stream: at most this share of its runs (at least one). */
const STREAM_SLACK = 0.05;
/** A step back leftwards of more than this many sizes starts a new line or a fraction's next part... */
const STEP_BACK_EM = 0.5;
/** A long formula moved into one line (rows.ts) has a step back for each fraction's denominator and each stacked
 * limit: up to this share of its runs (glyphs drawn in any other order step back every other run)... */
const STEP_SHARE = 0.2;
/** ...or as many as the formula has lines, plus this many; the first run drawn stands at the formula's left, within
 * this many sizes of its leftmost run (a formula is drawn from its left-hand side). */
const EXTRA_STEPS = 1;
const FIRST_LEFT_EM = 1;
/** Relations of rows aligned one under another stand within this many sizes across; a relation's run holds the sign
 * and at most a space or a bracket beside it (") ="). */
const ALIGNED_EM = 0.5;
const RELATION_RUN_CHARS = 3;
/** Runs this many of their sizes off the first run's baseline stand under or over it (a limit), not beside it. */
const STACK_APART = 0.5;

/** A formula's piece: a symbol, a digit, a script or a variable (a run of a letter or two), not only words. */
const PIECE = /[^\p{L}\s.,;:!?'"’”-]/u;
const PIECE_MAX_CHARS = 2;

/**
 * What only mathematics sets: big operators, infinity, roots, norms, "such that" bars, primes, Greek letters, and the
 * unmapped glyphs of TeX's extension font (a big integral or bracket that the text layer gives as a control,
 * private-use or replacement character).
 */
const MATH_MARK = /[∫∬∮∑∏√∞∂∇∥∣⟨⟩′″‴α-ωΓΔΘΛΞΠΣΦΨΩ\u{1}-\u{1F}\u{E000}-\u{F8FF}\u{FFFD}]/u;
/**
 * The letters of Unicode's mathematical alphabets (𝑥, 𝐀: a unicode-math or Word equation's variables): only
 * mathematics sets them too, but a figure's labels are set in them as well, so they mark a display formula with a
 * relation in it, not stand for its relation.
 */
const MATH_LETTER = /[\u{1D400}-\u{1D7FF}]/u;
/** A big operator alone in its run (its limits are read by position, rows.ts). */
const BIG_OPERATOR = /^[∫∬∮∑∏]$/u;

/**
 * A display formula set over several rows (a multi-line derivation: integrals with their limits, fractions, big
 * brackets) leaves gaps between its pieces that line up from row to row, as a table's columns do. It is no table
 * when no row holds running words (a "where" between its parts at most), one of its runs at the formula's size is a relation,
 * and something in it is only mathematics. A table of numbers has no relation; a table with words in its cells has
 * rows of words. The relation and the mark may stand on rows of their own among `around` (block matrices set either
 * side of an "=" on the baseline between their rows), as long as those rows hold no running words either.
 */
export function displayFormula(rows: Run[][], around: Run[][] = []): boolean {
  if (!rows.length) return false;
  const size = median([...rows, ...around].flat().map((r) => r.size));
  const formulaRow = (runs: Run[]) => !runs.some((r) => r.mono) && !TWO_WORDS.test(runs.map((r) => r.text).join(' '));
  const related = (runs: Run[]) => runs.some((r) => r.size >= MAIN_SIZE * size && RELATION.test(r.text));
  const marked = (runs: Run[]) => runs.some((r) => MATH_MARK.test(r.text) || MATH_LETTER.test(r.text));
  if (!rows.every(formulaRow)) return false;
  const inFormula = [...rows, ...around.filter(formulaRow)];
  return inFormula.some(related) && inFormula.some(marked);
}

/** A line holding a fraction: two of its runs over one another, a line's size apart or more. */
function fraction(line: Line): boolean {
  const runs = runsOfLine(line);
  return runs.some((a) => runs.some((b) => b.baseline - a.baseline >= FRACTION_APART * line.size && a.x0 < b.x1 && b.x0 < a.x1));
}

/**
 * The line's text with its runs set apart where the type changes size: a formula's letters come in several sizes next
 * to one another ("vᵀΣr", a variable, a script, a Greek capital, a subscript) and read as one word when joined;
 * running words are set in one size, a glyph a run or a word a run, the runs of one word abutting (within this many of
 * their sizes), whatever their fonts (a ligature drawn from a fallback font: "ﬁ" "nal").
 */
const JOINED_EM = 0.1;
function wordsText(line: Line): string {
  const runs = runsOfLine(line);
  let text = '';
  for (let i = 0; i < runs.length; i++) {
    const [a, b] = [runs[i - 1], runs[i]];
    const apart = a && (b.size !== a.size || a.spaceAfter || b.spaceBefore || b.x0 - a.x1 > JOINED_EM * b.size);
    text += (apart ? ' ' : '') + b.text;
  }
  return text;
}

function formulaLine(line: Line): boolean {
  if (line.mono || line.cells) return false;
  if (TWO_WORDS.test(wordsText(line))) return false;
  return runsOfLine(line).some((r) => PIECE.test(r.text) || [...r.text.trim()].length <= PIECE_MAX_CHARS);
}

/**
 * A line in smaller type than the formula's lines so far, once they hold its relation (a limit's, a script's, an
 * exponent's line), is narrower than they are, or stands within them, reaching past either side by at most this many
 * of their sizes: a note in small type under a formula, reaching out to the column's edge, is no part of it. (A limit
 * under "min" may reach further left.)
 */
const SMALL_REACH_EM = 2;
/** What `nested` asks of the formula's lines so far, kept as they are taken in (one pass over a long group). */
interface Extent {
  size: number;
  left: number;
  right: number;
  /** The largest size of a relation among them (0 without one). */
  relation: number;
}
function extentOf(line: Line): Extent {
  const relation = Math.max(
    0,
    ...runsOfLine(line)
      .filter((r) => RELATION.test(r.text))
      .map((r) => r.size),
  );
  return { size: line.size, left: line.bbox[0], right: line.bbox[2], relation };
}
function grow(extent: Extent, line: Line): void {
  const more = extentOf(line);
  extent.size = Math.max(extent.size, more.size);
  extent.left = Math.min(extent.left, more.left);
  extent.right = Math.max(extent.right, more.right);
  extent.relation = Math.max(extent.relation, more.relation);
}
function nested(group: Extent, next: Line): boolean {
  const { size, left, right } = group;
  if (next.size >= MAIN_SIZE * size) return true;
  // Before the formula's row with its relation (a big operator and its limits so far), its row may be the smaller.
  if (group.relation < MAIN_SIZE * size) return true;
  const within = next.bbox[0] >= left - SMALL_REACH_EM * size && next.bbox[2] <= right + SMALL_REACH_EM * size;
  return within || next.bbox[2] - next.bbox[0] < right - left;
}

/** A line of one run set at a script's size, no running words in it. */
const scriptLine = (line: Line, size: number) =>
  !line.mono && !line.cells && line.size < MAIN_SIZE * size && runsOfLine(line).length === 1 && !TWO_WORDS.test(line.text);

/** The runs of `lines` in drawing order, when they were drawn as one formula; null otherwise. */
function drawnOrder(lines: Line[]): Run[] | null {
  const runs = lines.flatMap(runsOfLine);
  if (runs.length < 3) return null;
  const drawn = [...runs].sort((a, b) => a.stream - b.stream);
  const span = drawn[drawn.length - 1].stream - drawn[0].stream + 1;
  if (span - drawn.length > Math.max(1, STREAM_SLACK * drawn.length)) return null;
  let steps = 0;
  for (let i = 1; i < drawn.length; i++) if (drawn[i].x0 < drawn[i - 1].x0 - STEP_BACK_EM * Math.max(drawn[i].size, drawn[i - 1].size)) steps++;
  if (steps > Math.max(lines.length + EXTRA_STEPS, Math.floor(STEP_SHARE * drawn.length))) return null;
  // Where the formula's left side stands, leaving out a limit set under or over the first run drawn (the limit under
  // "min" may reach further left than "min").
  const limit = limitOf(drawn[0], runs);
  const outside = runs.filter((r) => !limit.has(r));
  const leftmost = outside.reduce((a, b) => (b.x0 < a.x0 ? b : a));
  if (drawn[0].x0 <= leftmost.x0 + FIRST_LEFT_EM * drawn[0].size) return drawn;
  // Equations aligned at their relation, one under another: a shorter left side than the next row's starts further
  // right, its relation right over the other's. (Equations numbered at the left are read from their numbers.)
  if (outside.some((r) => r.x1 <= drawn[0].x0 && EQUATION_NUMBER.test(r.text.trim()))) return null;
  const lineOf = (r: Run) => lines.find((l) => runsOfLine(l).includes(r));
  const relations = (line: Line | undefined) =>
    line
      ? runsOfLine(line).filter((r) => r.size >= MAIN_SIZE * line.size && RELATION.test(r.text) && r.text.trim().length <= RELATION_RUN_CHARS)
      : [];
  // The first run drawn opens its row: its relation stands on its baseline, nothing of its row left of it (a page
  // redrawn row by row draws a fraction's numerator, over the row, first).
  const first = drawn[0];
  const firstLine = lineOf(first);
  const row = (r: Run) => Math.abs(r.baseline - first.baseline) < STACK_APART * Math.max(r.size, first.size);
  if (!firstLine || runsOfLine(firstLine).some((r) => row(r) && r.x0 < first.x0 - STEP_BACK_EM * first.size)) return null;
  const own = relations(firstLine).filter(row);
  const other = relations(lineOf(leftmost));
  const aligned = own.some((a) => other.some((b) => b !== a && Math.abs(a.x0 - b.x0) <= ALIGNED_EM * a.size));
  return aligned ? drawn : null;
}

/**
 * The runs standing under or over `first` on other baselines, with their neighbours on the same baseline (a limit
 * drawn a glyph a run): pieces of runs closer than half their size across, any of which overlaps `first` across.
 */
function limitOf(first: Run, runs: Run[]): Set<Run> {
  const others = runs.filter((r) => Math.abs(r.baseline - first.baseline) >= STACK_APART * Math.max(r.size, first.size)).sort((a, b) => a.x0 - b.x0);
  const pieces: Run[][] = [];
  for (const r of others) {
    const near = (p: Run[]) => {
      const last = p[p.length - 1];
      return r.x0 - last.x1 < STEP_BACK_EM * r.size && Math.abs(r.baseline - last.baseline) < STACK_APART * Math.max(r.size, last.size);
    };
    const piece = pieces.find(near);
    if (piece) piece.push(r);
    else pieces.push([r]);
  }
  // No limit holds a relation set larger than the first run: when that run is a script (an upper limit drawn first,
  // in a redraw row by row), the formula's own row under it is no limit of it.
  const under = (p: Run[]) =>
    p.some((r) => r.x0 < first.x1 && r.x1 > first.x0) && !p.some((r) => r.size * MAIN_SIZE > first.size && RELATION.test(r.text));
  return new Set(pieces.filter(under).flat());
}

/** True when the line's runs already stand in drawing order (nothing to change). */
function sameOrder(lines: Line[], drawn: Run[]): boolean {
  const now = lines.flatMap(runsOfLine);
  return now.every((r, i) => r === drawn[i]);
}

/**
 * A fraction of words ("DSC = (2 ∗ Area of Overlap) / (Total Number of Pixels in both Images)"): its numerator and
 * denominator are lines of words, centred over one another (within this many of their sizes) either side of the
 * formula's row, whose left side and relation stand left of them both.
 */
const CENTRED_EM = 1;
function wordFraction(lines: Line[], formula: boolean[], k: number): boolean {
  const line = lines[k];
  if (line.mono || line.cells) return false;
  const centre = (l: Line) => (l.bbox[0] + l.bbox[2]) / 2;
  for (const step of [-1, 1]) {
    const row = lines[k + step];
    const other = lines[k + 2 * step];
    if (!row || !other || other.mono || other.cells || !formula[k + step]) continue;
    const size = Math.max(line.size, row.size, other.size);
    const [top, bottom] = step > 0 ? [line, other] : [other, line];
    if (!(top.baseline < row.baseline && row.baseline < bottom.baseline)) continue;
    if (bottom.baseline - top.baseline > MAX_ADVANCE_EM * size) continue;
    if (Math.abs(centre(line) - centre(other)) > CENTRED_EM * size) continue;
    const relation = runsOfLine(row).find((r) => r.size >= MAIN_SIZE * row.size && RELATION.test(r.text));
    if (relation && relation.x1 <= Math.min(line.bbox[0], other.bbox[0])) return true;
  }
  return false;
}

/** Reads the display formulas of a column or span segment in drawing order. */
function readSegment(seg: Segment): void {
  const { lines } = seg;
  const formula = lines.map(formulaLine);
  const piece = lines.map((_l, k) => formula[k] || wordFraction(lines, formula, k));
  let joined = 0;
  for (let i = 0; i < lines.length; i++) {
    if (!piece[i]) continue;
    let j = i;
    const extent = extentOf(lines[i]);
    const near = (a: Line, b: Line) => b.baseline - a.baseline <= MAX_ADVANCE_EM * Math.max(a.size, b.size);
    for (;;) {
      if (j + 1 < lines.length && piece[j + 1] && near(lines[j], lines[j + 1]) && nested(extent, lines[j + 1])) grow(extent, lines[++j]);
      // A script of words on a row of its own between two rows of the formula ("CF-informed" over the "q" of "M"),
      // too long to be taken into the formula's row as a script (rows.ts), is the formula's too.
      else if (
        j + 2 < lines.length &&
        scriptLine(lines[j + 1], Math.max(lines[j].size, lines[j + 2].size)) &&
        piece[j + 2] &&
        nested(extent, lines[j + 2]) &&
        near(lines[j], lines[j + 1]) &&
        near(lines[j + 1], lines[j + 2])
      ) {
        grow(extent, lines[++j]);
        grow(extent, lines[++j]);
      } else break;
    }
    // A script on a row of its own under the formula's last row, narrower than the formula or within its width (a
    // denominator's subscript set lower than the rest of the row), is the formula's too.
    if (j + 1 < lines.length && scriptLine(lines[j + 1], lines[j].size) && near(lines[j], lines[j + 1]) && nested(extent, lines[j + 1])) j++;
    const group = lines.slice(i, j + 1);
    const levels = new Set(group.flatMap(runsOfLine).map((r) => Math.round(r.baseline))).size;
    const size = Math.max(...group.map((l) => l.size));
    // A relation, or a sign only mathematics sets where the relation is a glyph the file does not map ("≃" drawn as
    // a control character, dropped from the text); not a big operator alone, whose limits a reading by position
    // sets in its line where the row states a relation (rows.ts), and leaves as lines of their own where it does not.
    const relation = group.some((l) =>
      runsOfLine(l).some((r) => r.size >= MAIN_SIZE * size && (RELATION.test(r.text) || (MATH_MARK.test(r.text) && !BIG_OPERATOR.test(r.text)))),
    );
    const drawn = (group.length >= MIN_LINES || fraction(group[0])) && levels > 1 && relation ? drawnOrder(group) : null;
    if (drawn && !sameOrder(group, drawn)) {
      const line = makeLine(drawn, Math.max(...group.map((l) => l.baseline)), { drawn: true });
      lines.splice(i, group.length, line);
      piece.splice(i, group.length, true);
      joined += group.length;
    } else i = j;
  }
  if (joined) seg.text = textOf(lines);
}

/** Display formulas of the page's column and span segments read in drawing order. */
export function readFormulas(segments: Segment[]): void {
  for (const seg of segments) if (seg.kind === 'column' || seg.kind === 'span') readSegment(seg);
}
