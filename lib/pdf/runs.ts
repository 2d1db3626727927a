/**
 * A page's text as runs with boxes in displayed-page points (origin top-left, `/Rotate` and the crop box applied),
 * font size, font facts, direction, content-stream index and marked-content ids.
 */
import type { CheckBox, Direction, Run } from '../types.js';
import { fontFacts, type FontFacts } from './fonts.js';
import { multiply, type Matrix } from './matrix.js';
import type { OpenPdf, PdfPage } from './open.js';

export { HORIZONTAL_TOLERANCE_DEG, isHorizontal } from '../layout/lines.js';

/** Ascent and descent used when pdf.js does not know them (non-embedded base fonts): typical Latin faces. */
const FALLBACK_ASCENT = 0.8;
const FALLBACK_DESCENT = -0.2;
/** Font metrics outside these bounds make boxes taller than the glyphs (some fonts declare 1.07 / -0.29). */
const ASCENT_RANGE: [number, number] = [0.6, 0.95];
const DESCENT_RANGE: [number, number] = [-0.3, -0.1];
/** Inside one run, this much whitespace separates pieces that get their own boxes (wide internal spaces). */
const WIDE_SPACE = /[ \u00a0]{2,}|\t/g;
const HAS_WIDE_SPACE = /[ \u00a0]{2}|\t/;

/**
 * Letter-spaced text comes out of pdf.js as single glyphs separated by spaces ("N O R T H"). Three or more single
 * letters in a row, each separated by one space, are one word.
 */
export function collapseLetterSpacing(text: string): string {
  // Cheap test first: three single characters in a row, space-separated.
  if (!/(?:^| )[^ ] [^ ] [^ ](?: |$)/.test(text)) return text;
  return text.replace(/(?<![^\s])\p{L}(?: \p{L}(?![^\s])){2,}/gu, (m) => m.replace(/ /g, ''));
}

const clamp = (v: number, [lo, hi]: [number, number]) => Math.min(hi, Math.max(lo, v));

/**
 * Whether a font's text on a page is fixed-pitch: its name says so, or pdf.js flags it (a descriptor flag, or glyphs
 * all of one width) and its text on the page shows at least three different characters, mostly Latin. The flag alone
 * is weak evidence: a subset holding only leader dots has one width, and so does a CJK font whose glyphs are all
 * full-width. Decided over all the font's runs on the page, so a lone `}` line of a listing is code like the rest.
 */
export function isFixedPitchFont(font: Pick<FontFacts, 'monospace' | 'fixedWidths'>, texts: string[]): boolean {
  if (font.monospace) return true;
  if (!font.fixedWidths) return false;
  const { kinds, latin } = characters(texts);
  return kinds >= 3 && latin;
}

/** How many different characters some texts hold (spaces aside), and whether most of them are Latin. */
function characters(texts: string[]): { kinds: number; latin: boolean } {
  const seen = new Set<string>();
  let latin = 0;
  let all = 0;
  for (const text of texts) {
    for (const ch of text) {
      if (ch === ' ') continue;
      seen.add(ch);
      all++;
      if (ch.charCodeAt(0) < 0x250) latin++;
    }
  }
  return { kinds: seen.size, latin: latin * 2 > all };
}

/** A font's pitch is measured on its text items of at least this many characters... */
const MIN_PITCH_CHARS = 4;
/** ...on at least this many of them... */
const MIN_PITCH_ITEMS = 3;
/** ...holding at least this many different characters, and is fixed when the items' advance per character agrees
 * within this share: a proportional face's lines differ by several per cent (an `i` is narrower than an `m`). */
const MIN_PITCH_KINDS = 12;
const PITCH_SPREAD = 0.01;
/** ...and on items of different lengths: the longest at least this many times the shortest. */
const MIN_LENGTH_SPREAD = 1.2;

/** A face flagged fixed-pitch whose runs advance unevenly per character by more than this share is not one. */
const FLAGGED_PITCH_SPREAD = 0.05;

/**
 * Runs of a face pdf.js flags fixed-pitch (one width for every glyph in its widths) that advance unevenly per
 * character, measured on MIN_PITCH_ITEMS runs of MIN_PITCH_CHARS or more: the flag came from a subset of a text face
 * (a list's bullet lines set in a second instance of the body face), not from a fixed-pitch one.
 */
