/**
 * Glyphs pdf.js cannot name (lib/pdf/fonts.ts, glyphRepairs): a simple font without a Unicode map whose encoding names
 * glyphs with a suffix or as ligatures. pdf.js gives the character numbered as the glyph's code; readflow reads the
 * name as the Adobe Glyph List's rule says (the part before the first dot, each part of a ligature).
 */
import { describe, expect, it } from 'vitest';
import { glyphRepairs, repairGlyphs } from '../lib/pdf/fonts.js';
import { mergeStackedPieces } from '../lib/pdf/runs.js';
import { run } from './support/runs.js';

/** An encoding's Differences and pdf.js' map from code to text for it: names it knows are given, the others left out. */
function font(entries: [number, string, string?][]) {
  const differences: (string | undefined)[] = [];
  const toUnicode: (string | undefined)[] = [];
  for (const [code, name, text] of entries) {
    differences[code] = name;
    toUnicode[code] = text;
  }
  return { differences, toUnicode };
}

describe('glyphs pdf.js cannot name', () => {
  it('reads a Thai tone mark set low or left from its name, not as the Latin letter at its code', () => {
    const { differences, toUnicode } = font([
      [0xa1, 'uni0E01', 'ก'],
      [0xb5, 'uni0E15', 'ต'],
      [0xe8, 'uni0E48.low'],
      [0xe9, 'uni0E49.low'],
      [0x9a, 'uni0E47.left'],
    ]);
    const repairs = glyphRepairs(differences, toUnicode)!;
    expect(repairs.get('è')).toBe('\u0E48');
    expect(repairs.get('\u009a')).toBe('\u0E47');
    // "ต้องการ" as pdf.js gives it.
    expect(repairGlyphs('ตéองการ', repairs)).toBe('ต้องการ');
  });

  it('reads old-style and small-capital digits and letters, and ligatures of named parts', () => {
    const { differences, toUnicode } = font([
      [0x30, 'two.oldstyle'],
      [0x31, 'zero.oldstyle'],
      [0x64, 'D.c2sc'],
      [0x1d, 't_t'],
      [0x1e, 'f_f_i'],
      [0x66, 'f', 'f'],
      [0x69, 'i', 'i'],
      [0x76, 'uni1FF6.alt'],
    ]);
    const repairs = glyphRepairs(differences, toUnicode)!;
    expect(repairGlyphs('01', repairs)).toBe('20');
    expect(repairGlyphs('d', repairs)).toBe('D');
    expect(repairGlyphs('Se\u001dlement', repairs)).toBe('Settlement');
    expect(repairs.get('\u001e')).toBe('ffi');
    expect(repairs.get('v')).toBe('ῶ');
  });

  it('leaves what it cannot be sure of: a name it cannot read, a glyph already at its own code, a character the font gives elsewhere', () => {
    const { differences, toUnicode } = font([
      [0x61, 'a.sc'],
      [0x41, 'a16'],
      [0x42, 'noteheads.s2'],
      [0x31, 'one.oldstyle'],
      [0x43, 'two.oldstyle'],
      [0x80, 'C', 'C'],
    ]);
    expect(glyphRepairs(differences, toUnicode)).toBeNull();
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
    const kept = mergeStackedPieces(display());
    expect(kept.map((r) => r.text)).toEqual(['B(r) =', '∑', '|xi|p < rp']);
    expect(kept.map((r) => r.stream)).toEqual([0, 1, 2]);
  });

  it('is kept when the glyphs stand a line apart (a column of bars in a table), are two, or are letters', () => {
    expect(mergeStackedPieces(display('∣', 12))).toHaveLength(10);
    expect(mergeStackedPieces(display('∣', 4.5, 2))).toHaveLength(5);
    expect(mergeStackedPieces(display('l'))).toHaveLength(10);
  });
});
