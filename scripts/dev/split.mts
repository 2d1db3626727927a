// Dev helper: where readflow's time goes on the 200-page book, by stage.
import { book } from '../../fixtures/index.js';
import { openPdf, closePdf } from '../../lib/pdf/open.js';
import { readPageText } from '../../lib/pdf/runs.js';
import { layoutPage } from '../../lib/layout/page.js';
import { extractDocument } from '../../lib/extract.js';
import { pdfjs, pdfjsAssets } from '../../lib/pdf/pdfjs.js';
const bytes = book(200);
const t = { text: 0, struct: 0, layout: 0, raw: 0 };
for (let round = 0; round < 2; round++) {
  let t0 = performance.now();
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), ...pdfjsAssets(), isEvalSupported: false, verbosity: 0, stopAtErrors: true }).promise;
  for (let p = 1; p <= doc.numPages; p++) { const page = await doc.getPage(p); await page.getTextContent(); page.cleanup(); }
  await doc.destroy();
  t.raw = performance.now() - t0;
  const pdf = await openPdf(bytes, { maxBytes: 1e9, password: null });
  t.text = t.struct = t.layout = 0;
  for (let p = 1; p <= pdf.numPages; p++) {
    const page = await pdf.doc.getPage(p);
    t0 = performance.now(); const text = await readPageText(pdf, page, 1e6); t.text += performance.now() - t0;
    t0 = performance.now(); await page.getStructTree(); t.struct += performance.now() - t0;
    t0 = performance.now(); layoutPage(text.runs, { page: p, direction: 'auto', gutterSpanTolerance: 0.15, gutterRejectFloor: 0.4, minGutterWidth: 0.7, partialSpans: 'refuse' }); t.layout += performance.now() - t0;
    page.cleanup();
  }
  await closePdf(pdf);
}
let t0 = performance.now();
await extractDocument(bytes);
const full = performance.now() - t0;
console.log(Object.fromEntries(Object.entries({ ...t, full }).map(([k, v]) => [k, Math.round(v)])));
