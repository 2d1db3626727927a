/**
 * The per-page ordering pass (pure): runs → rows → zones and gutters → spans and bands → ordered segments.
 */
import type { BandInfo, CheckBox, Diagnostic, Direction, HRule, Interval, Line, Rule, Run, Segment } from '../types.js';
import { findCodeBeside, findListingsBeside, findSideStacks, type SideStacks } from './stacks.js';
import { findRunAround } from './runaround.js';
import { nestedBlock } from './nested.js';
import { optionBlock } from './options.js';
import { crowdedInk, crowdedRows } from './crowded.js';
import { headingRowBands, labelCellBands, sideHeadBands } from './sideheads.js';
import { narrowGutters, spansNarrow } from './narrow.js';
import { baselineOf, buildRows, dropCapMarks, inkIntervals, rowOf, type Row } from './rows.js';
import type { InkRow } from './gutters.js';
import { headsOnColumns, largerPanel, partition, type Zone } from './zones.js';
import { boxesOf, roomForAcross, roomForBreaks, roomForRules } from './ruled.js';
import { growSpans } from './spans.js';
import { displayFormula, RELATION, TWO_WORDS } from './formulas.js';
import { CAPTION_LABEL, CELL_GAP_EM, findTableBlocks, hasProsePiece } from './tables.js';
import { directionAround, dominantSize, isHorizontal, makeLine, round2, runsDirection, runsOf, runsOfLine } from './lines.js';
import { RUNNING_CHARS, runOrderPasses } from './order.js';
import { segment } from './segment.js';
import { findSpread } from './spread.js';
import { findMarginNames, findMarginNotes, type MarginNames, marginRows } from './margin-names.js';
import { ENDS_IN_WORD, findBlocksBeside } from './beside.js';
import { findParallel, type ParallelText } from './parallel.js';
import { gridBlocks } from './grid.js';
import { HOLDS_WORD, wordCount } from './words.js';
import { overprintedRuns } from './rotated.js';

export interface LayoutParams {
  page: number;
  direction: Direction | 'auto';
  gutterSpanTolerance: number;
  gutterRejectFloor: number;
  minGutterWidth: number;
  partialSpans: 'refuse' | 'band';
  /** The page's drawn vertical rules (pdf/rules.ts), in its runs' coordinates. */
  rules?: Rule[];
  /** Its drawn horizontal rules: a box's top and bottom end the stretch of rows a rule parts (ruled.ts). */
  hrules?: HRule[];
  /** Its check boxes: a form's options side by side are read option by option (options.ts). */
  checks?: CheckBox[];
  /** The page's drawn vertical rules, asked for only to find where a column zone's rules stop and start again (ruled.ts
   * columnRuleBreaks; `rules`, when given, serve for that too): no box is parted by them. */
  columnRules?: Rule[];
  /** Its drawn horizontal rules, asked for only to find where a rule across a column zone's columns parts them (ruled.ts
   * rulesAcross; `hrules`, when given, serve for that too): no box is parted by them. */
  breakRules?: HRule[];
  /** Laying out one wide column of a page on its own: no column inside it is laid out again. */
  nested?: boolean;
}

export interface PageLayout {
  segments: Segment[];
  columnCount: number;
  gutters: Interval[];
  bands: BandInfo[];
  spanLines: number;
  direction: Direction;
  bodySize: number;
  diagnostics: Diagnostic[];
  /** Rows of the page have white between their runs wide enough for a drawn rule to stand in, in zones a ruled
   * stretch may take (ruled.ts' `roomForRules`): the page's rules are asked for only then (analyze.ts). */
  roomForRules: boolean;
  /** A column zone has blank space across its columns where their drawn rules could stop and start again (ruled.ts'
   * `roomForBreaks`): the page's rules are asked for, to find where they do only. */
  roomForBreaks: boolean;
  /** A column zone has blank space wide enough for a rule across its columns to part it, or blank space between five
   * rows or more for rules across them to part a ruled table (ruled.ts `roomForAcross`). */
  roomForAcross: boolean;
}

/** Median distance between consecutive baselines inside one column: the page's normal line advance. */
function lineAdvance(zones: Zone[], bodySize: number): number {
  const deltas: number[] = [];
  for (const z of zones) {
    const edges = [-Infinity, ...z.gutters.flatMap((g) => [g[0], g[1]]), Infinity];
    for (let j = 0; j <= z.gutters.length; j++) {
      let prev: number | null = null;
      for (const r of z.rows) {
        const has = r.row.runs.some((run) => run.x0 >= edges[2 * j] - 1 && run.x1 <= edges[2 * j + 1] + 1);
        if (!has) continue;
        if (prev !== null) {
          const d = r.row.baseline - prev;
          if (d > 0.5 * bodySize && d < 4 * bodySize) deltas.push(d);
        }
        prev = r.row.baseline;
      }
    }
  }
  if (deltas.length === 0) return 1.2 * bodySize;
  deltas.sort((a, b) => a - b);
  return deltas[deltas.length >> 1];
}

/**
 * Does the content stream read this zone's columns one after the other? True when both sides of the gutters hold a
 * real share of the text and the stream jumps back up the page only about once per column change (finishing one
 * column and starting the next is one jump), switching columns only a few times.
 */
function streamReadsColumns(zone: Zone): boolean {
  const cuts = zone.gutters.map((g) => (g[0] + g[1]) / 2);
  const columnOf = (r: Run) => cuts.filter((c) => (r.x0 + r.x1) / 2 > c).length;
  const runs = zone.rows
    .filter((r) => !r.ink.some((iv) => zone.gutters.some((g) => iv[0] < g[1] && iv[1] > g[0])))
    .flatMap((r) => r.row.runs)
    .sort((a, b) => a.stream - b.stream);
  if (runs.length < 4) return false;
  const chars = new Array<number>(cuts.length + 1).fill(0);
  for (const r of runs) chars[columnOf(r)] += r.text.length;
  const total = chars.reduce((a, b) => a + b, 0);
  if (chars.some((c) => c < STREAM_SIDE_SHARE * total)) return false;
  let jumps = 0;
  let switches = 0;
  for (let i = 1; i < runs.length; i++) {
    if (runs[i].baseline < runs[i - 1].baseline - 1.5 * runs[i].size) jumps++;
    if (columnOf(runs[i]) !== columnOf(runs[i - 1])) switches++;
  }
  return jumps <= cuts.length + 1 && switches <= 2 * cuts.length + 1;
}

/** Each side of a gutter must hold at least this share of a zone's text for its stream order to count. */
const STREAM_SIDE_SHARE = 0.2;

/**
 * Blank space this many line advances high across all the columns of a zone at once parts it into bands (the
 * space a full-width picture takes, or the space between a first page's author blocks and its text).
 */
const BAND_GAP = 3;
/** A column at least this many times as wide as the narrowest other column of its zone may hold columns of its own. */
const WIDE_COLUMN = 1.6;
/** A caption (a line opening with tables.ts' CAPTION_LABEL) is read with the spanning table or figure under it when it
 * stands at most this many line advances above it. */
const CAPTION_OVER_ADVANCES = 2.5;
/** Blocks of short lines: none of their lines holds this many characters (a name, an affiliation, an e-mail)... */
const BLOCK_LINE_CHARS = 45;
/** ...above columns with at least this many rows of running text side by side. */
const MIN_RUNNING_ROWS = 3;

/** Boxes of code side by side in a table zone are parted by blank space more than this many of their sizes. */
const CODE_BLOCK_GAP = 3;
/** A paragraph's next line sits at most this many of its sizes below the line before. */
const PARAGRAPH_ADVANCE = 1.8;

/** A cell's line reaches within this share of its column's width of the column's right edge when it wrapped... */
const WRAP_SHARE = 0.15;
/** ...and holds at least this many words (prose; a number does not wrap). */
const WRAP_WORDS = 3;
/** Cells are read so in a zone of at most this many columns, the widest at least this share of the zone's width. */
const MAX_WRAP_COLUMNS = 3;
const WIDE_SHARE = 0.5;
/** In a zone of more columns, a row goes on when this many of its cells wrap at least... */
const MIN_PROSE_CELLS = 2;
/** Set ragged, the line above fills this share of its column at least. */
const TURNED_FILL = 0.6;
/** ...and a stretch of rows is one row of the table when this share of its rows go on, two of its columns holding
 * this many lines at least. */
const PROSE_ROW_SHARE = 2 / 3;
const PROSE_CELL_LINES = 3;
/** The rows of a cell are set in one size, to this share. */
const WRAP_SIZE = 0.1;
/** Leader dots: a form's or a contents line's run to its number, at the end of a piece (an ellipsis inside a sentence is not). */
const LEADER = /(\.\s?){3,}\s*(\p{Nd}+[a-z]?|[ivxlc]+)?\s*$/iu;
/** The wrapped line sits at most this many of its sizes below. */
const WRAP_ADVANCE = 1.6;

/**
 * A piece's extent, its words, whether it runs on in leader dots to a number (a form's line, not prose), its leftmost
 * and rightmost runs, and whether it holds a letter.
 */
type Piece = { x0: number; x1: number; words: number; leader: boolean; leftmost: Run; rightmost: Run; letters: boolean } | null;

const LETTER = /\p{L}/u;
/** A short word in lower case, then a capital or a figure: a value set before a description's first word. */
const OPENING_VALUE = /^\p{Ll}[\p{L}\p{N}]{0,5}\s+[\p{Lu}\p{Nd}]/u;

