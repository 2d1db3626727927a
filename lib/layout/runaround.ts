/**
 * Text run around a box: a callout, a pull quote or a figure's title set inside a column, the column's lines
 * shortened beside it and running full width above and below it ("… is estimated to hold 1.44 │ A PLAY IS A GROUP OF
 * OIL"). The box's lines share baselines with the shortened lines, too few of them for a gutter, so read across each
 * line of the paragraph is spliced with a line of the box. A stretch of a column's lines that stand in two pieces
 * parted by a wide gap, one piece the column's text (starting at the column's edge, the lines above or below it
 * reaching across the gap) and the other the box's (two lines at least, following one another as a block's lines),
 * is read as the paragraph on its own, then the box, after the paragraph.
 */
import type { Line, Run } from '../types.js';
import { median, pieceLine, runsOfLine } from './lines.js';
import { type Piece, piecesOf } from './nested.js';
import { FIGURE_ONLY } from './words.js';

/** The gap between the text and the box: at least this many of the line's sizes. */
const GAP_EM = 1.5;
/** The box holds at least this many lines. */
const MIN_BOX_LINES = 2;
/** Lines of the box, and lines of the text beside it, follow one another at most this many of their sizes apart. */
const ADVANCE = 1.8;
/** The text's pieces start at the column's edge (the first line around the box) within this many of their sizes. */
const EDGE_EM = 1;
/** A line within this many lines of the stretch, above or below it, runs across the gap: the text goes round the box. */
const AROUND_LINES = 2;
/** The text beside the box is running text: its pieces hold at least this many words in the median. */
const MIN_TEXT_WORDS = 3;
/** Terms beside what they say hold at most this many words in the median ("imshow (img, map)"). */
const MAX_TERM_WORDS = 3;

export interface RunAround {
  /** Inclusive indices of the stretch's lines (the box's first line to its last). */
  from: number;
  to: number;
  /** The column's lines with the box's pieces taken out (lines of the box alone dropped). */
  text: Line[];
  /** The box's lines, top to bottom. */
  box: Line[];
  /** Index into `text` of the line after which the box is read: the last line of the paragraph it stands in. */
  after: number;
}

/** The box is read after the text's lines that follow one another at most this many times their usual step... */
const PARAGRAPH_STEP = 1.25;
/** ...up to a line set in this many of its sizes from the column's edge under one that is not: a paragraph's first. */
const INDENT_EM = 1;

/** A piece's words: its tokens holding a letter or a digit (a command's "( a , b )" is two words, not six). */
const words = (p: Piece) =>
  p.text
    .trim()
    .split(/\s+/)
    .filter((t) => /[\p{L}\p{N}]/u.test(t)).length;
const endOf = (p: Piece) => Math.max(...p.runs.map((r) => r.x1));
const lineOf = (p: Piece) => pieceLine(p.runs);

/** A run's type: its size (to half a point) and slant. */
const runType = (r: Run) => `${Math.round(r.size * 2) / 2}/${r.italic}`;
/** A piece's type: its first run's. */
const typeOf = (p: Piece) => runType(p.runs[0]);

/** A text line beside the box ends this many of its sizes at most past the text's shortened lines. */
const SAME_EDGE_EM = 0.5;
/** A box set in another type (a figure's caption in smaller italics) may stand this many of the line's sizes away. */
const STYLED_GAP_EM = 0.6;

/**
 * A line's pieces parted by GAP_EM of its size; a line in one piece parts where its type changes at a gap of
 * STYLED_GAP_EM at least, every run before in one type and every run after in another (a wrapped figure's caption,
 * "Abbildung 2: Werkzeugleiste", as near the text's shortened line as a justified line's word space).
 */
function piecesAround(line: Line): Piece[] {
  const pieces = piecesOf(line, GAP_EM);
  if (pieces.length !== 1) return pieces;
  const runs = [...pieces[0].runs].sort((a, b) => a.x0 - b.x0);
  const type = (k: number) => runType(runs[k]);
  for (let k = 1; k < runs.length; k++) {
    if (runs[k].x0 - runs[k - 1].x1 < STYLED_GAP_EM * line.size || type(k) === type(k - 1)) continue;
    const [left, right] = [runs.slice(0, k), runs.slice(k)];
    if (!left.every((_, j) => type(j) === type(0)) || !right.every((_, j) => type(k + j) === type(k))) return pieces;
    const piece = (rs: Run[]): Piece => ({ start: rs[0].x0, text: rs.map((r) => ` ${r.text}`).join(''), runs: rs });
    return [piece(left), piece(right)];
  }
  return pieces;
}

