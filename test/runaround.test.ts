/**
 * Text run around a box (lib/layout/runaround.ts): a callout set inside a column, the column's lines shortened beside
 * it and running full width above and below. The paragraph is read whole, then the box; a table's label and value
 * pieces, and two blocks side by side with no line running across, are left to the rules that read them.
 */
import { describe, expect, it } from 'vitest';
import { layoutPage } from '../lib/layout/page.js';
import type { Run } from '../lib/types.js';
import { labels, layoutParams, line, run } from './support/runs.js';

const q = (n: number) => `q${String(n).padStart(3, '0')}`;

/**
 * A paragraph of 11 lines at x (10 pt, 15 pt apart), lines 4–6 shortened beside a box of three 12 pt capital lines
 * set on the right (or left) of the column, the third between two of the paragraph's lines: too few rows beside one
 * another for a gutter. With `tall`, lines 4–8 are shortened beside a box of four lines.
 */
function wrapped(side: 'right' | 'left', x = 72, tall = false): Run[] {
  const full = 60;
  // Lines of the text beside the box end (or start) where the full lines do: the column's edge.
  const short = 24;
  const runs: Run[] = [];
  const boxX = side === 'right' ? x + short * 5 + 30 : x;
  const textX = side === 'right' ? x : x + (full - short) * 5;
  const last = tall ? 7 : 5;
  for (let i = 0; i < 11; i++) {
    const inside = i >= 3 && i <= last;
    runs.push(run(line(q(i + 1), inside ? short : full, i), inside ? textX : x, 100 + i * 15, 10));
  }
  runs.push(run('BOX-1 A PLAY IS A GROUP', boxX, 145, 12));
  runs.push(run('BOX-2 OF OIL AND GAS', boxX, 160, 12));
  runs.push(run('BOX-3 FIELDS IN ONE', boxX, tall ? 175 : 167.5, 12));
  if (tall) runs.push(run('BOX-4 REGION FORMED', boxX, 182.5, 12));
  return runs;
}

const read = (runs: Run[]) => layoutPage(runs, layoutParams());
const textOf = (runs: Run[]) =>
  read(runs)
    .segments.map((s) => s.text)
    .join('\n');

describe('text run around a box', () => {
  for (const side of ['right', 'left'] as const) {
    it(`reads the paragraph whole, then the box (box on the ${side})`, () => {
      const layout = read(wrapped(side));
      const text = layout.segments.map((s) => s.text).join('\n');
      expect(labels(text)).toEqual(Array.from({ length: 11 }, (_, i) => q(i + 1)));
      const box = text.indexOf('BOX-1');
      expect(box).toBeGreaterThan(text.indexOf('q011'));
      expect(text.indexOf('BOX-1')).toBeLessThan(text.indexOf('BOX-2'));
      expect(text.indexOf('BOX-2')).toBeLessThan(text.indexOf('BOX-3'));
      // No line of the paragraph holds a piece of the box.
      for (const l of text.split('\n')) expect(/q\d{3}/.test(l) && /BOX-/.test(l)).toBe(false);
      expect(layout.diagnostics.map((d) => d.code)).toContain('run-around');
    });
  }

  it('reads a box inside the second of two columns the same way', () => {
    const left = Array.from({ length: 11 }, (_, i) => run(line(`c${String(i + 1).padStart(2, '0')}`, 60, 40 + i), 72, 100 + i * 15, 10));
    const text = textOf([...left, ...wrapped('right', 400, true)]);
    expect(labels(text)).toEqual(Array.from({ length: 11 }, (_, i) => q(i + 1)));
    expect(text.indexOf('c11')).toBeLessThan(text.indexOf('q001'));
    expect(text.indexOf('q011')).toBeLessThan(text.indexOf('BOX-1'));
    expect(text.indexOf('BOX-3')).toBeLessThan(text.indexOf('BOX-4'));
    for (const l of text.split('\n')) expect(/q\d{3}/.test(l) && /BOX-/.test(l)).toBe(false);
  });

  it('leaves a table’s labels and amounts, and side-by-side blocks with no line across them, alone', () => {
    // Label and amount rows under a paragraph: the amounts are cells, not a box.
    const para = [0, 1].map((i) => run(line(q(i + 1), 60, i), 72, 100 + i * 15, 10));
    const rows = [0, 1, 2].map((i) => [
      run(line(`Item ${'ABC'[i]} the harbour works`, 30), 72, 130 + i * 15, 10),
      run(`${12 + i}.50`, 300, 130 + i * 15, 10),
    ]);
    const layout = read([...para, ...rows.flat()]);
    expect(layout.diagnostics.map((d) => d.code)).not.toContain('run-around');
    // Two blocks side by side, nothing running across the gap above or below them.
    const blocks = [0, 1, 2, 3].flatMap((i) => [
      run(line(q(i + 1), 30, i), 72, 100 + i * 15, 10),
      run(`BOX-${i + 1} CAPITALS HERE`, 260, 100 + i * 15, 12),
    ]);
    expect(read(blocks).diagnostics.map((d) => d.code)).not.toContain('run-around');
  });
});