export function unevenPitch(runs: Run[]): boolean {
  const pitch = runs.filter((r) => r.angle === 0 && [...r.text].length >= MIN_PITCH_CHARS).map((r) => (r.x1 - r.x0) / ([...r.text].length * r.size));
  if (pitch.length < MIN_PITCH_ITEMS) return false;
  return Math.max(...pitch) > Math.min(...pitch) * (1 + FLAGGED_PITCH_SPREAD);
}

/**
 * A fixed-pitch face whose name and flags do not say so (M+ 1mn, a subset renamed): every text item of it advances
 * the same width per character, whatever its characters, on at least three items with a dozen different characters,
 * mostly Latin (a CJK face is all full-width and is not code for it).
 */
export function measuredFixedPitch(pitch: number[], texts: string[]): boolean {
  if (pitch.length < MIN_PITCH_ITEMS) return false;
  const lo = Math.min(...pitch);
  const hi = Math.max(...pitch);
  if (!(lo > 0) || hi > lo * (1 + PITCH_SPREAD)) return false;
  // Items of one length tell nothing: a few justified lines of a proportional face, each the column's width with
  // about as many characters, advance alike per character by chance (a list's three bulleted lines).
  const lengths = texts.map((t) => [...t].length);
  if (Math.max(...lengths) < MIN_LENGTH_SPREAD * Math.min(...lengths)) return false;
  const { kinds, latin } = characters(texts);
  return kinds >= MIN_PITCH_KINDS && latin;
}

interface TextItemLike {
  str: string;
  dir: string;
  transform: number[];
  width: number;
  height: number;
  fontName: string;
  hasEOL: boolean;
}
interface MarkedItemLike {
  type: 'beginMarkedContent' | 'beginMarkedContentProps' | 'endMarkedContent';
  id?: string;
  tag?: string;
}

export interface PageText {
  width: number;
  height: number;
  rotation: number;
  runs: Run[];
  /** Runs left out because the page exceeded `maxRunsPerPage`. */
  droppedRuns: number;
  /** The page's operator list was built (to learn its fonts' names); asking for it again costs nothing. */
  operatorList: boolean;
  /** Lines of text drawn by form fields and free-text annotations (their appearance, not the page's content). */
  fieldLines: number;
  /** The boxes of the page's check-box and radio-button fields, in the runs' coordinates (a fillable form's options:
   * the page's content may draw no square for them). */
  fieldChecks: CheckBox[];
}

/** The parts of pdf.js' annotation data that say what text an annotation shows, and where. */
export interface AnnotationLike {
  subtype?: string;
  fieldType?: string;
  fieldValue?: unknown;
  hidden?: boolean;
  rect?: number[];
  rotation?: number;
  textContent?: string[];
  textPosition?: number[];
  textAlignment?: number | null;
  comb?: boolean;
  checkBox?: boolean;
  radioButton?: boolean;
  defaultAppearanceData?: { fontSize?: number; fontName?: string };
}

/** A field's text set with no font size of its own (auto size) is set this share of the field's height, at most... */
const AUTO_SIZE_SHARE = 0.7;
const AUTO_SIZE_MAX = 12;
/** ...its lines this many sizes apart, and its characters estimated this many sizes wide (a Helvetica average). */
const FIELD_LEADING = 1.15;
const FIELD_CHAR_WIDTH = 0.5;
/** A field's text starts this far inside its box (the padding viewers draw it with). */
const FIELD_PADDING = 2;

/**
 * The lines an annotation shows as text: a text field's or a free-text annotation's, from its appearance when pdf.js
 * read one, else its value; none for hidden and rotated ones, buttons (a check mark is no text) and the rest.
 */
export function shownFieldText(a: AnnotationLike): string[] {
  const isText = (a.subtype === 'Widget' && a.fieldType === 'Tx') || a.subtype === 'FreeText';
  if (!isText || a.hidden || (a.rotation ?? 0) % 360 !== 0) return [];
  if (a.textContent?.length) return a.textContent;
  return typeof a.fieldValue === 'string' ? a.fieldValue.split(/\r\n?|\n/) : [];
}

/**
 * The boxes of a page's check-box and radio-button fields that are shown, in the coordinates of the page's runs (its
 * viewport at scale 1, top down), [x0, y0, x1, y1].
 */
