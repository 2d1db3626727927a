/**
 * Zones: horizontal stretches of a page that share one set of gutters. Most pages are one zone; a journal's first
 * page is a full-width title and abstract zone above a two-column zone. Gutters are chosen by evidence (rows that
 * leave the gap), their zone is grown over the rows that do not cross them, and what lies outside is partitioned
 * again on its own.
 */
import type { HRule, Interval, Rule, Run } from '../types.js';
import { columnRuleBreaks, ruledZones, rulesAcross } from './ruled.js';
import { classify, crossesAny, findCandidates, pieceRuns, sideSupport, sweep, type InkRow } from './gutters.js';
import { BULLET_CHARS } from './markers.js';
import { displayFormula, EQUATION_NUMBER, TWO_WORDS } from './formulas.js';
import { blockStarts, centredBlocks, paragraphStarts, sideLines, sideText } from './sides.js';
import { codePoints, median, runsOf } from './lines.js';
import { HOLDS_WORD, MAIL, UNSPACED_CHARS, wordCount } from './words.js';
import { decimal } from './digits.js';
import {
  CAPTION_LABEL,
  captionDivider,
  cjkTextColumns,
  FLOAT_LABEL,
  LISTINGS_GAP_EM,
  opensWithLabel,
  numberedListColumns,
  countedListParts,
  sentencesDownColumns,
  drawnSideBySide,
  sortedDownColumns,
  staggeredColumns,
} from './tables.js';

export interface Zone {
  rows: InkRow[];
  /** Gutters left to right; empty for a single column. */
  gutters: Interval[];
  /** Share of the zone's rows crossing its gutters (first gutter), for the refusal test. */
  crossingShare: number;
  /** The crossing share fell between gutterSpanTolerance and gutterRejectFloor. */
  ambiguous: boolean;
  /** The zone's columns look like the columns of a table (narrow, short cells), not text. */
  tabular: boolean;
  /** The drawn rules (their x) that part the zone's boxes (ruled.ts): its columns are boxes, each of which may hold
   * columns of its own; its other gutters are strips inside boxes that no line enters. */
  ruled?: number[];
  /** The ruled zone is a row of boxes of a ruled grid, a few rows closed over and under by rules across it (ruled.ts):
   * its boxes are cut again where rules cross them, and its segments are marked as boxes. */
  boxed?: boolean;
}

export interface ZoneParams {
  minGutter: number;
  bodySize: number;
  tolerance: number;
  rejectFloor: number;
  /** The page's drawn vertical rules (pdf/rules.ts): boxes they part are zones of their own (ruled.ts). */
  rules?: Rule[];
  /** Its drawn horizontal rules: a box's top and bottom end such a stretch. */
  hrules?: HRule[];
  /** The rules a column zone is parted by where they stop and start again (ruled.ts columnRuleBreaks). */
  columnRules?: Rule[];
  /** The horizontal rules a column zone is parted by where one runs across all its columns (ruled.ts rulesAcross). */
  breakRules?: HRule[];
}

/** A column zone needs at least this many rows with text on both sides of its gutter. */
const MIN_TWO_SIDED = 3;
/** Text columns are at least this many body ems wide; narrower columns of short cells are a table's. */
const MIN_TEXT_COLUMN_EM = 9;
/** Lines of text columns hold at least this many words in the median. */
const MIN_TEXT_WORDS = 3;

/** Characters of scripts set without spaces between words (Chinese, Japanese: words.ts' UNSPACED_CHARS)... */
const UNSPACED = new RegExp(`[${UNSPACED_CHARS}]`, 'gu');
/** ...count a word for this many of them. */
const UNSPACED_WORD_CHARS = 8;

/** A further gutter of a zone needs at least this share of the first gutter's two-sided rows. */
const EXTRA_GUTTER_SUPPORT = 0.15;

/**
 * A column is at least this many body ems wide. The gap after a list bullet or a hanging number is as wide as a
 * narrow gutter and as regular, but what it separates is a single glyph.
 */
const MIN_COLUMN_EM = 3;

/**
 * A strip of marginal labels is not a column: a manual's right-flushed "[Function]" tags, or a folio beside a
 * running head, leave a gap down the page as clean as a gutter. One side of the gap is a strip when it holds at
 * most this share of the other side's rows...
 */
const STRIP_ROW_SHARE = 0.25;
/** ...is at most this share of the other side's width... */
const STRIP_WIDTH_SHARE = 0.35;
/**
 * ...and its rows are lone lines, none within this many of its own sizes of the next (a column of margin notes,
 * a column that ends after a few lines at the top of a page, has lines in runs). Two lone lines at least: one short
 * line at the top of a last column is a column.
 */
const STRIP_LINE_GAP = 1.6;

function isStrip(gutter: Interval, rows: InkRow[]): boolean {
  const sides = [
    { rows: [] as InkRow[], lo: Infinity, hi: -Infinity },
    { rows: [] as InkRow[], lo: Infinity, hi: -Infinity },
  ];
  for (const r of rows) {
    if (r.ink.some((iv) => iv[0] < gutter[1] && iv[1] > gutter[0])) continue;
    for (let k = 0; k < 2; k++) {
      const side = sides[k];
      let lo = Infinity;
      let hi = -Infinity;
      for (const iv of r.ink) {
        if (k === 0 ? iv[1] <= gutter[0] : iv[0] >= gutter[1]) {
          lo = Math.min(lo, iv[0]);
          hi = Math.max(hi, iv[1]);
        }
      }
      if (hi < lo) continue;
      side.rows.push(r);
      side.lo = Math.min(side.lo, lo);
      side.hi = Math.max(side.hi, hi);
    }
  }
  return sides.some((side, k) => {
    const other = sides[1 - k];
    if (side.rows.length < 2 || side.rows.length > STRIP_ROW_SHARE * other.rows.length) return false;
    if (side.hi - side.lo > STRIP_WIDTH_SHARE * (other.hi - other.lo)) return false;
    for (let i = 1; i < side.rows.length; i++) {
      const a = side.rows[i - 1].row;
      const b = side.rows[i].row;
      if (b.baseline - a.baseline <= STRIP_LINE_GAP * Math.max(a.size, b.size)) return false;
    }
    return true;
  });
}

/**
 * The gap after a list's labels is not a gutter: a manual's items "(1)", "(2)" set in a strip of their own between
 * the side heads and the text leave a gap as clean as a gutter right of them, but each label belongs with the text
 * beside it. A gap is one when the piece just before it (after it, for a right-to-left list), where it reaches the
 * gap's edge, is a list label in at least this share of the rows with text on both sides, three at least.
 */
const LABEL_SHARE = 0.8;
/** A piece reaches the gap's edge when it ends within this many of its sizes of it. */
const LABEL_REACH = 1.5;
/** A list label: a number or a letter in parentheses or with a full stop, a bullet, or a section's number of two
 * levels or more ("1.1.3", "2.4.") before its title in a contents list. */
const LIST_LABEL = new RegExp(`^(\\(?(\\p{Nd}{1,3}|[a-z]|[ivx]{1,4})[.)]|[${BULLET_CHARS}–—-]|\\p{Nd}{1,3}(\\.\\p{Nd}{1,3})+\\.?)$`, 'u');

/** The text of a row's ink piece, spaces left out. */
const pieceText = (r: InkRow, iv: Interval) =>
  pieceRuns(r, iv)
    .map((q) => q.text)
    .join('')
    .replace(/\s+/g, '');

/** A row's ink piece nearest before a gap (ending at or before it), and nearest after it; undefined when none. */
const pieceBefore = (r: InkRow, gutter: Interval) => r.ink.filter((iv) => iv[1] <= gutter[0]).sort((a, b) => b[1] - a[1])[0];
const pieceAfter = (r: InkRow, gutter: Interval) => r.ink.filter((iv) => iv[0] >= gutter[1]).sort((a, b) => a[0] - b[0])[0];

/** The list labels a gap follows (zones.ts' LIST_LABEL), each row's label piece; null when the gap is no such gap. */
function labelsBefore(gutter: Interval, rows: InkRow[]): { pieces: Interval[]; rtl: boolean } | null {
  const { twoSided } = classify(gutter, rows);
  if (twoSided.size < MIN_TWO_SIDED) return null;
  const pieces: Interval[] = [];
  let edge = 0;
  let rtlRows = 0;
  for (const r of rows) {
    if (!twoSided.has(r.row.index)) continue;
    // A left-to-right list's labels stand before the gap, a right-to-left list's after it.
    const rtl = r.row.runs.some((q) => q.dir === 'rtl');
    const near = rtl ? pieceAfter(r, gutter) : pieceBefore(r, gutter);
    // Only the pieces that reach the gap's edge: a side head's lines further left are not what the gap follows.
    if ((rtl ? near[0] - gutter[1] : gutter[0] - near[1]) > LABEL_REACH * r.row.size) continue;
    edge++;
    if (!LIST_LABEL.test(pieceText(r, near))) continue;
    pieces.push(near);
    if (rtl) rtlRows++;
  }
  return edge >= MIN_TWO_SIDED && pieces.length >= LABEL_SHARE * edge ? { pieces, rtl: rtlRows * 2 > pieces.length } : null;
}

/** A partition tries at most this many gutters moved beside list labels or page numbers. */
const MAX_LABEL_MOVES = 8;
/** A contents list's page numbers stand within this many of their sizes after the gap they close. */
const FOLIO_REACH = 3;
const PAGE_NUMBER = /^(\p{Nd}{1,4}|[ivxlc]{1,6})$/u;

/**
 * The page numbers a gap is followed by: a contents list's right-aligned numbers after the gap its titles leave, as
 * clean down the list as a gutter, but each number belongs with its title. Returned as labels standing after the gap
 * (for besideLabels, which then looks for the gutter beyond them); null when the gap is no such gap.
 */
function numbersAfter(gutter: Interval, rows: InkRow[]): { pieces: Interval[]; rtl: boolean } | null {
  const after = piecesAfter(gutter, rows, true);
  if (!after) return null;
  const pieces = after.filter(({ r, near }) => PAGE_NUMBER.test(pieceText(r, near))).map(({ near }) => near);
  return pieces.length >= LABEL_SHARE * after.length ? { pieces, rtl: true } : null;
}

/**
 * The piece each row standing on both sides of a gap starts within FOLIO_REACH of its sizes after it (rows of
 * right-to-left text left out when `ltrOnly`); null when fewer than MIN_TWO_SIDED rows have one.
 */
function piecesAfter(gutter: Interval, rows: InkRow[], ltrOnly: boolean): { r: InkRow; near: Interval }[] | null {
  const { twoSided } = classify(gutter, rows);
  if (twoSided.size < MIN_TWO_SIDED) return null;
  const out: { r: InkRow; near: Interval }[] = [];
  for (const r of rows) {
    if (!twoSided.has(r.row.index) || (ltrOnly && r.row.runs.some((q) => q.dir === 'rtl'))) continue;
    const near = pieceAfter(r, gutter);
    if (near[0] - gutter[1] <= FOLIO_REACH * r.row.size) out.push({ r, near });
  }
  return out.length >= MIN_TWO_SIDED ? out : null;
}

/** Pieces of at most this many characters on rows of their own are a formula's parts (a numerator, a radical). */
const FORMULA_PART_CHARS = 3;
/** A multiple-choice option's label: a letter and a full stop or a parenthesis ("C.", "d)", "Ｂ．"). */
const CHOICE_LABEL = /^\(?([A-Za-zＡ-Ｚ])[.)．）]/u;

/**
 * A gap between a question's options set in a row ("A. 13   B. 12   C. 9   D. 6", an exam's choices under each
 * question): after it each row's piece starts with an option's label, and the row holds the label before it, left of
 * the gap ("C." before "D."). The options' gaps line up down the page as cleanly as a gutter, the questions running
 * across them; the gap is inside the column.
 */
function choicesAfter(gutter: Interval, rows: InkRow[]): boolean {
  const after = piecesAfter(gutter, rows, true);
  if (!after) return false;
  let lines = 0;
  let options = 0;
  for (const { r, near } of after) {
    const text = pieceText(r, near);
    const label = CHOICE_LABEL.exec(text);
    // (A piece of a few characters is a formula's part on a row of its own, a numerator or a radical, not a line.)
    if (!label) {
      if (codePoints(text) > FORMULA_PART_CHARS) lines++;
      continue;
    }
    lines++;
    const before = String.fromCodePoint(label[1].codePointAt(0)! - 1);
    if (r.row.runs.some((q) => q.x1 <= gutter[0] && CHOICE_LABEL.exec(q.text.trim())?.[1] === before)) options++;
  }
  return options >= MIN_TWO_SIDED && options >= LABEL_SHARE * lines;
}

/** Leader dots, a contents entry's run from its title to its page number. */
const LEADER_PIECE = /^([.·…]\s?){3,}/u;

/**
 * A gap before leader dots: a contents list's titles end short of their dots (a Chinese thesis's "4.1 提议原因   . . . .
 * 18"), and the gaps line up as cleanly as a gutter down the list. The dots lead on to the page number: the gap is
 * inside the entry.
 */
function leadersAfter(gutter: Interval, rows: InkRow[]): boolean {
  const after = piecesAfter(gutter, rows, false);
  return !!after && after.filter(({ r, near }) => LEADER_PIECE.test(pieceText(r, near))).length >= LABEL_SHARE * after.length;
}

/** An algorithm's line number: "1:", "12:". */
const LINE_LABEL = /^(\p{Nd}{1,3}):(?!\p{Nd})/u;

/**
 * A gap inside an algorithm's numbered lines: every row with text on both sides of it opens with its line number
 * ("6: S(:, ns) ← U diag(…) Uᵀw   // …"), the numbers counting up. The lines' operands and comments leave gaps that
 * line up, but each line is read whole.
 */
