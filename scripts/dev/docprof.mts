// Dev helper: profile the document stage alone (default), or the layout stage alone (argument `layout`), on the
// 200-page book: npx tsx scripts/dev/docprof.mts [document|layout]
import { book } from '../../fixtures/index.js';
import { openPdf, closePdf } from '../../lib/pdf/open.js';
import { analyzePage } from '../../lib/analyze.js';
import { assembleDocument } from '../../lib/document/assemble.js';
import { resolveOptions } from '../../lib/options.js';
import { sourceInfo } from '../../lib/extract.js';
import { layoutPage } from '../../lib/layout/page.js';
import { readPageText } from '../../lib/pdf/runs.js';
import type { Run } from '../../lib/types.js';
const bytes = book(200);
const o = resolveOptions({});
const pdf = await openPdf(bytes, { maxBytes: 1e9, password: null });
const pages = [];
const runs: Run[][] = [];
for (let p = 1; p <= pdf.numPages; p++) {
  pages.push(await analyzePage(pdf, p, o));
  const pg = await pdf.doc.getPage(p);
  runs.push((await readPageText(pdf, pg, 1e6)).runs);
}
await closePdf(pdf);
const which = process.argv[2] ?? 'document';
for (let round = 0; round < 5; round++) {
  const t0 = performance.now();
  if (which === 'document') assembleDocument(pages, { source: sourceInfo(bytes), numPages: 200, diagnostics: [] }, o, 0);
  else
    runs.forEach((r, i) =>
      layoutPage(r, {
        page: i + 1,
        direction: 'auto',
        gutterSpanTolerance: 0.15,
        gutterRejectFloor: 0.4,
        minGutterWidth: 0.7,
        partialSpans: 'refuse',
      }),
    );
  console.log(which, Math.round(performance.now() - t0));
}
