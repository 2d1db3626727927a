/**
 * Footnotes: a block at the foot of a column (or of the page) that is both set smaller than the document's body
 * and stepped down from the text above it. Size alone would take a small caption or a run-in signature; a gap alone
 * would take the last paragraph after any generous space.
 */
import { BULLET_CHARS } from '../layout/markers.js';
import { CAPTION_WORDS, SOURCE_WORDS } from './captions.js';
import type { Box, Footnote, Line } from '../types.js';
import { median, unionBox } from '../layout/lines.js';
import { decimal } from '../layout/digits.js';
import { runsOnCjk } from './hyphenation.js';
import { wordCount } from '../layout/words.js';
import { lineKey, type PlacedLine } from './lines.js';

/** Notes are set at most at this share of the body size. */
const NOTE_SIZE = 0.9;
/** The step down: the first note line sits at least this many normal line advances below the text above it. */
const STEP_ADVANCES = 1.3;
/** Captions are small too, but they name what they caption. */
const CAPTION = new RegExp(
  String.raw`^(?:(?:fig(?:ure)?|table|tab|chart|plate|exhibit|illustration|photo)s?|${CAPTION_WORDS})\.?\s*[\p{Nd}IVXivx]`,
  'iu',
);
/** A table's or a chart's source or notes line, in the languages of the corpus. */
const SOURCE_LINE = new RegExp(String.raw`^(?:${SOURCE_WORDS}|notes?|nota|anmerkung|remarque)\s?:`, 'iu');
/** A block of notes ends in the lower part of the page, below this share of its height. */
const FOOT_SHARE = 0.6;
/** A web address, as notes give them. */
const URL = /https?:\/\/|\bwww\.|\b[\w-]+\.(org|com|net|edu|gov)\b/i;
/** Notes without a recognisable marker must at least be set as prose: lines this wide a share of their column. */
const PROSE_WIDTH = 0.5;
/**
 * A note starts with its marker: a number or a reference symbol, not the start of a longer number or of a clause
 * ("2019, can be found", "8, and Final" continue a note that wrapped), nor a numbered item's label ("5.1: Build
 * coalitions" in a figure's list), nor a percentage (a chart's "48%"), nor an ordinal ("18th July 2025"), nor a
 * telephone number, a range or a date ("202-512-3841", "1978–2005", "12/05"). A section sign before a number ("§ 1
 * Kein Witz ohne Publikum", a statute's or a contract's section) heads a section, not a note. A number may stand in
 * parentheses ("(1) EUT C 155, …", the Official Journal's notes, its number raised; "( 3 )" as a text layer may space
 * it), unless a number follows ("(202) 512-3841"). Unraised in a narrow column beside the text, "(1) Die Komik …"
 * numbers a statute's paragraph quoted there (see detectFootnotes and isSideNotes).
 */
/** The reference symbols a note may open with. */
const SYMBOL = '[*∗⁎†‡§¶‖]';
const MARK = String.raw`(?:\(\s?(?=\p{Nd}{1,3}\s?\)(?!\s*\p{Nd})))?(\p{Nd}{1,3}|${SYMBOL}{1,3}(?!\s*\p{Nd}))(?:(?<=\(\s?\p{Nd}{1,3})\s?\))?`;
const MARKER = new RegExp(String.raw`^${MARK}(?![\p{Nd},;:%‰]|[.\-–/]\p{Nd}|(st|nd|rd|th)\b)(?=\s*\S)`, 'u');
const MARK_ONLY = new RegExp(`^${MARK}$`, 'u');
/** Reference symbols opening a text, with the space after them. */
const SYMBOL_LEAD = new RegExp(String.raw`^${SYMBOL}{1,3}\s*`, 'u');
/** A number in parentheses on the line, unspaced: "(1) …". */
const PAREN_NUMBER = /^\(\p{Nd}{1,3}\)/u;

/** The reference symbol a note opens with ("*", "†"), or null when it opens with a number or no marker at all. */
const symbolMark = (text: string): string | null => {
  const mark = MARKER.exec(text)?.[1];
  return mark && !/^\p{Nd}/u.test(mark) ? mark : null;
};

/**
 * Whether a table over numbered notes carries every note's number raised after a word of a cell, read on with it
 * ("Optional1" for note 1), the word standing unmarked in the table too ("Optional" in other cells): the notes are the
 * table's. An identifier ending in a figure ("conv1", "tier2", "sha1") stands alone nowhere in the table.
 */
function tableMarksNumbers(block: PlacedLine[], tableLines: PlacedLine[]): boolean {
  if (!tableLines.length) return false;
  const numbers = block.map((l) => numberMark(l.line.text)).filter((n): n is number => n !== null);
  if (!numbers.length) return false;
  const text = tableLines.map((l) => l.line.text).join('\n');
  const standsAlone = (word: string) => new RegExp(String.raw`(?<![\p{L}\p{Nd}])${word}(?![\p{L}\p{Nd}])`, 'u').test(text);
  return numbers.every((n) =>
    [...text.matchAll(new RegExp(String.raw`(?<![\p{L}\p{Nd}])(\p{L}*\p{Ll}{2})${n}(?=$|[\s,;:.)])`, 'gmu'))].some((m) => standsAlone(m[1])),
  );
}

/** The number a note opens with ("12 See…", "3. Smith, …"), or null for a symbol or no marker at all. */
const numberMark = (text: string): number | null => {
  const mark = MARKER.exec(text)?.[1];
  return mark && /^\p{Nd}+$/u.test(mark) ? decimal(mark) : null;
};

