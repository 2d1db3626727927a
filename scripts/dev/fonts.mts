// Dev helper: the font of each run on a page, and whether readflow takes it as fixed-pitch (npx tsx scripts/dev/fonts.mts FILE PAGE)
import { readFileSync } from 'node:fs';
import { openPdf } from '../../lib/pdf/open.js';
import { readPageText } from '../../lib/pdf/runs.js';
const [file, pg] = process.argv.slice(2);
const pdf = await openPdf(new Uint8Array(readFileSync(file!)), { maxBytes: 1e9, password: null });
const t = await readPageText(pdf, await pdf.doc.getPage(Number(pg ?? 1)), 1e6);
for (const r of t.runs.slice(0, 40)) console.log(r.stream, JSON.stringify(r.text.slice(0, 30)), r.font, r.mono ? 'MONO' : '');
