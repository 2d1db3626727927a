/**
 * Columns inside a column: a box in one column of the page holding short columns of its own side by side, each under
 * a name set larger (a fact sheet's "ONRR / BLM / IRS", a few lines under each). The page's gutter pass sees the box's
 * rows as lines of its column and reads them across, splicing the short columns line by line. A stretch of a column's
 * lines that stand in pieces parted by wide gaps, at the same places, under a first line of names set larger, none of
 * the pieces holding a figure (a table's cells do), is read short column by short column (page.ts).
 */
import type { Line, Run } from '../types.js';
import { median, pieceLine, runsOfLine } from './lines.js';
import { MAIL } from './words.js';

/** Pieces of a line are parted by gaps at least this many of its sizes wide... */
const GAP_EM = 1.5;
/** ...over at least this many consecutive lines... */
const MIN_LINES = 3;
/** ...whose pieces start at the same x, to within this many points, as the stretch's first line's. */
const ALIGN = 2;
/** Lines of the stretch follow one another at most this many of their sizes apart. */
const ADVANCE = 1.8;
/** The names' line is set at least this much larger than the lines under it. */
const NAME_SIZE = 1.2;
/** The names' line stands at most this many of the sizes over the first line under it. */
const NAMES_ADVANCE = 2.5;
/** Names over lists standing anywhere under them are headings: a capital first, a few words ("Conclusions"), not a
 * reference card's command and description ("ls [options]   print directory listing"). */
const HEADING_NAME = /^\p{Lu}/u;
const MAX_NAME_WORDS = 4;
/** A list item's number opening a piece ("1.", "2)"). */
const LIST_NUMBER = /^\p{Nd}{1,2}[.)]\s/u;
/** A piece holding a figure (an amount, a measure, a percentage): a table's cell. */
const FIGURE = /\p{Nd}/u;

export interface Piece {
  start: number;
  text: string;
  runs: Run[];
}

/** A line's pieces: its runs joined across gaps narrower than `gapEm` of its sizes. */
export function piecesOf(line: Line, gapEm = GAP_EM): Piece[] {
  return runPieces(
    runsOfLine(line)
      .slice()
      .sort((a, b) => a.x0 - b.x0),
    line.size,
    gapEm,
  );
}

/** Runs in order across, joined into pieces across gaps narrower than `gapEm` of `size`. */
export function runPieces(runs: Run[], size: number, gapEm = GAP_EM): Piece[] {
  const pieces: Piece[] = [];
  let end = -Infinity;
  for (const r of runs) {
    if (r.x0 - end >= gapEm * size) pieces.push({ start: r.x0, text: '', runs: [] });
    const p = pieces[pieces.length - 1];
    p.text += ` ${r.text}`;
    p.runs.push(r);
    end = Math.max(end, r.x1);
  }
  return pieces;
}

/** A piece's right end. */
const pieceEnd = (p: Piece) => Math.max(...p.runs.map((r) => r.x1));

/** A piece's middle across. */
const middle = (p: Piece) => (p.start + pieceEnd(p)) / 2;

/** The size of a line's own type: its largest run on its baseline (note calls set above it do not make it smaller). */
function ownSize(line: Line): number {
  const own = runsOfLine(line).filter((r) => Math.abs(r.baseline - line.baseline) <= 0.15 * r.size);
  return own.length ? Math.max(...own.map((r) => r.size)) : line.size;
}

/**
 * The first stretch of a column's lines that is short columns of its own, as indices into `lines`, with the lines of
 * each short column (left to right), or null: a box's short columns under their names, or a row of labels (below).
 */
export function nestedBlock(lines: Line[]): Nested | null {
  const pieces = lines.map((l) => piecesOf(l));
  const found = [namedBlock(lines, pieces), labelGrid(lines, pieces), listHalves(lines, pieces)].filter((n): n is Nested => n !== null);
  return found.length ? found.reduce((a, b) => (b.from < a.from ? b : a)) : null;
}

export interface Nested {
  from: number;
  to: number;
  columns: Line[][];
}

