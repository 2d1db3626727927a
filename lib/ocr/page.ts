/**
 * The OCR step of the per-page stage: decide, recognise, and merge the recognised words with whatever digital text
 * the page has (a digital stamp on a scan stays digital; the OCR words it covers are dropped).
 */
import type { ResolvedOptions } from '../options.js';
import type { PdfPage } from '../pdf/open.js';
import type { Diagnostic, Run } from '../types.js';
import { decideOcr, isSparse } from './detect.js';
import { pageGraphics, type PageGraphics } from './graphics.js';
import { ocrPage } from './recognize.js';

/** Below this mean word confidence the OCR text is reported as unreliable. */
export const LOW_CONFIDENCE = 60;

export interface PageText {
  runs: Run[];
  source: 'text' | 'ocr';
  width: number;
  height: number;
  /** Extra clockwise turn applied to read a sideways scan upright. */
  turned: number;
  confidence?: number;
  diagnostics: Diagnostic[];
}

const overlapShare = (a: Run, b: Run) => {
  const w = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  const h = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  const area = Math.max(1e-6, (a.x1 - a.x0) * (a.y1 - a.y0));
  return w > 0 && h > 0 ? (w * h) / area : 0;
};

/**
 * @param known The page's graphics when its operator list was already built (for its fonts): then an invisible
 * text layer is recognised at no cost even on pages with plenty of text.
 */
export async function textOrOcr(
  page: PdfPage,
  pageNo: number,
  runs: Run[],
  width: number,
  height: number,
  o: ResolvedOptions,
  known: PageGraphics | null = null,
): Promise<PageText> {
  const digital: PageText = { runs, source: 'text', width, height, turned: 0, diagnostics: [] };
  const sparse = isSparse(runs, width, height);
  // The page's drawing is inspected only when its text is sparse (an operator list costs time).
  const graphics = known ?? (sparse && o.ocr !== 'force' ? await pageGraphics(page).catch(() => null) : null);
  const decision = decideOcr(o.ocr, runs, width, height, graphics);
  if (!decision.ocr) {
    if (decideOcr('auto', runs, width, height, graphics).invisibleLayer) {
      // An earlier OCR's words are set in a stand-in face (Courier, GlyphLessFont): it says nothing of the type
      // printed on the image, and a page of prose set in it is no listing.
      digital.runs = runs.map((r) => (r.mono ? { ...r, mono: false } : r));
      digital.diagnostics.push({
        code: 'invisible-text-layer',
        severity: 'info',
        page: pageNo,
        message: 'the page carries an invisible text layer over its image (an earlier OCR): that layer was read',
      });
    }
    if (o.ocr === 'off' && decideOcr('auto', runs, width, height, graphics).ocr) {
      digital.diagnostics.push({
        code: 'ocr-needed',
        severity: 'warning',
        page: pageNo,
        message: 'the page looks like a scan with no usable text layer, but OCR is off (ocr: "off"): its text is missing',
      });
    }
    return digital;
  }
  let result;
  try {
    result = await ocrPage(page, { dpi: o.ocrDpi, langs: o.ocrLang, dataPath: o.ocrDataPath });
  } catch (e) {
    digital.diagnostics.push({
      code: 'ocr-failed',
      severity: 'error',
      page: pageNo,
      message: `the page needed OCR (${decision.reason}) but OCR failed: ${e instanceof Error ? e.message : String(e)}`,
    });
    return digital;
  }
  // Digital text stays; OCR words it already covers are dropped. A sideways scan is read in its turned frame only.
  const kept = result.orientation === 0 ? runs : [];
  const ocrRuns = result.runs.filter((w) => !kept.some((d) => overlapShare(w, d) > 0.5 || overlapShare(d, w) > 0.5));
  const merged = [...kept, ...ocrRuns.map((r, i) => ({ ...r, stream: kept.length + i }))];
  const diagnostics: Diagnostic[] = [
    {
      code: 'page-ocr',
      severity: 'info',
      page: pageNo,
      message: `the page was read by OCR at ${result.preparation.dpi} dpi (${o.ocrLang}) because ${decision.reason}`,
      detail: { words: result.words, confidence: Math.round(result.confidence), keptDigitalRuns: kept.length, ...result.preparation },
    },
  ];
  if (result.preparation.skew !== 0) {
    diagnostics.push({
      code: 'ocr-deskew',
      severity: 'info',
      page: pageNo,
      message: `the scan's lines ran ${result.preparation.skew}° from level: it was turned level before reading, and coordinates refer to the levelled page`,
      detail: { skew: result.preparation.skew },
    });
  }
  if (result.orientation !== 0) {
    diagnostics.push({
      code: 'ocr-orientation',
      severity: 'info',
      page: pageNo,
      message: `the scan lies turned on the page: it was read turned ${result.orientation}° clockwise, and coordinates refer to the page read upright`,
    });
  }
  if (result.words > 0 && result.confidence < LOW_CONFIDENCE) {
    diagnostics.push({
      code: 'ocr-low-confidence',
      severity: 'warning',
      page: pageNo,
      message: `OCR confidence on this page is low (${Math.round(result.confidence)} of 100): its text may be unreliable`,
      detail: { confidence: Math.round(result.confidence) },
    });
  }
  return {
    runs: merged,
    source: 'ocr',
    // The page's own size (the rendered canvas rounds up to whole pixels), swapped when the scan was read turned.
    width: result.orientation % 180 === 0 ? width : height,
    height: result.orientation % 180 === 0 ? height : width,
    turned: result.orientation,
    confidence: Math.round(result.confidence * 10) / 10,
    diagnostics,
  };
}
