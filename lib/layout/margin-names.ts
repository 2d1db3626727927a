/**
 * Names set in the left margin beside their description, as a package manual's option or command entries are
 * (l3doc's and ctxdoc's "section/runin ⋆ | subsection/runin ⋆ | …" stacked over one another, flush against the text
 * block, the entry's syntax "runin = true|false" level with the first of them and its description under that). The
 * names stand a few points from the text, a word space: read by rows, each is spliced into the description's line
 * beside it ("subsubsection/runin ⋆ runin 选项只对 \section 级以下…"), and a gutter that narrow is none. What tells
 * them from a list's labels hung in the margin (a bullet, an item's number, each level with its item's first line) is
 * that they stack on rows of their own: a name stands where no line of the text does. Or each stands level with its
 * own syntax line, which opens with the name ("abovesep  abovesep = ⟨长度⟩"): a list's labels are not their items'
 * first words.
 *
 * Such stacks are taken out of the page's runs before the page is laid out, and each one's lines are read before the
 * text level with its first name: the names, then the syntax, then the description.
 *
 * Notes set small in the right margin a word space from justified text are taken out the same way
 * (`findMarginNotes`), and read after the paragraph beside them.
 */
import type { Line, Run } from '../types.js';
import { makeLine, median } from './lines.js';

/** The text block's left edge: where most of the page's lines of words start (to a point), this many at least... */
const MIN_EDGE_ROWS = 4;
/** ...a line starting within this many points of it starts at it. */
const EDGE_TOLERANCE = 1;
/** A line's runs this many of their sizes apart are a table's cells, not one line of text. */
const CELL_GAP_EM = 2;
/** The stack stands a word space from the text: its right edge within this many of its names' sizes of the text's... */
const CLOSE_EM = 1;
/** ...and it is narrow beside the text: at most this share of the text block's width. */
const NARROW_SHARE = 0.3;
/** A margin name ends at least this many points short of the text's edge... */
const NAME_CLEAR = 2;
/** ...and starts at least this many of its sizes left of it (not a kern or an indent's difference). */
const NAME_OUT_EM = 1.5;
/** The stack's names follow one another at most this many of their sizes apart... */
const NAME_ADVANCE = 1.6;
/** ...this many at least... */
const MIN_NAMES = 3;
/** ...this many of them on rows of their own: no line of the text on the same baseline (to this share of a size). */
const MIN_OWN_ROWS = 2;
const LEVEL = 0.3;
/** Or this many at least, each level with a line of the text that opens with its name (the entry's syntax). */
const MIN_ECHOED = 2;

export interface MarginNames {
  /** Each stack's lines, top to bottom; the stacks top to bottom. */
  stacks: Line[][];
  /** The runs left for the page's text. */
  rest: Run[];
}

/** A page's runs in rows on one baseline (to LEVEL of their size), top to bottom: both checks take them, grouped once. */
export function marginRows(runs: Run[]): Run[][] {
  const rows: Run[][] = [];
  for (const r of [...runs].sort((a, b) => a.baseline - b.baseline || a.x0 - b.x0)) {
    const last = rows[rows.length - 1];
    if (last && Math.abs(r.baseline - last[0].baseline) <= LEVEL * Math.max(r.size, last[0].size)) last.push(r);
    else rows.push([r]);
  }
  return rows;
}

/** A line votes for the text's edge when it holds this many characters at least (a line of text, not a name). */
const VOTER_CHARS = 12;

/** A left-to-right run holding a letter. */
const lettered = (r: Run) => r.dir !== 'rtl' && /\p{L}/u.test(r.text);

/**
 * The text block's edge on one side: the commonest x, to the point, that `at` gives for each row's `words` holding
 * VOTER_CHARS characters at least (where its line starts, or ends); of two as common, the one further right. Null
 * when fewer than MIN_EDGE_ROWS lines vote for it; else the edge and the voting lines' words, top to bottom.
 */