function numberedLines(gutter: Interval, rows: InkRow[]): boolean {
  const { twoSided } = classify(gutter, rows);
  if (twoSided.size < MIN_TWO_SIDED) return false;
  let last = -1;
  for (const r of rows) {
    if (!twoSided.has(r.row.index)) continue;
    const first = r.row.runs.reduce((a, b) => (b.x0 < a.x0 ? b : a));
    const m = LINE_LABEL.exec(first.text.trim());
    if (!m || first.x1 > gutter[0]) return false;
    const n = decimal(m[1]);
    if (n <= last) return false;
    last = n;
  }
  return true;
}

/** Keys and values: the keys end this many of their sizes before the gap in the median row... */
const KEY_GAP = 1.5;
/** ...keys hold at most this many characters and values this many in the median row, and this share of the rows
 * with a value have a key beside it. */
const MAX_KEY_CHARS = 45;
const MAX_VALUE_CHARS = 25;
const PAIRED_SHARE = 0.8;
/** Values are commands: this share of them hold a fixed-pitch run, and at most this share of the keys do. */
const CODE_VALUE_SHARE = 0.5;
const PROSE_KEY_SHARE = 0.4;
/** A value starts within this many of its sizes after the gap. */
const VALUE_REACH = 1;

/**
 * The gap between keys and their values: a reference card's descriptions and the commands beside them ("describe
 * function   ?function", "list of relevant help topics   ???pattern"), each pair on its own row. It is as clean down
 * the column as a gutter, but the rows are read across it: short keys in prose ending well before it, short values
 * in a fixed-pitch face after it, nearly every value with its key; or the commands before the gap and what they do
 * after it. Two columns of short lines (a slide's two lists) are not set as prose beside code.
 */
function keysAndValues(gutter: Interval, rows: InkRow[]): boolean {
  const monoIn = (r: InkRow, iv: Interval) => pieceRuns(r, iv).some((q) => q.mono);
  const { twoSided } = classify(gutter, rows);
  if (twoSided.size < MIN_TWO_SIDED) return false;
  let withValue = 0;
  const keys: number[] = [];
  const values: number[] = [];
  const gaps: number[] = [];
  let monoValues = 0;
  let monoKeys = 0;
  for (const r of rows) {
    // Values start at the gap (a column of them set flush left); text further right is another column's.
    const value = r.ink.filter((iv) => iv[0] >= gutter[1] && iv[0] - gutter[1] <= VALUE_REACH * r.row.size).sort((a, b) => a[0] - b[0])[0];
    if (!value) continue;
    withValue++;
    if (!twoSided.has(r.row.index)) continue;
    const key = pieceBefore(r, gutter);
    keys.push(pieceText(r, key).length);
    values.push(pieceText(r, value).length);
    if (monoIn(r, value)) monoValues++;
    if (monoIn(r, key)) monoKeys++;
    gaps.push((gutter[0] - key[1]) / r.row.size);
  }
  if (keys.length < PAIRED_SHARE * withValue || median(gaps) < KEY_GAP) return false;
  // Prose before the gap and commands after it, or commands before it and what they do after it (an Octave card's
  // "octave --eval code   Evaluate code using Octave").
  const code = (n: number) => n >= CODE_VALUE_SHARE * keys.length;
  const prose = (n: number) => n <= PROSE_KEY_SHARE * keys.length;
  const [k, v] = [median(keys), median(values)];
  return (
    (code(monoValues) && prose(monoKeys) && k <= MAX_KEY_CHARS && v <= MAX_VALUE_CHARS) ||
    (code(monoKeys) && prose(monoValues) && ((k <= MAX_VALUE_CHARS && v <= MAX_KEY_CHARS) || (k <= MAX_KEY_CHARS && v <= MAX_VALUE_CHARS)))
  );
}

