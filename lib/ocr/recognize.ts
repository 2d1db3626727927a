/**
 * OCR of one page: render it with pdf.js onto @napi-rs/canvas, recognise words with boxes and confidence with
 * tesseract.js, and turn them into runs in page points (the rendered viewport already applies /Rotate), so the
 * same layout and document passes order them like digital text. Tesseract's own page segmentation merges columns
 * with narrow gutters; readflow only takes its words and orders them itself.
 */
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import type { Run } from '../types.js';
import type { PdfPage } from '../pdf/open.js';
import { ocrWorker } from './engine.js';

export interface OcrResult {
  /** Runs in points of the page read upright (turned by `orientation` when the scan lies sideways). */
  runs: Run[];
  /** Size of the upright page in points. */
  width: number;
  height: number;
  /** Mean word confidence, 0..100. */
  confidence: number;
  /** Clockwise rotation (degrees) the page image needed to read upright. */
  orientation: 0 | 90 | 180 | 270;
  words: number;
}

/** Below this mean confidence the page is tried at the other orientations (fed into the scanner sideways). */
const RETRY_ORIENTATION_BELOW = 50;
/**
 * Orientations are compared on a central crop of this share of the page's width and height: enough lines to judge,
 * a fraction of the time of a full pass.
 */
const PROBE_SHARE = 0.5;

interface Bbox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
interface TWord {
  text: string;
  confidence: number;
  bbox: Bbox;
  font_name?: string;
}
interface TLine {
  words: TWord[];
  baseline: Bbox;
  rowAttributes?: { rowHeight?: number };
  bbox: Bbox;
}
interface TBlock {
  paragraphs: { lines: TLine[] }[];
}

export async function renderPage(page: PdfPage, dpi: number): Promise<Canvas> {
  const viewport = page.getViewport({ scale: dpi / 72 });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  // pdf.js types its render target as a DOM canvas; @napi-rs/canvas implements the same drawing API.
  const target = { canvas, canvasContext: ctx, viewport } as unknown as Parameters<PdfPage['render']>[0];
  await page.render(target).promise;
  return canvas;
}

/** The canvas turned clockwise by `deg`. */
function rotated(src: Canvas, deg: 90 | 180 | 270): Canvas {
  const swap = deg !== 180;
  const out = createCanvas(swap ? src.height : src.width, swap ? src.width : src.height);
  const ctx = out.getContext('2d');
  ctx.translate(out.width / 2, out.height / 2);
  ctx.rotate((deg * Math.PI) / 180);
  ctx.drawImage(src, -src.width / 2, -src.height / 2);
  return out;
}

/** Rows (or columns) with less ink than this share of the fullest one count as blank. */
const BLANK_SHARE = 0.02;
/** The ink is sampled on an image at most this many pixels on its long side. */
const AXIS_SAMPLE = 800;

/**
 * The direction of the text lines, from the ink alone: upright text leaves blank rows between its lines and few blank
 * columns inside its block; text turned sideways does the opposite.
 */
export function lineAxis(src: Canvas): 'horizontal' | 'vertical' {
  const f = Math.min(1, AXIS_SAMPLE / Math.max(src.width, src.height));
  const w = Math.max(1, Math.round(src.width * f));
  const h = Math.max(1, Math.round(src.height * f));
  const small = createCanvas(w, h);
  const ctx = small.getContext('2d');
  ctx.drawImage(src, 0, 0, w, h);
  const data = ctx.getImageData(0, 0, w, h).data;
  const rows = new Float64Array(h);
  const cols = new Float64Array(w);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4;
      const dark = (data[i] + data[i + 1] + data[i + 2]) / 3 < 128 ? 1 : 0;
      rows[y] += dark;
      cols[x] += dark;
    }
  }
  // Only inside the inked block (margins are blank either way).
  const span = (p: Float64Array) => {
    const max = Math.max(...p);
    let lo = 0;
    let hi = p.length - 1;
    while (lo < hi && p[lo] <= BLANK_SHARE * max) lo++;
    while (hi > lo && p[hi] <= BLANK_SHARE * max) hi--;
    let blank = 0;
    for (let i = lo; i <= hi; i++) if (p[i] <= BLANK_SHARE * max) blank++;
    return blank / Math.max(1, hi - lo + 1);
  };
  return span(cols) > 1.5 * span(rows) ? 'vertical' : 'horizontal';
}

