/**
 * Fonts whose glyphs pdf.js cannot name, and what readflow reads them as (lib/pdf/fonts.ts, glyphRepairs): over every
 * document under the folders given (each a folder of <name>/doc.pdf), or the PDFs given, their first pages.
 *
 *   npx tsx scripts/dev/glyphs.mts corpus [--pages 4]
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { documentParams } from '../../lib/pdf/open.js';
import { glyphRepairs } from '../../lib/pdf/fonts.js';
import { pdfjs } from '../../lib/pdf/pdfjs.js';

const args = process.argv.slice(2);
const at = args.indexOf('--pages');
const pages = at >= 0 ? Number(args.splice(at, 2)[1]) : 4;
const files = args.flatMap((a) =>
  statSync(a).isDirectory()
    ? readdirSync(a)
        .sort()
        .map((d) => join(a, d, 'doc.pdf'))
        .filter((f) => existsSync(f))
    : [a],
);
type FontObject = { name?: string; differences?: (string | undefined)[]; toUnicode?: { _map?: unknown[] } };
for (const file of files) {
  try {
    const doc = await pdfjs.getDocument(documentParams(new Uint8Array(readFileSync(file)), null, false)).promise;
    const seen = new Set<string>();
    const out: string[] = [];
    for (let p = 1; p <= Math.min(doc.numPages, pages); p++) {
      const page = await doc.getPage(p);
      await page.getOperatorList();
      for (const [key, obj] of page.commonObjs as unknown as Iterable<[string, FontObject]>) {
        if (seen.has(key)) continue;
        seen.add(key);
        const map = obj?.toUnicode?._map;
        const repairs = obj?.differences && Array.isArray(map) ? glyphRepairs(obj.differences, map) : null;
        if (repairs) out.push(`${obj.name}: ${[...repairs].map(([shown, text]) => `${JSON.stringify(shown)}→${text}`).join(' ')}`);
      }
    }
    if (out.length) console.log(`${file}\n  ${out.join('\n  ')}`);
    await doc.destroy();
  } catch (e) {
    console.log(file, 'failed:', String(e).slice(0, 120));
  }
}