/**
 * A line of Chinese or Japanese prose naming commands in a fixed-pitch face ("目前常用的编译命令为 pdflatex 和
 * xelatex"): four CJK characters in a row before any comment's opening. (lines.ts counts no CJK character as prose,
 * so that a listing's CJK comments leave it code: such a line is flagged fixed-pitch.)
 */
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]{4}/u;
const cjkProse = (text: string) => CJK_RUN.test(text.split(/#|\/\/|\/\*|--|%|["“「]/)[0]);

/**
 * A page is typewritten when this share of its lines of text over a block is set in a fixed-pitch face, and as large
 * a share of those are no code (a listing over the block, its braces, assignments and calls, is code).
 */
const TYPEWRITTEN_SHARE = 0.8;
const CODE_LINE = /[{}=<>\\]|[A-Za-z_]\(/u;

/** Whether the page's lines of text over `baseline` are typewritten (above). */
function typewrittenOver(pageLines: PlacedLine[], baseline: number, body: number): boolean {
  const over = pageLines.filter((l) => l.line.baseline < baseline && l.line.size > NOTE_SIZE * body);
  const typed = over.filter((l) => l.line.mono);
  return (
    over.length > 0 &&
    typed.length >= TYPEWRITTEN_SHARE * over.length &&
    typed.filter((l) => CODE_LINE.test(l.line.text)).length <= (1 - TYPEWRITTEN_SHARE) * typed.length
  );
}

/** A note's marker set apart from its text, a line of its own in small type ("∗" beside "This file has version…"). */
const loneMarker = (l: PlacedLine, body: number) => l.line.size <= NOTE_SIZE * body && MARK_ONLY.test(l.line.text.trim());

/** A document whose notes outweigh its text: a larger size's lines make running text, this many in a row somewhere... */
const TEXT_RUN_LINES = 3;
/** ...the text makes this share of the most used size's characters at least (a title over a page is no text)... */
const TEXT_SHARE = 0.2;
/** ...this share of the most used size's characters stand under that text, with none of it below them... */
const NOTES_UNDER_TEXT_SHARE = 0.8;
/** ...on this many pages. */
const NOTED_PAGES = 2;
/** A line of that text holds this many letters at least (not a crop mark's glyphs, not a head's number). */
const TEXT_LINE_LETTERS = 12;

/**
 * The body size of a document whose notes outweigh its text (a critical edition with an author's note over pages and
 * an apparatus under it, a law review): the size most characters are set in is then the notes', and nothing would be
 * small enough to be a note. The body is the larger size when that size makes running text (three lines in a row
 * somewhere, a fifth of the notes' characters at least) and nearly all of the notes' size stands under it on two
 * pages or more, nothing of it below, opening with a note's marker right under the text somewhere. A paper whose
 * title or standfirst is set larger keeps its body: its body runs on with nothing larger over it, and a title is
 * little text.
 */
export function bodyOverNotes(lines: PlacedLine[], body: number): number {
  const flow = lines.filter((l) => l.seg.kind !== 'rotated');
  const votes = new Map<number, number>();
  for (const l of flow) {
    if (l.line.size * NOTE_SIZE < body) continue;
    const k = Math.round(l.line.size * 2) / 2;
    votes.set(k, (votes.get(k) ?? 0) + l.line.text.length);
  }
  let text = 0;
  let best = 0;
  for (const [s, n] of votes) if (n > best || (n === best && s < text)) [text, best] = [s, n];
  if (text === 0) return body;
  const isText = (l: Line) => Math.abs(l.size - text) <= 0.1 * text;
  const isWords = (l: PlacedLine) => isText(l.line) && (l.line.text.match(/\p{L}/gu)?.length ?? 0) >= TEXT_LINE_LETTERS;
  const isNote = (l: PlacedLine) => Math.abs(l.line.size - body) <= 0.1 * body;
  let all = 0;
  let words = 0;
  for (const l of flow) {
    if (isNote(l)) all += l.line.text.length;
    else if (isWords(l)) words += l.line.text.length;
  }
  // Lines come segment by segment, in order: count the text's size in a row within each.
  let running = false;
  for (let i = 0, run = 0; i < flow.length && !running; i++) {
    run = isText(flow[i].line) ? (i > 0 && flow[i - 1].seg === flow[i].seg ? run + 1 : 1) : 0;
    running = run >= TEXT_RUN_LINES;
  }
  if (!running) return body;

  const byPage = new Map<number, PlacedLine[]>();
  for (const l of flow) {
    if (!byPage.has(l.page)) byPage.set(l.page, []);
    byPage.get(l.page)!.push(l);
  }
  const overlapsX = (a: PlacedLine, b: PlacedLine) => a.line.bbox[0] < b.line.bbox[2] && a.line.bbox[2] > b.line.bbox[0];
  let under = 0;
  let over = 0;
  let marked = false;
  const numbered: { page: number; first: number; last: number }[] = [];
  const notedPages = new Set<number>();
  for (const pageLines of byPage.values()) {
    const textLines = pageLines.filter(isWords);
    const foot = new Set<PlacedLine>();
    for (const l of pageLines) {
      if (!isNote(l)) continue;
      const stacked = textLines.filter((o) => overlapsX(o, l));
      if (stacked.some((o) => o.line.baseline < l.line.baseline) && stacked.every((o) => o.line.baseline < l.line.baseline)) {
        foot.add(l);
        under += l.line.text.length;
        notedPages.add(l.page);
      } else if (stacked.length && stacked.every((o) => o.line.baseline > l.line.baseline)) over += l.line.text.length;
    }
    // Where the page's notes begin and end: the longest run of numbers one after the other among their markers (a
    // wrapped line opening with a number, "256–259 (2000).", stands apart from it).
    const set = new Set([...foot].map((l) => numberMark(l.line.text)).filter((n): n is number => n !== null));
    let run: { page: number; first: number; last: number } | null = null;
    for (const n of set) {
      if (set.has(n - 1)) continue;
      let m = n;
      while (set.has(m + 1)) m++;
      if (!run || m - n > run.last - run.first) run = { page: pageLines[0].page, first: n, last: m };
    }
    if (run) numbered.push(run);
    // The notes open with a marker: the first of them in their stack, right under the text.
    for (const l of foot) {
      if (!(MARKER.test(l.line.text) || l.line.mark)) continue;
      const prev = pageLines
        .filter((o) => o !== l && overlapsX(o, l) && o.line.baseline < l.line.baseline)
        .reduce<PlacedLine | undefined>((p, o) => (!p || o.line.baseline > p.line.baseline ? o : p), undefined);
      if (prev && !foot.has(prev)) marked = true;
    }
  }
  // Notes numbered on from page to page are notes however little text stands over them.
  const runOn = numbered.some((n, i) => i > 0 && numbered[i - 1].page === n.page - 1 && n.first === numbered[i - 1].last + 1);
  // What stands over all the text in the notes' size (a chapter's epigraph, a venue line) is neither text nor notes.
  const notes = all - over;
  if (words < TEXT_SHARE * notes && !runOn) return body;
  return marked && under >= NOTES_UNDER_TEXT_SHARE * notes && notedPages.size >= NOTED_PAGES ? text : body;
}

/**
 * Notes in reading order: page by page, a column of notes before the next (notes whose extents overlap across are one
 * column), each column top to bottom. Sorting by the left edge first would scatter a column whose markers are set
 * flush right ("9." a little right of "10.").
 */
function inColumns(notes: Footnote[]): Footnote[] {
  const out: Footnote[] = [];
  const pages = [...new Set(notes.map((n) => n.page))].sort((a, b) => a - b);
  for (const page of pages) {
    const columns: { x1: number; notes: Footnote[] }[] = [];
    for (const n of notes.filter((f) => f.page === page).sort((a, b) => a.bbox[0] - b.bbox[0])) {
      const last = columns[columns.length - 1];
      if (last && n.bbox[0] < last.x1) {
        last.notes.push(n);
        last.x1 = Math.max(last.x1, n.bbox[2]);
      } else columns.push({ x1: n.bbox[2], notes: [n] });
    }
    for (const c of columns) out.push(...c.notes.sort((a, b) => a.bbox[1] - b.bbox[1]));
  }
  return out;
}

export interface FootnoteResult {
  footnotes: Footnote[];
  removed: Set<Line>;
}

function joinNoteLines(lines: string[]): string {
  let out = '';
  for (const l of lines) {
    if (!out) out = l;
    else if (out.endsWith('/') || (out.endsWith('-') && /^[a-z]/.test(l)) || runsOnCjk(out, l)) out = out.replace(/-$/, '') + l;
    else out += ' ' + l;
  }
  return out;
}

/** A reference list at the foot of a column: at least this many entries... */
const REFERENCE_MIN_ENTRIES = 5;
/** ...this share of them giving a year, as bibliographic entries do. */
const REFERENCE_YEAR_SHARE = 0.6;
const YEAR = /\b(1[6-9]|20)\d\d[a-z]?\b/;
/** A list that does not open the block makes at least this share of its notes. */
const REFERENCE_BLOCK_SHARE = 0.7;
/** Entries numbered without a full stop, each opening with authors' names: at least this many. */
const BARE_MIN_ENTRIES = 3;
/** Authors' names opening an entry: "F. L. Pratt,", "A. Suter and", "Smith, J.", "Hassan Saadaoui,". */
const AUTHORS = /^((\p{Lu}\.\s?-?)+\s?\p{Lu}[\p{L}'’-]+[,\s]|\p{Lu}[\p{L}'’-]+,\s(\p{Lu}\.\s?)+|\p{Lu}[\p{L}'’-]+\s\p{Lu}[\p{L}'’-]+,)/u;

/**
 * A numbered list of references set small at the foot of a column (a Nature-style paper's, with no heading above
 * it, or a BMC paper's back matter ending in its references) looks like notes, but it is the article's own text:
 * entries numbered "1.", "2.", "3." … one after the other, at least five, most of them giving a year. Footnotes are
 * numbered without the list's full stop, or are few, or are not bibliographic.
 */
function isReferenceList(notes: PlacedLine[][]): boolean {
  // Entries open with "N. "; a wrapped line that opens with a number ("256–259 (2000).") is an entry's own. Entries
  // numbered without the full stop ("4 F. L. Pratt, …", a REVTeX bibliography under its rule) are a list when they
  // open with authors' names, as bibliographic entries do and notes seldom do.
  const dotted = notes.map((note) => ({ note, m: /^(\p{Nd}{1,3})\.\s/u.exec(note[0].line.text) })).filter((e) => e.m);
  const bare = notes
    .map((note) => ({ note, m: /^(\p{Nd}{1,3})\s*(?=\S)/u.exec(note[0].line.text) }))
    .filter((e) => e.m && AUTHORS.test(e.note[0].line.text.slice(e.m[0].length)));
  const entries = dotted.length >= REFERENCE_MIN_ENTRIES ? dotted : bare.length >= BARE_MIN_ENTRIES ? bare : [];
  if (entries.length === 0) return false;
  // The list opens the block, or makes most of it: what stands before its first entry (a back matter's "Author
  // details" and the affiliations under it, set as small as the references) is the article's too.
  if (entries[0].note !== notes[0] && entries.length < REFERENCE_BLOCK_SHARE * notes.length) return false;
  let years = 0;
  for (let i = 0; i < entries.length; i++) {
    if (i > 0 && decimal(entries[i].m![1]) !== decimal(entries[i - 1].m![1]) + 1) return false;
    if (entries[i].note.some((l) => YEAR.test(l.line.text))) years++;
  }
  return years >= REFERENCE_YEAR_SHARE * entries.length;
}

/** A column this share of the page's widest column or narrower is a sidebar: unmarked small type at its foot is its own. */
const SIDEBAR_SHARE = 0.6;
/** Notes without a marker, over two lines or more, run across at least this many of their sizes (a column's measure, not a label's). */
const UNNUMBERED_MIN_EMS = 12;
/** Unmarked notes start below this share of the page's height. */
const UNNUMBERED_TOP_SHARE = 0.5;
/**
 * A slide's text is set at this share of the page's height at least: 11 points on a beamer frame 273 high, 18 on a
 * deck's 405 (a reference card or a leaflet laid out across a sheet sets 8 or 9 points on 612 or 595).
 */
const SLIDE_BODY = 0.03;
/** A slide is at most this many times as wide as it is high (16:9 is 1.78; a leaflet's folded strip is far wider). */
const SLIDE_ASPECT = 2;
/** A heading line: a few words, no sentence end. */
const HEADING_WORDS = 4;
/** A note's text ends a sentence here. */
const SENTENCE_END = /[.!?)\]"”’]$/u;
/** A sentence's first word: a capital, then small letters. */
const SENTENCE_START = /^\p{Lu}\p{Ll}+\s/u;
/**
 * Where a segment's trailing run of lines set at most NEAR_NOTE_SIZE of the body starts (its first line is never in
 * it), over `most` lines at most.
 */
function nearRunStart(segLines: PlacedLine[], body: number, most = Infinity): number {
  let near = segLines.length;
  while (near > Math.max(1, segLines.length - most) && segLines[near - 1].line.size <= NEAR_NOTE_SIZE * body) near--;
  return near;
}
/** A first page's notice set a little smaller than the text takes at most this many lines at the column's foot. */
const MAX_NOTICE_LINES = 6;
/** Two lines are set in one size within this many points. */
const SAME_SIZE = 0.3;
/** A copyright or licence notice. */
const NOTICE = /©|\(c\)\s*\p{Nd}{4}|\bcopyright\b|all rights reserved|\blicen[cs]e/iu;
/** A line opening mid-sentence: a word in small letters ("and the", not a name set so, "cFE 6.6", "iOS", nor a web
 * address, "https://…"). */
const MID_SENTENCE = /^\p{Ll}[\p{Ll}'’-]*(?!\p{L}|:\/\/)/u;
/** A list item's bullet at a line's start. */
const BULLETED = new RegExp(`^[${BULLET_CHARS}]\\s*\\S`, 'u');
/** Items of an outline-numbered list ("5.1:", "2.3.1"). */
const OUTLINE_ITEM = /^\p{Nd}{1,3}(\.\p{Nd}{1,3})+\b/u;

/**
 * Whether a block of small prose at a page's foot with no marker reads as notes. Unnumbered notes are a first page's
 * (a correspondence line, a copyright or licence notice, how to cite the article) or a note running on from the page
 * before, unfinished there or opening mid-sentence here. A block opening with a heading line of its own ("About GAO"
 * over a closing box, a chart's bold title), a list of outline-numbered or bulleted items (a figure's "5.1: …", a
 * "Strengths and limitations" box), the foot of a sidebar of running text much narrower than the text column, a
 * first page's field labels under a form's numbered items (formItemsOver), or any other block on a later page stays
 * in the flow: nothing numbers it as a note. So does a narrow stack of a few words.
 */
function unnumberedNotes(
  block: PlacedLine[],
  found: Footnote[],
  pages: number,
  pageLines: PlacedLine[],
  body: number,
  nextTop: PlacedLine | undefined,
  formLines: PlacedLine[],
): boolean {
  if (titledBox(block)) return false;
  // A slide (a landscape page in a slide's proportions, its text set in display type) has no notes without marks:
  // small type at its foot is its diagram's labels, its agenda, its credits (a deck's "Configuration as code", "IC
  // REPRESENTATIVE", a title slide's "Version: …" and licence).
  const { pageWidth: width, pageHeight: height } = block[0];
  if (width > height && width <= SLIDE_ASPECT * height && body >= SLIDE_BODY * height) return false;
  // A table's or a chart's source and notes ("Source: DOI, Fiscal Year 2027 …", "Notes: Columns may not sum …"), set
  // small under it at the page's foot, are its own lines, read with it: a page's notes open with their marks. A table
  // or a caption stands above them on the page (a first page's "Note: An earlier version of this paper …" is a note).
  const floatAbove = (l: PlacedLine) => l.line.baseline < block[0].line.baseline && (l.seg.kind === 'table' || CAPTION.test(l.line.text.trim()));
  if (SOURCE_LINE.test(block[0].line.text.trim()) && pageLines.some(floatAbove)) return false;
  // A paragraph in small type that breaks off mid-sentence at the page's foot and goes on at the top of the next page,
  // in its size (an aside in parentheses), runs over the page: a note left unfinished goes on at the next page's foot.
  const end = block[block.length - 1].line;
  if (
    nextTop &&
    !SENTENCE_END.test(end.text.trim()) &&
    MID_SENTENCE.test(nextTop.line.text.trim()) &&
    Math.abs(nextTop.line.size - end.size) <= SAME_SIZE
  )
    return false;
  // The foot of a sidebar of running text (a report's grey column of "Why GAO did this study", ending with where to
  // read the full report and whom to call) is the sidebar's: notes are the text's, under its own column, not a much
  // narrower one. A margin column of small type only (an article's "Citation:", "Copyright:", side notes) keeps them.
  const widthOf = (l: PlacedLine) => l.seg.bbox[2] - l.seg.bbox[0];
  const widest = Math.max(...pageLines.filter((l) => l.seg.kind === 'column').map(widthOf));
  const first = block[0];
  const textAbove = pageLines.some((l) => l.segment === first.segment && l.line.baseline < first.line.baseline && l.line.size > NOTE_SIZE * body);
  // (A side note numbered "1:" is a note there too.)
  const numbered = /^\p{Nd}{1,3}\s*[:.)]\s/u.test(first.line.text.trim());
  if (first.seg.kind === 'column' && widthOf(first) < SIDEBAR_SHARE * widest && textAbove && !numbered) return false;
  // A document of one page (a flyer, a letter) has no first page to set apart: its foot lines (a contact line, an
  // address) are its own text, unless they are a notice.
  if (pages === 1) return block.some((l) => NOTICE.test(l.line.text));
  // A block right under a heading is the section's text: notes stand under text, not under a heading of their own.
  const above = pageLines
    .filter((l) => l.segment === first.segment && l.line.baseline < first.line.baseline)
    .sort((a, b) => b.line.baseline - a.line.baseline)[0];
  if (above && isHeadingLine(above, first)) return false;
  // A label of a few words stacked in a narrow box (a QR code's "Scan to / visit our / website") is not a note.
  const box = unionBox(block.map((l) => l.line.bbox));
  if (block.length >= 2 && box[2] - box[0] < UNNUMBERED_MIN_EMS * Math.max(...block.map((l) => l.line.size))) return false;
  // Notes take the page's foot: small type from above the page's middle down (a title page's verso of notices,
  // disclaimers and the citation) is the page's text. (A side note numbered "1:" stands level with its text.)
  if (!numbered && box[1] < UNNUMBERED_TOP_SHARE * block[0].pageHeight) return false;
  if (block.filter((l) => OUTLINE_ITEM.test(l.line.text.trim())).length >= 2) return false;
  // Nor is a bulleted list (a first page's "Strengths and limitations" box): notes open with a mark or a number.
  if (block.filter((l) => BULLETED.test(l.line.text.trim())).length >= 2) return false;
  const page = block[0].page;
  // A note naming the corresponding author is a note on whatever page the article's text opens (a report's second
  // page, after its cover).
  // (A table's column read apart from its rows' first cells, "xdd Unique identifier …" level with "CIF_ID", opens
  // mid-sentence to no purpose: every line of it has a line in small type level with it on its left, and those are
  // cells, worded (a line number is none) and short beside it, not the lines of notes set in columns beside it.)
  const widthOfLine = (l: PlacedLine) => l.line.bbox[2] - l.line.bbox[0];
  const cellsBefore = () => {
    const cells: PlacedLine[] = [];
    for (const l of block) {
      const cell = pageLines.find(
        (o) =>
          o.segment !== l.segment &&
          Math.abs(o.line.baseline - l.line.baseline) <= LEVEL * l.line.size &&
          o.line.size <= NOTE_SIZE * body &&
          o.line.bbox[2] <= l.line.bbox[0] &&
          /\p{L}/u.test(o.line.text),
      );
      if (!cell) return false;
      cells.push(cell);
    }
    return median(cells.map(widthOfLine)) <= CELL_SHARE * median(block.map(widthOfLine));
  };
  if (CORRESPONDING_AUTHOR.test(block[0].line.text.trim()) || (MID_SENTENCE.test(block[0].line.text.trim()) && !cellsBefore())) return true;
  // A first page's unmarked small prose is its notes, unless a form numbers its items over it: its field labels.
  if (page === 1) return !formItemsOver(block, formLines) || block.some((l) => NOTICE.test(l.line.text));
  const before = found.filter((n) => n.page === page - 1);
  const last = before[before.length - 1];
  if (!last || SENTENCE_END.test(last.text.trim())) return false;
  // After unmarked lines (a card's legend, "[ ] surround optional arguments"), a paragraph of small type opening a
  // sentence of its own ("Edition 2.0 for Octave …", the card's closing colophon) is new text: a numbered note's rest
  // may open with a name or a noun ("Harbour Board of Florence …", "Reparaturen am …").
  return last.marker !== null || !(block.length > 1 && SENTENCE_START.test(block[0].line.text.trim()));
}

/** Lines level with each other: baselines within this share of the size apart. */
const LEVEL = 0.5;
/** A table's first cells are at most this share of the width of the lines beside them, in the median. */
const CELL_SHARE = 0.6;

/** A correspondence note's opening naming the author: "Corresponding author:", "Correspondence:" (a note on whatever
 * page the article's text opens, a report's second page)... */
const AUTHOR_WORDS = String.raw`corresponding\s+authors?|correspondence(?:\s+to)?`;
const CORRESPONDING_AUTHOR = new RegExp(String.raw`^(?:\*\s*)?(?:${AUTHOR_WORDS})\s*:`, 'iu');
/** ...or, on a first page, its address alone: "E-mail:", "Email address:". */
const CORRESPONDENCE = new RegExp(String.raw`^(?:\*\s*)?(?:${AUTHOR_WORDS}|e-?mail(?:\s+address(?:es)?)?)\s*:`, 'iu');

/** A page's top line: the one on the highest baseline. */
const topLine = (lines: PlacedLine[] | undefined): PlacedLine | undefined =>
  lines?.reduce<PlacedLine | undefined>((a, l) => (!a || l.line.baseline < a.line.baseline ? l : a), undefined);

/** A heading line over a line of text: a few words, short of the measure, no sentence end, bold over plain. */
function isHeadingLine(head: PlacedLine, next: PlacedLine): boolean {
  const words = head.line.text.trim().split(/\s+/).length;
  const short = head.line.bbox[2] - head.line.bbox[0] < HEADING_MEASURE * (head.seg.bbox[2] - head.seg.bbox[0]);
  return words <= 2 * HEADING_WORDS && short && !/[.,;:。，；：]$/u.test(head.line.text.trim()) && head.line.bold && !next.line.bold;
}
/**
 * Notes stand under text: small lines right under a heading set larger than the text (a leaflet panel's "How to take
 * part?" over its numbered steps) are the section's own. The heading is the nearest line above, across the same
 * stretch, a few words with no full stop, at most a few of its sizes above.
 */
function underHeading(first: PlacedLine, pageLines: PlacedLine[], body: number): boolean {
  const b = first.line.bbox;
  const above = pageLines
    .filter((l) => l.line.baseline < first.line.baseline && l.line.bbox[0] < b[2] && l.line.bbox[2] > b[0])
    .sort((x, y) => y.line.baseline - x.line.baseline)[0];
  if (!above || above.line.size < HEADING_OVER_NOTES * body || /[.,;:]$/u.test(above.line.text.trim())) return false;
  const words = above.line.text.trim().split(/\s+/).length;
  return words <= 2 * HEADING_WORDS && b[1] - above.line.bbox[3] <= HEADING_GAP * above.line.size;
}
/**
 * A heading right over a block: a line of at most 2 × HEADING_WORDS words with no closing stop, bold or set
 * HEADING_OVER_NOTES times the body's size, at most HEADING_GAP of its sizes above it.
 */
function headsBlock(head: PlacedLine, first: PlacedLine, body: number): boolean {
  const text = head.line.text.trim();
  if (wordCount(text) > 2 * HEADING_WORDS || /[.,;:?!)\]"”’。，；：？！]$/u.test(text)) return false;
  if (!head.line.bold && head.line.size < HEADING_OVER_NOTES * body) return false;
  return first.line.bbox[1] - head.line.bbox[3] <= HEADING_GAP * head.line.size;
}
/** A box opens with at most this many lines of label and heading. */
const BOX_HEAD_LINES = 3;
/** A heading over a block of small lines is set at least this many times the text's size, ... */
const HEADING_OVER_NOTES = 1.3;
/** ... and stands at most this many of its sizes above the block. */
const HEADING_GAP = 2;
/** A heading line is shorter than this share of its column's measure. */
const HEADING_MEASURE = 0.6;

function titledBox(block: PlacedLine[]): boolean {
  if (block.length < 2) return false;
  const [head, next] = [block[0].line, block[1].line];
  const words = head.text.trim().split(/\s+/).length;
  const narrower = head.bbox[2] - head.bbox[0] < 0.6 * (next.bbox[2] - next.bbox[0]);
  const unfinished = !/[.,;:]$/.test(head.text.trim());
  // A title set bold over plain lines (a chart's "Budget Authority for … R&D, Fiscal Years 1978-2005" over its
  // "Note: …"), whatever its length: notes are not titled.
  return unfinished && ((words <= HEADING_WORDS && narrower && (head.bold || head.size > next.size)) || (head.bold && !next.bold));
}

/** A rule drawn with dashes as text, over a page's notes. */
const TEXT_RULE = /^[—―─━]{3,}$/u;

/** A block that carries on the last note of the page before, left unfinished there (a word broken, no sentence end). */
function runsOn(block: PlacedLine[], found: Footnote[]): boolean {
  const before = found.filter((n) => n.page === block[0].page - 1);
  const last = before[before.length - 1];
  return !!last && !SENTENCE_END.test(last.text.trim()) && /^\p{Ll}/u.test(block[0].line.text.trim());
}

/** A side column's heading holds at most this many words. */
const SIDEBAR_HEADING_WORDS = 4;
/**
 * A heading inside a column of numbered lines ("Correspondence", "Funding information" under a paper's numbered
 * affiliations): bold, a few words, no marker, under a line that opens with a marker and over more lines.
 */
const headedWithin = (ls: PlacedLine[]) =>
  ls.some(
    (l, i) =>
      i > 0 &&
      i + 1 < ls.length &&
      l.line.bold &&
      !MARKER.test(l.line.text) &&
      wordCount(l.line.text) <= SIDEBAR_HEADING_WORDS &&
      ls.slice(0, i).some((o) => MARKER.test(o.line.text)),
  );

/** Side notes sit in a column at most this share of the width of the text column beside them. */
const SIDE_NOTE_WIDTH = 0.6;

/**
 * Side notes: a narrow column of small type beside the text, in the page's outer margin (a Tufte-style book's
 * numbered notes, level with their calls), opening with a note marker, numbered or more than one. Each note runs from
 * its marker to the next.
 */
function isSideNotes(segLines: PlacedLine[], pageLines: PlacedLine[], body: number): boolean {
  const seg = segLines[0].seg;
  if (seg.kind !== 'column' || !segLines.every((l) => l.line.size <= NOTE_SIZE * body) || !MARKER.test(segLines[0].line.text)) return false;
  // A number in parentheses on the line opens a statute's paragraph quoted in a margin column ("§ 2 Komik der Kultur"
  // over "(1) Die Komik …"), not a side note.
  if (PAREN_NUMBER.test(segLines[0].line.text) && !segLines[0].line.mark) return false;
  if (segLines.some((l) => CAPTION.test(l.line.text))) return false;
  // Side notes are numbered, or several: one block under a symbol ("*Correspondence:" over an author's biography in
  // a paper's margin column) is a sidebar, read with the page.
  const marks = segLines.map((l) => MARKER.exec(l.line.text)?.[1]).filter((m): m is string => m !== undefined);
  if (marks.length < 2 && !marks.some((m) => /^\p{Nd}/u.test(m))) return false;
  // A bold heading of a few words on a line of its own ("Correspondence", "Funding information" under a paper's
  // numbered affiliations) makes the column a sidebar of the page's front matter: notes carry no headings.
  if (headedWithin(segLines)) return false;
  const width = seg.bbox[2] - seg.bbox[0];
  // The notes stand in the page's outer half...
  const pageWidth = segLines[0].pageWidth;
  if (seg.bbox[0] < 0.5 * pageWidth && seg.bbox[2] > 0.5 * pageWidth) return false;
  // ...beside a text column in body type (SIDE_TEXT_LINES lines of it at least: a slide's one bullet over a listing,
  // its steps numbered beside it, is no text the notes annotate), in the same band of the page, wider by far.
  const beside = new Map<number | null, number>();
  for (const l of pageLines) {
    const other = l.seg;
    if (other === seg || other.kind !== 'column' || other.band !== seg.band) continue;
    if (l.line.size <= NOTE_SIZE * body || width > SIDE_NOTE_WIDTH * (other.bbox[2] - other.bbox[0])) continue;
    if (seg.bbox[0] >= other.bbox[2] || seg.bbox[2] <= other.bbox[0]) beside.set(other.column, (beside.get(other.column) ?? 0) + 1);
  }
  return [...beside.values()].some((n) => n >= SIDE_TEXT_LINES);
}
/** Side notes stand beside a column of at least this many lines of text in body type. */
const SIDE_TEXT_LINES = 2;

/** Text beside a block of notes ends at most this many line advances below it (columns end level, give or take). */
const BESIDE_RUN_ON = 4;

/**
 * A column of body text beside the box, in the same band, starting level with the box's top and running on more than
 * BESIDE_RUN_ON advances below its bottom: the box is a column of its own beside the text, not its foot. (Notes set in
 * a margin beside the text stand level with their calls, below the top of the text.)
 */
function textRunsOnBeside(
  pageLines: PlacedLine[],
  inBlock: Set<Line>,
  box: Box,
  band: number,
  body: number,
  advance: number,
  runOn = BESIDE_RUN_ON,
): boolean {
  let top = Infinity;
  let bottom = -Infinity;
  for (const l of pageLines) {
    const b = l.line.bbox;
    if (inBlock.has(lineKey(l)) || l.seg.kind !== 'column' || l.seg.band !== band || l.line.size <= NOTE_SIZE * body) continue;
    if (b[0] < box[2] && b[2] > box[0]) continue;
    top = Math.min(top, b[1]);
    bottom = Math.max(bottom, b[3]);
  }
  return Math.abs(top - box[1]) <= advance && bottom > box[3] + runOn * advance;
}

/**
 * The step down a block of notes needs: STEP_ADVANCES line advances, or for notes that open with their markers an
 * extra STEP_EXTRA_EM of the body size over one advance (the space above notes is set in points, not in lines: a
 * Chinese text's loose leading makes 1.3 advances more than the space a note stands below it); notes numbered in
 * sequence, set much smaller, need less (countedNotes).
 */
function minStep(notes: PlacedLine[][], found: Footnote[], body: number, advance: number): number {
  if (countedNotes(notes, found, body) || numbersOn(notes, found)) {
    // A line of smaller type stands closer under the line above by the difference of their sizes, for the same space
    // between them (a Persian thesis's notes under its loosely leaded text).
    const size = Math.max(...notes.flat().map((l) => l.line.size));
    return Math.min(COUNTED_STEP_ADVANCES * advance, advance - (body - size));
  }
  const marked = MARKER.test(notes[0][0].line.text);
  if (!marked) return STEP_ADVANCES * advance;
  const step = Math.min(STEP_ADVANCES * advance, advance + STEP_EXTRA_EM * body);
  // Notes led much closer than the text (under a contents list's spaced entries, under double-spaced text) stand
  // apart by their own leading: a step of OWN_STEPS of their own line advance.
  const lines = notes.flat();
  const own = lines.length >= 2 ? median(lines.slice(1).map((l, i) => l.line.baseline - lines[i].line.baseline)) : Infinity;
  return own <= OWN_LEADING * advance ? Math.min(step, OWN_STEPS * own) : step;
}
const STEP_EXTRA_EM = 0.3;
const OWN_STEPS = 1.5;
const OWN_LEADING = 0.75;

/** Notes numbered in sequence and set much smaller than the body need no more than a body line's step down. */
const COUNTED_STEP_ADVANCES = 0.95;
/** Much smaller: at most this share of the body size (a 6 pt note under 10 pt text, not a 9 pt one). */
const COUNTED_NOTE_SIZE = 0.75;

/**
 * Notes that number themselves in sequence: at least two notes whose markers count up by one ("1", "2", "3"), or one
 * note numbered right after the highest note already found on its page (the rest of a page's notes, set across the
 * page's full width while the third wraps into a column band of its own). A report's notes may follow the text at
 * the body's own line advance, with no extra space; the count and the small type still tell them from a paragraph.
 */
function countedNotes(notes: PlacedLine[][], found: Footnote[], body: number): boolean {
  if (!notes.every((note) => note.every((l) => l.line.size <= COUNTED_NOTE_SIZE * body))) return false;
  const numbers = countingUp(notes);
  if (!numbers) return false;
  if (numbers.length >= 2) return true;
  return numbersOnFrom(found, notes[0][0].page, numbers[0]);
}

/** Whether `first` is the number after the highest numbered note already found on `page`. */
function numbersOnFrom(found: Footnote[], page: number, first: number): boolean {
  const before = found.filter((n) => n.page === page && n.marker !== null && /^\p{Nd}+$/u.test(n.marker)).map((n) => decimal(n.marker!));
  return before.length > 0 && Math.max(...before) + 1 === first;
}

/**
 * The reference symbols in the order they count notes, LaTeX's \fnsymbol and the typographers' before it ("∗ † ‡ § ¶
 * ‖", then doubled): a title page's notes to its title and authors count with them as others do with numbers.
 */
const SYMBOL_ORDER = ['*', '†', '‡', '§', '¶', '‖', '**', '††', '‡‡'];

/** The position of a note's opening reference symbol in SYMBOL_ORDER (counting from 1), or NaN. */
const symbolCount = (text: string): number => {
  const mark = symbolMark(text)?.replace(/[∗⁎]/gu, '*');
  return mark ? SYMBOL_ORDER.indexOf(mark) + 1 || Number.NaN : Number.NaN;
};

/**
 * Notes that go on numbering the notes found on the page before ("7.", "8.", "9." under notes 1 to 6), after the
 * unmarked end of the last of them run over the page: the count tells them from a paragraph, whatever their step.
 */
function numbersOn(notes: PlacedLine[][], found: Footnote[]): boolean {
  const lead = !MARKER.test(notes[0][0].line.text);
  const marked = lead ? notes.slice(1) : notes;
  // Two notes at least: two numbered ones, or the run-over end of one and the next number.
  const numbers = marked.length >= (lead ? 1 : 2) ? countingUp(marked) : null;
  return numbers !== null && numbersOnFrom(found, notes[0][0].page - 1, numbers[0]);
}

/**
 * The notes' numbers when every note opens with one and each counts up by one from the note before; null otherwise.
 * Reference symbols count in their order (SYMBOL_ORDER): "∗", "†", "‡" are notes 1, 2, 3.
 */
function countingUp(notes: PlacedLine[][]): number[] | null {
  const numbers = notes
    .map((note) => note[0].line.text)
    .map((text) => {
      const m = /^(?:\(\s?)?(\p{Nd}{1,3})(?!\p{Nd})/u.exec(text);
      return m ? decimal(m[1]) : symbolCount(text);
    });
  if (numbers.some((n) => Number.isNaN(n))) return null;
  for (let i = 1; i < numbers.length; i++) if (numbers[i] !== numbers[i - 1] + 1) return null;
  return numbers;
}

/** A form's numbered item opening a line or a cell: the number, then a word ("3 Amount you are paying") or nothing
 * (the line's number standing alone in the form's margin, "1" over its columns' headings). */
const ITEM_NUMBER = /^(\p{Nd}{1,2})(?=\s+\p{L}|$)/u;
/** The items' size is the block's own, to this many points... */
const ITEM_SIZE_EPS = 0.6;
/** ...or, for a number standing alone (a form's line number, set larger than its labels), to this many. */
const LINE_NUMBER_SIZE_EPS = 2.5;

/** A number standing alone as a form's line number sits at the block's own edge, to this many of its sizes. */
const LINE_NUMBER_EDGE = 1;

/**
 * A form's items above a block on its page: unraised numbers opening a line or a table's cell and going on in words,
 * in the block's own size and not bold (a paper's "1 Introduction" is a heading), and numbers standing alone as
 * lines at the block's own edge (a form's line number in its margin, maybe bold and larger). A table's figures in
 * their cells, a chart's ticks, a fraction's digits stand alone elsewhere and are no items.
 */
function itemsAbove(first: PlacedLine, pageLines: PlacedLine[]): { worded: Set<number>; alone: Set<number> } {
  const worded = new Set<number>();
  const alone = new Set<number>();
  for (const l of pageLines) {
    if (l.line.baseline >= first.line.baseline || l.line.mark !== undefined) continue;
    const apart = Math.abs(l.line.size - first.line.size);
    const own = l.line.text.trim();
    const m = ITEM_NUMBER.exec(own);
    if (m && own === m[1]) {
      if (apart <= LINE_NUMBER_SIZE_EPS && Math.abs(l.line.bbox[0] - first.line.bbox[0]) <= LINE_NUMBER_EDGE * first.line.size)
        alone.add(decimal(m[1]));
      continue;
    }
    // A bold numbered line is a heading ("2 Methods"), but in a box of a ruled grid (a form's field, "3 Amount you
    // are paying" set bold).
    if (apart > ITEM_SIZE_EPS || (l.line.bold && !l.seg.box)) continue;
    for (const t of [own, ...(l.line.cells ?? [])]) {
      const item = ITEM_NUMBER.exec(t.trim());
      if (item && t.trim() !== item[1]) worded.add(decimal(item[1]));
    }
  }
  return { worded, alone };
}

/**
 * Whether a block whose first line opens with an unraised number n goes on numbering a form's items above it on the
 * page (itemsAbove): items n−2 and n−1 in words ("1 Your social security number", "2 If a joint return…", "3 Amount
 * you are paying" in the voucher's boxes, then "4 Your first name and middle initial" under them), or n−1 standing
 * alone at the block's edge ("1" over Form 8949's columns, then "2 Totals"). The block is the form's next items, not
 * notes; notes numbered on from notes already found are left to the count.
 */
function numbersFormItems(block: PlacedLine[], pageLines: PlacedLine[], found: Footnote[]): boolean {
  const first = block[0];
  if (first.line.mark !== undefined) return false;
  const n = numberMark(first.line.text);
  if (n === null || n < 2 || numbersOnFrom(found, first.page, n) || numbersOnFrom(found, first.page - 1, n)) return false;
  const { worded, alone } = itemsAbove(first, pageLines);
  return alone.has(n - 1) || (worded.has(n - 1) && worded.has(n - 2));
}

/** A numbered step or callout: a number and the point or bracket after it, then words ("2. sort the clusters"). */
const STEP_NUMBER = /^(\p{Nd}{1,2})([.)])\s+\p{L}/u;

/**
 * Whether a block opening with a numbered step ("2. sort cluster in reverse by memAvailable") is one of a series set
 * about the page: lines of the page above the block, not notes, open with the numbers on either side of it (or the
 * two before it) in the same style: the same point or bracket, the same size (to ITEM_SIZE_EPS), bold or not alike
 * (a slide's callouts "3. select the top 1 cluster" and "1. Filter clusters…" beside a listing). Such a block is a
 * step of the series however low it stands, not a note: a note's number goes on from notes, not from lines of text.
 */
function numbersSteps(block: PlacedLine[], pageLines: PlacedLine[], taken: Set<Line>): boolean {
  const first = block[0];
  const own = first.line.mark === undefined ? STEP_NUMBER.exec(first.line.text.trim()) : null;
  if (!own) return false;
  const n = decimal(own[1]);
  const inBlock = new Set(block.map(lineKey));
  const steps = new Set<number>();
  for (const l of pageLines) {
    // Above the block: notes in the next column, or a list of them kept back, standing level with it are no steps.
    if (inBlock.has(lineKey(l)) || taken.has(lineKey(l)) || l.line.mark !== undefined || l.line.bbox[3] > first.line.bbox[1]) continue;
    const m = STEP_NUMBER.exec(l.line.text.trim());
    if (m && m[2] === own[2] && Math.abs(l.line.size - first.line.size) <= ITEM_SIZE_EPS && l.line.bold === first.line.bold) steps.add(decimal(m[1]));
  }
  return steps.has(n - 1) && (steps.has(n + 1) || steps.has(n - 2));
}

/** A wordless note of one token is a lone number or sign (a numeral, "€", a folio) up to this many characters. */
const LONE_NUMBER_CHARS = 4;
/** Citations in brackets or parentheses, a note's whole text ("¹ [104]", "[149, § 2.1].", "(104)", "[3], [5]"). */
const BRACKETED_CITATION = /^(?:[[(][^\p{L}\])]+[\])][\s.,;]*)+$/u;

