// Mends pdf.js where it reads the wrong characters from a font, in the installed pdfjs-dist (the legacy build readflow
// loads, lib/pdf/pdfjs.ts). Runs on `npm ci` (prepare), before the build, so the CLI, the tests and the Lambda bundles
// (esbuild takes pdf.js from node_modules) all read the same. Idempotent: a mended file says so and is left alone.
// When the file no longer holds the code a mend replaces (another pdfjs-dist), it is left as it is with a warning, and
// the tests that read the characters the mend is for fail (test/real-pages.test.ts, "built-in encoding").
//
// The mend: an embedded Type 1 font whose /ToUnicode map covers only some of its codes (pdfTeX writes entries only
// for glyph names it knows: three of a math symbol font's, "≃ ′ ◦ ≻") has the rest of its codes read from the
// font's own built-in encoding, as pdftotext reads them, not from the standard encoding: a Fourier symbol font's
// minus at 0xC5 is "−", not "Å"; txsys' brackets are "[ ]", not "» ¼". pdf.js uses the built-in encoding only
// for a font with no /ToUnicode map at all (adjustType1ToUnicode); now it also fills an included map's gaps, never
// replacing an entry the map has.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const MARK = "/* readflow: a font's built-in encoding fills the gaps of its /ToUnicode map (scripts/patch-pdfjs.mjs) */";
const MENDS = [
  {
    from: `  if (properties.hasIncludedToUnicodeMap) {
    return;
  }
  if (builtInEncoding === properties.defaultEncoding) {`,
    to: `  ${MARK}
  const included = properties.hasIncludedToUnicodeMap;
  if (builtInEncoding === properties.defaultEncoding) {`,
  },
  {
    from: `    const glyphName = builtInEncoding[charCode];
    const unicode = getUnicodeForGlyph(glyphName, glyphsUnicodeMap);`,
    to: `    if (included && properties.toUnicode.has(charCode)) {
      continue;
    }
    const glyphName = builtInEncoding[charCode];
    const unicode = getUnicodeForGlyph(glyphName, glyphsUnicodeMap);`,
  },
];

const require = createRequire(import.meta.url);
const file = join(dirname(require.resolve('pdfjs-dist/package.json')), 'legacy', 'build', 'pdf.worker.mjs');
let text = readFileSync(file, 'utf8');
if (text.includes(MARK)) {
  process.exit(0);
}
for (const { from } of MENDS) {
  if (text.split(from).length !== 2) {
    console.warn(`patch-pdfjs: ${file} does not hold the code to mend once; left as it is (pdfjs-dist changed?)`);
    process.exit(0);
  }
}
for (const { from, to } of MENDS) text = text.replace(from, to);
writeFileSync(file, text);
console.log(`patch-pdfjs: mended ${file}`);
