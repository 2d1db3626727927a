/**
 * A float at the foot of a column reaching over the gutter into the other column, whose lines step in beside it (a
 * journal's table a column and a half wide): the columns above are one zone, the narrowed column and the float under
 * them another (zones.ts, crossedEnd), the float's table is read in its own column (insetGap), and the narrowed
 * column is read on from its lines above, the float after the column it stands at the foot of (order.ts).
 */
import { describe, expect, it } from 'vitest';
import { makeLine } from '../lib/layout/lines.js';
import { ORDER_PASSES } from '../lib/layout/order.js';
import { layoutPage } from '../lib/layout/page.js';
import { segment } from '../lib/layout/segment.js';
import type { Run } from '../lib/types.js';
import { labels, layoutParams, line, run } from './support/runs.js';

const q = (n: number) => `q${String(n).padStart(3, '0')}`;
const ADVANCE = 11;
const row = (i: number) => 80 + ADVANCE * i;

/**
 * Two columns of 10 pt lines (left at 46, q001–q037; right at 315, q101–q137); the left column runs on from row 37
 * (q038–q063) ending at 196, beside a table set from 215 to the right margin under the right column: its label and
 * caption, a head row, 14 rows of three cells (three names running over the columns' gutter, one of them over the gap
 * between the first two cells too), and notes in 7 pt across its width, the first marked with the head's "†". (The
 * mirrored page, the float under the left column, is tested on the pass below: laid out whole, its rows all cross the
 * gutter and the dense-crossing cut comes first, at the float's first row.)
 */
function page({ label = 'Table 3' }: { label?: string } = {}): Run[] {
  const runs: Run[] = [];
  for (let i = 0; i < 37; i++) runs.push(run(line(q(i + 1), 50, i), 46, row(i), 10), run(line(q(101 + i), 50, i + 3), 315, row(i), 10));
  for (let i = 37; i < 63; i++) runs.push(run(line(q(i + 1), 30, i), 46, row(i), 10));
  // The table's columns: at x, x + 128 and x + 155.
  const x = 215;
  let y = row(39);
  runs.push(run(label, x, y, 9));
  runs.push(run('Predefined parameter names for the macros of the package, and the scope of each.', x, (y += 10), 8.5));
  y += 11;
  runs.push(run('Parameter name', x, y, 8), run('Scope†', x + 128, y, 8), run('Description', x + 155, y, 8));
  for (let k = 0; k < 14; k++) {
    y += 9;
    if (k === 10) runs.push(run('CIF_DIFFRACTOGRAM_BLOCK_ID xdd', x, y, 8), run('Fully specified block of a pattern', x + 155, y, 8));
    else if (k === 4 || k === 7)
      runs.push(run('CIF_t0, CIF_t1, CIF_t2 ‡', x, y, 8), run('xdd', x + 128, y, 8), run('The calibration constants of the flight', x + 155, y, 8));
    else
      runs.push(
        run(`CIF_NAME_${String.fromCharCode(65 + k)}`, x, y, 8),
        run(k % 2 ? 'str' : 'xdd', x + 128, y, 8),
        run(`The ${['temperature', 'pressure', 'formula'][k % 3]} at which data were collected`, x + 155, y, 8),
      );
  }
  y += 16;
  const notes = [
    '† The keyword xdd means diffraction data. In an input file its scope holds the data and the structures of that',
    'data. The keyword str means a crystal structure. In an input file the str scope holds all the parameters of one',
    'phase. Must have values set. Takes the values step, cont or fixed for step scan, continuous scan or stationary',
    'detector, respectively. Should be set for constant wavelength data. Will override the generated block names.',
  ];
  for (const n of notes) runs.push(run(n, x, (y += 8), 7));
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

  it('reads the float after the left column it stands at the foot of, the right column narrowed beside it (the pass)', () => {
    // The bands as the layout gives them: two columns, then the float under the left one and the right column
    // narrowed beside it (its outer edge kept, its inner edge stepped in).
    const lineAt = (text: string, x: number, y: number, size = 10) => makeLine([run(text, x, y, size)], y);
    const upper = [
      segment('column', 1, 0, 0, [lineAt(line('q001', 50), 46, 100), lineAt(line('q002', 50), 46, 112)]),
      segment('column', 1, 0, 1, [lineAt(line('q101', 50), 315, 100), lineAt(line('q102', 50), 315, 112)]),
    ];
    const lower = [
      segment('column', 1, 1, 0, [lineAt('Table 3', 46, 130, 9), lineAt('CIF_NAME_A  xdd  The temperature at which', 46, 140, 8)]),
      segment('column', 1, 1, 1, [lineAt(line('q103', 30), 415, 124), lineAt(line('q104', 30), 415, 136)]),
    ];
    const ctx = { segments: [...upper, ...lower], page: 1, columnCount: 2, advance: 12, bodySize: 10, rotated: [], nextBand: 2 };
    const pass = ORDER_PASSES.find((p) => p.name === 'float-beside')!;
    expect(pass.run(ctx)?.code).toBe('float-beside');
    expect(ctx.segments.map((s) => s.lines[0].text.slice(0, 7))).toEqual(['q001 th', 'Table 3', 'q101 th', 'q103 th']);
    // The narrowed column must keep its outer edge: standing 20 pt in from the right margin, it is no column run on.
    const moved = [...upper, lower[0], segment('column', 1, 1, 1, [lineAt(line('q103', 26), 415, 124), lineAt(line('q104', 26), 415, 136)])];
    const ctx2 = { ...ctx, segments: moved };
    expect(pass.run(ctx2)).toBeNull();
  });

  it('with no float label over the float, parts the narrowed column from it but reads it after the other column', () => {
    const layout = read(page({ label: 'Parameters' }));
    expect(layout.diagnostics.map((d) => d.code)).not.toContain('float-beside');
    const text = layout.segments.map((s) => s.text).join('\n');
    expect(labels(text)).toEqual([
      ...Array.from({ length: 37 }, (_, i) => q(i + 1)),
      ...Array.from({ length: 37 }, (_, i) => q(101 + i)),
      ...Array.from({ length: 26 }, (_, i) => q(38 + i)),
    ]);
    for (const l of text.split('\n')) expect(/q0\d\d/.test(l) && /CIF_|keyword/.test(l)).toBe(false);
  });
});
