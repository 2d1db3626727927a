/**
 * The no-text-lost census: every letter and digit of a PDF's text layer, counted per page straight from pdf.js'
 * text content, must come back exactly once in the result, in the flow, the furniture or the footnotes. Punctuation
 * and spaces are left out of the count (joins drop break hyphens and soft hyphens by design); letters and digits are
 * compared after NFKD, their accents aside: the result cleans its text with NFKC, and an accent drawn over its letter
 * as a glyph of its own ("´" over "c") comes back on the letter ("ć").
 */
import { SPACING_ACCENTS } from '../../lib/layout/lines.js';
import { documentParams } from '../../lib/pdf/open.js';
import { CUT_MATH, restoreAstralLetters, shownFieldText } from '../../lib/pdf/runs.js';
import { pdfjs } from '../../lib/pdf/pdfjs.js';
import type { DocumentResult, Run } from '../../lib/types.js';

/** Character counts, per page. */
export type Census = Map<number, Map<string, number>>;

const COUNTED = /[\p{L}\p{N}]/u;
/** Spacing accents, two of them modifier letters (ˆ, ˇ): set on their letter when drawn over it (lib/layout/lines.ts). */
const ACCENT = new Set(Object.keys(SPACING_ACCENTS));

function add(census: Census, page: number, text: string): void {
  let counts = census.get(page);
  if (!counts) census.set(page, (counts = new Map()));
  for (const ch of text.normalize('NFKD')) if (COUNTED.test(ch) && !ACCENT.has(ch)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
}

/** The text layer as pdf.js reads it (the same build and parameters as readflow), counted per page. */
export async function textLayerCensus(bytes: Uint8Array): Promise<Census> {
  const doc = await pdfjs.getDocument(documentParams(bytes, null, false)).promise;
  const census: Census = new Map();
  try {
    for (let p = 1; p <= doc.numPages; p++) {
      const page = await doc.getPage(p);
      // pdf.js' 16-bit cut of mathematical letters is mended as readflow mends it (lib/pdf/runs.ts), by the fonts' own
      // names (a Korean face's subfont holding only syllables in that range keeps them). The operator list loads the
      // names: asked for only on a page holding such characters.
      const content = await page.getTextContent();
      if (content.items.some((item) => 'str' in item && CUT_MATH.test(item.str))) await page.getOperatorList().catch(() => undefined);
      const realName = (n: string) => {
        try {
          return page.commonObjs.has(n) ? ((page.commonObjs.get(n) as { name?: string }).name ?? n) : n;
        } catch {
          return n;
        }
      };
      const items = content.items.flatMap((item) => ('str' in item ? [{ text: item.str, font: realName(item.fontName) } as Run] : []));
      restoreAstralLetters(items);
      for (const item of items) add(census, p, item.text);
      // A filled form's entries: drawn by the fields' appearances, not by the page's content, and part of what the page
      // shows (lib/pdf/runs.ts decides which annotations show text).
      for (const a of await page.getAnnotations({ intent: 'display' })) for (const t of shownFieldText(a)) add(census, p, t);
      page.cleanup();
    }
  } finally {
    await doc.destroy();
  }
  return census;
}

/** Letters and digits of a text, counted. */
export function countChars(text: string): Map<string, number> {
  const census: Census = new Map();
  add(census, 0, text);
  return census.get(0) ?? new Map();
}

/** Everything a result holds of a page's text: flow segments, running heads and feet, footnotes, overprinted copies. */
export function resultCensus(doc: DocumentResult): Census {
  const census: Census = new Map();
  for (const seg of doc.segments) for (const line of seg.lines) add(census, seg.page, line.text);
  for (const item of [...doc.headers, ...doc.footers]) add(census, item.page, item.text);
  for (const note of doc.footnotes) add(census, note.page, `${note.marker ?? ''}${note.text}`);
  // Text drawn again over itself is read once; the copies are listed in the diagnostic that says so.
  for (const d of doc.diagnostics)
    if (d.code === 'overprinted-text' && d.page !== null) for (const t of (d.detail?.copies ?? []) as string[]) add(census, d.page, t);
  return census;
}

export interface CensusGap {
  page: number;
  /** Characters of the text layer the result does not hold, with how many are missing. */
  missing: string;
  /** Characters the result holds more often than the text layer. */
  extra: string;
}

/** Pages whose counts differ, on the pages read from their text layer (not OCR, not failed). */
export function censusGaps(layer: Census, doc: DocumentResult): CensusGap[] {
  const result = resultCensus(doc);
  const gaps: CensusGap[] = [];
  for (const info of doc.pages) {
    if (info.failed || info.source === 'ocr') continue;
    const want = layer.get(info.page) ?? new Map<string, number>();
    const got = result.get(info.page) ?? new Map<string, number>();
    const missing: string[] = [];
    const extra: string[] = [];
    for (const [ch, n] of want) if ((got.get(ch) ?? 0) < n) missing.push(`${ch}×${n - (got.get(ch) ?? 0)}`);
    for (const [ch, n] of got) if ((want.get(ch) ?? 0) < n) extra.push(`${ch}×${n - (want.get(ch) ?? 0)}`);
    if (missing.length || extra.length) gaps.push({ page: info.page, missing: missing.join(' '), extra: extra.join(' ') });
  }
  return gaps;
}