export function fieldChecks(annotations: AnnotationLike[], vt: Matrix): CheckBox[] {
  const out: CheckBox[] = [];
  for (const a of annotations) {
    if (a.subtype !== 'Widget' || a.fieldType !== 'Btn' || !(a.checkBox || a.radioButton) || a.hidden || a.rect?.length !== 4) continue;
    const [p, q] = [
      [a.rect[0], a.rect[1]],
      [a.rect[2], a.rect[3]],
    ].map(([x, y]) => [vt[0] * x + vt[2] * y + vt[4], vt[1] * x + vt[3] * y + vt[5]]);
    out.push([Math.min(p[0], q[0]), Math.min(p[1], q[1]), Math.max(p[0], q[0]), Math.max(p[1], q[1])]);
  }
  return out;
}

/**
 * The text a page's form fields and free-text annotations show: a filled form's entries are drawn by the fields'
 * appearance streams, not by the page's content, and pdf.js' text content leaves them out. Each shown line becomes a
 * run where the field draws it (pdf.js gives the appearance's first text position; the other lines follow at the
 * font's leading; a value without an appearance is placed as viewers place it, by the field's alignment). Hidden
 * fields, buttons (a check mark is no text) and rotated fields are left out.
 */
export function fieldRuns(annotations: AnnotationLike[], vt: Matrix, first: number): Run[] {
  const runs: Run[] = [];
  // Only a page shown upright keeps the fields' text horizontal; a turned page turns it with the page.
  const angle = (Math.atan2(vt[1], vt[0]) * 180) / Math.PI;
  for (const a of annotations) {
    const lines = shownFieldText(a).map((t) => t.trim());
    if (a.rect?.length !== 4 || !lines.some((t) => t)) continue;
    const [rx0, ry0, rx1, ry1] = [
      Math.min(a.rect[0], a.rect[2]),
      Math.min(a.rect[1], a.rect[3]),
      Math.max(a.rect[0], a.rect[2]),
      Math.max(a.rect[1], a.rect[3]),
    ];
    const height = ry1 - ry0;
    const given = a.defaultAppearanceData?.fontSize ?? 0;
    const size = given > 0 ? given : Math.max(1, Math.min(AUTO_SIZE_MAX, (AUTO_SIZE_SHARE * height) / Math.max(1, lines.length)));
    const font = fontFacts(a.defaultAppearanceData?.fontName || 'Helvetica');
    // The first line's baseline in the page's user space: where the appearance draws it, or centred in a one-line
    // field, under the top padding in a multi-line one
    // (pdf.js gives that position from the field box's lower left corner.)
    const tp = a.textPosition;
    const at = tp?.length === 2 && tp.every(Number.isFinite) ? [rx0 + tp[0], ry0 + tp[1]] : null;
    const firstBaseline = at
      ? at[1]
      : lines.length === 1
        ? ry0 + (height - size) / 2 - FALLBACK_DESCENT * size
        : ry1 - FIELD_PADDING - FALLBACK_ASCENT * size;
    lines.forEach((text, i) => {
      if (!text) return;
      const width = Math.min(rx1 - rx0, a.comb ? rx1 - rx0 : [...text].length * FIELD_CHAR_WIDTH * size);
      const align = a.textAlignment ?? 0;
      const left = a.comb
        ? rx0
        : at && i === 0 && align === 0
          ? at[0]
          : align === 1
            ? (rx0 + rx1 - width) / 2
            : align === 2
              ? rx1 - FIELD_PADDING - width
              : rx0 + FIELD_PADDING;
      const base = firstBaseline - i * FIELD_LEADING * size;
      // Corners in user space, then on the displayed page.
      const corners = [
        [left, base + FALLBACK_DESCENT * size],
        [left + width, base + FALLBACK_DESCENT * size],
        [left, base + FALLBACK_ASCENT * size],
        [left + width, base + FALLBACK_ASCENT * size],
      ].map(([x, y]) => [vt[0] * x + vt[2] * y + vt[4], vt[1] * x + vt[3] * y + vt[5]]);
      const [bx, by] = [vt[0] * left + vt[2] * base + vt[4], vt[1] * left + vt[3] * base + vt[5]];
      const xs = corners.map((c) => c[0]);
      const ys = corners.map((c) => c[1]);
      runs.push({
        text,
        x0: Math.min(...xs),
        y0: Math.min(...ys),
        x1: Math.max(...xs),
        y1: Math.max(...ys),
        baseline: Math.abs(angle) < 1 ? by : bx,
        size,
        font: font.name,
        bold: font.bold,
        italic: font.italic,
        dir: 'ltr',
        angle: Math.round(angle),
        stream: first + runs.length,
        spaceBefore: true,
        spaceAfter: true,
      });
    });
  }
  return runs;
}

