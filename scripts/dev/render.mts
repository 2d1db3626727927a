// Dev helper: render a PDF page to PNG (node scripts/dev/render.mts FILE PAGE OUT.png [scale]).
import { readFileSync, writeFileSync } from 'node:fs';
import { createCanvas } from '@napi-rs/canvas';
import { openPdf } from '../../lib/pdf/open.js';
const [file, pg, out, sc] = process.argv.slice(2);
const pdf = await openPdf(new Uint8Array(readFileSync(file)), { maxBytes: 1e9, password: null });
const page = await pdf.doc.getPage(Number(pg));
const vp = page.getViewport({ scale: Number(sc ?? 1.5) });
const crop = Number(process.env.CROP ?? 1);
const canvas = createCanvas(Math.ceil(vp.width), Math.ceil(vp.height * crop));
const ctx = canvas.getContext('2d');
ctx.fillStyle = 'white';
ctx.fillRect(0, 0, canvas.width, canvas.height);
// TOP=0.5 starts the crop half way down the page.
ctx.translate(0, -Number(process.env.TOP ?? 0) * vp.height);
await page.render({ canvas: canvas as any, canvasContext: ctx as any, viewport: vp }).promise;
writeFileSync(out, canvas.toBuffer('image/png'));
