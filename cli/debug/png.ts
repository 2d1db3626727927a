/** PNG encoding of a debug page: a palette image when the page has few colours (most do), smaller and faster. */
import type { Canvas } from '@napi-rs/canvas';
import { deflateSync } from 'node:zlib';
import { pngFile } from '../../lib/render/png.js';
import { DEBUG_COLOURS } from './colours.js';

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
