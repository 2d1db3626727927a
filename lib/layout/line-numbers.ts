/**
 * Line numbers in the margin: a manuscript set with numbered lines (a journal's draft or review copy, a critical
 * edition) has a number beside every line, in a strip outside the text. Read with the text, they splice a number into
 * every line ("13 This example manuscript … when 14 writing their own"). They are lifted out of the page before it
 * is laid out and reported as furniture (`line-number`), as running heads are.
 *
 * What gives them away: whole numbers, one per line, aligned on one edge, counting up by one down the page, with all
 * of the page's other text on one side of them.
 */
import type { Run } from '../types.js';
import { isHorizontal, median } from './lines.js';

/** A series holds at least this many numbers... */
const MIN_NUMBERS = 8;
/** ...aligned on their right (or left) edge to this many points... */
const EDGE_TOLERANCE = 1.5;
/** ...most of them (this share of the steps down the page) one more than the number above... */
const COUNTING_SHARE = 0.7;
/**
 * ...with at most this share of the other runs beside them (horizontal, within NEAR_EM body ems of the first and
 * last numbers' baselines) starting on the numbers' side of their edge.
 */
const STRAY_SHARE = 0.02;
const NEAR_EM = 4;
/** Text is on a number's line when its baseline is within this many body ems of the number's. */
const LINE_EM = 0.5;

/** A run crosses the numbers' strip when it reaches this far past both of its edges. */
const ACROSS_PT = 1;

const NUMBER = /^\p{Nd}{1,4}$/u;
/** A word of text: two letters in a row, with their marks (a figure's "R2.95" revision flag is none; vowelled Arabic is). */
const WORD = /\p{L}\p{M}*\p{L}/u;
/** A number this close to the text beside it (in ems), set smaller and raised, is the text's own mark. */
const GLUED_EM = 0.3;

