/**
 * The debug view (cli/debug.ts, `readflow FILE.pdf --debug DIR`): the pictures are checked by sampling pixels of
 * the written PNGs against the fixtures' known geometry and against a plain render of the same page, never by hashes.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEBUG_COLOURS, writeDebug } from '../cli/debug.js';
import { fixture } from '../fixtures/index.js';
import { extractDocument } from '../lib/extract.js';
import { renderPage } from '../lib/ocr/recognize.js';
import { closePdf, openPdf } from '../lib/pdf/open.js';
import type { DocumentResult, Segment } from '../lib/types.js';
import { ensureCliBuilt, readflow, scratch } from './support/cli.js';

const DPI = 100;
const S = DPI / 72;

type RGB = [number, number, number];
interface Picture {
  width: number;
  height: number;
  at: (x: number, y: number) => RGB;
}

function picture(width: number, height: number, data: Uint8ClampedArray): Picture {
  return {
    width,
    height,
    at: (x, y) => {
      const i = (Math.round(y) * width + Math.round(x)) * 4;
      return [data[i], data[i + 1], data[i + 2]];
    },
  };
}

/** A PNG written by the debug view, decoded. */
async function decode(path: string): Promise<Picture> {
  const img = await loadImage(await readFile(path));
  const canvas = createCanvas(img.width, img.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(img, 0, 0);
  return picture(img.width, img.height, ctx.getImageData(0, 0, img.width, img.height).data);
}

/** The same page rendered with no overlays. */
async function plain(pdf: Uint8Array, page: number): Promise<Picture> {
  const open = await openPdf(pdf, { maxBytes: 1 << 30, password: null });
  try {
    const canvas = await renderPage(await open.doc.getPage(page), DPI);
    return picture(canvas.width, canvas.height, canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data);
  } finally {
    await closePdf(open);
  }
}

const diff = (a: RGB, b: RGB) => Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[2] - b[2]);
/** The gutter shade: magenta over the page (green pulled down, red and blue kept). */
const isGutterShade = ([r, g, b]: RGB) => r - g > 25 && b - g > 15;
/** The table outline: orange. */
const isTableOrange = ([r, g, b]: RGB) => r > 200 && g > 70 && g < 150 && b < 70;
/** The column outline: blue. */
const isColumnBlue = ([r, g, b]: RGB) => b > 150 && r < 80 && g < 140;
/** Furniture: neutral grey, neither white nor black. */
const isFurnitureGrey = ([r, g, b]: RGB) => Math.max(r, g, b) - Math.min(r, g, b) <= 12 && r >= 90 && r <= 242;
const isWarningAmber = ([r, g, b]: RGB) => r > 220 && g > 130 && g < 210 && b < 90;
const isOcrLowRed = ([r, g, b]: RGB) => r > 170 && g < 50 && b < 50;
/** The faint OCR line fill: a light teal (not the blue of columns, not the dark teal of band lines). */
const isOcrFaint = ([r, g, b]: RGB) => g - r > 18 && b - r > 18 && Math.abs(g - b) < 20 && r > 90;
const isRotatedPurple = ([r, g, b]: RGB) => r > 110 && r < 175 && g < 70 && b > 140;

/** Pixel distance from a point to the reading-order path of a page (segment centres joined in order). */
function distanceToPath(doc: DocumentResult, page: number, x: number, y: number): number {
  const c = doc.segments.filter((s) => s.page === page).map((s) => [((s.bbox[0] + s.bbox[2]) / 2) * S, ((s.bbox[1] + s.bbox[3]) / 2) * S]);
  let best = Infinity;
  for (let i = 1; i < c.length; i++) {
    const [ax, ay] = c[i - 1];
    const [bx, by] = c[i];
    const len2 = (bx - ax) ** 2 + (by - ay) ** 2 || 1;
    const t = Math.max(0, Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / len2));
    best = Math.min(best, Math.hypot(x - (ax + t * (bx - ax)), y - (ay + t * (by - ay))));
  }
  return best;
}