function namedBlock(lines: Line[], pieces: Piece[][]): Nested | null {
  for (let i = 0; i + MIN_LINES <= lines.length; i++) {
    if (pieces[i].length < 2) continue;
    // Each short column's pieces start where its name starts, or are centred under it (a card's figure over its
    // label).
    const anchors = pieces[i].map((p) => [p.start, middle(p)]);
    // Under names set larger, a short column's lines may stand anywhere from its name's start to the next name's (a
    // numbered list's turned lines indented past its numbers, under "Conclusions" beside "Limitations").
    const larger =
      i + 1 < lines.length &&
      ownSize(lines[i]) >= NAME_SIZE * lines[i + 1].size &&
      pieces[i].every((p) => HEADING_NAME.test(p.text.trim()) && p.text.trim().split(/\s+/).length <= MAX_NAME_WORDS);
    const anchorOf = (p: Piece) => {
      const m = middle(p);
      const k = anchors.findIndex(([start, mid]) => Math.abs(start - p.start) <= ALIGN || Math.abs(mid - m) <= ALIGN);
      if (k >= 0 || !larger) return k;
      const x1 = Math.max(...p.runs.map((r) => r.x1));
      return anchors.findIndex(([start], j) => p.start >= start - ALIGN && x1 <= (anchors[j + 1]?.[0] ?? Infinity) - GAP_EM * lines[i].size);
    };
    // (The names' line may stand a little apart over the lines under it.)
    const follows = (k: number) =>
      lines[k].baseline - lines[k - 1].baseline <= (k === i + 1 && larger ? NAMES_ADVANCE : ADVANCE) * Math.max(lines[k].size, lines[k - 1].size);
    let to = i;
    let multi = 1;
    while (
      to + 1 < lines.length &&
      follows(to + 1) &&
      pieces[to + 1].every((p) => anchorOf(p) >= 0) &&
      // A line set larger again starts a new row of names (the next row of cards).
      !(to > i && ownSize(lines[to + 1]) >= NAME_SIZE * median(lines.slice(i + 1, to + 1).map((l) => l.size)))
    ) {
      to++;
      if (pieces[to].length >= 2) multi++;
    }
    // The names may be figures (a card's amount over its label); the lines under them hold none, as a table's cells do
    // (a list item's number, "1." opening its piece, is no figure).
    const figures = pieces.slice(i + 1, to + 1).some((ps) => ps.some((p) => FIGURE.test(p.text.trim().replace(LIST_NUMBER, ''))));
    const named = ownSize(lines[i]) >= NAME_SIZE * median(lines.slice(i + 1, to + 1).map((l) => l.size));
    if (multi >= MIN_LINES && named && !figures) {
      const columns: Line[][] = anchors.map(() => []);
      for (let k = i; k <= to; k++) {
        for (const p of pieces[k]) columns[anchorOf(p)].push(pieceLine(p.runs));
      }
      return { from: i, to, columns: columns.filter((c) => c.length) };
    }
    i = to;
  }
  return null;
}

/** A row of labels is two to this many lines... */
const MAX_LABEL_LINES = 4;
/** ...each piece at most this many words (a seal's or a photo's caption, a name and a title)... */
const MAX_LABEL_WORDS = 5;
/** ...with blank space this many of their sizes at least above and below (a picture over the labels, text under them). */
const LABEL_CLEAR = 2.5;
/** With blank space above them, the text under the labels may follow them a step of this many of their advances. */
const LABEL_STEP = 1.4;
/** A label's lines over the others' first are in their size, to this share. */
const HEAD_SIZE = 0.1;
/** Consecutive lines of the labels follow one another at most this many of their sizes apart. */
const LABEL_ADVANCE = 1.5;

/**
 * A row of labels under pictures side by side (agencies' seals, a team's photos): two to four lines standing apart,
 * blank space above and below, each line in the same number of pieces parted by wide gaps, the pieces of each label
 * starting or centred one under the other, a few words each and no figure (a small table's cells hold some). Read
 * across, each line splices the labels ("Centers for Disease  Social Security  Department"); read label by label,
 * each is whole ("Centers for Disease Control and Prevention").
 */
/** A piece of a label's line under the label's first piece: starting where it starts or sharing its middle. */
const underLabel = (p: Piece, q: Piece) => Math.abs(p.start - q.start) <= ALIGN || Math.abs(middle(p) - middle(q)) <= ALIGN;