/**
 * Whether no note of a block holds a word past its marker, nor a citation in brackets, only numbers set apart or a
 * lone short one: a chart's tick labels ("0 10 20 30 40", "100% 75% 50%"), a patent drawing's reference numerals, a
 * price list's "30 €" are numbers, not notes.
 */
function wordless(notes: PlacedLine[][]): boolean {
  return notes.every((note) => {
    const text = note
      .map((l) => l.line.text)
      .join(' ')
      .trim();
    // (A symbol before a number is a marker too, though MARKER leaves it to the number: "* 0000-0002-1825-0097".)
    const rest = text
      .slice(MARKER.exec(text)?.[0].length ?? 0)
      .trim()
      .replace(SYMBOL_LEAD, '');
    // (One longer token is a note's identifier or page range: "0000-0002-1825-0097", "104–106.".)
    const numbers = rest.split(/\s+/u).length >= 2 || rest.length <= LONE_NUMBER_CHARS;
    return !/\p{L}/u.test(rest) && !BRACKETED_CITATION.test(rest) && numbers;
  });
}

/** Whether a form numbers its items in words above a block, two in sequence at least ("3 …" and "4 …"): its field
 * labels below them are the form's, not a first page's unmarked notes. */
function formItemsOver(block: PlacedLine[], pageLines: PlacedLine[]): boolean {
  const { worded } = itemsAbove(block[0], pageLines);
  return [...worded].some((n) => worded.has(n + 1));
}

