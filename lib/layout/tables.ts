/**
 * Tables that nothing crosses: a run of rows whose cells line up in three or more columns and are short for their
 * column (seed 003: "at least 3 lines share 3+ column start positions"). Found on the whole page before the gutter
 * pass, so a table's own column gaps are never taken for gutters between text columns.
 */
import type { Interval, Run } from '../types.js';
import { displayFormula } from './formulas.js';
import { pieceRuns, type InkRow } from './gutters.js';
import { median } from './lines.js';
import { countsOn, itemCount } from './nested.js';
import { BULLET_CHARS } from './markers.js';
import { inkIntervals, type Row } from './rows.js';
import { columnLines, sideText, type SideLine } from './sides.js';
import { FIGURE_ONLY, UNSPACED_CHARS, wordCount } from './words.js';
import { CAPTION_WORDS } from '../document/captions.js';

/** A caption label opening a line: "Table 1.", "Figure 2:", "Fig. 3", "Exhibit IV". */
export const CAPTION_LABEL = /^(table|tab\.|figure|fig\.|exhibit|chart|scheme)\s*[\dIVX]+[a-z]?([.:]|\s)/iu;
/**
 * A caption's label opening a piece: "Figure 1.3 –", "Fig. 2:", "Tabelle 4", "表 1" (a caption word and a number), or
 * a float's label in any language of captions.ts (captionsBeside reads subfigures' "(a) " too).
 */
export const FLOAT_LABEL = new RegExp(
  String.raw`^(?:fig(?:ure)?|table|tab|chart|plate|exhibit|scheme|listing|algorithm|${CAPTION_WORDS})\.?\s*(?:\p{Nd}+|[IVX]+)(?:[-–.]\p{Nd}+)*[a-z]?(?=[\s.:：–—-]|$)`,
  'iu',
);

/**
 * Runs (left to right) that open with a float's label standing as a label: alone, before a stop ("Table 3.", "Figure
 * 2:"), or in a run of its own (a bold "Table 3" before the caption's words), not a sentence's subject ("Table 3
 * shows …").
 */
export function opensWithLabel(runs: Run[]): boolean {
  const text = runs
    .map((r) => r.text)
    .join(' ')
    .trim();
  const m = FLOAT_LABEL.exec(text);
  if (!m) return false;
  return /^\s*($|[.:：–—|])/u.test(text.slice(m[0].length)) || runs[0].text.trim() === m[0];
}

/** Cells are separated by gaps of at least this many body ems; word spaces in prose are narrower. */
export const CELL_GAP_EM = 1.0;
/** A table needs at least this many consecutive rows... */
const MIN_TABLE_ROWS = 3;
/** ...with pieces in at least this many shared columns... */
const MIN_TABLE_COLUMNS = 3;
/** ...that are short for their column: the median piece fills at most this share of its column's width... */
const MAX_CELL_FILL = 0.75;
/** ...and no column is filled like a column of prose (lines nearly as wide as the column, a column at least
 * PROSE_COLUMN_EM wide: a narrow column of row labels, "K", "Mn", "Cl", fills its width too). */
const MAX_COLUMN_FILL = 0.8;
const PROSE_COLUMN_EM = 8;
/** A block whose cells are at least this share figures is a table of figures: their fill does not count. */
const FIGURE_CELLS = 0.6;
/** Rows of one table are at most this many body ems apart (baseline to baseline). */
const MAX_ROW_ADVANCE_EM = 3;

export interface TableBlock {
  /** Inclusive indices into the rows given. */
  from: number;
  to: number;
  /** The block is a row of heads over the page's columns (headsOverColumns): masked for the gutter pass as a table
   * is, then read as the first lines of the columns under it (zones.ts headsOnColumns). */
  heads?: boolean;
}

function columnsOf(pieces: Interval[]): Interval[] {
  const sorted = [...pieces].sort((a, b) => a[0] - b[0]);
  const cols: Interval[] = [];
  for (const p of sorted) {
    const last = cols[cols.length - 1];
    if (last && p[0] <= last[1]) last[1] = Math.max(last[1], p[1]);
    else cols.push([p[0], p[1]]);
  }
  return cols;
}

/** The gaps between columns left to right: the gutters that part them. */
const gapsBetween = (cols: Interval[]): Interval[] => cols.slice(1).map((c, k) => [cols[k][1], c[0]]);

/**
 * Lists set side by side (a slide's three columns of arrow items) line up like a table: each list is a column whose
 * cells begin with the list's marker (the marker a cell of its own, or its item's first word's neighbour), the item's
 * next lines under them. A table may bullet the cells of one column; lists side by side bullet two or more. Check
 * marks and dashes for empty cells are data, not markers; the private-use code points are the symbol fonts' bullets
 * (Wingdings, Symbol).
 */
export const LIST_MARKER = new RegExp(`^[${BULLET_CHARS}]`, 'u');
/** Each list's column holds at least this many items. */
const MIN_LIST_ITEMS = 2;
/** At least this many columns are lists. */
const MIN_LISTS = 2;