function labelGrid(lines: Line[], pieces: Piece[][]): Nested | null {
  const clear = (a: number, b: number) => lines[b].baseline - lines[a].baseline >= LABEL_CLEAR * Math.max(lines[a].size, lines[b].size);
  const follows = (a: number, b: number) => lines[b].baseline - lines[a].baseline <= LABEL_ADVANCE * Math.max(lines[a].size, lines[b].size);
  for (let i = 0; i + 1 < lines.length; i++) {
    const k = pieces[i].length;
    if (k < 2) continue;
    // One label may start a line or two above the others (a figure's three-line caption beside its neighbour's two,
    // their last lines level): lines of fewer pieces, each piece over a label's first.
    let from = i;
    // The label a piece of a line over or under the grid's first line belongs to.
    const labelOf = (p: Piece) => pieces[i].findIndex((q) => underLabel(p, q));
    // Line m holds fewer pieces than the labels, each over or under a label of its own.
    const ownPieces = (m: number) =>
      pieces[m].length < k && pieces[m].every((p) => labelOf(p) >= 0) && new Set(pieces[m].map(labelOf)).size === pieces[m].length;
    while (from > 0 && i - from + 1 < MAX_LABEL_LINES - 1 && ownPieces(from - 1) && follows(from - 1, from)) from--;
    if (from > 0 && !clear(from - 1, from)) continue;
    let to = i;
    while (to + 1 < lines.length && to + 1 - from < MAX_LABEL_LINES && pieces[to + 1].length === k && follows(to, to + 1)) to++;
    if (to === i) continue;
    const grid = to;
    // Some labels may run on a line or two longer than the others (a slide's "Built automatically / using CI of your
    // / choice" beside "App is developed / & tested locally"): lines of fewer pieces, each piece under a label's.
    while (to + 1 < lines.length && to + 1 - from < MAX_LABEL_LINES && ownPieces(to + 1) && follows(to, to + 1)) to++;
    // (Under a picture, the text may go on a step under the labels: a photo's two captions in a column.)
    const step = (lines[to].baseline - lines[from].baseline) / (to - from);
    const stepped = from > 0 && to + 1 < lines.length && lines[to + 1].baseline - lines[to].baseline >= LABEL_STEP * step;
    if (to + 1 < lines.length && !clear(to, to + 1) && !stepped) continue;
    const stretch = pieces.slice(i, grid + 1);
    const head = pieces.slice(from, i);
    const tail = pieces.slice(grid + 1, to + 1);
    // Words, not figures and not a list's bullets beside their items; figures only in contacts side by side, each
    // with its e-mail address (a name, a telephone number, an address: "(301) 975-5017").
    const contacts = pieces[i].every((_, j) => stretch.some((ps) => MAIL.test(ps[j].text)));
    const labels = [...head, ...stretch, ...tail].every((ps) =>
      ps.every((p) => (contacts || (!FIGURE.test(p.text) && /\p{L}{2}/u.test(p.text))) && p.text.trim().split(/\s+/u).length <= MAX_LABEL_WORDS),
    );
    // Each label's lines start at the same x or share a middle, under its first line's piece.
    const aligned = stretch.every((ps) => ps.every((p, j) => underLabel(p, stretch[0][j])));
    // A label starting above the others is a caption's: not a contact's (the line over contacts side by side is the
    // text's, a link above them), in the labels' type (not a heading over them), standing over its own label only,
    // clear of the labels beside it, and running on into its next line as a caption's lines do ("By re-" over
    // "evaluating", a line closing without a stop over one opening in lower case).
    const gap = GAP_EM * lines[i].size;
    const own = head.every((ps) =>
      ps.every((p) => {
        const j = labelOf(p);
        return pieceEnd(p) <= (pieces[i][j + 1]?.start ?? Infinity) - gap && p.start >= (j > 0 ? pieceEnd(pieces[i][j - 1]) + gap : -Infinity);
      }),
    );
    const sized = lines.slice(from, i).every((l) => Math.abs(ownSize(l) - ownSize(lines[i])) <= HEAD_SIZE * ownSize(lines[i]));
    const runsOn = head.every((ps) =>
      ps.every((p) => {
        const text = p.text.trim();
        return /[-‐]$/u.test(text) || (!/[.!?:;]$/u.test(text) && /^\p{Ll}/u.test(pieces[i][labelOf(p)].text.trim()));
      }),
    );
    if (!labels || !aligned || (head.length && (contacts || !own || !sized || !runsOn))) continue;
    const columns: Line[][] = pieces[i].map(() => []);
    for (const ps of head) for (const p of ps) columns[labelOf(p)].push(pieceLine(p.runs));
    stretch.forEach((ps) => ps.forEach((p, j) => columns[j].push(pieceLine(p.runs))));
    for (const ps of tail) for (const p of ps) columns[labelOf(p)].push(pieceLine(p.runs));
    return { from, to, columns };
  }
  return null;
}