/** A field's label: a few words ending in a colon ("Contact:", "Release date:"). */
const FIELD_LABEL = /^\p{L}[\p{L}\p{M}\p{Pd} .'’&/]{0,30}:$/u;

/**
 * The gap after a column of field labels is not a gutter: "Webseite:", "Online Chat:", "Telefon:" set flush left with
 * their values in line further right (a leaflet's contact panel, a form's "Name:" lines) leave a gap as clean as a
 * gutter after the longest label, but each label is read with its value. A gap is one when the piece just before it
 * is a field's label in at least LABEL_SHARE of the rows with text on both sides whose piece stands in the labels'
 * column (three labels at least), and the labels start or end level with each other.
 */
function fieldLabels(gutter: Interval, rows: InkRow[]): boolean {
  const { twoSided } = classify(gutter, rows);
  if (twoSided.size < MIN_TWO_SIDED) return false;
  const nearest: Interval[] = [];
  const labels: Interval[] = [];
  let size = 0;
  for (const r of rows) {
    if (!twoSided.has(r.row.index)) continue;
    const near = pieceBefore(r, gutter);
    nearest.push(near);
    if (FIELD_LABEL.test(pieceText(r, near))) labels.push(near);
    size = Math.max(size, r.row.size);
  }
  if (labels.length < MIN_TWO_SIDED) return false;
  // Only the rows whose nearest piece stands in the labels' column count: a text column further left is not the list.
  const start = Math.min(...labels.map((iv) => iv[0]));
  const inColumn = nearest.filter((iv) => iv[1] > start).length;
  if (labels.length < LABEL_SHARE * inColumn) return false;
  const level = (k: 0 | 1) => Math.max(...labels.map((iv) => iv[k])) - Math.min(...labels.map((iv) => iv[k])) <= size;
  return level(0) || level(1);
}

/**
 * Where the gutter is when a gap follows a list's labels: on the labels' other side, between them and the text before
 * them (a two-column list whose right column's bullets stand a gutter's width from the left column's lines). From
 * the nearest ink before the labels, in rows that do not run across them, to the labels' edge; null when nothing
 * is left between.
 */
function besideLabels(gutter: Interval, rows: InkRow[], labels: { pieces: Interval[]; rtl: boolean }): Interval | null {
  const { pieces, rtl } = labels;
  if (!rtl) {
    const edge = Math.min(...pieces.map((iv) => iv[0]));
    let left = -Infinity;
    for (const r of rows) {
      if (r.ink.some((iv) => iv[0] < edge && iv[1] > edge)) continue;
      for (const iv of r.ink) if (iv[1] <= edge) left = Math.max(left, iv[1]);
    }
    return Number.isFinite(left) && left < edge && edge < gutter[0] ? [left, edge] : null;
  }
  const edge = Math.max(...pieces.map((iv) => iv[1]));
  let right = Infinity;
  for (const r of rows) {
    if (r.ink.some((iv) => iv[0] < edge && iv[1] > edge)) continue;
    for (const iv of r.ink) if (iv[0] >= edge) right = Math.min(right, iv[0]);
  }
  return Number.isFinite(right) && edge < right && edge > gutter[1] ? [edge, right] : null;
}

/**
 * A gap whose evidence is set in a fixed-pitch font is code: the rows with text on both sides of it are a listing
 * or an option table whose spaces align (`x   INTEGER,`, `-c, --check   checks the syntax only`), and its rows are
 * read whole. This share of the two-sided rows' characters in fixed-pitch runs makes it code.
 */
const CODE_SHARE = 0.8;
/** Boxes of code side by side, not one listing: at least this many lines of prose run across the gap. */
const MIN_PROSE_ACROSS = 2;

function isCode(gutter: Interval, rows: InkRow[]): boolean {
  const { twoSided, crossing } = classify(gutter, rows);
  let mono = 0;
  let all = 0;
  let proseAcross = 0;
  let codeAcross = 0;
  for (const r of rows) {
    if (crossing.has(r.row.index)) {
      if (r.row.runs.every((run) => run.mono)) codeAcross++;
      else if (r.row.runs.every((run) => !run.mono)) proseAcross++;
    }
    if (!twoSided.has(r.row.index)) continue;
    for (const run of r.row.runs) {
      all += run.text.length;
      if (run.mono) mono += run.text.length;
    }
  }
  // Lines of prose running across the gap, more than lines of code do: the code is in boxes set side by side
  // between paragraphs (a listing beside its translation), and the gap between the boxes is a gutter. Unless each row
  // holds one name before the gap: a listing of names beside what each does or carries ("Start_Document   Start
  // parsing the file"), one box of two columns read row by row.
  if (proseAcross >= MIN_PROSE_ACROSS && proseAcross > codeAcross && !namesBefore(gutter, rows, twoSided)) return false;
  if (!(all > 0 && mono >= CODE_SHARE * all)) return false;
  return !listingsBeside(gutter, rows, twoSided);
}

/**
 * Every row with text on both sides of the gap holds one name before it: a single piece without a space
 * ("Start_Prefix_Mapping", "--verbose"), MIN_TWO_SIDED rows at least.
 */
function namesBefore(gutter: Interval, rows: InkRow[], twoSided: Set<number>): boolean {
  const sided = rows.filter((r) => twoSided.has(r.row.index));
  return (
    sided.length >= MIN_TWO_SIDED &&
    sided.every((r) => {
      const before = r.ink.filter((iv) => iv[1] <= gutter[0]);
      return before.length === 1 && /^\S+$/u.test(pieceWords(r, before[0]));
    })
  );
}

/** Listings side by side: a gap LISTINGS_GAP_EM of the rows' sizes wide at least, with this share of the two-sided rows at least indented on its right beyond the nearest start (by an em). */
const LISTINGS_INDENTED_SHARE = 0.25;

/**
 * Listings set side by side (a leaflet's panels of code): the text right of a wide gap is indented as code is, line
 * by line at different depths, where an option table's descriptions or a listing's aligned comments all start at one
 * x. Such a gap is a gutter between listings, not spaces aligned inside one.
 */
function listingsBeside(gutter: Interval, rows: InkRow[], twoSided: Set<number>): boolean {
  const starts: number[] = [];
  const sizes: number[] = [];
  for (const r of rows) {
    if (!twoSided.has(r.row.index)) continue;
    const right = r.ink.filter((iv) => iv[0] >= gutter[1]);
    if (right.length === 0) continue;
    starts.push(Math.min(...right.map((iv) => iv[0])));
    sizes.push(r.row.size);
  }
  if (starts.length < MIN_TWO_SIDED) return false;
  const size = median(sizes);
  if (gutter[1] - gutter[0] < LISTINGS_GAP_EM * size) return false;
  const nearest = Math.min(...starts);
  return starts.filter((x) => x > nearest + size).length >= LISTINGS_INDENTED_SHARE * starts.length;
}

/** Verse in half-lines: the gap between a line's halves is narrower than this many ems... */
const HALF_LINE_GAP_EM = 2;
/** ...each half this many ems at most (a hemistich is some 9 ems, its transliteration 14)... */
const HALF_LINE_EM = 16;
/** ...the gap this share of a half's width at least: columns of prose stand closer for their measure... */
const HALF_LINE_GAP_SHARE = 0.12;
/** ...and the rows this many of their sizes apart at least: verse is set open, prose solid (1.2). */
const HALF_LINE_ADVANCE = 1.5;

/**
 * Verse set in half-lines (an Arabic or Persian poem's hemistichs, a bayt on each row): a narrow gap with one short
 * piece on each side on every row that reaches it, nothing running across it, most rows right to left. Each row is
 * one line of the poem, read whole, first half first; a page's columns of running text are set wider or further apart.
 */
function halfLines(gutter: Interval, rows: InkRow[]): boolean {
  const { twoSided, crossing } = classify(gutter, rows);
  if (crossing.size > 0 || twoSided.size < MIN_TWO_SIDED) return false;
  const sided = rows.filter((r) => twoSided.has(r.row.index));
  // Each row: one piece on each side, no wider than a half-line; the space between them, row by row.
  const gaps: number[] = [];
  const widths: number[] = [];
  for (const r of sided) {
    const before = r.ink.filter((iv) => iv[1] <= gutter[0]);
    const after = r.ink.filter((iv) => iv[0] >= gutter[1]);
    if (before.length !== 1 || after.length !== 1) return false;
    const halves = [before[0], after[0]].map((iv) => iv[1] - iv[0]);
    if (halves.some((w) => w > HALF_LINE_EM * r.row.size)) return false;
    widths.push(...halves);
    gaps.push(after[0][0] - before[0][1]);
  }
  const gap = median(gaps);
  const size = median(sided.map((r) => r.row.size));
  if (gap >= HALF_LINE_GAP_EM * size || gap < HALF_LINE_GAP_SHARE * median(widths)) return false;
  if (median(sided.slice(1).map((r, k) => r.row.baseline - sided[k].row.baseline)) < HALF_LINE_ADVANCE * size) return false;
  const rtl = sided.filter((r) => r.row.runs.filter((q) => q.dir === 'rtl').length * 2 > r.row.runs.length).length;
  return rtl * 2 > sided.length;
}

/**
 * Rows closer together than lines of text are set (a fraction's numerator, its bar's row and its denominator; a
 * norm's big delimiters): the pieces of one formula stacked, not two blocks' lines side by side.
 */
const STACKED_ADVANCE = 0.9;
function stacked(rows: InkRow[]): boolean {
  if (rows.length < 2) return false;
  const steps = rows.slice(1).map((r, i) => (r.row.baseline - rows[i].row.baseline) / Math.max(r.row.size, rows[i].row.size));
  return median(steps) < STACKED_ADVANCE;
}

/**
 * A gap inside display formulas (between an aligned equation's sides, an integral and its integrand, a formula and
 * its number) lines up over the rows of a derivation as a gutter does, and the text between the formulas runs
 * across it. The rows with ink on both sides of it are no columns' lines: none holds running words, one holds a
 * relation and something only mathematics sets (formulas.ts' displayFormula). With nothing running across the gap,
 * the two sides are blocks set side by side (two listings of a proof assistant's code, full of arrows and Greek),
 * unless the rows are stacked closer than lines (one formula's pieces). The relation and the mark may stand on the
 * other rows among those beside the gap, on one side or across it (the "=" between two rows of block matrices, a
 * formula's main line running across a gap between its limits and delimiters), rows without running words only. A row
 * whose only ink past the gap is an equation's number is the display's too, words and all.
 */
function formulaGap(gutter: Interval, rows: InkRow[]): boolean {
  const { twoSided, crossing } = classify(gutter, rows);
  // A zone's first or last line standing apart from the rest (a running head with its folio, over a chapter's
  // displays) is two-sided for any gap: it is no evidence either way.
  const apart = (r: InkRow, next: InkRow | undefined) => !next || Math.abs(next.row.baseline - r.row.baseline) > EDGE_APART * r.row.size;
  const edge = new Set<InkRow>();
  if (rows.length > 2 && apart(rows[0], rows[1])) edge.add(rows[0]);
  if (rows.length > 2 && apart(rows[rows.length - 1], rows[rows.length - 2])) edge.add(rows[rows.length - 1]);
  const beside = rows.filter((r) => twoSided.has(r.row.index) && !edge.has(r));
  if (beside.length === 0) return false;
  const first = rows.indexOf(beside[0]);
  const last = rows.indexOf(beside[beside.length - 1]);
  const span = rows.slice(first, last + 1);
  if (crossing.size === 0 && !stacked(span)) return false;
  const between = span.filter((r) => !twoSided.has(r.row.index));
  // A display's line of words ("s.t. model equations (2a), (2b)") reaches the gap only with its number.
  const numbered = beside.filter((r) =>
    EQUATION_NUMBER.test(
      r.row.runs
        .filter((run) => run.x0 >= gutter[1])
        .map((run) => run.text)
        .join('')
        .trim(),
    ),
  );
  const formula = beside.filter((r) => !numbered.includes(r));
  if (!formula.length) return false;
  return displayFormula(
    formula.map((r) => r.row.runs),
    [...between, ...numbered].map((r) => r.row.runs),
  );
}

/** A zone's edge line this many of its sizes from the next stands apart (three lines' advance). */
const EDGE_APART = 3;

/** Width of the narrowest column the gutters make, from the ink of the rows that cross none of them. */
function narrowestColumn(gutters: Interval[], rows: InkRow[]): number {
  const sorted = [...gutters].sort((a, b) => a[0] - b[0]);
  const lo = new Array<number>(sorted.length + 1).fill(Infinity);
  const hi = new Array<number>(sorted.length + 1).fill(-Infinity);
  for (const r of rows) {
    if (crossesAny(r, sorted)) continue;
    for (const iv of r.ink) {
      const a = iv[0];
      const b = iv[1];
      let j = 0;
      while (j < sorted.length && a >= sorted[j][1]) j++;
      lo[j] = Math.min(lo[j], a);
      hi[j] = Math.max(hi[j], b);
    }
  }
  return Math.min(...lo.map((l, j) => (Number.isFinite(l) ? hi[j] - l : Infinity)));
}

/**
 * A gutter with text on both sides in at least this share of its zone's rows stands on its own evidence, however
 * often other lines cross it (that case is the ambiguous one, reported, not rejected).
 */
const STRONG_SUPPORT = 0.3;

/** Column text comes in stretches of consecutive rows that leave the gutter clean; a river in prose does not. */
const MIN_STRETCH = 3;

/** Rows in stretches of at least MIN_STRETCH consecutive non-crossing rows, and all non-crossing rows. */
function stretches(gutter: Interval, rows: InkRow[]): { inStretches: number; clean: number } {
  const { crossing } = classify(gutter, rows);
  let run = 0;
  let inStretches = 0;
  let clean = 0;
  const close = () => {
    if (run >= MIN_STRETCH) inStretches += run;
    run = 0;
  };
  for (const r of rows) {
    if (crossing.has(r.row.index)) close();
    else {
      run++;
      clean++;
    }
  }
  close();
  return { inStretches, clean };
}

/** Crossing rows in a block at least this long are coherent full-width material (a table, an abstract). */
const COHERENT_BLOCK_ROWS = 3;

/**
 * Share of the zone's rows that cross the gutter in a scattered way. Contiguous blocks of crossing rows are
 * explained full-width material; single crossing lines interleaved with column text are the ambiguous signal.
 */
function crossingShare(gutter: Interval, rows: InkRow[]): { share: number } {
  const { crossing } = classify(gutter, rows);
  let scattered = 0;
  let block = 0;
  const close = () => {
    if (block > 0 && block < COHERENT_BLOCK_ROWS) scattered += block;
    block = 0;
  };
  for (const r of rows) {
    if (crossing.has(r.row.index)) block++;
    else close();
  }
  close();
  return { share: rows.length ? scattered / rows.length : 0 };
}

/** A cell's turned line sits at most this many of the row's sizes below the row (or its previous turned line). */
const CELL_LINE_ADVANCE = 1.6;
/**
 * A cell turns at most this many lines: a paragraph running on for many lines past a few short entries beside its
 * first lines (an abstract beside its "Article history" and "Keywords") is prose beside a column, not a table's row.
 */
const MAX_CELL_TURNS = 10;

/** A sidebar is at most this share of the width of the text column beside it... */
const SIDEBAR_WIDTH = 0.4;
/** ...and fewer than this share of its blocks start level with a paragraph of the text column. */
const SIDEBAR_ALIGNED = 0.5;

/** A column set this many times larger than another is a title beside text, not a table's column. */
const TITLE_CONTRAST = 1.6;
/** A title's lines hold this many characters in the median row. */
const TITLE_LINE_CHARS = 8;

/**
 * A title in display type beside a column of text (a chapter opener's "03 Four key principles for effective custom
 * software development" left of its summary and first paragraphs) lines up with the text's lines as a table's cells
 * do, but a table's columns are set in one size: the columns' sizes (the median of their runs', by characters) differ
 * by TITLE_CONTRAST or more, the largest that much larger than the page's text too.
 */
function titleBeside(rows: InkRow[], gutters: Interval[], bodySize: number): boolean {
  const edges = [-Infinity, ...gutters.map((g) => (g[0] + g[1]) / 2), Infinity];
  const sizes: number[][] = gutters.map(() => []).concat([[]]);
  const lengths: number[][] = gutters.map(() => []).concat([[]]);
  for (const r of rows) {
    // Rows running across a gutter (a caption over the table) belong to no column.
    if (crossesAny(r, gutters)) continue;
    const chars = lengths.map(() => 0);
    for (const q of r.row.runs) {
      const j = Math.max(0, edges.findIndex((e, k) => k > 0 && (q.x0 + q.x1) / 2 <= e) - 1);
      for (let n = 0; n < q.text.length; n++) sizes[j].push(q.size);
      chars[j] += q.text.length;
    }
    chars.forEach((c, j) => c && lengths[j].push(c));
  }
  const columns = sizes.map((s, j) => ({ size: median(s), chars: median(lengths[j]) })).filter((c) => c.size > 0);
  if (columns.length < 2) return false;
  // The title is display type: larger than the page's text by as much (a caption or a slide's small furniture in a
  // column of their own are no contrast), and words on its lines (a table's column of glyph samples is no title).
  const large = columns.reduce((a, b) => (b.size > a.size ? b : a));
  const small = Math.min(...columns.map((c) => c.size));
  return large.size >= TITLE_CONTRAST * small && large.size >= TITLE_CONTRAST * bodySize && large.chars >= TITLE_LINE_CHARS;
}

/**
 * A narrow column of short entries beside a wide column of running text is either a table's (a term beside its
 * description, a section's heading beside its paragraphs: each entry level with the start of a paragraph) or a
 * sidebar (an article's subject areas, dates and correspondence note in the margin, placed with no regard to the
 * text's paragraphs). A sidebar is not a table: its zone is read as columns, the text column kept whole.
 */
function isSidebar(rows: InkRow[], gutter: Interval, gutters: number, bodySize: number): boolean {
  if (gutters !== 1) return false;
  const sides = ([0, 1] as const).map((k) => {
    const lines = sideLines(rows, gutter, k);
    return { lines, width: Math.max(...lines.map((l) => l.x1)) - Math.min(...lines.map((l) => l.x0)) };
  });
  const [narrow, wide] = sides[0].width <= sides[1].width ? sides : [sides[1], sides[0]];
  if (narrow.lines.length < 2 || wide.lines.length < 2 * narrow.lines.length || narrow.width > SIDEBAR_WIDTH * wide.width) return false;
  // Where the narrow side's blocks start, against the wide side's paragraph starts.
  const starts = blockStarts(narrow.lines).map((l) => l.row.baseline);
  const paragraphs = paragraphStarts(wide.lines, bodySize).map((l) => l.row.baseline);
  const aligned = starts.filter((b) => paragraphs.some((p) => Math.abs(p - b) <= 0.5 * bodySize)).length;
  return aligned < SIDEBAR_ALIGNED * starts.length;
}

/** A panel beside a diagram holds at least this many lines... */
const PANEL_LINES = 8;
/** ...each at most this many of its sizes under the one before (a blank line between two of them at most)... */
const PANEL_ADVANCE = 2.5;
/** ...most of them (this share) on rows where nothing else of the zone stands... */
const PANEL_ALONE = 0.5;
/** ...beyond the zone's widest gutter, at least this many of the lines' sizes wide. */
const PANEL_GAP_EM = 3;

/**
 * A block of lines in the zone's first or last column, beyond the widest of two gutters or more, set one under
 * another as a listing's or a paragraph's lines are, most of them on rows of their own (a slide's YAML panel beside
 * the boxes of a diagram): the column is no table's, whose cells stand level with the other cells of their rows. The
 * zone is read in columns, the panel whole.
 */
function panelBeside(rows: InkRow[], gutters: Interval[]): boolean {
  if (gutters.length < 2) return false;
  const [first, last] = [gutters[0], gutters[gutters.length - 1]];
  const widest = Math.max(...gutters.map((g) => g[1] - g[0]));
  const sides: [Interval, (iv: Interval) => boolean, (iv: Interval) => boolean][] = [
    [first, (iv) => iv[1] <= first[0], (iv) => iv[0] >= first[1]],
    [last, (iv) => iv[0] >= last[1], (iv) => iv[1] <= last[0]],
  ];
  for (const [gutter, inPanel, outside] of sides) {
    const lines = rows.filter((r) => r.ink.some(inPanel));
    if (lines.length < PANEL_LINES || lines.some((r) => r.ink.filter(inPanel).length > 1)) continue;
    // The panel stands apart: its gutter is the zone's widest, several of its lines' sizes wide.
    const width = gutter[1] - gutter[0];
    if (width < widest || width < PANEL_GAP_EM * median(lines.map((r) => r.row.size))) continue;
    const solid = lines.every((r, k) => k === 0 || r.row.baseline - lines[k - 1].row.baseline <= PANEL_ADVANCE * r.row.size);
    const alone = lines.filter((r) => !r.ink.some(outside)).length;
    if (solid && alone >= PANEL_ALONE * lines.length) return true;
  }
  return false;
}

/** A panel in larger type than all the type level with it: at least this many times its size... */
const LARGER_PANEL_SIZE = 1.25;
/** ...holds at least this many lines... */
const LARGER_PANEL_LINES = 5;
/** ...beyond a gutter of at least this many of its sizes, the zone's widest or not. */
const LARGER_PANEL_GAP_EM = 1.5;

/**
 * A panel in a table zone's first or last column, its type larger than all the other type level with it (a slide's
 * listing beside a diagram's labels): its lines are set one under another as a panel's are (`panelBeside`), most of
 * them on rows of their own, and being no cells of the other columns' rows however near they stand, they are read
 * whole. The x that parts the panel from the rest, and whether it is the first column; null when there is none.
 */
export function largerPanel(rows: InkRow[], gutters: Interval[]): { split: number; first: boolean } | null {
  if (gutters.length < 2) return null;
  const [first, last] = [gutters[0], gutters[gutters.length - 1]];
  const sides: [Interval, boolean][] = [
    [first, true],
    [last, false],
  ];
  for (const [gutter, isFirst] of sides) {
    const inPanel = (x: number) => (isFirst ? x <= gutter[0] : x >= gutter[1]);
    const mid = (q: Run) => (q.x0 + q.x1) / 2;
    const lines = rows.filter((r) => r.row.runs.some((q) => inPanel(mid(q))));
    if (lines.length < LARGER_PANEL_LINES || lines.some((r) => r.ink.filter((iv) => inPanel((iv[0] + iv[1]) / 2)).length > 1)) continue;
    const [top, bottom] = [lines[0].row.baseline, lines[lines.length - 1].row.baseline];
    const level = rows.filter((r) => r.row.baseline >= top && r.row.baseline <= bottom).flatMap((r) => r.row.runs);
    const inside = level.filter((q) => inPanel(mid(q)));
    const others = level.filter((q) => (isFirst ? mid(q) >= gutter[1] : mid(q) <= gutter[0]));
    if (!others.length || Math.min(...inside.map((q) => q.size)) < LARGER_PANEL_SIZE * Math.max(...others.map((q) => q.size))) continue;
    const size = median(inside.map((q) => q.size));
    if (gutter[1] - gutter[0] < LARGER_PANEL_GAP_EM * size) continue;
    const solid = lines.every((r, k) => k === 0 || r.row.baseline - lines[k - 1].row.baseline <= PANEL_ADVANCE * size);
    const alone = lines.filter((r) => r.row.runs.every((q) => inPanel(mid(q)))).length;
    if (solid && alone >= PANEL_ALONE * lines.length) return { split: (gutter[0] + gutter[1]) / 2, first: isFirst };
  }
  return null;
}

/** A zone is a table when most of its rows carry cells in several columns and its columns are narrow or terse. */
function looksTabular(rows: InkRow[], gutters: Interval[], bodySize: number): boolean {
  if (gutters.length === 0) return false;
  const edges = [-Infinity, ...gutters.flatMap((g) => [g[0], g[1]]), Infinity];
  const columns = gutters.length + 1;
  const columnOf = (x: number) => {
    for (let j = 0; j < columns; j++) if (x <= edges[2 * j + 1]) return j;
    return columns - 1;
  };
  const words: number[][] = Array.from({ length: columns }, () => []);
  const left = new Array<number>(columns).fill(Infinity);
  const right = new Array<number>(columns).fill(-Infinity);
  let multi = 0;
  let counted = 0;
  const n = new Array<number>(columns);
  // The last row with cells in several columns, to count the turned lines of a cell below it (a two-line description).
  // A cell's turned lines are all in one column: rows of the other columns between them are not a table's rows but
  // another column's lines set on baselines of their own (two columns of prose and code side by side).
  let lastMulti: { baseline: number; size: number; cols: boolean[]; turned: number; lines: number } | null = null;
  for (const r of rows) {
    if (crossesAny(r, gutters)) continue;
    counted++;
    // Words per column of this row (a run's words: its spaces plus one); 0 where the row has no text. Only whether
    // the median reaches MIN_TEXT_WORDS matters, so counting stops there.
    n.fill(0);
    for (const run of r.row.runs) {
      const j = columnOf((run.x0 + run.x1) / 2);
      if (n[j] < MIN_TEXT_WORDS) {
        // Chinese and Japanese set no spaces: a word is counted for every UNSPACED_WORD_CHARS of their characters.
        let w = Math.max(1, Math.floor((run.text.match(UNSPACED)?.length ?? 0) / UNSPACED_WORD_CHARS));
        for (let k = run.text.indexOf(' '); k >= 0 && n[j] + w < MIN_TEXT_WORDS; k = run.text.indexOf(' ', k + 1)) w++;
        n[j] = Math.min(MIN_TEXT_WORDS, n[j] + w);
      }
      left[j] = Math.min(left[j], run.x0);
      right[j] = Math.max(right[j], run.x1);
    }
    let used = 0;
    let only = -1;
    for (let j = 0; j < columns; j++) {
      if (n[j] === 0) continue;
      used++;
      only = j;
      words[j].push(n[j]);
    }
    if (used >= 2) {
      multi++;
      lastMulti = { baseline: r.row.baseline, size: r.row.size, cols: n.map((w) => w > 0), turned: -1, lines: 0 };
    } else if (
      used === 1 &&
      lastMulti &&
      lastMulti.cols[only] &&
      (lastMulti.turned < 0 || lastMulti.turned === only) &&
      r.row.baseline - lastMulti.baseline <= CELL_LINE_ADVANCE * lastMulti.size &&
      lastMulti.lines < MAX_CELL_TURNS
    ) {
      // A cell's turned line, right under the row it belongs to.
      multi++;
      lastMulti.baseline = r.row.baseline;
      lastMulti.turned = only;
      lastMulti.lines++;
    } else lastMulti = null;
  }
  if (counted === 0) return false;
  let narrowOrTerse = 0;
  for (let j = 0; j < columns; j++) {
    if (words[j].length === 0) continue;
    // The median row has fewer than MIN_TEXT_WORDS words when more than half of the rows (sorted, the one at
    // index length >> 1 and all before it) do.
    let fewer = 0;
    for (const w of words[j]) if (w < MIN_TEXT_WORDS) fewer++;
    const terse = fewer > words[j].length >> 1;
    const widthEm = (right[j] - left[j]) / bodySize;
    if (widthEm < MIN_TEXT_COLUMN_EM || terse) narrowOrTerse++;
  }
  const aligned = multi / counted;
  return columns >= 3 ? aligned >= 0.6 && narrowOrTerse * 2 > columns : aligned >= 0.7 && narrowOrTerse > 0;
}

/**
 * The gap of an inset inside a column (a table of symbols at the head of column one, whose rows the rows pass does
 * not find aligned) has the column's own text running across it below or above the inset, in one stretch. A gutter
 * of three columns is crossed, if at all, by a heading or an intro over some of them: a few rows. At least this many
 * rows crossing outside the stretch of two-sided rows, and at least this share of the two-sided rows, make an inset.
 */
const INSET_CROSSING_ROWS = 5;
const INSET_CROSSING_SHARE = 0.5;

function insetGap(columnRows: InkRow[], { crossing, twoSided }: { crossing: Set<number>; twoSided: Set<number> }): boolean {
  let first = Infinity;
  let last = -Infinity;
  columnRows.forEach((r, i) => {
    if (!twoSided.has(r.row.index)) return;
    first = Math.min(first, i);
    last = Math.max(last, i);
  });
  let outside = 0;
  columnRows.forEach((r, i) => {
    if (crossing.has(r.row.index) && (i < first || i > last)) outside++;
  });
  if (outside < INSET_CROSSING_ROWS) return false;
  if (outside >= INSET_CROSSING_SHARE * twoSided.size) return true;
  // A float's caption opening the column ("Table 3" over a table, its notes under it): the rows outside its
  // stretch are the float's own, however many rows the table has.
  const head = columnRows.find((r) => r.ink.length > 0);
  return !!head && opensWithLabel(pieceRuns(head, head.ink[0]).sort((a, b) => a.x0 - b.x0));
}

/**
 * A zone's first row belongs with the rows above it when it sits much closer to them than to the zone's next row and
 * is the last line of blocks above: it stands on one side of the zone's gutter only (an author's e-mail under their
 * affiliation that happens not to cross the gutter of the zone below), or each of its pieces starts where a piece of
 * the row above starts (the short last lines of three columns set over a section, "injection flaws." and "needs of
 * the application and data.", which leave the gutter of the section's two columns clean).
 */
const CLOSER_ABOVE = 0.6;
/** Pieces start together within this share of the row's size. */
const SAME_START = 0.3;

function leavesForAbove(rows: InkRow[], first: number, last: number, gutter: Interval): boolean {
  if (first === 0 || last - first < 2) return false;
  const row = rows[first];
  const prev = rows[first - 1];
  const left = row.ink.some((iv) => iv[1] <= gutter[0]);
  const right = row.ink.some((iv) => iv[0] >= gutter[1]);
  const continues = row.ink.every((iv) => prev.ink.some((p) => Math.abs(p[0] - iv[0]) <= SAME_START * row.row.size));
  if (left && right && !continues) return false;
  const above = row.row.baseline - prev.row.baseline;
  const below = rows[first + 1].row.baseline - row.row.baseline;
  return above < CLOSER_ABOVE * below;
}

/** A sentence's end, before the wide space a justified line may leave after it. */
const SENTENCE_END = /[.!?:;)”’"]$/u;
/** A paragraph's next line stands at most this many of its sizes below the line before. */
const PARAGRAPH_LINE_ADVANCE = 1.5;

/**
 * A zone's first row that is a line of the paragraph above it: the line above runs across the gutter, this one starts
 * and ends where it does (a justified line) and leaves the gutter clean only by the wide space after a sentence's end
 * ("…without any ar- / guments.  Once started, Octave reads…" over a list of options whose descriptions are indented
 * to just that point).
 */
function lineOfParagraphAbove(rows: InkRow[], i: number, gutter: Interval): boolean {
  if (i === 0 || i + 1 >= rows.length) return false;
  const [prev, row] = [rows[i - 1], rows[i]];
  const size = row.row.size;
  if (!prev.ink.some((iv) => iv[0] < gutter[0] && iv[1] > gutter[1]) || row.ink.length !== 2) return false;
  if (row.row.baseline - prev.row.baseline > PARAGRAPH_LINE_ADVANCE * size) return false;
  const tol = SAME_START * size;
  if (Math.abs(row.ink[0][0] - prev.ink[0][0]) > tol || Math.abs(row.ink[1][1] - prev.ink[prev.ink.length - 1][1]) > tol) return false;
  const before = row.row.runs.filter((r) => r.x1 <= gutter[0] + 0.5).sort((a, b) => a.x1 - b.x1);
  return before.length > 0 && SENTENCE_END.test(before[before.length - 1].text.trim());
}

/** The paragraph's short last line under such a line: on the gutter's near side only, starting where it starts. */
function lastLineOfParagraph(rows: InkRow[], i: number, gutter: Interval): boolean {
  if (i + 1 >= rows.length) return false;
  const [prev, row] = [rows[i - 1], rows[i]];
  return (
    row.ink.every((iv) => iv[1] <= gutter[0]) &&
    Math.abs(row.ink[0][0] - prev.ink[0][0]) <= SAME_START * row.row.size &&
    row.row.baseline - prev.row.baseline <= PARAGRAPH_LINE_ADVANCE * row.row.size
  );
}

/** A zone's end is cut off when this many rows at least stay clean of the gutter on the other side... */
const CLEAN_SIDE_ROWS = 10;
/** ...and at least this share of the end's rows cross it, this many at least (one overrunning line is no end). */
const CROSSED_END_SHARE = 0.25;
const MIN_CROSSED_END = 3;
/** A crossed end runs on to blank space (a gap of this many line sizes) found within this many rows of its last crossing. */
const END_BLANK = 2;
const MAX_END_TAIL = 6;

/**
 * A gutter's rows, from `start` to `end`, less an end where it is crossed densely: a page's lower half in two
 * columns under an upper half in three, whose lines cross the lower half's gutter every other row (never three in a
 * row, so no end block is cut). All the crossing rows at one end, a quarter or more of that end's rows, a clean
 * stretch of CLEAN_SIDE_ROWS beside them, and a gutter of the end's own (`others`, the page's other candidates): the
 * gutter is the clean stretch's, and the end is partitioned on its own. Crossing rows in a band of the middle, with
 * such clean stretches above and below it, cut the zone over the band the same way; so do crossing rows all in a band
 * under blank space whose own gutter the rows above cross densely.
 */
function crossedEnd(gutter: Interval, rows: InkRow[], start: number, end: number, others: Interval[], minGutter: number): [number, number] {
  const { crossing } = classify(gutter, rows.slice(start, end + 1));
  if (crossing.size < MIN_CROSSED_END) return [start, end];
  const at = rows.map((r, i) => (crossing.has(r.row.index) ? i : -1)).filter((i) => i >= 0);
  const [lo, hi] = [at[0], at[at.length - 1]];
  // The end has columns of its own: another gutter that none of its rows crosses. (Prose running across boxes of
  // code set side by side crosses every gap there is: that end stays with its gutter.)
  // Its gutters are looked for among the end's rows too: boxes set side by side over two columns of text leave gaps
  // in too few of the page's rows to be found over the whole page.
  const blankAbove = (j: number) => rows[j].row.baseline - rows[j - 1].row.baseline > END_BLANK * Math.max(rows[j].row.size, rows[j - 1].row.size);
  // (`also`: what else the gutter must satisfy.)
  const ownGutter = (a: number, b: number, also: (g: Interval) => boolean = () => true) => {
    const part = rows.slice(a, b + 1);
    // A line alone across the page with blank space over it (it crosses this gutter and the other both: a note under
    // boxes set side by side, the title over the next part) stands between parts and leaves the other gutter whole.
    const apart = (k: number, g: Interval) =>
      a + k > 0 && blankAbove(a + k) && part[k].ink.length === 1 && [gutter, g].every((h) => part[k].ink[0][0] < h[1] && part[k].ink[0][1] > h[0]);
    const clean = (g: Interval) => {
      if (g[0] < gutter[1] && g[1] > gutter[0]) return false;
      const c = classify(
        g,
        part.filter((_, k) => !apart(k, g)),
      );
      return c.crossing.size === 0 && c.twoSided.size >= MIN_TWO_SIDED && also(g);
    };
    return others.some(clean) || findCandidates(part, minGutter).some((c) => clean(c.gutter));
  };
  // The end runs on past its last crossing row to the blank space under it (a box's closing lines, clean of the
  // gutter by chance, are still the box's), when that comes within a few rows.
  let upper = hi;
  for (let j = hi + 1; j <= Math.min(end, hi + MAX_END_TAIL); j++) {
    if (blankAbove(j)) {
      upper = j - 1;
      break;
    }
  }
  // And the rows over the zone's start up to blank space count with the end when its gutters are looked for.
  let top = start;
  while (top > 0 && start - top < MAX_END_TAIL && !blankAbove(top)) top--;
  if (end - upper >= CLEAN_SIDE_ROWS && at.length >= CROSSED_END_SHARE * (hi - start + 1) && ownGutter(top, upper)) return [upper + 1, end];
  if (lo - start >= CLEAN_SIDE_ROWS && at.length >= CROSSED_END_SHARE * (end - lo + 1) && ownGutter(lo, end)) return [start, lo - 1];
  // Or the crossing rows are a band of their own in the middle, with clean stretches above and below it (a poster's
  // band of three columns between bands of two): the rows above it keep the gutter, and the band, from the blank
  // space over it, is partitioned with the rows under it (whose own crossed end it then is).
  let cut = lo;
  while (cut > start && lo - cut < MAX_END_TAIL && !blankAbove(cut)) cut--;
  if (
    cut > start &&
    blankAbove(cut) &&
    cut - start >= CLEAN_SIDE_ROWS &&
    end - upper >= CLEAN_SIDE_ROWS &&
    at.length >= CROSSED_END_SHARE * (upper - cut + 1) &&
    ownGutter(cut, upper)
  )
    return [start, cut - 1];
  // Or its rows all cross it in a band from blank space a few rows over the first crossing, whose own gutter the rows
  // above (clean of this one) cross densely and none of the band's rows does (a poster's band of two columns under a
  // band of three, whose charts' tick labels happen to leave the three columns' gutters open): the band is
  // partitioned on its own.
  // (The rows over row k cross a gap densely: it lies inside one of their columns.)
  const crossedOver = (k: number) => (g: Interval) =>
    classify(g, rows.slice(start, k)).crossing.size >= Math.max(MIN_CROSSED_END, CROSSED_END_SHARE * (k - start));
  for (let k = Math.max(start + CLEAN_SIDE_ROWS, lo - MAX_END_TAIL); k <= Math.min(lo, end + 1 - CLEAN_SIDE_ROWS); k++)
    if (blankAbove(k) && ownGutter(k, end, crossedOver(k))) return [start, k - 1];
  // Or, blank space over them or not, its rows from a few over the first crossing are one column narrowed beside a
  // float wider than the other column, set at that column's foot and reaching over the gutter (a journal's table a
  // column and a half wide, the first column's lines stepping in beside it): a gap inside the narrowed column that its
  // lines above cross densely and none from there on does, every row crossing the gutter crossing it with a piece on
  // the gap's far side, and some of them with the narrowed column's line beside that piece.
  const beside = (g: Interval) => {
    const left = g[1] <= gutter[0];
    const far = (iv: Interval) => (left ? iv[0] >= g[1] : iv[1] <= g[0]);
    const near = (iv: Interval) => (left ? iv[1] <= g[0] : iv[0] >= g[1]);
    const crossesGutter = (iv: Interval) => iv[0] < gutter[1] && iv[1] > gutter[0];
    return at.every((i) => rows[i].ink.filter(crossesGutter).every(far)) && at.some((i) => rows[i].ink.some(near));
  };
  for (let k = Math.max(start + CLEAN_SIDE_ROWS, lo - MAX_END_TAIL); k <= Math.min(lo, end + 1 - CLEAN_SIDE_ROWS); k++)
    if (ownGutter(k, end, (g) => crossedOver(k)(g) && beside(g))) return [start, k - 1];
  return [start, end];
}

/** A word: four letters or more. */
const WORD = /\p{L}{4,}/u;
/** Leader dots. */
const LEADERS = /(\.\s?){3}/u;

/** A page's edge part is parted from the rest by blank space this many of the larger line's sizes (baseline to baseline)... */
const EDGE_BLANK = 3;
/** ...and holds this many rows at most: a letterhead's two little blocks, a flyer's contact band. */
const MAX_EDGE_ROWS = 3;
/** The gap between its two blocks is this many of its largest size wide at least: far wider than a table's gap. */
const EDGE_GAP_EM = 8;

/**
 * Two little blocks side by side at the very top or foot of the page, parted from the page's text by blank space and
 * from each other by a wide gap that every row leaves: a letterhead's sender ("Department of Veterans Affairs /
 * Washington, DC 20420") beside the document's number and date, a flyer's address beside its e-mail and website, two
 * signatures' offices over the signers' names. Each block has two lines or more, one of them two words or each a
 * word; each is read whole. Too few rows stand beside the gap for a gutter, and read row by row the two blocks splice
 * at every line. At most `maxRows` rows: three at the page's edges, four for blocks standing apart inside it
 * (blocksApart), any number for a stretch where no gutter was found.
 */
function edgeBlocks(rows: InkRow[], maxRows: number): Zone | null {
  if (rows.length < 2 || rows.length > maxRows) return null;
  if (rows.some((r) => r.ink.some((iv) => !Number.isFinite(iv[0]) || !Number.isFinite(iv[1])))) return null;
  const size = Math.max(...rows.map((r) => r.row.size));
  // The stretches no row's ink covers, between the first ink and the last.
  const covered = sweep(rows.flatMap((r) => r.ink)).filter((s) => s.count > 0);
  const gaps: Interval[] = [];
  for (let i = 1; i < covered.length; i++) if (covered[i].x0 > covered[i - 1].x1) gaps.push([covered[i - 1].x1, covered[i].x0]);
  const wide = gaps.filter((g) => g[1] - g[0] >= EDGE_GAP_EM * size);
  if (wide.length !== 1) return null;
  const gutter = wide[0];
  const leaders = rows.some((r) => LEADERS.test(r.row.runs.map((q) => q.text).join(' ')));
  for (const side of [0, 1] as const) {
    const lines = sideLines(rows, gutter, side);
    const texts = lines.map(sideText);
    // Words: two in a line, or one in every line (a signature's office over the signer's name), the lines all
    // different (not a form's "Country" field label repeated), no leader dots running to the other block (a list of
    // cases, each pointing to its form).
    const worded = !leaders && texts.every((t) => WORD.test(t)) && new Set(texts).size === texts.length;
    if (lines.length < 2 || !(texts.some((t) => TWO_WORDS.test(t)) || worded)) return null;
  }
  return { rows, gutters: [gutter], crossingShare: 0, ambiguous: false, tabular: false };
}

/** A stretch of numbered lists inside a table zone has at least this many rows. */
const MIN_LIST_ROWS = 12;

/**
 * Numbered lists in columns under a form's boxes (tables.ts' `numberedListColumns`): the boxes above run across the
 * main gutter and part columns of their own, so the lists' gutters are not all the zone's. The longest stretch of rows
 * that leave the main gutter clean is partitioned again on its own; where that finds one zone of numbered lists, it is
 * a zone of its own, read column by column, and the rows above and below it stay the table zone's, read as before.
 */
function numberedListStretch(rows: InkRow[], gutter: Interval, p: ZoneParams): { from: number; zone: Zone } | null {
  const { crossing } = classify(gutter, rows);
  let best: [number, number] | null = null;
  for (const [i, j, crosses] of runsOf(rows.map((r) => crossing.has(r.row.index))))
    if (!crosses && (!best || j - i > best[1] - best[0])) best = [i, j];
  if (!best || best[1] - best[0] + 1 < MIN_LIST_ROWS || best[1] - best[0] + 1 === rows.length) return null;
  const sub = partitionRows(rows.slice(best[0], best[1] + 1), p);
  if (sub.length !== 1 || sub[0].tabular || !numberedListColumns(sub[0].rows, sub[0].gutters)) return null;
  return { from: best[0], zone: sub[0] };
}

/** Row b stands under row a past blank space, `sizes` of the larger line's sizes. */
const blankBetween = (a: InkRow, b: InkRow, sizes: number) => b.row.baseline - a.row.baseline > sizes * Math.max(a.row.size, b.row.size);

/** Rows i and i + 1 are parted by blank space, `sizes` of the larger line's sizes. */
const blankAfter = (rows: InkRow[], i: number, sizes: number) => blankBetween(rows[i], rows[i + 1], sizes);

/** Rows i - 1 and i are parted by blank space (EDGE_BLANK of the larger line's sizes). */
const blankAt = (rows: InkRow[], i: number) => blankAfter(rows, i - 1, EDGE_BLANK);

/** A heading over blocks is set this many times their size at least, and stands apart above and below... */
const HEADING_OVER_BLOCKS = 1.2;
/** ...by this many of its sizes (baseline to baseline). */
const HEADING_APART = 1.5;

/**
 * Row i - 1 is a heading of its own over row i: one piece set larger, apart from the rows above and below it (a
 * report's "Author Information" over its authors side by side). Blocks under it stand apart as under blank space.
 */
const headedAt = (rows: InkRow[], i: number) => {
  const head = rows[i - 1];
  return (
    head.ink.length === 1 &&
    head.row.size >= HEADING_OVER_BLOCKS * rows[i].row.size &&
    blankAfter(rows, i - 1, HEADING_APART) &&
    (i < 2 || blankAfter(rows, i - 2, HEADING_APART))
  );
};

/**
 * Split rows (sorted top to bottom) into zones: two little blocks at the page's top or foot first (edgeBlocks), then
 * two such blocks standing apart further down (blocksApart), then the rest by its gutters.
 */
export function partition(rows: InkRow[], p: ZoneParams): Zone[] {
  let top: Zone | null = null;
  let foot: Zone | null = null;
  for (let n = 2; n <= MAX_EDGE_ROWS && n < rows.length && !top; n++) if (blankAt(rows, n)) top = edgeBlocks(rows.slice(0, n), MAX_EDGE_ROWS);
  // Or a head of three blocks side by side, after a line or two over it (a filing stamp): those lines on their own.
  const head = top ? null : headBlocks(rows);
  const lead = top ? [top] : head ? [...partitionRows(rows.slice(0, head.from), p), head.zone] : [];
  const from = top ? top.rows.length : head ? head.from + head.zone.rows.length : 0;
  for (let n = 2; n <= MAX_EDGE_ROWS && n < rows.length - from && !foot; n++)
    if (blankAt(rows, rows.length - n)) foot = edgeBlocks(rows.slice(rows.length - n), MAX_EDGE_ROWS);
  const to = rows.length - (foot ? foot.rows.length : 0);
  const zones = handedDown(
    handOver(
      [...lead, ...blocksApart(rows.slice(from, to), p), ...(foot ? [foot] : [])].flatMap((z) => staggeredBlocks(z, p)).flatMap(captionsBeside),
      p,
    ),
    p,
  );
  const ruled = ruledZones(zones, p.rules ?? [], p.hrules ?? [], (rs, gutters) => tabularZone(rs, gutters, p));
  return p.columnRules?.length || p.breakRules?.length ? ruled.flatMap((z) => atRuleBreaks(z, p.columnRules ?? [], p.breakRules ?? [], p)) : ruled;
}

/** A column zone parted where its drawn column rules stop and start again (ruled.ts columnRuleBreaks), or where rules
 * are drawn across all its columns, one in wide blank space or five at least (rulesAcross): each stretch of columns
 * read on its own, the upper one first. */
function atRuleBreaks(z: Zone, rules: Rule[], hrules: HRule[], p: ZoneParams): Zone[] {
  const breaks = [...new Set([...columnRuleBreaks(z, rules), ...rulesAcross(z, hrules)])].sort((a, b) => a - b);
  if (!breaks.length) return [z];
  const ends = [...breaks.map((k) => k + 1), z.rows.length];
  return ends.map((end, i) => zoneWithRows(z, z.rows.slice(i ? ends[i - 1] : 0, end), p));
}

/**
 * Heads over the page's columns, found as a table block (tables.ts headsOverColumns) and masked for the gutter pass:
 * where the block's rows close a zone, or make one, and the zone right under them has gutters that none of the heads'
 * ink crosses, each gutter with heads on both sides, the rows are that zone's first lines, each head read over its
 * column (a column of the zone may stand under two heads, its own columns found when it is read: columnsWithin).
 * Otherwise they stay the table they were found as. The blocks moved are given back with the zones.
 */
export function headsOnColumns(zones: Zone[], heads: InkRow[][], p: ZoneParams): { zones: Zone[]; moved: InkRow[][] } {
  const out = zones.slice();
  const moved: InkRow[][] = [];
  for (const block of heads) {
    const i = out.findIndex((z) => z.rows.some((r) => r.row === block[0].row));
    if (i < 0 || i + 1 >= out.length) continue;
    const [above, below] = [out[i], out[i + 1]];
    const keep = above.rows.length - block.length;
    if (keep < 0 || above.rows.slice(keep).some((r, k) => r.row !== block[k].row)) continue;
    if (!below.gutters.length || below.tabular || below.ruled || above.ruled) continue;
    const overEach = below.gutters.every(
      (g) => block.some((r) => r.ink.some((iv) => iv[1] <= g[0])) && block.some((r) => r.ink.some((iv) => iv[0] >= g[1])),
    );
    if (!overEach || block.some((r) => crossesAny(r, below.gutters))) continue;
    // Each zone's shares and kind, found again on the rows it keeps (the masked heads counted across its gutters).
    out[i + 1] = zoneWithRows(below, [...block, ...below.rows], p);
    if (keep) out[i] = zoneWithRows(above, above.rows.slice(0, keep), p);
    else out.splice(i, 1);
    moved.push(block);
  }
  return { zones: out, moved };
}

/** A zone with other rows: its gutters kept, its crossing share, ambiguity and kind found again on those rows. */
function zoneWithRows(z: Zone, rows: InkRow[], p: ZoneParams): Zone {
  if (!z.gutters.length) return { ...z, rows };
  const worst = Math.max(...z.gutters.map((g) => crossingShare(g, rows).share));
  return { ...z, rows, crossingShare: worst, ambiguous: worst > p.tolerance, tabular: tabularZone(rows, z.gutters, p) };
}

/**
 * A row runs across some of the gutters and has ink on both sides of another, its piece past that one opening within
 * a size of where the column's lines (`rows`) open.
 */
function partlyAcross(r: InkRow, gutters: Interval[], rows: InkRow[]): boolean {
  const across = (g: Interval) => crossesAny(r, [g]);
  const beside = (g: Interval, k: number) => {
    const next = gutters[k + 1]?.[0] ?? Infinity;
    const piece = r.ink.find((iv) => iv[0] >= g[1] && iv[0] < next);
    if (!piece || !r.ink.some((iv) => iv[1] <= g[0])) return false;
    const opens = rows.flatMap((q) => q.ink.filter((iv) => iv[0] >= g[1] && iv[0] < next).map((iv) => iv[0]));
    return opens.length > 0 && Math.abs(piece[0] - Math.min(...opens)) <= r.row.size;
  };
  return gutters.some(across) && gutters.some((g, k) => !across(g) && beside(g, k));
}

/** Rows with no more than this many of their sizes between baselines run on without blank space. */
const HAND_OVER_BLANK = 2;

/**
 * Columns running on into the zone below theirs (a poster's display title at the left, three lines, beside its
 * abstract at the right, the title's subtitle and the abstract's last lines under the title's last line): the zone
 * below has a gutter of its own (the body's columns further down), which the longer column's lines cross, and read in
 * its columns the lines are spliced with spans. The zone's first rows, up to blank space, that run on from the zone
 * above without any, cross none of its gutters and cross one of their own zone's at least, are the zone above's.
 */
function handOver(zones: Zone[], p: ZoneParams): Zone[] {
  const blank = (a: InkRow, b: InkRow) => blankBetween(a, b, HAND_OVER_BLANK);
  const out = zones.slice();
  for (let i = 0; i + 1 < out.length; i++) {
    const [above, below] = [out[i], out[i + 1]];
    if (!above.gutters.length || above.tabular || !below.gutters.length || below.tabular) continue;
    let m = 0;
    let prev = above.rows[above.rows.length - 1];
    while (m < below.rows.length && !blank(prev, below.rows[m]) && !crossesAny(below.rows[m], above.gutters)) prev = below.rows[m++];
    // The run ends at blank space, leaving the zone below rows of its own, and some of it crosses that zone's gutters.
    if (m === 0 || m === below.rows.length || !blank(prev, below.rows[m])) continue;
    if (!below.rows.slice(0, m).some((r) => crossesAny(r, below.gutters))) continue;
    out[i] = zoneWithRows(above, [...above.rows, ...below.rows.slice(0, m)], p);
    out[i + 1] = zoneWithRows(below, below.rows.slice(m), p);
  }
  return out;
}

/** A zone of at most this many rows may take gutters from the zone above it... */
const SHORT_ZONE_ROWS = 4;
/** ...where this many of its rows at least have text on both sides of the gutter... */
const HANDED_ROWS = 2;
/** ...standing at most this many body sizes under the zone above (baseline to baseline). */
const HANDED_GAP = 5;

/**
 * The last row of a grid of tiles (a contents page's boxes, three to a row: "Sensibiliser aux enjeux / du numérique
 * responsable / Pages 12-13" beside "Former les agents publics / Pages 14-15"), parted from the rows above by blank
 * space, is a zone of its own, of too few rows on both sides of a gutter for the gutter to be found there: read across,
 * its tiles are spliced line by line. A gutter of the zone above that none of its rows crosses, with text on both sides
 * of it in two rows at least, the column beyond it opening where the zone above's does (within a body size), is the
 * short zone's too, when it stands close under the zone above (a grid's next row, not a table further down the page).
 */
function handedDown(zones: Zone[], p: ZoneParams): Zone[] {
  const out: Zone[] = [];
  for (const below of zones) {
    out.push(handDown(out[out.length - 1], below, p));
  }
  return out;
}

/** `below` with the gutters `above` hands down to it (handedDown), or as it is. */
function handDown(above: Zone | undefined, below: Zone, p: ZoneParams): Zone {
  if (!above?.gutters.length || above.tabular || below.tabular || below.rows.length > SHORT_ZONE_ROWS) return below;
  // The rows of tiles follow one another: no wider blank than HANDED_GAP body sizes between them.
  if (below.rows[0].row.baseline - above.rows[above.rows.length - 1].row.baseline > HANDED_GAP * p.bodySize) return below;
  // Where a column beyond the gutter opens: the leftmost ink starting past it, short of the next gutter.
  const opens = (rows: InkRow[], g: Interval, next: number) =>
    Math.min(...rows.flatMap((r) => r.ink.filter((iv) => iv[0] >= g[1] && iv[0] < next).map((iv) => iv[0])));
  const taken = above.gutters.filter((g, k) => {
    if (below.gutters.some((h) => h[0] < g[1] && h[1] > g[0]) || below.rows.some((r) => crossesAny(r, [g]))) return false;
    const both = below.rows.filter((r) => r.ink.some((iv) => iv[1] <= g[0]) && r.ink.some((iv) => iv[0] >= g[1]));
    if (both.length < HANDED_ROWS) return false;
    const next = above.gutters[k + 1]?.[0] ?? Infinity;
    return Math.abs(opens(below.rows, g, next) - opens(above.rows, g, next)) <= p.bodySize;
  });
  if (!taken.length) return below;
  return zoneWithRows({ ...below, gutters: [...below.gutters, ...taken].sort((a, b) => a[0] - b[0]) }, below.rows, p);
}

/** Blocks side by side on baselines of their own are parted by a blank strip at least this many body sizes wide... */
const STAGGER_GAP_EM = 5;
/** ...two blocks at least holding lines that nothing else stands level with, this many such lines in all... */
const STAGGER_ALONE = 3;
/** ...over a stretch of at least this many rows, standing at least this many line sizes under the row above it. */
const STAGGER_ROWS = 4;
const STAGGER_CLEAR = 1.5;
/** Each block holds at least this many lines of words. */
const STAGGER_WORDED = 1;

/**
 * Blocks side by side whose lines seldom stand level (a poster's title in display type beside its abstract, a slide's
 * code box far left of a label on the right): a single-column zone's stretch of rows, none running across a strip
 * STAGGER_GAP_EM body sizes wide, with lines on each side that nothing on the other side stands level with, the two
 * sides' lines interleaved down the stretch. Too few rows stand on both sides of the strip for it to be a gutter, and
 * read row by row the blocks are spliced line by line; the stretch becomes a zone of its own with the strips as its
 * gutters (three blocks, two strips).
 */
function staggeredBlocks(zone: Zone, p: ZoneParams): Zone[] {
  if (zone.gutters.length || zone.tabular || zone.rows.length < STAGGER_ROWS) return [zone];
  const rows = zone.rows;
  const strips = (from: number, to: number): Interval[] => {
    const ink = rows
      .slice(from, to + 1)
      .flatMap((r) => r.ink)
      .sort((a, b) => a[0] - b[0]);
    const out: Interval[] = [];
    let reach = ink[0]?.[1] ?? 0;
    for (const iv of ink.slice(1)) {
      if (iv[0] - reach >= STAGGER_GAP_EM * p.bodySize) out.push([reach, iv[0]]);
      reach = Math.max(reach, iv[1]);
    }
    return out;
  };
  for (let i = 0; i + STAGGER_ROWS <= rows.length; i++) {
    // The longest stretch from row i that keeps a wide strip clean.
    let j = i;
    while (j + 1 < rows.length && strips(i, j + 1).length) j++;
    if (j - i + 1 < STAGGER_ROWS) continue;
    // A line right under the row above, which runs across the strip, may be its paragraph's last: the stretch starts
    // clear of the text above it.
    if (i > 0 && rows[i].row.baseline - rows[i - 1].row.baseline < STAGGER_CLEAR * Math.max(rows[i].row.size, rows[i - 1].row.size)) continue;
    const gutters = strips(i, j);
    const stretch = rows.slice(i, j + 1);
    // Each block alone in rows of its own, and the blocks interleaved: each starts before the other ends.
    const edges = [-Infinity, ...gutters.map((g) => (g[0] + g[1]) / 2), Infinity];
    const blocks = edges.slice(1).map((hi, k) =>
      stretch.map((r, n) => ({
        n,
        only: r.ink.every((iv) => iv[0] >= edges[k] && iv[1] <= hi) && r.ink.length > 0,
        has: r.ink.some((iv) => iv[0] >= edges[k] && iv[1] <= hi),
      })),
    );
    const alone = blocks.map((b) => b.filter((x) => x.only).length);
    const spans = blocks.map((b) => b.filter((x) => x.has).map((x) => x.n));
    if (alone.filter((n) => n > 0).length < 2 || alone.reduce((x, y) => x + y, 0) < STAGGER_ALONE || spans.some((sp) => !sp.length)) {
      i = j;
      continue;
    }
    // Blocks of words: each holds STAGGER_WORDED lines with a word in them at least, and none is a display formula's
    // parts (a fraction's numerator and denominator beside the next column's lines, a set-builder display beside a plot).
    const blockRuns = edges
      .slice(1)
      .map((hi, k) => stretch.map((r) => r.row.runs.filter((q) => q.x0 >= edges[k] && q.x1 <= hi)).filter((rs) => rs.length));
    const worded = (rs: Run[][]) => rs.filter((line) => line.some((q) => HOLDS_WORD.test(q.text))).length;
    if (blockRuns.some((rs) => worded(rs) < STAGGER_WORDED || displayFormula(rs))) {
      i = j;
      continue;
    }
    // Lines of one column in two directions are set flush to their own sides (an English item between Hebrew lines):
    // a stretch whose words run in two directions is left as it is, not taken for blocks side by side.
    const dirs = new Set(
      blockRuns
        .flat(2)
        .filter((q) => /\p{L}/u.test(q.text))
        .map((q) => q.dir),
    );
    if (dirs.size > 1) {
      i = j;
      continue;
    }
    // The outermost blocks with lines of their own interleave: each starts before the other ends.
    const own = spans.filter((_, k) => alone[k] > 0);
    const [first, last] = [own[0], own[own.length - 1]];
    const interleaved = first[0] < last[last.length - 1] && last[0] < first[first.length - 1];
    if (!interleaved) {
      i = j;
      continue;
    }
    const z: Zone = { rows: stretch, gutters, crossingShare: 0, ambiguous: false, tabular: false };
    const before = i > 0 ? [{ ...zone, rows: rows.slice(0, i) }] : [];
    const after = j + 1 < rows.length ? staggeredBlocks({ ...zone, rows: rows.slice(j + 1) }, p) : [];
    return [...before, z, ...after];
  }
  return [zone];
}

const SUBFIGURE_LABEL = /^\(\s?(\p{Ll})\s?\)(?=\s|$)/u;
const besideLabel = (text: string) => FLOAT_LABEL.exec(text) ?? SUBFIGURE_LABEL.exec(text);
/** A caption label's number ("2-5" of "Fig.2-5", "图 2-5"), or its letter ("(a)"). */
const labelNumber = (label: string) => /[\p{Nd}IVX][\p{Nd}IVX.\-–]*[a-z]?$|\(\s?\p{Ll}\s?\)$/u.exec(label.trim())?.[0] ?? label;
/** The text of one ink piece of a row, its runs joined by spaces (pieceText drops the spaces). */
const pieceWords = (row: InkRow, iv: Interval) =>
  pieceRuns(row, iv)
    .map((q) => q.text)
    .join(' ')
    .trim();
/** Captions side by side are parted by at least this many of their sizes... */
const BESIDE_GAP = 1;
/** ...and run on for at most this many rows in all (the labelled row and its turned lines)... */
const BESIDE_ROWS = 6;
/** ...each within this many sizes of the row above, in the labelled row's size (within this share of it). */
const BESIDE_LEADING = 1.8;
const BESIDE_SIZE = 0.15;

/**
 * Captions side by side under figures side by side ("Figure 1.3 – …" beside "Figure 1.4 – …", "(a) Geographic 2D" beside
 * "(b) Projected 2D"), in a zone of one column or in a figure's labels read as a table: a row of two pieces or more,
 * each opening with a caption's label (a caption word and a number, or subfigures' letters one after the other),
 * parted by BESIDE_GAP sizes, and the rows right under it whose pieces each stand under one of them (the captions'
 * turned lines). Read row by row, each turned line is spliced after the other caption; the stretch becomes a zone of
 * its own with the gaps as its gutters, each caption read whole.
 */
function captionsBeside(zone: Zone): Zone[] {
  if (zone.gutters.length && !zone.tabular) return [zone];
  const rows = zone.rows;
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    if (r.ink.length < 2) continue;
    const labels = r.ink.map((iv) => besideLabel(pieceWords(r, iv)));
    if (labels.some((m) => !m)) continue;
    // All subfigures' letters, one after the other, or all captions' numbers.
    const letters = labels.map((m) => m?.[1]);
    if (letters.some((l) => l) && !letters.every((l, k) => l && (k === 0 || l.charCodeAt(0) === (letters[k - 1] ?? '').charCodeAt(0) + 1))) continue;
    const gapsOf = (extents: Interval[]): Interval[] => extents.slice(1).map((iv, k) => [extents[k][1], iv[0]]);
    const clean = (extents: Interval[]) => gapsOf(extents).every((g) => g[1] - g[0] >= BESIDE_GAP * r.row.size);
    // Each caption's extent over its lines: a turned line may reach past its label line ("Fig.2-5 The person playing
    // golf" under "图 2-5 打高尔夫球的人"), as long as the captions stay parted.
    let extents: Interval[] = r.ink.map((iv) => [iv[0], iv[1]]);
    if (!clean(extents)) continue;
    let j = i;
    while (j + 1 < rows.length && j - i + 1 < BESIDE_ROWS) {
      const next = rows[j + 1];
      if (next.row.baseline - rows[j].row.baseline > BESIDE_LEADING * r.row.size) break;
      if (Math.abs(next.row.size - r.row.size) > BESIDE_SIZE * r.row.size) break;
      // Each piece stands under one caption alone. A row of labels of its own is not a turned line (answers "(c) …"
      // beside "(d) …" under "(a) …" beside "(b) …"), but for the caption's own number in another language
      // ("Fig.2-5 The person playing golf" under "图 2-5 打高尔夫球的人").
      const grown = extents.map((e) => [e[0], e[1]] as Interval);
      let under = true;
      for (const iv of next.ink) {
        const over = extents.map((e, k) => (iv[0] < e[1] && iv[1] > e[0] ? k : -1)).filter((k) => k >= 0);
        const label = besideLabel(pieceWords(next, iv));
        if (over.length !== 1 || (label && labelNumber(label[0]) !== labelNumber(labels[over[0]]![0]))) {
          under = false;
          break;
        }
        grown[over[0]] = [Math.min(grown[over[0]][0], iv[0]), Math.max(grown[over[0]][1], iv[1])];
      }
      if (!under || !clean(grown)) break;
      extents = grown;
      j++;
    }
    // One row alone reads the same across.
    if (j === i) continue;
    const z: Zone = { rows: rows.slice(i, j + 1), gutters: gapsOf(extents), crossingShare: 0, ambiguous: false, tabular: false };
    const before = i > 0 ? [{ ...zone, rows: rows.slice(0, i) }] : [];
    const after = j + 1 < rows.length ? captionsBeside({ ...zone, rows: rows.slice(j + 1) }) : [];
    return [...before, z, ...after];
  }
  return [zone];
}

