// Dev helper: print a page's structure tree as pdf.js reads it (npx tsx scripts/dev/tags.mts FILE [PAGE])
import { readFileSync } from 'node:fs';
import { openPdf } from '../../lib/pdf/open.js';
const pdf = await openPdf(new Uint8Array(readFileSync(process.argv[2]!)), { maxBytes: 1e9, password: null });
const page = await pdf.doc.getPage(Number(process.argv[3] ?? 1));
const tree = await page.getStructTree();
function walk(n: { type?: string; id?: string; role?: string; children?: unknown[] }, d: string) {
  if (n.type === 'content') {
    console.log(d + 'MC ' + n.id);
    return;
  }
  console.log(d + (n.role ?? n.type ?? '?'));
  for (const c of n.children ?? []) walk(c as typeof n, d + '  ');
}
walk(tree, '');
