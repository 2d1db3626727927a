/**
 * Blocks: the flow as a reader sees it, paragraphs, headings, list items, captions, tables and code, each with the page
 * boxes it came from. A paragraph broken across a column or page break (and across the furniture between them) is
 * one paragraph, joined without a stray space inside a split word; a caption that interrupts it is read after it.
 */
import { CAPTION_WORDS, TABLE_WORDS } from './captions.js';
import type { Block, Box, Line, Segment } from '../types.js';
import { codePoints, median, textDirection, unionBox, roundBox } from '../layout/lines.js';
import { BULLET_CHARS } from '../layout/markers.js';
import { EQUATION_NUMBER, TWO_WORDS } from '../layout/formulas.js';
import { CJK_WIDE, endsWithBreakHyphen, joinLines, Vocabulary } from './hyphenation.js';

/** A gap between lines of more than this many normal advances ends a paragraph. */
const PARAGRAPH_GAP = 1.4;
/** A size change of more than this share of the body size ends a paragraph (a heading). */
const SIZE_STEP = 0.12;
/** A first line indented by this many body ems starts a paragraph... */
const INDENT_EM = 0.8;
/** ...and at most this many (under a display, where a line set further in is no paragraph's first). */
const MAX_INDENT_EM = 3;
/** ...and a line ending this many ems short of the measure, with final punctuation, ends one. */
const SHORT_LINE_EM = 2.5;
/** A list item's turned lines start at most this many body ems right of its bullet. */
const HANGING_EM = 4;
/** Headings are set at least this much larger than the body... */
const HEADING_SIZE = 1.15;
/** ...or bold, short and without final punctuation. */
const HEADING_MAX_CHARS = 120;
/** A list item's marker at a line's start: a bullet, "2.", "b)", "(iv)", or a roman numeral of two letters or more ("iii."). */
const BULLET = new RegExp(`^([${BULLET_CHARS}*–—-]|█|\\d{1,3}[.)]|[a-z][.)]|[ivx]{2,4}[.)]|\\(\\w{1,3}\\))\\s+\\S`, 'u');
/** A numbered item's marker at a line's start: "2. ", "12) ", "iv. " (a sentence's number when the line before turned mid-sentence). */
const NUMBERED = /^(?:\d{1,3}|[ivx]{2,4})[.)]\s/u;
const CAPTION = new RegExp(
  String.raw`^(?:(?:fig(?:ure)?|table|tab|chart|plate|exhibit|illustration|photo|scheme|listing)s?|${CAPTION_WORDS})\.?\s*(?:[\p{Nd}IVXivx]+)(?:[-–.]\p{Nd}+)*(?:[.:：]|\s?\|)`,
  'iu',
);
const LOOSE_CAPTION = /^(fig(ure)?|table|tab|chart|plate|exhibit|scheme)s?\.?\s*\d+[a-z]?\s+\p{Lu}/iu;
const FINAL = /[.!?:;…"”'’)\]。！？：；]$/u;
/** A table-of-contents entry: leader dots (or a run of spaced dots) up to a page number at the end of the line. */
const LEADER_RE = /(?:\.\s*){4,}(?:\d{1,4}|[ivxlcdm]{1,6})$/i;
/** LEADER_RE, asked only of lines that end as a page number can (a digit or a roman numeral's letter). */
const LEADER = { test: (text: string) => /[\divxlcdm]$/i.test(text) && LEADER_RE.test(text) };

/** A line's middle across. */
const lineMiddle = (l: Line) => (l.bbox[0] + l.bbox[2]) / 2;

interface Group {
  lines: Line[];
  seg: Segment;
  kind: Block['kind'];
}

/** The far edge of a column's text: the furthest line end, leaving out lines of one token (a URL can overrun it). */
function measureOf(lines: Line[], rtl = false): number {
  let edge = -Infinity;
  for (const l of lines) if (l.text.includes(' ')) edge = Math.max(edge, rtl ? -l.bbox[0] : l.bbox[2]);
  if (edge === -Infinity) for (const l of lines) edge = Math.max(edge, rtl ? -l.bbox[0] : l.bbox[2]);
  return edge;
}

/**
 * A line was turned at the measure: the room left at its end is less than the next line's first word (and a space)
 * would have taken, by the line's own average character width.
 */
function turned(line: Line, nextText: string, measure: number, rtl = false): boolean {
  const room = measure - (rtl ? -line.bbox[0] : line.bbox[2]);
  const perChar = (line.bbox[2] - line.bbox[0]) / Math.max(1, codePoints(line.text));
  const space = nextText.search(WHITESPACE);
  const word = codePoints(nextText, space < 0 ? nextText.length : space);
  return room <= (word + 1) * perChar + 0.5 * line.size;
}

const WHITESPACE = /\s/u;

/** Split a segment's lines into paragraph groups. */
function paragraphs(seg: Segment, body: number, advance: number): Line[][] {
  const lines = seg.lines;
  if (lines.length === 0) return [];
  const left = median(lines.map((l) => l.bbox[0]));
  let right = -Infinity;
  for (const l of lines) if (l.bbox[2] > right) right = l.bbox[2];
  const measure = measureOf(lines);
  // Indents mean something only in left-aligned text (centred lines start anywhere).
  const aligned = lines.filter((l) => Math.abs(l.bbox[0] - left) < 0.3 * body).length >= 0.6 * lines.length;
  // Where the segment's running text starts: the edge a paragraph's indent is measured from beside a display.
  const textLeft = lines.reduce((x, l) => (TWO_WORDS.test(l.text) ? Math.min(x, l.bbox[0]) : x), left);
  const gapBefore = (i: number) =>
    i > 0 && lines[i].baseline - lines[i - 1].baseline > (PARAGRAPH_GAP * advance * Math.max(lines[i].size, lines[i - 1].size)) / body;
  // A fixed-pitch line is code unless it is one line of an identifier or URL wrapped inside a paragraph of prose:
  // set tight between prose lines, after an unfinished one, and running to the measure as wrapped text does.
  const inProse = (i: number) =>
    i > 0 &&
    i + 1 < lines.length &&
    !lines[i - 1].mono &&
    !lines[i + 1].mono &&
    !gapBefore(i) &&
    !gapBefore(i + 1) &&
    !FINAL.test(lines[i - 1].text) &&
    lines[i].bbox[2] >= right - SHORT_LINE_EM * body;
  // A line that finishes a word broken at the end of a prose line ("DER en-" / "coding of PKIX1.Dss-Sig-Value.") is
  // prose, and so is one that ends the sentence a prose line left unfinished ("… is one of" / "ASN1_PRINT_ALL .").
  const finishesWord = (i: number) => i > 0 && !lines[i - 1].mono && !gapBefore(i) && endsWithBreakHyphen(lines[i - 1].text);
  const endsSentence = (i: number) =>
    i > 0 &&
    !lines[i - 1].mono &&
    !gapBefore(i) &&
    !FINAL.test(lines[i - 1].text) &&
    /[.!?]$/.test(lines[i].text) &&
    (i + 1 === lines.length || gapBefore(i + 1) || !lines[i + 1].mono);
  const isCode = lines.map((l, i) => Boolean(l.mono) && !inProse(i) && !finishesWord(i) && !endsSentence(i));
  const codeSize = median(lines.filter((_l, i) => isCode[i]).map((l) => l.size));
  const groups: Line[][] = [[lines[0]]];
  // Per group: how far down a drop cap in it reaches, and whether a turned line has hung right of its first.
  let capBottom = lines[0].bbox[3] - lines[0].bbox[1] > 2.2 * lines[0].size ? lines[0].bbox[3] : -Infinity;
  let hung = false;
  // Whether the group's first line opens with a bullet (asked once per group).
  let groupBullet: boolean | undefined;
  for (let i = 1; i < lines.length; i++) {
    const prev = lines[i - 1];
    const cur = lines[i];
    const gap = gapBefore(i);
    const sizeStep = Math.abs(cur.size - prev.size) > SIZE_STEP * body;
    // A change of weight ends a paragraph (a bold heading, a bold run-in line), unless the sentence runs on through
    // it: the line before ends unfinished and this one opens in lower case (a bold word carried to the next line, a
    // link set in bold at a line's start).
    const runsOn = !FINAL.test(prev.text) && /^\p{Ll}/u.test(cur.text) && !gap;
    const weight = cur.bold !== prev.bold && !runsOn;
    // A list item's turned lines hang under its text, right of the bullet: an indent that continues it, when the
    // line before was turned (its next word would not have fitted; a short item followed by an indented paragraph,
    // or an item's last sentence followed by one, was not).
    const group = groups[groups.length - 1];
    const first = group[0];
    const wrapped = turned(prev, cur.text, measure);
    const bullet = (groupBullet ??= BULLET.test(first.text));
    const hanging = wrapped && bullet && cur.bbox[0] > first.bbox[0] && cur.bbox[0] - first.bbox[0] <= HANGING_EM * body;
    // An item whose turned lines hang ends where a line comes back to the bullet's edge without a bullet, or further
    // left (a paragraph indented less than the list: "• Ge : … after the pattern" / "is updated" / "Then, for each …").
    // (Left-to-right text only: a ragged-left right-to-left item's lines start anywhere. A step number set as a drop
    // cap indents only the lines beside it: the step's text comes back to its edge.)
    const itemEnd = bullet && hung && !first.initial && cur.bbox[0] - first.bbox[0] < 0.3 * body && !rtlText(first.text);
    // Lines beside a drop cap are indented by it: the first line's box holds the cap and reaches down past them.
    const besideCap = capBottom > cur.baseline - 0.5 * cur.size;
    // A caption's turned line centred under a line that stops mid-sentence ("Fig. 2: A typical end-user agreement. No,
    // you won't be" over "negotiating the terms of this “agreement”") goes on with the caption: no indent.
    const captionTurn = CAPTION.test(first.text) && !gap && !FINAL.test(prev.text) && Math.abs(lineMiddle(cur) - lineMiddle(prev)) <= body;
    // So does one under a display (a line set in from the edge without running words: a formula's last row, a centred
    // head) when it opens a sentence of running words at a paragraph's indent (not a table's cells read as a line),
    // further left than the display ("|GP| |GP|" / "If a pattern initially …"), the display not left at a comma or an
    // ampersand, though the segment is too short to tell its edge (a display and the paragraphs round it); in centred
    // lines, not after one left in lower case (a centred sentence turned: "on ImageNet-21k" / "While keeping …").
    const afterDisplay =
      !bullet &&
      prev.bbox[0] - left > INDENT_EM * body &&
      cur.bbox[0] < prev.bbox[0] &&
      !TWO_WORDS.test(prev.text) &&
      !/[,&–—-]$/u.test(prev.text) &&
      (aligned || !/\p{Ll}$/u.test(prev.text)) &&
      /^\p{Lu}/u.test(cur.text) &&
      RUNNING_WORDS.test(cur.text) &&
      cur.bbox[0] - textLeft <= MAX_INDENT_EM * body;
    const indent =
      !hanging &&
      !besideCap &&
      !captionTurn &&
      ((aligned && cur.bbox[0] - left > INDENT_EM * body && prev.bbox[0] - left < 0.3 * body) ||
        (afterDisplay && cur.bbox[0] - textLeft > INDENT_EM * body));
    const shortEnd = prev.bbox[2] < right - SHORT_LINE_EM * body && FINAL.test(prev.text);
    // A number opening a line that goes on from a line turned mid-sentence ("… so I have included figure" / "2.
    // Yippee, …") is the sentence's number, not an item's: a list is introduced by a finished sentence or a colon.
    const turnedMid = !gap && wrapped && /\p{Ll}$/u.test(prev.text);
    const midSentence = NUMBERED.test(cur.text) && turnedMid;
    // So is a figure's label opening a line that goes on from one turned mid-sentence ("… shown schematically in" /
    // "Fig. 1. In this paper, we quantify …"): the sentence's reference, not a caption's label.
    const item = (BULLET.test(cur.text) && !midSentence) || (CAPTION.test(cur.text) && !turnedMid);
    // A contents entry ends at its page number (an entry whose title wraps runs on to its leader line).
    const entryEnd = LEADER.test(prev.text);
    // A numbered display ends at its number: set in from the edge, no running words, its last word "(12)" (the
    // display's own line, or the number's on a line of its own under a long one). The text under it goes on apart.
    const displayEnd =
      prev.bbox[0] - left > INDENT_EM * body && !TWO_WORDS.test(prev.text) && EQUATION_NUMBER.test(prev.text.split(/\s+/).pop() ?? '');
    let fresh: boolean;
    if (isCode[i] !== isCode[i - 1]) fresh = true;
    // Code keeps its indents and short lines; only a blank line ends a block of it, measured at the code's own size
    // (a closing brace beside a small line number is not small type).
    else if (isCode[i - 1]) fresh = cur.baseline - prev.baseline > (PARAGRAPH_GAP * advance * Math.max(codeSize, cur.size, prev.size)) / body;
    // A word broken at the line's end goes on in the next line whatever its edge does (lines shortened around a
    // picture by a \parshape start further in or out).
    else
      fresh =
        !(endsWithBreakHyphen(prev.text) && /^\p{Ll}/u.test(cur.text) && !gap) &&
        (gap || sizeStep || weight || indent || shortEnd || item || itemEnd || entryEnd || displayEnd);
    if (fresh) {
      groups.push([cur]);
      capBottom = -Infinity;
      hung = false;
      groupBullet = undefined;
    } else {
      group.push(cur);
      hung ||= cur.bbox[0] - first.bbox[0] > 0.3 * body;
    }
    if (cur.bbox[3] - cur.bbox[1] > 2.2 * cur.size) capBottom = Math.max(capBottom, cur.bbox[3]);
  }
  return groups;
}

function classify(lines: Line[], seg: Segment, body: number): Block['kind'] {
  const text = lines.map((l) => l.text).join(' ');
  const role = seg.role ?? '';
  if (/^H[1-6]?$/.test(role)) return 'heading';
  if (role === 'LI' || role === 'Lbl' || role === 'LBody') return 'list-item';
  if (role === 'Caption') return 'caption';
  if (CAPTION.test(text)) return 'caption';
  // A label without punctuation ("Figure 1 Examples of …", BMC's bold label) captions when the text is set smaller
  // than the body, as captions are: at body size, "Figure 1 Shows …" may open a paragraph.
  if (LOOSE_CAPTION.test(text) && median(lines.map((l) => l.size)) < LABEL_SIZE * body) return 'caption';
  if (lines.every((l) => l.mono)) return 'code';
  // A contents entry names a heading; it is neither one nor a list item ("1. Introduction . . . 1").
  if (LEADER.test(text)) return 'paragraph';
  if (BULLET.test(text)) return 'list-item';
  const size = median(lines.map((l) => l.size));
  const short = text.length <= HEADING_MAX_CHARS && lines.length <= 3 && !FINAL.test(text);
  if (short && (size >= HEADING_SIZE * body || lines.every((l) => l.bold))) return 'heading';
  return 'paragraph';
}

/** Floats interrupting a paragraph are at most this many groups long (a plot: its tick labels, legend, axis titles). */
const MAX_FLOAT_GROUPS = 24;
/** A figure's own labels are set smaller than the body (a plot's legend at 0.91 of it too). */
const LABEL_SIZE = 0.93;

/** A subfigure's caption: "(a) 2 AM.", "(b) Velocity field", a line or two at most. */
const SUBCAPTION = /^\(\p{Ll}\)\s+\S/u;
const SUBCAPTION_CHARS = 80;
/** Small type this many body sizes below a paragraph's last line (top to bottom) stands apart from it. */
const FLOAT_BLANK_EM = 2;
/** A paragraph of running text broken off by a float has this many lines at least (a title or a label has fewer). */
const MIN_RUNNING_LINES = 3;
const subcaption = (g: Group) =>
  (g.kind === 'paragraph' || g.kind === 'list-item') &&
  g.lines.length <= 2 &&
  SUBCAPTION.test(g.lines[0].text) &&
  g.lines.reduce((n, l) => n + l.text.length, 0) <= SUBCAPTION_CHARS;

/**
 * How many groups from `i` on make one float: a single heading, a pull quote (a finished sentence set larger than the
 * text, between the two halves of one), or a caption and the small-type labels (and the
 * subcaptions) of the figure it captions (in any face: a plot's tick labels come in a fixed-pitch one too), in any order, with at least one caption or piece of sideways text among them, or standing in segments of their own
 * between the paragraph's (`tail`) and the group after them. 0 when `i` starts none.
 * Tables are not floats: they are read where they stand, but for one at the top of the page the sentence runs on to.
 */
function floatRun(groups: Group[], i: number, body: number, tail?: Group): number {
  // Small type: under the body's size and the paragraph's own (a table's cell set small, its sentence cut at the cell's
  // edge, has no labels of a figure under it: the next row's cells are set as small).
  const small = LABEL_SIZE * Math.min(body, tail ? median(tail.lines.map((l) => l.size)) : body);
  const isFloat = (g: Group) =>
    g.kind === 'caption' ||
    sideways(g) ||
    ((g.kind === 'paragraph' || g.kind === 'code') && median(g.lines.map((l) => l.size)) < small) ||
    subcaption(g) ||
    // A table opening the page a sentence runs on to (a float set at the page's top) is read after the sentence; on
    // the sentence's own page a table between its halves is read where it stands.
    (g.kind === 'table' && !!tail && g.seg.page > tail.seg.page);
  if (groups[i]?.kind === 'heading') return 1;
  // A pull quote: a finished sentence or two set larger than the text, between a sentence's two halves.
  const g = groups[i];
  if (tail && g?.kind === 'paragraph' && median(g.lines.map((l) => l.size)) >= HEADING_SIZE * body && FINAL.test(g.lines[g.lines.length - 1].text))
    return 1;
  let n = 0;
  let anchored = false;
  while (n < MAX_FLOAT_GROUPS && i + n < groups.length && isFloat(groups[i + n])) {
    // Sideways text (a credit, an axis title) is never the running text, so it anchors a float as a caption does.
    if (groups[i + n].kind === 'caption' || sideways(groups[i + n])) anchored = true;
    n++;
  }
  // A float longer than the cap is not one we can see the end of: its next group is not the paragraph's sequel.
  if (i + n < groups.length && isFloat(groups[i + n])) return 0;
  // Small type standing apart, in a segment of its own between the paragraph's and its sequel's (a photo's caption
  // without a label beside the lines that run round the photo), is a float too...
  const next = groups[i + n];
  // Or opening the next column, above the sequel (a figure's caption at the column's top).
  const opens = groups[i - 1]?.seg !== groups[i]?.seg;
  // Or under the paragraph in its own column, parted from it by blank space, the sentence going on in another
  // segment (a pull quote set in small capitals under a column's text, the text running on at the next column's top).
  const running = !!tail && tail.lines.length >= MIN_RUNNING_LINES && median(tail.lines.map((l) => l.size)) >= LABEL_SIZE * body;
  const below = (g: Group) => running && g.lines[0].bbox[1] - tail!.lines[tail!.lines.length - 1].bbox[3] >= FLOAT_BLANK_EM * body;
  const run = groups.slice(i, i + n);
  // Or both, over a page's turn: a figure's caption under the paragraph's last line at a page's foot, then the
  // captions of the figures opening the next page in segments of their own, the sentence going on under them. (On
  // one page, a figure's labels between two bands of columns are read where they stand.)
  const own = (g: Group) => !!tail && !!next && g.seg !== tail.seg && g.seg !== next.seg && g.seg.page === next.seg.page && g.kind !== 'heading';
  const under = (g: Group) => !!tail && g.seg === tail.seg && below(g) && g.kind !== 'heading';
  const apart =
    !!tail &&
    !!next &&
    n > 0 &&
    (run.every((g) => g.seg !== tail.seg && (g.seg !== next.seg || opens) && g.kind !== 'heading') ||
      (run.every((g) => g.seg === tail.seg && below(g) && g.kind !== 'heading') && next.seg !== tail.seg && next.seg.page === tail.seg.page) ||
      (run.every((g) => own(g) || under(g)) && run.some(own) && run.some(under) && next.seg.page > tail.seg.page));
  return anchored || apart ? n : 0;
}

/**
 * The group goes on from the one before it in its segment, turned at the measure mid-sentence: the text of a box or
 * a masthead under a heading at a column's top going on to its own next line ("Target: [Nikkei 225], … (First
 * section" in one face over "of Tokyo Stock Exchange), …" in another), not the sequel of a paragraph broken off
 * before the box.
 */
const goesOnFrom = (prev: Group, next: Group) => next.seg === prev.seg && unfinished(prev) && wrapped(prev, next);

/** A titled box read after the paragraph it interrupts holds at most this many groups (its heading included). */
const MAX_BOX_GROUPS = 6;

/**
 * A titled box (a sidebar's "NATURAL RESOURCE SPOTLIGHT: HELIUM" and its paragraphs) between the two halves of a
 * sentence that runs on to the next page: a heading (or a title in capitals), the paragraphs under it, all on the
 * broken paragraph's page, then the sequel opening the next page mid-sentence. An unfinished paragraph is not followed by a new section
 * before it goes on; the box stands beside the text and is read after the paragraph. With `columnTop`, the box heads
 * the next column of the same page instead, the sequel going on under it in that column (an abstract running on under
 * the "Strengths and limitations of this study" box that opens its last column). How many groups it takes, or 0.
 */
function boxRun(groups: Group[], i: number, tail: Group, columnTop = false): number {
  const g = groups[i];
  if (!g || g.seg.page !== tail.seg.page) return 0;
  // Its title: a heading, or a short line in capitals set as the text is (a sidebar's title in the body's type).
  const text = g.lines.map((l) => l.text).join(' ');
  const capitals =
    g.kind === 'paragraph' &&
    g.lines.length <= 2 &&
    text.length <= HEADING_MAX_CHARS &&
    !FINAL.test(text) &&
    /\p{Lu}{2}/u.test(text) &&
    !/\p{Ll}/u.test(text);
  if (g.kind !== 'heading' && !capitals) return 0;
  // At a column's top, the box is its first groups, the sequel under them in the same column: the box's groups open
  // as sentences do, the sequel mid-sentence.
  if (columnTop && (g.seg === tail.seg || !turnsBack(tail, g) || groups[i - 1]?.seg === g.seg)) return 0;
  let n = 1;
  while (
    n < MAX_BOX_GROUPS &&
    groups[i + n]?.seg.page === tail.seg.page &&
    (groups[i + n].kind === 'paragraph' || groups[i + n].kind === 'list-item') &&
    !(columnTop && continues(groups[i + n]))
  )
    n++;
  const next = groups[i + n];
  if (!(n > 1 && next && continues(next))) return 0;
  if (!columnTop) return next.seg.page > tail.seg.page ? n : 0;
  if (goesOnFrom(groups[i + n - 1], next)) return 0;
  const boxEnd = Math.max(...groups.slice(i, i + n).flatMap((b) => b.lines.map((l) => l.bbox[3])));
  return next.seg === g.seg && next.lines[0].bbox[1] >= boxEnd ? n : 0;
}

/**
 * A box opening the page a sentence of running text runs on to (a magazine's case study set across the top of the
 * next page, the article going on under it mid-sentence): the page's first groups, in bands of their own over the
 * sequel's, which is the page's first group that opens with a word in lower case (OPENS_WORD). The broken paragraph
 * is prose of two lines or more (not a contents entry, not a contact line). How many groups it takes, or 0.
 */
function pageTopBox(groups: Group[], i: number, tail: Group): number {
  const g = groups[i];
  if (!g || g.seg.page !== tail.seg.page + 1 || groups[i - 1]?.seg.page === g.seg.page) return 0;
  if (tail.lines.length < 2 || !prose(tail.lines)) return 0;
  for (let j = i + 1; j < groups.length && j < i + 2 * MAX_BOX_GROUPS; j++) {
    const h = groups[j];
    if (h.seg.page !== g.seg.page || h.kind === 'table') return 0;
    if (!continues(h)) continue;
    if (!OPENS_WORD.test(h.lines[0].text)) return 0;
    const box = groups.slice(i, j);
    return box.every((b) => b.kind !== 'table' && b.seg.band < h.seg.band) ? j - i : 0;
  }
  return 0;
}

/** A group's column width. */
const segWidth = (g: Group) => g.seg.bbox[2] - g.seg.bbox[0];
/** A sentence broken off in a column goes on past floats only in a column whose width is at most 1 / SIDE_TO_TEXT
 * times its own (a column's to a page's width, not a narrow side column's to the text's). */
const SIDE_TO_TEXT = 0.4;
/** A side column read after the paragraph it stands beside holds at most this many groups. */
const MAX_ASIDE_GROUPS = 30;
/** Its column is at most this share of the paragraph's column's width. */
const ASIDE_WIDTH = 0.6;

/**
 * A side column read after the text column beside it, between the two halves of a sentence that runs on to the next
 * page (a journal's first page: its narrow column of the journal's name, how to cite the article, its keywords and
 * the corresponding author's address, read after the text, the abstract's sentence going on at the next page's top).
 * The groups after the paragraph, all on its page, stand in columns much narrower than its own and beside it, not
 * over or under it; the group after them opens the next page mid-sentence. How many groups it takes, or 0.
 */
function asideRun(groups: Group[], i: number, tail: Group): number {
  const beside = (g: Group) =>
    g.seg.page === tail.seg.page &&
    g.seg !== tail.seg &&
    g.kind !== 'table' &&
    segWidth(g) <= ASIDE_WIDTH * segWidth(tail) &&
    (g.seg.bbox[2] <= tail.seg.bbox[0] || g.seg.bbox[0] >= tail.seg.bbox[2]) &&
    g.seg.bbox[1] < tail.seg.bbox[3] &&
    g.seg.bbox[3] > tail.seg.bbox[1];
  let n = 0;
  while (n < MAX_ASIDE_GROUPS && groups[i + n] && beside(groups[i + n])) n++;
  const next = groups[i + n];
  return n > 0 && next?.seg.page === tail.seg.page + 1 && continues(next) ? n : 0;
}

/**
 * A masthead opening the column where a paragraph goes on (a publication's name over its volume and date, in small
 * type): a heading first in its segment, the small-type groups under it, then the paragraph's sequel, above where
 * the paragraph broke off or on a later page. How many groups it takes, or 0.
 */
function mastheadRun(groups: Group[], i: number, tail: Group, body: number): number {
  const g = groups[i];
  if (g?.kind !== 'heading' || g.seg === tail.seg || groups[i - 1]?.seg === g.seg) return 0;
  let n = 1;
  while (
    n < MAX_FLOAT_GROUPS &&
    groups[i + n]?.seg === g.seg &&
    groups[i + n].kind === 'paragraph' &&
    median(groups[i + n].lines.map((l) => l.size)) < LABEL_SIZE * body
  )
    n++;
  const next = groups[i + n];
  return n > 1 && next && !goesOnFrom(groups[i + n - 1], next) && turnsBack(tail, next) ? n : 0;
}

/** Prose opens this share of its words, at least, in lower case (a table's cells: names in capitals and figures)... */
const PROSE_LOWER_SHARE = 0.4;
/** ...and is set solid: lines this many ems wide per character, at the median, are spread as a table's rows are
 * (prose takes about half). */
const CELL_SPREAD = 0.65;
/** Fewer words with a case than this (a script without one) tell nothing: the lines are taken for prose. */
const MIN_CASED_WORDS = 8;
/** Lines of prose, not a table's cells read as lines: most words open in lower case, and the lines are set solid. */
function prose(lines: Line[]): boolean {
  let lower = 0;
  let cased = 0;
  for (const l of lines)
    for (const w of l.text.split(/\s+/u)) {
      const c = w.match(/\p{L}/u)?.[0];
      if (!c || c.toLowerCase() === c.toUpperCase()) continue;
      cased++;
      if (c === c.toLowerCase()) lower++;
    }
  // Cells read as lines stand apart across the table ("Hidden size    768"): far wider than their characters set solid.
  if (median(lines.map((l) => (l.bbox[2] - l.bbox[0]) / (Math.max(1, measureChars(l.text)) * l.size))) > CELL_SPREAD) return false;
  return cased < MIN_CASED_WORDS || lower >= PROSE_LOWER_SHARE * cased;
}

/**
 * A sequel past floats opens with a word in lower case ("as diabetes, which", "and/or phase", "well-known") or a
 * parenthesis ("(Reddit13, …), and"), not a symbol ("μ0 0.007") or a link.
 */
const OPENS_WORD = /^(?:[“‘"'«„]?\p{Ll}\p{L}*(?:[-/]\p{L}+)*[,;]?|\(\p{L}[\p{L}\p{Nd}]*[,;)]?)\s/u;

/** Floats opening the column or page a sentence runs on to hold at most this many groups (two tables and their heads). */
const MAX_TOP_GROUPS = 80;

/**
 * Floats set at the top of the column or page a sentence runs on to: a table or a figure with its caption (its heads,
 * labels and notes, in any kinds), stacked above the sequel, which opens mid-sentence below them at the paragraph's
 * size, in lower case or with a parenthesised word (OPENS_WORD). The sentence is read whole and the floats after it.
 * The run opens where the text turns (a later page, or another column's top), holds a caption or a table, and no
 * paragraph of running text at the paragraph's size: a page whose own text starts above the sequel is read as it
 * stands. `under`: the floats are set instead right under the paragraph's line in its own column (setUnder), end with
 * a table or a caption under what it captions (closesFloat), and the sequel opens that column's line (underFloat). How
 * many groups it takes, or 0.
 */
function topFloatRun(groups: Group[], i: number, tail: Group, body: number, under = false): number {
  const g = groups[i];
  if (!g || g.seg.page > tail.seg.page + 1) return 0;
  if (under ? !setUnder(tail, g) : !turnsBack(tail, g)) return 0;
  // The caption whose float takes in prose above it (wideFloat): the sequel goes on under it in a narrower column.
  let wideBottom = Number.NEGATIVE_INFINITY;
  let wideWidth = 0;
  for (let j = i + 1; j < groups.length && j < i + MAX_TOP_GROUPS; j++) {
    const h = groups[j];
    if (h.seg.page !== g.seg.page) return 0;
    const bodyText = (h.kind === 'paragraph' || h.kind === 'list-item') && sameSize(tail, h, body) && runningText(h.lines);
    if (!bodyText) continue;
    // Lines at the text's size that do not go on with the sentence are the page's own text, unless they are a float's
    // own: a table's head (a line), or its cells read as lines (words in capitals and figures, not prose), or a table's
    // cells of prose over a caption set across the columns.
    if (!OPENS_WORD.test(h.lines[0].text) && !(under && cjkSequel(tail, h))) {
      if (h.lines.length >= 2 && prose(h.lines) && !overTableCaption(groups, j)) {
        const across = under ? null : wideFloat(groups, j, body);
        if (!across) return 0;
        // (Over several tables, a cell is the float's own down to the lowest caption; the widest sets the measure.)
        wideBottom = Math.max(wideBottom, across[1]);
        wideWidth = Math.max(wideWidth, across[2] - across[0]);
      }
      continue;
    }
    // (A cell of that float opening in lower case is the float's own too, as is one of the next table's.)
    if (wideWidth && (h.lines.every((l) => l.bbox[3] <= wideBottom + 1) || wideFloat(groups, j, body))) continue;
    // Every float lies above the sequel's first line, in the page's own order.
    const top = h.lines[0].bbox[1];
    const run = groups.slice(i, j);
    const anchored = under ? closesFloat(run) && underFloat(tail, h, body) : run.some((f) => f.kind === 'caption' || f.kind === 'table');
    // (Before any caption or table, the line a float's own text turns to, "of Tokyo Stock Exchange), …" under "Target:
    // … (First section", is no sequel.)
    if (!anchored && !under && goesOnFrom(groups[j - 1], h)) continue;
    if (wideWidth && segWidth(h) > NARROW_SEQUEL * wideWidth) return 0;
    return anchored && run.every((f) => f.lines.every((l) => l.bbox[3] <= top + 1)) ? j - i : 0;
  }
  return 0;
}

/** Two words in lower case running: a cell of words, not a row's label ("[US Market]-[Actuals]-[Movement]"). */
const RUNNING_WORDS = /\p{Ll}{3,}\s+\p{Ll}{3,}/u;
/** The column the sentence goes on in under a float set across the columns is at most this share of its width. */
const NARROW_SEQUEL = 0.6;
/**
 * A group of prose inside a table set across a page of columns, over its caption: a table whose cells are sentences
 * ("Observing the US stock markets fell during the year-end …" beside its topic labels), opening the page a sentence
 * runs on to. A table's caption follows on the page, in the float's run; every group from this one to the caption
 * stands over the caption, within its width; and a label stands level with this one beside its column (a line
 * without two words in lower case running: the row's "[US Market]-…"; the page's own columns of text, over a table's
 * caption, stand beside prose). The caption's box, or null.
 */
function wideFloat(groups: Group[], j: number, body: number): Box | null {
  const h = groups[j];
  for (let k = j + 1; k < groups.length && k < j + MAX_TOP_GROUPS; k++) {
    const c = groups[k];
    if (c.seg.page !== h.seg.page) return null;
    if (c.kind !== 'caption') continue;
    if (!TABLE_CAPTION.test(c.lines[0].text)) return null;
    const box = unionBox(c.lines.map((l) => l.bbox));
    const inside = (f: Group) => f.lines.every((l) => l.bbox[3] <= box[1] + 1 && l.bbox[0] >= box[0] - body && l.bbox[2] <= box[2] + body);
    const top = h.lines[0].bbox[1];
    const bottom = h.lines[h.lines.length - 1].bbox[3];
    const label = (f: Group) =>
      f !== h &&
      f.lines.length === 1 &&
      !RUNNING_WORDS.test(f.lines[0].text) &&
      f.lines[0].bbox[1] < bottom &&
      f.lines[0].bbox[3] > top &&
      (f.lines[0].bbox[2] <= h.seg.bbox[0] || f.lines[0].bbox[0] >= h.seg.bbox[2]);
    const run = groups.slice(Math.max(j - MAX_TABLE_GROUPS, 0), k);
    return groups.slice(j, k).every(inside) && run.some(label) ? box : null;
  }
  return null;
}

/** Where a group's lines start furthest left, on the page. */
const leftOf = (g: Group) => Math.min(...g.lines.map((l) => l.bbox[0]));
/** A paragraph's next line stands at most this many of its sizes under its line (double spacing included). */
const OWN_ADVANCE = 2;
/**
 * A float set right under the line where its paragraph breaks off, in the same column of the same page (LaTeX's `[h]`
 * placement, a word processor's table anchored in its paragraph): it opens under the paragraph's last line and within
 * its column's width.
 */
const setUnder = (tail: Group, g: Group) => {
  if (g.seg.page !== tail.seg.page) return false;
  const line = tail.lines[tail.lines.length - 1];
  const last = line.bbox;
  const box = unionBox(g.lines.map((l) => l.bbox));
  // (A line in the paragraph's size, a line's advance under it, not set in from it, is the paragraph's own next line,
  // whatever it was read as: in a thesis's double spacing too.)
  const own = (l: Line) => Math.abs(l.size - line.size) <= SIZE_STEP * line.size && l.bbox[0] <= leftOf(tail) + line.size;
  const next = own(g.lines[0]) && g.lines[0].baseline - line.baseline <= OWN_ADVANCE * line.size;
  return !next && box[1] >= last[3] - 1 && box[0] < last[2] && box[2] > last[0];
};

/**
 * A float set under its paragraph's line ends right over the sequel: a table, or a caption under what it captions. (A
 * caption alone over the "sequel" captions what follows it: the sequel is the float's own text.)
 */
const closesFloat = (run: Group[]) => {
  const last = run[run.length - 1];
  return last.kind === 'table' || (last.kind === 'caption' && run.length > 1);
};
/** A line opening in lower case, past an opening quote. */
const LOWER_START = /^[“‘"'«„]?\p{Ll}/u;
/**
 * A lone letter opening a line in front of a word in capitals: a form's item label ("e Enter the smaller of"). (It
 * refuses a sentence going on "a New York company" too: forms set tables between items far more often.)
 */
const ITEM_LABEL = /^\p{Ll}\s+\p{Lu}/u;
/**
 * The sequel under a float set in its paragraph's column opens that column's line, where the paragraph's lines stand,
 * in lower case (a parenthesised word, as OPENS_WORD allows at a column's top, is as likely a table's cell here), and
 * is no form's item.
 */
function underFloat(tail: Group, g: Group, body: number): boolean {
  const first = g.lines[0];
  if (!(LOWER_START.test(first.text) || cjkSequel(tail, g)) || ITEM_LABEL.test(first.text)) return false;
  // (Left edges: a sequel in lower case or in CJK letters is set left to right.)
  return Math.abs(first.bbox[0] - leftOf(tail)) <= SEQUEL_INDENT_EM * body;
}

/** A table's caption: "Table 3. Model layout", "Tab. 2:", "Tabelle 1". */
const TABLE_CAPTION = new RegExp(String.raw`^(?:tables?|tab|${TABLE_WORDS})\.?\s*(?:\p{Nd}|[IVX]+(?=[.:\s]))`, 'iu');
/** A caption stands under the group it captions within this many of its sizes (baseline to top)... */
const CAPTION_UNDER = 3;
/** ...and a table's rows, read as paragraphs or items, follow one another a line's advance apart, this many at most. */
const MAX_TABLE_GROUPS = 12;
const ROW_GAP = 1.5;
/**
 * A group in a run of groups over a table's caption, in its segment, each a line's space under the one before and the
 * caption a few lines' space under the last: the table's own rows, read as lines (a table captioned under it, "LSTM
 * 256 neurons, return sequences = True, L2 = 0" over "Table 3. Model layout"), not the page's text, however much its
 * cells read as prose.
 */
function overTableCaption(groups: Group[], j: number): boolean {
  for (let k = j; k < groups.length && k < j + MAX_TABLE_GROUPS; k++) {
    const [h, next] = [groups[k], groups[k + 1]];
    if (!next || next.seg !== h.seg) return false;
    const gap = next.lines[0].bbox[1] - h.lines[h.lines.length - 1].baseline;
    if (next.kind === 'caption') {
      if (!TABLE_CAPTION.test(next.lines[0].text) || gap < 0 || gap > CAPTION_UNDER * next.lines[0].size) return false;
      // The caption closes the table above it: what follows it in its segment is no table of its own, nor rows set
      // smaller than these (a caption over its table heads the groups under it, not those above).
      const after = groups[k + 2];
      const size = median(h.lines.map((l) => l.size));
      return !after || after.seg !== next.seg || (after.kind !== 'table' && median(after.lines.map((l) => l.size)) >= size - SIZE_STEP * size);
    }
    if ((next.kind !== 'paragraph' && next.kind !== 'list-item') || gap < 0 || gap > ROW_GAP * next.lines[0].size) return false;
  }
  return false;
}

/** A sentence's sequel opens its column's line where the paragraph's lines stood in theirs, within this many body sizes... */
const SEQUEL_INDENT_EM = 3;
/** A line's indent from its segment's edge: the left one, the right one in right-to-left text. */
const indentOf = (l: Line, seg: Segment) => (rtlText(l.text) ? seg.bbox[2] - l.bbox[2] : l.bbox[0] - seg.bbox[0]);
/**
 * ...not far inside it, as a figure's label at the column's top does ("gt", a chart's node, over the sequel). A quote
 * or a nested item set in from its column goes on as far in.
 */
function opensAtEdge(tail: Group, g: Group, body: number): boolean {
  const own = Math.min(...tail.lines.map((l) => indentOf(l, tail.seg)));
  return indentOf(g.lines[0], g.seg) <= Math.max(0, own) + SEQUEL_INDENT_EM * body;
}

/** The text goes on at the top of another column or page: above where the tail ended, or on a later page. */
const turnsBack = (tail: Group, next: Group) =>
  next.seg.page > tail.seg.page || (next.seg.page === tail.seg.page && next.lines[0].baseline < tail.lines[tail.lines.length - 1].baseline);

/** A paragraph keeps its size across a break: a figure's small label is not the start of a body paragraph. */
const sameSize = (a: Group, b: Group, body: number) =>
  Math.abs(median(a.lines.map((l) => l.size)) - median(b.lines.map((l) => l.size))) <= SIZE_STEP * body;

const unfinished = (g: Group) => {
  const last = g.lines[g.lines.length - 1].text;
  return (g.kind === 'paragraph' || g.kind === 'list-item') && !FINAL.test(last) && !LEADER.test(last);
};
/** A caption's turned line stands at most this many of its sizes under the caption's last line, baseline to baseline. */
const TURN_ADVANCE = 1.6;
/** A caption's cut-off end holds at most this many lines. */
const MAX_TURNED_LINES = 2;
/**
 * A caption's own turned line cut off from it into a segment of its own right under it (a figure's caption set across
 * the page, its last line "model, which is not possible." standing alone over the columns below): the caption breaks
 * off mid-sentence, the line opens mid-sentence in the caption's size, a line's advance under it, at its edge.
 */
const turnsUnder = (caption: Group, g: Group, body: number) => {
  if (caption.kind !== 'caption' || caption.seg.page !== g.seg.page || caption.seg === g.seg) return false;
  // A caption of two lines at least, its last turned at its measure (a short caption without a stop is not cut off),
  // and a line or two under it, inside its measure.
  if (caption.lines.length < 2 || g.lines.length > MAX_TURNED_LINES) return false;
  const last = caption.lines[caption.lines.length - 1];
  const first = g.lines[0];
  const step = first.baseline - last.baseline;
  const edge = Math.min(...caption.lines.map((l) => l.bbox[0]));
  const far = Math.max(...caption.lines.map((l) => l.bbox[2]));
  return (
    !FINAL.test(last.text) &&
    turned(last, first.text, far) &&
    continues(g) &&
    sameSize(caption, g, body) &&
    step > 0 &&
    step <= TURN_ADVANCE * last.size &&
    g.lines.every((l) => l.bbox[0] >= edge - body && l.bbox[2] <= far + body)
  );
};
/** A display: a line or two set in from the column's edge, a relation in them and no running words ("(a + b)2 = c2 + 4 ( ab 2 ) ,"). */
const DISPLAY_LINES = 2;
const DISPLAY_INDENT_EM = 2;
const DISPLAY_RELATION = /[=<>≤≥≈≃≅≡≠∝→⇒⇔]/u;
const displayGroup = (g: Group, body: number) =>
  g.kind === 'paragraph' &&
  g.lines.length <= DISPLAY_LINES &&
  g.lines.every((l) => indentOf(l, g.seg) >= DISPLAY_INDENT_EM * body && !TWO_WORDS.test(l.text)) &&
  g.lines.some((l) => DISPLAY_RELATION.test(l.text));
/** Letters of scripts without letter case (Chinese, Japanese, Korean) ending a text, or opening one. */
const CJK_LETTER = String.raw`[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}]`;
const ENDS_CJK_LETTER = new RegExp(`${CJK_LETTER}\\s*$`, 'u');
const OPENS_CJK_LETTER = new RegExp(`^\\s*${CJK_LETTER}`, 'u');
/**
 * Text without letter case goes on mid-sentence: the paragraph's last line ends in a letter (no stop, comma or
 * bracket), and the group opens with one.
 */
const cjkSequel = (tail: Group, g: Group) =>
  g.kind === 'paragraph' && ENDS_CJK_LETTER.test(tail.lines[tail.lines.length - 1].text) && OPENS_CJK_LETTER.test(g.lines[0].text);
/** A paragraph's sequel opens mid-sentence: in lower case (after an opening quote, too), a digit, a bracket, a comma. */
const continues = (g: Group) => g.kind === 'paragraph' && /^[“‘"'«„]?[\p{Ll}\d(,;]/u.test(g.lines[0].text);
/**
 * A paragraph's sequel that looks like a numbered item: the paragraph broke off after a word in lower case ("… so I
 * have included figure") and the text goes on with the number ("2. Yippee, my first flight."). A list is introduced
 * by a finished sentence or a colon, not broken off mid-sentence at the measure.
 */
const sequelOf = (tail: Group, g: Group) =>
  continues(g) ||
  (tail.kind === 'paragraph' && g.kind === 'list-item' && NUMBERED.test(g.lines[0].text) && /\p{Ll}$/u.test(tail.lines[tail.lines.length - 1].text));
/** German's own function words (none of them an English word as well), to tell a German paragraph by. */
const GERMAN_WORDS = new Set(
  'der die das und ist nicht von mit sich des ein eine einen einer zu den dem im auf wird werden sind für auch als bei oder nach aus wie zum zur über durch dass'.split(
    ' ',
  ),
);
/** A paragraph is German when this share of its words at least are German function words (about a third in running text). */
const GERMAN_SHARE = 0.15;
/** Whether this share of a paragraph's words at least are the language's function words (`words`). */
const speaks = (g: Group, words: Set<string>, share: number) => {
  const all = g.lines.flatMap((l) => l.text.toLowerCase().split(/[^\p{L}]+/u)).filter(Boolean);
  return all.length > 0 && all.filter((w) => words.has(w)).length >= share * all.length;
};
const german = (g: Group) => speaks(g, GERMAN_WORDS, GERMAN_SHARE);
/**
 * Past a float, a sequel may open with a capital when the paragraph broke off after a word in lower case, no stop
 * after it, in German, which sets its nouns so ("… die Open Science in der eigenen" / "Forschung und Lehre
 * praktizieren"). In English a capital there opens a new paragraph as often as not, unless the paragraph broke off
 * after a word no sentence ends on (endsOnLink).
 */
const nounSequel = (tail: Group, g: Group) =>
  tail.kind === 'paragraph' &&
  tail.lines.length >= MIN_RUNNING_LINES &&
  g.kind === 'paragraph' &&
  /^\p{Lu}\p{Ll}/u.test(g.lines[0].text) &&
  ((german(tail) && /\p{Ll}$/u.test(tail.lines[tail.lines.length - 1].text)) || (g.lines.length >= 2 && english(tail) && endsOnLink(tail)));
/**
 * English words no sentence ends on, articles, prepositions and possessives: a paragraph broken off after one ("… 1 km
 * east of the border with") goes on past the float in a name ("Lassen County, California. The vegetation …"), a
 * paragraph's lines. (Not conjunctions: "… disable passphrases but" may go on anywhere.)
 */
const LINK_WORDS = new Set(
  'a an the of with to in on at for from by into onto upon via between among within without through toward towards across against along around about under beneath during per its their our your his her'.split(
    ' ',
  ),
);
/** English's most frequent function words, to tell an English paragraph by (a French "… le parc a" is no English "a"). */
const ENGLISH_WORDS = new Set('the of and to in is that for with as on by are this be from at was which it not'.split(' '));
/** A paragraph is English when this share of its words at least are ENGLISH_WORDS (about a quarter in running text). */
const ENGLISH_SHARE = 0.15;
const english = (g: Group) => speaks(g, ENGLISH_WORDS, ENGLISH_SHARE);
/** The paragraph's last word, in lower case with no stop after it, is a word no sentence ends on (LINK_WORDS). */
const endsOnLink = (tail: Group) => {
  const m = /(?:^|\s)(\p{Ll}+)$/u.exec(tail.lines[tail.lines.length - 1].text.trim());
  return !!m && LINK_WORDS.has(m[1]);
};
/** Running text turns at a measure of at least this many characters (a narrow newspaper column holds about 30). */
const MIN_MEASURE_CHARS = 20;
/** Lines of which one at least is long enough to be running text, turned at a measure. */
const runningText = (lines: Line[]) => lines.some((l) => measureChars(l.text) >= MIN_MEASURE_CHARS);
/** Characters of a line as Latin text would count them (a full-width CJK character takes two). */
const measureChars = (text: string) => text.length + (text.match(CJK_WIDE)?.length ?? 0);
const rtlText = (text: string) => textDirection(text) === 'rtl';
/** Sideways text: a rotated segment, or lines of a few characters set up the page (tagged sideways content). */
const sideways = (g: Group) =>
  g.seg.kind === 'rotated' || g.lines.some((l) => l.text.length >= 3 && l.bbox[3] - l.bbox[1] > 2 * (l.bbox[2] - l.bbox[0]));

/** The sequel of a paragraph broken at a hyphen is looked for at most this many groups on. */
const SEQUEL_REACH = 40;

/**
 * Where a paragraph broken off at a hyphen goes on when the next group does not: the first later group of the same
 * page, at the paragraph's size, that opens in lower case and starts below the paragraph's last line, reaching under
 * it, and not already read with another paragraph. -1 when there is none.
 */
function hyphenSequel(groups: Group[], i: number, tail: Group, body: number, taken: Set<Group>): number {
  const last = tail.lines[tail.lines.length - 1];
  if (tail.kind !== 'paragraph' || !endsWithBreakHyphen(last.text) || sideways(tail)) return -1;
  for (let j = i; j < groups.length && j < i + SEQUEL_REACH; j++) {
    const h = groups[j];
    if (h.seg.page !== tail.seg.page) return -1;
    const first = h.lines[0];
    const under = first.bbox[1] > last.bbox[3] && first.bbox[0] < last.bbox[2] && first.bbox[2] > last.bbox[0];
    if (under && !taken.has(h) && h.kind === 'paragraph' && /^\p{Ll}/u.test(first.text) && sameSize(tail, h, body)) return j;
  }
  return -1;
}

/**
 * The paragraph's last line was turned at the measure, so the text goes on after the break: the room left at the
 * end of the line (the column's far edge minus the line's end) is less than the next group's first word would have
 * taken. A short last line ("INVOICE 2020-10" above a sidebar) ended its paragraph, whatever its punctuation. A soft
 * hyphen at the end always turns. Sideways lines are measured in no frame here, so they keep joining as before.
 */
function wrapped(tail: Group, next: Group): boolean {
  const last = tail.lines[tail.lines.length - 1];
  if (endsWithBreakHyphen(last.text) || sideways(tail)) return true;
  // A column of short lines only (an address block, a list of labels) has no measure to turn at.
  if (!runningText(tail.seg.lines)) return false;
  const rtl = rtlText(last.text);
  // The paragraph's own lines set its measure when it has several: a wider line elsewhere in the segment (a standfirst
  // over the column, a line of a table) does not move the edge the paragraph turns at. Lines too short to be running
  // text (a box's closing "end function") set no measure of their own.
  const own = tail.lines.length >= 2 && runningText(tail.lines) ? measureOf(tail.lines, rtl) : Infinity;
  return turned(last, next.lines[0].text, Math.min(own, measureOf(tail.seg.lines, rtl)), rtl);
}

/**
 * Code lines with their indents: a fixed-pitch line's width over its characters is the pitch, and each line starts
 * that many pitches right of the block's leftmost line. Inner runs of spaces are not recoverable from the text layer
 * (pdf.js reports one space), so only the leading indent is restored; for the same reason a line with inner runs
 * measures wide, and the narrowest line's measure is the pitch.
 */
function codeText(lines: Line[]): string {
  const pitches = lines.filter((l) => l.text.length >= 4).map((l) => (l.bbox[2] - l.bbox[0]) / l.text.length);
  const pitch = pitches.length ? Math.min(...pitches) : 0;
  const left = Math.min(...lines.map((l) => l.bbox[0]));
  return lines
    .map((l) => {
      const indent = pitch > 0 ? Math.max(0, Math.round((l.bbox[0] - left) / pitch)) : 0;
      return ' '.repeat(Math.min(indent, 80)) + l.text;
    })
    .join('\n');
}

/**
 * A line opened by a drop cap, with the space after the cap that the file did not draw when the cap is a word by
 * itself: "I" + "was born" is "I was", because "was" is a word of the document and "Iwas" is not; "T" + "he" stays
 * "The", which the document uses elsewhere.
 */
function besideInitial(line: Line, vocab: () => Vocabulary): string {
  const n = line.initial;
  if (!n) return line.text;
  const cap = [...line.text].slice(0, n).join('');
  const rest = line.text.slice(cap.length);
  const word = (rest.match(/^[\p{L}\p{M}]+/u) ?? [''])[0];
  if (!word || vocab().count(cap + word) > 1 || !vocab().hasWord(word)) return line.text;
  return `${cap} ${rest}`;
}

/** Build the document's blocks from its flow segments, in reading order. */
export function buildBlocks(segments: Segment[], body: number, advance: number): Block[] {
  // The vocabulary is built only if a line break needs a hyphen decided.
  let built: Vocabulary | null = null;
  const vocab = () => {
    if (built) return built;
    built = new Vocabulary();
    for (const seg of segments) {
      seg.lines.forEach((l, i) =>
        built!.add(l.text, { endsBroken: endsWithBreakHyphen(l.text), startsContinued: i > 0 && endsWithBreakHyphen(seg.lines[i - 1].text) }),
      );
    }
    return built;
  };

  const groups: Group[] = [];
  for (const seg of segments) {
    if (seg.kind === 'table') {
      groups.push({ lines: seg.lines, seg, kind: 'table' });
      continue;
    }
    for (const lines of paragraphs(seg, body, advance)) groups.push({ lines, seg, kind: classify(lines, seg, body) });
  }

  // Join paragraphs across segment breaks; a caption interrupting one is read after it.
  const merged: Group[][] = [];
  // Groups already joined to a paragraph broken off above them, read there.
  const joined = new Set<Group>();
  // Floats read after the paragraph they interrupted, each with that paragraph: while only such floats follow it, the
  // paragraph is still the text's tail, so a sentence broken again (past a figure at one column's top, then past a
  // table at the next page's) goes on past the second floats too.
  const floatedPast = new Map<Group, Group[]>();
  for (let i = 0; i < groups.length; i++) {
    const g = groups[i];
    if (joined.has(g)) continue;
    let last = merged[merged.length - 1];
    const floated = last?.length === 1 ? floatedPast.get(last[0]) : undefined;
    if (floated) last = floated;
    const tail = last?.[last.length - 1];
    // Sideways text joins only sideways text directly; between two halves of a sentence it is a float (below).
    const sameFrame = tail && sideways(tail) === sideways(g);
    // A list item runs on only across a page or column break (each tagged element is a segment of its own, and a
    // one-line item's own end is its measure).
    const itemBreak = tail?.kind !== 'list-item' || tail.seg.page !== g.seg.page || tail.seg.band !== g.seg.band || tail.seg.column !== g.seg.column;
    if (
      tail &&
      sameFrame &&
      itemBreak &&
      ((tail.seg !== g.seg && unfinished(tail) && sequelOf(tail, g) && sameSize(tail, g, body) && wrapped(tail, g) && opensAtEdge(tail, g, body)) ||
        turnsUnder(tail, g, body))
    ) {
      last.push(g);
      continue;
    }
    // A float between the two halves of a sentence (a caption with the figure's own labels, a stray
    // heading) is read after the paragraph it interrupts.
    const masthead = tail && unfinished(tail) ? mastheadRun(groups, i, tail, body) : 0;
    // The floats are set under the paragraph's line in its column: a sentence in a script without letter case goes on
    // past them too (cjkSequel), its sequel opening the column's line under them.
    let caseless = false;
    const sequelPast = (floats: number, stacked = false) => {
      const next = groups[i + floats];
      // A stray heading floats only across a break (a column that ends with it, or a masthead opening the next one),
      // or when it opens floats stacked at a column's top (a table's head); a caption anywhere.
      // A break is a column's, a band's or a page's: a tagged page makes each paragraph a segment of its own, and an
      // exhibitor's name between two addresses is no stray heading.
      const broken = !!tail && !!next && (next.seg.page !== tail.seg.page || next.seg.band !== tail.seg.band || next.seg.column !== tail.seg.column);
      const crossesBreak = next && broken && (next.seg !== groups[i + floats - 1]?.seg || masthead > 0);
      return (
        floats > 0 &&
        !!next &&
        !joined.has(next) &&
        // (A line of a narrow side column does not go on in a column two and a half times its width or wider: a first
        // page's "Published 25 February 2015" is no sentence broken off.)
        segWidth(tail!) >= SIDE_TO_TEXT * segWidth(next) &&
        // (The caption right over it, cut off mid-sentence, is what it goes on: the caption's own turned line.)
        !turnsUnder(groups[i + floats - 1], next, body) &&
        (sequelOf(tail!, next) || nounSequel(tail!, next) || (caseless && cjkSequel(tail!, next))) &&
        sameSize(tail!, next, body) &&
        wrapped(tail!, next) &&
        (g.kind !== 'heading' || !!crossesBreak || stacked)
      );
    };
    // Floats between the halves (a caption and its figure's labels, a box, a masthead), or else floats stacked at the
    // top of the column or page the sentence runs on to.
    let floats = masthead || (tail && unfinished(tail) ? floatRun(groups, i, body, tail) || boxRun(groups, i, tail) : 0);
    let stacked = false;
    // (A box's heading is a float of one group by itself: the box is tried whole when its heading alone is no float,
    // its heading heading the groups stacked over the sequel.)
    if (!sequelPast(floats) && !masthead && tail && unfinished(tail) && g.kind === 'heading') {
      floats = boxRun(groups, i, tail, true);
      stacked = floats > 0;
    }
    if (!sequelPast(floats, stacked) && tail && unfinished(tail)) {
      floats = topFloatRun(groups, i, tail, body);
      stacked = true;
    }
    if (!sequelPast(floats, stacked) && tail && unfinished(tail)) {
      floats = topFloatRun(groups, i, tail, body, true);
      stacked = true;
      caseless = true;
    }
    if (!sequelPast(floats, stacked) && tail && unfinished(tail)) {
      floats = asideRun(groups, i, tail);
      stacked = false;
      caseless = false;
    }
    if (!sequelPast(floats, stacked) && tail && unfinished(tail)) {
      floats = pageTopBox(groups, i, tail);
      stacked = true;
    }
    if (sequelPast(floats, stacked)) {
      const sequel = groups[i + floats];
      last.push(sequel);
      // A sentence the sequel leaves unfinished over a display (an equation on a line of its own) goes on under it
      // ("this is that (a + b)² = c² + 4(ab/2), which simplifies directly to (1.1)."): the display and the sentence's
      // rest are read before the floats.
      const carried: Group[] = [];
      for (
        let end = sequel, j = i + floats + 1;
        j < groups.length && unfinished(end) && groups[j].seg === sequel.seg && !joined.has(groups[j]);
        j++
      ) {
        const next = groups[j];
        if (!(displayGroup(next, body) || (carried.length > 0 && continues(next)))) break;
        carried.push(next);
        end = next;
      }
      for (const c of carried) merged.push([c]);
      const tailEntry = carried.length ? merged[merged.length - 1] : last;
      for (let k = i; k < i + floats; k++) {
        merged.push([groups[k]]);
        floatedPast.set(groups[k], tailEntry);
      }
      // (The carried groups are read here: the loop goes on after the sequel and passes them by, as joined.)
      for (const c of carried) joined.add(c);
      i += floats;
      continue;
    }
    // A paragraph broken off at a hyphen ("incau-") goes on in the first group below it on the page that opens in
    // lower case, though another column's groups come between (a story running on into a full-width frame under
    // the column beside it): the sequel is read with it, the groups between after.
    const sequel = tail && g.seg !== tail.seg && !continues(g) ? hyphenSequel(groups, i, tail, body, joined) : -1;
    if (sequel >= 0) {
      last.push(groups[sequel]);
      joined.add(groups[sequel]);
    }
    merged.push([g]);
  }

  const sizes = [...new Set(merged.filter((m) => m[0].kind === 'heading').map((m) => Math.round(median(m[0].lines.map((l) => l.size)) * 2) / 2))]
    .filter((s) => s >= HEADING_SIZE * body)
    .sort((a, b) => b - a);

  return merged.map((parts) => {
    const kind = parts[0].kind;
    const sources = parts.map((p) => ({ page: p.seg.page, bbox: roundBox(unionBox(p.lines.map((l) => l.bbox))) as Box }));
    if (kind === 'table') {
      const rows = parts[0].lines.map((l) => l.cells ?? [l.text]);
      return { kind, text: rows.map((r) => r.join(' | ')).join('\n'), rows, sources };
    }
    let text = '';
    if (kind === 'code') text = codeText(parts.flatMap((p) => p.lines));
    else
      text = joinLines(
        parts.flatMap((p) => p.lines.map((l) => besideInitial(l, vocab))),
        vocab,
      );
    const block: Block = { kind, text, sources };
    if (kind === 'heading') {
      const size = Math.round(median(parts[0].lines.map((l) => l.size)) * 2) / 2;
      const rank = sizes.indexOf(size);
      block.level = Math.min(6, rank >= 0 ? rank + 1 : sizes.length + 1);
    }
    if (parts[0].seg.role) block.role = parts[0].seg.role;
    return block;
  });
}