/**
 * Centred lines standing apart, blank space above and below them, in the middle of the rows around, over blocks side
 * by side: a letter's court name and address over the judges' names and the docket's details. Each line is one piece
 * in the body's type or larger, all centred on one axis with starts of their own. They may leave the gutter of the
 * blocks below clean, and then they were read as the right block's first lines; they are a zone of their own.
 */
function centredApart(rows: InkRow[], bodySize: number): [number, number] | null {
  if (rows.length < 3) return null;
  let x0 = Infinity;
  let x1 = -Infinity;
  for (const r of rows)
    for (const iv of r.ink) {
      x0 = Math.min(x0, iv[0]);
      x1 = Math.max(x1, iv[1]);
    }
  const mid = (x0 + x1) / 2;
  for (let i = 0; i < rows.length; i++) {
    if (i > 0 && !blankAfter(rows, i - 1, HEAD_BLANK)) continue;
    let j = i;
    while (j + 1 < rows.length && !blankAfter(rows, j, HEAD_BLANK)) j++;
    // Over blocks side by side: the row under it holds two pieces or more.
    if (j === i || j + 1 >= rows.length || rows[j + 1].ink.length < 2) continue;
    const block = rows.slice(i, j + 1);
    if (block.some((r) => !r.ink.length || r.ink.some((iv) => !Number.isFinite(iv[0]) || !Number.isFinite(iv[1])))) continue;
    const size = median(block.map((r) => r.row.size));
    // A row may stand in pieces a few of its sizes apart (a poster's authors spaced out across the page, their gaps
    // falling where the columns below part): it is taken whole, when it is set larger than the text or its pieces are
    // a few words each (names), not lines of prose side by side. (Lines of columns start flush too: centredAxis.)
    const spread = (r: InkRow) =>
      r.ink.length === 1 ||
      (r.ink.every((iv, k) => k === 0 || iv[0] - r.ink[k - 1][1] <= SPREAD_GAP_EM * r.row.size) &&
        (r.row.size > bodySize || r.ink.every((iv) => wordCount(pieceWords(r, iv)) < PROSE_WORDS)));
    if (!block.every(spread)) continue;
    const pieces = block.map((r): Interval => [r.ink[0][0], r.ink[r.ink.length - 1][1]]);
    // In the body's type or larger (a figure's small labels are the figure's).
    if (size < bodySize) continue;
    const axis = centredAxis(pieces, size);
    if (axis !== null && Math.abs(axis - mid) <= MIDDLE_EM * size) return [i, j];
  }
  return null;
}

