// Dev helper: a page's grey render beside its flattened paper (CROPR=x,y,w,h npx tsx scripts/dev/binview.mts FILE PAGE OUT.png [dpi]).
import { readFileSync, writeFileSync } from 'node:fs';
import { openPdf } from '../../lib/pdf/open.js';
import { renderPage } from '../../lib/ocr/recognize.js';
import { greyFromRgba, flatten, otsu, linePitch } from '../../lib/ocr/image.js';
import { createCanvas } from '@napi-rs/canvas';
const [file, pg, out, dpi] = process.argv.slice(2);
const pdf = await openPdf(new Uint8Array(readFileSync(file)), { maxBytes: 1e9, password: null });
const page = await pdf.doc.getPage(Number(pg));
const c = await renderPage(page, Number(dpi ?? 300));
const g = greyFromRgba(c.getContext('2d').getImageData(0, 0, c.width, c.height).data, c.width, c.height);
const t = otsu(g);
let n = 0,
  s = 0;
for (const v of g.data)
  if (v > t) {
    n++;
    s += v;
  }
const mean = s / n;
let dev = 0;
for (const v of g.data) if (v > t) dev += Math.abs(v - mean);
console.log('otsu', t, 'paper mean', mean.toFixed(1), 'mad', (dev / n).toFixed(2));
const pitch = linePitch({ ...g, data: g.data.map((v) => (v < t ? 0 : 255)) });
console.log('pitch', pitch);
const b = flatten(g, pitch ?? 50);
// crop region
const [cx, cy, cw, ch] = (process.env.CROPR ?? '0,0,800,400').split(',').map(Number);
const cv = createCanvas(cw * 2, ch);
const ctx = cv.getContext('2d');
const img = ctx.createImageData(cw * 2, ch);
for (let y = 0; y < ch; y++)
  for (let x = 0; x < cw; x++) {
    const gv = g.data[(cy + y) * g.width + cx + x];
    const bv = b.data[(cy + y) * g.width + cx + x];
    for (const [off, v] of [
      [0, gv],
      [cw, bv],
    ] as const) {
      const i = (y * cw * 2 + x + off) * 4;
      img.data[i] = img.data[i + 1] = img.data[i + 2] = v;
      img.data[i + 3] = 255;
    }
  }
ctx.putImageData(img, 0, 0);
writeFileSync(out, cv.toBuffer('image/png'));
