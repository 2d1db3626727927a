// Dev helper: profile layoutPage alone on the 200-page book's runs.
import { book } from '../../fixtures/index.js';
import { openPdf, closePdf } from '../../lib/pdf/open.js';
import { readPageText } from '../../lib/pdf/runs.js';
import { layoutPage } from '../../lib/layout/page.js';
import type { Run } from '../../lib/types.js';
const bytes = book(200);
const pdf = await openPdf(bytes, { maxBytes: 1e9, password: null });
const pages: Run[][] = [];
for (let p = 1; p <= pdf.numPages; p++) {
  const page = await pdf.doc.getPage(p);
  pages.push((await readPageText(pdf, page, 1e6)).runs);
  page.cleanup();
}
await closePdf(pdf);
console.log('runs/page', Math.round(pages.reduce((n, r) => n + r.length, 0) / pages.length));
for (let round = 0; round < 3; round++) {
  const t0 = performance.now();
  pages.forEach((runs, i) =>
    layoutPage(runs, {
      page: i + 1,
      direction: 'auto',
      gutterSpanTolerance: 0.15,
      gutterRejectFloor: 0.4,
      minGutterWidth: 0.7,
      partialSpans: 'refuse',
    }),
  );
  console.log('layout ms', Math.round(performance.now() - t0));
}