/** An entry of a reference list numbered in brackets: "[7] H. W. Xudong Fan, …". */
const BRACKETED_ENTRY = /^\[(\p{Nd}{1,3})\]\s/u;

/**
 * A reference list numbered in brackets set small at the foot of a column ("[1] G. Kavoulakis and G. Baym, Phys. Rev.
 * B 53, 7227 (1996).") is the article's text, not notes: at least REFERENCE_MIN_ENTRIES lines open with "[n]", each
 * one more than the one before, most of the entries giving a year.
 */
function isBracketedReferences(block: PlacedLine[]): boolean {
  const entries: { n: number; text: string }[] = [];
  for (const l of block) {
    const m = BRACKETED_ENTRY.exec(l.line.text);
    if (m) entries.push({ n: decimal(m[1]), text: l.line.text });
    else if (entries.length) entries[entries.length - 1].text += ` ${l.line.text}`;
  }
  if (entries.length < REFERENCE_MIN_ENTRIES) return false;
  for (let i = 1; i < entries.length; i++) if (entries[i].n !== entries[i - 1].n + 1) return false;
  return entries.filter((e) => YEAR.test(e.text)).length >= REFERENCE_YEAR_SHARE * entries.length;
}

/**
 * Where a trailing block of notes set in the body's own size starts (a word processor's footnotes, "¹ Assessing
 * Program Maturity - Section 508.gov" under the last paragraph): its first line opens with a mark set small and
 * raised (Line.mark) and stands a step down from the line above (or opens the segment); the lines after it follow
 * one another as a note's lines do, or open another raised mark. segLines.length when there is none.
 */