/** A page's head of blocks starts at one of its first rows (a filing stamp or two may stand over it)... */
const HEAD_START_ROWS = 3;
/** ...holds this many rows, at least and at most... */
const MIN_HEAD_ROWS = 3;
const MAX_HEAD_ROWS = 10;
/** ...ends at blank space of this many of the larger line's sizes (baseline to baseline), or at a row crossing a gap... */
const HEAD_BLANK = 2;
/** ...and its blocks stand apart by this many of its rows' median size at least. */
const HEAD_GAP_EM = 3;
/** A block with this many lines of this many words or more, flush at one place, is a column of prose. */
const PROSE_LINES = 3;
const PROSE_WORDS = 5;
/** A centred row in pieces: gaps of at most this many of its sizes. */
const SPREAD_GAP_EM = 2;
/** The middle block's lines are centred within this many sizes of one axis. */
const CENTRED_EM = 1;
/** ...and that axis is within this many sizes of the middle of the head. */
const MIDDLE_EM = 3;

/**
 * A page's head in three blocks side by side: a form's number, revision and agency on the left, its title and where
 * to find instructions in the middle, "Give Form to the requester. Do not send to the IRS." on the right; a court's
 * letterhead with the clerk's name, the court's address and the telephone. Each block has two lines or more, set on
 * baselines of their own, so that too few rows stand beside its gaps for a gutter, and read row by row the blocks
 * splice at every line. The head is the longest run of rows from one of the page's first rows that leaves two strips
 * clean, ended by blank space or by a row crossing a strip (never by the row limit: columns of text run on); fewer
 * than half its rows hold ink in all three blocks (a table's rows hold a cell in every column, columns of text stand
 * level line by line). Each block is read whole, left to right.
 */