/** Make sure every font used on the page has its real name: one operator list per page that brings a new font. */
async function resolveFonts(pdf: OpenPdf, page: PdfPage, names: Iterable<string>, styles: Record<string, { fontFamily?: string }>): Promise<boolean> {
  const missing = [...names].filter((n) => !pdf.fonts.has(n));
  if (missing.length === 0) return false;
  try {
    await page.getOperatorList();
  } catch {
    // A page whose operators cannot be listed still has its text; its fonts keep their fallback facts.
  }
  for (const n of missing) {
    let facts: FontFacts;
    try {
      const obj = page.commonObjs.has(n) ? (page.commonObjs.get(n) as { name?: string; isMonospace?: boolean }) : null;
      facts = fontFacts(obj?.name ?? n);
      if (obj?.isMonospace) facts.fixedWidths = true;
    } catch {
      facts = fontFacts(n);
    }
    if (styles[n]?.fontFamily === 'monospace') facts.fixedWidths = true;
    pdf.fonts.set(n, facts);
  }
  return true;
}

const TEXT_PARAMS = { includeMarkedContent: true };
/** Full-width commas and full stops, drawn in the left half of their em when set horizontally... */
const HALF_INK_END = /[\u3001\u3002\uff0c\uff0e]$/u;
/** ...which share of the character's width they leave blank at their right. */
const HALF_INK_SHARE = 0.5;
/** C0 and C1 control characters other than tab, line feed and carriage return. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u0080-\u009f]/g;

/**
 * Ask pdf.js for a page's text now, for `readPageText` to take when it reads the page. pdf.js inflates a page's
 * content stream on libuv's thread pool (DecompressionStream) and waits for it: asked for while the page before is
 * laid out, the next page's inflating overlaps that work instead of leaving the main thread idle. A failure is left
 * for `readPageText` to meet (and report) when it takes the text.
 */
export function prefetchPageText(pdf: OpenPdf, pageNo: number): void {
  pdf.doc
    .getPage(pageNo)
    .then((page) => {
      if (pdf.textAhead.has(page)) return;
      const content = page.getTextContent(TEXT_PARAMS);
      content.catch(() => undefined);
      pdf.textAhead.set(page, content);
    })
    .catch(() => undefined);
}

/** Characters pdf.js' cut to 16 bits of a mathematical letter (U+1D400…U+1D7FF) lands on. */
export const CUT_MATH = /[\uD400-\uD7FF]/u;
const CUT_MATH_ALL = /[\uD400-\uD7FF]/gu;
/** Hangul outside that range: a font holding any is a Korean text face, whose syllables there are real. */
const OTHER_HANGUL = /[\u1100-\u11FF\u3130-\u318F\uAC00-\uD3FF]/u;
/** Names of Korean text faces. */
const KOREAN_FACE = /batang|gulim|dotum|gungsuh|nanum|malgun|myeongjo|kopub|hangul|noto.*(kr|cjk)|source.?han|unbatang|undotum/i;

/**
 * pdf.js names a glyph "u1D44B" (𝑋, a math italic X) correctly but makes its character with String.fromCharCode,
 * which keeps 16 bits: 𝑋 comes out as 푋, a Hangul syllable. A font whose text on the page lies only in that range
 * (no other Hangul, no Korean face's name) has its characters there put back in the mathematical block.
 */
export function restoreAstralLetters(runs: Run[]): void {
  const byFont = new Map<string, Run[]>();
  for (const r of runs) {
    if (!CUT_MATH.test(r.text)) continue;
    if (!byFont.has(r.font)) byFont.set(r.font, []);
  }
  if (!byFont.size) return;
  for (const r of runs) byFont.get(r.font)?.push(r);
  for (const [font, fontRuns] of byFont) {
    if (KOREAN_FACE.test(font) || fontRuns.some((r) => OTHER_HANGUL.test(r.text))) continue;
    for (const r of fontRuns) r.text = r.text.replace(CUT_MATH_ALL, (c) => String.fromCodePoint(c.charCodeAt(0) + 0x10000));
  }
}

