/**
 * OCR of one page: render it with pdf.js onto @napi-rs/canvas at a resolution chosen from its text size, find which
 * way up it is, level it and clean it (image.ts), recognise words with boxes and confidence with tesseract.js, drop
 * the words that are not text, and turn the rest into runs in page points (the rendered viewport already applies
 * /Rotate), so the same layout and document passes order them like digital text. Tesseract's own page segmentation
 * merges columns with narrow gutters; readflow only takes its words and orders them itself.
 */
import { deflateSync } from 'node:zlib';
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import type { Run } from '../types.js';
import type { PdfPage } from '../pdf/open.js';
import { pngFile } from '../render/png.js';
import { ocrWorker } from './engine.js';
import {
  clean,
  components,
  estimateSkew,
  flatten,
  greyFromRgba,
  linePitch,
  otsu,
  paperUnevenness,
  pictureRegions,
  rgbaFromGrey,
  threshold,
  type Component,
  type Grey,
} from './image.js';

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
  /** What was done to the image before recognition, and what was thrown away after. */
  preparation: Preparation;
}

export interface Preparation {
  /** The resolution the page was read at (chosen from its line pitch, at most the requested one). */
  dpi: number;
  /** Degrees the text lines ran clockwise from level; the image was turned back by this much when not 0. */
  skew: number;
  /** Isolated specks and edge borders (a scanner's frame, a copier's shadow) removed before recognition. */
  specks: number;
  borders: number;
  /** Words dropped as not text (rules, speckle, a figure's interior read as `:`, `]`, `E ;`). */
  junkWords: number;
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

/** The ink is sampled on an image at most this many pixels on its long side. */
const AXIS_SAMPLE = 1000;

/** A grey image transposed (rows become columns). */
function transpose(g: Grey): Grey {
  const data = new Uint8Array(g.data.length);
  for (let y = 0; y < g.height; y++) for (let x = 0; x < g.width; x++) data[x * g.height + y] = g.data[y * g.width + x];
  return { width: g.height, height: g.width, data };
}

/**
 * The direction of the text lines, from the ink alone: projected along the lines, the ink falls into sharp bands that
 * a few degrees' turn smears out; across them it does not. Whichever axis shows that line structure more strongly
 * (estimateSkew's strength, on the paper flattened first) is the lines' direction. Blank rows or columns are no guide
 * on a blurred, low-resolution scan, where the gaps between lines fill in.
 */
export function lineAxis(src: Canvas): 'horizontal' | 'vertical' {
  const f = Math.min(1, AXIS_SAMPLE / Math.max(src.width, src.height));
  const small = createCanvas(Math.max(1, Math.round(src.width * f)), Math.max(1, Math.round(src.height * f)));
  small.getContext('2d').drawImage(src, 0, 0, small.width, small.height);
  const grey = flatten(greyOf(small), Math.max(8, Math.round(small.height / 66)));
  return estimateSkew(transpose(grey)).strength > estimateSkew(grey).strength ? 'vertical' : 'horizontal';
}

/** The grey pixels of a canvas. */
function greyOf(c: Canvas): Grey {
  return greyFromRgba(c.getContext('2d').getImageData(0, 0, c.width, c.height).data, c.width, c.height);
}

/** A grey image as an 8-bit greyscale PNG (no filter: binary pages compress well as they are). */
function greyPng(g: Grey): Uint8Array {
  const raw = new Uint8Array((g.width + 1) * g.height);
  for (let y = 0; y < g.height; y++) raw.set(g.data.subarray(y * g.width, (y + 1) * g.width), y * (g.width + 1) + 1);
  return pngFile({ width: g.width, height: g.height, colourType: 0, idat: deflateSync(raw, { level: 1 }) });
}

/** A quarter or half turn of a grey image, clockwise. */
function turnGrey(g: Grey, deg: 90 | 180 | 270): Grey {
  const { width: w, height: h } = g;
  const swap = deg !== 180;
  const out = new Uint8Array(w * h);
  const W = swap ? h : w;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const v = g.data[y * w + x];
      const [nx, ny] = deg === 90 ? [h - 1 - y, x] : deg === 180 ? [w - 1 - x, h - 1 - y] : [y, w - 1 - x];
      out[ny * W + nx] = v;
    }
  }
  return { width: W, height: swap ? w : h, data: out };
}