export function headBlocks(rows: InkRow[]): { from: number; zone: Zone } | null {
  let best: { from: number; zone: Zone } | null = null;
  for (let s = 0; s < HEAD_START_ROWS && s < rows.length; s++) {
    let found: Zone | null = null;
    for (let e = s + 1; e <= rows.length && e - s <= MAX_HEAD_ROWS + 1; e++) {
      const ended = e === rows.length || blankAfter(rows, e - 1, HEAD_BLANK);
      if (e - s >= MIN_HEAD_ROWS) {
        const zone = threeBlocks(rows.slice(s, e));
        // The run must end where the next row crosses its gaps or blank space parts it from what follows.
        if (zone && (ended || !threeBlocks(rows.slice(s, e + 1)))) found = e - s <= MAX_HEAD_ROWS ? zone : null;
      }
      if (ended) break;
    }
    // The lines over it are a stamp or two, in no larger type than its own (not a title over authors' blocks).
    const largest = found ? Math.max(...found.rows.map((r) => r.row.size)) : 0;
    if (found && rows.slice(0, s).some((r) => r.row.size > largest + 0.5)) found = null;
    if (found && (!best || found.rows.length > best.zone.rows.length)) best = { from: s, zone: found };
  }
  return best;
}

/**
 * The axis lines are centred on: their middles within CENTRED_EM sizes of one axis, their starts not at one place (two
 * or more starting together, half of them or more, start flush: a column of terms, a table's cells). Null when not.
 */