function votedEdge(rows: Run[][], words: (row: Run[]) => Run[], at: (words: Run[]) => number): { edge: number; voters: Run[][] } | null {
  const votes = new Map<number, number>();
  const voters: Run[][] = [];
  for (const row of rows) {
    const w = words(row);
    if (w.reduce((n, r) => n + r.text.trim().length, 0) < VOTER_CHARS) continue;
    const x = Math.round(at(w));
    votes.set(x, (votes.get(x) ?? 0) + 1);
    voters.push(w);
  }
  const voted = [...votes].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0];
  return voted && voted[1] >= MIN_EDGE_ROWS ? { edge: voted[0], voters } : null;
}

/** The stacks of names in the page's left margin (horizontal, left-to-right runs), top to bottom, or null. */
export function findMarginNames(runs: Run[], rows = marginRows(runs)): MarginNames | null {
  const text = runs.filter(lettered);
  if (text.length < MIN_NAMES * 2) return null;
  // The page's rows (`rows`, grouped once for both checks) vote for the edge and hold the names. The text's left edge:
  // the commonest start of its lines of text (each row's leftmost run of letters); of two as common, the one further
  // right (the names' own rows start further left).
  const voted = votedEdge(
    rows,
    (row) => row.filter(lettered),
    (w) => Math.min(...w.map((r) => r.x0)),
  );
  if (!voted) return null;
  const { edge } = voted;
  let right = -Infinity;
  for (const r of text) right = Math.max(right, r.x1);
  // A row's runs in the margin (a name's star or mark after it too), where one of them starts well out in it and holds
  // a letter (a listing's line numbers hold none).
  const inMargin = (r: Run) => r.dir !== 'rtl' && r.x1 <= edge - NAME_CLEAR;
  const named = rows
    .map((row) => ({ names: row.filter(inMargin), others: row.filter((r) => !inMargin(r)) }))
    .filter((row) => row.names.some((r) => r.x0 <= edge - NAME_OUT_EM * r.size) && row.names.some(lettered));
  const stacks: Line[][] = [];
  const taken = new Set<Run>();
  for (let i = 0; i < named.length; i++) {
    let j = i;
    const size = (k: number) => median(named[k].names.map((r) => r.size));
    while (j + 1 < named.length && named[j + 1].names[0].baseline - named[j].names[0].baseline <= NAME_ADVANCE * Math.max(size(j), size(j + 1))) j++;
    const stack = named.slice(i, j + 1);
    i = j;
    const own = stack.filter((row) => row.others.length === 0).length;
    const names = stack.flatMap((row) => row.names);
    const [x0, x1] = [Math.min(...names.map((r) => r.x0)), Math.max(...names.map((r) => r.x1))];
    const close = edge - x1 <= CLOSE_EM * median(names.map((r) => r.size));
    // The entry's first line of text (its syntax) starts at the text's edge level with the first name, one piece of
    // text (no cells parted by wide gaps): not a table's row labels wrapped in a narrow first column, nor a definition
    // list's terms on lines of their own.
    const line = [...stack[0].others].sort((a, b) => a.x0 - b.x0);
    const entry =
      line.length > 0 &&
      Math.abs(line[0].x0 - edge) <= EDGE_TOLERANCE &&
      line.every((r, k) => k === 0 || r.x0 - line[k - 1].x1 <= CELL_GAP_EM * r.size);
    // Names each level with its own syntax line, which opens with the name ("abovesep  abovesep = ⟨长度⟩"): a list's
    // labels are never their items' first words.
    const word = (runs: Run[]) =>
      [...runs]
        .sort((a, b) => a.x0 - b.x0)[0]
        ?.text.trim()
        .split(/[\s=]/)[0] ?? '';
    const echoed =
      stack.length >= MIN_ECHOED && stack.every((row) => row.others.length > 0 && word(row.names) !== '' && word(row.others) === word(row.names));
    if ((stack.length < MIN_NAMES || own < MIN_OWN_ROWS) && !echoed) continue;
    if (!close || !entry || x1 - x0 > NARROW_SHARE * (right - edge)) continue;
    for (const r of names) taken.add(r);
    stacks.push(stack.map((row) => makeLine(row.names, median(row.names.map((r) => r.baseline)))));
  }
  return stacks.length ? { stacks, rest: runs.filter((r) => !taken.has(r)) } : null;
}