function raisedNotesStart(segLines: PlacedLine[], advance: number): number {
  let start = segLines.length;
  // Walk up one stretch of lines at a time: lines a note's advance apart (or each opening a raised mark), up to a line
  // that stands a step down from the one above it, or opens the segment. Each stretch must open with a raised mark.
  let k = segLines.length - 1;
  while (k >= 0) {
    let j = k;
    while (j > 0) {
      const line = segLines[j].line;
      const step = line.baseline - segLines[j - 1].line.baseline;
      if (step >= STEP_ADVANCES * advance) break;
      if (step > RAISED_NOTE_ADVANCE * line.size && !line.mark) return start;
      j--;
    }
    // The segment's first line: the step from the text above (another segment's) is measured by the caller.
    // A longer stretch is notes when raised marks open its lines often, as short notes do (a word processor's page
    // of citations, a third of the page under the text, a mark every two lines).
    const stretch = segLines.slice(j, k + 1);
    const marks = stretch.filter((l) => l.line.mark).length;
    if (stretch.length > MAX_RAISED_NOTE_LINES && marks * LINES_PER_MARK < stretch.length) return start;
    if (!segLines[j].line.mark) {
      // A note without a mark may head the notes (a journal's "Revised …" note over its numbered ones): a few lines,
      // then a raised mark. Nothing above it is notes.
      const lead = stretch.findIndex((l) => l.line.mark);
      return lead > 0 && lead <= MAX_UNMARKED_LEAD ? j : start;
    }
    start = j;
    k = j - 1;
  }
  return start;
}
/** Notes ending a page's text above its foot are this many at least, numbered one after the other. */
const MIN_HIGH_NOTES = 3;
const highNotes = (notes: PlacedLine[][]) => notes.length >= MIN_HIGH_NOTES && countingUp(notes) !== null;

