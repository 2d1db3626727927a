// Dev helper: where readflow's time goes on the 200-page book, stage by stage (3 rounds; the last is printed).
import { book } from '../../fixtures/index.js';
import { openPdf, closePdf, documentParams } from '../../lib/pdf/open.js';
import { readPageText } from '../../lib/pdf/runs.js';
import { layoutPage } from '../../lib/layout/page.js';
import { analyzePage } from '../../lib/analyze.js';
import { assembleDocument } from '../../lib/document/assemble.js';
import { resolveOptions } from '../../lib/options.js';
import { sourceInfo } from '../../lib/extract.js';
import { pdfjs } from '../../lib/pdf/pdfjs.js';
const bytes = book(200);
const o = resolveOptions({});
const ms = (t0: number) => Math.round(performance.now() - t0);
for (let round = 0; round < 3; round++) {
  const r: Record<string, number> = {};
  let t0 = performance.now();
  const doc = await pdfjs.getDocument(documentParams(bytes, null, true)).promise;
  for (let p = 1; p <= doc.numPages; p++) {
    const page = await doc.getPage(p);
    await page.getTextContent();
    page.cleanup();
  }
  await doc.destroy();
  r.raw = ms(t0);
  t0 = performance.now();
  const doc2 = await pdfjs.getDocument(documentParams(bytes, null, true)).promise;
  for (let p = 1; p <= doc2.numPages; p++) {
    const page = await doc2.getPage(p);
    await page.getTextContent({ includeMarkedContent: true });
    await page.getStructTree();
    page.cleanup();
  }
  await doc2.destroy();
  r.rawMarkedStruct = ms(t0);
  let pdf = await openPdf(bytes, { maxBytes: 1e9, password: null });
  let text = 0,
    layout = 0;
  for (let p = 1; p <= pdf.numPages; p++) {
    const page = await pdf.doc.getPage(p);
    let t = performance.now();
    const tx = await readPageText(pdf, page, 1e6);
    text += performance.now() - t;
    t = performance.now();
    layoutPage(tx.runs, {
      page: p,
      direction: 'auto',
      gutterSpanTolerance: 0.15,
      gutterRejectFloor: 0.4,
      minGutterWidth: 0.7,
      partialSpans: 'refuse',
    });
    layout += performance.now() - t;
    page.cleanup();
  }
  await closePdf(pdf);
  r.readPageText = Math.round(text);
  r.layout = Math.round(layout);
  pdf = await openPdf(bytes, { maxBytes: 1e9, password: null });
  t0 = performance.now();
  const pages = [];
  for (let p = 1; p <= pdf.numPages; p++) pages.push(await analyzePage(pdf, p, o));
  r.analyzeAll = ms(t0);
  await closePdf(pdf);
  t0 = performance.now();
  assembleDocument(pages, { source: sourceInfo(bytes), numPages: 200, diagnostics: [] }, o, 0);
  r.document = ms(t0);
  if (round === 2) console.log(r);
}
