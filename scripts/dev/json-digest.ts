/**
 * Digests of the JSON readflow writes for every fixture and real file: run before and after a refactor and diff the
 * two listings to show the output is byte-identical (timings, the only field that varies, are zeroed).
 *
 *   npx tsx scripts/dev/json-digest.ts > /tmp/before.txt      # then change the code, run again, diff
 *   npx tsx scripts/dev/json-digest.ts --ocr                    # also the scans (minutes)
 *
 * Covers: every generated fixture (fixtures/index.ts), fixtures/samples/*.pdf, corpus/<id>/doc.pdf and, when present,
 * ../shared/corpus/<id>/doc.pdf. Scans are read with OCR off unless --ocr is given (their JSON is then the empty-page
 * result, still a digest of the whole document stage).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { allFixtures } from '../../fixtures/index.js';
import { extractDocument } from '../../lib/extract.js';
import { terminateOcr } from '../../lib/ocr/engine.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const ocr = process.argv.includes('--ocr') ? 'auto' : 'off';

async function digest(name: string, bytes: Uint8Array): Promise<void> {
  let out: string;
  try {
    const doc = await extractDocument(bytes, { ocr });
    doc.usage.ms = 0;
    out = JSON.stringify(doc);
  } catch (e) {
    out = `error: ${(e as Error).message}`;
  }
  process.stdout.write(`${createHash('sha256').update(out).digest('hex').slice(0, 16)}  ${name}\n`);
}

const pdfsIn = (dir: string) =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, 'doc.pdf')))
        .map((d) => d.name)
        .sort()
    : [];

for (const f of allFixtures()) await digest(`fixture ${f.name}`, f.pdf);
for (const name of readdirSync(join(root, 'fixtures/samples'))
  .filter((n) => n.endsWith('.pdf'))
  .sort()) {
  await digest(`sample ${name}`, new Uint8Array(readFileSync(join(root, 'fixtures/samples', name))));
}
for (const [set, dir] of [
  ['corpus', join(root, 'corpus')],
  ['shared', join(root, '../shared/corpus')],
] as const) {
  for (const id of pdfsIn(dir)) await digest(`${set} ${id}`, new Uint8Array(readFileSync(join(dir, id, 'doc.pdf'))));
}
await terminateOcr();