/** The central part of a grey image. */
function cropGrey(g: Grey, share: number): Grey {
  const w = Math.round(g.width * share);
  const h = Math.round(g.height * share);
  const x0 = Math.floor((g.width - w) / 2);
  const y0 = Math.floor((g.height - h) / 2);
  const data = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) data.set(g.data.subarray((y0 + y) * g.width + x0, (y0 + y) * g.width + x0 + w), y * w);
  return { width: w, height: h, data };
}

/** Skew below this many degrees is left alone (a level page's estimate wanders by a few hundredths). */
const MIN_SKEW = 0.1;
/** The skew estimate is trusted when the profile's energy at it is at least this many times the level one. */
const MIN_SKEW_STRENGTH = 1.15;

/** The paper's grey: the median of the image's values (most of a page is paper). */
function paperGrey(g: Grey): number {
  const hist = new Uint32Array(256);
  for (const v of g.data) hist[v]++;
  let n = 0;
  for (let v = 0; v < 256; v++) if ((n += hist[v]) >= g.data.length / 2) return v;
  return 255;
}

/** Paper darker in its darker tenth than this share below its median is uneven (see image.ts' paperUnevenness). */
const UNEVEN_PAPER = 0.04;
/** Paper at least this light... */
const CLEAN_PAPER = 245;
/** ...varying by at most this much (mean absolute deviation of the paper's pixels)... */
const CLEAN_PAPER_NOISE = 3;

/** White, flat paper: a page rendered from a clean image, not a copier's grey or a phone's uneven light and noise. */
function isClean(g: Grey, ink: number): boolean {
  let n = 0;
  let sum = 0;
  for (const v of g.data) {
    if (v <= ink) continue;
    n++;
    sum += v;
  }
  if (n === 0) return false;
  const mean = sum / n;
  let dev = 0;
  for (const v of g.data) if (v > ink) dev += Math.abs(v - mean);
  return mean >= CLEAN_PAPER && dev / n <= CLEAN_PAPER_NOISE;
}

/**
 * A grey image turned counter-clockwise by `deg` degrees (levelling lines that ran `deg` clockwise), on a grown image
 * that holds all of it, the new corners filled with `fill`. Drawn by the canvas with its high-quality smoothing
 * (resampling a blurred, JPEG-coded scan costs it less than plain bilinear). Returns the image and where the old
 * image's origin moved to (the centre stays the centre).
 */
function levelGrey(g: Grey, deg: number, fill: number): { image: Grey; dx: number; dy: number } {
  const src = createCanvas(g.width, g.height);
  const pixels = src.getContext('2d').createImageData(g.width, g.height);
  pixels.data.set(rgbaFromGrey(g));
  src.getContext('2d').putImageData(pixels, 0, 0);
  const a = (deg * Math.PI) / 180;
  const W = Math.ceil(Math.abs(g.width * Math.cos(a)) + Math.abs(g.height * Math.sin(a)));
  const H = Math.ceil(Math.abs(g.width * Math.sin(a)) + Math.abs(g.height * Math.cos(a)));
  const out = createCanvas(W, H);
  const ctx = out.getContext('2d');
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.fillStyle = `rgb(${fill},${fill},${fill})`;
  ctx.fillRect(0, 0, W, H);
  ctx.translate(W / 2, H / 2);
  ctx.rotate(-a);
  ctx.drawImage(src, -g.width / 2, -g.height / 2);
  return { image: greyOf(out), dx: (W - g.width) / 2, dy: (H - g.height) / 2 };
}

/**
 * Make a rendered page ready for recognition: flatten its paper to white (when it is not already), level its lines,
 * cut the scanner's borders and isolated specks. Also returns the text lines' pitch in pixels (null when there are
 * too few lines to say), which sizes what counts as a speck, and the pictures on the prepared image.
 */