/** The central part of a canvas. */
function crop(src: Canvas, share: number): Canvas {
  const w = Math.round(src.width * share);
  const h = Math.round(src.height * share);
  const out = createCanvas(w, h);
  out.getContext('2d').drawImage(src, (src.width - w) / 2, (src.height - h) / 2, w, h, 0, 0, w, h);
  return out;
}

async function recognise(canvas: Canvas, langs: string, dataPath: string | null): Promise<{ lines: TLine[]; confidence: number }> {
  const worker = await ocrWorker(langs, dataPath);
  const png = canvas.toBuffer('image/png');
  const { data } = await worker.recognize(png, {}, { blocks: true, text: false, hocr: false, tsv: false });
  const blocks = (data.blocks ?? []) as unknown as TBlock[];
  const lines = blocks.flatMap((b) => b.paragraphs.flatMap((p) => p.lines));
  const words = lines.flatMap((l) => l.words).filter((w) => w.text.trim());
  const confidence = words.length ? words.reduce((s, w) => s + w.confidence, 0) / words.length : 0;
  return { lines, confidence };
}

/** OCR a page into runs in page points. */
export async function ocrPage(page: PdfPage, opts: { dpi: number; langs: string; dataPath: string | null }): Promise<OcrResult> {
  const canvas = await renderPage(page, opts.dpi);
  // Which way up? The direction of the text lines is measured from the ink first (cheap). Upright lines: read the
  // page, and only if that reads poorly, compare upside down on a central crop. Vertical lines (a scan lying
  // sideways; tesseract reads those slowly and badly): compare the two quarter turns on a crop, then read once.
  const turn = (deg: OcrResult['orientation']) => (deg === 0 ? canvas : rotated(canvas, deg));
  let best: { lines: TLine[]; confidence: number; orientation: OcrResult['orientation']; image: Canvas };
  if (lineAxis(canvas) === 'horizontal') {
    best = { ...(await recognise(canvas, opts.langs, opts.dataPath)), orientation: 0, image: canvas };
    if (best.confidence < RETRY_ORIENTATION_BELOW) {
      const probe = crop(canvas, PROBE_SHARE);
      const [up, down] = [await recognise(probe, opts.langs, opts.dataPath), await recognise(rotated(probe, 180), opts.langs, opts.dataPath)];
      if (down.confidence > up.confidence + 10) {
        const image = turn(180);
        best = { ...(await recognise(image, opts.langs, opts.dataPath)), orientation: 180, image };
      }
    }
  } else {
    const probe = crop(canvas, PROBE_SHARE);
    const right = await recognise(rotated(probe, 90), opts.langs, opts.dataPath);
    let orientation: OcrResult['orientation'] = 90;
    if (right.confidence < RETRY_ORIENTATION_BELOW) {
      const left = await recognise(rotated(probe, 270), opts.langs, opts.dataPath);
      if (left.confidence > right.confidence + 10) orientation = 270;
    }
    const image = turn(orientation);
    best = { ...(await recognise(image, opts.langs, opts.dataPath)), orientation, image };
  }
  const scale = 72 / opts.dpi;
  const runs: Run[] = [];
  for (const line of best.lines) {
    const words = line.words.filter((w) => w.text.trim());
    if (words.length === 0) continue;
    const heightPx = line.rowAttributes?.rowHeight || line.bbox.y1 - line.bbox.y0;
    const size = Math.max(1, heightPx * scale);
    const { x0: bx0, y0: by0, x1: bx1, y1: by1 } = line.baseline;
    const baselineAt = (x: number) => (bx1 === bx0 ? by0 : by0 + ((by1 - by0) * (x - bx0)) / (bx1 - bx0));
    words.forEach((w, i) => {
      const mid = (w.bbox.x0 + w.bbox.x1) / 2;
      runs.push({
        text: w.text.trim(),
        x0: w.bbox.x0 * scale,
        x1: w.bbox.x1 * scale,
        y0: w.bbox.y0 * scale,
        y1: w.bbox.y1 * scale,
        baseline: baselineAt(mid) * scale,
        size,
        font: 'ocr',
        bold: /bold/i.test(w.font_name ?? ''),
        italic: /italic/i.test(w.font_name ?? ''),
        dir: 'ltr',
        angle: 0,
        stream: runs.length,
        confidence: Math.round(w.confidence),
        ...(i > 0 ? { spaceBefore: true } : {}),
        ...(i < words.length - 1 ? { spaceAfter: true } : {}),
      });
    });
  }
  return {
    runs,
    width: best.image.width * scale,
    height: best.image.height * scale,
    confidence: best.confidence,
    orientation: best.orientation,
    words: runs.length,
  };
}
