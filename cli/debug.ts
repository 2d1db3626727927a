/**
 * The visual debug view (`readflow FILE.pdf --debug DIR`): every page rendered with pdf.js onto @napi-rs/canvas,
 * with what the engine decided drawn over it, and an `index.html` beside the images that lists the page facts and
 * diagnostics. It lives in the CLI layer, not in lib/: the CLI imports this module only when --debug is given.
 *
 * Pictures (coordinates of the result are PDF points, origin top-left of the displayed page, scaled by dpi/72):
 *   - gutters: shaded vertical strips over the bands whose columns they separate (full height when no band claims
 *     them); band boundaries: dashed horizontal lines, labelled with the band's kind;
 *   - segments: outlined in the colour of their kind, reading-order number (document-wide, from 1) in the top-left
 *     corner, a thin path joining segment centres in reading order with an arrow on each leg;
 *   - furniture (running heads, folios, footers, footnotes): grey, labelled;
 *   - OCR pages: each line faintly filled, lines with confidence under 60 outlined in red with their confidence;
 *   - rotated segments: purple with a ROT tag;
 *   - diagnostics: a flag with the code at the right edge, at `detail.baseline` (with a dashed line across the page)
 *     when the diagnostic has one, else stacked at the top of the page.
 */
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { closePdf, openPdf, type OpenPdf } from '../lib/pdf/open.js';
import { renderPage } from '../lib/ocr/recognize.js';
import type { DocumentResult, PageInfo } from '../lib/types.js';
import { DEBUG_COLOURS } from './debug/colours.js';
import { drawOverlays, tag, turned } from './debug/draw.js';
import { debugHtml } from './debug/html.js';
import { encodePng } from './debug/png.js';

export { DEBUG_COLOURS };
export { gutterExtents } from './debug/draw.js';
export { LOW_LINE_CONFIDENCE } from './debug/colours.js';
export { writeDebugIndex } from './debug/html.js';
export { encodePng } from './debug/png.js';

export interface DebugOptions {
  /** Render resolution of the page images. @default 100 */
  dpi?: number;
  /** Password of an encrypted PDF (the one the extraction used). */
  password?: string;
}

export interface DebugOutput {
  /** Path of index.html. */
  index: string;
  /** Paths of the page images, in page order. */
  images: string[];
}

export const DEFAULT_DEBUG_DPI = 100;

/** A plain canvas for a page that pdf.js could not render, with the reason written on it. */
function blankPage(info: PageInfo, s: number, reason: string): Canvas {
  const canvas = createCanvas(Math.max(1, Math.ceil((info.width || 612) * s)), Math.max(1, Math.ceil((info.height || 792) * s)));
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#f4f4f4';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  tag(ctx, `could not render: ${reason}`.slice(0, 120), 4, 24, DEBUG_COLOURS.error, '#ffffff', 11);
  return canvas;
}

/**
 * The original rendering turned level by `skew` degrees about its centre, on a canvas of the same size: a tilted scan
 * is read level (lib/ocr turns it before recognition), and its boxes are in that frame. The debug view shows the
 * page as scanned, not the cleaned image tesseract was given.
 */
function levelled(src: Canvas, skew: number): Canvas {
  const out = createCanvas(src.width, src.height);
  const ctx = out.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, out.width, out.height);
  ctx.save();
  ctx.translate(out.width / 2, out.height / 2);
  ctx.rotate((-skew * Math.PI) / 180);
  ctx.drawImage(src, -src.width / 2, -src.height / 2);
  ctx.restore();
  return out;
}

async function renderOne(pdf: OpenPdf, info: PageInfo, dpi: number, skew = 0): Promise<Canvas> {
  const s = dpi / 72;
  let page;
  try {
    page = await pdf.doc.getPage(info.page);
    let canvas = await renderPage(page, dpi);
    // A scan read turned, or a page whose text runs sideways: its boxes are in the upright frame (info.rotation
    // includes the turn).
    const turn = (((info.rotation - page.rotate) % 360) + 360) % 360;
    if (!info.failed && (turn === 90 || turn === 180 || turn === 270)) canvas = turned(canvas, turn);
    return skew ? levelled(canvas, skew) : canvas;
  } catch (e) {
    return blankPage(info, s, e instanceof Error ? e.message : String(e));
  } finally {
    page?.cleanup();
  }
}

/** Render every page of `doc.pages` with its overlays as `page-<n>.png` in `dir`, and write `dir/index.html`. */
export async function writeDebug(pdfBytes: Uint8Array, doc: DocumentResult, dir: string, opts: DebugOptions = {}): Promise<DebugOutput> {
  const dpi = opts.dpi ?? DEFAULT_DEBUG_DPI;
  if (!(dpi > 0 && dpi <= 600)) throw new RangeError(`debug dpi must be in (0, 600] (got ${dpi})`);
  const s = dpi / 72;
  await mkdir(dir, { recursive: true });
  const numberOf = new Map(doc.segments.map((sg, i) => [sg, i + 1]));
  const images: string[] = [];
  const sizes = new Map<number, [number, number]>();
  const pdf = await openPdf(pdfBytes, { maxBytes: Number.MAX_SAFE_INTEGER, password: opts.password ?? null });
  try {
    for (const info of doc.pages) {
      const deskew = doc.diagnostics.find((d) => d.code === 'ocr-deskew' && d.page === info.page)?.detail as { skew?: number } | undefined;
      const canvas = await renderOne(pdf, info, dpi, deskew?.skew ?? 0);
      drawOverlays(canvas.getContext('2d'), doc, info, s, numberOf);
      const file = join(dir, `page-${info.page}.png`);
      await writeFile(file, encodePng(canvas) ?? (await canvas.encode('png')));
      images.push(file);
      sizes.set(info.page, [canvas.width, canvas.height]);
    }
  } finally {
    await closePdf(pdf);
  }
  const index = join(dir, 'index.html');
  await writeFile(index, debugHtml(doc, sizes, numberOf, dpi));
  return { index, images };
}

// ---------------------------------------------------------------- PNG
