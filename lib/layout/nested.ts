/**
 * Columns inside a column: a box in one column of the page holding short columns of its own side by side, each under
 * a name set larger (a fact sheet's "ONRR / BLM / IRS", a few lines under each). The page's gutter pass sees the box's
 * rows as lines of its column and reads them across, splicing the short columns line by line. A stretch of a column's
 * lines that stand in pieces parted by wide gaps, at the same places, under a first line of names set larger, none of
 * the pieces holding a figure (a table's cells do), is read short column by short column (page.ts).
 */
import type { Line, Run } from '../types.js';
import { median, pieceLine, runsOfLine } from './lines.js';

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
/** A piece holding a figure (an amount, a measure, a percentage): a table's cell. */
const FIGURE = /\p{Nd}/u;

export interface Piece {
  start: number;
  text: string;
  runs: Run[];
}

/** A line's pieces: its runs joined across gaps narrower than `gapEm` of its sizes. */
export function piecesOf(line: Line, gapEm = GAP_EM): Piece[] {
  const runs = runsOfLine(line)
    .slice()
    .sort((a, b) => a.x0 - b.x0);
  const pieces: Piece[] = [];
  let end = -Infinity;
  for (const r of runs) {
    if (r.x0 - end >= gapEm * line.size) pieces.push({ start: r.x0, text: '', runs: [] });
    const p = pieces[pieces.length - 1];
    p.text += ` ${r.text}`;
    p.runs.push(r);
    end = Math.max(end, r.x1);
  }
  return pieces;
}

/** A piece's middle across. */
const middle = (p: Piece) => {
  const x1 = Math.max(...p.runs.map((r) => r.x1));
  return (p.start + x1) / 2;
};

/** The size of a line's own type: its largest run on its baseline (note calls set above it do not make it smaller). */
function ownSize(line: Line): number {
  const own = runsOfLine(line).filter((r) => Math.abs(r.baseline - line.baseline) <= 0.15 * r.size);
  return own.length ? Math.max(...own.map((r) => r.size)) : line.size;
}

/**
 * The first stretch of a column's lines that is short columns of its own, as indices into `lines`, with the lines of
 * each short column (left to right), or null.
 */
export function nestedBlock(lines: Line[]): { from: number; to: number; columns: Line[][] } | null {
  const pieces = lines.map((l) => piecesOf(l));
  for (let i = 0; i + MIN_LINES <= lines.length; i++) {
    if (pieces[i].length < 2) continue;
    // Each short column's pieces start where its name starts, or are centred under it (a card's figure over its
    // label).
    const anchors = pieces[i].map((p) => [p.start, middle(p)]);
    const anchorOf = (p: Piece) => {
      const m = middle(p);
      return anchors.findIndex(([start, mid]) => Math.abs(start - p.start) <= ALIGN || Math.abs(mid - m) <= ALIGN);
    };
    const follows = (k: number) => lines[k].baseline - lines[k - 1].baseline <= ADVANCE * Math.max(lines[k].size, lines[k - 1].size);
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
    // The names may be figures (a card's amount over its label); the lines under them hold none, as a table's cells do.
    const figures = pieces.slice(i + 1, to + 1).some((ps) => ps.some((p) => FIGURE.test(p.text)));
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