/**
 * Notes at the foot of a band of columns above something set across the page (a report's notes under each of three
 * columns, over a full-width table): two columns of the band or more end in small lines opening with a note's
 * marker, and their notes, column after column, are at least MIN_HIGH_NOTES numbered one after the other.
 */
function bandFootNotes(
  seg: PlacedLine['seg'],
  /** The lines of each segment of the page. */
  segments: PlacedLine[][],
  body: number,
  notesOf: (block: PlacedLine[]) => PlacedLine[][],
): boolean {
  if (seg.kind !== 'column') return false;
  const feet: { column: number; notes: PlacedLine[][] }[] = [];
  for (const segLines of segments) {
    const s = segLines[0].seg;
    if (s.band !== seg.band || s.kind !== 'column' || s.column === null) continue;
    let start = segLines.length;
    while (start > 0 && segLines[start - 1].line.size <= NOTE_SIZE * body) start--;
    if (start === 0 || start === segLines.length || !MARKER.test(segLines[start].line.text)) continue;
    feet.push({ column: s.column, notes: notesOf(segLines.slice(start)) });
  }
  if (feet.length < 2 || !feet.some((f) => f.notes[0][0].seg === seg)) return false;
  return highNotes(feet.sort((a, b) => a.column - b.column).flatMap((f) => f.notes));
}
/** A page's foot line stands in this share of the page's height from its top or lower, this many line advances at
 * least under the notes over it. */
const FOOT_BAND = 0.9;
const FOOT_STEP = 1.5;
/** A note's turned lines stand at most this many of their sizes under the line before. */
const NOTE_TURN = 0.5;
/** Notes numbering on from the page before's are set at most this share of the body size. */
const NEAR_NOTE_SIZE = 0.95;
/** A note's next line sits at most this many of its sizes below the one before. */
const RAISED_NOTE_ADVANCE = 1.6;
/** Notes under small text are set smaller by at least this many points, this many line advances below it at most. */
const SMALLER_STEP = 1;
const SMALLER_MAX_STEP = 4;
/** ...under this many lines of running text at least. */
const MIN_ABOVE_LINES = 3;
/** A line with words: three letters at least. */
const WORDED_LINE = /\p{L}.*\p{L}.*\p{L}/su;
/** A stretch of notes holds at most this many lines, or a raised mark every LINES_PER_MARK lines at least. */
const MAX_RAISED_NOTE_LINES = 12;
const LINES_PER_MARK = 4;
/** An unmarked note heading notes under raised marks holds at most this many lines. */
const MAX_UNMARKED_LEAD = 3;