/** The runs of a page that are margin line numbers (none when the page has no such series). */
export function findLineNumbers(runs: Run[]): Set<Run> {
  const found = new Set<Run>();
  const numbers = runs.filter((r) => isHorizontal(r) && NUMBER.test(r.text.trim()));
  if (numbers.length < MIN_STEPPED_NUMBERS) return found;
  const others = runs.filter((r) => !NUMBER.test(r.text.trim()));
  const pageTop = Math.min(...runs.filter(isHorizontal).map((r) => r.baseline));
  const em = median(others.map((r) => r.size)) || 10;
  // The other runs' baselines, sorted once for the page when a stepped series asks for its lines.
  let otherBaselines: Float64Array | undefined;
  const baselines = () => (otherBaselines ??= Float64Array.from(others.filter(isHorizontal).map((r) => r.baseline)).sort());
  // Series that count but stand in the text, held back: numbers in the gutter beside the second column go on from
  // the first column's (see below).
  const inText: Run[][] = [];
  for (const edge of ['x1', 'x0'] as const) {
    const sorted = [...numbers].sort((a, b) => a[edge] - b[edge]);
    for (let i = 0; i < sorted.length; ) {
      let j = i;
      while (j + 1 < sorted.length && sorted[j + 1][edge] - sorted[i][edge] <= EDGE_TOLERANCE) j++;
      const series = sorted.slice(i, j + 1);
      i = j + 1;
      if (!counts(series, (a, b) => linesBetween(baselines(), a, b, em))) continue;
      const left = Math.min(...series.map((r) => r.x0));
      const right = Math.max(...series.map((r) => r.x1));
      // In the left margin, the text starts right of the numbers; in the right margin, it ends left of them. Counted
      // among the lines beside and near the numbered ones: a running foot or head a margin away from them is not.
      const top = Math.min(...series.map((r) => r.baseline)) - NEAR_EM * em;
      const bottom = Math.max(...series.map((r) => r.baseline)) + NEAR_EM * em;
      // The page's first line over everything, running across their strip (a court's filing stamp over numbered
      // pleading paper), is the page's head: no text the numbers stand beside or in.
      const head = (r: Run) => r.baseline <= pageTop + LINE_EM * em && r.x0 < left - ACROSS_PT && r.x1 > right + ACROSS_PT;
      const beside = others.filter((r) => isHorizontal(r) && r.baseline >= top && r.baseline <= bottom && !head(r));
      const strayLeft = beside.filter((r) => r.x0 < right).length;
      const strayRight = beside.filter((r) => r.x1 > left).length;
      const textRight = strayLeft <= strayRight;
      // Text running across their strip into the text beside them, near them: they stand inside the text, not in a
      // margin (an algorithm's numbered steps in a box between paragraphs that run across the whole measure). A
      // sidebar's line may run a little into their strip, not across it.
      const across = (r: Run) =>
        textRight ? r.x0 < left - ACROSS_PT && r.x1 > right + BESIDE_EM * em : r.x1 > right + ACROSS_PT && r.x0 < left - BESIDE_EM * em;
      if (beside.some(across)) {
        inText.push(series);
        continue;
      }
      const onNumberLine = (baseline: number) => series.some((n) => Math.abs(n.baseline - baseline) <= LINE_EM * em);
      if (
        Math.min(strayLeft, strayRight) > STRAY_SHARE * beside.length &&
        !besideSidebar([left, right], series.length, beside, textRight, em, onNumberLine)
      ) {
        inText.push(series);
        continue;
      }
      // Marks set small and raised against the start of their lines (a title page's affiliations, each opening with
      // its note's number) are notes' marks, not a margin's numbers: line numbers stand apart from the text.
      const glued = series.filter((n) =>
        beside.some((r) => {
          const gap = textRight ? r.x0 - n.x1 : n.x0 - r.x1;
          return (
            Math.abs(r.baseline - n.baseline) <= LINE_EM * em &&
            n.size < r.size &&
            n.baseline < r.baseline &&
            gap >= -ACROSS_PT &&
            gap <= GLUED_EM * em
          );
        }),
      );
      if (glued.length * 2 > series.length) continue;
      // A listing's line numbers number its code (lines in a fixed-pitch face): they are the listing's, read with it.
      const numbered = beside.filter((r) => onNumberLine(r.baseline));
      if (numbered.filter((r) => r.mono).length * 2 > numbered.length) continue;
      // A table's first column of years or counts ("1975 … 1976 … 1977") numbers rows of figures, not lines of text:
      // most of the lines beside the numbers that hold anything hold no word (pleading paper's blank lines hold none).
      const lines = series.map((n) => beside.filter((r) => Math.abs(r.baseline - n.baseline) <= LINE_EM * em)).filter((rs) => rs.length);
      if (lines.filter((rs) => WORD.test(rs.map((r) => r.text).join(''))).length * 2 < lines.length) continue;
      for (const r of series) found.add(r);
    }
  }
  // A manuscript set in two columns numbers the second column's lines on from the first's, in the gutter: text on both
  // sides, and the full-width abstract over them runs across their strip. A series that goes on from a series found
  // (its first number the next after the other's last) is line numbers too when nothing between its first line and
  // its last enters its strip.
  const last = (list: Iterable<Run>) => Math.max(...[...list].map((r) => Number(r.text.trim())));
  for (const series of inText) {
    if (series.some((r) => found.has(r)) || !found.size) continue;
    const down = [...series].sort((a, b) => a.baseline - b.baseline);
    if (Number(down[0].text.trim()) !== last(found) + 1) continue;
    const [left, right] = [Math.min(...series.map((r) => r.x0)), Math.max(...series.map((r) => r.x1))];
    const [top, bottom] = [down[0].baseline - LINE_EM * em, down[down.length - 1].baseline + LINE_EM * em];
    const enters = others.some(
      (r) => isHorizontal(r) && r.baseline >= top && r.baseline <= bottom && r.x0 < right + ACROSS_PT && r.x1 > left - ACROSS_PT,
    );
    if (!enters) for (const r of series) found.add(r);
  }
  return found;
}

/** A sidebar stands clear of the numbers by this many body ems (a few of its lines may run into their strip)... */
const SIDEBAR_CLEAR_EM = 1;
const SIDEBAR_INTO_SHARE = 0.15;
/** ...and the numbers stand beside this share of the lines that start (end) right beside them. */
const NUMBERED_SHARE = 0.9;
/** The numbered lines start within this many body ems of the numbers. */
const BESIDE_EM = 2;

/**
 * Numbers between a sidebar and the text they number (a journal draft's metadata column in the margin, its review
 * line numbers beside the text): text stands on both sides, but on the numbers' side it keeps clear of them (or
 * runs a little into their strip, a few of its lines), and on the other side nearly every line that starts right
 * beside them has its number. A form's line numbers between its section labels and its lines are not: many of a
 * form's lines (a description's second line, a sub-item) have none.
 */
