// Dev helper: OCR a scan fixture and report labels found / in order (npx tsx scripts/dev/ocrcheck.mts NAME [dpi])
import { labelsIn } from '../../fixtures/index.js';
import { scanFixtureAsync } from '../../fixtures/scans.js';
import { extractDocument } from '../../lib/extract.js';
import { terminateOcr } from '../../lib/ocr/engine.js';
const [name, dpi] = process.argv.slice(2);
const f = await scanFixtureAsync(name as never);
const t0 = Date.now();
const doc = await extractDocument(f.pdf, { ocrDpi: Number(dpi ?? 300) });
const got = labelsIn(doc.text).filter((l) => f.flow.includes(l));
let inOrder = 0;
for (let i = 1; i < got.length; i++) if (f.flow.indexOf(got[i]) > f.flow.indexOf(got[i - 1])) inOrder++;
console.log(
  name,
  'dpi',
  dpi ?? 300,
  'found',
  new Set(got).size,
  '/',
  f.flow.length,
  'ordered pairs',
  inOrder,
  '/',
  got.length - 1,
  'ms',
  Date.now() - t0,
  doc.pages.map((p) => [p.source, p.ocrConfidence, p.columnCount]),
  doc.diagnostics.filter((d) => d.severity !== 'info').map((d) => d.code),
);
if (process.argv[4]) console.log(doc.text.slice(0, 1500));
await terminateOcr();
