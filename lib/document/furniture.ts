/**
 * Page furniture: running heads, folios, page labels, margin stamps and first-page venue footers, lifted out of
 * the flow. A running head is identified by its normalised text and its height on the page, never by its
 * horizontal position: a folio alternates between the outer corners (verso left, recto right), and keying on x
 * would split one head into two groups of half the size. Position alone is not enough either: stripping whatever
 * sits in the top band takes every chapter opener with it, so a head must repeat.
 */
import { decimal } from '../layout/digits.js';
import { CAPTION_WORDS, SOURCE_WORDS } from './captions.js';
import type { Diagnostic, FurnitureItem, Line, Segment } from '../types.js';
import { median, round2 } from '../layout/lines.js';
import { WATERMARK_SIZE, WATERMARK_WORDS } from '../layout/rotated.js';
import { lineKey, type PlacedLine } from './lines.js';

/** Lines among the first / last this many rows of a page are head and foot candidates (deeper rows: with words)... */
const EDGE_ROWS = 3;
const WORDED = /\p{L}.*\p{L}.*\p{L}.*\p{L}/su;
/** ...and short and set small, as a header band's are (a line of running text there is the text's). */
const MAX_DEEP_CHARS = 60;
/** ...and sit in the outer share of the page height. */
const EDGE_SHARE = 0.2;
/** A standalone page number or page label needs no repeats when it sits in this outer share of the page (a book's
 * folio sits in the outer tenth or a little further in: A4 with LaTeX's margins puts it at 0.89 of the height). */
const FOLIO_SHARE = 0.14;
/** Repeats at the same height may differ by this many body sizes. */
const HEIGHT_TOLERANCE = 0.6;
/** A head in an established running-head slot sits within this many body sizes of its height and size. */
const SLOT_TOLERANCE = 0.25;
/** A top row in the place of other pages' text lines: at least this many pages set one there, in its size to within
 * this share. */
const MIN_TEXT_SLOTS = 2;
const SLOT_SIZE = 0.05;
/** A repeating line must appear on at least this share of the pages of its stretch (alternating heads: one half). */
const MIN_DENSITY = 0.5;
/** Bottom matter smaller than this share of the body size, below every column, is a page footer. */
const FOOTER_SIZE = 0.9;
/** Bottom matter of this many lines or more, none of them a copyright or licence line, is text: a caption, a paragraph. */
const FOOT_PARAGRAPH_LINES = 3;
/** A notice at a column's foot holds at most this many lines and stands this many line advances below the text. */
const NOTICE_LINES = 4;
const NOTICE_STEP = 1.3;
/** ...or, its type smaller, with this many line advances of space between the text's baseline and its own type's top. */
const NOTICE_SPACE = 0.5;
/** Rotated text this close to a page edge (share of the width) is a margin stamp (arXiv identifiers). */
const STAMP_EDGE = 0.08;

const ROMAN = /^(?=[mdclxvi])m*(c[md]|d?c{0,3})(x[cl]|l?x{0,3})(i[xv]|v?i{0,3})$/i;

/** Normalised text: digits and roman numerals (folios) reduced to a placeholder. */
export function furnitureKey(text: string): string {
  const key = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\p{Nd}+/gu, '#')
    .split(/\s+/)
    .map((w) => (ROMAN.test(w.replace(/[.,:;()]/g, '')) ? '#' : w))
    .join(' ')
    .trim();
  // A folio set before a head of several words on a verso and after it on a recto ("16 FY 2011 GSA OCSIT ANNUAL
  // REPORT", "… ANNUAL REPORT 17"): one head. (A short head keeps its number: "Chapter 1" is no "Chapter".)
  const bare = key.replace(/^# /u, '').replace(/ #$/u, '');
  return bare !== key && bare.split(' ').length >= FOLIO_FREE_WORDS ? bare : key;
}

/** A head keeps this many words at least without its folio, for the folio's side to be ignored. */
const FOLIO_FREE_WORDS = 4;