/** Columns of the block whose pieces begin with a list marker in at least MIN_LIST_ITEMS rows. */
function listColumns(block: Interval[][], cols: Interval[], runs: Run[][]): number {
  const items = cols.map(() => 0);
  block.forEach((row, k) =>
    row.forEach((p) => {
      const first = runs[k].filter((r) => r.x1 > p[0] && r.x0 < p[1]).sort((a, b) => a.x0 - b.x0)[0];
      if (first && LIST_MARKER.test(first.text.trimStart())) items[cols.findIndex((c) => p[0] >= c[0] && p[1] <= c[1])]++;
    }),
  );
  return items.filter((n) => n >= MIN_LIST_ITEMS).length;
}

function isTable(block: Interval[][], bodySize: number, runs: Run[][]): boolean {
  const cols = columnsOf(block.flat());
  if (cols.length < MIN_TABLE_COLUMNS) return false;
  if (listColumns(block, cols, runs) >= MIN_LISTS) return false;
  const fills: number[][] = cols.map(() => []);
  for (const row of block) {
    for (const p of row) {
      const j = cols.findIndex((c) => p[0] >= c[0] && p[1] <= c[1]);
      fills[j].push((p[1] - p[0]) / Math.max(1e-6, cols[j][1] - cols[j][0]));
    }
  }
  // Cells of figures fill their columns, the figures set to one width: a full grid of them (every row a cell in every
  // column, one each) is a table of results whatever its fill.
  const grid = block.every((row) => row.length === cols.length);
  const figures = block.reduce(
    (n, row, k) =>
      n +
      row.filter((p) =>
        FIGURE_ONLY.test(
          runs[k]
            .filter((r) => r.x1 > p[0] && r.x0 < p[1])
            .map((r) => r.text)
            .join(' '),
        ),
      ).length,
    0,
  );
  if (median(fills.flat()) > MAX_CELL_FILL && !(grid && figures >= FIGURE_CELLS * block.flat().length)) return false;
  if (fills.some((f, j) => f.length >= MIN_TABLE_ROWS && median(f) > MAX_COLUMN_FILL && cols[j][1] - cols[j][0] >= PROSE_COLUMN_EM * bodySize))
    return false;
  // Most rows have cells in most columns.
  const hits = block.map((row) => new Set(row.map((p) => cols.findIndex((c) => p[0] >= c[0] && p[1] <= c[1]))).size);
  return median(hits) >= Math.min(MIN_TABLE_COLUMNS, cols.length);
}

/**
 * A piece of a row this many body ems wide, holding this many words, is a line of prose: a row carrying one (a text
 * column's line level with a table in the other column) is not a table row.
 */
const PROSE_PIECE_EM = 15;
const PROSE_PIECE_WORDS = 6;

export function hasProsePiece(runs: Run[], bridge: number, bodySize: number): boolean {
  let x0 = Infinity;
  let x1 = -Infinity;
  let words = 0;
  const prose = () => x1 - x0 >= PROSE_PIECE_EM * bodySize && words >= PROSE_PIECE_WORDS;
  for (const r of runs) {
    if (r.x0 - x1 >= bridge) {
      if (prose()) return true;
      x0 = r.x0;
      words = 0;
    }
    x0 = Math.min(x0, r.x0);
    x1 = Math.max(x1, r.x1);
    words += r.text.split(' ').filter(Boolean).length;
  }
  return prose();
}

/** Pieces ending in a word broken at a hyphen: at least this many, and one in every this many rows. */
const MIN_BROKEN = 2;
const ROWS_PER_BROKEN = 2;

/**
 * Lines of justified columns side by side (a tri-fold's three panels level for a few lines, their word spaces as wide
 * as a table's gaps) are no table: their pieces end in words broken at the measure ("lang-", "Ver-"), as a table's
 * cells seldom do.
 */
function brokenWords(block: Interval[][], runs: Run[][]): boolean {
  let broken = 0;
  block.forEach((row, k) => {
    for (const p of row) {
      const last = runs[k].filter((r) => r.x1 > p[0] && r.x0 < p[1]).sort((a, b) => b.x1 - a.x1)[0];
      if (last && /\p{L}[-\u00ad]$/u.test(last.text.trimEnd())) broken++;
    }
  });
  return broken >= MIN_BROKEN && broken * ROWS_PER_BROKEN >= block.length;
}

/** Listings side by side are parted by gaps of at least this many of their sizes (zones.ts' listingsBeside too). */
export const LISTINGS_GAP_EM = 6;

/**
 * Lines of code listings set side by side (a leaflet's panels of code, level for a few lines) are no table: every
 * run fixed-pitch, the pieces wide apart, and a row of the listings just above or below the block, a line apart, not
 * in it (a line holding a few words, or blank in some panels) that is fixed-pitch too and stands in two of the
 * block's columns at least: the listings go on past the rows where they happen to line up.
 */