/** The width of a run's first word, its characters' share of the run's width. */
function firstWordWidth(run: Run): number {
  const text = run.text.trim();
  const word = text.split(/\s/, 1)[0];
  return ((run.x1 - run.x0) * word.length) / Math.max(1, text.length);
}

/** A row's pieces per column: the extent and word count of its runs in each. */
function pieces(row: Row, columnOf: (run: Run) => number, columns: number): Piece[] {
  const out: Piece[] = new Array(columns).fill(null);
  for (const run of row.runs) {
    const j = columnOf(run);
    const words = wordCount(run.text);
    // Leaders end the piece: only its last run's count.
    const leader = LEADER.test(run.text);
    const p = out[j];
    out[j] = p
      ? {
          x0: Math.min(p.x0, run.x0),
          x1: Math.max(p.x1, run.x1),
          words: p.words + words,
          leader: run.x1 >= p.x1 ? leader : p.leader,
          leftmost: run.x0 < p.x0 ? run : p.leftmost,
          rightmost: run.x1 > p.x1 ? run : p.rightmost,
          letters: p.letters || LETTER.test(run.text),
        }
      : { x0: run.x0, x1: run.x1, words, leader, leftmost: run, rightmost: run, letters: LETTER.test(run.text) };
  }
  return out;
}

/**
 * Table rows grouped with the rows their cells wrap onto: a row continues the one above, a line's advance below it,
 * when in some column the line above ran to the column's right edge in words, or when it has a line in one column
 * only, under a line of that column (a section's heading in a narrow column beside its paragraphs, a term beside its
 * description). Returns [from, to] index pairs.
 */
function wrappedCells(rows: InkRow[], columnOf: (run: Run) => number, columns: number, direction: Direction): [number, number][] {
  const all = rows.map((r) => pieces(r.row, columnOf, columns));
  const left = new Array<number>(columns).fill(Infinity);
  const right = new Array<number>(columns).fill(-Infinity);
  for (const ps of all)
    ps.forEach((p, j) => {
      if (!p) return;
      left[j] = Math.min(left[j], p.x0);
      right[j] = Math.max(right[j], p.x1);
    });
  const out: [number, number][] = [];
  // Only a zone of a wide column of prose beside one or two narrow ones (headings, terms, their numbers) is read so;
  // a form's or a contents page's many columns of short entries are not.
  const widths = right.map((r, j) => r - left[j]);
  const wide = widths.indexOf(Math.max(...widths));
  const extent = Math.max(...right) - Math.min(...left);
  const near = (i: number) =>
    rows[i].row.baseline - rows[i - 1].row.baseline <= WRAP_ADVANCE * rows[i - 1].row.size &&
    Math.abs(rows[i].row.size - rows[i - 1].row.size) <= WRAP_SIZE * rows[i - 1].row.size;
  // Column j's line above ran to the column's far edge (its left one in right-to-left text) in words and this row's
  // line of j goes on with it.
  const wrapsIn = (i: number, j: number) => {
    const [p, above] = [all[i][j], all[i - 1][j]];
    const reach = WRAP_SHARE * widths[j];
    const atEdge = !!above && (direction === 'rtl' ? above.x0 <= left[j] + reach : above.x1 >= right[j] - reach);
    return !!p && !!above && !above.leader && above.words >= WRAP_WORDS && atEdge;
  };
  // A piece's run at its near edge: the one whose first word opens the line (a run's text is in reading order).
  const nearRun = (p: NonNullable<Piece>) => (direction === 'rtl' ? p.rightmost : p.leftmost);
  // The room left on `above`'s line before `edge` is narrower than the word opening `p`: that word would not have
  // fitted after it, so the line turned there.
  const noRoom = (above: NonNullable<Piece>, p: NonNullable<Piece>, edge: number) =>
    (direction === 'rtl' ? above.x0 - edge : edge - above.x1) < firstWordWidth(nearRun(p));
  // A column's far edge: its left one in right-to-left text.
  const farOf = (j: number) => (direction === 'rtl' ? left[j] : right[j]);
  if (columns > MAX_WRAP_COLUMNS || widths[wide] < WIDE_SHARE * extent) {
    // Many columns, none of them wide: a row of cells each holding a paragraph (a risk table's five cells of prose).
    // A cell's line goes on from the one above when that one ran to the column's far edge in words or, set ragged in
    // a narrow cell, filled most of it and the next line's first word would not have fitted after it. A stretch of
    // rows a line's advance apart, most of them going on so in two cells at least, is one row of the table, read
    // cell by cell; a grid of short entries never is.
    const turned = (i: number, j: number) => {
      const [p, above] = [all[i][j], all[i - 1][j]];
      // A line opening with a capital starts an entry of its own (a form's labels one under another); figures do not
      // wrap as words do.
      if (!p || !above || above.leader || above.words < WRAP_WORDS || /^\p{Lu}/u.test(p.leftmost.text.trim())) return false;
      if (!above.letters || !p.letters) return false;
      const full = above.x1 - above.x0 >= TURNED_FILL * widths[j];
      return wrapsIn(i, j) || (full && noRoom(above, p, farOf(j)));
    };
    // Cells of prose: two columns at least hold PROSE_CELL_LINES lines or more in the stretch.
    const proseCells = (from: number, to: number) => {
      let cells = 0;
      for (let j = 0; j < columns; j++) {
        let n = 0;
        for (let i = from; i <= to; i++) if (all[i][j]) n++;
        if (n >= PROSE_CELL_LINES) cells++;
      }
      return cells >= MIN_PROSE_CELLS;
    };
    const goesOn = (i: number) => {
      let going = 0;
      for (let j = 0; j < columns; j++) if (turned(i, j)) going++;
      return going >= MIN_PROSE_CELLS && 2 * going >= all[i].filter(Boolean).length;
    };
    for (let from = 0; from < rows.length; ) {
      let to = from;
      while (to + 1 < rows.length && near(to + 1)) to++;
      let going = 0;
      for (let i = from + 1; i <= to; i++) if (goesOn(i)) going++;
      if (to > from && going >= PROSE_ROW_SHARE * (to - from) && proseCells(from, to)) out.push([from, to]);
      else for (let i = from; i <= to; i++) out.push([i, i]);
      from = to + 1;
    }
    return out;
  }
  // The wide column's line above ran to its edge in words: this row's line goes on with it.
  // A row with an entry of its own in every narrow column and a capital opening its wide cell starts a new entry
  // (a list of acronyms beside their expansions, one of them long enough to reach the edge), not a turned line.
  // Set ragged, the line above filled most of the column and this row's line opens in lower case with a word that
  // would not have fitted after it ("… run many kinds of" over "applications, not just …", a glossary's description
  // beside a term turned onto two lines as well). A narrow column's line in the row turned so too ("General-purpose"
  // over "operating system"), or is empty: a term of its own beside it starts the next entry. (Lower case: a script
  // with none, Arabic or Hebrew, is never taken so.)
  // The column's far edge is where the lines set from its near edge reach: a head set flush right over the table
  // ("NIST SP 800-190      APPLICATION CONTAINER SECURITY GUIDE") is no line of the column.
  const near0 = (p: NonNullable<Piece>) => (direction === 'rtl' ? right[wide] - p.x1 : p.x0 - left[wide]) <= nearRun(p).size;
  const edges = all.map((ps) => ps[wide]).filter((p): p is NonNullable<Piece> => !!p && near0(p));
  const farEdge = direction === 'rtl' ? Math.min(...edges.map((p) => p.x0)) : Math.max(...edges.map((p) => p.x1));
  const measure = direction === 'rtl' ? right[wide] - farEdge : farEdge - left[wide];
  // A wide cell opening with a short word in lower case and then a capital ("xdd The temperature (K) …") opens with
  // the value of a narrow column the zone holds in the wide one (a scope's "xdd" or "str" beside the description):
  // where every narrow column holds an entry in the row too, the row starts a new entry, no turned line.
  const wideText = (i: number) =>
    rows[i].row.runs
      .filter((run) => columnOf(run) === wide)
      .map((run) => run.text)
      .join(' ')
      .trim();
  const owns: boolean[] = [];
  const ownEntries = (i: number) => (owns[i] ??= all[i].every((q, j) => j === wide || !!q) && OPENING_VALUE.test(wideText(i)));
  const raggedTurn = (i: number) => {
    const [p, above] = [all[i][wide], all[i - 1][wide]];
    if (!p || !above || above.leader || above.words < WRAP_WORDS || !above.letters || !near0(above)) return false;
    if (!/^\p{Ll}/u.test(nearRun(p).text.trim()) || ownEntries(i)) return false;
    // (`above` ends inside the measure: a line past the edge is no line of the column set ragged.)
    const inside = direction === 'rtl' ? above.x0 >= farEdge : above.x1 <= farEdge;
    if (!inside || above.x1 - above.x0 < TURNED_FILL * measure || !noRoom(above, p, farEdge)) return false;
    return all[i].every((q, j) => {
      if (j === wide || !q) return true;
      const a = all[i - 1][j];
      return !!a && noRoom(a, q, farOf(j));
    });
  };
  const edgeTurn = (i: number) => {
    const p = all[i][wide];
    if (p && all[i].every((q, j) => j === wide || q) && /^\p{Lu}/u.test(p.leftmost.text.trim())) return false;
    if (p && ownEntries(i)) return false;
    return wrapsIn(i, wide);
  };
  const wraps = (i: number) => edgeTurn(i) || raggedTurn(i);
  // A line of column j flush under a line of that column.
  const flushAt = (i: number, j: number) => {
    const [p, above] = [all[i][j], all[i - 1][j]];
    return !!p && !!above && Math.abs(p.x0 - above.x0) <= 1;
  };
  // A narrow column's line flush under a line of that column.
  const flush = (i: number) => all[i].some((_, j) => j !== wide && flushAt(i, j));
  // Panels side by side: the wide column's paragraph runs on while the narrow column starts a line of its own beside
  // it (an article's keywords beside its abstract). No table's row does that: its cells start on the same row.
  const panels: boolean[] = [];
  for (let i = 0; i < rows.length; i++) {
    const continues =
      i > 0 &&
      near(i) &&
      (wraps(i) ||
        // A line in one column only, under a line of that column and flush with it: the cell goes on (a heading's
        // number, date and title).
        (all[i].filter(Boolean).length === 1 && all[i].some((_, j) => flushAt(i, j))) ||
        (panels[panels.length - 1] && flush(i)));
    if (continues) out[out.length - 1][1] = i;
    else {
      out.push([i, i]);
      panels.push(false);
    }
    // (A paragraph in panels runs to the edge: a ragged turn is a table's cell going on.)
    if (i > 0 && continues && edgeTurn(i) && flush(i)) panels[panels.length - 1] = true;
  }
  // A group of panels takes in the groups above it whose narrow column its own continues flush.
  for (let g = out.length - 1; g > 0; g--) {
    const [from] = out[g];
    if (panels[g] && near(from) && flush(from)) {
      out[g - 1][1] = out[g][1];
      panels[g - 1] = true;
      out.splice(g, 1);
      panels.splice(g, 1);
    }
  }
  return out;
}