function prepare(
  grey: Grey,
  dpi: number,
): { image: Grey; skew: number; dx: number; dy: number; specks: number; borders: number; pitch: number | null; pictures: Component[] } {
  const ink = otsu(grey);
  const white = isClean(grey, ink);
  // Paper blocks of a sixth of an inch: two lines of body text. Evenly grey paper is left to tesseract's own
  // threshold, which reads it as well; only uneven paper (a shadow, falling light, a dark frame) is flattened.
  const uneven = white ? 0 : paperUnevenness(grey, dpi / 6);
  let image = uneven > UNEVEN_PAPER ? flatten(grey, dpi / 6) : grey;
  const skew = estimateSkew(image);
  let dx = 0;
  let dy = 0;
  let angle = 0;
  if (Math.abs(skew.angle) >= MIN_SKEW && skew.strength >= MIN_SKEW_STRENGTH) {
    ({ image, dx, dy } = levelGrey(image, skew.angle, image === grey ? paperGrey(grey) : 255));
    angle = skew.angle;
  }
  const bin = threshold(image, image === grey ? ink : otsu(image));
  const pitch = linePitch(bin);
  const p = pitch ?? dpi / 6;
  const found = components(bin);
  // A clean rendering (white paper, black ink) is read as it is.
  if (white) return { image, skew: angle, dx, dy, specks: 0, borders: 0, pitch, pictures: pictureRegions(found.list, p) };
  const cleaned = clean(
    bin,
    {
      borderReach: Math.round(0.2 * Math.min(bin.width, bin.height)),
      speckArea: Math.max(2, Math.round((0.06 * p) ** 2)),
      speckIsolation: Math.max(3, Math.round(0.3 * p)),
    },
    found,
  );
  // The grey keeps its anti-aliased edges; only what was cut is painted over with paper.
  if (image === grey) image = { ...grey, data: new Uint8Array(grey.data) };
  for (let i = 0; i < image.data.length; i++) if (cleaned.removed[i]) image.data[i] = 255;
  return { image, skew: angle, dx, dy, specks: cleaned.specks, borders: cleaned.borders, pitch, pictures: pictureRegions(cleaned.kept, p) };
}

async function recognise(image: Grey, langs: string, dataPath: string | null): Promise<{ lines: TLine[]; confidence: number }> {
  const worker = await ocrWorker(langs, dataPath);
  // Tesseract's own messages ("Image too small to scale!!" on a crumb of a region) go to its debug file, not stderr.
  const { data } = await worker.recognize(Buffer.from(greyPng(image)), { debug_file: '/dev/null' } as Record<string, string>, {
    blocks: true,
    text: false,
    hocr: false,
    tsv: false,
  });
  const blocks = (data.blocks ?? []) as unknown as TBlock[];
  const lines = blocks.flatMap((b) => b.paragraphs.flatMap((p) => p.lines));
  const words = lines.flatMap((l) => l.words).filter((w) => w.text.trim());
  const confidence = words.length ? words.reduce((s, w) => s + w.confidence, 0) / words.length : 0;
  return { lines, confidence };
}

/** Resolution of the quick render the text size is measured on. */
const PROBE_DPI = 100;
/**
 * Tesseract reads best with an x-height of about 20 pixels; the x-height is about 0.375 of the line pitch, so the
 * resolution that gives it is this many over the pitch in points...
 */
const DPI_PER_PITCH = 3840;
/** ...and never below this (thin strokes break up). */
const MIN_DPI = 150;

/**
 * The resolution to read a page at: enough for its text size, at most `max`. A quick render measures the line pitch;
 * large type needs fewer pixels, and every pixel costs recognition time.
 */
async function chooseDpi(page: PdfPage, max: number): Promise<number> {
  if (max <= MIN_DPI) return max;
  const pitch = prepare(greyOf(await renderPage(page, PROBE_DPI)), PROBE_DPI).pitch;
  if (!pitch) return max;
  const pitchPt = (pitch * 72) / PROBE_DPI;
  return Math.max(MIN_DPI, Math.min(max, Math.round(DPI_PER_PITCH / pitchPt / 10) * 10));
}

/** A word with no letter or digit at this confidence or lower is a mark read as text (a rule, a speck, a border). */
const JUNK_MARK_CONFIDENCE = 70;
/**
 * A line is cut into pieces at gaps wider than this many of its heights (a figure beside a column: tesseract runs
 * one line from the drawing's strokes across into the text). A piece whose words average less than this confidence
 * and are mostly fragments (at most two letters or digits), or that averages less than the lower figure, is a
 * figure's interior or a photo read as text.
 */