function listingsSideBySide(rows: InkRow[], from: number, to: number, pieces: Interval[][]): boolean {
  const block = rows.slice(from, to + 1);
  if (!block.every((r) => r.row.runs.every((run) => run.mono))) return false;
  const size = median(block.map((r) => r.row.size));
  const wide = pieces.slice(from, to + 1).every((row) => row.every((p, k) => k === 0 || p[0] - row[k - 1][1] >= LISTINGS_GAP_EM * size));
  if (!wide) return false;
  const cols = columnsOf(pieces.slice(from, to + 1).flat());
  const goesOn = (k: number, near: number) => {
    const r = rows[k];
    if (!r || Math.abs(r.row.baseline - rows[near].row.baseline) > MAX_ROW_ADVANCE_EM * size) return false;
    if (!r.row.runs.every((run) => run.mono)) return false;
    return cols.filter((c) => pieces[k].some((p) => p[0] < c[1] && p[1] > c[0])).length >= 2;
  };
  return goesOn(from - 1, from) || goesOn(to + 1, to);
}

/** A column of a glossary or an index holds this many entries at least in the block. */
const MIN_SORTED_ENTRIES = 3;
/** An entry's sort key: its letters and digits, in lower case (dictionaries sort past spaces and punctuation). */
const sortKey = (text: string) =>
  text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^\p{L}\p{Nd}]/gu, '');

/**
 * The columns of a glossary or an index set side by side, whose entries happen to stand level with each other for a
 * few rows: each column's entries (the ones opening with a letter of a cased script; a translation under each in
 * Chinese does not count) in alphabetical order down the column, and the order running on from the foot of one column
 * to the top of the next. A table's columns are not sorted so, one after the other; read across, such rows splice
 * three entries of the alphabet's three stretches into one row. The columns are those the gutters part.
 */
export function sortedDownColumns(rows: InkRow[], gutters: Interval[]): boolean {
  if (gutters.length === 0) return false;
  const entries = Array.from({ length: gutters.length + 1 }, (_, k) =>
    columnLines(rows, gutters, k)
      .map((l) =>
        l.runs
          .map((q) => q.text)
          .join(' ')
          .trim(),
      )
      .filter((text) => /^[\p{Lu}\p{Ll}]/u.test(text))
      .map(sortKey),
  );
  if (entries.some((e) => e.length < MIN_SORTED_ENTRIES)) return false;
  const all = entries.flat();
  return all.every((key, k) => k === 0 || all[k - 1] <= key);
}

/** A column of a numbered list holds this many numbered entries at least... */
const MIN_NUMBERED_ENTRIES = 4;
/** ...and of the steps from one entry's number to the next one's down the column, at least this share go up. */
const ASCENDING_SHARE = 0.8;
/** Lines on baselines of their own: the rows number at least this many times the lines of the longest column. */
const STAGGERED_ROWS = 1.5;
/** An entry's number: the line's first word, digits only ("375 False Claims Act"; not "1.", "(a)" or "26 USC" alone). */
const ENTRY_NUMBER = /^(\p{Nd}{1,6})\s+\S/u;

/**
 * A caption's divider set as type: a closing bracket or a section sign, alone or opening a piece or closing one, one
 * above the other at one place beside a gutter over many rows (a court order's column of "]" between the parties and
 * the court below with the case number; Texas filings set "§"). The parties' terse lines ("Plaintiffs-Appellants,",
 * "v.") beside the court's look like a table's cells, but each side is a block read on its own. Fixed-pitch pieces
 * are left out (a text table's ruled cells), and so are colons: keys and their values are read across.
 */
const DIVIDER = /[)\]§]/u;
/** The divider stands in at least this many rows, within this share of a size of one place... */
const DIVIDER_ROWS = 5;
const DIVIDER_ALIGN = 0.25;
/** ...and in at least this share of the rows from its first to its last. */
const DIVIDER_SHARE = 0.6;

export function captionDivider(rows: InkRow[], gutters: Interval[]): boolean {
  const places: { row: number; x: number; size: number }[] = [];
  rows.forEach((r, i) => {
    for (const run of r.row.runs) {
      if (run.mono) continue;
      const t = run.text;
      const opens = DIVIDER.test(t[0]) && (t.length === 1 || /\s/u.test(t[1]));
      const closes = !opens && t.length > 2 && DIVIDER.test(t[t.length - 1]) && /\s/u.test(t[t.length - 2]);
      if (!opens && !closes) continue;
      const x = opens ? run.x0 : run.x1;
      if (!gutters.some((g) => x >= g[0] - run.size && x <= g[1] + run.size)) continue;
      places.push({ row: i, x, size: run.size });
      break;
    }
  });
  if (places.length < DIVIDER_ROWS) return false;
  const at = median(places.map((p) => p.x));
  const stack = places.filter((p) => Math.abs(p.x - at) <= DIVIDER_ALIGN * p.size);
  if (stack.length < DIVIDER_ROWS) return false;
  const span = stack[stack.length - 1].row - stack[0].row + 1;
  return stack.length >= DIVIDER_SHARE * span;
}

