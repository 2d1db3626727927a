/**
 * Glyphs: the installed pdf.js is mended to read glyph names as the Adobe Glyph List says and a Type 1 font's
 * built-in encoding into the gaps of its /ToUnicode map (scripts/patch-pdfjs.mjs; what it reads is checked on real
 * pages in test/real-pages.test.ts); a tall delimiter drawn as a stack of one glyph is dropped (lib/pdf/runs.ts).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dropStackedPieces } from '../lib/pdf/runs.js';
import { run } from './support/runs.js';

describe('the installed pdf.js', () => {
  it('is mended (npm ci runs scripts/patch-pdfjs.mjs)', () => {
    const require = createRequire(import.meta.url);
    const worker = join(dirname(require.resolve('pdfjs-dist/package.json')), 'legacy', 'build', 'pdf.worker.mjs');
    const text = readFileSync(worker, 'utf8');
    expect(text).toContain('/* readflow: mended (scripts/patch-pdfjs.mjs) */');
    expect(text).toContain('function readflowNamedText(');
    expect(text).toContain('if (included && properties.toUnicode.has(charCode))');
  });
});

describe('a tall delimiter drawn as a stack of one glyph', () => {
  /** A display "B(r) = { x | ∑ … }": the bar drawn 7 times down the formula, 4.5 points apart at 10 points. */
  function display(bar = '∣', step = 4.5, pieces = 7) {
    const runs = [run('B(r) =', 80, 505, 10, { stream: 0 })];
    for (let k = 0; k < pieces; k++) runs.push(run(bar, 144, 487 + k * step, 10, { stream: runs.length }));
    runs.push(run('∑', 148, 494, 10, { stream: runs.length }), run('|xi|p < rp', 165, 505, 10, { stream: runs.length + 1 }));
    return runs;
  }

  it('is dropped, the runs after it numbered on in drawing order without a gap', () => {
    const kept = dropStackedPieces(display());
    expect(kept.map((r) => r.text)).toEqual(['B(r) =', '∑', '|xi|p < rp']);
    expect(kept.map((r) => r.stream)).toEqual([0, 1, 2]);
  });

  it('is kept when the glyphs stand a line apart (a column of bars in a table), are two, or are letters', () => {
    expect(dropStackedPieces(display('∣', 12))).toHaveLength(10);
    expect(dropStackedPieces(display('∣', 4.5, 2))).toHaveLength(5);
    expect(dropStackedPieces(display('l'))).toHaveLength(10);
  });
});