const PIECE_GAP = 1.5;
const JUNK_PIECE_CONFIDENCE = 50;
const JUNK_PIECE_FRAGMENTS = 0.5;
const JUNK_PIECE_FLOOR = 35;
/**
 * Fragments (a letter or two, "iy", "7,", "gi:") read with less confidence than this are a drawing's strokes when
 * nothing but fragments make up their piece, or when they stand at a piece's end among doubtful words.
 */
const SURE_FRAGMENT = 75;

const alnum = (s: string) => (s.match(/[\p{L}\p{N}]/gu) ?? []).length;

/**
 * Which words of a line to keep (indices): the line cut into pieces at wide gaps, junk pieces dropped whole, and in
 * the rest only marks with no letter or digit read with little confidence. A doubtful word between sure ones stays:
 * real text is never dropped for its confidence alone.
 */
export function keptWords(words: { text: string; confidence: number; x0: number; x1: number }[], height: number): number[] {
  const pieces: number[][] = [];
  words.forEach((w, i) => {
    if (!w.text.trim()) return;
    const last = pieces.at(-1);
    const prev = last ? words[last[last.length - 1]] : null;
    if (last && prev && w.x0 - prev.x1 <= PIECE_GAP * height) last.push(i);
    else pieces.push([i]);
  });
  // A piece's doubtful words at either end are judged apart from its sure middle: a drawing's strokes read as
  // words often run into a line of text with no gap to part them.
  const weak = (i: number) => words[i].confidence < JUNK_PIECE_CONFIDENCE || (alnum(words[i].text) <= 2 && words[i].confidence < SURE_FRAGMENT);
  const parts: number[][] = [];
  for (const piece of pieces) {
    let a = 0;
    let b = piece.length;
    while (a < b && weak(piece[a])) a++;
    while (b > a && weak(piece[b - 1])) b--;
    if (a === b) parts.push(piece);
    else parts.push(...[piece.slice(0, a), piece.slice(a, b), piece.slice(b)].filter((p) => p.length));
  }
  const kept: number[] = [];
  for (const piece of parts) {
    const mean = piece.reduce((s, i) => s + words[i].confidence, 0) / piece.length;
    const fragments = piece.filter((i) => alnum(words[i].text) <= 2).length / piece.length;
    // A lone word of three letters or more is kept however unsure: a real word read badly ("l'alcôve") beats none.
    if (
      (mean < JUNK_PIECE_FLOOR && piece.length > 1) ||
      (mean < JUNK_PIECE_CONFIDENCE && fragments >= JUNK_PIECE_FRAGMENTS) ||
      (fragments === 1 && mean < SURE_FRAGMENT)
    ) {
      continue;
    }
    for (const i of piece) if (alnum(words[i].text) > 0 || words[i].confidence > JUNK_MARK_CONFIDENCE) kept.push(i);
  }
  return kept.sort((x, y) => x - y);
}

/**
 * Inside a picture, a word read with less than this confidence is the picture read as text ("Sl", "E ;" in a
 * drawing); a chart's labels and a ruled table's cells are read surely and stay.
 */
const PICTURE_WORD_CONFIDENCE = 80;

/** Whether a word is the inside of a picture read as text rather than text set in it. */
function inPicture(w: TWord, pictures: Component[]): boolean {
  if (w.confidence >= PICTURE_WORD_CONFIDENCE) return false;
  const x = (w.bbox.x0 + w.bbox.x1) / 2;
  const y = (w.bbox.y0 + w.bbox.y1) / 2;
  return pictures.some((p) => x >= p.x0 && x <= p.x1 && y >= p.y0 && y <= p.y1);
}