/**
 * Notes set in the right margin a word space from a justified text block, in smaller type (a thesis' \marginpar beside
 * the bullet it glosses, "This is / margin note / shown in / color."). The strip between them and the text is narrower
 * than a gutter, and the note's lines that share a baseline with the text's are spliced into those lines when the page
 * is read by rows ("…margin notes (shown in red), This is"); the others stand as lines of their own. A note is a
 * stack of short lines all starting on one x just past the text's right edge, smaller than the text, following one
 * another no further apart than the text's own lines do (a double-spaced thesis spaces its notes too), two at least on
 * rows of their own and one at least level with a line of the text that reaches the edge (the splice).
 */

/** A note's lines are set at most this share of the page's body size. */
const NOTE_SIZE_SHARE = 0.9;
/** A note starts within this many of its sizes right of the text's edge... */
const NOTE_CLOSE_EM = 1.5;
/** ...its lines start on one x, to this many points (flush left, or justified). */
const NOTE_START_TOLERANCE = 1;

/** The stacks of notes in the page's right margin (horizontal, left-to-right runs), top to bottom, or null. */
export function findMarginNotes(runs: Run[], body: number, rows = marginRows(runs)): MarginNames | null {
  if (runs.filter(lettered).length < MIN_NAMES * 2) return null;
  // The text's right edge: the commonest end of its lines of text (each row's rightmost run of letters in the text's
  // type, not a note's).
  const voted = votedEdge(
    rows,
    (row) => row.filter((r) => lettered(r) && r.size > NOTE_SIZE_SHARE * body),
    (w) => Math.max(...w.map((r) => r.x1)),
  );
  if (!voted) return null;
  const { edge } = voted;
  const textRows = voted.voters.map((w) => median(w.map((r) => r.baseline)));
  // (A loop, not a spread: a page may hold more runs than a call takes arguments.)
  let left = Infinity;
  for (const r of runs) if (lettered(r)) left = Math.min(left, r.x0);
  // The text's own line advance: the median step between its lines (paragraph gaps are the fewer).
  const advance = median(
    textRows
      .slice(1)
      .map((b, k) => b - textRows[k])
      .filter((d) => d > 0),
  );
  const inMargin = (r: Run) => r.dir !== 'rtl' && r.x0 >= edge + NAME_CLEAR && r.size <= NOTE_SIZE_SHARE * body;
  const noted = rows
    // (A row's runs in baseline order: its notes sorted across, the first one the line's start.)
    .map((row) => ({ notes: row.filter(inMargin).sort((a, b) => a.x0 - b.x0), others: row.filter((r) => !inMargin(r)) }))
    .filter((row) => row.notes.length > 0 && row.notes.some(lettered) && row.notes[0].x0 - edge <= NOTE_CLOSE_EM * row.notes[0].size);
  const stacks: Line[][] = [];
  const taken = new Set<Run>();
  for (let i = 0; i < noted.length; i++) {
    let j = i;
    const step = (k: number) => Math.max(NAME_ADVANCE * Math.max(noted[k].notes[0].size, noted[k + 1].notes[0].size), advance || 0);
    while (
      j + 1 < noted.length &&
      noted[j + 1].notes[0].baseline - noted[j].notes[0].baseline <= step(j) &&
      Math.abs(noted[j + 1].notes[0].x0 - noted[i].notes[0].x0) <= NOTE_START_TOLERANCE
    )
      j++;
    const stack = noted.slice(i, j + 1);
    i = j;
    const own = stack.filter((row) => row.others.length === 0).length;
    // Level with a line of the text that runs to its edge: read by rows, the note's line is spliced into it.
    const spliced = stack.some((row) => row.others.some((r) => Math.abs(r.x1 - edge) <= EDGE_TOLERANCE));
    const notes = stack.flatMap((row) => row.notes);
    const width = Math.max(...notes.map((r) => r.x1)) - Math.min(...notes.map((r) => r.x0));
    if (stack.length < MIN_NAMES || own < MIN_OWN_ROWS || !spliced || width > NARROW_SHARE * (edge - left)) continue;
    for (const r of notes) taken.add(r);
    stacks.push(stack.map((row) => makeLine(row.notes, median(row.notes.map((r) => r.baseline)))));
  }
  return stacks.length ? { stacks, rest: runs.filter((r) => !taken.has(r)) } : null;
}
