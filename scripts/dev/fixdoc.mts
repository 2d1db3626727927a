// Dev helper: print a fixture's text and diagnostics (npx tsx scripts/dev/fixdoc.mts NAME [json])
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixture } from '../../fixtures/index.js';
import { extractDocument } from '../../lib/extract.js';
const f = fixture(process.argv[2]);
writeFileSync(join(tmpdir(), 'fixture.pdf'), f.pdf); // to open in a viewer
const doc = await extractDocument(f.pdf);
if (process.argv[3] === 'json') console.log(JSON.stringify(doc, null, 1));
else {
  console.log(doc.text);
  for (const d of doc.diagnostics) console.log('DIAG', d.page, d.code, JSON.stringify(d.detail ?? {}).slice(0, 200));
  console.log('FLOW', f.flow.join(' '));
}
