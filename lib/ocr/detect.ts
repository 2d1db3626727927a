/**
 * Which pages need OCR. A page needs it when its text layer is empty, or too sparse for what the page shows: a few
 * characters (a digital stamp, a running head added later) over an image that covers most of the page. A page
 * whose text is drawn invisibly over its image (text render mode 3: an earlier OCR) keeps that layer.
 */
import type { Run } from '../types.js';
import type { OcrMode } from '../options.js';
import type { PageGraphics } from './graphics.js';

/** Below this many characters a text layer is sparse... */
export const SPARSE_CHARS = 200;
/** ...unless its text boxes cover at least this share of the page. */
const SPARSE_TEXT_AREA = 0.05;
/** An image covering at least this share of the page is what the page shows. */
const FULL_PAGE_IMAGE = 0.5;
/** A page with no text at all is OCRed when pictures cover at least this share of it. */
const ANY_IMAGE = 0.05;

export interface OcrDecision {
  ocr: boolean;
  /** Why, in a sentence, for the page's diagnostic. */
  reason: string;
  /** The page keeps an invisible text layer (an earlier OCR). */
  invisibleLayer?: boolean;
}

/** Characters and the share of the page their boxes cover. */
export function textMeasure(runs: Run[], width: number, height: number): { chars: number; area: number } {
  let chars = 0;
  let area = 0;
  for (const r of runs) {
    chars += r.text.length;
    area += Math.max(0, r.x1 - r.x0) * Math.max(0, r.y1 - r.y0);
  }
  return { chars, area: width * height > 0 ? area / (width * height) : 0 };
}

/** Does the text layer need a look at the page's graphics before deciding? (Costs an operator list.) */
export function isSparse(runs: Run[], width: number, height: number): boolean {
  const t = textMeasure(runs, width, height);
  return t.chars < SPARSE_CHARS && t.area < SPARSE_TEXT_AREA;
}

export function decideOcr(mode: OcrMode, runs: Run[], width: number, height: number, graphics: PageGraphics | null): OcrDecision {
  const t = textMeasure(runs, width, height);
  if (mode === 'off') return { ocr: false, reason: 'OCR is off' };
  if (mode === 'force') return { ocr: true, reason: 'OCR was forced (ocr: "force")' };
  if (graphics && graphics.invisibleTextShare > 0.5 && t.chars > 0 && graphics.imageCoverage >= FULL_PAGE_IMAGE) {
    return {
      ocr: false,
      reason: 'the page carries an invisible text layer over its image (an earlier OCR): that layer was read',
      invisibleLayer: true,
    };
  }
  if (!isSparse(runs, width, height)) return { ocr: false, reason: 'the page has a text layer' };
  const cover = graphics?.imageCoverage ?? 0;
  if (t.chars === 0 && cover >= ANY_IMAGE) {
    return { ocr: true, reason: `the page has no text layer and images cover ${Math.round(cover * 100)}% of it` };
  }
  if (t.chars > 0 && cover >= FULL_PAGE_IMAGE) {
    return {
      ocr: true,
      reason: `the page's text layer is sparse (${t.chars} characters) over an image covering ${Math.round(cover * 100)}% of it`,
    };
  }
  if (t.chars === 0) return { ocr: false, reason: 'the page has no text and no pictures (a blank page)' };
  return { ocr: false, reason: 'the page has a text layer' };
}
