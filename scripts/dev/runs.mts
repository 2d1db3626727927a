// Dev helper: print the runs of a page with their font and fixed-pitch flag (npx tsx scripts/dev/runs.mts FILE PAGE [filter])
import { readFileSync } from 'node:fs';
import { openPdf } from '../../lib/pdf/open.js';
import { readPageText } from '../../lib/pdf/runs.js';
const [file, pg, filter] = process.argv.slice(2);
const pdf = await openPdf(new Uint8Array(readFileSync(file)), { maxBytes: 1e9, password: null });
const t = await readPageText(pdf, await pdf.doc.getPage(Number(pg ?? 1)), 1e6);
for (const r of t.runs)
  if (!filter || r.text.includes(filter) || Math.abs(r.baseline - Number(filter)) < 2)
    console.log(
      r.stream,
      JSON.stringify(r.text),
      r.x0.toFixed(1),
      r.x1.toFixed(1),
      r.baseline.toFixed(1),
      r.size.toFixed(1),
      r.spaceBefore ? 'sb' : '',
      r.spaceAfter ? 'sa' : '',
      r.mcid ?? '',
      r.artifact ? 'ART' : '',
      r.font,
      r.mono ? 'MONO' : '',
    );