/** An item's mark opening a piece: a letter or a number and its stop ("M. Nonprofit", "3) …"). */
const ITEM_MARK = /^\s*([A-Za-z]|[0-9]{1,2})[.)]\s+\S/u;
/** Each half of the list holds at least this many items. */
const MIN_HALF_ITEMS = 3;

/** The count of an item's mark: its number, or its letter's place in the alphabet, with its kind. */
export function itemCount(text: string): ItemCount | null {
  const m = ITEM_MARK.exec(text);
  if (!m) return null;
  const t = m[1];
  if (/[0-9]/.test(t)) return { kind: 'number', n: Number(t) };
  const lower = t.toLowerCase();
  return { kind: t === lower ? 'lower' : 'upper', n: lower.charCodeAt(0) - 96 };
}

export interface ItemCount {
  kind: string;
  n: number;
}

/**
 * The items' counts of the parts of one list set side by side, left to right: each part holds MIN_HALF_ITEMS at
 * least, counting up by one, and each part's first item is the one after the last of the part before it.
 */
export function countsOn(parts: ItemCount[][]): boolean {
  const flat = parts.flat();
  return (
    parts.length >= 2 &&
    parts.every((cs) => cs.length >= MIN_HALF_ITEMS) &&
    flat.every((c, k) => k === 0 || (c.kind === flat[0].kind && c.n === flat[k - 1].n + 1))
  );
}

/** Pieces of one line taken as one (an item's mark, then its words at a tab). */
const join = (half: Piece[]): Piece => ({ start: half[0].start, text: half.map((p) => p.text).join(' '), runs: half.flatMap((p) => p.runs) });

/**
 * One list set in two halves side by side (a form's "A. State Government … L. Public/Indian Housing" beside "M.
 * Nonprofit … W. Non-domestic (non-US) Entity"): lines in one or two pieces parted where the right half starts, the
 * items of each half counting up by one, the right half's first item the one after the left half's last. Read across,
 * each line splices two items; read half by half, the list is whole and in its order.
 */
function listHalves(lines: Line[], pieces: Piece[][]): Nested | null {
  for (let i = 0; i + MIN_LINES <= lines.length; i++) {
    const first = pieces[i];
    if (first.length !== 2 || !itemCount(first[0].text) || !itemCount(first[1].text)) continue;
    const [leftX, rightX] = [first[0].start, first[1].start];
    const gap = GAP_EM * lines[i].size;
    const left: Piece[] = [];
    const right: Piece[] = [];
    let to = i - 1;
    for (let k = i; k < lines.length; k++) {
      if (k > i && lines[k].baseline - lines[k - 1].baseline > ADVANCE * Math.max(lines[k].size, lines[k - 1].size)) break;
      const ps = pieces[k];
      const l = ps.filter((p) => p.start < rightX - ALIGN);
      const r = ps.filter((p) => p.start >= rightX - ALIGN);
      // The left half ending short of the right one, nothing left of the list. (A half's item may stand in two pieces:
      // its mark, then its words at a tab.)
      if (l.some((p) => pieceEnd(p) > rightX - gap || p.start < leftX - ALIGN)) break;
      if (l.length) left.push(join(l));
      if (r.length) right.push(join(r));
      to = k;
    }
    const counts = (half: Piece[]) => half.map((p) => itemCount(p.text)).filter((c): c is ItemCount => c !== null);
    // Every item opens at its half's edge; turned lines stand indented under it.
    const opened = (half: Piece[], x: number) => half.every((p) => p.start >= x - ALIGN && (!itemCount(p.text) || Math.abs(p.start - x) <= ALIGN));
    if (to - i + 1 >= MIN_LINES && countsOn([counts(left), counts(right)]) && opened(left, leftX) && opened(right, rightX))
      return { from: i, to, columns: [left.map((p) => pieceLine(p.runs)), right.map((p) => pieceLine(p.runs))] };
  }
  return null;
}