/** The first run-around box among a column's lines (top to bottom), on either side of the text, or null. */
export function findRunAround(lines: Line[]): RunAround | null {
  if (lines.length < MIN_BOX_LINES + 1) return null;
  const pieces = lines.map(piecesAround);
  const found = (['right', 'left'] as const).map((side) => findOnSide(lines, pieces, side)).filter((f): f is RunAround => f !== null);
  return found.sort((a, b) => a.from - b.from)[0] ?? null;
}

/** The first box set on one side of the column's text. */
function findOnSide(lines: Line[], pieces: Piece[][], side: 'right' | 'left'): RunAround | null {
  // The box's piece of a two-piece line, and the text's.
  const boxOf = (ps: Piece[]) => (side === 'right' ? ps[ps.length - 1] : ps[0]);
  const textOf = (ps: Piece[]) => (side === 'right' ? ps[0] : ps[ps.length - 1]);
  // A piece's edge toward the box's side of the column (`inner`), and the one toward the text's side (`outer`).
  const inner = (p: Piece) => (side === 'right' ? endOf(p) : p.start);
  const outer = (p: Piece) => (side === 'right' ? p.start : endOf(p));
  for (let i = 0; i < lines.length; i++) {
    if (pieces[i].length !== 2) continue;
    // The gap: between the text's inner edge and the box's (the box's inner edge faces the text: its outer one).
    let textFar = inner(textOf(pieces[i]));
    let boxNear = outer(boxOf(pieces[i]));
    const size = lines[i].size;
    const boxSide = (p: Piece) => (side === 'right' ? p.start >= boxNear - size : endOf(p) <= boxNear + size);
    // A text line ends short of the box by the gap, or no further than the text's lines beside the box end (a gap
    // narrowed by a change of type, piecesAround).
    const textSide = (p: Piece) =>
      side === 'right'
        ? endOf(p) <= Math.max(boxNear - GAP_EM * size, textFar + SAME_EDGE_EM * size)
        : p.start >= Math.min(boxNear + GAP_EM * size, textFar - SAME_EDGE_EM * size);
    const box: number[] = [i];
    const text: number[] = [i];
    let to = i;
    for (let k = i + 1; k < lines.length; k++) {
      const ps = pieces[k];
      let taken = false;
      if (ps.length === 2 && boxSide(boxOf(ps)) && textSide(textOf(ps))) {
        box.push(k);
        text.push(k);
        taken = true;
      } else if (ps.length === 1 && boxSide(ps[0])) {
        box.push(k);
        taken = true;
      } else if (ps.length === 1 && textSide(ps[0]) && k < lines.length - 1) {
        // A shortened line of the text between two of the box's.
        const ahead = pieces[k + 1];
        if ((ahead.length === 2 && boxSide(boxOf(ahead))) || (ahead.length === 1 && boxSide(ahead[0]))) {
          text.push(k);
          taken = true;
        }
      }
      if (!taken) break;
      to = k;
      if (ps.length === 2) {
        textFar = side === 'right' ? Math.max(textFar, inner(textOf(ps))) : Math.min(textFar, inner(textOf(ps)));
        boxNear = side === 'right' ? Math.min(boxNear, outer(boxOf(ps))) : Math.max(boxNear, outer(boxOf(ps)));
      }
    }
    while (to > i && !box.includes(to)) to--;
    // The box's first lines may stand alone over the first line it shares with the text (a caption's first line over
    // its turned line, level with the text's last shortened line): the box's too. Such a line is one of words (no stray
    // symbol of a formula, no logo's letters) in the box's own type, unlike the text's, a type's gap from the text:
    // centred, it may start nearer the text than its turned line, and a short last line of the paragraph above, at the
    // column's edge, stands on the box's side of a box set on the left.
    const boxType = typeOf(boxOf(pieces[i]));
    const overBox = (p: Piece) =>
      words(p) >= MIN_TEXT_WORDS &&
      typeOf(p) === boxType &&
      boxType !== typeOf(textOf(pieces[i])) &&
      (side === 'right' ? p.start >= textFar + STYLED_GAP_EM * size : endOf(p) <= textFar - STYLED_GAP_EM * size);
    let from = i;
    while (
      from > 0 &&
      pieces[from - 1].length === 1 &&
      overBox(pieces[from - 1][0]) &&
      lines[from].baseline - lines[from - 1].baseline <= ADVANCE * Math.max(lines[from].size, lines[from - 1].size)
    )
      from--;
    for (let k = i - 1; k >= from; k--) box.unshift(k);
    const boxLines = box.filter((k) => k <= to);
    const textLines = text.filter((k) => k <= to);
    if (boxLines.length < MIN_BOX_LINES) {
      i = to;
      continue;
    }
    const follow = (ks: number[]) =>
      ks.every((k, j) => j === 0 || lines[k].baseline - lines[ks[j - 1]].baseline <= ADVANCE * Math.max(lines[k].size, lines[ks[j - 1]].size));
    const boxPieces = boxLines.map((k) => (pieces[k].length === 2 ? boxOf(pieces[k]) : pieces[k][0]));
    const textPieces = textLines.map((k) => (pieces[k].length === 2 ? textOf(pieces[k]) : pieces[k][0]));
    // The text around: a line just above or below the stretch, starting at the text's edge, runs across the gap.
    const textEdge = median(textPieces.map(outer));
    const around = [...lines.slice(Math.max(0, from - AROUND_LINES), from), ...lines.slice(to + 1, to + 1 + AROUND_LINES)].filter((l) => {
      const [x0, x1] = [l.bbox[0], l.bbox[2]];
      const atEdge = Math.abs((side === 'right' ? x0 : x1) - textEdge) <= EDGE_EM * l.size;
      const mid = (textFar + boxNear) / 2;
      return atEdge && x0 < mid && x1 > mid;
    });
    // The text beside the box is set as the lines around it are, and the box otherwise (larger, bolder): what
    // tells which side is which when both start at an edge of the column.
    const style = (ps: Piece[]) => {
      const runs = ps.flatMap((p) => p.runs);
      return `${Math.round(median(runs.map((r) => r.size)))}/${runs.filter((r) => r.bold).length * 2 > runs.length}`;
    };
    const aroundStyle = style(around.map((l) => ({ start: 0, text: '', runs: runsOfLine(l) })));
    // A box set as the text is (a photograph's caption centred under it, in the text's type) is told from the text by
    // where it stands: clear of the column's far edge, which the lines around it reach, and under the picture: the two
    // lines over the stretch, one after the other, shortened as the text's lines beside the box are, nothing beside them.
    const far = side === 'right' ? Math.max(...around.map((l) => l.bbox[2])) : Math.min(...around.map((l) => l.bbox[0]));
    const shortAbove = (k: number) =>
      k >= 0 &&
      pieces[k].length === 1 &&
      lines[k + 1].baseline - lines[k].baseline <= ADVANCE * Math.max(lines[k].size, lines[k + 1].size) &&
      Math.abs(inner(pieces[k][0]) - textFar) <= EDGE_EM * size &&
      Math.abs(outer(pieces[k][0]) - textEdge) <= EDGE_EM * size;
    const offEdge =
      around.length > 0 && boxPieces.every((p) => Math.abs(far - inner(p)) >= EDGE_EM * size) && shortAbove(from - 1) && shortAbove(from - 2);
    const styled = around.length > 0 && style(textPieces) === aroundStyle && (style(boxPieces) !== aroundStyle || offEdge);
    const onEdge = textPieces.every((p) => Math.abs(outer(p) - textEdge) <= EDGE_EM * size);
    const running = median(textPieces.map(words)) >= MIN_TEXT_WORDS;
    // As many lines of the box as of the text beside it, the text's a few words, terser than the box's: a list of
    // terms beside what they say (a reference card's "imshow (img, map)   display Octave image"), read line by line,
    // not text around a box.
    const termWords = median(textPieces.map(words));
    const terms = boxLines.length === textLines.length && termWords <= MAX_TERM_WORDS && termWords < median(boxPieces.map(words));
    const cells = [...boxPieces, ...textPieces].some((p) => FIGURE_ONLY.test(p.text));
    if (!styled || !onEdge || !running || terms || cells || !follow(boxLines) || !follow(textLines)) {
      i = to;
      continue;
    }
    const boxSet = new Set(boxLines);
    const out: Line[] = [];
    let after = -1;
    lines.forEach((l, k) => {
      if (k < from || k > to) out.push(l);
      else if (textLines.includes(k)) out.push(boxSet.has(k) ? lineOf(textOf(pieces[k])) : l);
      if (k === to) after = out.length - 1;
    });
    // The box is read after the paragraph it stands in: up to the first line after the stretch that is followed by a
    // wider space than the text's lines leave (or that ends the column).
    // (Beside a box of one shortened line, the column's own step between its lines.)
    const steps = (ks: number[]) => ks.slice(1).map((k, j) => lines[k].baseline - lines[ks[j]].baseline);
    const step = median(steps(textLines)) || median(steps(lines.map((_, k) => k)).filter((d) => d > 0 && d <= ADVANCE * size)) || ADVANCE * size;
    // A line set in from the column's edge opens the next paragraph too (paragraphs parted by their first lines' indent).
    const edge = Math.min(...out.map((l) => l.bbox[0]));
    while (
      after + 1 < out.length &&
      out[after + 1].baseline - out[after].baseline <= PARAGRAPH_STEP * step &&
      !(out[after + 1].bbox[0] - edge >= INDENT_EM * out[after + 1].size && out[after].bbox[0] - edge < INDENT_EM * out[after].size)
    )
      after++;
    return { from, to, text: out, box: boxPieces.map(lineOf), after };
  }
  return null;
}
