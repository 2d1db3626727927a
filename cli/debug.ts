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
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { pngFile } from '../lib/render/png.js';
import { createCanvas, GlobalFonts, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { closePdf, openPdf, type OpenPdf } from '../lib/pdf/open.js';
import { pdfjsAssets } from '../lib/pdf/pdfjs.js';
import { renderPage } from '../lib/ocr/recognize.js';
import type { Box, Diagnostic, DocumentResult, Interval, PageInfo, Segment, SegmentKind } from '../lib/types.js';

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
/** OCR lines under this mean confidence are marked. */
export const LOW_LINE_CONFIDENCE = 60;

/** Every colour the view draws with; the legend of index.html is generated from this table. */
export const DEBUG_COLOURS = {
  gutter: 'rgba(255, 0, 170, 0.24)',
  band: '#00838f',
  column: '#1565c0',
  span: '#2e7d32',
  table: '#ef6c00',
  rotated: '#8e24aa',
  order: '#e53935',
  furniture: '#7a7a7a',
  furnitureFill: 'rgba(122, 122, 122, 0.2)',
  ocrLine: 'rgba(0, 137, 123, 0.22)',
  ocrLow: '#d50000',
  info: '#0277bd',
  warning: '#f9a825',
  error: '#c62828',
} as const;

const KIND_COLOUR: Record<SegmentKind, string> = {
  column: DEBUG_COLOURS.column,
  span: DEBUG_COLOURS.span,
  table: DEBUG_COLOURS.table,
  rotated: DEBUG_COLOURS.rotated,
};

const LEGEND: { swatch: string; style: 'fill' | 'outline' | 'dashed' | 'line'; label: string }[] = [
  { swatch: DEBUG_COLOURS.gutter, style: 'fill', label: 'gutter (shaded over the bands of columns it separates)' },
  { swatch: DEBUG_COLOURS.band, style: 'dashed', label: 'band boundary: top and bottom of each band, labelled b<index> <kind> (x<columns>)' },
  { swatch: DEBUG_COLOURS.column, style: 'outline', label: 'column segment (number: place in the reading order of the document)' },
  { swatch: DEBUG_COLOURS.span, style: 'outline', label: 'span segment (full-width material)' },
  { swatch: DEBUG_COLOURS.table, style: 'outline', label: 'table segment' },
  { swatch: DEBUG_COLOURS.rotated, style: 'outline', label: 'rotated segment (tagged ROT)' },
  { swatch: DEBUG_COLOURS.order, style: 'line', label: 'reading order: path joining segment centres, arrow on each leg' },
  { swatch: DEBUG_COLOURS.furniture, style: 'dashed', label: 'furniture lifted out of the flow: running head, folio, footer, footnote' },
  { swatch: DEBUG_COLOURS.ocrLine, style: 'fill', label: 'OCR line, faintly filled (OCR pages only)' },
  { swatch: DEBUG_COLOURS.ocrLow, style: 'dashed', label: `OCR line with confidence under ${LOW_LINE_CONFIDENCE} (confidence shown)` },
  { swatch: DEBUG_COLOURS.info, style: 'fill', label: 'diagnostic, info (flag at its baseline, else at the top of the page)' },
  { swatch: DEBUG_COLOURS.warning, style: 'fill', label: 'diagnostic, warning' },
  { swatch: DEBUG_COLOURS.error, style: 'fill', label: 'diagnostic, error' },
];

const FONT_FAMILY = 'readflow-debug';
let fontReady = false;
/** Labels use pdf.js' bundled Liberation Sans, so the pictures do not depend on the fonts of the machine. */
function labelFont(px: number, bold = true): string {
  if (!fontReady) {
    fontReady = true;
    const dir = pdfjsAssets().standardFontDataUrl;
    GlobalFonts.registerFromPath(join(dir, 'LiberationSans-Bold.ttf'), FONT_FAMILY);
    GlobalFonts.registerFromPath(join(dir, 'LiberationSans-Regular.ttf'), FONT_FAMILY);
  }
  return `${bold ? 'bold ' : ''}${px}px ${FONT_FAMILY}, sans-serif`;
}

/** The canvas turned clockwise by `deg` (a sideways scan is read, and its boxes given, in its upright frame). */
function turned(src: Canvas, deg: 90 | 180 | 270): Canvas {
  const swap = deg !== 180;
  const out = createCanvas(swap ? src.height : src.width, swap ? src.width : src.height);
  const ctx = out.getContext('2d');
  ctx.save();
  ctx.translate(out.width / 2, out.height / 2);
  ctx.rotate((deg * Math.PI) / 180);
  ctx.drawImage(src, -src.width / 2, -src.height / 2);
  // The overlays are drawn through the same context: leave it untransformed.
  ctx.restore();
  return out;
}

type Ctx = SKRSContext2D;

/** A label: text on a filled box, top-left at (x, y) in pixels, kept inside the canvas. Returns its width. */
function tag(ctx: Ctx, text: string, x: number, y: number, bg: string, fg = '#ffffff', size = 11): number {
  ctx.font = labelFont(size);
  const w = Math.ceil(ctx.measureText(text).width) + 6;
  const h = size + 4;
  const cx = Math.max(0, Math.min(ctx.canvas.width - w, x));
  const cy = Math.max(0, Math.min(ctx.canvas.height - h, y));
  ctx.fillStyle = bg;
  ctx.fillRect(cx, cy, w, h);
  ctx.fillStyle = fg;
  ctx.textBaseline = 'top';
  ctx.fillText(text, cx + 3, cy + 2);
  return w;
}

function boxPx(b: Box, s: number, pad = 0): [number, number, number, number] {
  return [Math.round(b[0] * s) - pad, Math.round(b[1] * s) - pad, Math.round(b[2] * s) + pad, Math.round(b[3] * s) + pad];
}

function outline(ctx: Ctx, b: Box, s: number, colour: string, width: number, pad: number, dash: number[] = []): void {
  const [x0, y0, x1, y1] = boxPx(b, s, pad);
  // Odd widths on pixel centres, so a 1-pixel line is one crisp pixel wide.
  const o = width % 2 ? 0.5 : 0;
  ctx.save();
  ctx.strokeStyle = colour;
  ctx.lineWidth = width;
  ctx.setLineDash(dash);
  ctx.strokeRect(x0 + o, y0 + o, x1 - x0, y1 - y0);
  ctx.restore();
}

const centre = (b: Box): [number, number] => [(b[0] + b[2]) / 2, (b[1] + b[3]) / 2];

/**
 * The vertical extents over which a gutter is shaded: the bands of columns whose column segments sit on both sides of
 * it without crossing it; the bands of kind `columns` when none can be told apart that way; the full page otherwise.
 */
export function gutterExtents(info: PageInfo, segments: Segment[], gutter: Interval): [number, number][] {
  const columnBands = info.bands.map((b, i) => ({ b, i })).filter(({ b }) => b.kind === 'columns');
  const claimed = columnBands.filter(({ i }) => {
    const cols = segments.filter((sg) => sg.kind === 'column' && sg.band === i);
    if (cols.length < 2) return false;
    const crosses = cols.some((sg) => sg.bbox[0] < gutter[1] - 0.5 && sg.bbox[2] > gutter[0] + 0.5);
    const left = cols.some((sg) => sg.bbox[2] <= gutter[0] + 0.5);
    const right = cols.some((sg) => sg.bbox[0] >= gutter[1] - 0.5);
    return !crosses && left && right;
  });
  const chosen = claimed.length ? claimed : columnBands.filter(({ b }) => b.columnCount > 1);
  if (chosen.length) return chosen.map(({ b }) => [b.top, b.bottom]);
  return [[0, info.height]];
}

function severityColour(d: Diagnostic): string {
  return DEBUG_COLOURS[d.severity];
}

/** The baseline a diagnostic points at, in points, when it has one. */
function diagnosticY(d: Diagnostic): number | null {
  const y = d.detail?.baseline;
  return typeof y === 'number' && Number.isFinite(y) ? y : null;
}

/** Draw the overlays of one page onto its rendered image. `numberOf` gives a segment's place in the document's order. */
function drawOverlays(ctx: Ctx, doc: DocumentResult, info: PageInfo, s: number, numberOf: Map<Segment, number>): void {
  const n = info.page;
  const W = ctx.canvas.width;
  const segments = doc.segments.filter((sg) => sg.page === n);
  ctx.lineJoin = 'miter';

  // Faint fills first, so every line drawn later stays crisp.
  for (const sg of segments) {
    const [x0, y0, x1, y1] = boxPx(sg.bbox, s, 2);
    ctx.save();
    ctx.globalAlpha = 0.06;
    ctx.fillStyle = KIND_COLOUR[sg.kind];
    ctx.fillRect(x0, y0, x1 - x0, y1 - y0);
    ctx.restore();
  }

  // Gutters.
  ctx.fillStyle = DEBUG_COLOURS.gutter;
  for (const g of info.gutters) {
    for (const [top, bottom] of gutterExtents(info, segments, g)) {
      const x0 = Math.round(g[0] * s);
      const x1 = Math.round(g[1] * s);
      const y0 = Math.round(top * s);
      const y1 = Math.round(bottom * s);
      ctx.fillRect(x0, y0, Math.max(1, x1 - x0), y1 - y0);
    }
  }

  // Band boundaries.
  info.bands.forEach((b, i) => {
    ctx.save();
    ctx.strokeStyle = DEBUG_COLOURS.band;
    ctx.lineWidth = 1;
    ctx.setLineDash([6, 4]);
    for (const y of [b.top, b.bottom]) {
      const py = Math.round(y * s) + 0.5;
      ctx.beginPath();
      ctx.moveTo(0, py);
      ctx.lineTo(W, py);
      ctx.stroke();
    }
    ctx.restore();
  });

  // OCR lines, faintly; low-confidence lines marked.
  if (info.source === 'ocr') {
    for (const sg of segments) {
      for (const line of sg.lines) {
        const low = line.confidence !== undefined && line.confidence < LOW_LINE_CONFIDENCE;
        // Inset by a pixel top and bottom: the boxes of consecutive lines touch.
        const [x0, y0, x1, y1] = boxPx(line.bbox, s);
        ctx.fillStyle = DEBUG_COLOURS.ocrLine;
        ctx.fillRect(x0, y0 + 1, x1 - x0, Math.max(1, y1 - y0 - 2));
        if (low) {
          outline(ctx, line.bbox, s, DEBUG_COLOURS.ocrLow, 2, 1, [4, 2]);
          // Inside the line's right end: outside it, it would run into the next column's labels.
          const text = `conf ${Math.round(line.confidence!)}`;
          ctx.font = labelFont(9);
          tag(ctx, text, x1 - Math.ceil(ctx.measureText(text).width) - 6, y0, DEBUG_COLOURS.ocrLow, '#ffffff', 9);
        }
      }
    }
  }

  // Furniture, grey and labelled.
  const furniture: { bbox: Box; label: string }[] = [
    ...doc.headers.filter((h) => h.page === n).map((h) => ({ bbox: h.bbox, label: `header: ${h.kind}` })),
    ...doc.footers.filter((f) => f.page === n).map((f) => ({ bbox: f.bbox, label: `footer: ${f.kind}` })),
    ...doc.footnotes.filter((f) => f.page === n).map((f) => ({ bbox: f.bbox, label: `footnote${f.marker ? ` ${f.marker}` : ''}` })),
  ];
  for (const f of furniture) {
    const [x0, y0, x1, y1] = boxPx(f.bbox, s, 3);
    ctx.fillStyle = DEBUG_COLOURS.furnitureFill;
    ctx.fillRect(x0, y0, x1 - x0, y1 - y0);
    outline(ctx, f.bbox, s, DEBUG_COLOURS.furniture, 2, 3, [5, 3]);
    ctx.font = labelFont(9);
    const above = y0 - 13 >= 0;
    tag(ctx, f.label, x0, above ? y0 - 13 : y1 + 1, DEBUG_COLOURS.furniture, '#ffffff', 9);
  }

  // Segment outlines, rotated marks, numbers.
  for (const sg of segments) {
    outline(ctx, sg.bbox, s, KIND_COLOUR[sg.kind], 2, 2);
  }
  // The order path over the outlines, under the labels.
  const centres = segments.map((sg) => centre(sg.bbox).map((v) => v * s) as [number, number]);
  ctx.save();
  ctx.strokeStyle = DEBUG_COLOURS.order;
  ctx.fillStyle = DEBUG_COLOURS.order;
  ctx.globalAlpha = 0.85;
  ctx.lineWidth = 1.5;
  if (centres.length > 1) {
    ctx.beginPath();
    centres.forEach(([x, y], i) => (i ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
    ctx.stroke();
    for (let i = 1; i < centres.length; i++) {
      const [ax, ay] = centres[i - 1];
      const [bx, by] = centres[i];
      const len = Math.hypot(bx - ax, by - ay);
      if (len < 12) continue;
      const ux = (bx - ax) / len;
      const uy = (by - ay) / len;
      const mx = (ax + bx) / 2 + ux * 4;
      const my = (ay + by) / 2 + uy * 4;
      ctx.beginPath();
      ctx.moveTo(mx, my);
      ctx.lineTo(mx - ux * 9 - uy * 4.5, my - uy * 9 + ux * 4.5);
      ctx.lineTo(mx - ux * 9 + uy * 4.5, my - uy * 9 - ux * 4.5);
      ctx.closePath();
      ctx.fill();
    }
  }
  for (const [x, y] of centres) {
    ctx.beginPath();
    ctx.arc(x, y, 3, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.restore();
  for (const sg of segments) {
    const [x0, y0] = boxPx(sg.bbox, s, 2);
    tag(ctx, String(numberOf.get(sg)), x0, y0, KIND_COLOUR[sg.kind], '#ffffff', 11);
    if (sg.kind === 'rotated') tag(ctx, 'ROT', x0, y0 + 16, DEBUG_COLOURS.rotated, '#ffffff', 11);
  }

  // Band labels in the left margin, over the furniture labels.
  info.bands.forEach((b, i) => {
    const label = `b${i} ${b.kind}${b.kind === 'columns' ? ` x${b.columnCount}` : ''}`;
    tag(ctx, label, 1, Math.round(b.top * s) - 13, DEBUG_COLOURS.band, '#ffffff', 9);
  });

  // Diagnostics: flags at the right edge.
  let topSlot = 2;
  let lastY = -Infinity;
  for (const d of doc.diagnostics.filter((x) => x.page === n)) {
    const colour = severityColour(d);
    const fg = d.severity === 'warning' ? '#000000' : '#ffffff';
    const yPt = diagnosticY(d);
    ctx.font = labelFont(10);
    const w = Math.ceil(ctx.measureText(d.code).width) + 6 + 8;
    if (yPt !== null) {
      const py = Math.round(yPt * s) + 0.5;
      ctx.save();
      ctx.strokeStyle = colour;
      ctx.lineWidth = 1;
      ctx.setLineDash([2, 3]);
      ctx.beginPath();
      ctx.moveTo(0, py);
      ctx.lineTo(W, py);
      ctx.stroke();
      ctx.restore();
      let ty = Math.round(py) - 7;
      if (ty < lastY + 15) ty = lastY + 15;
      lastY = ty;
      flag(ctx, d.code, W - w, ty, colour, fg);
    } else {
      flag(ctx, d.code, W - w, topSlot, colour, fg);
      topSlot += 16;
    }
  }

  if (info.failed) tag(ctx, 'PAGE FAILED: see the diagnostics', 4, 4, DEBUG_COLOURS.error, '#ffffff', 14);
}

/** A diagnostic flag: a pointer triangle then the code on a filled box. */
function flag(ctx: Ctx, code: string, x: number, y: number, colour: string, fg: string): void {
  ctx.fillStyle = colour;
  ctx.beginPath();
  ctx.moveTo(x, y + 7);
  ctx.lineTo(x + 8, y);
  ctx.lineTo(x + 8, y + 14);
  ctx.closePath();
  ctx.fill();
  tag(ctx, code, x + 8, y, colour, fg, 10);
}

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
    // A scan read turned: its boxes are in the upright frame (info.rotation includes the turn).
    const turn = (((info.rotation - page.rotate) % 360) + 360) % 360;
    if (info.source === 'ocr' && !info.failed && (turn === 90 || turn === 180 || turn === 270)) canvas = turned(canvas, turn);
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

/** Above this many distinct colours (a photograph) the canvas' own RGBA encoder is used instead. */
const PALETTE_MAX_DISTINCT = 20000;

/**
 * The canvas as an 8-bit palette PNG: a rendered text page with overlays has a few thousand colours, mostly
 * anti-aliasing, and its RGBA PNG is several times larger. The palette holds the overlay colours first, then the most
 * frequent others; the rest map to the nearest entry. Returns null for photographic pages.
 */
export function encodePng(canvas: Canvas): Buffer | null {
  const { width, height } = canvas;
  const data = canvas.getContext('2d').getImageData(0, 0, width, height).data;
  const counts = new Map<number, number>();
  for (let i = 0; i < data.length; i += 4) {
    const k = (data[i] << 16) | (data[i + 1] << 8) | data[i + 2];
    counts.set(k, (counts.get(k) ?? 0) + 1);
    if (counts.size > PALETTE_MAX_DISTINCT) return null;
  }
  const palette: number[] = [];
  const index = new Map<number, number>();
  const add = (k: number) => {
    if (palette.length < 256 && !index.has(k)) {
      index.set(k, palette.length);
      palette.push(k);
    }
  };
  if (counts.size > 256) {
    for (const c of Object.values(DEBUG_COLOURS)) if (/^#[0-9a-f]{6}$/i.test(c)) add(parseInt(c.slice(1), 16));
    add(0xffffff);
    add(0);
  }
  for (const [k] of [...counts.entries()].sort((a, b) => b[1] - a[1])) add(k);
  const nearest = (k: number): number => {
    const r = k >> 16;
    const g = (k >> 8) & 255;
    const b = k & 255;
    let best = 0;
    let bestD = Infinity;
    for (let i = 0; i < palette.length; i++) {
      const p = palette[i];
      const d = 3 * (r - (p >> 16)) ** 2 + 4 * (g - ((p >> 8) & 255)) ** 2 + 2 * (b - (p & 255)) ** 2;
      if (d < bestD) {
        bestD = d;
        best = i;
      }
    }
    index.set(k, best);
    return best;
  };
  // Scanlines with filter type 0, one palette index per pixel.
  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0, o = 0, i = 0; y < height; y++) {
    raw[o++] = 0;
    for (let x = 0; x < width; x++, i += 4) {
      const k = (data[i] << 16) | (data[i + 1] << 8) | data[i + 2];
      raw[o++] = index.get(k) ?? nearest(k);
    }
  }
  const plte = new Uint8Array(palette.length * 3);
  palette.forEach((p, i) => plte.set([p >> 16, (p >> 8) & 255, p & 255], i * 3));
  const png = pngFile({ width, height, colourType: 3, palette: plte, idat: deflateSync(raw, { level: 9 }) });
  return Buffer.from(png.buffer, png.byteOffset, png.byteLength);
}

// ---------------------------------------------------------------- index.html

const esc = (v: unknown): string =>
  String(v).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const num = (v: number) => String(Math.round(v * 100) / 100);
const boxText = (b: Box) => `[${b.map(num).join(', ')}]`;

function diagnosticsHtml(list: Diagnostic[]): string {
  if (!list.length) return '<p class="none">none</p>';
  return `<ul class="diags">${list
    .map(
      (d) =>
        `<li class="sev-${esc(d.severity)}"><span class="code">${esc(d.code)}</span> <span class="sev">${esc(d.severity)}</span> ${esc(d.message)}` +
        (d.detail ? `<pre>${esc(JSON.stringify(d.detail))}</pre>` : '') +
        '</li>',
    )
    .join('')}</ul>`;
}

function legendHtml(): string {
  const item = (l: (typeof LEGEND)[number]) => {
    const style =
      l.style === 'fill'
        ? `background:${l.swatch}`
        : l.style === 'line'
          ? `border-top:3px solid ${l.swatch};height:0;margin-top:8px`
          : `border:2px ${l.style === 'dashed' ? 'dashed' : 'solid'} ${l.swatch}`;
    return `<li><span class="sw" style="${style}"></span>${esc(l.label)}</li>`;
  };
  return `<section class="legend"><h2>Legend</h2><ul>${LEGEND.map(item).join('')}</ul>
<p>Coordinates are PDF points, origin at the top left of the page as displayed. Numbers on segments are their places in the
reading order of the whole document (the <code>segments</code> array, from 1).</p></section>`;
}

function debugHtml(doc: DocumentResult, sizes: Map<number, [number, number]>, numberOf: Map<Segment, number>, dpi: number): string {
  const title = doc.source.name ?? doc.source.key ?? 'document';
  const docDiags = doc.diagnostics.filter((d) => d.page === null);
  const pages = doc.pages
    .map((p) => {
      const [w, h] = sizes.get(p.page) ?? [0, 0];
      const segs = doc.segments.filter((sg) => sg.page === p.page);
      const furniture = [
        ...doc.headers.filter((f) => f.page === p.page).map((f) => ({ ...f, where: 'header' })),
        ...doc.footers.filter((f) => f.page === p.page).map((f) => ({ ...f, where: 'footer' })),
      ];
      const notes = doc.footnotes.filter((f) => f.page === p.page);
      const facts: [string, string][] = [
        ['source', p.source],
        ['columnCount', String(p.columnCount)],
        ['gutters', p.gutters.length ? p.gutters.map((g) => `[${num(g[0])}, ${num(g[1])}]`).join(' ') : 'none'],
        ['bands', p.bands.length ? '' : 'none'],
        ['ocrConfidence', p.ocrConfidence === undefined ? '-' : num(p.ocrConfidence)],
        ['size', `${num(p.width)} x ${num(p.height)} pt, rotation ${p.rotation}`],
        ['spanLines', String(p.spanLines)],
      ];
      if (p.failed) facts.push(['failed', 'yes']);
      const bandList = p.bands.length
        ? `<ol start="0" class="bands">${p.bands.map((b) => `<li>${esc(b.kind)} x${b.columnCount}, ${num(b.top)} to ${num(b.bottom)}</li>`).join('')}</ol>`
        : '';
      const rows = facts
        .map(([k, v]) => `<tr><th>${esc(k)}</th><td>${k === 'bands' && p.bands.length ? bandList : esc(v)}</td></tr>`)
        .join('');
      const segList = segs.length
        ? `<ul class="segs">${segs
            .map(
              (sg) =>
                `<li><b style="color:${KIND_COLOUR[sg.kind]}">${numberOf.get(sg)} ${esc(sg.kind)}</b> band ${sg.band}` +
                `${sg.column !== null ? `, column ${sg.column}` : ''}, ${sg.lines.length} lines, ${boxText(sg.bbox)}: ` +
                `<span class="txt">${esc(sg.text.slice(0, 80))}${sg.text.length > 80 ? '…' : ''}</span></li>`,
            )
            .join('')}</ul>`
        : '<p class="none">none</p>';
      const furnList =
        furniture.length || notes.length
          ? `<ul class="segs">${[
              ...furniture.map((f) => `<li><b>${f.where}: ${esc(f.kind)}</b> ${boxText(f.bbox)}: <span class="txt">${esc(f.text.slice(0, 80))}</span></li>`),
              ...notes.map((f) => `<li><b>footnote${f.marker ? ` ${esc(f.marker)}` : ''}</b> ${boxText(f.bbox)}: <span class="txt">${esc(f.text.slice(0, 80))}</span></li>`),
            ].join('')}</ul>`
          : '<p class="none">none</p>';
      return `<section class="page" id="page-${p.page}">
<figure><img src="page-${p.page}.png" width="${w}" height="${h}" alt="page ${p.page} with the engine's decisions drawn over it"><figcaption>page ${p.page}</figcaption></figure>
<div class="facts"><h2><a href="#page-${p.page}">Page ${p.page}</a></h2>
<table>${rows}</table>
<h3>Diagnostics</h3>${diagnosticsHtml(doc.diagnostics.filter((d) => d.page === p.page))}
<h3>Segments</h3>${segList}
<h3>Furniture</h3>${furnList}
</div></section>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>readflow debug: ${esc(title)}</title>
<style>
body{font:14px/1.4 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;padding:16px 24px;color:#222;background:#fafafa}
h1{margin:0 0 4px;font-size:22px} h2{font-size:17px;margin:0 0 8px} h3{font-size:14px;margin:14px 0 4px}
.meta{color:#555;margin:0 0 12px}
.legend{background:#fff;border:1px solid #ddd;padding:8px 14px;margin-bottom:16px}
.legend ul{list-style:none;padding:0;margin:0;columns:2 420px} .legend li{margin:3px 0;break-inside:avoid}
.sw{display:inline-block;width:28px;height:14px;margin-right:8px;vertical-align:middle;box-sizing:border-box}
.page{display:flex;gap:20px;align-items:flex-start;border-top:1px solid #ccc;padding:16px 0}
figure{margin:0;flex:0 0 auto;max-width:62%} figure img{max-width:100%;height:auto;border:1px solid #bbb;background:#fff;display:block}
figcaption{color:#666;font-size:12px}
.facts{flex:1 1 320px;min-width:280px;position:sticky;top:8px}
table{border-collapse:collapse;background:#fff} th,td{border:1px solid #ddd;padding:3px 8px;text-align:left;vertical-align:top} th{font-weight:600;background:#f2f2f2}
ol.bands{margin:0;padding-left:22px}
ul.diags,ul.segs{padding-left:18px;margin:0} ul.segs li{margin:2px 0}
.code{font-family:ui-monospace,monospace;font-weight:700} .sev{font-size:12px;color:#666}
.sev-warning .code{color:#9a6b00} .sev-error .code{color:${DEBUG_COLOURS.error}} .sev-info .code{color:${DEBUG_COLOURS.info}}
pre{white-space:pre-wrap;word-break:break-all;font-size:12px;background:#f3f3f3;margin:2px 0;padding:3px 6px}
.txt{color:#555} .none{color:#888;margin:0}
</style></head>
<body>
<h1>${esc(title)}</h1>
<p class="meta">status ${esc(doc.status)} · ${doc.pages.length} page(s) · ${doc.segments.length} segment(s) · ${esc(doc.engine.name)} ${esc(doc.engine.version)} · images at ${dpi} dpi</p>
${legendHtml()}
<section><h2>Document diagnostics</h2>${diagnosticsHtml(docDiags)}</section>
${pages}
</body></html>
`;
}

/** `DIR/index.html` linking the debug views of several documents (one subfolder each). */
export async function writeDebugIndex(dir: string, entries: { name: string; folder: string }[]): Promise<void> {
  const items = entries.map((e) => `<li><a href="${esc(encodeURIComponent(e.folder))}/index.html">${esc(e.name)}</a></li>`).join('\n');
  await writeFile(
    join(dir, 'index.html'),
    `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>readflow debug</title>` +
      `<style>body{font:14px/1.4 system-ui,sans-serif;margin:24px}</style></head>\n<body><h1>readflow debug</h1>\n<ul>\n${items}\n</ul>\n</body></html>\n`,
  );
}