/** A line's furniture key without its punctuation: a head gives "Chapter 1. The …" where the title gives "Chapter 1" over "The …". */
const bareKey = (text: string) =>
  furnitureKey(text)
    .replace(/[^\p{L}\p{N}# ]+/gu, ' ')
    .replace(/ +/g, ' ')
    .trim();

/** A line that is nothing but a page number or page label. */
const PAGE_LABEL = [
  /^[-–—]?\s*\p{Nd}{1,5}\s*[-–—]?$/u,
  /^page\s+\p{Nd}{1,5}(\s*(of|\/)\s*\p{Nd}{1,5})?$/iu,
  /^\p{Nd}{1,5}\s*(of|\/)\s*\p{Nd}{1,5}$/iu,
  /^[A-Z]?\p{Nd}{1,3}\s*[-–.]\s*\p{Nd}{1,4}$/u,
  /^(page\s+)?[ivxlcdm]{1,7}$/i,
  // Front matter numbered in letters, as Arabic (abjad) and Hebrew books do: one or two letters alone.
  /^[\u0621-\u064A\u05D0-\u05EA]{1,2}$/u,
];
/** Page labels are short; longer lines are not tested against the patterns at all. */
const MAX_LABEL_CHARS = 24;
/** A page number alone: one to four digits. */
const PAGE_NUMBER_ONLY = /^\p{Nd}{1,4}$/u;

export const isPageLabel = (text: string) => text.length <= MAX_LABEL_CHARS && PAGE_LABEL.some((re) => re.test(text.normalize('NFKC').trim()));

export interface FurnitureResult {
  headers: FurnitureItem[];
  footers: FurnitureItem[];
  /** The lines lifted out (lineKey). */
  removed: Set<Line>;
  /** Table rows with some of their cells lifted out: the row as it stays in the flow (its box is the whole row's). */
  replaced: Map<Line, Line>;
  /** Lines that looked like furniture but were kept in the flow. */
  diagnostics: Diagnostic[];
}

interface Candidate {
  l: PlacedLine;
  /** Deeper in the outer band than its first or last EDGE_ROWS rows. */
  deep: boolean;
  /** Distance from the nearer edge (top for heads, bottom for feet). */
  offset: number;
  top: boolean;
  key: string;
  /** For a table row's cells set apart in a band (a title beside a menu's row): the first and last cell it is. */
  cells?: [number, number];
  /** For a row whose pieces fell into segments of their own ("Date:" | "November 23, 2020"): all of them, left to right. */
  row?: PlacedLine[];
}

/** Lines of one paragraph follow one another at most this many of their sizes apart. */
const PARAGRAPH_ADVANCE = 1.5;
/** Pieces of one edge row sit on one baseline, to this share of their size. */
const ROW_BASELINE = 0.25;

/** A line deeper in the outer band stands with the text when the line beside it toward the text is this many times
 * nearer than the one toward the page's edge. */
const WITH_TEXT = 2;

/**
 * The line stands with the page's text: of the lines over and under it (across its extent), the nearest toward the
 * text is set in the body's size (not the band's next line in its own small type) and stands WITH_TEXT times nearer
 * than the nearest toward the edge, or the page's edge (baselines).
 */
function withText(pageLines: PlacedLine[], l: PlacedLine, top: boolean, body: number): boolean {
  const [b, x0, x1] = [l.line.baseline, l.line.bbox[0], l.line.bbox[2]];
  const beside = pageLines
    .filter((o) => o.line.bbox[0] < x1 && o.line.bbox[2] > x0)
    .map((o) => ({ o, d: (top ? 1 : -1) * (o.line.baseline - b) }))
    .filter(({ d }) => Math.abs(d) > ROW_BASELINE * l.line.size);
  const inward = beside.filter(({ d }) => d > 0).sort((p, q) => p.d - q.d)[0];
  // (With no line toward the edge, the page's edge.)
  const edge = top ? b : l.pageHeight - b;
  const outward = Math.min(edge, ...beside.filter(({ d }) => d < 0).map(({ d }) => -d));
  return inward !== undefined && inward.o.line.size >= SMALL_HEAD * body && inward.d * WITH_TEXT < outward;
}

/** Head and foot candidates of each page: lines in its first and last few rows, in the outer band. */
function edgeCandidates(byPage: Map<number, PlacedLine[]>, body: number): Candidate[] {
  const out: Candidate[] = [];
  for (const all of byPage.values()) {
    const pageLines = all.filter((l) => l.seg.kind !== 'rotated');
    const edge: Candidate[] = [];
    const baselines = [...new Set(pageLines.map((l) => Math.round(l.line.baseline)))].sort((a, b) => a - b);
    const topRows = new Set(baselines.slice(0, EDGE_ROWS));
    const bottomRows = new Set(baselines.slice(-EDGE_ROWS));
    for (const l of pageLines) {
      const h = l.pageHeight;
      const top = l.line.bbox[1] <= EDGE_SHARE * h;
      if (!top && l.line.bbox[3] < (1 - EDGE_SHARE) * h) continue;
      const b = Math.round(l.line.baseline);
      const deep = !(top ? topRows : bottomRows).has(b);
      // Deeper in the outer band, a line with words in it (a masthead's or a header band's second and third rows; a
      // line of bare numbers there is more likely a table's).
      if (deep && (l.line.size >= SMALL_HEAD * body || l.line.text.length > MAX_DEEP_CHARS || !WORDED.test(l.line.text))) continue;
      // ...standing with the band, not with the text: a line set close over the page's text, far under the band (a
      // letter's return address over the addressee's, in the envelope's window) is the text's.
      if (deep && withText(pageLines, l, top, body)) continue;
      const offset = top ? l.line.baseline : h - l.line.baseline;
      out.push({ l, offset, top, key: furnitureKey(l.line.text), deep });
      edge.push(out[out.length - 1]);
      // A row of a band read as a table row (a title's last line level with a menu's row, a folio level with a date):
      // runs of its cells are candidates too, when they hold words.
      const cells = l.line.cells ?? [];
      for (let i = 0; cells.length >= 2 && i < cells.length; i++) {
        for (let j = i; j < cells.length; j++) {
          if (j - i + 1 === cells.length) continue;
          const text = cells.slice(i, j + 1).join(' ');
          if (wordsOf(text).length >= MIN_CELL_WORDS && WORDED.test(text)) out.push({ l, offset, top, key: furnitureKey(text), deep, cells: [i, j] });
        }
      }
    }
    // An edge row whose pieces fell into different segments (a foot's label and date parted by a column's gap on one
    // page, whole on the next) is a candidate whole, too.
    const used = new Set<Candidate>();
    for (const c of edge) {
      if (used.has(c)) continue;
      const row = edge.filter(
        (o) =>
          !used.has(o) && o.top === c.top && Math.abs(o.l.line.baseline - c.l.line.baseline) <= ROW_BASELINE * Math.min(o.l.line.size, c.l.line.size),
      );
      for (const o of row) used.add(o);
      if (new Set(row.map((o) => o.l.segment)).size < 2) continue;
      const lines = row.map((o) => o.l).sort((a, b) => a.line.bbox[0] - b.line.bbox[0]);
      out.push({
        l: lines[0],
        offset: c.offset,
        top: c.top,
        key: furnitureKey(lines.map((x) => x.line.text).join(' ')),
        deep: row.some((o) => o.deep),
        row: lines,
      });
    }
  }
  return out;
}

/** A title block set again at the top of a page holds at least this many rows. */
const TITLE_BLOCK_ROWS = 3;
/** Cells of a row taken as a head hold at least this many words. */
const MIN_CELL_WORDS = 2;

/**
 * Repeats a head needs in a document of `pages` pages: `minRepeats`, but in a document too short to show that many,
 * every other page (two at the least: a line found once never repeats).
 */
export function repeatsNeeded(minRepeats: number, pages: number): number {
  return Math.max(2, Math.min(minRepeats, Math.ceil(pages / 2)));
}

function linesByPage(lines: PlacedLine[]): Map<number, PlacedLine[]> {
  const byPage = new Map<number, PlacedLine[]>();
  for (const l of lines) {
    if (!byPage.has(l.page)) byPage.set(l.page, []);
    byPage.get(l.page)!.push(l);
  }
  return byPage;
}

/** An edge row stands at least this many line advances (baseline to baseline) from the page's text... */
const EDGE_GAP = 1.8;
/** ...and is surely a head when, besides, it stands this far off, or is set smaller than the body by this share. */
const WIDE_EDGE_GAP = 2.5;
/** A top row in small type stands at least this many line advances above the text. */
const SMALL_EDGE_GAP = 1.5;
const SMALL_EDGE_GAP_EM = 2;
/** A head split to the text's two edges leaves a gap of this many body sizes between its pieces. */
const SPLIT_GAP_EM = 4;
/** A folio closing a foot row stands at least this many of its sizes after the words before it. */
const FOLIO_APART = 1.5;
/**
 * A row set to left, centre and right tabs holds this many pieces at least, each of this many words at most; its middle
 * piece is centred on the text to this share of the text's width.
 */
const TAB_PIECES = 3;
const TAB_WORDS = 5;
const TAB_CENTRE = 0.1;
/** A foot line of words (no figure among them) closing with a page number of three digits at most. */
const WORDS_THEN_FOLIO = /^\p{L}[^\p{Nd}]*\p{L}\s+\p{Nd}{1,3}$/u;
/** A page number alone: one to three digits. */
const PLAIN_FOLIO = /^\p{Nd}{1,3}$/u;
/** A number closing a line as a reference does ("… on page 12", "… Table 4"), not as the page's number. */
const CROSS_REFERENCE = /\b(?:tables?|fig(?:ure)?s?|sections?|pages?|pp?|appendix|eq|no|vol|chapters?|items?)\.?\s+\p{Nd}{1,3}$/iu;
/** A number closing a list of items named alike ("Links: story 1, story 2, story 3"): it counts them. */
const COUNTED = /(?<!\p{L})(\p{L}+)\s+\p{Nd}{1,3}\s*[,;]\s*(?:\1\s+\p{Nd}{1,3}\s*[,;]\s*)*(?:and\s+|&\s*)?\1\s+\p{Nd}{1,3}$/iu;
const SMALL_HEAD = 0.95;
/**
 * A short row at the very foot of the page this many line advances below all of its text needs no number: nothing
 * of the text's own stands that far off on its own (a poster's or a form's footer line).
 */
const FAR_FOOT_GAP = 6;
/** ...when it sits in this outer share of the page height and is shorter than a line of running text. */
const FAR_FOOT_SHARE = 0.08;
const MAX_FAR_FOOT_CHARS = 45;
/** A note's opening: its number or reference symbol. */
const NOTE_START = /^[\p{Nd}*∗†‡§¶]/u;
/** Heads are set at most this much larger than the body (a chapter or section title is larger)... */
const HEAD_SIZE = 1.05;
/** ...or, ending in their page number, this much. */
const FOLIOED_HEAD_SIZE = 1.25;
/**
 * The end of a row that names its page: "Page 3", "page 3 of 20", "Seite 3 von 20", "Página 3 de 20", Chinese and
 * Japanese "第 3 页（共 20 页）" (NFKC has made the brackets plain).
 */
const PAGED =
  /(?:\b(?:page|seite|página|pagina)\s+\p{Nd}{1,5}(?:\s*(?:of|\/|von|de|di|sur)\s*\p{Nd}{1,5})?|第\s*\p{Nd}{1,5}\s*[页頁](?:\s*\(\s*共\s*\p{Nd}{1,5}\s*[页頁]\s*\))?)$/iu;
/** The start of a row that names its page ("Page 21 GAO-07-106 DOE's Energy Challenges", a report's foot). */
const PAGED_START = /^(?:page|seite|página|pagina)\s+\p{Nd}{1,5}(?:\s*(?:of|\/|von|de|di|sur)\s*\p{Nd}{1,5})?\s/iu;
/**
 * A line that only says where the text goes on or came from: "continued on page 2", "(Continued from previous page)",
 * "continues on next page", "Cont'd on p. 4", "Fortsetzung auf Seite 3", "suite page 2", "continúa en la página 5".
 */
const JUMP_LINE =
  /^[([]?\s*(?:(?:continued|continues|cont'?d?\.?)\s+(?:on|from|to)\s+(?:the\s+)?(?:(?:page|p\.)\s*\p{Nd}{1,4}|(?:next|previous|following|preceding|last)\s+page)|(?:continued|continues)\s+overleaf|fortsetzung\s+(?:auf|von)\s+seite\s*\p{Nd}{1,4}|suite\s+(?:en\s+|de\s+la\s+)?page\s*\p{Nd}{1,4}|contin[uú]a\s+en\s+(?:la\s+)?p[aá]gina\s*\p{Nd}{1,4})\s*[)\]]?[.:]?$/iu;
/** A line of an article's history: when it was received, revised, accepted, published. */
const HISTORY =
  /^(?:received|revised|accepted|published(?: online)?|submitted|recebido|aceito|recibido|aceptado|eingegangen|angenommen)\b\s*:?\s*\p{Nd}{1,2}\s+\p{L}+\s+\p{Nd}{4}/iu;
/** A masthead beside a title: at most this many short lines, ending in this top share of the page. */
const MAX_MASTHEAD_LINES = 8;
const MAX_MASTHEAD_CHARS = 60;
const BESIDE_MASTHEAD_SHARE = 0.25;
/** What a licence notice names. */
const LICENCE = /creative\s*commons|\blicen[cçs][ae]\b|all rights reserved/iu;
/** A licence notice in a sidebar (a column at most this share of the page's width) holds at most this many lines, each
 * at most this many of its sizes below the one before. */
const SIDEBAR_WIDTH = 0.35;
const MAX_LICENCE_LINES = 12;
const LICENCE_ADVANCE = 1.6;
/** The text beside a sidebar is set at least this many times its width. */
const SIDEBAR_TEXT_RATIO = 1.4;
/** A sidebar item's heading: a word or two, no stop. */
const SIDEBAR_HEADING = /^\p{L}+(?:\s\p{L}+)?:?$/u;
/** A venue stack holds at most this many lines. */
const MAX_VENUE_LINES = 4;
/** A line crediting the source of what is above it. */
const SOURCE_CREDIT = new RegExp(String.raw`^(?:${SOURCE_WORDS})\s?:`, 'iu');
/**
 * A piece beside a head in its row is short: at most this many words and characters, in at most this many of the head's
 * sizes (and of the body's).
 */
const ROW_MATE_WORDS = 3;
const ROW_MATE_CHARS = 30;
const ROW_MATE_SIZE = 1.05;
/** Text smaller than this (points) is invisible: a logo's hidden label ("bs_bs_banner"). */
const MIN_VISIBLE_SIZE = 2;
/** ...and smaller than this share of the body size; such lines hold at most this share of a page's characters... */
const INVISIBLE_SHARE = 0.25;
/** ...and this many characters each. */
const MAX_INVISIBLE_CHARS = 40;
/** A row longer than this is text, not a head... */
const MAX_HEAD_CHARS = 120;
/** ...and one without a page number in it longer than this. */
const MAX_UNNUMBERED_HEAD_CHARS = 90;
/** A copyright or licence notice, or the publication's identifier (a DOI, an ISSN or ISBN, an arXiv number). */
const LEGAL =
  /©|\(c\)\s*\p{Nd}{4}|\bcopyright\b|all rights reserved|\blicen[cs]ed under\b|doi\.org\/|\bdoi:\s*10\.|\bISSN\b|\bISBN\b|\barXiv:\p{Nd}/iu;
/**
 * A head's folio at its start or end: a page number, or an article's number and the page's ("23:6", and "XX:6" in a
 * LIPIcs submission before the number is given).
 */
const FOLIO_TOKEN = String.raw`(\p{Nd}{1,5}|[\p{Lu}\p{Nd}]{1,4}:\p{Nd}{1,4})`;
const END_FOLIO = new RegExp(String.raw`\s${FOLIO_TOKEN}$`, 'u');
const START_FOLIO = new RegExp(String.raw`^${FOLIO_TOKEN}\s`, 'u');
/** A list's numbers end flush within this share of the type size, on this many lines at least. */
const LIST_ALIGN = 0.5;
const MIN_LIST_ENTRIES = 2;
/** ...set in the row's size, within this share. */
const LIST_SIZE = 0.15;
/** A date field's label opening a line ("Ort und Datum: …", "Date: …", "Place and date: …"). */
const FIELD_LABEL = /^(?:\p{L}[\p{L} ]{0,30}\s)?(?:datum|date|fecha|data)\s*:\s/iu;
/** A date closing a line ("Ort und Datum: Hoyerswerda, 20. September 2020", "March 22, 2007"): its year is no folio. */
const MONTH_YEAR = new RegExp(
  String.raw`\b(?:${[
    'jan(?:uary|uar|vier)?|feb(?:ruary|ruar)?|févr(?:ier)?|mar(?:ch)?|märz|mars|apr(?:il)?|avr(?:il)?|may|mai|june?|juni|juin',
    'july?|juli|juil(?:let)?|aug(?:ust)?|août|sept?(?:ember|embre)?|oct(?:ober|obre)?|okt(?:ober)?|nov(?:ember|embre)?|dec(?:ember)?|dez(?:ember)?|déc(?:embre)?',
    'enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre',
  ].join('|')})\.?,?\s+(?:\p{Nd}{1,2}(?:st|nd|rd|th)?,?\s+)?(?:1[89]|20)\p{Nd}\p{Nd}$`,
  'iu',
);
/**
 * A site's address and nothing else: "www.dhs.gov", "www.nature.com/scientificreports": a host and at most one short
 * path segment. A deep link ("https://openssf.org/blog/2023/06/22/psf-welcomes-…", a slide's source) points into the
 * site from the text: it is the text's.
 */
const WEB_ADDRESS =
  /^(https?:\/\/)?(www\.)?[\p{L}\p{Nd}-]+(\.[\p{L}\p{Nd}-]+)*\.(org|com|net|edu|gov|int|mil|info|io|[a-z]{2})(\/[\p{L}\p{Nd}\-._~]{0,30})?\/?$/iu;
/** A web address with two path segments or more. */
const DEEP_LINK = /^(https?:\/\/|www\.)\S+\/[^\s/]+\/[^\s/]+\S*$/iu;
/** Small print at a page's foot is the text's when it holds this many sentences (a stop, then a capital) and words... */
const NOTE_SENTENCES = 2;
const NOTE_WORDS = 15;
/** ...most of them words of letters (a journal's "Received 12 May 2019. Accepted 3 June 2019." is mostly figures). */
const NOTE_LETTER_WORDS = 0.8;
const SENTENCE_END = /[\p{Ll})][.!?]\s+[(\p{Lu}]/gu;
/**
 * One long sentence is prose too when most of its words open in small letters (a slide's disclaimer, "The thoughts
 * and feels expressed here are personally held …"): a venue's or a journal's line is set in capitalised words.
 */
const PROSE_SMALL_WORDS = 0.7;
/** ...naming no licence, no venue nor publication (a sentence-case venue line, "Accepted for publication in …"). */
const VENUE = /\b(?:proceedings|conference|journal|revista|accepted|published|publication|submitted)\b/iu;
const WEB = /https?:\/\/|www\.|@\S+\.\p{L}/iu;

/** Running prose, not a notice: sentences of words, no legal line, no web or mail address, opening with a capital
 * (not a note's number or the rest of a note from above). */
function proseNote(text: string): boolean {
  const words = text.trim().split(/\s+/);
  if (!/^\p{Lu}/u.test(text.trim())) return false;
  const lettered = words.filter((w) => /^\P{Nd}*\p{L}\P{Nd}*$/u.test(w)).length;
  return (
    words.length >= NOTE_WORDS &&
    lettered >= NOTE_LETTER_WORDS * words.length &&
    ((text.match(SENTENCE_END)?.length ?? 0) + 1 >= NOTE_SENTENCES ||
      (words.filter((w) => /^\p{Ll}/u.test(w)).length >= PROSE_SMALL_WORDS * words.length && !LICENCE.test(text) && !VENUE.test(text))) &&
    !LEGAL.test(text) &&
    !WEB.test(text)
  );
}
/** Captions stay in the flow wherever they sit. */
const CAPTION_START = new RegExp(String.raw`^(?:fig(?:ure)?|table|tab|chart|plate|exhibit|${CAPTION_WORDS})\.?\s*\p{Nd}`, 'iu');

/**
 * A page's outermost row at its top (foot): its lines level with the middle of the page's highest (lowest) line, with
 * the page's lines outside rotated text. Null when the page has fewer than two such lines or the row does not stand
 * in the outer band.
 */
function outermostRow(pageLines: PlacedLine[], top: boolean): { flat: PlacedLine[]; row: PlacedLine[] } | null {
  const flat = pageLines.filter((l) => l.seg.kind !== 'rotated');
  if (flat.length < 2) return null;
  const outer = flat.reduce((a, b) => (top ? (b.line.bbox[1] < a.line.bbox[1] ? b : a) : b.line.bbox[3] > a.line.bbox[3] ? b : a));
  const [, y0, , y1] = outer.line.bbox;
  const mid = (y0 + y1) / 2;
  const row = flat.filter((l) => l.line.bbox[1] < mid && l.line.bbox[3] > mid);
  const h = outer.pageHeight;
  if (top ? Math.max(...row.map((l) => l.line.bbox[3])) > EDGE_SHARE * h : Math.min(...row.map((l) => l.line.bbox[1])) < (1 - EDGE_SHARE) * h)
    return null;
  return { flat, row };
}

/**
 * A page's outermost row (top or bottom) when it stands apart from the rest of the page's text by EDGE_GAP line
 * advances, is short, is not set larger than a head is, and carries a page number (a folio beside it or at one end
 * of it), a copyright line or, at the top, is set small. `sure` when a second sign agrees: a folio set apart beside
 * a head, small type, a wide gap, capitals, a number at the line's far end. At the foot the number must be a folio
 * or at the end (a note starts with its marker), unless the row stands far below all the page's text at its very
 * foot (FAR_FOOT_GAP).
 */
function isolatedEdgeRow(
  pageLines: PlacedLine[],
  top: boolean,
  body: number,
  advance: number,
  taken: (l: PlacedLine) => boolean,
  trimmed: (l: PlacedLine) => boolean,
  titled: (l: PlacedLine) => boolean,
  /** The number of the page's folio at its foot, if any (for a top row). */
  folioElsewhere: number | null = null,
) {
  const edge = outermostRow(pageLines, top);
  if (!edge) return null;
  const { flat, row } = edge;
  // A table row left with some of its cells after others were taken as a head: its size was the whole row's, so
  // nothing here can be judged on it; it stays (a page number alone is taken as a folio further on).
  if (row.some(trimmed)) return null;
  // The gap is measured to the page's text: a running foot already taken beside it (a DOI line set under the foot's
  // level) is not text.
  const rest = flat.filter((l) => !row.includes(l) && !taken(l));
  if (!rest.length) return null;
  const h = row[0].pageHeight;
  const edgeBaseline = top ? Math.max(...row.map((l) => l.line.baseline)) : Math.min(...row.map((l) => l.line.baseline));
  const gap = top ? Math.min(...rest.map((l) => l.line.baseline)) - edgeBaseline : edgeBaseline - Math.max(...rest.map((l) => l.line.baseline));
  const size = Math.max(...row.map((l) => l.line.size));
  const small = size < SMALL_HEAD * body;
  const texts = row.map((l) => l.line.text);
  // At the top, a row in the text's type naming the chapter the page's numbered headings, tables and figures belong
  // to ("2. R Markdown basics" over "2.1.13 Footnotes", "3. Citations" over "Table 3.1"): a thesis' head, its folio
  // at the foot. A heading is set bold or larger, and a chapter's own title opens the chapter, not its later pages.
  const chapter = top && !row.some((l) => l.line.bold) && namesPageChapter(texts.join(' '), rest);
  // A row that ends or opens by naming its page ("… page 1", "Page 3 of 20", "Page 21 GAO-07-106 …") is a head
  // whatever its size: no title does that.
  const paged = texts.some((t) => {
    const plain = t.normalize('NFKC').trim();
    return PAGED.test(plain) || PAGED_START.test(plain);
  });
  // Named so far apart from the rest of the row, at the page's corner ("Form 6251 (2024)      Page 2", a form's head
  // set on the rule over its first box), it needs no blank space under it: no line of text leaves such a gap.
  const pagedApart = paged && widestGap(row) >= SPLIT_GAP_EM * body;
  // A head in small type over the text needs less: the text's first line rises into the space below it. Over text
  // set with wide leading (double-spaced), the space is measured in the body's size. So does a chapter's head.
  // At the foot, a row in small type closing with its folio set apart (a report's "Descriptions of New or Modified
  // Processes    13"), as a head in small type at the top: a note opens with its marker, never ends with a number so.
  const byX = [...row].sort((a, b) => a.line.bbox[0] - b.line.bbox[0]);
  const last = byX[byX.length - 1];
  const closingFolio =
    !top &&
    small &&
    !NOTE_START.test(byX[0].line.text.trim()) &&
    byX.every((l) => !l.line.cells && l.seg.kind !== 'table') &&
    (byX.length >= 2
      ? PLAIN_FOLIO.test(last.line.text.trim()) &&
        !byX.slice(0, -1).some((l) => isPageLabel(l.line.text)) &&
        last.line.bbox[0] - byX[byX.length - 2].line.bbox[2] >= FOLIO_APART * last.line.size
      : WORDS_THEN_FOLIO.test(last.line.text.normalize('NFKC').trim()) && !CROSS_REFERENCE.test(last.line.text.normalize('NFKC').trim()));
  if (
    !pagedApart &&
    gap < ((top && (small || chapter)) || closingFolio ? Math.min(SMALL_EDGE_GAP * advance, SMALL_EDGE_GAP_EM * body) : EDGE_GAP * advance)
  )
    return null;
  if (texts.join(' ').length > MAX_HEAD_CHARS || texts.some((t) => CAPTION_START.test(t))) return null;
  // Written digits only: a roman numeral counts when it stands alone as a folio, not as "I" opening a sentence.
  const folio = row.some((l) => isPageLabel(l.line.text));
  // A field closing in a date ("Ort und Datum: Hoyerswerda, 20. September 2020" at a title page's foot) is filled in,
  // its year no folio; a head's date ("Updated April 16, 2026") is set without a label.
  const dateField = (t: string) => FIELD_LABEL.test(t) && MONTH_YEAR.test(t) && !HISTORY.test(t);
  // (Nor is the last of a list's numbered items: "Links: story 1, story 2, story 3".)
  const endNumber = texts.some((t) => {
    if (!END_FOLIO.test(t)) return false;
    const plain = t.normalize('NFKC').trim();
    return !dateField(plain) && !COUNTED.test(plain);
  });
  const startNumber = texts.some((t) => START_FOLIO.test(t));
  // At the foot, a row in words closing with a number flush with the numbers closing the lines over it (a contents
  // page's last entry, "6 The \text command   20", under "5.2 \mod and its relatives . . .   20") is one more entry
  // of their list.
  const right = Math.max(...row.map((l) => l.line.bbox[2]));
  // (In the row's own type, not a table's cells: a table's figures flush at the margin over a report's foot are none.)
  const entry = (l: PlacedLine) =>
    l.seg.kind !== 'table' &&
    Math.abs(l.line.size - size) <= LIST_SIZE * size &&
    END_FOLIO.test(l.line.text.trim()) &&
    Math.abs(l.line.bbox[2] - right) <= LIST_ALIGN * size;
  // (The lines right over it: a page's numbers elsewhere, a table's or a listing's, make no list of it.)
  const over = [...rest].sort((a, b) => b.line.baseline - a.line.baseline).slice(0, MIN_LIST_ENTRIES);
  if (!top && endNumber && !folio && over.length === MIN_LIST_ENTRIES && over.every(entry)) return null;
  // A number set with a leading zero opening a top row, not the page's number, the page's folio at its foot saying
  // another ("02 · Dealing with government …" over a card whose foot says "3 of 5"), numbers a section: the row is the
  // page's heading. (A chapter's number opening a book's head, "6 Making interactions work", is set plain.)
  const opening = START_FOLIO.exec(byX.map((l) => l.line.text.trim()).join(' '));
  if (top && opening && /^0\p{Nd}+$/u.test(opening[1]) && !endNumber && !folio && folioElsewhere !== null && decimal(opening[1]) !== folioElsewhere)
    return null;
  // A head ending in its folio, or with its folio beside it, may be set a little larger than the text; one that only
  // starts with a number may be a numbered section heading, which is set larger.
  // A web address alone on the row (the publisher's or the agency's site at a page's corner) names the publication
  // as a copyright line does, and may be set a little larger than the text, as a head with its folio may.
  const address = texts.every((t) => WEB_ADDRESS.test(t.trim()));
  const larger = endNumber || (folio && row.length >= 2) || address;
  if (!paged && size > (larger ? FOLIOED_HEAD_SIZE : HEAD_SIZE) * body) return null;
  // At the top, a row in small type needs no number: a first page's venue or preprint line above the title, a verso
  // head whose folio is at the foot. (At the foot such a row may as well be a note: it needs its number.)
  // A copyright, licence or DOI line at a page edge is furniture as a page number is.
  const legal = texts.some((t) => LEGAL.test(t));
  // At the top, a row that repeats the title set large on an earlier page ("CONTROL EQUALS CHAOS | Chang, Connors"
  // over a paper's second page) is the paper's running head, though the paper has no other page to repeat it on.
  const title = top && row.some(titled);
  const letters = texts.join(' ').replace(/[^\p{L}]/gu, '');
  const capitals = letters.length >= 3 && letters === letters.toUpperCase() && letters !== letters.toLowerCase();
  // At the top, capitals split to the text's two edges ("CHAPTER 4. SIMPLE EXAMPLE … 4.3. WHAT IS DEBMAKE?"): the
  // chapter's and the section's names, as a book's heads give them; a heading in capitals is one piece.
  const split = top && capitals && widestGap(row) >= SPLIT_GAP_EM * body;
  // At the foot, a number opening the row far apart from the words after it ("16   Chapter 3. Template statements", a
  // Sphinx manual's verso foot) is the folio at the row's outer end: a note's marker stands a space before its text.
  const folioApart = !top && startNumber && widestGap(row) >= SPLIT_GAP_EM * body;
  // Three short pieces or more set to the text's left edge, its middle and its right edge (a footer band's "Github |
  // Pourya Aliannejadi | alian.pourya@gmail.com", a word processor's left, centre and right footer tabs): furniture's
  // layout, whatever the words; a paragraph's line is one piece.
  const textX0 = Math.min(...flat.map((l) => l.line.bbox[0]));
  const textX1 = Math.max(...flat.map((l) => l.line.bbox[2]));
  const centre = (l: PlacedLine) => (l.line.bbox[0] + l.line.bbox[2]) / 2;
  const tabbed =
    byX.length >= TAB_PIECES &&
    byX.every((l) => wordsOf(l.line.text).length <= TAB_WORDS) &&
    byX[0].line.bbox[0] - textX0 <= size &&
    textX1 - last.line.bbox[2] <= size &&
    byX.slice(1, -1).some((l) => Math.abs(centre(l) - (textX0 + textX1) / 2) <= TAB_CENTRE * (textX1 - textX0));
  const numbered = folio || endNumber || paged || (top && startNumber) || legal || title || address || split || chapter || folioApart || tabbed;
  const short = texts.join(' ').length <= MAX_UNNUMBERED_HEAD_CHARS;
  const farFoot = !top && gap >= FAR_FOOT_GAP * advance && Math.min(...row.map((l) => l.line.bbox[1])) >= (1 - FAR_FOOT_SHARE) * h;
  // Far below the text, a line in small type is the page's foot ("This content is available for free at …"),
  // unless it opens as a note does, with its marker, or is a link deep into a site alone (a slide's source).
  const farNotice = farFoot && small && short && !NOTE_START.test(texts[0].trim()) && !DEEP_LINK.test(texts.join(' ').trim());
  // A line of a listing carried over to the top of the page is set small too, in a fixed-pitch face: no venue line is.
  const listing = row.every((l) => l.line.mono);
  if (!numbered && !(top && small && short && !listing) && !(farFoot && texts.join(' ').length <= MAX_FAR_FOOT_CHARS) && !farNotice) return null;
  const sure =
    (folio && row.length >= 2) ||
    small ||
    gap >= WIDE_EDGE_GAP * advance ||
    capitals ||
    endNumber ||
    paged ||
    title ||
    chapter ||
    folioApart ||
    tabbed;
  return { row, gap, sure };
}

/** A head over a sentence carried on is this many lines at most. */
const MAX_SENTENCE_HEAD_LINES = 2;
/** Its lines follow one another closer than this many line advances; it stands farther than that over the text. */
const SENTENCE_HEAD_GAP = 1.3;
/** A line of the text's own type: within this share of the body's size. */
const BODY_SIZE_SHARE = 0.1;
/** A line that closes a sentence (its closing quote or bracket after the stop) or a heading's colon. */
const CLOSED = /[.!?:;…。！？][\p{Pf}\p{Pe}"'”’]*$/u;
const LOWER_START = /^\p{Ll}/u;
/** A line filling its column's measure: this share of its segment's widest line, in a segment of this many lines. */
const FULL_MEASURE = 0.85;
const MIN_MEASURE_LINES = 3;
/** A float's title over its listing, algorithm or table, numbered in figures or in capitals ("TABLE II"). */
const FLOAT_TITLE = /^(?:fig(?:ure)?|table|tab|listing|algorithm|scheme|chart|exhibit)\.?\s*(?:\p{Nd}|[IVX]+\b)/iu;

/**
 * The page's first lines (in reading order) when they are a head over a sentence the previous page left open: one or
 * two short lines in words, at the top band, not larger than the text, ending in no stop, not a caption, each alone on
 * its row, set as a head is, over a line of the text's type opening in lower case, while the previous page's last line
 * of the text's type fills its measure and closes no sentence. Empty otherwise.
 */
function sentenceHead(
  pageLines: PlacedLine[],
  prevLines: PlacedLine[],
  body: number,
  advance: number,
  taken: (l: PlacedLine) => boolean,
): PlacedLine[] {
  const bodySized = (l: PlacedLine) => Math.abs(l.line.size - body) <= BODY_SIZE_SHARE * body;
  const flat = pageLines.filter((l) => l.seg.kind !== 'rotated' && !taken(l) && l.line.size >= MIN_VISIBLE_SIZE);
  const last = prevLines.filter((l) => l.seg.kind !== 'rotated' && !taken(l) && bodySized(l)).at(-1);
  if (last?.seg.kind !== 'column' || last.line.mono || CLOSED.test(last.line.text.trim())) return [];
  // Broken off mid-sentence, the last line fills its column's measure; a paragraph's last line stops short. The column
  // is running text: a line alone in its segment (a stray label) measures nothing.
  const width = (l: PlacedLine) => l.line.bbox[2] - l.line.bbox[0];
  const column = prevLines.filter((l) => l.segment === last.segment);
  if (column.length < MIN_MEASURE_LINES || width(last) < FULL_MEASURE * Math.max(...column.map(width))) return [];
  // The page's text spans from `left` to `right`: a head is centred on it or flush with one of its edges.
  const left = Math.min(...flat.map((o) => o.line.bbox[0]));
  const right = Math.max(...flat.map((o) => o.line.bbox[2]));
  const block: PlacedLine[] = [];
  for (const l of flat) {
    const text = l.line.text.normalize('NFKC').trim();
    const prev = block.at(-1);
    if (prev && l.line.baseline - prev.line.baseline > SENTENCE_HEAD_GAP * advance) {
      // The text the head stands over, under it: a line of prose in the text's type carrying a sentence on, not a
      // listing's line, not a table's row.
      const prose = bodySized(l) && LOWER_START.test(text) && !l.line.mono && l.seg.kind !== 'table';
      const under = block.every((b) => Math.min(b.line.bbox[2], l.line.bbox[2]) - Math.max(b.line.bbox[0], l.line.bbox[0]) > 0);
      // Set as a head is, centred on the page's text or flush with one of its edges or the line's; a float's title in a
      // column ("XML Starlet's partial list of options" over its table's rows) is neither.
      const placed = block.every(
        (b) =>
          [left, l.line.bbox[0]].some((x) => Math.abs(b.line.bbox[0] - x) <= body) ||
          [right, l.line.bbox[2]].some((x) => Math.abs(b.line.bbox[2] - x) <= body) ||
          Math.abs((b.line.bbox[0] + b.line.bbox[2]) / 2 - (left + right) / 2) <= body,
      );
      return prose && under && placed ? block : [];
    }
    if (block.length >= MAX_SENTENCE_HEAD_LINES) return [];
    const alone = !flat.some((o) => o !== l && Math.abs(o.line.baseline - l.line.baseline) < ROW_BASELINE * l.line.size);
    const plain =
      WORDED.test(text) &&
      text.length <= MAX_UNNUMBERED_HEAD_CHARS &&
      !CLOSED.test(text) &&
      !/,$/.test(text) &&
      !LOWER_START.test(text) &&
      !CAPTION_START.test(text) &&
      !FLOAT_TITLE.test(text) &&
      !l.line.mono &&
      l.line.size <= HEAD_SIZE * body &&
      l.line.bbox[3] <= EDGE_SHARE * l.pageHeight;
    if (!alone || !plain || (prev && l.line.baseline <= prev.line.baseline)) return [];
    block.push(l);
  }
  return [];
}

/** A head opening with its chapter's or a section's number ("2. R Markdown basics", "Chapter 3 Results", "2.1 Ciência de Dados")... */
const CHAPTER_HEAD = /^(?:(?:chapter|chapitre|kapitel|cap[ií]tulo|capitolo|hoofdstuk)\s+)?(\p{Nd}{1,2})(?:\.\p{Nd}{1,2})*\.?\s+\p{L}/iu;

/**
 * ...that the page's numbered headings, captions or equations fall under: a line opening with "2.1" ("2.1.13
 * Footnotes"), or a "Table 2.1", "Figure 2.3" ("Figura", "Tabela", "Abbildung", "Tableau" …) or "(2.4)" in a line.
 */
function namesPageChapter(text: string, others: PlacedLine[]): boolean {
  const m = CHAPTER_HEAD.exec(text.normalize('NFKC').trim());
  if (!m) return false;
  const n = m[1];
  const within = new RegExp(
    String.raw`^${n}\.\p{Nd}|\b(?:fig(?:ure|ura)?|abb(?:ildung)?|tab(?:le|la|ela|elle|leau)?|eq(?:uation)?)\.?\s*${n}\.\p{Nd}|\(${n}\.\p{Nd}{1,3}\)`,
    'iu',
  );
  return others.some((l) => within.test(l.line.text.normalize('NFKC').trim()));
}

/**
 * The widest gap a row of capitals leaves: between its lines, left to right, or inside a line, where the line is wider
 * than its letters (the document stage keeps a line's extent, not its runs; a capital is at most CAPITAL_ADVANCE of
 * the size wide).
 */
function widestGap(row: PlacedLine[]): number {
  const lines = [...row].sort((a, b) => a.line.bbox[0] - b.line.bbox[0]);
  let widest = 0;
  lines.forEach((l, i) => {
    const [x0, , x1] = l.line.bbox;
    widest = Math.max(widest, x1 - x0 - [...l.line.text].length * CAPITAL_ADVANCE * l.line.size);
    if (i > 0) widest = Math.max(widest, x0 - lines[i - 1].line.bbox[2]);
  });
  return widest;
}
const CAPITAL_ADVANCE = 0.75;

/** A repeated panel holds this many lines at least; its lines repeat within this many body sizes of their height. */
const PANEL_LINES = 2;
const PANEL_HEIGHT = 0.6;

/** A running head's repeat on the document's first page set this much larger than the body is the title there. */
const TITLE_SIZE = 1.3;
/** Titles in one type differ in size by at most this share. */
const SAME_TITLE_SIZE = 0.1;
/** A deck of at least MIN_DECK_PAGES shows its slides have titles of their own on this many other pages at least. */
const MIN_OTHER_TITLES = 1;
const MIN_DECK_PAGES = 4;
/** A title sits in the upper half of its page; a head that repeats it holds at least this many words of it. */
const HALF = 0.5;
const TITLE_HEAD_WORDS = 2;
/** A head holding the whole title besides (the authors' names) holds a title of this many words at least. */
const TITLE_IN_HEAD_WORDS = 4;

/** A masthead's lines hold at least this many words each, all of them words of a running head... */
const MASTHEAD_LINE_WORDS = 2;
/** ...and together at least this many, this share of the head's words. */
const MASTHEAD_WORDS = 4;
const MASTHEAD_SHARE = 0.6;

/** The words of a line (letters only: numbers change from page to page). */
const wordsOf = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .match(/\p{L}+/gu) ?? [];

function groupBy<T, K>(items: T[], key: (t: T) => K): T[][] {
  const m = new Map<K, T[]>();
  for (const t of items) {
    const k = key(t);
    const g = m.get(k);
    if (g) g.push(t);
    else m.set(k, [t]);
  }
  return [...m.values()];
}

/**
 * The topmost and bottommost lines of each page (rotated text aside); and, once the lines in `taken` are out of the
 * way, the lines outermost then when they stand EDGE_GAP line advances apart from the rest of the page's text (a foot
 * line above a notice repeated on every page), not the text's own first or last line.
 */
function outermostLines(byPage: Map<number, PlacedLine[]>, taken: Set<Line>, advance: number): Set<Line> {
  const out = new Set<Line>();
  for (const pageLines of byPage.values()) {
    const flat = pageLines.filter((l) => l.seg.kind !== 'rotated');
    if (!flat.length) continue;
    const top = Math.min(...flat.map((l) => l.line.bbox[1]));
    const bottom = Math.max(...flat.map((l) => l.line.bbox[3]));
    for (const l of flat) if (l.line.bbox[1] === top || l.line.bbox[3] === bottom) out.add(lineKey(l));
    const left = flat.filter((l) => !taken.has(lineKey(l)));
    if (left.length < 2 || left.length === flat.length) continue;
    for (const edge of [true, false]) {
      const y = edge ? Math.min(...left.map((l) => l.line.bbox[1])) : Math.max(...left.map((l) => l.line.bbox[3]));
      const row = left.filter((l) => (edge ? l.line.bbox[1] : l.line.bbox[3]) === y);
      const baseline = edge ? Math.max(...row.map((l) => l.line.baseline)) : Math.min(...row.map((l) => l.line.baseline));
      const rest = left.filter((l) => !row.includes(l)).map((l) => l.line.baseline);
      if (!rest.length) continue;
      const gap = edge ? Math.min(...rest) - baseline : baseline - Math.max(...rest);
      if (gap >= EDGE_GAP * advance) for (const l of row) out.add(lineKey(l));
    }
  }
  return out;
}

/** Near repeats share at least this share of their words (Jaccard)... */
const NEAR_SIMILARITY = 0.6;
/** ...have at least this many words... */
const NEAR_MIN_WORDS = 3;
/** ...and are looked for on this many pages before each page (a chain of near repeats links a stretch). */
const NEAR_LOOKBACK = 3;

/** Groups of candidates at one height whose words mostly agree, linked page to page. */
function nearRepeats(candidates: Candidate[], body: number): Candidate[][] {
  const words = candidates.map((c) => new Set(c.key.split(' ').filter((w) => /\p{L}/u.test(w))));
  const parent = candidates.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  const byPage = new Map<number, number[]>();
  candidates.forEach((c, i) => {
    if (words[i].size < NEAR_MIN_WORDS) return;
    if (!byPage.has(c.l.page)) byPage.set(c.l.page, []);
    byPage.get(c.l.page)!.push(i);
  });
  const similar = (a: Set<string>, b: Set<string>) => {
    let common = 0;
    for (const w of a) if (b.has(w)) common++;
    return common / (a.size + b.size - common) >= NEAR_SIMILARITY;
  };
  for (const [page, here] of byPage) {
    for (let back = 1; back <= NEAR_LOOKBACK; back++) {
      for (const i of here) {
        for (const j of byPage.get(page - back) ?? []) {
          const a = candidates[i];
          const b = candidates[j];
          if (a.top !== b.top || Math.abs(a.offset - b.offset) > HEIGHT_TOLERANCE * Math.max(body, a.l.line.size)) continue;
          if (similar(words[i], words[j])) parent[find(i)] = find(j);
        }
      }
    }
  }
  const groups = new Map<number, Candidate[]>();
  candidates.forEach((c, i) => {
    if (words[i].size < NEAR_MIN_WORDS) return;
    const root = find(i);
    if (!groups.has(root)) groups.set(root, []);
    groups.get(root)!.push(c);
  });
  return [...groups.values()].filter((g) => g.length > 1);
}

export function detectFurniture(lines: PlacedLine[], body: number, minRepeats: number, advance: number): FurnitureResult {
  const byPage = linesByPage(lines);
  const pageCount = byPage.size;
  const repeats = repeatsNeeded(minRepeats, pageCount);
  const removed = new Set<Line>();
  // Lines taken as running heads by any rule (not folios, artifacts or notes).
  const headLines = new Set<Line>();
  const diagnostics: Diagnostic[] = [];
  const headers: FurnitureItem[] = [];
  const footers: FurnitureItem[] = [];
  const replaced = new Map<Line, Line>();
  const trimmedLines = new Set<Line>();
  const partial = new Map<Line, { l: PlacedLine; taken: Set<number>; items: { top: boolean; item: FurnitureItem }[] }>();
  const takeCells = (c: Candidate) => {
    const line = lineKey(c.l);
    const [i, j] = c.cells!;
    const p = partial.get(line) ?? { l: c.l, taken: new Set<number>(), items: [] };
    partial.set(line, p);
    if (Array.from({ length: j - i + 1 }, (_, k) => i + k).some((k) => p.taken.has(k))) return;
    for (let k = i; k <= j; k++) p.taken.add(k);
    p.items.push({ top: c.top, item: { page: c.l.page, text: line.cells!.slice(i, j + 1).join(' '), bbox: line.bbox, kind: 'running-head' } });
  };
  // Lines of a title block set again on a second page (titleBlockAgain): read, not taken as a head by any rule.
  const readAsTitle = new Set<Line>();
  // The document's title read on the first page, though it repeats as the head of the pages after it.
  const titleKept = new Set<Line>();
  const take = (l: PlacedLine, kind: FurnitureItem['kind'], top: boolean) => {
    const k = lineKey(l);
    if (removed.has(k) || (kind === 'running-head' && readAsTitle.has(k))) return;
    removed.add(k);
    (top ? headers : footers).push({ page: l.page, text: l.line.text, bbox: l.line.bbox, kind });
    if (kind === 'running-head') headLines.add(k);
  };

  // 0. Text too small to see (a logo's hidden label, "bs_bs_banner" at a third of a point): no reader meets it. A few
  //    short lines of a page only; a page set all so small is measured wrong, not invisible.
  for (const pageLines of byPage.values()) {
    const tiny = pageLines.filter((l) => l.seg.kind !== 'rotated' && l.line.size < MIN_VISIBLE_SIZE && l.line.size < INVISIBLE_SHARE * body);
    const chars = (ls: PlacedLine[]) => ls.reduce((n, l) => n + l.line.text.length, 0);
    if (!tiny.length || chars(tiny) > INVISIBLE_SHARE * chars(pageLines)) continue;
    for (const l of tiny) if (l.line.text.length <= MAX_INVISIBLE_CHARS) take(l, 'artifact', l.line.bbox[1] < l.pageHeight / 2);
  }

  // 1. Repeating heads and feet: same normalised text at the same height on enough pages of their stretch.
  const candidates = edgeCandidates(byPage, body);
  const groups = new Map<string, Candidate[]>();
  for (const c of candidates) {
    if (!c.key) continue;
    const g = `${c.top ? 'top' : 'bottom'}|${c.key}`;
    if (!groups.has(g)) groups.set(g, []);
    groups.get(g)!.push(c);
  }
  // Lines that repeat at one height on enough pages. A line of a paragraph in the text's size that happens to repeat so
  // (a sample's "Note 16 note 17 …" under a first line that differs) is still the paragraph's when a line it runs on
  // from (or, at a page's foot, into) at the paragraph's advance does not repeat; a masthead's lines all repeat.
  const repeating = new Set<Line>();
  for (const group of groups.values())
    if (new Set(group.map((c) => c.l.page)).size >= repeats) for (const c of group) for (const l of c.row ?? [c.l]) repeating.add(lineKey(l));
  const inParagraph = (c: Candidate) => {
    if (c.l.line.size < SMALL_HEAD * body) return false;
    const { lines: segLines } = c.l.seg;
    const step = c.top ? -1 : 1;
    for (let i = c.l.index, j = i + step; j >= 0 && j < segLines.length; i = j, j += step) {
      const [a, b] = [segLines[i], segLines[j]];
      if (Math.abs(a.size - b.size) > 0.1 * a.size || Math.abs(a.baseline - b.baseline) > PARAGRAPH_ADVANCE * a.size) return false;
      if (!repeating.has(b)) return true;
    }
    return false;
  };
  // A slide's title continued on the next slide ("… Challenges" over two slides of a list), in display type, on two
  // pages in a row only, while the same place on the other pages holds titles of their own in the same type: the
  // slides' titles, not a running head (a head repeats on more pages, or on every other page, and in text type). A
  // deck of three pages says too little.
  const continuedTitle = (cluster: Candidate[], pages: number[]) => {
    if (pageCount < MIN_DECK_PAGES || pages.length !== 2 || pages[1] !== pages[0] + 1) return false;
    const size = Math.min(...cluster.map((c) => c.l.line.size));
    // (A head that carries the page's number, "RN 4.04.00.02   1", is a head.)
    if (size < TITLE_SIZE * body || cluster.some((c) => !c.top || /\p{Nd}$/u.test(c.l.line.text.trim()))) return false;
    const offset = median(cluster.map((c) => c.offset));
    const own = candidates.filter(
      (o) =>
        o.top &&
        !pages.includes(o.l.page) &&
        Math.abs(o.offset - offset) <= HEIGHT_TOLERANCE * size &&
        Math.abs(o.l.line.size - size) <= SAME_TITLE_SIZE * size,
    );
    return new Set(own.map((o) => o.l.page)).size >= MIN_OTHER_TITLES && new Set(own.map((o) => o.key)).size === own.length;
  };
  // Chapters' openings ("Capitolo 1" on one page, "Capitolo 4" on another, each over its chapter's title), in display
  // type, each page with a number of its own: the chapters' headings, repeating as headings do. A running head naming
  // its chapter is set in text type or smaller, and says the same on the chapter's pages.
  // (A head carrying the page's number, "Release Notes 4.04 2" on page 2, numbers on with the pages: a head.)
  const numberedOpenings = (cluster: Candidate[]) => {
    const texts = cluster.map((c) => c.l.line.text.normalize('NFKC').trim());
    if (!cluster.every((c) => c.top && c.l.line.size >= TITLE_SIZE * body)) return false;
    if (!texts.every((t) => WORDED.test(t) && /\p{Nd}/u.test(t)) || new Set(texts).size !== texts.length) return false;
    const offsets = cluster.map((c, k) => {
      const numbers = texts[k].match(/\p{Nd}+/gu) ?? [];
      return decimal(numbers[numbers.length - 1] ?? '') - c.l.page;
    });
    return new Set(offsets).size > 1;
  };
  // A title block set again: three rows or more stacked at the top of a page, in about the text's size or larger (a
  // navigation bar, a journal's side panel are set small), repeating on the same two pages of a document too short to
  // show a head's repeats, with a page that lacks them (a form's cover and its next part under "UNITED STATES /
  // SECURITIES AND EXCHANGE COMMISSION / Washington, D.C. 20549", an opinion's caption over its certificate of
  // service). A running head is a row or two; a letterhead heads every page.
  const twoPagesOnly = (pages: number[]) => pages.length === 2 && pageCount > 2 && minRepeats > 2;
  const titleAgain = (l: PlacedLine, pages: number[]): Diagnostic => ({
    code: 'furniture-uncertain',
    severity: 'info',
    page: pages[1],
    message:
      'a block of rows repeated at the top of two pages only, in a short document: read as a title block set again on each page, not lifted as a running head',
    detail: { text: l.line.text, pages },
  });
  const titleBlockAgain = (cluster: Candidate[], pages: number[]) => {
    if (!twoPagesOnly(pages) || !cluster[0].top) return null;
    const keysOf = (page: number) => new Set((byPage.get(page) ?? []).map((l) => furnitureKey(l.line.text)).filter(Boolean));
    const keys = new Map(pages.map((page) => [page, keysOf(page)]));
    // On each page, the stack of lines over and under the head's, across its extent, whose texts the other page holds
    // too.
    const block = new Set<Line>();
    const found = cluster.every((c) => {
      const other = keys.get(pages[0] === c.l.page ? pages[1] : pages[0])!;
      const [x0, , x1] = c.l.line.bbox;
      const stack = (byPage.get(c.l.page) ?? [])
        .filter((l) => l.seg.kind !== 'rotated' && l.line.bbox[0] < x1 && l.line.bbox[2] > x0)
        .sort((a, b) => a.line.baseline - b.line.baseline);
      const at = stack.findIndex((l) => l.line === c.l.line);
      if (at < 0) return false;
      const held = (l: PlacedLine) => other.has(furnitureKey(l.line.text));
      let from = at;
      let to = at;
      while (from > 0 && held(stack[from - 1])) from--;
      while (to + 1 < stack.length && held(stack[to + 1])) to++;
      const rows = stack.slice(from, to + 1);
      if (new Set(rows.map((l) => Math.round(l.line.baseline))).size < TITLE_BLOCK_ROWS || rows.some((l) => l.line.size < FOOTER_SIZE * body))
        return false;
      for (const l of rows) block.add(lineKey(l));
      return true;
    });
    if (!found) return null;
    // (Read on both pages: no later rule takes its lines as a head. `fresh`: the block not seen by an earlier row of
    // it, so that one diagnostic tells of it.)
    const fresh = [...block].some((l) => !readAsTitle.has(l));
    for (const l of block) readAsTitle.add(l);
    return { fresh };
  };
  for (const group of groups.values()) {
    group.sort((a, b) => a.offset - b.offset);
    // Cluster by height.
    const clusters: Candidate[][] = [];
    for (const c of group) {
      const last = clusters[clusters.length - 1];
      if (last && c.offset - last[last.length - 1].offset <= HEIGHT_TOLERANCE * Math.max(body, c.l.line.size)) last.push(c);
      else clusters.push([c]);
    }
    for (const cluster of clusters) {
      const pages = [...new Set(cluster.map((c) => c.l.page))].sort((a, b) => a - b);
      const stretch = pages[pages.length - 1] - pages[0] + 1;
      if (pages.length < repeats || pages.length < MIN_DENSITY * stretch) continue;
      // Cells repeating only as cells are a table's, continued from page to page: a head stands alone somewhere.
      if (cluster.every((c) => c.cells)) continue;
      if (cluster.every((c) => !c.cells && inParagraph(c))) continue;
      if (continuedTitle(cluster, pages)) continue;
      if (numberedOpenings(cluster)) continue;
      const again = titleBlockAgain(cluster, pages);
      if (again) {
        if (again.fresh) diagnostics.push(titleAgain(cluster[0].l, pages));
        continue;
      }
      for (const c of cluster) {
        if (c.l.page === 1 && c.l.line.size >= TITLE_SIZE * body) {
          // The document's title, repeated as the running head of the pages after it: on its own page it is read.
          diagnostics.push({
            code: 'furniture-uncertain',
            severity: 'info',
            page: 1,
            message:
              'a line repeated as a running head is set in title type on the first page: read there as the title, lifted as a head on the other pages',
            detail: { text: c.l.line.text, size: c.l.line.size, bodySize: round2(body) },
          });
          titleKept.add(lineKey(c.l));
          continue;
        }
        if (c.cells) takeCells(c);
        else for (const l of c.row ?? [c.l]) take(l, isPageLabel(l.line.text) ? 'folio' : 'running-head', c.top);
      }
    }
  }
  // Rows with cells taken keep the rest of their cells; with none left, they are taken whole.
  for (const [line, { l, taken, items }] of partial) {
    if (removed.has(line)) continue;
    for (const { top, item } of items) (top ? headers : footers).push(item);
    const rest = (line.cells ?? []).filter((_, i) => !taken.has(i));
    if (rest.length === 0) {
      removed.add(line);
      continue;
    }
    const kept: Line = { ...line, text: rest.join(' '), cells: rest };
    replaced.set(line, kept);
    trimmedLines.add(kept);
    l.line = kept;
  }

  // 1z. A repeated panel: a block of the page (a segment of two lines or more, beside or between the text) whose
  //     every line repeats, the same text at the same height, on enough pages of the document (a journal's
  //     navigation panel beside each page of a discussion paper, a slide deck's side bar). Text does not repeat so,
  //     line for line; a block with one line of its own on a page is that page's. (Compared as set, not normalised:
  //     a panel repeats exactly, and the document's every line passes here.)
  if (pageCount >= 2) {
    const bin = PANEL_HEIGHT * body;
    const at = new Map<string, Set<number>>();
    for (const l of lines) {
      if (l.seg.kind === 'rotated') continue;
      // Heights rounded into bins: a line near a bin's edge is counted in the next bin too.
      const b = l.line.baseline / bin;
      for (const k of new Set([Math.round(b - 0.5), Math.round(b), Math.round(b + 0.5)])) {
        const key = `${k}|${l.line.text}`;
        const pages = at.get(key);
        if (pages) pages.add(l.page);
        else at.set(key, new Set([l.page]));
      }
    }
    const panelRepeats = Math.max(2, repeats);
    const pagesAt = (l: PlacedLine) => at.get(`${Math.round(l.line.baseline / bin)}|${l.line.text}`);
    const repeated = (l: PlacedLine) => (pagesAt(l)?.size ?? 0) >= panelRepeats;
    for (const segLines of groupBy(lines, (l) => `${l.page}:${l.segment}`)) {
      if (segLines.length < PANEL_LINES || segLines[0].seg.kind === 'rotated' || segLines[0].seg.kind === 'table') continue;
      // Its lines of words repeat (its buttons' glyphs and numbers go with them).
      if (!segLines.every((l) => repeated(l) || !WORDED.test(l.line.text))) continue;
      const worded = segLines.filter((l) => WORDED.test(l.line.text));
      if (worded.length < PANEL_LINES) continue;
      // The block of the title read on the first page (above): the title block, set again as the pages' head. (The
      // whole segment stays: a panel sharing a segment with the title is read with it on that page.)
      if (segLines.some((l) => titleKept.has(lineKey(l)))) continue;
      // A block of rows in the page's top half repeating on the same two pages only of a short document: a title
      // block set again (an opinion's caption over its certificate of service), read on both (as titleBlockAgain).
      const pages = [...(pagesAt(worded[0]) ?? [])].sort((a, b) => a - b);
      if (
        twoPagesOnly(pages) &&
        worded.every((l) => pagesAt(l)?.size === 2 && [...pagesAt(l)!].every((p) => pages.includes(p))) &&
        new Set(worded.map((l) => Math.round(l.line.baseline))).size >= TITLE_BLOCK_ROWS &&
        worded.every((l) => l.line.size >= FOOTER_SIZE * body) &&
        segLines[0].line.bbox[1] < segLines[0].pageHeight / 2
      ) {
        for (const l of segLines) readAsTitle.add(lineKey(l));
        if (segLines[0].page === pages[1]) diagnostics.push(titleAgain(segLines[0], pages));
        continue;
      }
      for (const l of segLines) take(l, 'running-head', l.line.bbox[1] < l.pageHeight / 2);
    }
  }

  // 1a. Near repeats: a slide footer or a head whose words change a little from page to page (the current section
  //     named in it, a date), at the same height, repeating over the pages of its stretch.
  // Only lines that look like heads take part: set smaller than the body, or outermost on their page.
  // Outermost once the heads and feet taken above are out of the way (a foot line above a repeated notice).
  const outermost = outermostLines(byPage, removed, advance);
  const headLike = (c: Candidate) => !c.deep && (c.l.line.size < SMALL_HEAD * body || (c.row ?? [c.l]).some((l) => outermost.has(lineKey(l))));
  for (const group of nearRepeats(
    // A float's caption at the top of two pages ("Table 2. Device driver events…", "Table 3. Device driver events…") is
    // each page's own, however alike the two.
    candidates.filter((c) => headLike(c) && !removed.has(lineKey(c.l)) && !CAPTION_START.test(c.l.line.text.trim())),
    body,
  )) {
    const pages = [...new Set(group.map((c) => c.l.page))].sort((a, b) => a - b);
    const stretch = pages[pages.length - 1] - pages[0] + 1;
    if (pages.length < repeats || pages.length < MIN_DENSITY * stretch || continuedTitle(group, pages)) continue;
    for (const c of group) for (const l of c.row ?? [c.l]) take(l, 'running-head', c.top);
  }

  // 1b. A short chapter's own head, repeated too few times to count alone: a head or foot with a page number in it,
  //     outermost on its page, in a slot where running heads are established (the same height and size as heads
  //     with page numbers taken on at least `minRepeats` other pages).
  // A page number at either end of the head ("Chapter 2: Structure 3", "12 Introduction"), not a year inside a line.
  const numbered = (key: string) => key.startsWith('# ') || key.endsWith(' #');
  const slots: { top: boolean; offset: number; size: number; pages: Set<number> }[] = [];
  const inSlot = (x: (typeof slots)[number], c: Candidate) =>
    x.top === c.top && Math.abs(x.offset - c.offset) <= SLOT_TOLERANCE * body && Math.abs(x.size - c.l.line.size) <= SLOT_TOLERANCE * body;
  for (const c of candidates) {
    if (!removed.has(lineKey(c.l)) || !numbered(c.key) || isPageLabel(c.l.line.text)) continue;
    let slot = slots.find((x) => inSlot(x, c));
    if (!slot) slots.push((slot = { top: c.top, offset: c.offset, size: c.l.line.size, pages: new Set() }));
    slot.pages.add(c.l.page);
  }
  const established = slots.filter((x) => x.pages.size >= repeats);
  if (established.length) {
    const outermost = new Map<string, number>();
    // The head itself still repeats: on two pages at least (a two-page chapter), never a line found once.
    const keyPages = new Map<string, Set<number>>();
    for (const c of candidates) {
      const k = `${c.top}|${c.l.page}`;
      outermost.set(k, Math.min(outermost.get(k) ?? Infinity, c.offset));
      const kk = `${c.top}|${c.key}`;
      if (!keyPages.has(kk)) keyPages.set(kk, new Set());
      keyPages.get(kk)!.add(c.l.page);
    }
    for (const c of candidates) {
      if (removed.has(lineKey(c.l)) || c.offset > outermost.get(`${c.top}|${c.l.page}`)!) continue;
      const label = isPageLabel(c.l.line.text);
      if (!label && (!numbered(c.key) || keyPages.get(`${c.top}|${c.key}`)!.size < 2)) continue;
      if (established.some((x) => inSlot(x, c))) take(c.l, label ? 'folio' : 'running-head', c.top);
    }
  }

  // 1c. A page's outermost row set apart from its text, carrying a page number: a running head with its folio beside
  //     it or in it ("9 … 1.2. METRISCHE RÄUME", "22 1.6. WEGE UND KNOTEN"), found on one page alone.
  // A title: the lines set TITLE_SIZE times the body or larger at the top of a page, one after the other.
  const titles = [...byPage].map(([pageNo, pageLines]) => {
    const key = pageLines
      .filter((l) => l.line.size >= TITLE_SIZE * body && l.line.bbox[3] <= HALF * l.pageHeight)
      .sort((a, b) => a.line.baseline - b.line.baseline)
      .map((l) => bareKey(l.line.text))
      .join(' ');
    return { page: pageNo, key, words: key ? key.split(' ').length : 0 };
  });
  const titled = (l: PlacedLine) => {
    const key = bareKey(l.line.text);
    // The head is the title or a short form of it, or the title after the authors' names ("D. Jha et al.: Real-Time
    // Polyp Detection, …").
    return (
      key.split(' ').length >= TITLE_HEAD_WORDS &&
      titles.some((t) => t.page < l.page && (t.key.includes(key) || (t.words >= TITLE_IN_HEAD_WORDS && key.includes(t.key))))
    );
  };
  // The number of a page's folio at its foot: a page label ("3", "2 of 5", "Page 3") alone among the page's lowest
  // lines, taken already or not.
  const footFolio = (pageLines: PlacedLine[]) => {
    const lowest = Math.max(...pageLines.map((l) => l.line.bbox[1]));
    const label = pageLines.find((l) => l.line.bbox[3] >= lowest && isPageLabel(l.line.text));
    const number = label?.line.text.normalize('NFKC').match(/\p{Nd}+/u);
    return number ? decimal(number[0]) : null;
  };
  const edgeOf = (pageLines: PlacedLine[], top: boolean) =>
    isolatedEdgeRow(
      pageLines,
      top,
      body,
      advance,
      (l) => removed.has(lineKey(l)),
      (l) => trimmedLines.has(lineKey(l)),
      titled,
      top ? footFolio(pageLines) : null,
    );
  // Each page's top row, and whether it stands as a head would, found when first asked for (a page whose row was
  // taken since is told by its lines taken, below).
  const leftmost = (row: PlacedLine[] | undefined) => row?.reduce((a, b) => (b.line.bbox[0] < a.line.bbox[0] ? b : a));
  type Top = { row: PlacedLine[] | undefined; first: PlacedLine | undefined; head: boolean };
  let topRows: Top[] | null = null;
  const topsOf = () =>
    (topRows ??= [...byPage.values()].map((pageLines) => {
      const row = outermostRow(pageLines, true)?.row;
      return { row, first: leftmost(row), head: edgeOf(pageLines, true) !== null };
    }));
  /** The row stands where other pages set a line of their text (a deck's kicker over each slide's title, "01 ·
   * Conversational design", numbered as a section): two pages at least hold a row in its place, in its type, and
   * none of them stands as a head. It is the text's kicker too. */
  const textSlot = (row: PlacedLine[]) => {
    const first = leftmost(row)!;
    const same = topsOf().filter(
      (t): t is Top & { row: PlacedLine[]; first: PlacedLine } =>
        !!t.first &&
        t.first.page !== first.page &&
        Math.abs(t.first.line.baseline - first.line.baseline) <= SLOT_TOLERANCE * body &&
        Math.abs(t.first.line.bbox[0] - first.line.bbox[0]) <= SLOT_TOLERANCE * body &&
        Math.abs(t.first.line.size - first.line.size) <= SLOT_SIZE * first.line.size &&
        furnitureKey(t.first.line.text) !== furnitureKey(first.line.text),
    );
    // (A row taken already, a running head found repeating, is a head there.)
    return same.length >= MIN_TEXT_SLOTS && same.every((t) => !t.head && !t.row.some((l) => removed.has(lineKey(l))));
  };
  for (const pageLines of byPage.values()) {
    for (const top of [true, false]) {
      const edge = edgeOf(pageLines, top);
      if (!edge || edge.row.every((l) => removed.has(lineKey(l)))) continue;
      if (edge.sure && top && textSlot(edge.row)) {
        diagnostics.push({
          code: 'furniture-uncertain',
          severity: 'info',
          page: edge.row[0].page,
          message:
            "the page's top line stands apart from the text as a running head does, but other pages set a line of their text in its place: kept in the flow",
          detail: { text: edge.row.map((l) => l.line.text).join(' '), gapAdvances: round2(edge.gap / advance) },
        });
      } else if (edge.sure) {
        for (const l of edge.row) take(l, isPageLabel(l.line.text) ? 'folio' : 'running-head', top);
      } else {
        // Conservative: it may be a head, it may be the page's first or last line of text. It stays in the flow.
        diagnostics.push({
          code: 'furniture-uncertain',
          severity: 'info',
          page: edge.row[0].page,
          message: `the page's ${top ? 'top' : 'bottom'} line stands apart from the text and carries a number, as a running ${top ? 'head' : 'foot'} does, but nothing else marks it as one: kept in the flow`,
          detail: { text: edge.row.map((l) => l.line.text).join(' '), gapAdvances: round2(edge.gap / advance) },
        });
      }
    }
  }

  // 1c''. A form's name taken as its head on a page ("Form 6251 (2024)      Page 2") stands at the pages' other edge
  //       too, alone or closing a row of its notices ("For Paperwork Reduction Act Notice … Cat. No. 13600G      Form
  //       6251 (2024)"): the outermost row at that edge, named by a head of the other edge, is furniture as well. (At
  //       the same edge a line naming a head may be the chapter's own title, which the head repeats.)
  const named = (top: boolean) =>
    (top ? footers : headers)
      .filter((f) => f.kind === 'running-head')
      // Its name without the page it names ("Form 6251 (2024) Page 2").
      .map((f) => furnitureKey(f.text.normalize('NFKC').trim().replace(PAGED, '').replace(PAGED_START, '')))
      .filter((k) => k.split(' ').length >= 2 && WORDED.test(k));
  for (const top of [true, false]) {
    const keys = named(top);
    if (!keys.length) continue;
    for (const pageLines of byPage.values()) {
      // The page's outermost row itself, not what is left when the heads taken are set aside (a slide's foot line
      // taken, the line over it is the slide's text).
      const edge = outermostRow(pageLines, top);
      if (!edge || edge.row.some((l) => removed.has(lineKey(l)))) continue;
      const row = [...edge.row].sort((a, b) => a.line.bbox[0] - b.line.bbox[0]);
      const key = furnitureKey(row.map((l) => l.line.text).join(' '));
      if (keys.some((k) => key === k || key.endsWith(` ${k}`) || key.startsWith(`${k} `))) for (const l of row) take(l, 'running-head', top);
    }
  }

  // 1c'. A venue stack: a page's first rows in small type, each a line of the article's history or identity ("Received:
  //      27 January 2025 | Accepted: 8 January 2026" over "DOI: 10.1111/aphw.70125"), standing apart above the text.
  //      Rows close together, so none stands apart alone as 1c asks.
  for (const pageLines of byPage.values()) {
    const flat = pageLines
      .filter((l) => l.seg.kind !== 'rotated' && !removed.has(lineKey(l)) && l.line.size >= MIN_VISIBLE_SIZE)
      .sort((a, b) => a.line.bbox[1] - b.line.bbox[1]);
    const stack: PlacedLine[] = [];
    for (const l of flat) {
      const text = l.line.text.normalize('NFKC').trim();
      const inRow = stack.length > 0 && l.line.bbox[1] < stack[stack.length - 1].line.bbox[3];
      if (l.line.size < SMALL_HEAD * body && (LEGAL.test(text) || HISTORY.test(text))) stack.push(l);
      else if (!inRow) break;
      else {
        stack.length = 0;
        break;
      }
    }
    if (!stack.length || stack.length > MAX_VENUE_LINES) continue;
    const next = flat[stack.length];
    const low = Math.max(...stack.map((l) => l.line.baseline));
    if (!next || next.line.baseline - low < SMALL_EDGE_GAP * advance || low > EDGE_SHARE * stack[0].pageHeight) continue;
    for (const l of stack) take(l, 'running-head', true);
  }

  // 1c'''. A head over a sentence carried on: the page's first line or two, short and in the text's type, set apart
  //        at the top over a line that opens in lower case, the previous page having stopped mid-sentence ("FIXED WING
  //        STABILITY AND CONTROL / Theory and Flight Test Techniques" over "involve engine airstart, …"). No heading
  //        falls inside a sentence; a running head found on one page alone does.
  const pageNumbers = [...byPage.keys()].sort((a, b) => a - b);
  for (let p = 1; p < pageNumbers.length; p++) {
    // Only the page right before: a range of pages with one left out carries no sentence across the gap.
    if (pageNumbers[p] !== pageNumbers[p - 1] + 1) continue;
    const block = sentenceHead(byPage.get(pageNumbers[p])!, byPage.get(pageNumbers[p - 1])!, body, advance, (l) => removed.has(lineKey(l)));
    for (const l of block) take(l, 'running-head', true);
  }

  // 1d. A masthead: the first lines of a block at the top of a page that say what a running head taken on another
  //     page says, in other words or over several lines ("Federal Register / Vol. 85, No. 152 / Thursday, August
  //     6, 2020 / Proposed Rules" on every page, set as three lines atop the first page's last column), in small
  //     type as mastheads are: a section heading that the next pages' heads repeat is set at body size or larger,
  //     and so is a title repeated as the running head.
  const headWords = headers.filter((hd) => hd.kind === 'running-head').map((hd) => ({ page: hd.page, words: new Set(wordsOf(hd.text)) }));
  if (headWords.length) {
    for (const [pageNo, pageLines] of byPage) {
      const others = headWords.filter((hd) => hd.page !== pageNo);
      for (const segLines of groupBy(pageLines, (l) => l.segment)) {
        const lead: PlacedLine[] = [];
        for (const l of segLines.sort((a, b) => a.index - b.index)) {
          if (removed.has(lineKey(l))) continue;
          const words = wordsOf(l.line.text);
          const fits =
            l.seg.kind !== 'rotated' &&
            l.line.bbox[3] <= EDGE_SHARE * l.pageHeight &&
            l.line.size < SMALL_HEAD * body &&
            words.length >= MASTHEAD_LINE_WORDS &&
            others.some((hd) => words.every((w) => hd.words.has(w)));
          if (!fits) break;
          lead.push(l);
        }
        const words = new Set(lead.flatMap((l) => wordsOf(l.line.text)));
        const head = others.find((hd) => [...words].every((w) => hd.words.has(w)) && words.size >= MASTHEAD_SHARE * hd.words.size);
        if (head && words.size >= MASTHEAD_WORDS) for (const l of lead) take(l, 'running-head', true);
      }
    }
  }

  // 1e. The rest of a running head's row: a short piece level with a head or foot taken above, in the page's
  //     outermost row and in the head's type (a leaflet's language code, "en" or "de", at the left of its foot line's
  //     repeated address). Text does not share a row with the furniture at the page's very edge.
  for (const pageLines of byPage.values()) {
    for (const top of [true, false]) {
      const edge = outermostRow(pageLines, top);
      const heads = edge?.row.filter((l) => headLines.has(lineKey(l)));
      if (!edge || !heads?.length) continue;
      const size = Math.max(...heads.map((l) => l.line.size));
      const rest = edge.row.filter((l) => !removed.has(lineKey(l)));
      if (!rest.length) continue;
      // Not a heading level with a logo's repeated words (a slide's title beside "ACME Labs"): bold or set larger than the text.
      const short = (l: PlacedLine) =>
        wordsOf(l.line.text).length <= ROW_MATE_WORDS &&
        l.line.text.length <= ROW_MATE_CHARS &&
        l.line.size <= ROW_MATE_SIZE * size &&
        !l.line.bold &&
        l.line.size <= ROW_MATE_SIZE * body;
      if (rest.every(short)) for (const l of rest) take(l, isPageLabel(l.line.text) ? 'folio' : 'running-head', top);
    }
  }

  // 2. Standalone page numbers and page labels in the outer band, alone on their row: no other line of the page
  //    shares any of its height (a raised numerator or a footnote mark beside a line of text is not alone, though
  //    its baseline is its own).
  for (const l of lines) {
    if (l.seg.kind === 'rotated' || !isPageLabel(l.line.text)) continue;
    const [, y0, , y1] = l.line.bbox;
    const alone = !byPage
      .get(l.page)!
      .some((o) => o !== l && o.seg.kind !== 'rotated' && !removed.has(lineKey(o)) && o.line.bbox[1] < y1 && o.line.bbox[3] > y0);
    const h = l.pageHeight;
    const top = y1 <= FOLIO_SHARE * h;
    const bottom = y0 >= (1 - FOLIO_SHARE) * h;
    if (alone && (top || bottom)) take(l, /page|of|\//i.test(l.line.text) ? 'page-label' : 'folio', top);
  }

  // 2'. Page numbers in the side margin, clear of the page's text, at one place on `repeats` pages or more: the folios,
  //     though they stand level with the text (a number in a disc beside a Word report's text block, mid-height).
  const sideNumbers: PlacedLine[] = [];
  for (const pageLines of byPage.values()) {
    const text = pageLines.filter((l) => l.seg.kind !== 'rotated' && !removed.has(lineKey(l)));
    const isNumber = (l: PlacedLine) => PAGE_NUMBER_ONLY.test(l.line.text.trim());
    // The page's text, its page numbers apart, from its left edge to its right.
    const words = text.filter((l) => !isNumber(l));
    if (words.length === 0) continue;
    const [left, right] = [Math.min(...words.map((o) => o.line.bbox[0])), Math.max(...words.map((o) => o.line.bbox[2]))];
    for (const l of text) if (isNumber(l) && (l.line.bbox[0] > right || l.line.bbox[2] < left)) sideNumbers.push(l);
  }
  const samePlace = (a: PlacedLine, b: PlacedLine) =>
    Math.abs(a.line.bbox[1] - b.line.bbox[1]) <= SLOT_TOLERANCE * body && Math.abs(a.line.bbox[0] - b.line.bbox[0]) <= SLOT_TOLERANCE * body * 2;
  for (const l of sideNumbers) {
    const pages = new Set(sideNumbers.filter((o) => samePlace(o, l)).map((o) => o.page));
    if (pages.size >= Math.max(2, repeats)) take(l, 'folio', l.line.bbox[1] < l.pageHeight / 2);
  }

  // 2b. Jump lines: a line that only says where the text goes on or came from ("continued on page 2", "(continued
  //     from previous page)", "Fortsetzung auf Seite 3") is the page's navigation, as a folio is, wherever it stands.
  for (const l of lines) {
    if (l.seg.kind === 'rotated' || !JUMP_LINE.test(l.line.text.normalize('NFKC').trim())) continue;
    take(l, 'jump-line', l.line.bbox[1] < l.pageHeight / 2);
  }

  // 3. Margin stamps: rotated text hugging a page edge. Watermarks: up to four words of rotated text set twice or more the
  //    body's size across the page ("DRAFT", "CONFIDENTIAL" drawn diagonally over the text).
  for (const l of lines) {
    if (l.seg.kind !== 'rotated') continue;
    const w = l.pageWidth;
    if (l.line.bbox[2] <= STAMP_EDGE * w || l.line.bbox[0] >= (1 - STAMP_EDGE) * w) take(l, 'margin-stamp', false);
    else if (l.line.size >= WATERMARK_SIZE * body && l.line.text.trim().split(/\s+/).length <= WATERMARK_WORDS) take(l, 'watermark', true);
  }

  // 4. Bottom matter: small type below every column of the page, in the bottom band, full width (a venue or
  //    copyright footer on a first page). A document of one page has no first page to set apart from the others:
  //    its foot lines (a flyer's contact line) are furniture only when they are a notice.
  const single = byPage.size === 1;
  const firstPage = Math.min(...byPage.keys());
  for (const pageLines of byPage.values()) {
    const segs = [...new Set(pageLines.map((l) => l.segment))].sort((a, b) => a - b);
    // Trailing span segments of the page (after its last column segment).
    for (let k = segs.length - 1; k >= 0; k--) {
      const segLines = pageLines.filter((l) => l.segment === segs[k]);
      const seg = segLines[0].seg;
      if (seg.kind === 'rotated') continue;
      if (seg.kind !== 'span') break;
      const rest = segLines.filter((l) => !removed.has(lineKey(l)));
      const h = segLines[0].pageHeight;
      const small = rest.length > 0 && rest.every((l) => l.line.size < FOOTER_SIZE * body && l.line.bbox[1] >= (1 - EDGE_SHARE) * h);
      if (!small || (single && !rest.some((l) => LEGAL.test(l.line.text)))) break;
      // A caption under the page's last figure or table ("표 1: …") is the text's, as captions are wherever they sit.
      if (rest.some((l) => CAPTION_START.test(l.line.text.trim()))) break;
      // Three lines or more of small type and not a notice: a photo's caption without a label, a paragraph.
      if (rest.length >= FOOT_PARAGRAPH_LINES && !rest.some((l) => LEGAL.test(l.line.text))) break;
      // A link deep into a site, alone (a slide's source under its text), is the text's reference, not a footer.
      if (rest.every((l) => DEEP_LINK.test(l.line.text.trim()) && !LEGAL.test(l.line.text))) break;
      // A credit naming the text's source ("Source: OpenChain training slides: https://…") is the text's, as a caption is.
      if (SOURCE_CREDIT.test(rest[0].line.text.trim())) break;
      // Sentences of words, not a notice (a slide's note under its table: "TAC elects TAC Lead on a 2 year term. TAC
      // meet every 6 weeks."): the text's small print. A venue line, a journal's dates, an address are no sentences.
      // On a first page small print is a notice ("Author accepted manuscript. The final version …"), unless it opens
      // with its raised mark: a note (a table's note at the foot, "¹The three letter acronyms identify …"), which the
      // notes pass takes.
      const mark = rest[0].line.mark ?? 0;
      if (
        (rest[0].page > firstPage || mark) &&
        proseNote(
          rest
            .map((l) => l.line.text)
            .join(' ')
            .slice(mark),
        )
      )
        break;
      for (const l of rest) take(l, 'page-footer', false);
    }
  }

  // 5. A notice at the foot of a column (or of the page's one column): its last lines, a few, in small type in the
  //    bottom band, a step below the column's text, one of them a copyright line or the publication's identifier (an
  //    ACM first page's "2025. ACM ISBN …" and DOI block under the first column, a LIPIcs paper's licence box).
  const columnLines = new Map<Segment, PlacedLine[]>();
  for (const l of lines) {
    if ((l.seg.kind !== 'column' && l.seg.kind !== 'span') || removed.has(lineKey(l))) continue;
    const list = columnLines.get(l.seg);
    if (list) list.push(l);
    else columnLines.set(l.seg, [l]);
  }
  for (const segLines of columnLines.values()) {
    const h = segLines[0].pageHeight;
    let k = segLines.length;
    while (
      k > 0 &&
      segLines.length - k < NOTICE_LINES &&
      segLines[k - 1].line.size < FOOTER_SIZE * body &&
      segLines[k - 1].line.bbox[1] >= (1 - EDGE_SHARE) * h
    )
      k--;
    const tail = segLines.slice(k);
    if (k === 0 || !tail.length || !tail.some((l) => LEGAL.test(l.line.text))) continue;
    // The step is measured over the notice's own type: a small line set a normal advance's space below the text.
    const step = tail[0].line.baseline - segLines[k - 1].line.baseline;
    if (step < NOTICE_STEP * advance && step - tail[0].line.size < NOTICE_SPACE * advance) continue;
    for (const l of tail) take(l, 'page-footer', false);
  }

  // 6. A licence notice closing a sidebar (an open-access journal's first page: "This is an Open Access article,
  //    distributed under the terms of the Creative Commons Attribution licence …" at the foot of the narrow column
  //    beside the text): the last lines of a narrow column, a paragraph standing apart below the column's other lines,
  //    in the lower half of the page, that names the licence.
  const width = (s: Segment) => s.bbox[2] - s.bbox[0];
  for (const segLines of columnLines.values()) {
    const seg = segLines[0].seg;
    if (seg.kind !== 'column' || width(seg) > SIDEBAR_WIDTH * segLines[0].pageWidth) continue;
    let k = segLines.length - 1;
    while (k > 0 && segLines[k].line.baseline - segLines[k - 1].line.baseline <= LICENCE_ADVANCE * segLines[k].line.size) k--;
    const notice = segLines.slice(k);
    if (k > 0 && notice[0].line.baseline - segLines[k - 1].line.baseline < NOTICE_STEP * advance) continue;
    if (notice.length > MAX_LICENCE_LINES || notice[0].line.bbox[1] < notice[0].pageHeight / 2) continue;
    if (!LICENCE.test(notice.map((l) => l.line.text).join(' '))) continue;
    // A notice under a heading of its own ("License" over "Authors of papers retain copyright …", a software journal's
    // sidebar of "Software", "Submitted", "License") is one of the sidebar's titled items: the sidebar's text.
    if (notice.length >= 2 && SIDEBAR_HEADING.test(notice[0].line.text.trim())) continue;
    // A sidebar stands beside the text, set wider than it: one of a refcard's or a brochure's columns, all of a width,
    // is the text itself, and a paragraph closing it ("Octave itself is free software …") is the text's. (Looked for
    // last, over the document's segments, only for a notice found.)
    const beside = [...columnLines.keys()].some(
      (o) =>
        o !== seg &&
        o.page === seg.page &&
        width(o) >= SIDEBAR_TEXT_RATIO * width(seg) &&
        (o.bbox[0] >= seg.bbox[2] || o.bbox[2] <= seg.bbox[0]) &&
        o.bbox[1] < seg.bbox[3] &&
        o.bbox[3] > seg.bbox[1],
    );
    if (!beside) continue;
    for (const l of notice) take(l, 'page-footer', false);
  }

  // 7. A masthead beside the title on a page's top: a column's first lines in small type, a few short ones, two of
  //    them at least the article's identity or history (its copyright line, DOI, dates), the journal's name and
  //    volume and web address among them ("Chronic Stress / Volume 10: 1–13 / © The Author(s) 2026 / … / DOI:
  //    10.1177/…"), over the column's text in its own type or larger.
  for (const segLines of columnLines.values()) {
    if (segLines[0].seg.kind !== 'column') continue;
    const lead: PlacedLine[] = [];
    for (const l of segLines) {
      if (removed.has(lineKey(l))) continue;
      if (l.line.size >= SMALL_HEAD * body || l.line.text.length > MAX_MASTHEAD_CHARS) break;
      lead.push(l);
    }
    if (lead.length < 2 || lead.length > MAX_MASTHEAD_LINES || lead.length === segLines.length) continue;
    if (lead[lead.length - 1].line.bbox[3] > BESIDE_MASTHEAD_SHARE * lead[0].pageHeight) continue;
    const identity = lead.filter((l) => {
      const text = l.line.text.normalize('NFKC').trim();
      return LEGAL.test(text) || HISTORY.test(text);
    });
    if (identity.length < 2) continue;
    for (const l of lead) take(l, 'running-head', true);
  }

  const order = (a: FurnitureItem, b: FurnitureItem) => a.page - b.page || a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0];
  headers.sort(order);
  footers.sort(order);
  return { headers, footers, removed, replaced, diagnostics };
}
