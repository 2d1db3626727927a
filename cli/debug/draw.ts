/** What the debug view draws over a rendered page: gutters, bands, segments in order, furniture, OCR lines, flags. */
import { GlobalFonts, createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { join } from 'node:path';
import { pdfjsAssets } from '../../lib/pdf/pdfjs.js';
import type { Box, Diagnostic, DocumentResult, Interval, PageInfo, Segment } from '../../lib/types.js';
import { DEBUG_COLOURS, KIND_COLOUR, LOW_LINE_CONFIDENCE } from './colours.js';

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
export function turned(src: Canvas, deg: 90 | 180 | 270): Canvas {
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

export type Ctx = SKRSContext2D;

/** A label: text on a filled box, top-left at (x, y) in pixels, kept inside the canvas. Returns its width. */
export function tag(ctx: Ctx, text: string, x: number, y: number, bg: string, fg = '#ffffff', size = 11): number {
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
export function drawOverlays(ctx: Ctx, doc: DocumentResult, info: PageInfo, s: number, numberOf: Map<Segment, number>): void {
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
  info.bands.forEach((b, _i) => {
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