/** First pixel, walking from (x, y) by (dx, dy), that matches; null when none does before the edge (or `max` steps). */
function walk(p: Picture, x: number, y: number, dx: number, dy: number, match: (c: RGB) => boolean, max = Infinity): number | null {
  for (let i = 0; i <= max; i++) {
    const cx = Math.round(x + dx * i);
    const cy = Math.round(y + dy * i);
    if (cx < 0 || cy < 0 || cx >= p.width || cy >= p.height) return null;
    if (match(p.at(cx, cy))) return dx ? cx : cy;
  }
  return null;
}

let tmp: Awaited<ReturnType<typeof scratch>>;
beforeAll(async () => {
  tmp = await scratch();
});
afterAll(async () => {
  await tmp?.remove();
});

describe('debug view of a two-column page with a wide table (wide-table-rows)', () => {
  const fx = fixture('wide-table-rows');
  const geo = fx.geometry![0];
  const table = geo.tables![0];
  const [g0, g1] = geo.gutters[0];
  let doc: DocumentResult;
  let dbg: Picture;
  let base: Picture;
  let dir: string;

  beforeAll(async () => {
    doc = await extractDocument(fx.pdf, { source: { name: 'wide-table-rows.pdf' } });
    dir = join(tmp.dir, 'wide');
    await writeDebug(fx.pdf, doc, dir, { dpi: DPI });
    dbg = await decode(join(dir, 'page-1.png'));
    base = await plain(fx.pdf, 1);
  });

  it('writes the page at the requested resolution', () => {
    expect(dbg.width).toBe(Math.ceil(geo.width * S));
    expect(dbg.height).toBe(Math.ceil(geo.height * S));
    expect([dbg.width, dbg.height]).toEqual([base.width, base.height]);
  });

  it('shades the known gutter where the columns run, above and below the table', () => {
    const x = ((g0 + g1) / 2) * S;
    const ys = [table.top - 150, table.top - 100, table.top - 40, table.bottom + 40, table.bottom + 120, table.bottom + 250].map((y) => y * S);
    const clear = ys.filter((y) => distanceToPath(doc, 1, x, y) > 6);
    expect(clear.length).toBeGreaterThanOrEqual(4);
    for (const y of clear) {
      expect(diff(dbg.at(x, y), base.at(x, y)), `gutter at y=${(y / S).toFixed(0)} pt differs from the plain render`).toBeGreaterThan(30);
      expect(isGutterShade(dbg.at(x, y)), `gutter at y=${(y / S).toFixed(0)} pt is shaded: ${dbg.at(x, y)}`).toBe(true);
    }
    // Either side of the gutter, inside the columns, the page is not shaded as a gutter.
    for (const y of clear) {
      for (const xs of [g0 - 30, g1 + 30]) expect(isGutterShade(dbg.at(xs * S, y))).toBe(false);
    }
  });

  it('does not shade the gutter across the table band nor in the top margin', () => {
    const x = ((g0 + g1) / 2) * S;
    const ys = [30, table.top + 40, table.top + 70, table.top + 100].map((y) => y * S).filter((y) => distanceToPath(doc, 1, x, y) > 6);
    expect(ys.length).toBeGreaterThanOrEqual(3);
    for (const y of ys) expect(isGutterShade(dbg.at(x, y)), `no gutter shade at y=${(y / S).toFixed(0)} pt`).toBe(false);
  });

  it("outlines the table segment around the table's known rows", () => {
    const cx = ((table.left + g0) / 2) * S;
    const cy = ((table.top + table.bottom) / 2) * S;
    // The outline is found by walking out from inside the table until the table colour.
    const lefts = [table.top + 30, table.top + 70, table.bottom - 10].map((y) => walk(dbg, cx, y * S, -1, 0, isTableOrange));
    const rights = [table.top + 30, table.top + 70, table.bottom - 10].map((y) => walk(dbg, g1 * S + 10, y * S, 1, 0, isTableOrange));
    const tops = [table.left + 60, (g0 + g1) / 2 + 50].map((x) => walk(dbg, x * S, cy, 0, -1, isTableOrange));
    const bottoms = [table.left + 60, (g0 + g1) / 2 + 50].map((x) => walk(dbg, x * S, cy, 0, 1, isTableOrange));
    for (const v of [...lefts, ...rights, ...tops, ...bottoms]) expect(v).not.toBeNull();
    // Left edge at the table's left, top above the title row, bottom below the last row's baseline (4 pt above the
    // closing rule at table.bottom), right past the figures right of the gutter and within the table's measure.
    for (const l of lefts) expect(l!).toBeLessThanOrEqual(table.left * S + 1);
    for (const l of lefts) expect(l!).toBeGreaterThanOrEqual((table.left - 6) * S);
    for (const t of tops) expect(t!).toBeLessThanOrEqual((table.top + 2) * S);
    for (const t of tops) expect(t!).toBeGreaterThanOrEqual((table.top - 6) * S);
    for (const b of bottoms) expect(b!).toBeGreaterThanOrEqual((table.bottom - 4) * S);
    for (const b of bottoms) expect(b!).toBeLessThanOrEqual((table.bottom + 6) * S);
    for (const r of rights) expect(r!).toBeGreaterThanOrEqual((g1 + 90) * S);
    for (const r of rights) expect(r!).toBeLessThanOrEqual((table.right + 6) * S);
    // The columns above the table are outlined in the column colour, not the table's.
    expect(walk(dbg, cx, (table.top - 100) * S, -1, 0, isColumnBlue)).not.toBeNull();
    expect(walk(dbg, cx, (table.top - 100) * S, -1, 0, isTableOrange)).toBeNull();
  });

  it('draws the overlays of OCR lines, diagnostics and rotated segments (a doctored result)', async () => {
    const fake: DocumentResult = structuredClone(doc);
    fake.pages[0].source = 'ocr';
    fake.pages[0].ocrConfidence = 71;
    const first = fake.segments[0];
    for (const s of fake.segments) for (const l of s.lines) l.confidence = 90;
    first.lines[0].confidence = 40;
    const rotated: Segment = { kind: 'rotated', page: 1, band: 3, column: null, text: 'x', bbox: [20, 300, 40, 500], lines: [] };
    fake.segments.push(rotated);
    fake.diagnostics.push(
      { code: 'partial-span', severity: 'warning', page: 1, message: 'at a baseline', detail: { baseline: 600 } },
      { code: 'ocr-low-confidence', severity: 'warning', page: 1, message: 'no baseline' },
    );
    const fdir = join(tmp.dir, 'doctored');
    await writeDebug(fx.pdf, fake, fdir, { dpi: DPI });
    const p = await decode(join(fdir, 'page-1.png'));

    const low = first.lines[0].bbox;
    const ok = first.lines[1].bbox;
    const rowOf = (b: number[]) => ((b[1] + b[3]) / 2) * S;
    // The low-confidence line is marked in red at its right end (its confidence on a red tag), the confident one is not.
    const redAtEnd = (q: Picture, b: number[]) => Array.from({ length: 30 }, (_, i) => q.at(b[2] * S - 2 - i, rowOf(b))).filter(isOcrLowRed).length;
    expect(redAtEnd(p, low)).toBeGreaterThan(3);
    expect(redAtEnd(p, ok)).toBe(0);
    expect(redAtEnd(dbg, low)).toBe(0);
    // Lines are tinted faintly: where the plain render of the line is paper, the OCR view is teal, the text view not.
    const row = rowOf(ok);
    const paper = Array.from({ length: Math.floor((ok[2] - ok[0]) * S) - 20 }, (_, i) => ok[0] * S + 10 + i).filter(
      (x) => diff(base.at(x, row), [255, 255, 255]) === 0,
    );
    expect(paper.length).toBeGreaterThan(20);
    expect(paper.filter((x) => isOcrFaint(p.at(x, row))).length / paper.length).toBeGreaterThan(0.9);
    expect(paper.filter((x) => isOcrFaint(dbg.at(x, row))).length).toBe(0);

    // A diagnostic with a baseline is flagged at the right edge at that height, one without it at the top.
    const right = (y: number, q: Picture) => Array.from({ length: 40 }, (_, i) => q.at(q.width - 3 - i, y)).some(isWarningAmber);
    expect(right(600 * S, p)).toBe(true);
    expect(right(600 * S, dbg)).toBe(false);
    expect([4, 8, 12].some((y) => right(y, p))).toBe(true);
    expect([4, 8, 12].some((y) => right(y, dbg))).toBe(false);

    // The rotated segment is outlined in its own colour and tagged.
    expect(isRotatedPurple(p.at(20 * S - 2, 400 * S)) || isRotatedPurple(p.at(20 * S - 1, 400 * S))).toBe(true);
    expect(isRotatedPurple(dbg.at(20 * S - 2, 400 * S))).toBe(false);
    const html = await readFile(join(fdir, 'index.html'), 'utf8');
    expect(html).toContain('partial-span');
    expect(html).toContain('>71<');
  });

  it('turns the picture of a scan read turned, and draws the overlays in the upright frame', async () => {
    const fake: DocumentResult = structuredClone(doc);
    Object.assign(fake.pages[0], { source: 'ocr', rotation: 90, width: geo.height, height: geo.width });
    fake.segments = [{ kind: 'span', page: 1, band: 0, column: null, text: 'x', bbox: [500, 100, 700, 300], lines: [] }];
    const tdir = join(tmp.dir, 'turned');
    await writeDebug(fx.pdf, fake, tdir, { dpi: DPI });
    const p = await decode(join(tdir, 'page-1.png'));
    expect([p.width, p.height]).toEqual([Math.ceil(geo.height * S), Math.ceil(geo.width * S)]);
    const isSpanGreen = ([r, g, b]: RGB) => g > 100 && r < 80 && b < 80;
    for (const [x, y] of [
      [500 * S - 2, 200 * S],
      [700 * S + 1, 200 * S],
      [600 * S, 100 * S - 2],
      [600 * S, 300 * S + 1],
    ]) {
      expect(
        [-1, 0, 1].some((d) => isSpanGreen(p.at(x + d, y)) || isSpanGreen(p.at(x, y + d))),
        `span outline at ${x}, ${y}`,
      ).toBe(true);
    }
  });
});

