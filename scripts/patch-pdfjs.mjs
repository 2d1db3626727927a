// Mends pdf.js where it reads the wrong characters from a font, in the installed pdfjs-dist (the legacy build readflow
// loads, lib/pdf/pdfjs.ts). Runs on `npm ci` (prepare), before the build, so the CLI, the tests and the Lambda bundles
// (esbuild takes pdf.js from node_modules) all read the same. Idempotent: a mended file says so and is left alone.
// The version is pinned (package.json): a file that no longer holds the code a mend replaces stops the install, and
// test/glyphs.test.ts checks that the installed file is mended.
//
// 1. A glyph named with a suffix or as a ligature ("uni0E48.low", a Thai tone mark set low; "two.oldstyle";
//    "D.c2sc"; "t_t"; "uni1FF6.alt") is read as the Adobe Glyph List says: the name before its first dot, each part
//    of a ligature on its own. pdf.js looked such names up whole, found nothing and gave the character numbered as the
//    glyph's code: "è" for a Thai tone mark at 0xE8, "2" for an old-style zero at 0x32, a control character (then
//    dropped) for a ligature at 0x1D. Mended where pdf.js maps a simple font's encoding (_simpleFontToUnicode) and its
//    built-in encoding (adjustType1ToUnicode).
// 2. An embedded Type 1 font whose /ToUnicode map covers only some of its codes (pdfTeX writes entries only for glyph
//    names it knows: three of a math symbol font's, "≃ ′ ◦ ≻") has the rest of its codes read from the font's own
//    built-in encoding, as pdftotext reads them, not from the standard encoding: a Fourier symbol font's minus at 0xC5
//    is "−", not "Å"; txsys' brackets are "[ ]", not "» ¼". pdf.js used the built-in encoding only for a font with no
//    /ToUnicode map at all (adjustType1ToUnicode); now it also fills an included map's gaps, never replacing an entry
//    the map has.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const MARK = '/* readflow: mended (scripts/patch-pdfjs.mjs) */';
const MENDS = [
  // 1: the Adobe Glyph List's rule for names with a suffix or of a ligature.
  {
    from: 'function getUnicodeForGlyph(name, glyphsUnicodeMap) {',
    to: `${MARK}
function readflowNamedText(name, glyphsUnicodeMap) {
  const dot = name.indexOf(".");
  if (dot === 0 || (dot < 0 && !name.includes("_"))) {
    return "";
  }
  let text = "";
  for (const part of (dot > 0 ? name.slice(0, dot) : name).split("_")) {
    const unicode = getUnicodeForGlyph(part, glyphsUnicodeMap);
    if (unicode === -1) {
      return "";
    }
    text += String.fromCodePoint(unicode);
  }
  return text;
}
function getUnicodeForGlyph(name, glyphsUnicodeMap) {`,
  },
  {
    from: `      if (code > 0 && code <= 0x10ffff && Number.isInteger(code)) {
        if (baseEncodingName && code === +charcode) {`,
    to: `      if (!(code > 0)) {
        const named = readflowNamedText(glyphName, glyphsUnicodeMap);
        if (named) {
          toUnicode[charcode] = named;
          continue;
        }
      }
      if (code > 0 && code <= 0x10ffff && Number.isInteger(code)) {
        if (baseEncodingName && code === +charcode) {`,
  },
  // 2 (and 1 for the built-in encoding's names).
  {
    from: `  if (properties.hasIncludedToUnicodeMap) {
    return;
  }
  if (builtInEncoding === properties.defaultEncoding) {`,
    to: `  const included = properties.hasIncludedToUnicodeMap;
  if (builtInEncoding === properties.defaultEncoding) {`,
  },
  {
    from: `    const glyphName = builtInEncoding[charCode];
    const unicode = getUnicodeForGlyph(glyphName, glyphsUnicodeMap);
    if (unicode !== -1) {
      toUnicode[charCode] = String.fromCharCode(unicode);
    }`,
    to: `    if (included && properties.toUnicode.has(charCode)) {
      continue;
    }
    const glyphName = builtInEncoding[charCode];
    const unicode = getUnicodeForGlyph(glyphName, glyphsUnicodeMap);
    if (unicode !== -1) {
      toUnicode[charCode] = String.fromCharCode(unicode);
    } else {
      const named = readflowNamedText(glyphName, glyphsUnicodeMap);
      if (named) {
        toUnicode[charCode] = named;
      }
    }`,
  },
];

// The installed pdf.js worker readflow loads.
const require = createRequire(import.meta.url);
const file = join(dirname(require.resolve('pdfjs-dist/package.json')), 'legacy', 'build', 'pdf.worker.mjs');
let text = readFileSync(file, 'utf8');
if (text.includes(MARK)) process.exit(0);
for (const { from } of MENDS) {
  if (text.split(from).length !== 2) {
    console.error(`patch-pdfjs: ${file} does not hold the code to mend, once (another pdfjs-dist than package.json pins?)`);
    process.exit(1);
  }
}
for (const { from, to } of MENDS) text = text.replace(from, to);
writeFileSync(file, text);
console.log(`patch-pdfjs: mended ${file}`);