/** OCR a page into runs in page points. */
export async function ocrPage(page: PdfPage, opts: { dpi: number; langs: string; dataPath: string | null }): Promise<OcrResult> {
  const dpi = await chooseDpi(page, opts.dpi);
  const canvas = await renderPage(page, dpi);
  // Which way up? The direction of the text lines is measured from the ink first (cheap). Upright lines: read the
  // page, and only if that reads poorly, compare upside down on a central crop. Vertical lines (a scan lying
  // sideways; tesseract reads those slowly and badly): compare the two quarter turns on a crop, then read once.
  type Prepared = ReturnType<typeof prepare>;
  let best: { lines: TLine[]; confidence: number; orientation: OcrResult['orientation']; prepared: Prepared };
  if (lineAxis(canvas) === 'horizontal') {
    const prepared = prepare(greyOf(canvas), dpi);
    best = { ...(await recognise(prepared.image, opts.langs, opts.dataPath)), orientation: 0, prepared };
    if (best.confidence < RETRY_ORIENTATION_BELOW) {
      const probe = cropGrey(prepared.image, PROBE_SHARE);
      const [up, down] = [await recognise(probe, opts.langs, opts.dataPath), await recognise(turnGrey(probe, 180), opts.langs, opts.dataPath)];
      if (down.confidence > up.confidence + 10) {
        const image = turnGrey(prepared.image, 180);
        const { width: w, height: h } = image;
        const pictures = prepared.pictures.map((k) => ({ ...k, x0: w - 1 - k.x1, x1: w - 1 - k.x0, y0: h - 1 - k.y1, y1: h - 1 - k.y0 }));
        best = { ...(await recognise(image, opts.langs, opts.dataPath)), orientation: 180, prepared: { ...prepared, image, pictures } };
      }
    }
  } else {
    const grey = greyOf(canvas);
    const probe = cropGrey(grey, PROBE_SHARE);
    const right = await recognise(turnGrey(probe, 90), opts.langs, opts.dataPath);
    let orientation: OcrResult['orientation'] = 90;
    if (right.confidence < RETRY_ORIENTATION_BELOW) {
      const left = await recognise(turnGrey(probe, 270), opts.langs, opts.dataPath);
      if (left.confidence > right.confidence + 10) orientation = 270;
    }
    const prepared = prepare(turnGrey(grey, orientation), dpi);
    best = { ...(await recognise(prepared.image, opts.langs, opts.dataPath)), orientation, prepared };
  }
  const { dx, dy } = best.prepared;
  const scale = 72 / dpi;
  // The page read upright, in points; words of the levelled image are placed back on it around its centre.
  const upright = best.orientation % 180 === 0 ? canvas : { width: canvas.height, height: canvas.width };
  const width = upright.width * scale;
  const height = upright.height * scale;
  const px = (x: number) => Math.min(width, Math.max(0, (x - dx) * scale));
  const py = (y: number) => Math.min(height, Math.max(0, (y - dy) * scale));

  const runs: Run[] = [];
  let junkWords = 0;
  let kept = 0;
  let confSum = 0;
  const { pictures } = best.prepared;
  for (const line of best.lines) {
    const all = line.words
      .filter((w) => w.text.trim())
      .filter((w) => {
        const picture = inPicture(w, pictures);
        if (picture) junkWords++;
        return !picture;
      });
    const heightPx = line.rowAttributes?.rowHeight || line.bbox.y1 - line.bbox.y0;
    const keep = new Set(
      keptWords(
        all.map((w) => ({ text: w.text, confidence: w.confidence, x0: w.bbox.x0, x1: w.bbox.x1 })),
        heightPx,
      ),
    );
    junkWords += all.length - keep.size;
    const words = all.filter((_, i) => keep.has(i));
    if (words.length === 0) continue;
    const size = Math.max(1, heightPx * scale);
    const { x0: bx0, y0: by0, x1: bx1, y1: by1 } = line.baseline;
    const baselineAt = (x: number) => (bx1 === bx0 ? by0 : by0 + ((by1 - by0) * (x - bx0)) / (bx1 - bx0));
    words.forEach((w, i) => {
      const mid = (w.bbox.x0 + w.bbox.x1) / 2;
      kept++;
      confSum += w.confidence;
      runs.push({
        text: w.text.trim(),
        x0: px(w.bbox.x0),
        x1: px(w.bbox.x1),
        y0: py(w.bbox.y0),
        y1: py(w.bbox.y1),
        baseline: py(baselineAt(mid)),
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
    width,
    height,
    confidence: kept ? confSum / kept : best.confidence,
    orientation: best.orientation,
    words: runs.length,
    preparation: { dpi, skew: best.prepared.skew, specks: best.prepared.specks, borders: best.prepared.borders, junkWords },
  };
}