function centredAxis(pieces: Interval[], size: number): number | null {
  const axis = median(pieces.map((iv) => (iv[0] + iv[1]) / 2));
  const flushWith = (x: number) => pieces.filter((iv) => Math.abs(iv[0] - x) <= 0.25 * size).length;
  if (pieces.some((iv) => Math.abs((iv[0] + iv[1]) / 2 - axis) > CENTRED_EM * size)) return null;
  if (pieces.some((iv) => flushWith(iv[0]) > 1 && 2 * flushWith(iv[0]) >= pieces.length)) return null;
  return axis;
}

/** Rows that leave exactly two strips clean, wide enough, with three blocks of two lines and more, not level. */
function threeBlocks(rows: InkRow[]): Zone | null {
  if (rows.some((r) => r.ink.some((iv) => !Number.isFinite(iv[0]) || !Number.isFinite(iv[1])))) return null;
  const size = median(rows.map((r) => r.row.size));
  const covered = sweep(rows.flatMap((r) => r.ink)).filter((c) => c.count > 0);
  const gaps: Interval[] = [];
  for (let i = 1; i < covered.length; i++) if (covered[i].x0 - covered[i - 1].x1 >= HEAD_GAP_EM * size) gaps.push([covered[i - 1].x1, covered[i].x0]);
  if (gaps.length !== 2) return null;
  const blockOf = (iv: Interval) => (iv[1] <= gaps[0][0] ? 0 : iv[1] <= gaps[1][0] ? 1 : 2);
  const lines = [0, 0, 0];
  const worded = [false, false, false];
  // Each block's lines of prose (PROSE_WORDS words or more) by where they start.
  const prose: number[][] = [[], [], []];
  // The middle block's pieces.
  const middle: Interval[] = [];
  let level = 0;
  for (const r of rows) {
    const blocks = new Set(r.ink.map(blockOf));
    for (const b of blocks) lines[b]++;
    if (blocks.size === 3) level++;
    for (const iv of r.ink) if (blockOf(iv) === 1) middle.push(iv);
    for (const run of r.row.runs) {
      const b = blockOf([run.x0, run.x1]);
      if (TWO_WORDS.test(run.text)) worded[b] = true;
      if (run.text.trim().split(/\s+/u).length >= PROSE_WORDS) prose[b].push(run.x0);
    }
  }
  if (lines.some((n) => n < 2) || !worded.some(Boolean) || 2 * level >= rows.length) return null;
  // A block of prose is a column of text: PROSE_LINES of its lines of prose start at one place (a centred title's
  // lines start each at its own).
  const flush = (xs: number[]) => xs.some((x) => xs.filter((y) => Math.abs(y - x) <= 0.5 * size).length >= PROSE_LINES);
  if (prose.some(flush)) return null;
  // The middle block is centred, in the middle of the head, between its outer blocks' outer edges (a letterhead's, a
  // form's).
  const axis = centredAxis(middle, size);
  const mid = (covered[0].x0 + covered[covered.length - 1].x1) / 2;
  if (axis === null || Math.abs(axis - mid) > MIDDLE_EM * size) return null;
  return { rows, gutters: gaps, crossingShare: 0, ambiguous: false, tabular: false };
}

/** Blocks standing apart inside the page hold this many rows at most (a thesis's title page: four supervisors' lines). */
const MAX_APART_ROWS = 4;

/** Labelled fields side by side hold this many rows at most, their labels' row included... */
const MAX_FIELD_ROWS = 6;
/** ...and stand over blank space of this many of the larger line's sizes (a heading may follow closer than a part). */
const FIELD_BLANK = 1.5;

/**
 * Labelled fields side by side, standing apart under blank space: a bulletin's "Contact: | Release date: | Next
 * release:" over the team, its e-mail and telephone in the first field and a date in each of the others. The first
 * row is labels only, each ending in a colon; every later line stands under one label, clear of the next label's
 * start. Read row by row, the fields splice ("Consumer Price Inflation team 21 May 2025 18 June 2025"); each is read
 * whole, label first.
 */
function labelledFields(rows: InkRow[], minGutter: number): Zone | null {
  const [head, ...rest] = rows;
  if (!rest.length || head.ink.length < 2 || head.ink.some((iv) => !Number.isFinite(iv[0]) || !Number.isFinite(iv[1]))) return null;
  const labels = head.ink.map((iv) =>
    pieceRuns(head, iv)
      .map((q) => q.text)
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );
  if (!labels.every((t) => FIELD_LABEL.test(t))) return null;
  const starts = head.ink.map((iv) => iv[0]);
  const ends = head.ink.map((iv) => iv[1]);
  for (const r of rest)
    for (const iv of r.ink) {
      // The label it stands under: the last starting at or left of it (within a narrow gutter's width).
      const k = starts.findLastIndex((x) => x - minGutter <= iv[0]);
      if (k < 0 || (k + 1 < starts.length && iv[1] > starts[k + 1] - minGutter)) return null;
      ends[k] = Math.max(ends[k], iv[1]);
    }
  const gutters: Interval[] = starts.slice(1).map((x, k) => [ends[k], x]);
  if (gutters.some((g) => g[1] - g[0] < minGutter)) return null;
  return { rows, gutters, crossingShare: 0, ambiguous: false, tabular: false };
}

/** Centred blocks side by side (authors'): this many rows at least and at most... */
const PAIR_MIN_ROWS = 3;
const PAIR_MAX_ROWS = 8;
/** ...their axes this many of their sizes apart at least... */
const PAIR_AXES_EM = 10;
/** ...parted from the rows above and below by this many of the larger line's sizes (baseline to baseline)... */
const PAIR_APART = 1.5;
/** (...one of them holding an e-mail address: MAIL.) */

/**
 * Two blocks of centred lines side by side, blank space above and below them: a paper's authors, each one's name,
 * department, university and e-mail address centred under each other, the two stacks so wide that their lines nearly
 * touch ("…International College" ending where "tanasanee.phi@…" begins). No gap is wide enough for a gutter, and
 * read row by row the authors splice at every line, or a long line is taken across the page's gutter below. Every
 * row holds one or two pieces, each centred on its side's axis (lines not flush: no table's column), the axes far
 * apart, the sides parted by a strip no piece crosses, and an e-mail address among the lines (an author's).
 */
function centredPair(rows: InkRow[]): Zone | null {
  if (rows.length < PAIR_MIN_ROWS || rows.length > PAIR_MAX_ROWS) return null;
  if (rows.some((r) => r.ink.length === 0 || r.ink.length > 2 || r.ink.some((iv) => !Number.isFinite(iv[0]) || !Number.isFinite(iv[1])))) return null;
  const pairs = rows.filter((r) => r.ink.length === 2);
  if (pairs.length < 2) return null;
  const size = median(rows.map((r) => r.row.size));
  const mid = (iv: Interval) => (iv[0] + iv[1]) / 2;
  const [left, right] = [median(pairs.map((r) => mid(r.ink[0]))), median(pairs.map((r) => mid(r.ink[1])))];
  if (right - left < PAIR_AXES_EM * size) return null;
  const sides: Interval[][] = [[], []];
  for (const r of rows) for (const iv of r.ink) sides[Math.abs(mid(iv) - left) <= Math.abs(mid(iv) - right) ? 0 : 1].push(iv);
  if (sides.some((side) => side.length < PAIR_MIN_ROWS - 1 || centredAxis(side, size) === null)) return null;
  const gutter: Interval = [Math.max(...sides[0].map((iv) => iv[1])), Math.min(...sides[1].map((iv) => iv[0]))];
  if (gutter[1] <= gutter[0]) return null;
  if (!rows.some((r) => r.row.runs.some((q) => MAIL.test(q.text)))) return null;
  return { rows, gutters: [gutter], crossingShare: 0, ambiguous: false, tabular: false };
}

/**
 * Two little blocks side by side standing apart inside the page, blank space above and below them: a thesis's title
 * page sets its supervisors ("Relatori" and their names) on the left and the candidate ("Studente", the name, the
 * number) on the right, far apart. The same test as at the page's edges (edgeBlocks); each block is read whole.
 * Listings set side by side, all in a fixed-pitch face, are left to the code-beside pass (stacks.ts).
 */