export function detectFootnotes(lines: PlacedLine[], removed: Set<Line>, body: number, advance: number): FootnoteResult {
  const out: Footnote[] = [];
  const taken = new Set<Line>();
  const flow = lines.filter((l) => !removed.has(lineKey(l)) && l.seg.kind !== 'rotated' && l.seg.kind !== 'table');
  const bySegment = new Map<string, PlacedLine[]>();
  for (const l of flow) {
    const k = `${l.page}:${l.segment}`;
    if (!bySegment.has(k)) bySegment.set(k, []);
    bySegment.get(k)!.push(l);
  }
  // Each page's segments' lines, for the notes at the foot of a band (bandFootNotes looks at one page's columns).
  const segmentsOfPage = new Map<number, PlacedLine[][]>();
  for (const segLines of bySegment.values()) {
    const page = segLines[0].page;
    if (!segmentsOfPage.has(page)) segmentsOfPage.set(page, []);
    segmentsOfPage.get(page)!.push(segLines);
  }
  const pageCount = new Set(lines.map((l) => l.page)).size;
  const byPage = new Map<number, PlacedLine[]>();
  for (const l of flow) {
    if (!byPage.has(l.page)) byPage.set(l.page, []);
    byPage.get(l.page)!.push(l);
  }

  // Each page's lines read as tables (not in `flow`), for the notes a table stands over or under.
  const tablesOfPage = new Map<number, PlacedLine[]>();
  for (const l of lines) {
    if (l.seg.kind !== 'table') continue;
    const list = tablesOfPage.get(l.page);
    if (list) list.push(l);
    else tablesOfPage.set(l.page, [l]);
  }

  // Each page's lowest line top: its foot row (pageFoot below).
  const lowestOf = new Map([...byPage].map(([page, ls]) => [page, Math.max(...ls.map((l) => l.line.bbox[1]))]));

  // Numbered lists under the text, kept back until every page's notes are known.
  const lists: { notes: PlacedLine[][]; rule: PlacedLine | null }[] = [];
  const pushNotes = (notes: PlacedLine[][]) => {
    for (const note of notes) {
      const first = note[0].line.text;
      const m = MARKER.exec(first);
      const marker = m ? m[1] : null;
      const texts = note.map((l) => l.line.text);
      // A marker set as a list's number ("1. United States v. …") leaves its full stop with the marker.
      if (m)
        texts[0] = first
          .slice(m[0].length)
          .replace(/^[.)](?=\s)/, '')
          .trimStart();
      const box = unionBox(note.map((l) => l.line.bbox));
      for (const l of note) taken.add(lineKey(l));
      // The unmarked rest of the note just above, left unfinished there (a note's turned lines set apart from its
      // first line, whose marker hangs in a column of its own): the same note.
      const last = out[out.length - 1];
      if (
        !marker &&
        last?.page === note[0].page &&
        !SENTENCE_END.test(last.text.trim()) &&
        box[1] > last.bbox[1] &&
        box[1] - last.bbox[3] <= NOTE_TURN * note[0].line.size &&
        box[0] < last.bbox[2] &&
        box[2] > last.bbox[0]
      ) {
        last.text = joinNoteLines([last.text, ...texts]);
        last.bbox = unionBox([last.bbox, box]);
        continue;
      }
      out.push({ page: note[0].page, marker, text: joinNoteLines(texts), bbox: box });
    }
  };
  // A line opening with a number is a new note, unless the note before is numbered, this number does not follow it,
  // and the line before broke off mid-phrase (a reference's page range "710–" / "714 (2000).").
  const atMarkers = (block: PlacedLine[]) => {
    const notes: PlacedLine[][] = [];
    let number = NaN;
    // Notes under raised marks start at a raised mark or the next number: a turned line opening with another number
    // ("539), and …", "16 U.S.C. §1885a.") goes on with its note.
    const raised = block.some((l) => l.line.mark);
    for (const l of block) {
      const found = MARKER.exec(l.line.text);
      const m = found && raised && !l.line.mark && !Number.isNaN(number) && decimal(found[1]) !== number + 1 ? null : found;
      const last = notes[notes.length - 1];
      const n = m ? decimal(m[1]) : NaN;
      const goesOn = last && !Number.isNaN(number) && !Number.isNaN(n) && n !== number + 1 && /[–—-]$/u.test(last[last.length - 1].line.text.trim());
      if ((m && !goesOn) || !last) {
        notes.push([l]);
        if (m) number = n;
      } else last.push(l);
    }
    return notes;
  };

  // Lines of trailing blocks of notes in the body's size (their raised marks tell them): one such note below another
  // is no text below it.
  const raisedStart = new Map<PlacedLine[], number>();
  const raisedNoteLines = new Set<Line>();
  for (const segLines of bySegment.values()) {
    const at = raisedNotesStart(segLines, advance);
    raisedStart.set(segLines, at);
    for (const l of segLines.slice(at)) raisedNoteLines.add(lineKey(l));
  }

  for (const segLines of bySegment.values()) {
    // A form's box (a ruled grid's cell, a form's field, an option beside others) holds no notes.
    const sideNotes = !segLines[0].seg.box && isSideNotes(segLines, byPage.get(segLines[0].page) ?? [], body);
    if (sideNotes && !underHeading(segLines[0], byPage.get(segLines[0].page) ?? [], body)) {
      const notes = atMarkers(segLines);
      if (!wordless(notes)) pushNotes(notes);
      continue;
    }
    // The trailing run of small lines, or else of notes in the body's size that open with a raised mark.
    let start = segLines.length;
    while (start > 0 && segLines[start - 1].line.size <= NOTE_SIZE * body) start--;
    // A listing set small runs down to the notes under it (a page's last lines of code, then its footnote): the notes
    // start after the listing's last line, with their marker.
    let lastCode = -1;
    for (let i = segLines.length - 1; i >= start && lastCode < 0; i--) if (segLines[i].line.mono) lastCode = i;
    const afterCode = lastCode >= 0 ? segLines[lastCode + 1] : undefined;
    if (afterCode && (afterCode.line.mark || MARKER.test(afterCode.line.text))) {
      // The listing's lines are code: not a note's web address in a fixed-pitch face ("1https://github.com/…" and its
      // turned line, a note above the next one).
      let codeFrom = lastCode;
      while (codeFrom > start && segLines[codeFrom - 1].line.mono) codeFrom--;
      if (!segLines.slice(codeFrom, lastCode + 1).some((l) => MARKER.test(l.line.text) && URL.test(l.line.text))) start = lastCode + 1;
    }
    // The small run may reach up into the text above the notes (a line of it set small, a code word in it): the notes
    // then start at the first line below it that opens with a marker a step down from the line above.
    if (start < segLines.length && !MARKER.test(segLines[start].line.text) && !segLines[start].line.mark) {
      for (let i = start + 1; i < segLines.length; i++) {
        const opens = MARKER.test(segLines[i].line.text) || segLines[i].line.mark;
        if (opens && segLines[i].line.baseline - segLines[i - 1].line.baseline >= STEP_ADVANCES * advance) {
          start = i;
          break;
        }
      }
    }
    // Or, on the first page, unmarked, at the first line a step down from the line above in smaller type still (its
    // correspondence and funding lines in 7.5 pt under an abstract in 9 pt, both under the text's size); a step of a
    // few lines, not a picture's height (a photo's caption under a pull quote). The lines above are running text, not
    // notes themselves ("Corresponding author: …" and a licence in 8.5 pt over a 7.5 pt line).
    if (segLines[0].page === 1 && start < segLines.length && !MARKER.test(segLines[start].line.text) && !segLines[start].line.mark) {
      for (let i = start + 1; i < segLines.length; i++) {
        const [above, line] = [segLines[i - 1].line, segLines[i].line];
        // (Once a line above reads as a note, no step further down is the notes' start.)
        if (CORRESPONDENCE.test(above.text.trim()) || NOTICE.test(above.text)) break;
        const step = line.baseline - above.baseline;
        if (
          i - start >= MIN_ABOVE_LINES &&
          line.size <= above.size - SMALLER_STEP &&
          step >= STEP_ADVANCES * advance &&
          step <= SMALLER_MAX_STEP * advance
        ) {
          start = i;
          break;
        }
      }
    }
    // Notes numbering on from the page before's may be set only a little smaller than the text, or seem to be (Latin
    // words widening the measured size of some lines of Japanese notes): the count tells them.
    if (start === segLines.length || !MARKER.test(segLines[start].line.text)) {
      const near = nearRunStart(segLines, body);
      if (near < start && numbersOn(atMarkers(segLines.slice(near)), out)) start = near;
    }
    if (start === segLines.length) start = raisedStart.get(segLines)!;
    // A first page's copyright or licence notice at the foot of a column may be set only a little smaller than the
    // text ("© 2015 The Authors. Published by the Royal Society under the terms of the Creative Commons Attribution
    // License …" in 8.5 pt under 9 pt): the notice tells it.
    if (start === segLines.length && segLines[0].page === 1) {
      const near = nearRunStart(segLines, body, MAX_NOTICE_LINES);
      // The notes start at the notice's line (or the line over it, the notice's words on its turned line).
      const at = segLines.findIndex((l, k) => k >= near && NOTICE.test(`${l.line.text} ${segLines[k + 1]?.line.text ?? ''}`));
      if (at >= 0) start = at;
    }
    if (start === segLines.length) continue;
    const whole = segLines.slice(start);
    // A rule set as text over the notes ("——————", a slip opinion's): the separator, evidence of notes by itself. It
    // may head the block or end the text above it. Taken with the notes, it goes nowhere: it holds no letter or digit,
    // and in the flow it would split the paragraph that runs on past the notes.
    const isRule = (l: PlacedLine) => l.line.size <= NOTE_SIZE * body && TEXT_RULE.test(l.line.text.trim());
    const headed = whole.length >= 2 && isRule(whole[0]);
    const block = headed ? whole.slice(1) : whole;
    // A figure's labels and caption are small too: any caption line, or short scattered lines without a single
    // note marker, make the block a figure, not notes.
    if (block.some((l) => CAPTION.test(l.line.text))) continue;
    // Small code at the foot of a page (a listing, a hex dump, a struct layout) is not notes: notes are prose, or a
    // marker and a URL set in a fixed-pitch font. On a typewritten page (a slip opinion in Courier: most of the
    // text over the block fixed-pitch too) the face tells nothing.
    const coded =
      block.filter((l) => l.line.mono && !(MARKER.test(l.line.text) && URL.test(l.line.text)) && !cjkProse(l.line.text)).length * 2 > block.length;
    if (coded && !typewrittenOver(byPage.get(block[0].page) ?? [], whole[0].line.baseline, body)) continue;
    const segWidth = block[0].seg.bbox[2] - block[0].seg.bbox[0];
    // Numbers in parentheses on the line ("(1) …", not raised) open notes set across the text's measure; in a narrow
    // column beside the text they number a statute's paragraphs quoted there.
    const widest = () => Math.max(...(byPage.get(block[0].page) ?? []).map((l) => l.seg.bbox[2] - l.seg.bbox[0]));
    if (PAREN_NUMBER.test(block[0].line.text) && !block[0].line.mark && segWidth < PROSE_WIDTH * widest()) continue;
    const widths = block.map((l) => l.line.bbox[2] - l.line.bbox[0]).sort((a, b) => a - b);
    const proseLike = widths[widths.length >> 1] >= PROSE_WIDTH * segWidth;
    const box = unionBox(whole.map((l) => l.line.bbox));
    const pageLines = byPage.get(block[0].page)!;
    const inBlock = new Set(whole.map(lineKey));
    // Notes sit at the foot of the page: a small block ending higher up is a form's label or a figure's, not notes,
    // unless it ends the page's text with notes numbered one after the other (a manuscript's title page, its
    // affiliations under the title block and the rest of the page blank).
    const ending = !pageLines.some((l) => !inBlock.has(lineKey(l)) && l.line.bbox[1] > box[3]);
    const high = box[3] < FOOT_SHARE * block[0].pageHeight;
    const bandFoot = high && !ending && bandFootNotes(block[0].seg, segmentsOfPage.get(block[0].page)!, body, atMarkers);
    if (high && !(ending && highNotes(atMarkers(block))) && !bandFoot) continue;
    // A column set in small type from its top, level with the top of the page's columns of text (a bill's text printed
    // in the Congressional Record, a sidebar's column), is a column of text: notes stand under text. (Notes set in
    // columns of their own under the text stand level with each other, not with the text.)
    const otherTops = pageLines
      .filter((l) => l.seg.kind === 'column' && l.seg !== block[0].seg && l.line.size > NOTE_SIZE * body)
      .map((l) => l.line.bbox[1]);
    if (start === 0 && block[0].seg.kind === 'column' && otherTops.length && whole[0].line.bbox[1] <= Math.min(...otherTops) + advance) continue;
    // Nothing of the flow below it in the same column: it is at the foot. A caption below it (small type too)
    // makes it a figure's labels.
    const overlapsX = (b: Box) => b[0] < box[2] && b[2] > box[0];
    // The page's last row, alone in the bottom band and a step below the block, is its foot (a running foot, a folio
    // the furniture pass did not take: "RANKING DIGITAL RIGHTS" at one side, then the other): notes stand above it.
    const lowest = lowestOf.get(block[0].page)!;
    const pageFoot = (l: PlacedLine) =>
      l.line.bbox[1] >= lowest - 1 && l.line.bbox[1] >= FOOT_BAND * l.pageHeight && l.line.bbox[1] - box[3] >= FOOT_STEP * advance;
    const below = pageLines.some(
      (l) =>
        !inBlock.has(lineKey(l)) &&
        !raisedNoteLines.has(lineKey(l)) &&
        !pageFoot(l) &&
        l.line.bbox[1] > box[3] &&
        !(bandFoot && l.seg.band !== block[0].seg.band) &&
        overlapsX(l.line.bbox) &&
        (l.line.size > NOTE_SIZE * body || CAPTION.test(l.line.text)),
    );
    if (below) continue;
    // Unmarked small lines over a table (a form's blocks of instructions and options over its signature boxes) are no
    // foot either: notes stand under the page's tables too. The evidence is one table of two worded lines: a table of
    // one line is none (a note's turned line beside the folio may be read so), nor are rows without words (a
    // printer's marks). (Lines opening with a marker are left to the tests below: a critical apparatus's lines around
    // formulas may be read as a table under them.) A box of a ruled grid read box by box, of two worded lines (a
    // signature box's label, a field's), counts as such a table.
    const tableBelow = [...(tablesOfPage.get(block[0].page) ?? []), ...pageLines.filter((l) => l.seg.box)].filter(
      (l) =>
        !removed.has(lineKey(l)) &&
        WORDED_LINE.test(l.line.text) &&
        !pageFoot(l) &&
        l.line.bbox[1] > box[3] &&
        !(bandFoot && l.seg.band !== block[0].seg.band) &&
        overlapsX(l.line.bbox),
    );
    const tableRows = new Map<PlacedLine['seg'], number>();
    for (const l of tableBelow) tableRows.set(l.seg, (tableRows.get(l.seg) ?? 0) + 1);
    if ([...tableRows.values()].some((n) => n >= 2) && !block.some((l) => l.line.mark || MARKER.test(l.line.text))) continue;
    // Notes stand at the foot of the text: a column of text beside the block, starting level with it and running on
    // well below it (an abstract beside a paper's affiliations and correspondence address), shows the block is no foot.
    if (textRunsOnBeside(pageLines, inBlock, box, block[0].seg.band, body, advance)) continue;
    // Numbered affiliations over "Correspondence" and "Funding information" in a column of their own beside the
    // abstract, starting level with it, are a paper's front matter, however far the abstract runs on: notes carry no
    // headings of their own (affiliations set as notes at the foot of the page, under the text, stay notes).
    if (headedWithin(block) && textRunsOnBeside(pageLines, inBlock, box, block[0].seg.band, body, advance, -Infinity)) continue;
    // The step down from the nearest text above it in the same column (notes already taken above it, in a segment of
    // their own, are not text: the step is measured from the text above them).
    const above = pageLines
      .filter(
        (l) =>
          !inBlock.has(lineKey(l)) &&
          !taken.has(lineKey(l)) &&
          !loneMarker(l, body) &&
          l.line.baseline < whole[0].line.baseline &&
          overlapsX(l.line.bbox),
      )
      .sort((a, b) => b.line.baseline - a.line.baseline)[0];
    if (!above || underHeading(whole[0], pageLines, body)) continue;
    // Unmarked small lines right under a heading, in bold or larger type, that alone opens their column (a box's
    // "Box 2:" and "The Busan common standard" over its text) are the box's text, not notes under the text.
    if (
      start > 0 &&
      start <= BOX_HEAD_LINES &&
      !headed &&
      !MARKER.test(block[0].line.text) &&
      !block[0].line.mark &&
      headsBlock(segLines[start - 1], block[0], body)
    )
      continue;
    // A note under a table that carries its mark ("*" beside a length in a table's cell, a raised "1" after a cell's
    // "Optional") is the table's own note, read with the table: a table sits between it and the text above, and the
    // table's text holds the mark (a number raised there: a figure of the table's own is no mark).
    // (The table's cells may be read in columns, short of a table's rows: its lines over the block, in its band and
    // column, count too while nothing but small type stands between them and it.)
    const mark = symbolMark(block[0].line.text);
    const smallUpTo = (l: PlacedLine) =>
      l.seg.band === block[0].seg.band &&
      l.seg.column === block[0].seg.column &&
      pageLines.every(
        (o) =>
          inBlock.has(lineKey(o)) ||
          o.line.baseline <= l.line.baseline ||
          o.line.baseline >= block[0].line.baseline ||
          !overlapsX(o.line.bbox) ||
          o.line.size <= NOTE_SIZE * body,
      );
    const tableLines = (tablesOfPage.get(block[0].page) ?? []).filter(
      (l) => l.line.bbox[3] <= box[1] + 1 && (l.line.bbox[1] > above.line.baseline || smallUpTo(l)) && overlapsX(l.line.bbox),
    );
    if (mark ? tableLines.some((l) => l.line.text.includes(mark)) : tableMarksNumbers(block, tableLines)) continue;
    const rule = headed ? whole[0] : isRule(above) ? above : null;
    const marked = block.some((l) => MARKER.test(l.line.text));
    // (The next page's top line is looked up only for a block of unmarked prose.)
    // (A form's items are numbered in its tables' cells as well as in its lines.)
    const formLines = [...pageLines, ...(tablesOfPage.get(block[0].page) ?? []).filter((l) => !removed.has(lineKey(l)))];
    const unnumbered = () => unnumberedNotes(block, out, pageCount, pageLines, body, topLine(byPage.get(block[0].page + 1)), formLines);
    // (A correspondence note of a line or two, "Corresponding author: L. G. Bouma" over the address, is prose to a
    // reader though its lines are short. Past the first page it names the author: a bare "Email:" there is a contact
    // block's or a form's.)
    const corresponding = (block[0].page === 1 ? CORRESPONDENCE : CORRESPONDING_AUTHOR).test(block[0].line.text.trim());
    if (!marked && !((proseLike || corresponding) && unnumbered()) && !(rule && runsOn(block, out))) continue;
    // Split into notes at their markers.
    const notes = atMarkers(block);
    const step = whole[0].line.baseline - above.line.baseline;
    if (!rule && step < minStep(notes, out, body, advance)) continue;
    if (isBracketedReferences(block)) continue;
    if (numbersFormItems(block, formLines, out)) continue;
    if (numbersSteps(block, pageLines, taken)) continue;
    // A form's box (a numbered field, "1 Your social security number"; an option beside others) is no note.
    if (block.some((l) => l.seg.box)) continue;
    if (wordless(notes)) continue;
    if (isReferenceList(notes)) {
      lists.push({ notes, rule });
      continue;
    }
    pushNotes(notes);
    if (rule) taken.add(lineKey(rule));
  }
  // A numbered list under the text that runs on from notes at the foot of the page before, or on into notes at the
  // foot of the next page, is notes set like a list (Chicago's "1." notes, bibliographic in every line): a reference
  // list goes on at the top of the next column or page, with no text over it.
  const numbered = lists.map((list) => ({
    ...list,
    page: list.notes[0][0].page,
    ns: list.notes.map((note) => numberMark(note[0].line.text)).filter((n): n is number => n !== null),
  }));
  const ends = out
    .filter((n) => n.marker && /^\p{Nd}+$/u.test(n.marker))
    .map((n) => ({ page: n.page, first: decimal(n.marker!), last: decimal(n.marker!) }));
  for (const { page, ns } of numbered) if (ns.length) ends.push({ page, first: ns[0], last: ns[ns.length - 1] });
  for (const list of numbered) {
    const { ns, page } = list;
    const runsOn =
      ns.length > 0 && ends.some((e) => (e.page === page - 1 && e.last === ns[0] - 1) || (e.page === page + 1 && e.first === ns[ns.length - 1] + 1));
    // Raised numbers mark a physics bibliography's entries ("¹W. A. MacFarlane, …" under the text's rule) as they
    // mark notes: a list of them numbers from one, or goes on from an entry raised with the number before (in the
    // column or on the page before, a list or not: a page of references alone is no list under text). Raised entries
    // starting further on, after none, are notes citing their sources ("¹⁷Charlyn Ho, “One Year After the Merge…”,
    // 2023", a report's notes 1 to 16 on pages left out).
    const raisedOn =
      list.notes[0][0].line.mark !== undefined &&
      ns.length > 0 &&
      ns[0] !== 1 &&
      !lines.some((l) => (l.page === page || l.page === page - 1) && l.line.mark !== undefined && numberMark(l.line.text) === ns[0] - 1);
    if (runsOn || raisedOn) {
      pushNotes(list.notes);
      if (list.rule) taken.add(lineKey(list.rule));
      continue;
    }
    // Notes under symbols before the list's first entry (an author's e-mail under "∗" atop a REVTeX bibliography)
    // are notes still.
    const lead: PlacedLine[][] = [];
    for (const note of list.notes) {
      if (!symbolMark(note[0].line.text)) break;
      lead.push(note);
    }
    if (lead.length) pushNotes(lead);
  }
  return { footnotes: inColumns(out), removed: taken };
}