/** A group read cell by cell needs text in two columns at least, one of them over two rows or more. */
function wrappedGroup(group: InkRow[], columnOf: (run: Run) => number, columns: number): boolean {
  const rowsIn = new Array<number>(columns).fill(0);
  for (const r of group) for (const j of new Set(r.row.runs.map(columnOf))) rowsIn[j]++;
  return rowsIn.filter((n) => n > 0).length >= 2 && rowsIn.some((n) => n >= 2);
}

/** A column's part of a row: the row's baseline unless its runs sit elsewhere (asked only then: it is per line). */
function ownBaseline(runs: Run[], row: Row): number {
  if (runs.length === row.runs.length || runs.every((x) => Math.abs(x.baseline - row.baseline) <= 0.25)) return row.baseline;
  return baselineOf(runs);
}

/** The size of most characters, from the level runs when there are any. */
function bodySizeOf(runs: Run[]): number {
  const flat = runs.filter(isHorizontal);
  return flat.length ? dominantSize(flat) : runs.length ? dominantSize(runs) : 10;
}

/**
 * Lay out one page's runs into ordered segments. A spread (two pages on one sheet, spread.ts) is laid out half by
 * half, the halves read in the page's direction; its bands are numbered on through both halves.
 */
export function layoutPage(runs: Run[], params: LayoutParams): PageLayout {
  const bodySize = bodySizeOf(runs);
  const direction: Direction = params.direction === 'auto' ? runsDirection(runs.filter(isHorizontal)) : params.direction;
  const parallel = findParallel(runs);
  if (parallel) return layoutParallel(parallel, params, direction, bodySize);
  const spread = findSpread(runs, bodySize);
  if (!spread) {
    const ltr = direction === 'ltr' && !params.nested;
    const flat = runs.filter(isHorizontal);
    const rows = ltr ? marginRows(flat) : [];
    const names = ltr ? findMarginNames(flat, rows) : null;
    // (Taking names out leaves other rows: they are grouped again.)
    const notes = ltr ? (names ? findMarginNotes(names.rest, bodySize) : findMarginNotes(flat, bodySize, rows)) : null;
    const left = notes?.rest ?? names?.rest;
    const lay = (rest: Run[]) => layoutRegion([...rest, ...runs.filter((r) => !isHorizontal(r))], params, direction);
    // The layout marks drop caps on their runs (rows.ts): a second one starts from the runs as they came.
    const restoreDropCaps = dropCapMarks(runs);
    let laid = left ? lay(left) : layoutRegion(runs, params, direction);
    // Blocks beside a paragraph are looked for on the page as laid out: only where it splices them into its lines.
    const beside = ltr ? findBlocksBeside(left ?? flat, bodySize, left ? marginRows(left) : rows, splicedIn(laid)) : null;
    if (beside) {
      restoreDropCaps();
      laid = lay(beside.rest);
    } else if (!left) return laid;
    const named = names ? withMarginNames(laid, names, params.page) : laid;
    const noted = notes ? withMarginNotes(named, notes, params.page) : named;
    return beside ? withBlocksBeside(noted, beside, params.page) : noted;
  }
  const halves = direction === 'rtl' ? [spread.right, spread.left] : [spread.left, spread.right];
  const laid = halves.map((half) => layoutRegion(half, params, direction));
  return joinRegions(laid, direction, bodySize, {
    columnCount: laid[0].columnCount + laid[1].columnCount,
    gutters: [[round2(spread.strip[0]), round2(spread.strip[1])]],
    diagnostic: {
      code: 'page-spread',
      severity: 'info',
      page: params.page,
      message: 'the page holds two pages side by side (a spread): each half was laid out on its own and read in turn',
      detail: { strip: spread.strip.map(round2) },
    },
  });
}

/** Whether a page laid out reads two runs in one line (built when first asked). */
function splicedIn(layout: PageLayout): (a: Run, b: Run) => boolean {
  let lineOf: Map<Run, Line> | null = null;
  return (a, b) => {
    if (!lineOf) {
      lineOf = new Map();
      for (const s of layout.segments) for (const l of s.lines) for (const r of runsOfLine(l)) lineOf.set(r, l);
    }
    const line = lineOf.get(a);
    return line !== undefined && lineOf.get(b) === line;
  };
}

/** A line of the text is level with a margin name within this many of the name's sizes. */
const LEVEL_EM = 0.5;

/**
 * A page laid out without stacks taken out of its margins, each stack read as a block of its own where `place` puts it:
 * into the segment it names, before the line it names (after the segment's last line for the segment's length), that
 * segment parted there; after the last segment when it names none. A diagnostic `said` is added per stack, its lines'
 * text under `said.key`.
 */
function withStacks(
  layout: PageLayout,
  stacks: Line[][],
  page: number,
  place: (stack: Line[], segments: Segment[]) => { k: number; cut: number },
  said: { code: 'margin-names' | 'margin-notes' | 'block-beside'; message: string; key: string },
): PageLayout {
  const segments = layout.segments.slice();
  for (const stack of stacks) {
    const { k, cut } = place(stack, segments);
    const host = segments[k] ?? segments[segments.length - 1];
    const box = segment('column', page, host?.band ?? 0, host?.column ?? null, stack);
    if (k < 0) {
      segments.push(box);
      continue;
    }
    const s = segments[k];
    // (A part keeps the segment's other marks: a box's, a role.)
    const part = (lines: Line[]) => ({ ...s, ...segment(s.kind, page, s.band, s.column, lines) });
    const parts = cut <= 0 ? [box, s] : cut >= s.lines.length ? [s, box] : [part(s.lines.slice(0, cut)), box, part(s.lines.slice(cut))];
    segments.splice(k, 1, ...parts);
  }
  const say = (stack: Line[]): Diagnostic => ({
    code: said.code,
    severity: 'info',
    page,
    message: said.message,
    detail: { [said.key]: stack.map((l) => l.text) },
  });
  return { ...layout, segments, diagnostics: [...layout.diagnostics, ...stacks.map(say)] };
}

/**
 * A page laid out without the names stacked in its left margin (margin-names.ts), each stack read as a block of its own
 * before the first segment, in reading order, with a line of the text level with its first name or under it; that
 * segment is parted there when the line is not its first.
 */
function withMarginNames(layout: PageLayout, names: MarginNames, page: number): PageLayout {
  return withStacks(
    layout,
    names.stacks,
    page,
    (stack, segments) => {
      const at = (l: Line) => l.baseline >= stack[0].baseline - LEVEL_EM * stack[0].size;
      const k = segments.findIndex((s) => s.lines.some(at));
      return { k, cut: k < 0 ? 0 : segments[k].lines.findIndex(at) };
    },
    {
      code: 'margin-names',
      message:
        "names stacked in the left margin beside the text (a manual's option or command entries) were read as a block before the text level with them",
      key: 'names',
    },
  );
}

/** A line ending this many of its sizes short of its segment's measure ends a paragraph. */
const SHORT_END_EM = 2.5;
/** A paragraph's next line stands at most this many of its sizes under the one before... */
const NEXT_LINE = 1.8;
/** ...starting within this many points of it. */
const EDGE_PT = 1;