/** A tall delimiter's pieces: one symbol drawn again and again, each this many of its sizes at most below the last... */
const PIECE_STEP = 0.6;
/** ...at the same x and in the same size, to within this share of its size... */
const PIECE_ALIGN = 0.1;
/** ...this many times at least. */
const MIN_PIECES = 3;
/** One symbol or bracket character (a bar, a brace): not a letter, digit or punctuation ("⋮" set as three dots stays). */
const SYMBOL = /^[\p{S}\p{Ps}\p{Pe}|‖]$/u;

/**
 * A delimiter set as tall as a display formula (a set's "∣" between its braces, built of a font's extensible pieces)
 * is one glyph drawn again and again down the formula, each copy overlapping the last: a drawing, as a brace's pieces
 * are. Such stacks, drawn one piece after another (MIN_PIECES at least), are dropped: read as lines, the copies would
 * stand as a column of their own across the formula's rows and split it. (A brace's pieces are each a character of
 * their own, top, extensions, bottom, and stay: their ink keeps a display's gaps from reading as a gutter.) Runs are
 * given in drawing order, `stream` their index.
 */
export function dropStackedPieces(runs: Run[]): Run[] {
  const drop = new Set<Run>();
  let k = 0;
  while (k < runs.length) {
    const first = runs[k];
    let end = k + 1;
    if (SYMBOL.test(first.text)) {
      while (end < runs.length) {
        const prev = runs[end - 1];
        const next = runs[end];
        if (
          next.text !== first.text ||
          next.stream !== prev.stream + 1 ||
          Math.abs(next.size - first.size) > PIECE_ALIGN * first.size ||
          Math.abs(next.x0 - first.x0) > PIECE_ALIGN * first.size ||
          Math.abs(next.baseline - prev.baseline) > PIECE_STEP * first.size ||
          next.baseline === prev.baseline
        )
          break;
        end++;
      }
      if (end - k >= MIN_PIECES) for (let j = k; j < end; j++) drop.add(runs[j]);
    }
    k = end;
  }
  if (!drop.size) return runs;
  // Numbered again in drawing order, as if never drawn: a display's runs are one unbroken stretch of the stream
  // (formulas.ts), as they are where a font leaves such pieces without characters.
  const kept = runs.filter((r) => !drop.has(r));
  kept.forEach((r, k) => {
    r.stream = k;
  });
  return kept;
}