/**
 * Lists of numbered entries set in three columns or more, each column on baselines of its own (a court's cover sheet
 * lists its case types by number under headings in six columns; a code list of a tax form). Each column's numbers go
 * up down the column, but for a step or two where a new heading starts a new run, and the lines of the columns do not
 * stand level: there are half again as many rows as the longest column has lines. A table's rows stand level, cell
 * beside cell, and its columns of figures are not all sorted. Read across, such rows splice entries of six headings
 * into one row; each column is read down instead.
 */
/**
 * Columns of text side by side, each on baselines of its own (a slide's four columns of short paragraphs under their
 * heads): three columns or more, each of MIN_STAGGERED_LINES lines at least, and the rows are STAGGERED_TEXT_ROWS
 * times as many as the longest column's lines. A table's cells stand level, row by row; cells centred in their row
 * against a neighbour of two lines stand half a line off, which makes half again as many rows at most. Every column
 * holds words, two to its median line at least.
 */
const STAGGERED_TEXT_ROWS = 1.75;
const MIN_STAGGERED_LINES = 3;

export function staggeredColumns(rows: InkRow[], gutters: Interval[]): boolean {
  if (gutters.length < 2) return false;
  const columns = Array.from({ length: gutters.length + 1 }, (_, k) => columnLines(rows, gutters, k));
  if (columns.some((c) => c.length < MIN_STAGGERED_LINES)) return false;
  if (rows.length < STAGGERED_TEXT_ROWS * Math.max(...columns.map((c) => c.length))) return false;
  // Every column is of words: its median line holds two words or more (a table's column of codes, "kmr", "cv12",
  // "G,O,T", beside its glyph samples set on baselines of their own, is a table's still).
  return columns.every((lines) => median(lines.map((l) => wordCount(sideText(l)))) >= 2);
}

/**
 * Sentences running down columns set level with each other (a slide's timeline: six boxes side by side, each a
 * sentence wrapped over eight short lines, "Four IT / accessibility / recommendations / approved by the …"): line
 * after line, at a paragraph's advance, goes on in lower case with the sentence of the line above. Read across, each
 * row splices six sentences; each column is read down instead. A table's cells open each row anew: a column of
 * figures, names, codes or addresses has few lines running on, if any, and its rows open in every column at once,
 * row after row (a table of wrapped phrases, "Protein coding DNA / sequences" beside "FASTA", opens its columns
 * together at each row). Three columns or more, every column of RUNNING_MIN_LINES lines or more carrying
 * RUNNING_MIN_ON lines that run on (in lower case, or with "&"; one in a column of three lines, a diagram's box of a
 * wrapped phrase) and at least RUNNING_SHARE of its lines that follow the one above at a paragraph's
 * advance (lines in capitals aside: the labels under a row of icons further down the column follow one another too;
 * lines mostly in a fixed-pitch face aside: a command is no sentence), one line of figures at most (a sentence's
 * "508"); and at most MAX_OPENINGS rows where every column with a line opens anew (the heads' row, the sentences'
 * first).
 */