/**
 * Where a stack set beside the text is read: after the paragraph it stands beside. The segment with a line level with
 * the stack that reaches furthest right is parted after the first line, from the last one level with the stack on,
 * that ends short of the segment's measure (the paragraph's last), or after its last line. With `onward`, a paragraph
 * whose last line in the segment runs to its measure and ends mid-sentence is followed into the next segment when
 * that one goes on at the paragraph's edge just under it (a paragraph across a gutter of the page's lower part, its
 * last line within the column): the stack goes after the first of its lines that ends short of the paragraph's
 * measure.
 */
function afterParagraph(stack: Line[], segments: Segment[], onward = false): { k: number; cut: number } {
  const [top, bottom] = [stack[0], stack[stack.length - 1]];
  const level = (l: Line) => l.baseline >= top.baseline - LEVEL_EM * top.size && l.baseline <= bottom.baseline + LEVEL_EM * bottom.size;
  let k = -1;
  let reach = -Infinity;
  segments.forEach((s, i) => {
    for (const l of s.lines) if (level(l) && l.bbox[2] > reach) [k, reach] = [i, l.bbox[2]];
  });
  if (k < 0) return { k, cut: 0 };
  const lines = segments[k].lines;
  const measure = Math.max(...lines.map((l) => l.bbox[2]));
  let end = lines.findLastIndex(level);
  while (end < lines.length - 1 && measure - lines[end].bbox[2] < SHORT_END_EM * lines[end].size) end++;
  const after = segments[k + 1];
  const last = lines[end];
  if (onward && end === lines.length - 1 && measure - last.bbox[2] < SHORT_END_EM * last.size && after?.lines.length && after.kind !== 'table') {
    const first = after.lines[0];
    const under = first.baseline > last.baseline && first.baseline - last.baseline <= NEXT_LINE * last.size;
    if (under && Math.abs(first.bbox[0] - last.bbox[0]) <= EDGE_PT && ENDS_IN_WORD.test(last.text)) {
      const short = after.lines.findIndex((l) => measure - l.bbox[2] >= SHORT_END_EM * l.size);
      if (short >= 0) return { k: k + 1, cut: short + 1 };
    }
  }
  return { k, cut: end + 1 };
}

/**
 * A page laid out without the notes stacked in its right margin (margin-names.ts' findMarginNotes), each stack read as
 * a block of its own after the paragraph it stands beside: the segment with a line level with it that reaches furthest
 * right is parted after the first line, from the last one level with the note on, that ends short of the segment's
 * measure (the paragraph's last), or after its last line.
 */
function withMarginNotes(layout: PageLayout, notes: MarginNames, page: number): PageLayout {
  return withStacks(layout, notes.stacks, page, afterParagraph, {
    code: 'margin-notes',
    message: 'a note set small in the right margin, a word space from the text, was read as a block after the paragraph beside it',
    key: 'lines',
  });
}

/**
 * A page laid out without the blocks set beside a paragraph (beside.ts), each read as a block of its own after the
 * paragraph it stands beside, as a note in the margin is.
 */
function withBlocksBeside(layout: PageLayout, blocks: MarginNames, page: number): PageLayout {
  return withStacks(layout, blocks.stacks, page, (stack, segments) => afterParagraph(stack, segments, true), {
    code: 'block-beside',
    message:
      "a small block beside a paragraph, its lines spliced into the paragraph's sentences when read by rows, was read as a block after the paragraph",
    key: 'lines',
  });
}

/**
 * Regions of one page laid out on their own (a spread's halves, a parallel edition's parts), in reading order, as the
 * page's layout: their segments and bands one after the other, bands numbered on through the regions; the diagnostic
 * saying why comes first.
 */
function joinRegions(
  laid: PageLayout[],
  direction: Direction,
  bodySize: number,
  joint: { columnCount: number; gutters: Interval[]; diagnostic: Diagnostic },
): PageLayout {
  const segments: Segment[] = [];
  let offset = 0;
  for (const l of laid) {
    segments.push(...l.segments.map((s) => ({ ...s, band: s.band + offset })));
    offset += l.bands.length;
  }
  return {
    segments,
    columnCount: joint.columnCount,
    gutters: [...laid.flatMap((l) => l.gutters), ...joint.gutters].sort((x, y) => x[0] - y[0]),
    bands: laid.flatMap((l) => l.bands),
    spanLines: laid.reduce((n, l) => n + l.spanLines, 0),
    direction,
    bodySize,
    diagnostics: [joint.diagnostic, ...laid.flatMap((l) => l.diagnostics)],
    roomForRules: laid.some((l) => l.roomForRules),
    roomForBreaks: laid.some((l) => l.roomForBreaks),
    roomForAcross: laid.some((l) => l.roomForAcross),
  };
}

/**
 * A page with a parallel text in opposite directions (parallel.ts): the rows above the band, then the band's two
 * columns one after the other (the page's own direction decides which comes first), then the rows below, each laid
 * out on its own; bands are numbered on through the parts.
 */
function layoutParallel(parallel: ParallelText, params: LayoutParams, direction: Direction, bodySize: number): PageLayout {
  const sides = direction === 'rtl' ? [parallel.right, parallel.left] : [parallel.left, parallel.right];
  const parts = [parallel.above, ...sides, parallel.below].filter((p) => p.length);
  const laid = parts.map((p) => layoutRegion(p, params, runsDirection(p.filter(isHorizontal))));
  return joinRegions(laid, direction, bodySize, {
    columnCount: Math.max(2, ...laid.map((l) => l.columnCount)),
    gutters: [],
    diagnostic: {
      code: 'parallel-text',
      severity: 'info',
      page: params.page,
      message:
        'the page sets two texts of opposite writing direction side by side, line for line (a bilingual edition): each column was laid out on its own and read in turn',
      detail: { ltrSide: parallel.ltrSide, leftRuns: parallel.left.length, rightRuns: parallel.right.length },
    },
  });
}

/**
 * Side stacks among rows read top to bottom (stacks.ts), each window's two stacks in the direction of their own text
 * (two blocks of Latin side by side in a Persian book's figure read left to right). A window whose first stack's
 * lines all stand level with the other stack's (a flyer's tagline) is left out: read first, a side heading level with
 * its section's first line would go before the section over it. Such rows are read as they stand.
 */
function readableStacks(rows: InkRow[]): { w: SideStacks; stacks: number[][] }[] {
  const out: { w: SideStacks; stacks: number[][] }[] = [];
  for (const w of findSideStacks(rows)) {
    const own = runsDirection(rows.slice(w.from, w.to + 1).flatMap((r) => r.row.runs));
    const stacks = own === 'rtl' ? [w.right, w.left] : [w.left, w.right];
    if (!stacks[0].every((k) => w.splits.has(k))) out.push({ w, stacks });
  }
  return out;
}