function besideSidebar(
  [left, right]: [number, number],
  count: number,
  beside: Run[],
  textRight: boolean,
  em: number,
  onNumberLine: (baseline: number) => boolean,
): boolean {
  const far = beside.filter((r) => (textRight ? r.x0 < right : r.x1 > left));
  const into = far.filter((r) => (textRight ? r.x1 > left - SIDEBAR_CLEAR_EM * em : r.x0 < right + SIDEBAR_CLEAR_EM * em));
  if (into.length > SIDEBAR_INTO_SHARE * count) return false;
  // A line running across the numbers to the text beyond them is no sidebar's.
  if (far.some((r) => (textRight ? r.x1 > right + BESIDE_EM * em : r.x0 < left - BESIDE_EM * em))) return false;
  const near = beside.filter((r) => (textRight ? r.x0 >= right && r.x0 <= right + BESIDE_EM * em : r.x1 <= left && r.x1 >= left - BESIDE_EM * em));
  const rows: number[] = [];
  for (const r of near.sort((a, b) => a.baseline - b.baseline))
    if (!rows.length || r.baseline - rows[rows.length - 1] > LINE_EM * em) rows.push(r.baseline);
  const numbered = rows.filter(onNumberLine).length;
  return rows.length >= MIN_NUMBERS && numbered >= NUMBERED_SHARE * rows.length;
}

/**
 * Down the page, most numbers are one more than the number above (MIN_NUMBERS of them at least); or a manuscript
 * numbers every fifth or tenth line ("5", "10", "15" …, MIN_STEPPED_NUMBERS of them at least): most numbers are that
 * step more than the one above, and stand that many line advances below it (most of them equal, none shorter).
 */
const MIN_STEPPED_NUMBERS = 4;
const STEPS = [5, 10];
/** The line advances between stepped numbers agree to this share. */
const STEPPED_ADVANCE_SPREAD = 0.1;

function counts(series: Run[], linesBetween: (above: Run, below: Run) => number): boolean {
  const sorted = [...series].sort((a, b) => a.baseline - b.baseline);
  const down = sorted.map((r) => Number(r.text.trim()));
  const stepsOf = (k: number) => {
    let n = 0;
    for (let i = 1; i < down.length; i++) if (down[i] === down[i - 1] + k) n++;
    return n;
  };
  if (down.length >= MIN_NUMBERS && stepsOf(1) >= COUNTING_SHARE * (down.length - 1)) return true;
  if (down.length < MIN_STEPPED_NUMBERS) return false;
  for (const k of STEPS) {
    if (stepsOf(k) < COUNTING_SHARE * (down.length - 1) || down.some((n) => n % k !== 0)) continue;
    // Each line's advance: the baseline gap over the step, between consecutive numbers one step apart.
    const advances: number[] = [];
    for (let i = 1; i < down.length; i++) if (down[i] === down[i - 1] + k) advances.push((sorted[i].baseline - sorted[i - 1].baseline) / k);
    // Most agree; none is shorter (a heading's space makes one longer).
    const mid = median(advances);
    const agree = advances.filter((a) => Math.abs(a - mid) <= STEPPED_ADVANCE_SPREAD * mid).length;
    if (mid > 0 && agree >= COUNTING_SHARE * advances.length && advances.every((a) => a >= (1 - STEPPED_ADVANCE_SPREAD) * mid)) return true;
    // Or most numbers stand that many lines of text below the one above, whatever the lines' advance (a critical
    // edition numbers its notes' smaller, tighter lines on from the text's).
    let lined = 0;
    for (let i = 1; i < down.length; i++) if (down[i] === down[i - 1] + k && Math.abs(linesBetween(sorted[i - 1], sorted[i]) - k) <= 1) lined++;
    if (lined >= COUNTING_SHARE * (down.length - 1)) return true;
  }
  return false;
}

/**
 * The lines of text (the other runs' sorted baselines, LINE_EM apart) from just under one number's line down to the
 * other's.
 */
function linesBetween(baselines: Float64Array, above: Run, below: Run, em: number): number {
  let n = 0;
  let last = -Infinity;
  for (const b of baselines) {
    if (b > below.baseline + LINE_EM * em) break;
    if (b <= above.baseline + LINE_EM * em) continue;
    if (b - last > LINE_EM * em) n++;
    last = b;
  }
  return n;
}