const RUNNING_MIN_LINES = 3;
const RUNNING_MIN_ON = 2;
const RUNNING_SHARE = 0.4;
const RUNNING_MAX_FIGURES = 1;
const MAX_OPENINGS = 2;
/** A line goes on from the one above at most this many of its sizes below it. */
const RUNNING_ADVANCE = 1.6;
/** A word in lower case, two letters at least: not an address, a file name or a symbol font's check mark ("þ"). */
const RUNS_ON = /^\p{Ll}[\p{Ll}'’-]+(?=$|[\s,;:!?)]|\.(?!\p{L}))/u;
/** A line going on with the phrase above: a word in lower case (RUNS_ON), or an ampersand ("& tested locally"). */
const GOES_ON = new RegExp(`${RUNS_ON.source}|^&\\s`, 'u');

export function sentencesDownColumns(rows: InkRow[], gutters: Interval[]): boolean {
  if (gutters.length < 2) return false;
  const columns = Array.from({ length: gutters.length + 1 }, (_, k) => columnLines(rows, gutters, k));
  // Each line's text, and whether it takes part: not in capitals (nor in a script without case), not code.
  const text = new Map<SideLine, string>();
  const plain = new Set<SideLine>();
  const chars = (runs: SideLine['runs']) => runs.reduce((n, q) => n + q.text.length, 0);
  for (const l of columns.flat()) {
    const t = l.runs
      .map((q) => q.text)
      .join(' ')
      .trim();
    text.set(l, t);
    if (t !== t.toUpperCase() && 2 * chars(l.runs.filter((q) => q.mono)) < chars(l.runs)) plain.add(l);
  }
  let running = 0;
  for (const lines of columns) {
    if (lines.length < RUNNING_MIN_LINES) continue;
    if (lines.filter((l) => FIGURE_ONLY.test(text.get(l)!)).length > RUNNING_MAX_FIGURES) return false;
    let on = 0;
    let near = 0;
    for (let i = 1; i < lines.length; i++) {
      if (lines[i].row.baseline - lines[i - 1].row.baseline > RUNNING_ADVANCE * lines[i].row.size || !plain.has(lines[i])) continue;
      near++;
      if (GOES_ON.test(text.get(lines[i])!)) on++;
    }
    // (A column of three lines, a phrase wrapped in a diagram's box, needs one line going on.)
    if (on < Math.min(RUNNING_MIN_ON, lines.length - 2) || on < RUNNING_SHARE * near) return false;
    running++;
  }
  if (running < 3) return false;
  // Rows where every column with a taking-part line there opens it anew (a capital, a figure), two columns at least.
  const byRow = new Map<Row, SideLine[]>();
  for (const l of plain) {
    const here = byRow.get(l.row);
    if (here) here.push(l);
    else byRow.set(l.row, [l]);
  }
  let openings = 0;
  for (const here of byRow.values()) if (here.length >= 2 && here.every((l) => !/^\p{Ll}/u.test(text.get(l)!))) openings++;
  return openings <= MAX_OPENINGS;
}

/** Blocks drawn one after the other: each side holds at least this many lines of two words or more... */
const DRAWN_MIN_LINES = 3;
/** ...the content stream passes from one side to the other at most this many times (a running foot drawn first)... */
const DRAWN_MAX_SWITCHES = 2;
/** ...and less than this share of the rows holding text holds text on both sides. */
const DRAWN_LEVEL_SHARE = 0.5;

/**
 * Two blocks side by side, drawn one after the other, most of their lines on rows of their own, some on each side,
 * some level with each other (a court caption: the parties' names left, paragraph by paragraph, the case number and
 * the order's title right, in one block across them): blocks, not a table's columns. A table's cells are drawn row
 * by row, and its rows hold cells on both sides; a table drawn in an order of its own (redrawn row by row, or at
 * random) stays a table. (An OCR layer's order is its engine's, which may take a table's columns as blocks: a table
 * whose cells wrap on one side only, a glossary, has no rows of its own on the other.)
 */
export function drawnSideBySide(rows: InkRow[], gutters: Interval[]): boolean {
  if (gutters.length !== 1) return false;
  const [g0, g1] = gutters[0];
  const sideOf = (q: Run) => (q.x1 <= g0 + 0.5 ? 0 : q.x0 >= g1 - 0.5 ? 1 : -1);
  // Each side's lines of two words or more (a chart's labels, "Year", "2022", beside a paragraph are no block), and
  // those on rows of their own: each side has one at least (a glossary's terms, each level with its definition's
  // first line, have none; its definitions' turned lines are a table's wrapped cells).
  const lines = [0, 0];
  const alone = [0, 0];
  let level = 0;
  let held = 0;
  const runs: Run[] = [];
  for (const r of rows) {
    const sides = new Set(r.row.runs.map(sideOf));
    if (sides.has(-1)) continue;
    held++;
    for (const k of sides) {
      const words = wordCount(
        r.row.runs
          .filter((q) => sideOf(q) === k)
          .map((q) => q.text)
          .join(' '),
      );
      if (words < 2) continue;
      lines[k]++;
      if (sides.size === 1) alone[k]++;
    }
    if (sides.size === 2) level++;
    runs.push(...r.row.runs);
  }
  if (Math.min(...lines) < DRAWN_MIN_LINES || Math.min(...alone) === 0 || level === 0 || level >= DRAWN_LEVEL_SHARE * held) return false;
  runs.sort((a, b) => a.stream - b.stream);
  let switches = 0;
  for (let i = 1; i < runs.length; i++) if (sideOf(runs[i]) !== sideOf(runs[i - 1])) switches++;
  return switches <= DRAWN_MAX_SWITCHES;
}

/** A column's median line holds this many Chinese or Japanese characters at least. */
const CJK_TEXT_CHARS = 8;
const CJK_TEXT = new RegExp(`[${UNSPACED_CHARS}]`, 'gu');
/** A column's lines of its text's size are within this share of its median size. */
const CJK_SIZE_EPS = 0.1;
const CJK_SENTENCE_END = /[。．！？!?.]\s*$/u;

/**
 * Columns of Chinese or Japanese text (a paragraph wrapped round a figure set in its middle, its lines parted in two
 * columns either side of it): every column of RUNNING_MIN_LINES lines or more, two at least, holds
 * CJK_TEXT_CHARS characters or more to its median line, and its lines fill the column's width to within a size (the
 * script wraps at any character, so its text fills every line), the last too but in the last column, where it ends
 * no sentence: the paragraph goes on at the next column's top. A table's cells end where their texts do, each column's
 * with its sentence ("全ての人です。"). `sentencesDownColumns` asks for lower case, which these scripts do not have.
 */
export function cjkTextColumns(rows: InkRow[], gutters: Interval[]): boolean {
  // Each column's lines in its text's size (a figure's label in large type beside them is no line of the text).
  // (A line's size is its own runs', not its row's across the page.)
  const sizeOf = (l: SideLine) => Math.max(...l.runs.map((q) => q.size));
  const textLines = (lines: SideLine[]) => {
    const size = median(lines.map(sizeOf));
    return lines.filter((l) => Math.abs(sizeOf(l) - size) <= CJK_SIZE_EPS * size);
  };
  const columns = Array.from({ length: gutters.length + 1 }, (_, k) => textLines(columnLines(rows, gutters, k))).filter(
    (lines) => lines.length >= RUNNING_MIN_LINES,
  );
  if (columns.length < 2) return false;
  return columns.every((lines, k) => {
    if (median(lines.map((l) => sideText(l).match(CJK_TEXT)?.length ?? 0)) < CJK_TEXT_CHARS) return false;
    const right = Math.max(...lines.map((l) => l.x1));
    const last = k === columns.length - 1;
    const full = (last ? lines.slice(0, -1) : lines).every((l) => right - l.x1 <= sizeOf(l));
    return full && (last || !CJK_SENTENCE_END.test(sideText(lines[lines.length - 1])));
  });
}

/**
 * One list set in parts side by side, a part in each column, its items counting on from column to column ("A." to
 * "L." in the first, "M." to "W." in the second, a form's types of applicant): no table, its rows splice two items.
 */
export function countedListParts(rows: InkRow[], gutters: Interval[]): boolean {
  const parts = Array.from({ length: gutters.length + 1 }, (_, k) =>
    columnLines(rows, gutters, k).flatMap((l) => {
      const c = itemCount(sideText(l));
      return c ? [c] : [];
    }),
  );
  return countsOn(parts);
}

export function numberedListColumns(rows: InkRow[], gutters: Interval[]): boolean {
  if (gutters.length < 2) return false;
  const columns = Array.from({ length: gutters.length + 1 }, (_, k) => columnLines(rows, gutters, k));
  if (rows.length < STAGGERED_ROWS * Math.max(...columns.map((c) => c.length))) return false;
  return columns.every((lines) => {
    const numbers = lines.flatMap((l) => {
      const m = ENTRY_NUMBER.exec(sideText(l).trim());
      return m ? [Number(m[1])] : [];
    });
    if (numbers.length < MIN_NUMBERED_ENTRIES) return false;
    let up = 0;
    for (let k = 1; k < numbers.length; k++) if (numbers[k] > numbers[k - 1]) up++;
    return up >= ASCENDING_SHARE * (numbers.length - 1);
  });
}

/** A justified line's word spaces: at least this many gaps in a row between pieces at most this many of the row's
 * sizes apart (a table's gaps are wider), each gap within this share of their median... */
const EVEN_GAPS = 3;
const EVEN_MAX_EM = 2;
const EVEN_TOLERANCE = 0.12;
/** ...parting words of different widths (the longest at least this many times the shortest). */
const EVEN_WIDTHS = 1.5;

/**
 * A row holding a line of words spread to its measure: a narrow panel's justified line sets its word spaces as wide
 * as a table's gaps, and its pieces are words. Its spaces are all alike, whatever the words' widths; a table's gaps
 * are what its columns leave after each cell, as wide as the cells are short of their column, and vary from cell to
 * cell. The row's pieces are taken in groups parted by wider gaps (the panels' lines level with each other).
 */
function evenlySpaced(pieces: Interval[], size: number): boolean {
  const even = (group: Interval[]) => {
    if (group.length < EVEN_GAPS + 1) return false;
    const gaps = group.slice(1).map((p, k) => p[0] - group[k][1]);
    const mid = median(gaps);
    if (!gaps.every((g) => Math.abs(g - mid) <= EVEN_TOLERANCE * mid)) return false;
    const widths = group.map((p) => p[1] - p[0]);
    return Math.max(...widths) >= EVEN_WIDTHS * Math.min(...widths);
  };
  let group: Interval[] = [];
  for (const p of pieces) {
    if (group.length && p[0] - group[group.length - 1][1] > EVEN_MAX_EM * size) {
      if (even(group)) return true;
      group = [];
    }
    group.push(p);
  }
  return even(group);
}

/** A page's gutter runs on past the block: at least this many rows outside it stand on both sides of the gap (and
 * this many times the block's rows)... */
const GUTTER_ROWS = 6;
const GUTTER_BLOCK_SHARE = 2;
/** ...and at most this share of the rows outside it that reach the gap run across it. */
const GUTTER_CROSSING_SHARE = 0.1;

/**
 * The strip inside a gap [a, b] at least a body size wide that the rows outside a block keep clean, standing on both
 * sides of it, next to none running across it (GUTTER_ROWS, GUTTER_BLOCK_SHARE, GUTTER_CROSSING_SHARE): a gutter of
 * the page running on past the block; null when there is none.
 */
function gutterWithin(a: number, b: number, outside: Interval[][], bodySize: number, blockRows: number): Interval | null {
  const xs = [...new Set([a, b, ...outside.flat().flatMap((p) => p.filter((x) => x > a && x < b))])].sort((x, y) => x - y);
  const cover = (c: number, d: number) => outside.filter((row) => row.some((p) => p[0] < d && p[1] > c)).length;
  // Runs of the elementary strips between piece edges that the fewest rows cover, widest first.
  const counts = xs.slice(1).map((x, k) => cover(xs[k], x));
  const least = Math.min(...counts);
  const strips: Interval[] = [];
  counts.forEach((n, k) => {
    if (n > least) return;
    const last = strips[strips.length - 1];
    if (last && last[1] === xs[k]) last[1] = xs[k + 1];
    else strips.push([xs[k], xs[k + 1]]);
  });
  for (const [c, d] of strips.sort((x, y) => y[1] - y[0] - (x[1] - x[0]))) {
    if (d - c < bodySize) break;
    let beside = 0;
    let across = 0;
    for (const row of outside) {
      if (row.some((p) => p[0] < d && p[1] > c)) across++;
      else if (row.some((p) => p[1] <= c) && row.some((p) => p[0] >= d)) beside++;
    }
    if (beside >= Math.max(GUTTER_ROWS, GUTTER_BLOCK_SHARE * blockRows) && across <= GUTTER_CROSSING_SHARE * (beside + across)) return [c, d];
  }
  return null;
}

/**
 * The page's own columns, level with each other for a few rows (three columns of a reference card, each of a key
 * and what it does): some gaps between the block's columns are gutters that run on above and below it, rows outside
 * the block standing on both sides of them and next to none running across them, and the block's pieces between
 * those gutters make no table on their own. A table's gaps stop where it stops: the text over and under it runs
 * across them.
 */
function pageColumns(rows: InkRow[], from: number, to: number, pieces: Interval[][], bodySize: number): boolean {
  const block = pieces.slice(from, to + 1);
  const outside = pieces.filter((_, i) => i < from || i > to);
  const gutters = gapsBetween(columnsOf(block.flat()))
    .map(([a, b]) => gutterWithin(a, b, outside, bodySize, block.length))
    .filter((g): g is Interval => g !== null);
  if (gutters.length === 0) return false;
  const edges = [-Infinity, ...gutters.map(([a, b]) => (a + b) / 2), Infinity];
  const runs = rows.slice(from, to + 1).map((r) => r.row.runs);
  for (let k = 0; k + 1 < edges.length; k++) {
    const inside = (p: Interval) => p[0] >= edges[k] && p[1] <= edges[k + 1];
    const part = block.map((row) => row.filter(inside));
    const partRuns = runs.map((rs) => rs.filter((r) => r.x0 >= edges[k] && r.x1 <= edges[k + 1]));
    if (isTable(part, bodySize, partRuns)) return false;
  }
  return true;
}

/** A block of at most this many rows, its first set at least this many times the size of the text under it (and of
 * the page's body), is a row of heads, not cells... */
const MAX_HEAD_ROWS = 3;
const HEAD_SIZE = 1.3;
/** ...and a gap between its heads a gutter when it stays at least a body size wide down at least GUTTER_ROWS rows
 * (and GUTTER_BLOCK_SHARE times the block's) of the text under it, each side holding ink on at least this many. */
const HEADED_SIDE_ROWS = 3;

/** Whether the gap [a, b] runs on as a gutter down the rows under a block (see HEADED_SIDE_ROWS). */
function gutterBelow(a: number, b: number, below: Interval[][], bodySize: number, blockRows: number): boolean {
  let strip: Interval = [a, b];
  let stretch = 0;
  let left = 0;
  let right = 0;
  for (const row of below) {
    let [c, d] = strip;
    // A piece reaching into the strip from one side narrows it; one crossing it ends the stretch.
    for (const p of row) {
      if (p[1] <= c || p[0] >= d) continue;
      if (p[0] - c < d - p[1]) c = Math.max(c, p[1]);
      else d = Math.min(d, p[0]);
    }
    if (d - c < bodySize) break;
    strip = [c, d];
    stretch++;
    if (row.some((p) => p[1] <= c)) left++;
    if (row.some((p) => p[0] >= d)) right++;
  }
  return stretch >= Math.max(GUTTER_ROWS, GUTTER_BLOCK_SHARE * blockRows) && left >= HEADED_SIDE_ROWS && right >= HEADED_SIDE_ROWS;
}

/**
 * Heads over the page's columns (a leaflet's three boxed titles, "Use Your Online Account" / "Pay by Bank Account" /
 * "Pay by Card", each over a column of bullets): a block of a few rows (MAX_HEAD_ROWS) of words, its first row set
 * well over the size of the text right under it and of the page's body (HEAD_SIZE), and every gap between its columns
 * running on as a gutter down that text (gutterBelow). A table's header may be set large, but its rows of cells
 * follow it; cells are set in the body's size or smaller, and the text under a table runs across its gaps.
 */
function headsOverColumns(rows: InkRow[], from: number, to: number, pieces: Interval[][], bodySize: number): boolean {
  if (to - from + 1 > MAX_HEAD_ROWS) return false;
  if (to + 1 >= rows.length || rows[to + 1].row.baseline - rows[to].row.baseline > MAX_ROW_ADVANCE_EM * bodySize) return false;
  const under = rows.slice(to + 1, to + 1 + GUTTER_ROWS).map((r) => r.row.size);
  if (rows[from].row.size < HEAD_SIZE * Math.max(bodySize, median(under))) return false;
  // Heads are words: a row of figures is a table's.
  const texts = rows.slice(from, to + 1).flatMap((r) => r.row.runs.map((q) => q.text.trim()));
  if (texts.filter((t) => FIGURE_ONLY.test(t)).length * 2 >= texts.length) return false;
  const gaps = gapsBetween(columnsOf(pieces.slice(from, to + 1).flat()));
  const below = pieces.slice(to + 1);
  return gaps.length > 0 && gaps.every(([a, b]) => gutterBelow(a, b, below, bodySize, to - from + 1));
}

/** A first cell's text going on from the line over it opens in lower case ("disabled during any part of 2024?"). */
const OPENS_LOWER = /^\p{Ll}/u;
/** A line that ends a sentence or a label ("Table 3.", "Children:") is none the cell goes on from, nor a caption. */
const ENDS_LINE = /[.:;!?]$/u;
/** The line stands at most this many of the row's sizes over it (baseline to baseline), in a size at most this many
 * times the row's, its start at most this many sizes left of the first cell's (a label hung left: "b"). */
const LEADING_ADVANCE = 1.6;
const LEADING_SIZE = 1.2;
const LEADING_HANG = 2;

/**
 * The line over a table's first row is its first cell's first line (a form's question whose second line is the first
 * cell of the row of its answers, "b Was the child permanently and totally" over "disabled during any part of 2024? |
 * Yes. | No."): one piece, a line's advance over the row in the cell's type, standing over the first column only,
 * left-aligned with it (or hung a label's width left of it), unfinished and no caption, and the cell under it opening
 * in lower case.
 */
function leadingLine(rows: InkRow[], i: number, pieces: Interval[][]): boolean {
  if (i === 0 || pieces[i - 1].length !== 1 || pieces[i].length < 2) return false;
  const [over, row] = [rows[i - 1].row, rows[i].row];
  // A line's advance over it, in the cell's type (a caption or a heading over a table stands further off, or larger).
  if (row.baseline - over.baseline > LEADING_ADVANCE * row.size || over.size > LEADING_SIZE * row.size) return false;
  const [line, first, second] = [pieces[i - 1][0], pieces[i][0], pieces[i][1]];
  const cell = pieceRuns(rows[i], first)
    .map((q) => q.text)
    .join(' ')
    .trim();
  const text = over.runs
    .map((q) => q.text)
    .join(' ')
    .trim();
  const aligned = line[0] >= first[0] - LEADING_HANG * row.size && line[0] <= first[0] + 0.5 * row.size;
  return line[1] < second[0] && aligned && OPENS_LOWER.test(cell) && !ENDS_LINE.test(text) && !CAPTION_LABEL.test(text);
}

/** Table blocks among rows sorted top to bottom. */
export function findTableBlocks(rows: InkRow[], bodySize: number): TableBlock[] {
  const bridge = CELL_GAP_EM * bodySize;
  const pieces = rows.map((r) => inkIntervals(r.row.runs, bridge));
  const candidate = pieces.map(
    (p, i) => p.length >= MIN_TABLE_COLUMNS && !hasProsePiece(rows[i].row.runs, bridge, bodySize) && !evenlySpaced(p, rows[i].row.size),
  );
  const blocks: TableBlock[] = [];
  for (let i = 0; i < rows.length; ) {
    if (!candidate[i]) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < rows.length && candidate[j + 1] && rows[j + 1].row.baseline - rows[j].row.baseline <= MAX_ROW_ADVANCE_EM * bodySize) {
      j++;
    }
    const runs = rows.slice(i, j + 1).map((r) => r.row.runs);
    if (
      j - i + 1 >= MIN_TABLE_ROWS &&
      isTable(pieces.slice(i, j + 1), bodySize, runs) &&
      !displayFormula(runs) &&
      !brokenWords(pieces.slice(i, j + 1), runs) &&
      !listingsSideBySide(rows, i, j, pieces) &&
      !pageColumns(rows, i, j, pieces, bodySize) &&
      !sortedDownColumns(rows.slice(i, j + 1), gapsBetween(columnsOf(pieces.slice(i, j + 1).flat())))
    )
      blocks.push(
        headsOverColumns(rows, i, j, pieces, bodySize) ? { from: i, to: j, heads: true } : { from: leadingLine(rows, i, pieces) ? i - 1 : i, to: j },
      );
    i = j + 1;
  }
  return blocks;
}
