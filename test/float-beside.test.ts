/**
 * A float at the foot of a column reaching over the gutter into the other column, whose lines step in beside it (a
 * journal's table a column and a half wide): the columns above are one zone, the narrowed column and the float under
 * them another (zones.ts, crossedEnd), the float's table is read in its own column (insetGap), and the narrowed
 * column is read on from its lines above, the float after the column it stands at the foot of (order.ts).
 */
import { describe, expect, it } from 'vitest';
import { layoutPage } from '../lib/layout/page.js';
import type { Run } from '../lib/types.js';
import { labels, layoutParams, line, run } from './support/runs.js';

const q = (n: number) => `q${String(n).padStart(3, '0')}`;
const ADVANCE = 11;
const row = (i: number) => 80 + ADVANCE * i;

/**
 * Two columns of 10 pt lines (left at 46, q001–q063; right at 315, q101–q137); from row 37 the left column's lines
 * end at 196, beside a table set from 215 to the right margin under the right column: its label and caption, a head
 * row, 14 rows of three cells (three names running over the columns' gutter, one of them over the gap between the first
 * two cells too), and notes in
 * 7 pt across its width, the first marked with the head's "†". `rows` sets how many rows the table has.
 */
function page({ rows = 14, label = 'Table 3' } = {}): Run[] {
  const runs: Run[] = [];
  for (let i = 0; i < 63; i++) runs.push(run(line(q(i + 1), i < 37 ? 50 : 30, i), 46, row(i), 10));
  for (let i = 0; i < 37; i++) runs.push(run(line(q(101 + i), 50, i + 3), 315, row(i), 10));
  let y = row(39);
  runs.push(run(label, 215, y, 9));
  runs.push(run('Predefined parameter names for the macros of the package.', 215, (y += 10), 8.5));
  y += 11;
  runs.push(run('Parameter name', 215, y, 8), run('Scope†', 343, y, 8), run('Description', 370, y, 8));
  for (let k = 0; k < rows; k++) {
    y += 9;
    if (k === 10) runs.push(run('CIF_DIFFRACTOGRAM_BLOCK_ID xdd', 215, y, 8), run('Fully specified block of a pattern', 370, y, 8));
    else if (k === 4 || k === 7)
      runs.push(run('CIF_t0, CIF_t1, CIF_t2 ‡', 215, y, 8), run('xdd', 343, y, 8), run('The calibration constants of the flight', 370, y, 8));
    else
      runs.push(
        run(`CIF_NAME_${String.fromCharCode(65 + k)}`, 215, y, 8),
        run(k % 2 ? 'str' : 'xdd', 343, y, 8),
        run(`The ${['temperature', 'pressure', 'formula'][k % 3]} at which data were collected`, 370, y, 8),
      );
  }
  y += 16;
  const notes = [
    '† The keyword xdd means diffraction data. In an input file its scope holds the data and the structures of that',
    'data. The keyword str means a crystal structure. In an input file the str scope holds all the parameters of one',
    'phase. Must have values set. Takes the values step, cont or fixed for step scan, continuous scan or stationary',
    'detector, respectively. Should be set for constant wavelength data. Will override the generated block names.',
  ];
  for (const n of notes) runs.push(run(n, 215, (y += 8), 7));
  return runs;
}

const read = (runs: Run[]) => layoutPage(runs, layoutParams());

describe('a float at the foot of a column, reaching over the gutter', () => {
  it('reads the narrowed column on from its lines above, then the other column, then the float', () => {
    const layout = read(page());
    const text = layout.segments.map((s) => s.text).join('\n');
    expect(labels(text)).toEqual([...Array.from({ length: 63 }, (_, i) => q(i + 1)), ...Array.from({ length: 37 }, (_, i) => q(101 + i))]);
    // The float after both columns' text, its notes after its cells, whole.
    expect(text.indexOf('Table 3')).toBeGreaterThan(text.indexOf('q137'));
    expect(text.indexOf('† The keyword')).toBeGreaterThan(text.indexOf('CIF_NAME_N'));
    expect(text).toMatch(/of that\sdata\. The keyword str/);
    // No line of the narrowed column holds a piece of the float.
    for (const l of text.split('\n')) expect(/q0\d\d/.test(l) && /CIF_|Table 3|keyword/.test(l)).toBe(false);
    expect(layout.diagnostics.map((d) => d.code)).toContain('float-beside');
  });

  it('reads the columns as before when the lower part opens with no float label', () => {
    const layout = read(page({ label: 'Parameters' }));
    expect(layout.diagnostics.map((d) => d.code)).not.toContain('float-beside');
    const text = layout.segments.map((s) => s.text).join('\n');
    // The narrowed column is still read apart from the lines beside it.
    for (const l of text.split('\n')) expect(/q0\d\d/.test(l) && /CIF_|keyword/.test(l)).toBe(false);
  });
});