/** Read a page's text runs. */
export async function readPageText(pdf: OpenPdf, page: PdfPage, maxRuns: number): Promise<PageText> {
  const viewport = page.getViewport({ scale: 1 });
  const vt = viewport.transform as Matrix;
  const ahead = pdf.textAhead.get(page);
  pdf.textAhead.delete(page);
  // Asked for at once: pdf.js reads the annotations while the text content is built.
  const annotations = page.getAnnotations({ intent: 'display' }).catch(() => [] as AnnotationLike[]);
  const content = await (ahead ?? page.getTextContent(TEXT_PARAMS));
  const styles = content.styles as Record<string, { ascent: number; descent: number; fontFamily?: string }>;
  const fontNames = new Set<string>();
  for (const i of content.items) if ('fontName' in i) fontNames.add(i.fontName);
  const operatorList = await resolveFonts(pdf, page, fontNames, styles);

  const runs: Run[] = [];
  const marks: { tag?: string; id?: string }[] = [];
  let pendingSpace = false;
  let dropped = 0;
  // Runs of fonts that may be fixed-pitch, decided per font once the page is read.
  const fixedCandidates = new Map<FontFacts, Run[]>();
  // Every other font's runs, with the advance per character of its items: the pitch, measured.
  // A font whose items already disagree on their pitch (most fonts, after a few items) is out: nothing more is kept.
  const pitched = new Map<FontFacts, { runs: Run[]; pitch: number[]; text: string[]; lo: number; hi: number; out: boolean }>();

  for (const raw of content.items as (TextItemLike | MarkedItemLike)[]) {
    if ('type' in raw) {
      if (raw.type === 'endMarkedContent') marks.pop();
      else marks.push({ tag: raw.tag, id: raw.type === 'beginMarkedContentProps' ? raw.id : undefined });
      continue;
    }
    const item = raw;
    if (!item.str?.trim()) {
      // pdf.js reports word and line gaps as whitespace items: they are not ink, but they are word boundaries.
      if (item.str) {
        pendingSpace = true;
        const prev = runs[runs.length - 1];
        if (prev) prev.spaceAfter = true;
      }
      continue;
    }
    const t = item.transform as Matrix;
    // Math.hypot takes its arguments as a list (an allocation per call, three calls per text item).
    const size = Math.sqrt(t[2] * t[2] + t[3] * t[3]);
    if (!(size > 0) || !Number.isFinite(size)) continue;
    const m = multiply(vt, t);
    const vertical = item.dir === 'ttb';
    const advance = vertical ? item.height : item.width;
    const along = Math.sqrt(m[0] * m[0] + m[1] * m[1]) || 1;
    // A glyph drawn mirrored (the reversed E of the XeTeX logo, pdf.js merging it with the letters after it) runs
    // back from its origin: it is read the right way round, its first glyph left of the origin, in line with the rest.
    const mirrored = t[0] * t[3] - t[1] * t[2] < 0;
    const ux = (mirrored ? -m[0] : m[0]) / along;
    const uy = (mirrored ? -m[1] : m[1]) / along;
    const upLen = Math.sqrt(m[2] * m[2] + m[3] * m[3]) || 1;
    const vx = m[2] / upLen;
    const vy = m[3] / upLen;
    const style = styles[item.fontName];
    const ascent = clamp(Number.isFinite(style?.ascent) && style.ascent > 0 ? style.ascent : FALLBACK_ASCENT, ASCENT_RANGE);
    const descent = clamp(Number.isFinite(style?.descent) && style.descent < 0 ? style.descent : FALLBACK_DESCENT, DESCENT_RANGE);
    const angle = (Math.atan2(uy, ux) * 180) / Math.PI;
    const font = pdf.fonts.get(item.fontName) ?? fontFacts(item.fontName);
    let mcid: string | undefined;
    let artifact = false;
    for (const mk of marks) {
      if (mk.tag === 'Artifact') artifact = true;
      if (mk.id) mcid = mk.id;
    }
    const dir: Direction = item.dir === 'rtl' ? 'rtl' : 'ltr';

    // Split at wide internal whitespace (a run holding text on both sides of a gutter); positions are estimated
    // in proportion to characters, the best pdf.js' text content allows.
    // A TeX font without a ToUnicode map (the Cork/T2A encodings) sets its hyphenation hyphen at 0x7F, which pdf.js
    // gives as DEL: it is a line-end hyphen, a soft one (U+00AD), never a control character in the text.
    // Control characters are no text: a figure's labels in a font without a Unicode map come out as U+0001…U+001F
    // (pdftotext prints them as ^A^C^B); they are dropped, and a run of nothing else with them.
    let str = (item.str.includes('\u007f') ? item.str.replace(/\u007f/g, '\u00ad') : item.str).replace(CONTROL, '');
    // pdf.js takes the mirrored glyph's backward step for a space after it ("E TEX-"): there is none.
    if (mirrored) str = str.replace(/^(\S) (?=\S)/u, '$1');
    if (!str.trim()) continue;
    const perChar = advance / Math.max(1, str.length);
    const shift = mirrored ? -perChar : 0;
    let pieces: { text: string; from: number; to: number }[];
    if (HAS_WIDE_SPACE.test(str)) {
      pieces = [];
      let last = 0;
      for (const ws of str.matchAll(WIDE_SPACE)) {
        pieces.push({ text: str.slice(last, ws.index), from: last, to: ws.index! });
        last = ws.index! + ws[0].length;
      }
      pieces.push({ text: str.slice(last), from: last, to: str.length });
    } else pieces = [{ text: str, from: 0, to: str.length }];

    for (let k = 0; k < pieces.length; k++) {
      const p = pieces[k];
      const lead = p.text.length - p.text.trimStart().length;
      const trail = p.text.length - p.text.trimEnd().length;
      const text = collapseLetterSpacing(p.text.trim());
      if (!text) continue;
      if (runs.length >= maxRuns) {
        dropped++;
        continue;
      }
      const s = (p.from + lead) * perChar;
      // An ideographic comma or full stop at the end inks only the left half of its em (set hanging past the measure
      // in Japanese, it would reach into the gap beside the column).
      const e = (p.to - trail - (!vertical && HALF_INK_END.test(text) ? HALF_INK_SHARE : 0)) * perChar;
      // Box corners: along the baseline from s to e, across it from descent to ascent.
      const ha = ascent * size;
      const hd = descent * size;
      const xa = m[4] + ux * (s + shift);
      const ya = m[5] + uy * (s + shift);
      const xb = m[4] + ux * (e + shift);
      const yb = m[5] + uy * (e + shift);
      // The box's extent along x and y: the baseline's ends moved up to the ascent and down to the descent.
      const xa0 = Math.min(xa + vx * ha, xa + vx * hd);
      const xa1 = Math.max(xa + vx * ha, xa + vx * hd);
      const xb0 = Math.min(xb + vx * ha, xb + vx * hd);
      const xb1 = Math.max(xb + vx * ha, xb + vx * hd);
      const ya0 = Math.min(ya + vy * ha, ya + vy * hd);
      const ya1 = Math.max(ya + vy * ha, ya + vy * hd);
      const yb0 = Math.min(yb + vy * ha, yb + vy * hd);
      const yb1 = Math.max(yb + vy * ha, yb + vy * hd);
      const run: Run = {
        text,
        x0: Math.min(xa0, xb0),
        y0: Math.min(ya0, yb0),
        x1: Math.max(xa1, xb1),
        y1: Math.max(ya1, yb1),
        baseline: ya,
        size,
        font: font.name,
        bold: font.bold,
        italic: font.italic,
        dir,
        angle: vertical ? angle + 90 : angle,
        stream: runs.length,
      };
      if (mcid) run.mcid = mcid;
      if (artifact) run.artifact = true;
      if (pendingSpace || lead > 0 || k > 0) run.spaceBefore = true;
      if (trail > 0 || k < pieces.length - 1) run.spaceAfter = true;
      runs.push(run);
      if (font.monospace || font.fixedWidths) {
        if (!fixedCandidates.has(font)) fixedCandidates.set(font, []);
        fixedCandidates.get(font)!.push(run);
      } else {
        let p = pitched.get(font);
        if (!p) pitched.set(font, (p = { runs: [], pitch: [], text: [], lo: Infinity, hi: -Infinity, out: false }));
        if (!p.out) {
          p.runs.push(run);
          if (k === 0 && !vertical && str.length >= MIN_PITCH_CHARS) {
            const pitch = advance / (str.length * size);
            p.lo = Math.min(p.lo, pitch);
            p.hi = Math.max(p.hi, pitch);
            if (p.hi > p.lo * (1 + PITCH_SPREAD)) Object.assign(p, { out: true, runs: [], pitch: [], text: [] });
            else {
              p.pitch.push(pitch);
              p.text.push(str);
            }
          }
        }
      }
      pendingSpace = false;
    }
  }
  for (const [font, fontRuns] of fixedCandidates) {
    if (
      isFixedPitchFont(
        font,
        fontRuns.map((r) => r.text),
      ) &&
      (font.monospace || !unevenPitch(fontRuns))
    )
      for (const r of fontRuns) r.mono = true;
  }
  for (const { runs: fontRuns, pitch, text, out } of pitched.values()) {
    if (!out && measuredFixedPitch(pitch, text)) for (const r of fontRuns) r.mono = true;
  }
  restoreAstralLetters(runs);
  const read = dropStackedPieces(runs);
  const shown = fieldRuns((await annotations) as AnnotationLike[], vt, read.length);
  const checks = fieldChecks((await annotations) as AnnotationLike[], vt);
  const fields = shown.slice(0, Math.max(0, maxRuns - read.length));
  dropped += shown.length - fields.length;
  read.push(...fields);
  return {
    width: viewport.width,
    height: viewport.height,
    rotation: ((page.rotate % 360) + 360) % 360,
    runs: read,
    droppedRuns: dropped,
    operatorList,
    fieldLines: fields.length,
    fieldChecks: checks,
  };
}
