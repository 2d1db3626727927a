/**
 * The peer baseline for the corpus table: pdf.js' own text in content-stream order (getTextContent items, a newline
 * at each end of line), no ordering, no furniture removal, no OCR. Same pdf.js build and parameters as readflow.
 *
 *   python3 ../shared/eval/run.py --cmd 'npx tsx scripts/raw-text.ts {pdf}'
 */
import { readFileSync } from 'node:fs';
import { pdfjs } from '../lib/pdf/pdfjs.js';
import { documentParams } from '../lib/pdf/open.js';

const doc = await pdfjs.getDocument(documentParams(new Uint8Array(readFileSync(process.argv[2])), null, false)).promise;
let out = '';
for (let p = 1; p <= doc.numPages; p++) {
  const page = await doc.getPage(p);
  for (const item of (await page.getTextContent()).items) {
    if (!('str' in item)) continue;
    out += item.str + (item.hasEOL ? '\n' : '');
  }
  out += '\n\n';
  page.cleanup();
}
await doc.destroy();
process.stdout.write(out);