describe('debug view of a five-page chapter with furniture (chapter-furniture-5pp-rows)', () => {
  const fx = fixture('chapter-furniture-5pp-rows');
  let doc: DocumentResult;
  let dir: string;
  const pics = new Map<number, { dbg: Picture; base: Picture }>();

  beforeAll(async () => {
    doc = await extractDocument(fx.pdf, { source: { name: 'chapter.pdf' } });
    dir = join(tmp.dir, 'chapter');
    await writeDebug(fx.pdf, doc, dir, { dpi: DPI });
    for (const g of fx.geometry!) pics.set(g.page, { dbg: await decode(join(dir, `page-${g.page}.png`)), base: await plain(fx.pdf, g.page) });
  });

  it('shades the known gutter on every page', () => {
    for (const g of fx.geometry!) {
      const { dbg, base } = pics.get(g.page)!;
      const x = ((g.gutters[0][0] + g.gutters[0][1]) / 2) * S;
      const ys = [300, 420, 540, 660].map((y) => y * S).filter((y) => distanceToPath(doc, g.page, x, y) > 6);
      expect(ys.length).toBeGreaterThanOrEqual(3);
      for (const y of ys) {
        expect(diff(dbg.at(x, y), base.at(x, y))).toBeGreaterThan(30);
        expect(isGutterShade(dbg.at(x, y)), `page ${g.page}, y=${(y / S).toFixed(0)} pt`).toBe(true);
      }
    }
  });

  it('puts the furniture colour at the known running head, and none where a page has no running head', () => {
    const withHead = fx.geometry!.filter((g) => g.headerY !== undefined);
    expect(withHead.length).toBe(4);
    const greyAt = (page: number, yPt: number) => {
      const { dbg, base } = pics.get(page)!;
      let n = 0;
      for (let x = 0; x < dbg.width; x++) {
        const c = dbg.at(x, yPt * S);
        if (isFurnitureGrey(c) && diff(c, base.at(x, yPt * S)) > 12) n++;
      }
      return n;
    };
    for (const g of withHead) {
      // Just above the baseline (inside the letters' height) and across the whole head.
      expect(greyAt(g.page, g.headerY! - 3), `page ${g.page}`).toBeGreaterThan(60);
      // The running head is not inside a column segment.
      const { dbg } = pics.get(g.page)!;
      expect(Array.from({ length: dbg.width }, (_, x) => dbg.at(x, (g.headerY! - 3) * S)).some(isColumnBlue)).toBe(false);
    }
    const first = fx.geometry!.find((g) => g.headerY === undefined)!;
    expect(greyAt(first.page, withHead[0].headerY! - 3)).toBe(0);
  });

  it('writes index.html naming every page image, with the page facts and the legend', async () => {
    const html = await readFile(join(dir, 'index.html'), 'utf8');
    const files = (await readdir(dir)).filter((f) => f.endsWith('.png')).sort();
    expect(files).toEqual(doc.pages.map((p) => `page-${p.page}.png`).sort());
    for (const p of doc.pages) {
      expect(html).toContain(`src="page-${p.page}.png"`);
      expect(html).toContain(`id="page-${p.page}"`);
    }
    expect(html).toContain('289.64, 305.64');
    expect(html).toContain('columnCount');
    expect(html).toContain('ocrConfidence');
    // No external assets: no scripts, no stylesheets or images from elsewhere.
    expect(html).not.toMatch(/<script|<link|https?:\/\//i);
    // Every colour drawn is in the legend or the page's inline CSS.
    for (const c of Object.values(DEBUG_COLOURS)) if (c !== DEBUG_COLOURS.furnitureFill) expect(html).toContain(c);
  });
});

describe('readflow FILE.pdf --debug DIR', () => {
  beforeAll(async () => {
    await ensureCliBuilt();
  });

  it('writes the debug folder and leaves stdout as it is without the option', async () => {
    const pdf = await tmp.put('table.pdf', fixture('wide-table-rows').pdf);
    const out = join(tmp.dir, 'cli-one');
    const [withDebug, without] = await Promise.all([readflow(pdf, '--debug', out), readflow(pdf)]);
    expect(withDebug.code).toBe(0);
    expect(withDebug.stdout).toBe(without.stdout);
    expect(withDebug.stderr).toBe('');
    expect(existsSync(join(out, 'page-1.png'))).toBe(true);
    expect(await readFile(join(out, 'index.html'), 'utf8')).toContain('src="page-1.png"');
  });

  it('writes one subfolder per file with several files', async () => {
    const a = await tmp.put('a.pdf', fixture('wide-table-rows').pdf);
    const b = await tmp.put('b.pdf', fixture('single-col-3pp-in-order').pdf);
    const out = join(tmp.dir, 'cli-many');
    const r = await readflow(a, b, '--debug', out, '-q');
    expect(r.code).toBe(0);
    expect(existsSync(join(out, 'a', 'page-1.png'))).toBe(true);
    for (const n of [1, 2, 3]) expect(existsSync(join(out, 'b', `page-${n}.png`))).toBe(true);
    const top = await readFile(join(out, 'index.html'), 'utf8');
    expect(top).toContain('a/index.html');
    expect(top).toContain('b/index.html');
  });

  it('refuses an empty folder name', async () => {
    const r = await readflow('x.pdf', '--debug', '');
    expect(r.code).toBe(2);
  });
});