function blocksApart(rows: InkRow[], p: ZoneParams): Zone[] {
  for (let i = 1; i < rows.length; i++) {
    // Authors' centred blocks side by side, apart from the title above and the text below.
    if (blankAfter(rows, i - 1, PAIR_APART))
      for (let n = PAIR_MAX_ROWS; n >= PAIR_MIN_ROWS; n--) {
        if (i + n > rows.length || (i + n < rows.length && !blankAfter(rows, i + n - 1, PAIR_APART))) continue;
        const z = centredPair(rows.slice(i, i + n));
        if (z) return [...partitionRows(rows.slice(0, i), p), z, ...blocksApart(rows.slice(i + n), p)];
      }
    if (!blankAt(rows, i) && !headedAt(rows, i)) continue;
    for (let n = MAX_FIELD_ROWS; n >= 2; n--) {
      if (i + n > rows.length || (i + n < rows.length && !blankAfter(rows, i + n - 1, FIELD_BLANK))) continue;
      const z = labelledFields(rows.slice(i, i + n), p.minGutter);
      if (z) return [...partitionRows(rows.slice(0, i), p), z, ...blocksApart(rows.slice(i + n), p)];
    }
    for (let n = 2; n <= MAX_APART_ROWS && i + n <= rows.length; n++) {
      if (i + n < rows.length && !blankAt(rows, i + n)) continue;
      const group = rows.slice(i, i + n);
      // Listings side by side are the code-beside pass's (stacks.ts).
      if (group.every((r) => r.row.runs.every((q) => q.mono))) continue;
      const z = edgeBlocks(group, MAX_APART_ROWS);
      if (z) return [...partitionRows(rows.slice(0, i), p), z, ...blocksApart(rows.slice(i + n), p)];
    }
  }
  return partitionRows(rows, p);
}

/**
 * The first middle column (1 to gutters.length - 1: the column between gutters k - 1 and k) that holds ink of one row
 * only (a page number in it is no line of it), besides rows running across the gutters, that row having ink on both
 * sides of it too; -1 when there is none.
 */
function splicedColumn(rows: InkRow[], gutters: Interval[]): number {
  for (let k = 1; k < gutters.length; k++) {
    const [lo, hi] = [gutters[k - 1][1], gutters[k][0]];
    const inside = rows.filter((r) => r.row.runs.some((q) => q.x1 > lo && q.x0 < hi && !PAGE_NUMBER.test(q.text.trim())) && !crossesAny(r, gutters));
    if (inside.length !== 1) continue;
    const { ink } = inside[0];
    if (ink.some((iv) => iv[1] <= gutters[k - 1][0]) && ink.some((iv) => iv[0] >= gutters[k][1])) return k;
  }
  return -1;
}

/** At most this many rows lead into the text under a zone. */
const MAX_LEAD_ROWS = 3;

/**
 * How many of a zone's last rows (MAX_LEAD_ROWS at most) each run across one of its gutters but not all, the row
 * after the zone running across them all in one stretch; 0 when there are none.
 */
function leadInto(rows: InkRow[], gutters: Interval[], next: InkRow | undefined): number {
  const crosses = (r: InkRow, g: Interval) => r.ink.some((iv) => iv[0] < g[1] && iv[1] > g[0]);
  // The row under the zone is one stretch of ink across every gutter: a line of text, not boxes set in a row.
  if (!next || gutters.length < 2 || !next.ink.some((iv) => gutters.every((g) => iv[0] < g[1] && iv[1] > g[0]))) return 0;
  let n = 0;
  while (n < rows.length && n < MAX_LEAD_ROWS && gutters.some((g) => crosses(rows[rows.length - 1 - n], g))) n++;
  return n;
}

/** A zone's columns are a table's (narrow, short cells), not columns of text, a sidebar, blocks or lists. */
function tabularZone(zoneRows: InkRow[], gutters: Interval[], p: ZoneParams): boolean {
  return (
    looksTabular(zoneRows, gutters, p.bodySize) &&
    !isSidebar(zoneRows, gutters[0], gutters.length, p.bodySize) &&
    !panelBeside(zoneRows, gutters) &&
    !centredBlocks(zoneRows, gutters) &&
    !titleBeside(zoneRows, gutters, p.bodySize) &&
    !sortedDownColumns(zoneRows, gutters) &&
    !numberedListColumns(zoneRows, gutters) &&
    !countedListParts(zoneRows, gutters) &&
    !captionDivider(zoneRows, gutters) &&
    !staggeredColumns(zoneRows, gutters) &&
    !sentencesDownColumns(zoneRows, gutters) &&
    !cjkTextColumns(zoneRows, gutters) &&
    !drawnSideBySide(zoneRows, gutters)
  );
}

function partitionRows(rows: InkRow[], p: ZoneParams): Zone[] {
  if (rows.length === 0) return [];
  const single = (rs: InkRow[]): Zone => ({ rows: rs, gutters: [], crossingShare: 0, ambiguous: false, tabular: false });
  const centred = centredApart(rows, p.bodySize);
  if (centred) {
    const [i, j] = centred;
    return [...partitionRows(rows.slice(0, i), p), single(rows.slice(i, j + 1)), ...partitionRows(rows.slice(j + 1), p)];
  }
  const candidates = findCandidates(rows, p.minGutter);
  let moves = 0;
  for (let c = 0; c < candidates.length; c++) {
    const best = candidates[c];
    const [start, end] = best.zone;
    const [from, last] = crossedEnd(
      best.gutter,
      rows,
      start,
      end,
      candidates.map((o) => o.gutter),
      p.minGutter,
    );
    let first = from + (leavesForAbove(rows, from, last, best.gutter) ? 1 : 0);
    // Lines of the paragraph above whose sentence space happens to fall in the gutter, and its last line, leave too.
    if (first === from && lineOfParagraphAbove(rows, first, best.gutter)) {
      first++;
      if (lastLineOfParagraph(rows, first, best.gutter)) first++;
    }
    const zoneRows = rows.slice(first, last + 1);
    // The gap after a list's labels, or before a contents list's page numbers, is not the gutter; the gutter, if
    // any, is on the labels' (the numbers') other side.
    const labels = labelsBefore(best.gutter, zoneRows) ?? numbersAfter(best.gutter, zoneRows);
    if (labels) {
      const beside = besideLabels(best.gutter, zoneRows, labels);
      // A bounded number of moves: a gap found beside labels is tried in turn, and cannot send the search round.
      if (beside && beside[1] - beside[0] >= p.minGutter && moves++ < MAX_LABEL_MOVES)
        candidates.splice(c + 1, 0, { ...best, gutter: beside, support: sideSupport(beside, zoneRows) });
      continue;
    }
    const main = crossingShare(best.gutter, zoneRows);
    if (main.share >= p.rejectFloor) continue;
    if (
      keysAndValues(best.gutter, zoneRows) ||
      fieldLabels(best.gutter, zoneRows) ||
      leadersAfter(best.gutter, zoneRows) ||
      numberedLines(best.gutter, zoneRows)
    )
      continue;
    const st = stretches(best.gutter, zoneRows);
    if (best.support < STRONG_SUPPORT * zoneRows.length && st.inStretches < Math.max(MIN_STRETCH, st.clean / 2)) continue;
    const minColumn = MIN_COLUMN_EM * p.bodySize;
    if (narrowestColumn([best.gutter], zoneRows) < minColumn) continue;
    if (
      isStrip(best.gutter, zoneRows) ||
      isCode(best.gutter, zoneRows) ||
      formulaGap(best.gutter, zoneRows) ||
      halfLines(best.gutter, zoneRows) ||
      choicesAfter(best.gutter, zoneRows)
    )
      continue;
    // Further gutters of the same zone (three or more columns): judged on the rows the gutters found so far leave
    // in columns, so a column's own inner structure (a narrow table inside column one) does not count as a gutter.
    const gutters: Interval[] = [best.gutter];
    for (const other of candidates) {
      if (other === best) continue;
      if (gutters.some((g) => other.gutter[0] < g[1] && other.gutter[1] > g[0])) continue;
      const inColumns = zoneRows.filter((r) => !crossesAny(r, gutters));
      const support = sideSupport(other.gutter, inColumns);
      const st = stretches(other.gutter, zoneRows);
      if (support < Math.max(MIN_TWO_SIDED, EXTRA_GUTTER_SUPPORT * best.support) || st.inStretches < Math.max(MIN_STRETCH, st.clean / 2)) continue;
      // Crossings are counted among the rows of the column the new gutter would split: the lines of a text column
      // running across a gap that a table inside that column leaves are that column's own text, not spans.
      const lo = Math.max(-Infinity, ...gutters.filter((g) => g[1] <= other.gutter[0]).map((g) => g[1]));
      const hi = Math.min(Infinity, ...gutters.filter((g) => g[0] >= other.gutter[1]).map((g) => g[0]));
      const columnRows = inColumns.filter((r) => r.ink.some((iv) => iv[1] > lo && iv[0] < hi));
      // More of them running across it than standing on both sides of it: the gap is inside a column.
      const { crossing, twoSided } = classify(other.gutter, columnRows);
      if (crossing.size > p.rejectFloor * columnRows.length || crossing.size > twoSided.size) continue;
      // Inside the column only (a row of the next column is not the other side of this gap).
      const own = columnRows.map((r) => ({ row: r.row, ink: r.ink.filter((iv) => iv[1] > lo && iv[0] < hi) }));
      if (insetGap(own, classify(other.gutter, own))) continue;
      if (narrowestColumn([...gutters, other.gutter], zoneRows) < minColumn) continue;
      if (
        isStrip(other.gutter, inColumns) ||
        isCode(other.gutter, inColumns) ||
        formulaGap(other.gutter, inColumns) ||
        labelsBefore(other.gutter, inColumns) ||
        numbersAfter(other.gutter, inColumns) ||
        keysAndValues(other.gutter, inColumns) ||
        fieldLabels(other.gutter, inColumns) ||
        leadersAfter(other.gutter, inColumns) ||
        numberedLines(other.gutter, inColumns) ||
        choicesAfter(other.gutter, inColumns)
      )
        continue;
      gutters.push(other.gutter);
    }
    gutters.sort((a, b) => a[0] - b[0]);
    // A middle column whose only line has ink on both sides of it is no column: two wide spaces of one line (a
    // justified line around a code word) that happened to fall in gaps other rows leave clean.
    const spliced = splicedColumn(zoneRows, gutters);
    if (spliced >= 0) {
      gutters.splice(spliced - 1, 2);
      if (gutters.length === 0) continue;
    }
    // The row right over the zone, when it runs across some of its gutters and stands on both sides of another, its
    // piece past that gutter opening where the column's lines open (a diagram's top labels level with the first line
    // of the text card beside it), is the zone's first row: read as a partial span, the card's line stays with its
    // card. (Not a row the zone's start left to the text above.)
    if (
      first > 0 &&
      first === from &&
      gutters.length >= 2 &&
      !blankAfter(rows, first - 1, HAND_OVER_BLANK) &&
      partlyAcross(rows[first - 1], gutters, zoneRows)
    ) {
      first--;
      zoneRows.unshift(rows[first]);
    }
    const shares = gutters.map((g) => crossingShare(g, zoneRows).share);
    const worst = Math.max(...shares);
    const zone: Zone = { rows: zoneRows, gutters, crossingShare: worst, ambiguous: worst > p.tolerance, tabular: tabularZone(zoneRows, gutters, p) };
    // The last rows of columns of text running across one of their gutters, right over a row across them all, lead
    // into the text below: a heading's paragraph and the first item of a list under the columns, read with the rest
    // of the list. (A form's boxes crossing some of its gutters are the form's.)
    const lead = zone.tabular ? 0 : leadInto(zoneRows, gutters, rows[last + 1]);
    if (lead > 0 && lead < zoneRows.length) {
      const kept = zoneRows.length - lead;
      return [
        ...partitionRows(rows.slice(0, first), p),
        ...partitionRows(rows.slice(first, first + kept), p),
        ...partitionRows(rows.slice(first + kept), p),
      ];
    }
    const list = zone.tabular ? numberedListStretch(zoneRows, best.gutter, p) : null;
    if (list) {
      // The form's boxes above and below the lists stay the zone's, read as they were.
      const part = (rs: InkRow[]): Zone[] => (rs.length ? [{ ...zone, rows: rs }] : []);
      return [
        ...partitionRows(rows.slice(0, first), p),
        ...part(zoneRows.slice(0, list.from)),
        list.zone,
        ...part(zoneRows.slice(list.from + list.zone.rows.length)),
        ...partitionRows(rows.slice(last + 1), p),
      ];
    }
    // A table's caption inside a table zone, over a title that runs across the zone's gutters: where the rows above
    // it are columns of text on their own, the zone is cut there (a report's three columns over a full-width table,
    // whose many gaps the columns' gutters happened to share).
    const crossing = (r: InkRow | undefined) => !!r && crossesAny(r, gutters);
    if (zone.tabular)
      for (let k = 1; k < zoneRows.length; k++) {
        const text = zoneRows[k].row.runs
          .map((q) => q.text)
          .join(' ')
          .trim();
        if (!CAPTION_LABEL.test(`${text} `) || !(crossing(zoneRows[k]) || crossing(zoneRows[k + 1]))) continue;
        const above = partitionRows(rows.slice(0, first + k), p);
        if (above.some((z) => z.gutters.length > 0 && !z.tabular)) return [...above, ...partitionRows(rows.slice(first + k), p)];
      }
    return [...partitionRows(rows.slice(0, first), p), zone, ...partitionRows(rows.slice(last + 1), p)];
  }
  // No gutter with rows enough beside it, but a strip as wide as a letterhead's gap that no row's ink enters, from the
  // first row to the last, with two lines or more on each side (a folded leaflet's panels: a flap's text, a cover's
  // two-line title far to its right): two columns all the same.
  return [edgeBlocks(rows, Infinity) ?? single(rows)];
}
