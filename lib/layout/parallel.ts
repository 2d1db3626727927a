/**
 * Parallel texts in opposite directions: a bilingual edition sets a left-to-right text (Russian, English) and a
 * right-to-left one (Hebrew, Arabic) in two columns side by side, line for line. The columns may stand closer than
 * any gutter (a few points), and the PDF may even draw a line of each in one text item ("בפנות … ועמודים ,О
 * краеугольных [принципах] Торы"), so no gap in the ink parts them. Their scripts do: on the rows they share, every
 * left-to-right word stands left of every right-to-left word. Each column is then laid out on its own, as a page of
 * a spread is, and the rows above and below the parallel band as the page they belong to.
 */
import type { Run } from '../types.js';
import { isHorizontal } from './lines.js';
import { buildRows } from './rows.js';

const RTL_LETTER = /[\u0590-\u05ff\u0600-\u06ff\u0700-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/u;
const LETTER = /\p{L}/u;
/** A run, or a piece of one, counts for a direction with at least this many letters of it. */
const MIN_LETTERS = 3;
/** The band holds at least this many rows with words of both directions, each direction on its own side. */
const MIN_SHARED_ROWS = 3;

type Side = 'ltr' | 'rtl' | 'neutral';

function letters(text: string): { ltr: number; rtl: number } {
  let ltr = 0;
  let rtl = 0;
  for (const ch of text) {
    if (RTL_LETTER.test(ch)) rtl++;
    else if (LETTER.test(ch)) ltr++;
  }
  return { ltr, rtl };
}

function sideOf(text: string): Side | 'mixed' {
  const { ltr, rtl } = letters(text);
  if (ltr >= MIN_LETTERS && rtl >= MIN_LETTERS) return 'mixed';
  // Fewer letters (a line number "1R", a sigil, a one-letter word) say nothing of a side: the run goes by its place.
  if (Math.max(ltr, rtl) < MIN_LETTERS) return 'neutral';
  return rtl >= ltr ? 'rtl' : 'ltr';
}

/**
 * A run holding text of both directions, cut where the direction turns: the pieces in the order of the string, each
 * with its direction. Neutral characters (spaces, commas, brackets) go with the piece before them; a piece of fewer
 * than MIN_LETTERS letters (an abbreviation, a sigil) with its neighbour. Only a cut into two pieces is kept.
 */
export function splitByDirection(text: string): { text: string; side: 'ltr' | 'rtl' }[] | null {
  const pieces: { text: string; side: 'ltr' | 'rtl'; letters: number }[] = [];
  let lead = '';
  for (const ch of text) {
    const side = RTL_LETTER.test(ch) ? 'rtl' : LETTER.test(ch) ? 'ltr' : null;
    const last = pieces[pieces.length - 1];
    if (side === null) {
      if (last) last.text += ch;
      else lead += ch;
    } else if (last && last.side === side) {
      last.text += ch;
      last.letters++;
    } else {
      pieces.push({ text: lead + ch, side, letters: 1 });
      lead = '';
    }
  }
  const merged: typeof pieces = [];
  for (const p of pieces) {
    const last = merged[merged.length - 1];
    if (last && (p.letters < MIN_LETTERS || last.side === p.side)) {
      last.text += p.text;
      last.letters += p.letters;
    } else if (last && last.letters < MIN_LETTERS) {
      merged[merged.length - 1] = { text: last.text + p.text, side: p.side, letters: last.letters + p.letters };
    } else merged.push({ ...p });
  }
  if (merged.length !== 2) return null;
  return merged.map((p) => ({ text: p.text.trim(), side: p.side }));
}

export interface ParallelText {
  /** Runs above and below the band, laid out as the page they belong to. */
  above: Run[];
  below: Run[];
  /** The band's left and right columns. */
  left: Run[];
  right: Run[];
  /** Which side holds the left-to-right text. */
  ltrSide: 'left' | 'right';
}

/**
 * The parallel band of a page, or null. Rows with words of both directions, all of one direction left of all of the
 * other, the same way round on every such row, at least MIN_SHARED_ROWS of them; the band runs from the first to the
 * last, and on over rows whose words keep to their sides (a column's lines where the other column has ended).
 */
export function findParallel(runs: Run[]): ParallelText | null {
  if (!runs.some((r) => RTL_LETTER.test(r.text))) return null;
  const flat = runs.filter(isHorizontal);
  // Mixed runs cut into pieces, each given a share of the run's width by its characters, in the run's direction.
  const pieces = new Map<Run, Run[]>();
  for (const r of flat) {
    if (sideOf(r.text) !== 'mixed') continue;
    const parts = splitByDirection(r.text);
    if (!parts) continue;
    const total = parts.reduce((n, p) => n + [...p.text].length, 0);
    const width = r.x1 - r.x0;
    let at = 0;
    const cut: Run[] = [];
    for (const p of parts) {
      const share = ([...p.text].length / total) * width;
      const [x0, x1] = r.dir === 'rtl' ? [r.x1 - at - share, r.x1 - at] : [r.x0 + at, r.x0 + at + share];
      cut.push({ ...r, text: p.text, x0, x1, dir: p.side });
      at += share;
    }
    pieces.set(r, cut);
  }
  const expanded = flat.flatMap((r) => pieces.get(r) ?? [r]);
  const whole = new Set(flat.filter((r) => !pieces.has(r)));
  const rows = buildRows(expanded);
  // Per row: the extents of its words of each direction.
  const info = rows.map((row) => {
    const ltr = row.runs.filter((r) => sideOf(r.text) === 'ltr' && letters(r.text).ltr >= MIN_LETTERS);
    const rtl = row.runs.filter((r) => sideOf(r.text) === 'rtl' && letters(r.text).rtl >= MIN_LETTERS);
    return { ltr, rtl };
  });
  const way = (i: number): 'ltr-left' | 'ltr-right' | 'cut' | null => {
    const { ltr, rtl } = info[i];
    if (!ltr.length || !rtl.length) return null;
    // Measured on the runs that are whole (a cut run's positions are estimates): a row of a cut run says no way.
    const [l, r] = [ltr.filter((x) => whole.has(x)), rtl.filter((x) => whole.has(x))];
    if (!l.length || !r.length) return 'cut';
    if (Math.max(...l.map((x) => x.x1)) <= Math.min(...r.map((x) => x.x0))) return 'ltr-left';
    if (Math.max(...r.map((x) => x.x1)) <= Math.min(...l.map((x) => x.x0))) return 'ltr-right';
    return null;
  };
  const shared = rows.map((_, i) => way(i));
  const marked = shared.map((w, i) => (w === 'ltr-left' || w === 'ltr-right' ? i : -1)).filter((i) => i >= 0);
  if (marked.length < MIN_SHARED_ROWS) return null;
  const ways = new Set(marked.map((i) => shared[i]));
  // A row with both directions in it that keeps them on no side is a paragraph quoting the other script.
  const crossing = rows.filter((_, i) => info[i].ltr.length && info[i].rtl.length && !shared[i]).length;
  if (ways.size !== 1 || crossing > marked.length / 4) return null;
  const ltrSide = ways.has('ltr-left') ? 'left' : 'right';
  // The split: between the two directions' words on the shared rows (whole runs only).
  const wholeRuns = (i: number, side: 'ltr' | 'rtl') => info[i][side].filter((r) => whole.has(r));
  const leftEdge = Math.max(...marked.flatMap((i) => wholeRuns(i, ltrSide === 'left' ? 'ltr' : 'rtl').map((r) => r.x1)));
  const rightEdge = Math.min(...marked.flatMap((i) => wholeRuns(i, ltrSide === 'left' ? 'rtl' : 'ltr').map((r) => r.x0)));
  if (!Number.isFinite(leftEdge) || !Number.isFinite(rightEdge)) return null;
  const split = (leftEdge + rightEdge) / 2;
  // Rows whose words keep to their sides: a left-to-right word left of the split on an ltr-left page, and so on.
  const keeps = (i: number) =>
    rows[i].runs.every((r) => {
      // A cut run's pieces stand where the estimate put them: their direction places them.
      if (!whole.has(r)) return true;
      const s = sideOf(r.text);
      if (s === 'neutral' || s === 'mixed') return true;
      const onLeft = (r.x0 + r.x1) / 2 < split;
      const leftSide = (s === 'ltr') === (ltrSide === 'left');
      return onLeft === leftSide && (onLeft ? r.x1 <= rightEdge + 1 : r.x0 >= leftEdge - 1);
    });
  let from = marked[0];
  let to = marked[marked.length - 1];
  for (let i = from; i <= to; i++) if (!keeps(i)) return null;
  while (from > 0 && keeps(from - 1)) from--;
  while (to + 1 < rows.length && keeps(to + 1)) to++;
  const sideRun = (r: Run): 'left' | 'right' => {
    const s = sideOf(r.text);
    if (s === 'ltr' || s === 'rtl') return (s === 'ltr') === (ltrSide === 'left') ? 'left' : 'right';
    return (r.x0 + r.x1) / 2 < split ? 'left' : 'right';
  };
  const band = rows.slice(from, to + 1).flatMap((row) => row.runs);
  const rotated = runs.filter((r) => !isHorizontal(r));
  return {
    above: [...rows.slice(0, from).flatMap((row) => row.runs), ...rotated],
    below: rows.slice(to + 1).flatMap((row) => row.runs),
    left: band.filter((r) => sideRun(r) === 'left'),
    right: band.filter((r) => sideRun(r) === 'right'),
    ltrSide,
  };
}