/** Lay out runs that make one page (or one page of a spread). */
function layoutRegion(runs: Run[], params: LayoutParams, direction: Direction): PageLayout {
  const diagnostics: Diagnostic[] = [];
  const bodySize = bodySizeOf(runs);
  // A watermark set level, the text over it, goes with the rotated text (rotated.ts).
  const over = overprintedRuns(runs.filter(isHorizontal), bodySize);
  const flat = runs.filter((r) => isHorizontal(r) && !over.has(r));
  const rotated = runs.filter((r) => !isHorizontal(r) || over.has(r));
  const minGutter = params.minGutterWidth * bodySize;

  const built = buildRows(flat);
  // Columns set closer than a wide word gap are kept apart where a justified edge gives them away (narrow.ts).
  const narrow = narrowGutters(built, bodySize, minGutter);
  const apart = narrow.length ? spansNarrow(narrow) : undefined;
  const rows: InkRow[] = built.map((row) => ({ row, ink: inkIntervals(row.runs, minGutter, apart, bodySize) }));
  // Tables whose cells line up are found first; for the gutter pass their rows are full-width material, so a
  // table's own column gaps are never taken for gutters.
  const tableRows = new Set<number>();
  const heads: InkRow[][] = [];
  for (const t of findTableBlocks(rows, bodySize)) {
    for (let i = t.from; i <= t.to; i++) tableRows.add(rows[i].row.index);
    if (t.heads) heads.push(rows.slice(t.from, t.to + 1));
  }
  const masked = rows.map((r) => (tableRows.has(r.row.index) ? { row: r.row, ink: [[-Infinity, Infinity] as Interval] } : r));
  const zoneParams = {
    minGutter: narrow.length ? Math.min(minGutter, 0.9 * Math.min(...narrow.map((g) => g[1] - g[0]))) : minGutter,
    bodySize,
    tolerance: params.gutterSpanTolerance,
    rejectFloor: params.gutterRejectFloor,
    rules: params.rules,
    hrules: params.hrules,
    columnRules: params.columnRules ?? params.rules,
    breakRules: params.breakRules ?? params.hrules,
  };
  let zones = partition(masked, zoneParams);
  // Two column lines run together, or a column's overfull line, at a zone's gutter (crowded.ts): the row is parted at
  // the gutter and the page partitioned again.
  const crowded = crowdedRows(zones, bodySize);
  if (crowded.size) {
    for (let i = 0; i < rows.length; i++) {
      const c = crowded.get(rows[i].row);
      if (!c || tableRows.has(rows[i].row.index)) continue;
      rows[i] = masked[i] = { row: rows[i].row, ink: crowdedInk(rows[i].row.runs, minGutter, apart, c) };
    }
    zones = partition(masked, zoneParams);
  }
  if (heads.length) {
    const placed = headsOnColumns(zones, heads, zoneParams);
    zones = placed.zones;
    // Heads taken into their columns' zone are read as lines, not a table.
    for (const block of placed.moved) for (const r of block) tableRows.delete(r.row.index);
  }
  const advance = lineAdvance(zones, bodySize);
  const multiColumn = zones.some((z) => z.gutters.length > 0 && !z.tabular);

  const segments: Segment[] = [];
  const bands: BandInfo[] = [];
  const gutters: Interval[] = [];
  let spanLines = 0;
  let columnCount = 1;
  // A mixed line whose ends do not settle its direction takes a right-to-left region's (a line of Arabic that opens
  // with a file name and ends with "، و"); in a left-to-right region, right to left where the lines around it are
  // (`directionAround`: a paragraph of Arabic in an English manual); else the majority of its letters decides. So
  // does a line of mostly left-to-right letters with right-to-left ones at both its ends, amid right-to-left lines.
  // (Lines around it read left to right settle nothing: in a right-to-left paragraph a line of mostly English names
  // is so.)
  const around = direction === 'rtl' ? null : directionAround(built);
  const tie = around ? (runs: Run[], baseline: number) => (around(runs, baseline) === 'rtl' ? ('rtl' as const) : undefined) : direction;
  const rowLine = (r: Row, cells = false) => makeLine(r.runs, r.baseline, { cells, tie });
  const addBand = (kind: BandInfo['kind'], rs: InkRow[], cols: number) =>
    bands.push({
      top: round2(Math.min(...rs.map((r) => r.row.top))),
      bottom: round2(Math.max(...rs.map((r) => r.row.bottom))),
      kind,
      columnCount: cols,
    });
  /** Rows read as one table segment, a band of their own. */
  const pushTable = (rs: InkRow[]) => {
    segments.push(
      segment(
        'table',
        params.page,
        bands.length,
        null,
        rs.map((r) => rowLine(r.row, true)),
      ),
    );
    addBand('table', rs, 1);
    spanLines += rs.length;
  };

  /**
   * A zone that is all table, read top to bottom as table rows, but for two kinds of rows: a line of running text
   * across its gutters (a paragraph, a note between two tables) is a span, and boxes of code set side by side (every
   * run in a fixed-pitch face: a listing beside its translation) are read box by box, each column's lines of a
   * block (blocks parted by blank space) before the next column's.
   */
  const readTableZone = (zone: Zone) => {
    const crosses = (r: InkRow) => r.ink.some((iv) => zone.gutters.some((g) => iv[0] < g[1] && iv[1] > g[0]));
    const bridge = CELL_GAP_EM * bodySize;
    const rowText = (r: InkRow) => r.row.runs.map((q) => q.text).join(' ');
    const classes = zone.rows.map((r): 'table' | 'prose' | 'code' => {
      // A caption's label and its title ("Table 2.   BeagleBone Black Features") are a line, however far apart.
      if (crosses(r) && (hasProsePiece(r.row.runs, bridge, bodySize) || CAPTION_LABEL.test(rowText(r)))) return 'prose';
      if (!crosses(r) && r.row.runs.every((run) => run.mono)) return 'code';
      return 'table';
    });
    // A paragraph's short last line, under its running lines and at their edge, is the paragraph's too.
    for (let i = 1; i < zone.rows.length; i++) {
      const [a, b] = [zone.rows[i - 1], zone.rows[i]];
      if (classes[i - 1] !== 'prose' || classes[i] !== 'table' || b.ink.length !== 1) continue;
      const sameEdge = Math.abs(b.ink[0][0] - a.ink[0][0]) <= bodySize;
      if (sameEdge && b.row.baseline - a.row.baseline <= PARAGRAPH_ADVANCE * a.row.size) classes[i] = 'prose';
    }
    // A display formula set over several rows (a derivation: integrals with their limits, fractions, big brackets)
    // leaves gaps that line up as a table's columns do; with the lines of words between its parts ("where", "Expanding
    // the square yields") it is text, read line by line, and the formula pass reads each formula in drawing order. So is
    // a formula of one row whose parts stand a quad apart ("y′ = 1/x,   y(0) = 0.").
    const wordy = (r: InkRow) => inkIntervals(r.row.runs, bridge).length === 1 && hasProsePiece(r.row.runs, bridge, bodySize);
    const inFormula = (i: number) => classes[i] === 'table' || (classes[i] === 'prose' && !TWO_WORDS.test(rowText(zone.rows[i])));
    for (let from = 0; from < classes.length; ) {
      if (!inFormula(from)) {
        from++;
        continue;
      }
      let to = from;
      while (to + 1 < classes.length && inFormula(to + 1)) to++;
      const formula = zone.rows.slice(from, to + 1).filter((r) => !wordy(r));
      // (One row: every piece of it states a relation, "y′ = 1/x,   y(0) = 0.", not a row label "λ = 0.1" beside figures.)
      const related = (r: InkRow) =>
        inkIntervals(r.row.runs, bridge).every(([a, b]) => r.row.runs.some((q) => q.x0 >= a - 0.5 && q.x1 <= b + 0.5 && RELATION.test(q.text)));
      if ((formula.length >= 2 || (formula.length === 1 && related(formula[0]))) && displayFormula(formula.map((r) => r.row.runs)))
        classes.fill('prose', from, to + 1);
      from = to + 1;
    }
    const columns = zone.gutters.length + 1;
    const edges = [...zone.gutters.map((g) => (g[0] + g[1]) / 2), Infinity];
    const columnOf = (run: Run) => edges.findIndex((e) => (run.x0 + run.x1) / 2 < e);
    // Rows read column by column, in the page's direction: each column's lines of the rows, then the next column's.
    const byColumn = (rs: InkRow[]) => {
      const order = [...Array(columns).keys()];
      if (direction === 'rtl') order.reverse();
      for (const j of order) {
        const lines = rs.map((r) => r.row.runs.filter((run) => columnOf(run) === j)).filter((runs) => runs.length);
        if (lines.length)
          segments.push(
            segment(
              'column',
              params.page,
              bands.length,
              j,
              lines.map((runs) => makeLine(runs, runs[0].baseline, { tie })),
            ),
          );
      }
      addBand('columns', rs, columns);
    };
    /** Table rows: those whose cells wrap onto the rows below are read cell by cell; the others as table rows. */
    const readTableRows = (rs: InkRow[]) => {
      // A grid of blocks (authors side by side) stays one table segment: the block-grid pass reads it block by block.
      const whole = segment(
        'table',
        params.page,
        bands.length,
        null,
        rs.map((r) => rowLine(r.row, true)),
      );
      if (gridBlocks(whole)) {
        segments.push(whole);
        addBand('table', rs, 1);
        spanLines += rs.length;
        return;
      }
      // Consecutive rows that do not wrap stay one table segment, as a table without wrapped cells always is.
      let plain: InkRow[] = [];
      const flushPlain = () => {
        if (!plain.length) return;
        pushTable(plain);
        plain = [];
      };
      for (const [a, b] of wrappedCells(rs, columnOf, columns, direction)) {
        const group = rs.slice(a, b + 1);
        if (a === b || !wrappedGroup(group, columnOf, columns)) {
          plain.push(...group);
          continue;
        }
        flushPlain();
        byColumn(group);
      }
      flushPlain();
    };
    /** The runs of a row on one side of x (the panel's side or the rest's); null when it has none there. */
    const sideOf = (r: InkRow, split: number, before: boolean): InkRow | null => {
      const runs = r.row.runs.filter((q) => (q.x0 + q.x1) / 2 < split === before);
      if (!runs.length) return null;
      return { row: { ...rowOf(runs), index: r.row.index }, ink: r.ink.filter((iv) => (iv[0] + iv[1]) / 2 < split === before) };
    };
    let from = 0;
    while (from < zone.rows.length) {
      let to = from;
      while (
        to + 1 < zone.rows.length &&
        classes[to + 1] === classes[from] &&
        !(classes[from] === 'code' && zone.rows[to + 1].row.baseline - zone.rows[to].row.baseline > CODE_BLOCK_GAP * zone.rows[to].row.size)
      ) {
        to++;
      }
      const rs = zone.rows.slice(from, to + 1);
      if (classes[from] === 'code') {
        byColumn(rs);
      } else if (classes[from] === 'table') {
        // A panel in larger type in the first or last column (a slide's listing beside a diagram's labels) is read
        // whole, before or after the rest as its side comes in the page's direction.
        const panel = largerPanel(rs, zone.gutters);
        if (!panel) {
          readTableRows(rs);
        } else {
          const part = (inPanel: boolean) => rs.map((r) => sideOf(r, panel.split, panel.first === inPanel)).filter((r): r is InkRow => r !== null);
          const [lines, rest] = [part(true), part(false)];
          const readPanel = () => {
            segments.push(
              segment(
                'column',
                params.page,
                bands.length,
                0,
                lines.map((r) => rowLine(r.row)),
              ),
            );
            addBand('columns', lines, 1);
          };
          if (panel.first === (direction !== 'rtl')) {
            readPanel();
            readTableRows(rest);
          } else {
            readTableRows(rest);
            readPanel();
          }
          diagnostics.push({
            code: 'larger-panel',
            severity: 'info',
            page: params.page,
            message: "a panel in larger type beside a table's columns (a listing beside a diagram's labels) was read whole",
            detail: { panel: lines.map((r) => r.row.runs.map((q) => q.text).join(' ')).join(' / ') },
          });
        }
      } else {
        segments.push(
          segment(
            'span',
            params.page,
            bands.length,
            null,
            rs.map((r) => rowLine(r.row)),
          ),
        );
        addBand('span', rs, 1);
        spanLines += rs.length;
      }
      from = to + 1;
    }
  };

  /**
   * A column's lines as a segment; two listings side by side are read one after the other, and where text runs
   * around a box in the column, the text to the end of the box's paragraph, then the box, then the rest (which may
   * run around another box).
   */
  const pushAround = (kind: 'span' | 'column', band: number, col: number | null, lines: Line[], options = true) => {
    // Two listings side by side under their labels: the left one, then the right one (stacks.ts).
    const listings = findListingsBeside(lines);
    if (listings) {
      pushAround(kind, band, col, lines.slice(0, listings.from), options);
      segments.push(segment(kind, params.page, band, col, listings.left), segment(kind, params.page, band, col, listings.right));
      pushAround(kind, band, col, lines.slice(listings.to + 1), options);
      return;
    }
    if (!lines.length) return;
    // A form's options side by side, each a check box before its label: what stands before the first box, then each
    // option whole (options.ts); marked as a form's boxes.
    const found = options && params.checks?.length ? optionBlock(lines, params.checks, params.hrules ?? [], params.rules) : null;
    if (found) {
      // The lines before the stretch hold no options (they were looked at first); those after it may.
      pushAround(kind, band, col, lines.slice(0, found.from), false);
      found.columns.forEach((c, j) => {
        const s = segment(kind, params.page, band, col, c);
        segments.push(j < found.first ? s : { ...s, box: true });
      });
      pushAround(kind, band, col, lines.slice(found.to + 1), options);
      return;
    }
    const around = findRunAround(lines);
    if (!around) {
      segments.push(segment(kind, params.page, band, col, lines));
      return;
    }
    for (const part of [around.text.slice(0, around.after + 1), around.box])
      if (part.length) segments.push(segment(kind, params.page, band, col, part));
    diagnostics.push({
      code: 'run-around',
      severity: 'info',
      page: params.page,
      message: 'text runs around a box set inside its column: the paragraph was read whole, then the box',
      detail: { box: around.box.map((l) => l.text).join(' / ') },
    });
    pushAround(kind, band, col, around.text.slice(around.after + 1), options);
  };

  /** A row holding a line of each of two side stacks (row `k` of the window `w`): its left or right stack's line; null
   * when the row is one stack's line whole. */
  const sideOfRow = (r: InkRow, w: SideStacks, k: number, left: boolean): Line | null => {
    const at = w.splits.get(k);
    if (at === undefined) return null;
    const runs = r.row.runs.filter((x) => (left ? x.x1 <= at : x.x0 >= at));
    return makeLine(runs, baselineOf(runs), { tie });
  };

  /**
   * Rows of one column, read top to bottom, but for side stacks (stacks.ts): two short stacks of lines side by side
   * whose baselines interleave are read as two columns of a band of their own, in the direction of their text.
   */
  const readOneColumn = (rs: InkRow[], kind: 'span' | 'column', options = true) => {
    const plain = (part: InkRow[]) => {
      if (!part.length) return;
      pushAround(
        kind,
        bands.length,
        kind === 'column' ? 0 : null,
        part.map((r) => rowLine(r.row)),
        options,
      );
      addBand(kind === 'span' ? 'span' : 'columns', part, 1);
    };
    // Code beside its result: the code's lines, then the result's, in a band of their own.
    const beside = (part: InkRow[]) => {
      let at = 0;
      for (const w of findCodeBeside(part)) {
        plain(part.slice(at, w.from));
        const rows = part.slice(w.from, w.to + 1);
        [(x: Run) => x.x1 <= w.split, (x: Run) => x.x1 > w.split].forEach((side, j) => {
          const lines = rows.map((r) => r.row.runs.filter(side)).filter((runs) => runs.length);
          segments.push(
            segment(
              'column',
              params.page,
              bands.length,
              j,
              lines.map((runs) => makeLine(runs, baselineOf(runs), { tie })),
            ),
          );
        });
        addBand('columns', rows, 2);
        at = w.to + 1;
      }
      plain(part.slice(at));
    };
    let next = 0;
    for (const { w, stacks } of readableStacks(rs)) {
      beside(rs.slice(next, w.from));
      stacks.forEach((stack, j) =>
        segments.push(
          segment(
            'column',
            params.page,
            bands.length,
            j,
            stack.map((k) => sideOfRow(rs[k], w, k, stack === w.left) ?? rowLine(rs[k].row)),
          ),
        ),
      );
      addBand('columns', rs.slice(w.from, w.to + 1), 2);
      next = w.to + 1;
    }
    beside(rs.slice(next));
  };

  /** Rows of one column read top to bottom, with aligned tables (found before the gutter pass) as table bands. */
  const readPlainOrTable = (zrows: InkRow[], kind: 'span' | 'column', options: boolean) => {
    for (const [from, to, isTable] of runsOf(zrows.map((r) => tableRows.has(r.row.index)))) {
      const rs = zrows.slice(from, to + 1);
      if (!isTable) {
        readOneColumn(rs, kind, options);
        continue;
      }
      pushTable(rs);
    }
  };
  /** Rows of a zone read whole (one without gutters, or a table's) where a form's options stand side by side
   * (options.ts), a table's rows or not: what stands before the first box, then each option, a segment marked as a
   * form's box, in a band of their own; the other rows are read by `rest`. */
  const readOptions = (zrows: InkRow[], rest: (part: InkRow[]) => void) => {
    const lines = params.checks?.length ? zrows.map((r) => rowLine(r.row)) : [];
    let at = 0;
    while (lines.length && at < zrows.length) {
      const found = optionBlock(lines.slice(at), params.checks ?? [], params.hrules ?? [], params.rules);
      if (!found) break;
      if (found.from > 0) rest(zrows.slice(at, at + found.from));
      found.columns.forEach((c, j) => {
        const s = segment('column', params.page, bands.length, j, c);
        segments.push(j < found.first ? s : { ...s, box: true });
      });
      addBand('columns', zrows.slice(at + found.from, at + found.to + 1), found.columns.length);
      at += found.to + 1;
    }
    if (at < zrows.length) rest(zrows.slice(at));
  };
  // A column of side heads cuts its zone into bands, each heading read before its section (sideheads.ts). The zone's
  // gutter and its ambiguity are reported once, for the whole zone.
  const wholeOf = new Map<Zone, Zone>();
  const reading: Zone[] = [];
  for (const z of zones) {
    const cut = sideHeadBands(z, bodySize) ?? labelCellBands(z) ?? headingRowBands(z, bodySize, advance);
    for (const band of cut ?? [z]) {
      wholeOf.set(band, z);
      reading.push(band);
    }
  }
  const reported = new Set<Zone>();
  // Where each zone's segments start: a row of boxes of a ruled grid has its segments marked as boxes (below).
  const starts: number[] = [];
  for (const zone of reading) {
    starts.push(segments.length);
    const whole = wholeOf.get(zone)!;
    const first = !reported.has(whole);
    reported.add(whole);
    if (zone.tabular) {
      readOptions(zone.rows, (part) => readTableZone(part.length === zone.rows.length ? zone : { ...zone, rows: part }));
      continue;
    }
    if (zone.gutters.length === 0) {
      // One column: read top to bottom, with aligned tables as table bands, and a form's options side by side (a
      // table's rows or not) option by option.
      const kind = multiColumn ? 'span' : 'column';
      // Rows read by readOptions hold no options of their own.
      readOptions(zone.rows, (part) => readPlainOrTable(part, kind, false));
      continue;
    }
    if (first) gutters.push(...zone.gutters.map((g) => [round2(g[0]), round2(g[1])] as Interval));
    const columns = zone.gutters.length + 1;
    columnCount = Math.max(columnCount, columns);
    if (zone.ruled && first)
      diagnostics.push({
        code: 'ruled-boxes',
        severity: 'info',
        page: params.page,
        message: `${columns} boxes side by side, parted by rules the page draws, were read box by box`,
        detail: {
          rules: zone.gutters.map((g) => round2((g[0] + g[1]) / 2)),
          top: round2(zone.rows[0].row.top),
          bottom: round2(zone.rows[zone.rows.length - 1].row.bottom),
        },
      });
    if (zone.ambiguous && first) {
      // Two readings disagree. A content stream that draws the columns one after the other settles it (seed 003).
      const settled = streamReadsColumns(whole);
      diagnostics.push({
        code: 'ambiguous-gutter',
        severity: settled ? 'info' : 'warning',
        page: params.page,
        message:
          `${Math.round(zone.crossingShare * 100)}% of the lines in this zone cross the gutter, scattered: read as ` +
          `columns with the crossing lines kept whole in place; read as one column it would be spliced line by line` +
          (settled ? '. The content stream draws the columns one after the other, which settles it' : ''),
        detail: { gutters: zone.gutters.map((g) => g.map(round2)), crossingShare: round2(zone.crossingShare), settledByStreamOrder: settled },
      });
    }
    // The zone's outer ink, left and right.
    const zoneLeft = Math.min(...zone.rows.map((r) => r.ink[0]?.[0] ?? Infinity));
    const zoneRight = Math.max(...zone.rows.map((r) => r.ink[r.ink.length - 1]?.[1] ?? -Infinity));
    const spans = growSpans(
      zone.rows,
      zone.gutters,
      [zoneLeft, zoneRight],
      advance,
      bodySize,
      params.partialSpans,
      runsOf(zone.rows.map((r) => tableRows.has(r.row.index)))
        .filter((r) => r[2])
        .map(([from, to]) => ({ from, to })),
      direction,
    );
    for (const i of spans.partial) {
      diagnostics.push({
        code: 'partial-span',
        severity: 'warning',
        page: params.page,
        message:
          'a line crosses some gutters but not all: a heading over part of the page or a table reaching part way ' +
          'across read in opposite orders; read as a break across the columns it covers only, the other columns ' +
          'running past it (partialSpans: "band" reads it as a break across the whole page)',
        detail: { text: rowLine(zone.rows[i].row).text, baseline: round2(zone.rows[i].row.baseline) },
      });
    }
    for (const i of spans.overflow) {
      diagnostics.push({
        code: 'line-overflow',
        severity: 'info',
        page: params.page,
        message: "a column's line runs over the gutter into the next column: each run was read in the column it starts in",
        detail: { text: rowLine(zone.rows[i].row).text, baseline: round2(zone.rows[i].row.baseline) },
      });
    }
    for (const i of spans.splitTabular) {
      diagnostics.push({
        code: 'tabular-line-split',
        severity: 'warning',
        page: params.page,
        message: 'a tabular row leaves the gutter clean and no crossing row is near it: split between the columns',
        detail: { text: rowLine(zone.rows[i].row).text, baseline: round2(zone.rows[i].row.baseline) },
      });
    }
    // Column ranges, in reading order.
    const edges = [-Infinity, ...zone.gutters.flatMap((g) => [(g[0] + g[1]) / 2, (g[0] + g[1]) / 2]), Infinity];
    const columnOf = (run: Run, start: boolean) => {
      const x = start ? (direction === 'rtl' ? run.x1 : run.x0) : (run.x0 + run.x1) / 2;
      for (let j = 0; j < columns; j++) if (x <= edges[2 * j + 1]) return j;
      return columns - 1;
    };
    const order = [...Array(columns).keys()];
    if (direction === 'rtl') order.reverse();
    // A line run over into the next column is read as a partial span's row is, its runs each in the column they start
    // in, but it breaks no column.
    const overflowRows = new Set(spans.overflow);
    const partialRows = new Set([...spans.partial, ...spans.overflow]);
    // Each column's width, from the gutters' middles and the zone's outer ink.
    const widthOf = (j: number) => Math.min(edges[2 * j + 1], zoneRight) - Math.max(edges[2 * j], zoneLeft);
    const columnsWithin = (lines: Line[], j: number): Segment[] | null => {
      if (params.nested || columns < 2) return null;
      const others = [...Array(columns).keys()].filter((k) => k !== j).map(widthOf);
      // Any box of a ruled zone may (a form's box of two columns of options beside the next box).
      if (!zone.ruled && widthOf(j) < WIDE_COLUMN * Math.min(...others)) return null;
      const sub = layoutRegion(
        lines.flatMap((l) => runsOfLine(l)),
        { ...params, nested: true },
        direction,
      );
      if (!sub.bands.some((b) => (b.kind === 'columns' && b.columnCount >= 2) || b.kind === 'table')) return null;
      diagnostics.push(...sub.diagnostics);
      return sub.segments;
    };

    // The runs of a partial span's row that make its crossing: those of the ink pieces that run across a gutter (a
    // line drawn word by word crosses with its whole piece, not with the one word that lies over the gutter).
    const crossingOf = new Map<number, Set<Run>>();
    const crossingRuns = (i: number): Set<Run> => {
      let set = crossingOf.get(i);
      if (set) return set;
      const pieces = zone.rows[i].ink.filter((iv) => zone.gutters.some((g) => iv[0] < g[1] && iv[1] > g[0]));
      set = new Set(zone.rows[i].row.runs.filter((run) => pieces.some((iv) => run.x0 >= iv[0] - 0.5 && run.x1 <= iv[1] + 0.5)));
      // Runs wider than their piece (ink built otherwise) fall back to crossing by themselves.
      for (const run of zone.rows[i].row.runs) if (zone.gutters.some((g) => run.x0 < g[1] && run.x1 > g[0])) set.add(run);
      crossingOf.set(i, set);
      return set;
    };

    // Which columns a partial span covers: from the column its crossing runs start in to the one they end in.
    const spanned = (i: number): [number, number] | null => {
      if (!partialRows.has(i) || overflowRows.has(i)) return null;
      let lo = Infinity;
      let hi = -Infinity;
      const crossing = crossingRuns(i);
      for (const run of zone.rows[i].row.runs) {
        if (!crossing.has(run)) continue;
        const a = columnOf({ ...run, x1: run.x0 }, false);
        const b = columnOf({ ...run, x0: run.x1 }, false);
        lo = Math.min(lo, a);
        hi = Math.max(hi, b);
      }
      return Number.isFinite(lo) ? [lo, hi] : null;
    };

    /**
     * Emit rows (zone indices) over a contiguous set of columns. A partial span (a heading over columns two and
     * three only) splits just the columns it covers: they are read above it, then it, then below it, while the
     * other columns run past it whole.
     */
    const spanEmitted = new Set<number>();
    /** Whether a row's crossing runs, two words at least, span every gutter between the columns `cols` from one side
     * to the other. */
    const spansGutters = (i: number, cols: number[]) => {
      // (A diagram's one-word label over a gutter is no line across.)
      if (wordCount([...crossingRuns(i)].map((r) => r.text).join(' ')) < 2) return false;
      // Its ink, not one run: a line drawn word by word spans the gutter with its piece.
      return cols.slice(1).every((j) => {
        const g = zone.gutters[j - 1];
        return zone.rows[i].ink.some((iv) => iv[0] < g[0] && iv[1] > g[1]);
      });
    };
    /**
     * A column's lines parted into side stacks (stacks.ts, as the rows of a page of one column are) and the lines
     * around them, in reading order; null when the column holds none. Each line is a row of its own runs.
     */
    const sideStacksOf = (lines: Line[]): { lines: Line[]; stack: boolean }[] | null => {
      if (lines.length < 3) return null;
      const across = lines.map((l) => [...runsOfLine(l)].sort((a, b) => a.x0 - b.x0 || a.stream - b.stream));
      const inks = across.map((runs) => inkIntervals(runs, minGutter, apart, bodySize));
      // Stacks need a line in two pieces (one of each stack) or two lines one after the other that share no x (a line
      // of one stack right after one of the other): most columns have neither, and are not searched.
      const apartX = (a: Interval[], b: Interval[]) => a[a.length - 1][1] <= b[0][0] || b[b.length - 1][1] <= a[0][0];
      if (!inks.some((ink, k) => ink.length > 1 || (k > 0 && apartX(inks[k - 1], ink)))) return null;
      const rows: InkRow[] = across.map((runs, k) => ({ row: { ...rowOf(runs), index: k }, ink: inks[k] }));
      const windows = readableStacks(rows);
      // Text run around a box inside the column is read whole, then the box (pushAround), not as two stacks.
      if (!windows.length || findRunAround(lines)) return null;
      const out: { lines: Line[]; stack: boolean }[] = [];
      let next = 0;
      for (const { w, stacks } of windows) {
        // Stacks of words, not a display's parts (a continued fraction's numerators beside its terms).
        const stackRuns = (stack: number[]) => stack.map((k) => rows[k].row.runs);
        if (stacks.some((stack) => !stackRuns(stack).some((rs) => rs.some((q) => HOLDS_WORD.test(q.text))) || displayFormula(stackRuns(stack))))
          continue;
        if (w.from > next) out.push({ lines: lines.slice(next, w.from), stack: false });
        for (const stack of stacks)
          out.push({
            stack: true,
            lines: stack.map((k) => sideOfRow(rows[k], w, k, stack === w.left) ?? lines[k]),
          });
        next = w.to + 1;
      }
      if (!out.length) return null;
      if (next < lines.length) out.push({ lines: lines.slice(next), stack: false });
      return out;
    };
    const columnsOfRow = new Map<number, number[]>();
    /** A column's lines, but for two stacks side by side inside it (a poster column's figure caption beside its
     * bullets, read one after the other: sideStacksOf), read by `readNestedOnly`; `plain` reads a part without nested
     * columns. */
    const readNested = (lines: Line[], band: number, col: number, plain: (lines: Line[]) => void) => {
      const parts = sideStacksOf(lines);
      if (!parts) {
        readNestedOnly(lines, band, col, plain);
        return;
      }
      for (const part of parts)
        if (part.stack) segments.push(segment('column', params.page, band, col, part.lines));
        else readNestedOnly(part.lines, band, col, plain);
    };
    /** A column's lines with short columns inside it (a box's named columns side by side) read one by one (nested.ts),
     * one stretch after another (a box's two rows of cards); `plain` reads them when there are none. */
    const readNestedOnly = (lines: Line[], band: number, col: number, plain: (lines: Line[]) => void) => {
      let nested = nestedBlock(lines);
      if (!nested) {
        plain(lines);
        return;
      }
      let rest = lines;
      while (nested) {
        const before = rest.slice(0, nested.from);
        if (before.length) segments.push(segment('column', params.page, band, col, before));
        for (const c of direction === 'rtl' ? [...nested.columns].reverse() : nested.columns)
          segments.push(segment('column', params.page, band, col, c));
        rest = rest.slice(nested.to + 1);
        nested = rest.length ? nestedBlock(rest) : null;
      }
      if (rest.length) segments.push(segment('column', params.page, band, col, rest));
    };
    const emitColumnsOf = (rowIdx: number[], cols: number[], band: number) => {
      const inner = rowIdx
        .map((i) => ({ i, s: spanned(i) }))
        .find(
          (x) =>
            x.s &&
            // (A span read already is not found again: the part above it, which holds its row, is read next.)
            !spanEmitted.has(x.i) &&
            cols.includes(x.s[0]) &&
            cols.includes(x.s[1]) &&
            // Under a partial span, one across all the columns it covers breaks them again (a box at the foot of
            // two columns, under a header line across them: the columns, then the box), when it spans each gutter
            // between them from side to side (not a column's line ending a few points into one).
            (x.s[0] > cols[0] || x.s[1] < cols[cols.length - 1] || (cols.length >= 2 && cols.length < columns && spansGutters(x.i, cols))),
        );
      const colLines = (rs: number[], j: number): Line[] => {
        const lines: Line[] = [];
        for (const i of rs) {
          const r = zone.rows[i].row;
          let runs: Run[];
          if (partialRows.has(i)) {
            const across = crossingRuns(i);
            runs = r.runs.filter((run) => {
              const crossing = across.has(run);
              if (crossing && spanEmitted.has(i)) return false;
              return columnOf(run, crossing) === j;
            });
          } else {
            // The column of each run of an ordinary row, found once for all the columns that ask.
            let cols = columnsOfRow.get(i);
            if (!cols) columnsOfRow.set(i, (cols = r.runs.map((run) => columnOf(run, false))));
            runs = [];
            for (let k = 0; k < cols.length; k++) if (cols[k] === j) runs.push(r.runs[k]);
          }
          // A column's part of a row sits on its own baseline: a note's line shares a row with the next column's
          // line a little above it.
          if (runs.length) lines.push(makeLine(runs, ownBaseline(runs, r), { tie }));
        }
        return lines;
      };
      const readingCols = order.filter((j) => cols.includes(j));
      if (!inner) {
        for (const j of readingCols) {
          const all = colLines(rowIdx, j);
          const col = order.indexOf(j);
          // A box of a ruled grid cut by the page's horizontal rules: its boxes one under another, each on its own.
          for (const lines of zone.boxed && params.hrules && all.length ? boxesOf(all, params.hrules) : [all]) {
            if (!lines.length) continue;
            // A column much wider than the others that holds columns of its own over part of its height (a poster's
            // right half: two short columns over a box across both) is laid out on its own, as a page is.
            const within = columnsWithin(lines, j);
            if (within) {
              segments.push(...within.map((s) => ({ ...s, band, column: col })));
              continue;
            }
            readNested(lines, band, col, (ls) => pushAround('column', band, col, ls));
          }
        }
        return;
      }
      const [a, b] = inner.s!;
      const sub = readingCols.filter((j) => j >= a && j <= b);
      const baseline = zone.rows[inner.i].row.baseline;
      spanEmitted.add(inner.i);
      for (const j of readingCols) {
        if (j < a || j > b) {
          // A column running past the span is read whole, its short columns inside one by one (a slide's labels side
          // by side in its first column, a box beside a heading over the others).
          const lines = colLines(rowIdx, j);
          const col = order.indexOf(j);
          if (lines.length) readNested(lines, band, col, (ls) => segments.push(segment('column', params.page, band, col, ls)));
        } else if (j === sub[0]) {
          // The row's own text in these columns, beside the span, reads with the part above it.
          emitColumnsOf(
            rowIdx.filter((i) => zone.rows[i].row.baseline <= baseline),
            sub.slice().sort((x, y) => x - y),
            band,
          );
          const r = zone.rows[inner.i].row;
          const across = crossingRuns(inner.i);
          segments.push(
            segment('span', params.page, band, null, [
              makeLine(
                r.runs.filter((run) => across.has(run)),
                r.baseline,
                { tie },
              ),
            ]),
          );
          emitColumnsOf(
            rowIdx.filter((i) => zone.rows[i].row.baseline > baseline),
            sub.slice().sort((x, y) => x - y),
            band,
          );
        }
      }
    };

    /** Characters of each column's piece of a row (counted once per row: the tests below ask again and again). */
    const pieceCounts: number[][] = [];
    const pieceChars = (i: number): number[] => {
      if (pieceCounts[i]) return pieceCounts[i];
      const chars = new Array<number>(columns).fill(0);
      for (const run of zone.rows[i].row.runs) chars[columnOf(run, false)] += run.text.length + 1;
      pieceCounts[i] = chars;
      return chars;
    };
    const longestPiece = (from: number, to: number) => {
      let most = 0;
      for (let i = from; i <= to; i++) most = Math.max(most, ...pieceChars(i));
      return most;
    };
    /** Rows with a line of running text in two columns or more. */
    const runningRows = (from: number, to: number) => {
      let n = 0;
      for (let i = from; i <= to; i++) if (pieceChars(i).filter((c) => c >= RUNNING_CHARS).length >= 2) n++;
      return n;
    };
    const emitColumns = (from: number, to: number) => {
      if (from > to) return;
      // Blank space across every column at once parts blocks of short lines above it (a first page's authors side by
      // side) from columns of running text below it: they are read one after the other, as a horizontal cut does.
      // (Columns of questions with room to write between them, a letterhead's blocks, read on as columns.)
      // The blank is measured in every column the lower row has text in, from that column's last line above it (a
      // key figure in large type closing one column, "22 %", leaves no blank beside it in the others).
      // (The top of that line's own runs: a figure level with the other columns' lines is no line of theirs.)
      const blankUnder = (i: number) => {
        let top = -Infinity;
        for (let j = 0; j < columns; j++) {
          if (!pieceChars(i + 1)[j]) continue;
          let k = i;
          while (k >= from && !pieceChars(k)[j]) k--;
          if (k >= from) top = Math.max(top, Math.min(...zone.rows[k].row.runs.filter((run) => columnOf(run, false) === j).map((run) => run.y0)));
        }
        return zone.rows[i + 1].row.baseline - (Number.isFinite(top) ? top : zone.rows[i].row.top);
      };
      for (let i = from; i < to; i++) {
        if (
          zone.rows[i + 1].row.baseline - zone.rows[i].row.top > BAND_GAP * advance + zone.rows[i + 1].row.size &&
          blankUnder(i) > BAND_GAP * advance + zone.rows[i + 1].row.size &&
          longestPiece(from, i) < BLOCK_LINE_CHARS &&
          runningRows(i + 1, to) >= MIN_RUNNING_ROWS
        ) {
          emitColumns(from, i);
          emitColumns(i + 1, to);
          return;
        }
      }
      const rowIdx = Array.from({ length: to - from + 1 }, (_, k) => from + k);
      emitColumnsOf(rowIdx, [...Array(columns).keys()], bands.length);
      addBand('columns', zone.rows.slice(from, to + 1), columns);
    };

    // A table's or figure's caption set in one column just over the table or figure that spans the columns ("Table 1.
    // Overview of study procedures" at the left edge above a full-width table) is read with it, after the columns
    // above, not as the last line of the first column.
    const captionOver = (region: { from: number }, from: number): number | null => {
      const i = region.from - 1;
      if (i < from) return null;
      const row = zone.rows[i].row;
      if (partialRows.has(i) || new Set(row.runs.map((run) => columnOf(run, false))).size !== 1) return null;
      if (!CAPTION_LABEL.test(rowLine(row).text)) return null;
      return zone.rows[region.from].row.baseline - row.baseline <= CAPTION_OVER_ADVANCES * advance ? i : null;
    };
    let next = 0;
    for (const region of spans.regions) {
      const caption = captionOver(region, next);
      emitColumns(next, (caption ?? region.from) - 1);
      if (caption !== null) {
        segments.push(segment('span', params.page, bands.length, null, [rowLine(zone.rows[caption].row)]));
        addBand('span', [zone.rows[caption]], 1);
        spanLines += 1;
      }
      const regionRows = zone.rows.slice(region.from, region.to + 1);
      const band = bands.length;
      segments.push(
        segment(
          region.table ? 'table' : 'span',
          params.page,
          band,
          null,
          regionRows.map((r) => rowLine(r.row, region.table)),
        ),
      );
      addBand(region.table ? 'table' : 'span', regionRows, 1);
      spanLines += regionRows.length;
      next = region.to + 1;
    }
    emitColumns(next, zone.rows.length - 1);
  }
  starts.push(segments.length);
  reading.forEach((zone, k) => {
    if (zone.boxed) for (let i = starts[k]; i < starts[k + 1]; i++) segments[i].box = true;
  });

  diagnostics.push(...runOrderPasses({ segments, page: params.page, columnCount, advance, bodySize, rotated, nextBand: bands.length }));

  return {
    segments,
    columnCount,
    gutters,
    bands,
    spanLines,
    direction,
    bodySize,
    diagnostics,
    roomForRules: roomForRules(zones),
    roomForBreaks: zones.some(roomForBreaks),
    roomForAcross: zones.some(roomForAcross),
  };
}
