import { describe, expect, it } from 'vitest';
import { layoutPage, type LayoutParams } from '../lib/layout/page.js';
import { makeLine, orderRuns, runsDirection } from '../lib/layout/lines.js';
import { layoutRotated } from '../lib/layout/rotated.js';
import { measuredFixedPitch, unevenPitch } from '../lib/pdf/runs.js';
import { turnUpright } from '../lib/layout/sideways.js';
import type { Line, Run, Segment } from '../lib/types.js';
import { column, labels, layoutParams, line, run } from './support/runs.js';
import { joinCellLines, wordCount } from '../lib/layout/words.js';
import { buildRows, inkIntervals } from '../lib/layout/rows.js';
import { numberedListColumns, staggeredColumns } from '../lib/layout/tables.js';
import { headBlocks } from '../lib/layout/zones.js';
import { findCandidates } from '../lib/layout/gutters.js';
import { headingRowBands } from '../lib/layout/sideheads.js';
import { bodyArtifacts } from '../lib/layout/artifacts.js';
import { readStaggeredBlocks } from '../lib/layout/staggered.js';
import { readDrawnAfter } from '../lib/layout/drawn-after.js';
import { segment } from '../lib/layout/segment.js';

const params = layoutParams;

/** Interleave two columns' runs row by row, the hostile drawing order. */
function rowByRow(a: Run[], b: Run[]): Run[] {
  const out: Run[] = [];
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i]) out.push(a[i]);
    if (b[i]) out.push(b[i]);
  }
  return out;
}

const seq = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `q${String(from + i).padStart(3, '0')}`);

const textOf = (runs: Run[], over: Partial<LayoutParams> = {}) =>
  layoutPage(runs, params(over))
    .segments.map((s) => s.text)
    .join('\n');

describe('columns', () => {
  it('reads a 9 pt gutter between 8 pt columns column by column', () => {
    // 8 pt text, 40 chars = 160 pt measure; gutter 9 pt.
    const left = column(1, 30, 50, 60, { size: 8, chars: 40 });
    const right = column(31, 30, 50 + 160 + 9, 60, { size: 8, chars: 40 });
    const layout = layoutPage(rowByRow(left, right), params());
    expect(labels(layout.segments.map((s) => s.text).join('\n'))).toEqual(seq(1, 60));
    expect(layout.columnCount).toBe(2);
    expect(layout.gutters).toHaveLength(1);
    const [g0, g1] = layout.gutters[0];
    expect(g0).toBeCloseTo(210, 0);
    expect(g1).toBeCloseTo(219, 0);
  });

  it('reads a 40 pt gutter between 12 pt columns column by column', () => {
    const left = column(1, 25, 40, 60, { size: 12, chars: 36 });
    const right = column(26, 25, 40 + 216 + 40, 60, { size: 12, chars: 36 });
    expect(labels(textOf(rowByRow(right, left)))).toEqual(seq(1, 50));
  });

  it('sets the column edge on the longest line, not inside a ragged right margin', () => {
    // Ragged left column: lines of 20..40 chars; one line reaches the full measure.
    const left: Run[] = [];
    for (let i = 0; i < 30; i++) {
      const chars = i === 17 ? 44 : 22 + ((i * 7) % 18);
      left.push(run(line(`q${String(i + 1).padStart(3, '0')}`, chars, i), 50, 80 + i * 12, 10));
    }
    const right = column(31, 30, 50 + 220 + 12, 80, { size: 10, chars: 40 });
    const layout = layoutPage(rowByRow(left, right), params());
    expect(labels(layout.segments.map((s) => s.text).join('\n'))).toEqual(seq(1, 60));
    expect(layout.gutters[0][0]).toBeCloseTo(270, 0);
    expect(layout.gutters[0][1]).toBeCloseTo(282, 0);
  });

  it('reads three columns left to right, and right to left when asked', () => {
    const cols = [0, 1, 2].map((k) => column(1 + k * 20, 20, 40 + k * 180, 60, { size: 9, chars: 36 }));
    const mixed = cols[0].flatMap((r, i) => [r, cols[1][i], cols[2][i]]);
    expect(labels(textOf(mixed))).toEqual(seq(1, 60));
    const rtl = labels(textOf(mixed, { direction: 'rtl' }));
    expect(rtl).toEqual([...seq(41, 60), ...seq(21, 40), ...seq(1, 20)]);
  });

  it('keeps a gutter that a few figure labels reach into, instead of closing it', () => {
    // A text-bearing figure above two columns: scattered labels, two of them reaching into the gutter's gap.
    const labelsRuns = [
      run('x01 axis', 60, 60, 8),
      run('x02 long figure label here', 156, 72, 8), // 156..260: into the gap (250..264), leaving 4 pt
      run('x03 legend', 300, 72, 8),
      run('x04 another label', 200, 84, 8), // 200..268: across the gap
      run('x05 tick', 420, 96, 8),
    ];
    const left = column(1, 30, 50, 130, { chars: 40 });
    const right = column(31, 30, 264, 130, { chars: 40 });
    const layout = layoutPage([...labelsRuns, ...rowByRow(left, right)], params());
    expect(labels(layout.segments.map((s) => s.text).join('\n'))).toEqual(seq(1, 60));
    expect(layout.columnCount).toBe(2);
  });

  it('leaves a single column alone even where word gaps line up', () => {
    const runs: Run[] = [];
    for (let i = 0; i < 30; i++) {
      // Two words per row with a wide gap at the same x on every third row (a river).
      if (i % 3 === 0) {
        runs.push(run(`q${String(i + 1).padStart(3, '0')} alpha`, 50, 60 + i * 12));
        runs.push(run('beta gamma delta epsilon zeta eta', 50 + 55 + 8, 60 + i * 12));
      } else runs.push(run(line(`q${String(i + 1).padStart(3, '0')}`, 50, i), 50, 60 + i * 12));
    }
    const layout = layoutPage(runs, params());
    expect(layout.columnCount).toBe(1);
    expect(labels(layout.segments.map((s) => s.text).join('\n'))).toEqual(seq(1, 30));
  });
});

describe('bands and spans', () => {
  it('keeps a full-width title above and a full-width caption between the column bands', () => {
    const title = run('q001 A title that runs across both columns of the page', 60, 40, 16);
    const upL = column(2, 10, 50, 80, { chars: 40 });
    const upR = column(12, 10, 50 + 200 + 14, 80, { chars: 40 });
    const caption = run(line('q022 Figure 1. A caption that is set across the full measure of the page', 90, 3), 50, 80 + 10 * 12 + 120);
    const downL = column(23, 10, 50, 80 + 10 * 12 + 150, { chars: 40 });
    const downR = column(33, 10, 50 + 200 + 14, 80 + 10 * 12 + 150, { chars: 40 });
    const runs = [...rowByRow(downR, downL), caption, ...rowByRow(upR, upL), title];
    const layout = layoutPage(runs, params());
    expect(labels(layout.segments.map((s) => s.text).join('\n'))).toEqual(seq(1, 42));
    expect(layout.segments.map((s) => s.kind)).toEqual(['span', 'column', 'column', 'span', 'column', 'column']);
    expect(layout.bands.map((b) => b.kind)).toEqual(['span', 'columns', 'span', 'columns']);
  });

  it('emits a wide table whose data rows leave the gutter clean whole, in place', () => {
    const upL = column(1, 8, 50, 80, { chars: 40 });
    const upR = column(9, 8, 264, 80, { chars: 40 });
    const top = 80 + 8 * 12 + 20;
    const table: Run[] = [run(line('q017 Table 1. Harbour works and expenditure by year to September', 80, 2), 50, top)];
    // Cells on a full-page grid: the gutter (250..264) falls in the gap between cells 2 and 3.
    for (let r = 0; r < 8; r++) {
      const y = top + 16 + r * 13;
      const label = `q${String(18 + r).padStart(3, '0')}`;
      for (const [x, t] of [
        [50, `${label} Harbour`],
        [190, '1,204'],
        [300, '980'],
        [380, '774'],
        [460, 'revised'],
      ] as const) {
        table.push(run(t, x, y));
      }
    }
    const below = top + 16 + 8 * 13 + 20;
    const downL = column(26, 8, 50, below, { chars: 40 });
    const downR = column(34, 8, 264, below, { chars: 40 });
    // Table cells drawn column by column, interleaved with the text.
    const cellsByColumn = [table[0], ...[0, 1, 2, 3, 4].flatMap((c) => table.slice(1).filter((_, i) => i % 5 === c))];
    const runs = [...rowByRow(upL, upR), ...rowByRow(downL, downR), ...cellsByColumn];
    const layout = layoutPage(runs, params());
    const text = layout.segments.map((s) => s.text).join('\n');
    expect(labels(text)).toEqual(seq(1, 41));
    const tables = layout.segments.filter((s) => s.kind === 'table');
    expect(tables).toHaveLength(1);
    expect(labels(tables[0].text)).toEqual(seq(17, 25));
    expect(tables[0].lines[1].cells).toEqual(['q018 Harbour', '1,204', '980', '774', 'revised']);
    expect(layout.diagnostics.filter((d) => d.code === 'tabular-line-split')).toEqual([]);
  });

  it('splits a lone tabular row with no crossing row near it, and says so', () => {
    const upL = column(1, 10, 50, 80, { chars: 40 });
    const upR = column(13, 10, 264, 80, { chars: 40 });
    const y = 80 + 4.5 * 12;
    const row = [run('q011', 60, y), run('12', 160, y), run('q012', 300, y), run('88', 380, y), run('44', 460, y)];
    const layout = layoutPage([...rowByRow(upL, upR), ...row], params());
    const split = layout.diagnostics.filter((d) => d.code === 'tabular-line-split');
    expect(split).toHaveLength(1);
    expect(split[0].detail?.text).toContain('q011');
  });

  it('refuses a line crossing some but not all gutters, and reads it as a band when told to', () => {
    const cols = [0, 1, 2].map((k) => column(1 + k * 20, 20, 40 + k * 180, 60, { size: 9, chars: 36 }));
    const heading = run(line('q000 A heading over the second and third column only', 60), 230, 60 + 8.5 * 10.8, 12);
    const runs = [...cols.flat(), heading];
    const refused = layoutPage(runs, params());
    expect(refused.diagnostics.map((d) => d.code)).toContain('partial-span');
    // The conservative reading: column one whole, then columns two and three above the heading, the heading,
    // and columns two and three below it.
    expect(labels(refused.segments.map((s) => s.text).join('\n'))).toEqual([
      ...seq(1, 20),
      ...seq(21, 29),
      ...seq(41, 49),
      'q000',
      ...seq(30, 40),
      ...seq(50, 60),
    ]);
    const banded = layoutPage(runs, params({ partialSpans: 'band' }));
    expect(banded.diagnostics.map((d) => d.code)).not.toContain('partial-span');
    expect(banded.segments.find((s) => s.text.includes('q000'))!.kind).toBe('span');
    // A band break across the whole page cuts column one too.
    expect(labels(banded.segments.map((s) => s.text).join('\n')).slice(0, 10)).toEqual(seq(1, 9).concat(['q021']));
  });

  it('reads a box at the foot of the two columns a partial span heads after both columns, not inside the first', () => {
    const cols = [0, 1, 2].map((k) => column(1 + k * 20, 20, 40 + k * 180, 60, { size: 9, chars: 36 }));
    const heading = run(line('q000 A heading over the second and third column only', 60), 230, 60 + 8.5 * 10.8, 12);
    // A box's two lines across the second and third columns, under the ends of both.
    const box = [0, 1].map((k) => run(line(`q10${k} a box's line reaching across both of the columns`, 64), 230, 60 + (21.5 + k) * 10.8, 9));
    const want = [...seq(1, 20), ...seq(21, 29), ...seq(41, 49), 'q000', ...seq(30, 40), ...seq(50, 60), 'q100', 'q101'];
    expect(labels(textOf([...cols.flat(), heading, ...box]))).toEqual(want);
    // The box's lines drawn word by word: no one run spans the gutter, the line's ink does.
    const words = box.flatMap((b) => {
      let x = b.x0;
      return b.text.split(' ').map((w) => {
        const r = run(w, x, b.baseline, 9);
        x = r.x1 + 4.5;
        return r;
      });
    });
    expect(labels(textOf([...cols.flat(), heading, ...words]))).toEqual(want);
  });

  it('reads a partial span drawn word by word whole, not only the word that lies over the gutter', () => {
    const cols = [0, 1, 2].map((k) => column(1 + k * 20, 20, 40 + k * 180, 60, { size: 9, chars: 36 }));
    // "q000 A heading drawn word by word" over the second and third columns, each word a run of its own.
    const words = ['q000', 'A', 'heading', 'over', 'two', 'columns', 'drawn', 'word', 'by', 'word'];
    const y = 60 + 8.5 * 10.8;
    let x = 230;
    const heading = words.map((w) => {
      const r = run(w, x, y, 12);
      x = r.x1 + 3;
      return r;
    });
    const layout = layoutPage([...cols.flat(), ...heading], params());
    const spans = layout.segments.filter((s) => s.text.includes('heading'));
    expect(spans).toHaveLength(1);
    expect(spans[0].kind).toBe('span');
    expect(spans[0].text).toBe(words.join(' '));
  });

  it('reports a gutter that too many scattered lines cross', () => {
    const left = column(1, 40, 50, 60, { chars: 40 });
    const right = column(41, 40, 264, 60, { chars: 40 });
    const runs = rowByRow(left, right);
    // Replace every fourth row by one line running straight across the gutter.
    const crossing: Run[] = [];
    for (let i = 2; i < 40; i += 4) {
      crossing.push(run(line(`x${i}`, 86, i), 50, 60 + i * 12));
    }
    const kept = runs.filter((r) => !crossing.some((c) => Math.abs(c.baseline - r.baseline) < 1));
    // Drawn row by row: the content stream says nothing about the columns.
    const layout = layoutPage(
      [...kept, ...crossing].map((r, i) => ({ ...r, stream: i })),
      params(),
    );
    const d = layout.diagnostics.find((x) => x.code === 'ambiguous-gutter');
    expect(d?.severity).toBe('warning');
    expect(d?.detail?.settledByStreamOrder).toBe(false);
    // The same page drawn one column after the other: the content stream settles it, and says so.
    const byColumn = [...kept].sort((a, b) => (a.x0 > 200 ? 1 : 0) - (b.x0 > 200 ? 1 : 0) || a.baseline - b.baseline);
    const settled = layoutPage(
      [...byColumn, ...crossing].map((r, i) => ({ ...r, stream: i })),
      params(),
    );
    const s = settled.diagnostics.find((x) => x.code === 'ambiguous-gutter');
    expect(s?.severity).toBe('info');
    expect(s?.detail?.settledByStreamOrder).toBe(true);
  });
});

describe('authors side by side', () => {
  it("keeps an author's last line with their block when it sits just above the next row of authors", () => {
    // Three authors, then two; the third's e-mail is one line under its block and does not cross the gutter of the
    // pair below, which is twice as far down.
    const r = (t: string, x0: number, x1: number, y: number, size = 10) => run(t, x0, y, size, { x1 });
    const runs = [
      r('q001 Aparna Patel', 110, 173, 202.8, 12),
      r('q004 Huifen Chan', 275, 337, 202.8, 12),
      r('q007 Charles Palmer', 433, 508, 202.8, 12),
      r('q002 Rajiv Gandhi University', 93, 191, 214.5),
      r('q005 Tsinghua University', 265, 347, 214.5),
      r('q008 Palmer Research Laboratories', 410, 531, 214.5),
      r('q003 Doimukh, Arunachal Pradesh', 69, 215, 226.5),
      r('q006 Haidian Qu, Beijing', 244, 368, 226.5),
      r('q009 San Antonio, Texas', 420, 521, 226.5),
      r('q010 cpalmer@prl.com', 434, 506, 238.5),
      r('q011 John Smith', 197, 251, 261, 12),
      r('q015 Julius P. Kumquat', 344, 432, 261, 12),
      r('q012 The Thorvald Group', 182, 266, 273),
      r('q016 The Kumquat Consortium', 335, 441, 273),
      r('q013 Hekla, Iceland', 195, 253, 285),
      r('q017 New York, USA', 357, 420, 285),
      r('q014 jsmith@affiliation.org', 179, 269, 297),
      r('q018 jpkumquat@consortium.net', 331, 445, 297),
    ];
    expect(labels(textOf(runs))).toEqual(seq(1, 18));
  });

  it('reads two rows of three authors block by block when their names are set no larger, each block ending in an e-mail', () => {
    // Name, affiliation, e-mail, all in 9.5 pt, three to a row, two rows a line's advance apart (a proceedings page).
    const people = [
      ['Kristoffer Landsnes', 'EPFL', 'kristoffer.landsnes@epfl.ch'],
      ['Liana Mehrabyan', 'EPFL', 'liana.mehrabyan@epfl.ch'],
      ['Victor Wiklund', 'EPFL', 'victor.wiklund@epfl.ch'],
      ['Robert Lieck', 'EPFL', 'robert.lieck@epfl.ch'],
      ['Fabian C. Moss', 'EPFL', 'fabian.moss@epfl.ch'],
      ['Martin Rohrmeier', 'EPFL', 'martin.rohrmeier@epfl.ch'],
    ];
    const runs = people.flatMap((lines, k) => lines.map((t, i) => run(t, 80 + (k % 3) * 170, 126 + Math.floor(k / 3) * 36 + i * 11.5, 9.5)));
    const text = textOf(runs).replace(/\s+/g, ' ');
    expect(text).toContain('Kristoffer Landsnes EPFL kristoffer.landsnes@epfl.ch Liana Mehrabyan');
    expect(text).toContain('victor.wiklund@epfl.ch Robert Lieck EPFL robert.lieck@epfl.ch');
    // The same grid with a figure in a cell is a table still, read row by row.
    const table = runs.map((r) => (r.text === 'EPFL' ? { ...r, text: '1.25' } : r));
    expect(textOf(table).replace(/\s+/g, ' ')).toContain('Kristoffer Landsnes Liana Mehrabyan Victor Wiklund');
  });
});

describe('credits side by side on staggered baselines', () => {
  it("reads a cover's credits column by column when each column stands a few points off the next", () => {
    // A report's cover (CNCF's supply chain paper): "Authors", "Reviewers" and "Published" in 12 pt over 9 pt names
    // 14 pt apart; the second column, the authors' continued, starts 2.4 pt higher, so the page's rows step by 6 to 8
    // pt, less than half the columns' own advance. The names carry no labels: a label's word would make each name a
    // line of text, and the columns would be found as columns, not read as a grid.
    const r = (t: string, x0: number, x1: number, y: number, size = 9) => run(t, x0, y, size, { x1 });
    const runs = [
      r('SOFTWARE', 48, 304, 466.7, 42),
      r('SUPPLY CHAIN', 48, 379, 512.7, 42),
      r('BEST PRACTICES', 48, 424, 558.7, 42),
      r('V2', 48, 104, 604.7, 42),
      r('Authors', 48, 95, 705, 12),
      r('Original White Paper', 48, 139, 725),
      r('authors', 48, 81, 739),
      r('Marina Moore', 48, 108, 753),
      r('Michael Lieberman', 48, 130, 767),
      r('John Kjell', 48, 91, 781),
      r('James Carnegie', 176, 245, 702.6),
      r('Ben Cotton', 176, 225, 716.6),
      r('Aditya Sirish A Yelgund', 176, 278.4, 730.6),
      r('-', 278.4, 282.2, 730.6),
      r('halli', 176, 193.4, 744.6),
      r('Reviewers', 304, 364, 705, 12),
      r('Aonan Guan', 304, 357, 719),
      r('Justin Cappos', 304, 365, 733),
      r('Published', 432, 490, 705, 12),
      r('xxxxxxxxx', 432, 474, 726.3),
    ];
    expect(textOf(runs).replace(/-\n/g, '').replace(/\s+/g, ' ')).toBe(
      'SOFTWARE SUPPLY CHAIN BEST PRACTICES V2 Authors Original White Paper authors Marina Moore Michael Lieberman ' +
        'John Kjell James Carnegie Ben Cotton Aditya Sirish A Yelgundhalli Reviewers Aonan Guan Justin Cappos Published xxxxxxxxx',
    );
  });
});

describe('the last row of a grid of tiles, one tile a line short', () => {
  it('is read tile by tile, as the row above it', () => {
    // Three columns of six lines (x 57, 226, 391; 8.5 pt lines 11.5 pt apart), a heading, then a contents page's
    // tiles, three to a row: a title of two lines and its pages. The second row stands 29 pt under the first; its last
    // tile's title holds one line, so only two of its rows have text on both sides of the second gutter.
    const q = (n: number) => `q${String(n).padStart(3, '0')}`;
    const tile = (first: number, x: number, y: number, lines: number) =>
      Array.from({ length: lines }, (_, i) => run(`${q(first + i)} ${i === lines - 1 ? 'Pages 4-5' : 'Faits marquants de'}`, x, y + i * 11.5, 8.5));
    const text = [57, 226, 391].flatMap((x, j) =>
      Array.from({ length: 6 }, (_, i) => run(`${q(j * 6 + i + 1)} the ministries have committed`, x, 560 + i * 11.5, 8.5)),
    );
    const runs: Run[] = [
      ...text,
      run('q019 SOMMAIRE', 57, 640, 10, { bold: true }),
      ...tile(20, 57, 668, 3),
      ...tile(23, 226, 668, 3),
      ...tile(26, 391, 668, 3),
      ...tile(29, 57, 720, 3),
      ...tile(32, 226, 720, 3),
      ...tile(35, 391, 720, 2),
    ];
    expect(labels(textOf(runs))).toEqual(seq(1, 36));
  });
});

describe('a key figure in large type closing part of one column', () => {
  it('leaves no blank across the columns beside it: they are read each to its foot', () => {
    // Three columns of 10 pt lines 12 pt apart (x 40, 230, 420). The first column's fourth line is followed by a
    // figure in 60 pt type ("22 %"), its baseline between two rows of the others, then more lines: measured from the
    // figure's top, the next row stands more than three advances lower, but the other columns run on beside it.
    // Set on the others' baseline grid (172), the figure's row is theirs too: its top is no line of theirs.
    const q = (n: number) => `q${String(n).padStart(3, '0')}`;
    for (const at of [166, 172]) {
      const runs: Run[] = [];
      for (let i = 0; i < 4; i++) runs.push(run(line(q(1 + i), 32, i), 40, 100 + i * 12));
      runs.push(run('q005 22 %', 40, at, 60, { x1: 140 }));
      for (let i = 0; i < 6; i++) runs.push(run(line(q(6 + i), 32, i), 40, 196 + i * 12));
      for (let i = 0; i < 14; i++) runs.push(run(line(q(12 + i), 32, i), 230, 100 + i * 12));
      for (let i = 0; i < 14; i++) runs.push(run(line(q(26 + i), 32, i), 420, 100 + i * 12));
      expect(labels(textOf(runs))).toEqual(seq(1, 39));
    }
  });
});

describe('three columns over a section in two', () => {
  it('keeps the short last lines of two columns with them, though they leave the gutter below clean', () => {
    // Three columns of 10 pt lines 10 pt apart, the first ending a line early; the last row holds only the short
    // last lines of columns two and three, which do not reach the two-column section's gutter (x 250 to 280) that
    // every longer line of column two crosses. The section starts 33 pt below.
    const runs: Run[] = [];
    const q = (n: number) => `q${String(n).padStart(3, '0')}`;
    for (let i = 0; i < 6; i++) runs.push(run(line(q(1 + i), 28, i), 50, 100 + i * 10));
    for (let i = 0; i < 7; i++) runs.push(run(line(q(7 + i), i === 6 ? 7 : 28, i), 210, 100 + i * 10));
    for (let i = 0; i < 7; i++) runs.push(run(line(q(14 + i), i === 6 ? 16 : 28, i), 370, 100 + i * 10));
    runs.push(...column(21, 12, 50, 193, { chars: 40 }));
    runs.push(...column(33, 12, 280, 193, { chars: 40 }));
    expect(labels(textOf(runs))).toEqual(seq(1, 44));
  });
});

describe('sections set as a grid of boxes', () => {
  /** Two columns; each opens with a 14 pt bold heading and 14 lines, then 34 pt lower a second heading and 14 lines. */
  function boxes(second: boolean): Run[] {
    const runs: Run[] = [];
    const box = (label: string, first: number, x: number, y: number, heading = true) => {
      if (heading) runs.push(run(label, x, y, 14, { bold: true }));
      runs.push(...column(first, 14, x, y + 18, { chars: 36 }));
    };
    box('HEAD-A Is it vulnerable?', 1, 50, 100);
    box('HEAD-B How to prevent', 15, 260, 100);
    box('HEAD-C Example scenarios', 29, 50, 308);
    box('HEAD-D References', 43, 260, 308, second);
    return runs;
  }

  it('reads the boxes row by row when every column opens with a heading at one height, twice', () => {
    const text = textOf(boxes(true));
    expect(labels(text)).toEqual(seq(1, 56));
    expect(text.indexOf('HEAD-B')).toBeLessThan(text.indexOf('HEAD-C'));
  });

  it('reads cards column by column when the second row of headings repeats one label, or is an index’s letters', () => {
    for (const label of ['CARD We can help:', 'K']) {
      const runs = boxes(true).map((r) => (/^HEAD-[CD]/.test(r.text) ? { ...r, text: label } : r));
      expect(labels(textOf(runs))).toEqual([...seq(1, 14), ...seq(29, 42), ...seq(15, 28), ...seq(43, 56)]);
    }
  });

  it('reads columns of boxes column by column when one column opens a box of its own between the rows of headings', () => {
    // A poster: the right column's second box ends halfway and a third box, its heading level with the left box's
    // text, runs down to the row of headings below. The rows of headings line up by chance.
    const runs = boxes(true).filter((r) => !/^q02[2-8]/.test(r.text));
    runs.push(run('HEAD-E Results', 260, 118 + 8 * 12 + 6, 14, { bold: true }));
    runs.push(...column(22, 4, 260, 118 + 8 * 12 + 24, { chars: 36 }));
    const text = textOf(runs);
    expect(labels(text)).toEqual([...seq(1, 14), ...seq(29, 42), ...seq(15, 25), ...seq(43, 56)]);
  });

  it('keeps reading the boxes row by row when a heading of their style stands alone in one column under the last row', () => {
    // An author grid's second row of names over the paper's two columns, the first opening with "Abstract".
    const runs = boxes(true);
    runs.push(run('HEAD-E Abstract', 50, 308 + 18 + 14 * 12 + 30, 14, { bold: true }));
    runs.push(...column(57, 4, 50, 308 + 18 + 14 * 12 + 48, { chars: 36 }));
    const text = textOf(runs);
    expect(text.indexOf('HEAD-B')).toBeLessThan(text.indexOf('HEAD-C'));
  });

  it('reads running columns column by column when only their first row opens both with a heading', () => {
    // The right column runs on past the left column's second heading: no grid.
    const runs = boxes(false).filter((r) => !/^q04[3-9]|^q05/.test(r.text));
    runs.push(...column(43, 17, 260, 118 + 14 * 12, { chars: 36 }));
    const text = textOf(runs);
    expect(labels(text)).toEqual([...seq(1, 14), ...seq(29, 42), ...seq(15, 28), ...seq(43, 59)]);
  });
});

describe('a line whose wide spaces fall in gaps other rows leave clean', () => {
  it('reads the line whole, not as three columns of which the middle holds that line alone', () => {
    // A paragraph across the page; a line with a code word set apart by two wide spaces; a list down the left; a box
    // lower on the right. Only the one line has ink between the list and the box.
    const runs: Run[] = column(1, 3, 50, 60, { chars: 100 });
    runs.push(run('q004 we draw each box with the command', 50, 96), run('\\box[style=?]{...}', 250, 96), run('where the word style names', 350, 96));
    for (let i = 0; i < 9; i++) runs.push(run(`q${String(5 + i).padStart(3, '0')} the kind of box it draws`, 50, 112 + i * 16));
    runs.push(...column(14, 7, 360, 270, { chars: 36 }));
    const text = textOf(runs);
    expect(labels(text)).toEqual(seq(1, 20));
    expect(text).toContain('q004 we draw each box with the command \\box[style=?]{...} where the word style names');
  });
});

describe('labelled fields side by side', () => {
  it('read field by field, label first, when the first row is labels ending in a colon over blank space', () => {
    const runs: Run[] = [run('q001 Consumer price inflation, the monthly bulletin of the board', 42, 100, 13)];
    runs.push(run('Contact:', 83, 160), run('Release date:', 236, 160), run('Next release:', 390, 160));
    runs.push(run('q002 Prices team', 83, 172), run('q005 21 May 2025', 236, 172), run('q006 18 June 2025', 390, 172));
    runs.push(run('q003 cpi@example.org', 83, 184), run('q004 +44 1633 456900', 83, 196));
    runs.push(...column(7, 4, 42, 240, { chars: 90 }));
    const text = textOf(runs);
    expect(labels(text)).toEqual(seq(1, 10));
    expect(text).toContain('Release date:\nq005 21 May 2025');
  });

  it('are a table row by row when the first row is no labels', () => {
    const runs: Run[] = [run('q001 Consumer price inflation, the monthly bulletin of the board', 42, 100, 13)];
    runs.push(run('q002 Contact', 83, 160), run('Release date', 236, 160), run('Next release', 390, 160));
    runs.push(run('q003 Prices team', 83, 172), run('q004 21 May 2025', 236, 172), run('q005 18 June 2025', 390, 172));
    runs.push(...column(6, 4, 42, 240, { chars: 90 }));
    expect(labels(textOf(runs))).toEqual(seq(1, 9));
  });
});

describe('insets', () => {
  it("reads an inset's gap at the head of column one as part of that column, not as a third column", () => {
    // Column one: 20 rows of a command list (a name, a wide gap, a meaning, with a symbol raised between them on a
    // baseline of its own, so the rows pass finds no aligned table), then 18 lines of prose running across the gap.
    // Column two: 40 lines of prose. Read: the list and the prose of column one, then column two.
    const runs: Run[] = [];
    for (let i = 0; i < 20; i++) {
      const y = 60 + i * 13 + (i % 3) * 0.9;
      runs.push(run(`q${String(i + 1).padStart(3, '0')} cmdname`, 50, y, 9), run('=', 128, y - 4, 9), run(`mean${i} word`, 150, y, 9));
    }
    runs.push(...column(21, 18, 50, 330, { chars: 40 }));
    runs.push(...column(101, 40, 50 + 200 + 18, 60, { chars: 40 }));
    const layout = layoutPage(runs, params());
    expect(layout.gutters).toHaveLength(1);
    expect(labels(layout.segments.map((s) => s.text).join('\n'))).toEqual([...seq(1, 38), ...seq(101, 140)]);
  });
});

describe('lines', () => {
  it('keeps superscripts and subscripts on their line', () => {
    const base = 100;
    const runs = [
      run('q001 the value of x', 50, base),
      run('2', 145, base - 3.5, 6),
      run('is four', 151.5, base),
      run('q002 next line', 50, base + 12),
    ];
    const layout = layoutPage(runs, params());
    const lines = layout.segments.flatMap((s) => s.lines);
    expect(lines).toHaveLength(2);
    expect(lines[0].text).toBe('q001 the value of x2 is four');
  });

  it("gives a column's part of a row its own baseline (a note's line a little below the next column's line)", () => {
    // Two columns of 10.9 pt lines; under the left column, a note: its raised marker in 6 pt and its address in 9 pt,
    // 2.6 pt below the right column's line beside it, with which it shares a row. The row's baseline is the right
    // line's; the note's line keeps its own (its step down from the text above is measured from it).
    const size = 10.9;
    const left = column(1, 19, 72, 100, { size, chars: 40, advance: 13.5 });
    const right = column(31, 21, 307, 100, { size, chars: 40, advance: 13.5 });
    const y = 100 + 19 * 13.5;
    const note = [run('1', 84.7, y - 1.2, 6), run('q020 https://example.org/a/note', 88.1, y + 2.6, 9)];
    const lines = layoutPage([...left, ...right, ...note], params()).segments.flatMap((s) => s.lines);
    const noteLine = lines.find((l) => l.text.includes('q020'))!;
    expect(noteLine.baseline).toBeCloseTo(y + 2.6, 0);
    expect(lines.find((l) => l.text.startsWith('q050'))!.baseline).toBe(y);
  });

  it('sets an accent drawn over the next run’s first letter on that letter (TeX’s “Ostoji´” + “c”)', () => {
    const runs = [run('q001 tolerance and attentiveness (Ostoji\u00b4', 50, 100), run('c and Clayton, 2014).', 262, 100)];
    runs[0].x1 = 265.3;
    const text = layoutPage(runs, params()).segments.flatMap((s) => s.lines.map((l) => l.text));
    expect(text).toEqual(['q001 tolerance and attentiveness (Ostoji\u0107 and Clayton, 2014).']);
    // An accent standing on its own (an apostrophe typed as an acute, "don´t") is left as it is.
    const head = run('q002 we don\u00b4', 50, 120);
    const apart = [head, run('t know', head.x1 + 0.3, 120)];
    expect(layoutPage(apart, params()).segments.flatMap((s) => s.lines.map((l) => l.text))).toEqual(['q002 we don\u00b4t know']);
  });

  it('sets an accent drawn as a run of its own over a letter inside another run on that letter (XeTeX’s “´” over “Ecole”)', () => {
    // "´" raised over the E of "Ecole normale sup´" (12 pt, about 6 pt a glyph), then "erieure" under the run's own accent.
    const head = run('q001 Ecole normale sup\u00b4', 122.2, 141.4, 12, { x1: 215.8 });
    const accent = run('\u00b4', 141.7, 138.8, 12, { x1: 145.6 });
    const tail = run('erieure, PSL Research University', 211.2, 141.4, 12);
    const text = layoutPage([head, accent, tail], params()).segments.flatMap((s) => s.lines.map((l) => l.text));
    expect(text).toEqual(['q001 \u00c9cole normale sup\u00e9rieure, PSL Research University']);
  });

  it("reads a display fraction in its formula's line, the numerator before the denominator", () => {
    // A paragraph line, the formula "CB = q3 / 3emc = 3.54 (1)" with its fraction set above and below the formula's
    // baseline (0.65 em), and the next paragraph line: drawn denominator first.
    const runs = [
      run('q001 the field is given by', 50, 80),
      run('3emc', 118, 106.5),
      run('CB =', 80, 100),
      run('q3', 123, 93.5),
      run('= 3.54 (1)', 145, 100),
      run('q002 where the charge is', 50, 124),
    ];
    const lines = layoutPage(runs, params()).segments.flatMap((s) => s.lines);
    expect(lines.map((l) => l.text)).toEqual(['q001 the field is given by', 'CB = q3 3emc = 3.54 (1)', 'q002 where the charge is']);
  });

  it("reads a formula of several fractions, with the next column's lines on baselines between them", () => {
    // "Y = m/GeV + 3 ln(m)/15 (3)" at 7.5 pt in the left column; the right column's table rows sit 0.36 em above the
    // formula's baseline and 1 em below it.
    const s = 7.5;
    const runs = [
      run('q001 the yield is', 78, 455, s),
      run('Y =', 78, 471, s),
      run('m', 114, 465.4, s),
      run('GeV', 109, 476.5, s),
      run('+', 150, 471, s),
      run('3 ln(m)', 164, 465.4, s),
      run('15', 172, 476.5, s),
      run('(3)', 278, 471, s),
      run('q010 row 3 of the table', 330, 468.2, s),
      run('q011 botrule', 330, 478.7, s),
      run('q002 where m is the mass', 78, 490, s),
    ];
    const lines = layoutPage(runs, params()).segments.flatMap((sg) => sg.lines.map((l) => l.text));
    expect(lines).toContain('Y = m GeV + 3 ln(m) 15 (3)');
  });

  it('reads a fraction of words in its formula’s line', () => {
    // "v = mass moved / time taken (1)": a run of two words over a run of two.
    const runs = [
      run('q001 the speed is given by', 50, 80),
      run('v =', 80, 100),
      run('mass moved', 100, 93.5),
      run('time taken', 110, 106.5),
      run('(1)', 300, 100),
      run('q002 where the time is', 50, 124),
    ];
    const lines = layoutPage(runs, params()).segments.flatMap((s) => s.lines);
    expect(lines.map((l) => l.text)).toEqual(['q001 the speed is given by', 'v = mass moved time taken (1)', 'q002 where the time is']);
  });

  it("leaves a middle column's lines, short runs each, out of a row whose sign stands in a third column", () => {
    // A cheat sheet: a heading in the left column (9.2 pt) level with "$ > \\$" in the right one; between them, the
    // middle column's lines a little above and below, in short runs, each closing with two words ("Italic shape"): no
    // fraction's numerator and denominator.
    const line = (k: number, baseline: number, words: string) => [
      run(`q00${k} \\text{`, 292, baseline, 8),
      run('⟨text⟩', 326, baseline, 8),
      run('} {\\shape', 362, baseline, 8),
      run('⟨text⟩}', 413, baseline, 8),
      run(words, 462, baseline, 8),
    ];
    const runs = [
      ...line(1, 375, 'Italic shape'),
      run('Contents', 24, 381.3, 9.2),
      run('$ > \\$', 560, 382.4, 8),
      ...line(2, 384.9, 'Slanted shape'),
    ];
    const texts = layoutPage(runs, params()).segments.flatMap((sg) => sg.lines.map((l) => l.text));
    expect(texts.find((t) => t.includes('Contents'))).not.toContain('text');
    expect(texts.filter((t) => t.includes('Italic shape') && !t.includes('Slanted'))).toHaveLength(1);
  });

  it('leaves short lines above and below a line of text where they are', () => {
    // A paragraph's short last line, a full line, and a short line under it: no formula.
    const runs = [run('q001 end.', 50, 88), run('q002 the harbour works were incomplete before the season', 50, 100), run('q003 Next', 50, 112)];
    const lines = layoutPage(runs, params()).segments.flatMap((s) => s.lines);
    expect(lines.map((l) => l.text)).toEqual(['q001 end.', 'q002 the harbour works were incomplete before the season', 'q003 Next']);
  });

  it("keeps a note call on its text line when it shares a baseline with a side note's line of its own size", () => {
    const text = run('q001 make up this scrutiny: credibility,', 72, 546.2);
    // The call starts exactly where "credibility," ends.
    const call = run('15', text.x1, 542.6, 8);
    // The side note's line is drawn in pieces (as its citation's year and links are): its row has many runs.
    let x = 406.7;
    const note = ['q002 remains', 'dismal,', 'say', 'scientists.'].map((t) => {
      const r = run(t, x, 542.2, 8);
      x = r.x1 + 2.5;
      return r;
    });
    const runs = [text, call, run('and more text follows', call.x1 + 3, 546.2), ...note];
    const lines = layoutPage(runs, params()).segments.flatMap((s) => s.lines.map((l) => l.text));
    expect(lines).toContain('q001 make up this scrutiny: credibility,15 and more text follows');
    expect(lines).toContain('q002 remains dismal, say scientists.');
    expect(lines).toHaveLength(2);
  });

  it('keeps a long subscript set solid against its base on its line ("x" with "que, restrict" and ",i")', () => {
    const x = run('x', 50, 100, 10);
    const sub = run('que, restrict', x.x1, 102.6, 8.3);
    const i = run(',i', sub.x1, 102.6, 8.3);
    const rest = run(': q001 token of the question', i.x1 + 0.5, 100, 10);
    const texts = (runs: Run[]) => layoutPage(runs, params()).segments.flatMap((sg) => sg.lines.map((l) => l.text));
    expect(texts([x, sub, i, rest, run('q002 next line', 50, 114)])).toEqual(['xque, restrict,i: q001 token of the question', 'q002 next line']);
    // Set a word's space apart from the run before it, a long run in smaller type is no script of it.
    const apart = run('que, restrict', x.x1 + 3, 102.6, 8.3);
    expect(texts([x, apart, run('q002 next line', 50, 114)])).toHaveLength(3);
  });

  it('reads a word raised over a subscript at the end of a line after the words before it, superscript first', () => {
    // "c" with "topic" over "t", raised half its line's size: a level of its own over the line's end only.
    const words = run('q001 we obtain the vectors', 50, 100, 10);
    const c = run('c', words.x1 + 2.5, 100, 10);
    const sup = run('topic', c.x1 + 0.3, 94.5, 7);
    const sub = run('t', c.x1, 101.5, 7);
    const rest = run('for attending', sup.x1 + 2.5, 100, 10);
    expect(makeLine([words, c, sup, sub, rest], 100).text).toBe('q001 we obtain the vectors ctopic t for attending');
  });

  it('reads limits under operators in the middle of a formula row after each operator', () => {
    const y = run('y ←', 50, 200, 10);
    const max = run('max', y.x1 + 2.5, 200, 10);
    const under = run('i≤n', max.x0 - 1, 205.8, 6);
    const mid = run('xi, z ←', max.x1 + 2, 200, 10);
    const min = run('min', mid.x1 + 2.5, 200, 10);
    const under2 = run('j≤m', min.x0 - 1, 205.8, 6);
    const end = run('xj', min.x1 + 2, 200, 10);
    expect(makeLine([y, max, under, mid, min, under2, end], 200).text).toBe('y ← max i≤n xi, z ← min j≤m xj');
  });

  it('keeps a kerned superscript glued to its base (no space for a piece only raised, not stacked)', () => {
    const base = run('q001 the value of x', 50, 100);
    const sup = run('2', base.x1 - 0.2, 96, 7);
    const lines = layoutPage([base, sup, run('is four', sup.x1 + 3, 100), run('q002 next line', 50, 112)], params()).segments.flatMap(
      (sg) => sg.lines,
    );
    expect(lines[0].text).toBe('q001 the value of x2 is four');
  });

  it('keeps a chain of raised note markers at a line end on that line ("[7][8]")', () => {
    // Each marker is its own run; only the first touches the line's text, the second touches the first.
    const base = 100;
    const runs = [
      run('q001 enabled since 2013.', 50, base),
      run('[7]', 170, base - 4, 7),
      run('[8]', 180.5, base - 4, 7),
      run('q002 the next line', 50, base + 12),
    ];
    const lines = layoutPage(runs, params()).segments.flatMap((s) => s.lines);
    expect(lines.map((l) => l.text)).toEqual(['q001 enabled since 2013.[7][8]', 'q002 the next line']);
  });

  it('recovers spaces from gaps when words are placed one by one, and none inside letter-spaced words', () => {
    const words = ['q001', 'words', 'placed', 'one', 'by', 'one'];
    let x = 50;
    const runs: Run[] = [];
    for (const w of words) {
      runs.push(run(w, x, 100));
      x += w.length * 5 + 2.5; // a quarter-em gap
    }
    // A letter-spaced heading: each glyph on its own with 1.5 pt tracking, a word gap of 6 pt.
    x = 50;
    for (const [i, ch] of [...'SPACED HEAD'].entries()) {
      if (ch === ' ') {
        x += 6;
        continue;
      }
      runs.push(run(ch, x, 130, 10, { stream: 1000 + i }));
      x += 5 + 1.5;
    }
    const text = textOf(runs);
    expect(text).toContain('q001 words placed one by one');
    expect(text).toContain('SPACED HEAD');
  });

  it('reads rotated text as its own segment after the flow and reports it', () => {
    const runs = [...column(1, 5, 50, 100), run('q900 sideways caption', 20, 300, 8, { angle: -90, x0: 14, x1: 22, y0: 220, y1: 300 })];
    const layout = layoutPage(runs, params());
    expect(layout.segments.at(-1)!.kind).toBe('rotated');
    expect(layout.segments.at(-1)!.text).toContain('q900 sideways caption');
    expect(layout.diagnostics.map((d) => d.code)).toContain('rotated-text');
  });

  it('keeps several sideways blocks beside one column in their order', () => {
    const left = column(1, 20, 50, 60, { chars: 40 });
    const right = column(21, 20, 50 + 200 + 20, 60, { chars: 40 });
    const a = run('q900 first credit', 252, 150, 7, { angle: -90, x0: 246, x1: 253, y0: 80, y1: 150 });
    const b = run('q901 second credit', 170, 250, 7, { angle: -90, x0: 160, x1: 167, y0: 180, y1: 250 });
    const layout = layoutPage([...rowByRow(left, right), a, b], params());
    const rotated = layout.segments.filter((s) => s.kind === 'rotated').map((s) => s.text);
    const fromRotated = layoutRotated([a, b]).map((lines) => lines.map((l) => l.text).join('\n'));
    expect(fromRotated).toHaveLength(2);
    expect(rotated).toEqual(fromRotated);
  });

  it('reads sideways text standing in a column after that column, not after the page', () => {
    // A photo credit set up the right edge of a picture in column one, level with the column's text.
    const left = column(1, 20, 50, 60, { chars: 40 });
    const right = column(21, 20, 50 + 200 + 20, 60, { chars: 40 });
    const credit = run('q900 Photo by the harbour engineer', 252, 250, 7, { angle: -90, x0: 246, x1: 253, y0: 130, y1: 250 });
    const layout = layoutPage([...rowByRow(left, right), credit], params());
    const kinds = layout.segments.map((s) => s.kind);
    expect(kinds).toEqual(['column', 'rotated', 'column']);
    expect(layout.segments[1]!.text).toContain('q900');
  });
});

describe('gaps that are not gutters', () => {
  it('reads a single column with right-flushed margin tags and a folio as one column, each tag on its row', () => {
    // A manual's reference page: definitions whose first row ends in a right-flushed "[Function]" tag, a folio
    // beside the running head. The tags leave a clean gap down the page as a gutter would.
    const runs: Run[] = [run('q001 Chapter four: Function reference', 100, 60), run('q002', 520, 60)];
    let y = 90;
    let n = 3;
    for (let def = 0; def < 4; def++) {
      const label = (k: number) => `q${String(k).padStart(3, '0')}`;
      runs.push(run(line(label(n), 56, def), 100, y), run(`${label(n + 1)} [Fn]`, 510, y));
      n += 2;
      for (let i = 0; i < 5; i++) {
        y += 12;
        runs.push(run(line(label(n++), 72, def * 5 + i), 120, y));
      }
      y += 24;
    }
    const layout = layoutPage(runs, params());
    expect(layout.columnCount).toBe(1);
    expect(labels(layout.segments.map((s) => s.text).join('\n'))).toEqual(seq(1, n - 1));
  });

  it('still reads a last page whose second column holds a few lines at its top as two columns', () => {
    const left = column(1, 40, 50, 60, { chars: 40 });
    const right = column(41, 4, 50 + 200 + 14, 60, { chars: 40 });
    const layout = layoutPage(rowByRow(left, right), params());
    expect(layout.columnCount).toBe(2);
    expect(labels(layout.segments.map((s) => s.text).join('\n'))).toEqual(seq(1, 44));
  });

  it("does not take a small table's column gap in the first column for the page's gutter", () => {
    // A one-page template (the rows of a real one, widths at 0.5 em a character): a title block and a running head,
    // an abstract in column one beside a short reference list in column two, and below them, in column one, a
    // two-by-two table whose cells leave a gap that the abstract's lines run across.
    const rows: [string, number, number, number][] = [
      // label, x0, x1, baseline
      ['h', 355, 527, 47.5],
      ['t1', 71, 176, 85.8],
      ['t2', 71, 172, 130.3],
      ['t3', 71, 177, 175],
      ['a', 71, 274, 209.3],
      ['f1', 71, 133, 235.5],
      ['f2', 71, 133, 251.3],
      ['f3', 71, 139, 267],
      ['c', 71, 491, 294],
      ['e', 71, 325, 318.5],
      ['q001', 71, 108, 358.8],
      ['q010', 304, 370, 358.8],
      ['q002', 71, 162, 372.3],
      ['q011', 309, 527, 382.8],
      ['q003', 81, 294, 388.8],
      ['q012', 325, 527, 396.3],
      ['q004', 71, 294, 402.3],
      ['q013', 325, 452, 409.8],
      ['q005', 71, 294, 415.8],
      ['q006', 71, 294, 429.3],
      ['q007', 71, 294, 442.8],
      ['q008', 71, 294, 456.3],
      ['q009', 71, 150, 469.8],
      ['k', 71, 194, 497.8],
      ['i1', 71, 149, 552.3],
      ['i2', 71, 182, 581.5],
      ['cap', 124, 241, 610.8],
      ['c1', 155, 172, 627.5],
      ['c2', 191, 208, 627.5],
      ['c3', 155, 179, 643.3],
      ['c4', 191, 209, 643.3],
    ];
    const runs = rows.map(([label, x0, x1, y]) => run(line(label, Math.max(label.length, Math.round((x1 - x0) / 5))), x0, y));
    const layout = layoutPage(runs, params());
    expect(
      layout.gutters.some(([a, b]) => a > 280 && b < 320),
      JSON.stringify(layout.gutters),
    ).toBe(true);
    // The abstract (q001-q009) is read whole before the references (q010-q013).
    expect(labels(layout.segments.map((s) => s.text).join('\n'))).toEqual(seq(1, 13));
  });

  it('reads an option table or a code listing in a fixed-pitch font row by row: its gaps are alignment', () => {
    const mono = { mono: true, font: 'CMTT10' };
    const prose = [run(line('q001', 80, 0), 100, 60), run(line('q002', 80, 1), 100, 72)];
    const options = [
      ['q003 -c, --check', 'q004 checks the syntax only'],
      ['q005 -o, --output=FILE', 'q006 output file'],
      ['q007 -n, --name=NAME', 'q008 array name'],
      ['q009 -h, --help', 'q010 display this help and exit'],
      ['q011 -v, --version', 'q012 output version information and exit'],
    ].flatMap(([a, b], i) => [run(a!, 110, 96 + i * 12, 10, mono), run(b!, 240, 96 + i * 12, 10, mono)]);
    const layout = layoutPage([...prose, ...options], params());
    expect(layout.columnCount).toBe(1);
    expect(labels(layout.segments.map((s) => s.text).join('\n'))).toEqual(seq(1, 12));
    // The same table in a proportional font is read as two columns.
    const plain = options.map((r) => ({ ...r, mono: undefined, font: 'Times' }));
    expect(layoutPage([...prose, ...plain], params()).columnCount).toBe(2);
  });
});

describe('the first page of a folded brochure', () => {
  // Three panels; the cover, the right-hand panel, opens with the document's title.
  const panel = (first: number, x: number) => column(first, 12, x, 80, { chars: 40 });
  const cover = (titleSize: number) => [run('q025 PDF/UA', 560, 80, titleSize), ...column(26, 3, 560, 80 + titleSize * 1.5, { chars: 30 })];
  const page = (titleSize: number) => [...rowByRow(panel(1, 40), panel(13, 300)), ...cover(titleSize)];

  it('reads the panel the title opens first, and says so', () => {
    const layout = layoutPage(page(36), params());
    expect(layout.columnCount).toBe(3);
    expect(labels(layout.segments.map((s) => s.text).join('\n'))).toEqual([...seq(25, 28), ...seq(1, 24)]);
    expect(layout.diagnostics.map((d) => d.code)).toContain('title-first');
  });

  it('keeps left-to-right order on later pages, and for a heading no larger than a section heading', () => {
    expect(labels(textOf(page(36), { page: 2 }))).toEqual(seq(1, 28));
    expect(labels(textOf(page(13)))).toEqual(seq(1, 28));
  });

  it('keeps left-to-right order when the large type opening a column is a statistic, not a title ("30%")', () => {
    const runs = [...rowByRow(panel(1, 40), panel(13, 300)), run('q025 30%', 560, 80, 36), ...column(26, 3, 560, 134, { chars: 30 })];
    const layout = layoutPage(runs, params());
    expect(labels(layout.segments.map((s) => s.text).join('\n'))).toEqual(seq(1, 28));
    expect(layout.diagnostics.map((d) => d.code)).not.toContain('title-first');
  });

  it('reads a narrow column left of the title’s, starting under the title’s block, after that block and before the text beside it', () => {
    // A software journal's first page: title, authors and affiliation over the summary; the sidebar (DOI, dates,
    // licence) starts left of the summary's heading.
    const head = [run('q001 Harbour works of the eastern', 170, 140, 17), run('q002 breakwater survey', 170, 160, 17)];
    const names = [run('q003 Ada Surveyor, Carl Engineer', 170, 195, 11), run('q004 Harbour Board, Florence', 170, 215, 9)];
    const sidebar = column(5, 14, 30, 232, { size: 9, chars: 22 });
    const text = column(19, 30, 170, 255, { chars: 70 });
    const layout = layoutPage([...head, ...names, ...rowByRow(sidebar, text)], params());
    expect(labels(layout.segments.map((s) => s.text).join('\n'))).toEqual(seq(1, 48));
    expect(layout.diagnostics.map((d) => d.code)).toContain('title-first');
    // A sidebar starting beside the title's lines is read after the text, as before.
    const beside = column(5, 14, 30, 150, { size: 9, chars: 22 });
    const late = layoutPage([...head, ...names, ...rowByRow(beside, text)], params());
    expect(labels(late.segments.map((s) => s.text).join('\n'))).toEqual([...seq(1, 4), ...seq(19, 48), ...seq(5, 18)]);
    // So is one starting beside the summary's third line: the title's block ends at a blank line, not in a paragraph.
    const inside = column(5, 14, 30, 280, { size: 9, chars: 22 });
    const spliced = layoutPage([...head, ...names, ...rowByRow(inside, text)], params());
    expect(labels(spliced.segments.map((s) => s.text).join('\n'))).toEqual([...seq(1, 4), ...seq(19, 48), ...seq(5, 18)]);
  });

  it('reads an article whose title opens the middle column on into the next, then the column before it', () => {
    const runs = [...rowByRow(panel(1, 40), panel(13, 560)), run('q025 News', 300, 80, 30), ...column(26, 12, 300, 125, { chars: 40 })];
    const layout = layoutPage(runs, params());
    expect(layout.segments.map((s) => s.column)).toEqual([1, 2, 0]);
  });

  it('says nothing when the title’s column is alone in its band (nothing is moved)', () => {
    // Two columns; a full-width line; a band where only the right column holds text (a title and a few lines);
    // another full-width line; two columns again.
    const top = rowByRow(column(1, 20, 50, 60, { chars: 40 }), column(21, 20, 270, 60, { chars: 40 }));
    const wide = (label: string, y: number) => run(`${label} a full width line crossing the gutter of this page here now ok`, 50, y, 10);
    const middle = [wide('q041', 312), run('q042 Big', 270, 342, 28), ...column(43, 4, 270, 372, { chars: 40 }), wide('q047', 432)];
    const bottom = rowByRow(column(48, 20, 50, 458, { chars: 40 }), column(68, 20, 270, 458, { chars: 40 }));
    const layout = layoutPage([...top, ...middle, ...bottom], params());
    const titled = layout.segments.find((s) => s.text.includes('q042'))!;
    expect(layout.segments.filter((s) => s.band === titled.band)).toEqual([titled]);
    expect(layout.diagnostics.map((d) => d.code)).not.toContain('title-first');
    expect(labels(layout.segments.map((s) => s.text).join('\n'))).toEqual(seq(1, 87));
  });
});

describe('drop caps', () => {
  const cap = () => run('T', 72, 124, 36, { x1: 94 });
  const body = () => [
    run('he harbour works were incomplete before the season', 98, 100, 10),
    run('closed and no further funds had been voted for the', 98, 112, 10),
    run('repairs along the eastern breakwater, which the survey', 98, 124, 10),
    run('ordered in the spring showed to be failing.', 72, 136, 10),
  ];

  it('start the first line they stand beside, not the line they sit on', () => {
    const layout = layoutPage([...body(), cap()], params());
    expect(layout.segments).toHaveLength(1);
    expect(layout.segments[0]!.lines.map((l) => l.text)).toEqual([
      'The harbour works were incomplete before the season',
      'closed and no further funds had been voted for the',
      'repairs along the eastern breakwater, which the survey',
      'ordered in the spring showed to be failing.',
    ]);
    expect(layout.segments[0]!.lines[0]!.size).toBe(10);
  });

  it('open their line when they touch its first word to a hair (the line read as stacked pieces)', () => {
    // The cap's right edge a hair past the text's left edge: read by levels, the cap would follow the whole line.
    const layout = layoutPage([...body(), run('T', 72, 124, 36, { x1: 98.0001 })], params());
    expect(layout.segments[0]!.lines[0]!.text).toBe('The harbour works were incomplete before the season');
  });

  it('keep a space the file draws after them ("A harbour…")', () => {
    const a = run('A', 72, 124, 36, { x1: 94, spaceAfter: true });
    const lines = body();
    lines[0] = run('harbour works were incomplete before the season', 98, 100, 10, { stream: a.stream + 1 });
    expect(layoutPage([a, ...lines], params()).segments[0]!.lines[0]!.text).toBe('A harbour works were incomplete before the season');
  });

  it('keep the rest of their word when it is a short run of its own beside them ("T" + "his")', () => {
    // Sunk two lines, the cap sits on the second line's baseline; "his" touches it, then the line's other runs.
    const runs = [
      run('T', 72, 112, 25, { x1: 88.6 }),
      run('his', 88.5, 100, 10),
      run('is an example of a dropped capital', 106.5, 100, 10),
      run('letter.', 280, 100, 10),
      run('This package is usually included with the more comprehensive', 88.5, 112, 10),
      run('distributions, but those with more trim installations may', 72, 124, 10),
    ];
    const lines = layoutPage(runs, params()).segments.flatMap((sg) => sg.lines.map((l) => l.text));
    expect(lines[0]).toBe('This is an example of a dropped capital letter.');
    expect(lines[1]).toBe('This package is usually included with the more comprehensive');
  });

  it('are not a fraction slash: the small numerator raised beside it stays on its line ("1⁄4 inch")', () => {
    const runs = [
      run('q001 the wing type ranges from No. 6 up to', 321, 52.65, 10),
      run('q002 Rol-top ranges from', 290, 65.15, 10, { x1: 402 }),
      run('1', 404.5, 61.95, 5.5, { x1: 407.2 }),
      run('1', 443.8, 61.95, 5.5, { x1: 446.6 }),
      run('⁄', 407.2, 65.15, 10, { x1: 408.9 }),
      run('4 inch to', 408.7, 65.15, 5.5, { x1: 441.4 }),
      run('⁄', 446.6, 65.15, 10, { x1: 448.2 }),
      run('6 inch, and', 448.2, 65.15, 5.5, { x1: 480 }),
      run('q003 the bellows type ranges in size', 321, 77.65, 10),
    ];
    const lines = layoutPage(runs, params()).segments.flatMap((sg) => sg.lines.map((l) => l.text));
    expect(lines).toContain('q002 Rol-top ranges from 1⁄4 inch to 1⁄6 inch, and');
  });

  it('are not a large letter beside a single line of small text', () => {
    const label = run('B', 72, 100, 24, { x1: 88 });
    const layout = layoutPage([label, run('section of the eastern breakwater', 92, 100, 10)], params());
    expect(layout.segments[0]!.lines[0]!.text).toBe('B section of the eastern breakwater');
  });
});

describe('columns of separate blocks (a letterhead)', () => {
  // Logo at the top left, the sender's address panel on the right from just below it, the recipient on the left
  // lower down, then the invoice number and the date level with each other.
  const page = () => [
    run('q001 Kraxi Systems, Inc.', 208, 42, 14),
    run('q002 Paper Planes', 260, 60, 14),
    ...[
      'q003 17, Aviation Road',
      'q004 Paperfield',
      'q005 Phone 7079 4301',
      'q006 Fax 7079 4302',
      'q007 info@kraxi.com',
      'q008 Local sales rep:',
      'q009 Lucy Irwin',
    ].map((t, i) => run(t, 455, 78 + i * 14, 9)),
    run('q010 Kraxi Systems, Inc. • 17, Aviation Road • Paperfield', 55, 150, 9),
    ...['q011 John Q. Doe', 'q012 255 Customer Lane', 'q013 Suite B', 'q014 12345 User Town'].map((t, i) => run(t, 55, 168 + i * 14, 10)),
    run('q015 INVOICE 2020-10', 55, 300, 10),
    run('q016 January 8, 2020', 455, 300, 10),
  ];

  it('are read block by block from the top, and it says so', () => {
    const layout = layoutPage(page(), params());
    expect(layout.columnCount).toBe(2);
    expect(labels(layout.segments.map((s) => s.text).join('\n'))).toEqual(seq(1, 16));
    expect(layout.diagnostics.map((d) => d.code)).toContain('block-order');
  });

  it('are not a newsletter’s narrow justified columns with a photo gap in one of them', () => {
    // Three columns of 28-character justified lines (no line of 30 characters), a 120 pt photo in column one.
    let n = 0;
    const runs: Run[] = [];
    for (let c = 0; c < 3; c++) {
      const x = 40 + c * (126 + 14);
      for (let k = 0, y = 80; y < 740; k++, y += 11) {
        if (c === 0 && k === 20) y += 120;
        const last = k % 9 === 8;
        n++;
        runs.push(run(line(`q${String(n).padStart(3, '0')}`, last ? 14 : 28, n), x, y, 9, last ? {} : { x1: x + 126 }));
      }
    }
    const layout = layoutPage(runs, params());
    expect(labels(layout.segments.map((s) => s.text).join('\n'))).toEqual(seq(1, n));
    expect(layout.diagnostics.map((d) => d.code)).not.toContain('block-order');
  });

  it('are not two columns of questions begun level, with room to write between them', () => {
    const runs: Run[] = [];
    let n = 0;
    for (let c = 0; c < 2; c++) {
      for (let q = 0; q < 4; q++) {
        n++;
        runs.push(run(`q${String(n).padStart(3, '0')} Question ${n}: how often?`, 50 + c * 270, 80 + q * 90, 10));
        n++;
        runs.push(run(`q${String(n).padStart(3, '0')} Never, sometimes, often`, 50 + c * 270, 93 + q * 90, 10));
      }
    }
    const layout = layoutPage(runs, params());
    expect(labels(layout.segments.map((s) => s.text).join('\n'))).toEqual(seq(1, 16));
  });

  it('are not what two columns of running text are, though one of them has a blank line in it', () => {
    const left = column(1, 20, 50, 60, { chars: 40 });
    const right = [...column(21, 6, 270, 60, { chars: 40 }), ...column(27, 6, 270, 60 + 12 * 12, { chars: 40 })];
    const layout = layoutPage(rowByRow(left, right), params());
    expect(labels(layout.segments.map((s) => s.text).join('\n'))).toEqual(seq(1, 32));
    expect(layout.diagnostics.map((d) => d.code)).not.toContain('block-order');
  });
});

describe('a story in three columns over a story in four, on one page', () => {
  it('ends the three columns at the headline, though one line of the four-column story leaves their gutter clean', () => {
    // Story 1: three columns of 160 pt (32 chars), gutters 14 pt, a picture over the top of column one. A headline
    // across. Story 2: four columns of 115 pt (23 chars), gutters 15 pt; the tenth and twelfth lines of its third
    // column are paragraphs' short last lines, which leave story 1's second gutter (x 374–388) clean on those rows.
    const s1 = [column(1, 18, 40, 204, { chars: 32 }), column(101, 30, 214, 60, { chars: 32 }), column(201, 30, 388, 60, { chars: 32 })];
    const headline = run('The heading of the second story, set over four columns', 40, 426, 14);
    const y2 = 444;
    const s2 = [
      column(301, 12, 40, y2, { chars: 23 }),
      column(401, 12, 170, y2, { chars: 23 }),
      column(501, 10, 300, y2, { chars: 23 }),
      column(511, 2, 300, y2 + 10 * 12, { chars: 23 }),
      column(601, 12, 430, y2, { chars: 23 }),
    ];
    const text = textOf([...s1.flat(), headline, ...s2.flat()]);
    expect(labels(text)).toEqual([
      ...seq(1, 18),
      ...seq(101, 130),
      ...seq(201, 230),
      ...seq(301, 312),
      ...seq(401, 412),
      ...seq(501, 512),
      ...seq(601, 612),
    ]);
    expect(text.indexOf('The heading of the second story')).toBeGreaterThan(text.indexOf('q230'));
    expect(text.indexOf('The heading of the second story')).toBeLessThan(text.indexOf('q301'));
  });
});

describe('verse in half-lines (a poem’s hemistichs, right to left)', () => {
  // Six lines of a poem: each row's first half on the right, its second half on the left, `gap` between; each half
  // 90 pt wide (9 ems). The labels close each half, so the Arabic sets each line's direction.
  const poem = (gap: number, dir: 'rtl' | 'ltr' = 'rtl') =>
    Array.from({ length: 6 }, (_, k) => {
      const y = 200 + 19 * k;
      const first = `قفا نبك من ذكرى q${String(2 * k + 1).padStart(3, '0')}`;
      const second = `بسقط اللوى بين q${String(2 * k + 2).padStart(3, '0')}`;
      return [run(first, 330 + gap, y, 10, { x1: 330 + gap + 90, dir }), run(second, 240, y, 10, { x1: 330, dir })];
    }).flat();

  it('reads each row whole, first half first, when the gap between the halves is narrow', () => {
    expect(labels(textOf(poem(14)))).toEqual(seq(1, 12));
  });

  it('reads two columns apart, column by column, when the gap is a gutter’s width or the lines run left to right', () => {
    const columnWise = ['q001', 'q003', 'q005', 'q007', 'q009', 'q011'];
    expect(labels(textOf(poem(24))).slice(0, 6)).toEqual(columnWise);
    // Runs marked left to right (the page's order still follows its Arabic words): two columns, not verse.
    expect(labels(textOf(poem(14, 'ltr'))).slice(0, 6)).toEqual(columnWise);
  });

  it('reads two narrow right-to-left columns of prose column by column, whatever their gutter', () => {
    // Two columns of 30 lines, 15 ems wide, a gutter of one em, lines 12 pt apart.
    const prose = (k: number, x: number) =>
      run(`نص الخبر في العمود q${String(k).padStart(3, '0')}`, x, 100 + 12 * ((k - 1) % 30), 10, { x1: x + 150, dir: 'rtl' });
    const runs = Array.from({ length: 30 }, (_, k) => [prose(k + 1, 360), prose(k + 31, 200)]).flat();
    expect(labels(textOf(runs)).slice(0, 3)).toEqual(['q001', 'q002', 'q003']);
  });
});

describe('boxes of code side by side between paragraphs (a listing beside its translation)', () => {
  it('reads each pair box by box, left then right, and the paragraphs between them as text', () => {
    const mono = { mono: true } as const;
    const code = (label: string, x: number, y: number, text: string) => run(`${label} ${text}`, x, y, 9, mono);
    const para = (first: number, y: number) => column(first, 3, 48, y, { chars: 96 });
    const runs = [
      ...para(1, 60),
      // Pair one: a three-line box on the left, a two-line box on the right, on the same baselines.
      code('q004', 57, 110, '\\begin{flushleft}'),
      code('q005', 66, 122, 'left aligned text'),
      code('q006', 57, 134, '\\end{flushleft}'),
      code('q007', 307, 110, '[align=left]'),
      code('q008', 307, 122, 'left aligned text'),
      ...para(9, 170),
      // Pair two.
      code('q012', 57, 220, '\\begin{center}'),
      code('q013', 66, 232, 'centred text'),
      code('q014', 57, 244, '\\end{center}'),
      code('q015', 307, 220, '[align=center]'),
      code('q016', 307, 232, 'centred text'),
      ...para(17, 280),
    ];
    expect(labels(textOf(runs))).toEqual(seq(1, 19));
  });
});

describe('a fixed-pitch face that does not say so', () => {
  it('is found by its pitch: every item advances the same width per character', () => {
    const items = ['\\begin{flushleft}', 'This paragraph is left aligned.', '[align=left]', 'Go look at <<sec:foo>>.'];
    // Fixed pitch: 0.6 of the size per character, whatever the characters.
    expect(
      measuredFixedPitch(
        items.map(() => 0.6),
        items,
      ),
    ).toBe(true);
    // Proportional: the same text, each item's own average width per character.
    expect(measuredFixedPitch([0.52, 0.47, 0.49, 0.5], items)).toBe(false);
    // Too little to go by: two items, or few kinds of characters (leader dots, a CJK full-width face).
    expect(measuredFixedPitch([0.6, 0.6], items.slice(0, 2))).toBe(false);
    expect(measuredFixedPitch([0.6, 0.6, 0.6], ['....', '. . .', '.....'])).toBe(false);
    expect(measuredFixedPitch([1, 1, 1], ['漢字仮名交じり文', '読み順の正しい', '文字の並びです'])).toBe(false);
    // Three justified lines of a proportional face, each about as long, advancing alike per character by chance.
    const justified = [
      '• The passes can be rearranged in a different order and passes can be removed.',
      '• Passes can simply pass-thru the parts of the design they do not change without',
      '• All passes use the same interface, thus reducing the effort required to read',
    ];
    expect(measuredFixedPitch([0.45, 0.451, 0.452], justified)).toBe(false);
  });

  it('is not a text face that pdf.js flags fixed-pitch (a subset): its runs advance unevenly per character', () => {
    // Three bulleted lines of a second instance of the body face, flagged fixed-pitch: 447 pt for 100 characters,
    // 401 pt for 91, a justified 447 pt for 88.
    const lines = [
      run('x'.repeat(100), 95, 100, 10, { x1: 542 }),
      run('x'.repeat(91), 95, 120, 10, { x1: 496 }),
      run('x'.repeat(88), 95, 140, 10, { x1: 542 }),
    ];
    expect(unevenPitch(lines)).toBe(true);
    // A fixed-pitch face: 6 pt a character whatever the line.
    const code = [12, 30, 21].map((n, k) => run('x'.repeat(n), 95, 100 + 12 * k, 10, { x1: 95 + 6 * n }));
    expect(unevenPitch(code)).toBe(false);
  });
});

describe('a label hung beside its text (an admonition)', () => {
  it('reads CAUTION centred on two lines before them, not between them', () => {
    const before = column(1, 3, 48, 60, { chars: 90 });
    // Two lines starting at x 134, and the label at x 60 centred between them.
    const block = [run(line('q004', 78), 134, 112), run(line('q005', 60), 134, 128)];
    const label = run('CAUTION', 60, 120);
    const after = column(6, 3, 48, 160, { chars: 90 });
    const text = textOf([...before, ...block, label, ...after]);
    expect(labels(text)).toEqual(seq(1, 8));
    expect(text).toMatch(/CAUTION\s+q004/);
  });

  it('leaves a short line of a paragraph alone (it sits on a line of its own, one advance down)', () => {
    const lines = [run(line('q001', 90), 48, 60), run('q002 end.', 48, 72), run(line('q003', 90), 48, 84)];
    expect(labels(textOf(lines))).toEqual(seq(1, 3));
  });
});

describe('a page whose text runs sideways as a whole (a landscape spread set turned)', () => {
  it('is read turned upright: columns in order, one after the other', () => {
    // Two columns laid out upright on a 792 x 612 landscape page, then drawn turned a quarter left on a 612 x 792
    // portrait page (the text reads upward): upright (x, y) sits at (y, 792 - x), the box turned with it.
    const upright = [...column(1, 30, 50, 60, { chars: 60 }), ...column(31, 30, 420, 60, { chars: 60 })];
    const sideways = upright.map((r) => ({ ...r, x0: r.y0, x1: r.y1, y0: 792 - r.x1, y1: 792 - r.x0, baseline: 792 - r.x0, angle: -90 }));
    expect(
      turnUpright(
        sideways.slice(0, 3).map((r) => ({ ...r, angle: 0 })),
        612,
        792,
      ),
    ).toBeNull();
    const turned = turnUpright(sideways, 612, 792)!;
    expect(turned.turned).toBe(90);
    expect([turned.width, turned.height]).toEqual([792, 612]);
    const layout = layoutPage(turned.runs, params());
    expect(layout.columnCount).toBe(2);
    expect(labels(layout.segments.map((seg) => seg.text).join('\n'))).toEqual(seq(1, 60));
  });
});

describe('spreads', () => {
  // Two pages side by side on a landscape sheet, 6 pt type: on the left, two columns with a title over them; on the
  // right, two columns 6 pt apart (1 em) on other baselines, with a boxed note across both at the foot.
  const leftTitle = run('q001 Front page title over both columns', 40, 16, 9);
  const left = rowByRow(column(2, 40, 40, 30, { size: 6, chars: 46 }), column(42, 40, 40 + 138 + 12, 30, { size: 6, chars: 46 }));
  const rightCols = rowByRow(column(82, 36, 430, 27, { size: 6, chars: 52 }), column(118, 36, 430 + 156 + 6, 27, { size: 6, chars: 52 }));
  const box = [
    run(line('q154 a boxed note runs across both columns of the second page', 100), 440, 310, 6),
    run(line('q155 and its last line', 60), 440, 318, 6),
  ];
  const sheet = [leftTitle, ...left, ...rightCols, ...box];

  it('lays out each page of a spread on its own, and reads them in turn', () => {
    const layout = layoutPage(sheet, params());
    expect(labels(layout.segments.map((s) => s.text).join('\n'))).toEqual(seq(1, 155));
    expect(layout.diagnostics.map((d) => d.code)).toContain('page-spread');
    expect(layout.bands.length).toBeGreaterThan(2);
    // Bands are numbered on through the second page.
    expect(new Set(layout.segments.map((s) => s.band)).size).toBe(layout.bands.length);
  });

  it('reads right to left spreads from the right page', () => {
    const layout = layoutPage(sheet, params({ direction: 'rtl' }));
    const order = labels(layout.segments.map((s) => s.text).join('\n'));
    expect(order.indexOf('q082')).toBeLessThan(order.indexOf('q001'));
  });

  it('leaves a portrait two-column page with a wide gutter alone', () => {
    const page = rowByRow(column(1, 60, 40, 40, { size: 9, chars: 50 }), column(61, 60, 40 + 225 + 40, 40, { size: 9, chars: 50 }));
    const layout = layoutPage(page, params());
    expect(layout.diagnostics.map((d) => d.code)).not.toContain('page-spread');
    expect(labels(layout.segments.map((s) => s.text).join('\n'))).toEqual(seq(1, 120));
  });
});

describe('headings beside their sections', () => {
  // A manual's sections: the number, date and title of each stacked in a narrow column on the left, level with the
  // first line of its paragraphs in the wide column on the right; the paragraphs' lines have nothing beside them.
  function sections(drawn: 'rows' | 'columns'): Run[] {
    const left: Run[] = [];
    const right: Run[] = [];
    let n = 1;
    let y = 60;
    const label = () => `q${String(n++).padStart(3, '0')}`;
    for (let s = 0; s < 4; s++) {
      for (let k = 0; k < 3; k++) left.push(run(`${label()} ${['2.3.1', '(12-2022)', 'Scope'][k]}`, 50, y + k * 12));
      const lines = 3 + (s % 3);
      for (let k = 0; k < lines; k++) right.push(run(line(label(), k === lines - 1 ? 40 : 76, n), 170, y + k * 12));
      y += Math.max(3, lines) * 12 + 14;
    }
    return drawn === 'rows' ? [...left, ...right].sort((a, b) => a.baseline - b.baseline || a.x0 - b.x0) : [...right, ...left];
  }

  it('reads each heading, then its paragraphs, section by section', () => {
    for (const drawn of ['rows', 'columns'] as const) {
      const text = textOf(sections(drawn));
      expect(labels(text), drawn).toEqual(seq(1, labels(text).length));
      expect(labels(text).length).toBe(sections(drawn).length);
    }
  });
});

describe('sidebars', () => {
  it("reads a narrow margin column of short entries beside the text as a column, not as a table's cells", () => {
    // An article's margin: subject areas and dates in a narrow column on the left, placed without regard to the
    // paragraphs of the wide text column on the right (10 pt, 80-character lines).
    const text = column(20, 36, 150, 60, { chars: 80 });
    const side: Run[] = [];
    const entries = [
      'SUBJECT AREAS:',
      'QUANTUM',
      'INFORMATION',
      'QUBITS',
      'Received',
      '3 November',
      'Accepted',
      '23 January',
      'Published',
      '25 February',
    ];
    entries.forEach((t, i) => side.push(run(`q${String(1 + i).padStart(3, '0')} ${t}`, 40, 66 + i * 17, 8)));
    const layout = layoutPage(
      [...side, ...text].sort((a, b) => a.baseline - b.baseline),
      params(),
    );
    expect(layout.segments.filter((s) => s.kind === 'table')).toEqual([]);
    const order = labels(layout.segments.map((s) => s.text).join('\n'));
    // Each column whole: the margin entries in their order, the text's lines in theirs, one not spliced into the other.
    expect(order.filter((l) => l < 'q020')).toEqual(seq(1, 10));
    expect(order.filter((l) => l >= 'q020')).toEqual(seq(20, 55));
    const firstText = order.indexOf('q020');
    const lastText = order.indexOf('q055');
    expect(order.slice(firstText, lastText + 1).every((l) => l >= 'q020')).toBe(true);
  });
});

describe('panels side by side', () => {
  it("reads an article's keyword list beside its abstract panel by panel, not row by row", () => {
    // Elsevier's article-info band: a narrow list of keywords on the left, one per line, beside the abstract's
    // paragraphs on the right, whose lines run on while the list goes on beside them (8 pt).
    const s = 8;
    const list = ['q001 Keywords:', 'q002 quadrupole exciton', 'q003 polariton', 'q004 wgm', 'q005 bec'].map((t, i) => run(t, 40, 144 + i * 9.5, s));
    const abstract = [
      run('q006 This template helps you to create a properly formatted manuscript.', 180, 144, s, { x1: 436 }),
      run(line('q007 The abstract environment and the keyword environment', 80, 3), 180, 153.5, s, { x1: 500 }),
      run('q008 contain the abstract and the keywords.', 180, 163, s, { x1: 276 }),
      run('q009 Each keyword shall be separated by a command.', 180, 172.5, s, { x1: 368 }),
    ];
    const below = column(10, 6, 40, 200, { size: 10, chars: 90 });
    const layout = layoutPage(
      [...list, ...abstract, ...below].sort((a, b) => a.baseline - b.baseline || a.x0 - b.x0),
      params(),
    );
    expect(labels(layout.segments.map((sg) => sg.text).join('\n'))).toEqual(seq(1, 15));
  });
});

describe('a listing in larger type beside a diagram’s labels (a slide)', () => {
  // A diagram's boxes labelled in 9 and 12 pt type, read as a table's rows, and 50 pt to their right a YAML listing
  // in 16 pt, seven lines of which two stand level with a label: the listing is no column of the labels' table.
  const at = (text: string, x0: number, x1: number, baseline: number, size: number) => run(text, x0, baseline, size, { x1 });
  const diagram = [
    at('Big data', 58.9, 88.4, 109.9, 9),
    at('AI', 144.2, 151.7, 109.9, 9),
    at('Microservice', 198.3, 245.5, 109.9, 9),
    at('Volcano Scheduler', 101.1, 193.1, 173.8, 12),
    at('Volcano vGPU Device Plugin', 302.8, 442.7, 173.8, 12),
    at('HAMi-Core', 565.7, 620.8, 235.9, 12),
    at('Mount Nvidia', 347.7, 397.9, 244.1, 9),
    at('East', 68.3, 83.4, 245.8, 9),
    at('InContainer Resource Control', 519.9, 666.4, 250.8, 12),
    at('Sharable Device API', 159.4, 232.0, 251.0, 9),
    at('Device', 360.5, 385.0, 255.1, 9),
    at('K8s cluster', 56.2, 95.5, 256.6, 9),
    at('Other', 65.1, 86.5, 308.2, 9),
    at('Nvidia GPU', 178.4, 219.5, 313.2, 9),
    at('Mount HAMi-Core', 338.9, 406.5, 313.2, 9),
    at('devices', 62.2, 89.5, 319.2, 9),
  ];
  const listing = (size: number) => [
    at('resources:', 721.0, 795.7, 178.1, size),
    at('limits:', 734.5, 775.4, 197.0, size),
    at('volcano.sh/vgpu-number: 2 #', 742.8, 958.6, 215.0, size),
    at('requesting 2 vGPUs', 716.5, 858.6, 235.0, size),
    at('volcano.sh/vgpu-memory:', 742.8, 934.9, 254.2, size),
    at('10240', 716.5, 760.9, 273.1, size),
    at('volcano.sh/vgpu-cores: 30', 742.8, 935.0, 292.1, size),
  ];
  const read = (runs: Run[]) => layoutPage(runs, params());

  it('reads the listing whole, after the labels, and says so', () => {
    const layout = read([...diagram, ...listing(16)]);
    const text = layout.segments.map((sg) => sg.text).join('\n');
    expect(text.replace(/\s+/g, ' ')).toContain(
      'resources: limits: volcano.sh/vgpu-number: 2 # requesting 2 vGPUs volcano.sh/vgpu-memory: 10240 volcano.sh/vgpu-cores: 30',
    );
    expect(text.indexOf('devices')).toBeLessThan(text.indexOf('resources:'));
    expect(layout.diagnostics.some((d) => d.code === 'larger-panel')).toBe(true);
  });

  it('keeps a last column in type near the labels’ (14 pt beside 12) a table’s column', () => {
    const layout = read([...diagram, ...listing(14)]);
    expect(layout.diagnostics.some((d) => d.code === 'larger-panel')).toBe(false);
    expect(layout.segments.some((sg) => sg.kind === 'table' && sg.text.includes('requesting 2 vGPUs'))).toBe(true);
  });
});

describe('callouts floated beside a listing, drawn after it', () => {
  // A listing's lines in two segments (a long line of it read across the page parts them), a callout read between
  // them where it stands; the content stream draws the listing's lines one after the other, then the callout.
  const at = (text: string, x: number, baseline: number, stream: number) => makeLine([run(text, x, baseline, 11, { stream })], baseline);
  const listing = (from: number, first: number, n: number) =>
    segment(
      'column',
      1,
      0,
      0,
      Array.from({ length: n }, (_, k) => at(`key${first + k}: value`, 72, 140 + 13 * (first + k), from + k)),
    );
  const callout = (stream: number, lines = 1) =>
    segment(
      'column',
      1,
      0,
      1,
      Array.from({ length: lines }, (_, k) => at(`${k + 1}. select the top cluster`, 400, 160 + 13 * k, stream + k)),
    );
  const texts = (segs: Segment[]) => segs.map((sg) => sg.lines[0].text);

  it('reads the callout after the listing’s second part, and says so', () => {
    const segs = [listing(0, 0, 4), callout(20), listing(4, 4, 5)];
    expect(readDrawnAfter(segs, 1)?.code).toBe('drawn-after');
    expect(texts(segs)).toEqual(['key0: value', 'key4: value', '1. select the top cluster']);
  });

  it('leaves a block drawn between the two parts where it stands, and a column of text (more than four lines)', () => {
    const between = [listing(0, 0, 4), callout(4), listing(5, 4, 5)];
    expect(readDrawnAfter(between, 1)).toBeNull();
    expect(texts(between)).toEqual(['key0: value', '1. select the top cluster', 'key4: value']);
    const long = [listing(0, 0, 4), callout(20, 5), listing(4, 4, 5)];
    expect(readDrawnAfter(long, 1)).toBeNull();
  });

  it('leaves a figure’s caption and a list’s item where they stand, though drawn after the text', () => {
    const block = (text: string) => segment('column', 1, 0, 1, [at(text, 400, 160, 20)]);
    for (const text of ['Figure 1. Magnetization as a', '● perspective']) {
      const segs = [listing(0, 0, 4), block(text), listing(4, 4, 5)];
      expect(readDrawnAfter(segs, 1)).toBeNull();
    }
  });

  it('leaves a label left of the flow where it stands (a boxed label before its description)', () => {
    const label = segment('column', 1, 0, 0, [at('A1:2017- Injection', 20, 160, 20)]);
    const segs = [listing(0, 0, 4), label, listing(4, 4, 5)];
    expect(readDrawnAfter(segs, 1)).toBeNull();
  });
});

describe('two columns of prose and code on baselines of their own', () => {
  it('are columns, not a table, though one row is shared and the code is terse', () => {
    // Left: prose at 12.5 pt advance; right: a listing at 11.5 pt, two words a line, its first line level with the prose.
    const runs: Run[] = [];
    for (let i = 0; i < 24; i++) runs.push(run(line(`L${i}`, 48, i), 43, 100 + i * 12.5, 10));
    for (let i = 0; i < 26; i++) runs.push(run(`${i + 1} \\renewcommand{\\macro${i}}{x}`, 312, 100 + i * 11.5, 9, { font: 'CMTT9', mono: true }));
    const layout = layoutPage(runs, layoutParams());
    const text = layout.segments.map((s) => s.text).join('\n');
    expect(layout.segments.some((s) => s.kind === 'table')).toBe(false);
    expect(text.indexOf('L23')).toBeLessThan(text.indexOf('\\macro0}'));
  });
});

describe('two columns offset by half a line under a full-width abstract', () => {
  it('are read column by column: the gutter is the valley among the column lines, which no row shares', () => {
    // A 24-line abstract across the page (x 85 to 525), then two columns 12.5 pt led, the right one 6.25 pt lower.
    const runs: Run[] = [
      ...column(1, 24, 85, 60, { chars: 88 }),
      ...column(101, 20, 51, 362, { chars: 48, advance: 12.5 }),
      ...column(201, 20, 321, 368.25, { chars: 48, advance: 12.5 }),
    ];
    const order = [...textOf(runs).matchAll(/q\d{3}/g)].map((m) => m[0]);
    expect(order).toEqual([...seq(1, 24), ...seq(101, 120), ...seq(201, 220)]);
    // The gutter is a candidate of its own: the abstract covers it in as many rows as the columns leave it clean.
    const rows = buildRows(runs).map((row) => ({ row, ink: inkIntervals(row.runs, 7) }));
    expect(findCandidates(rows, 7).some((c) => c.gutter[0] >= 290 && c.gutter[1] <= 322)).toBe(true);
  });
});

describe('step numbers set large beside the first two lines of each step, in the right column of two', () => {
  // Ingredients on the left (9 pt at x 35), steps on the right: each step's first two lines start at 225 beside its
  // number (20 pt, at 200), centred between them, and its later lines come back to 204. Baselines of the two columns
  // fall apart, so the numbers share rows with the left column's lines.
  const runs: Run[] = [];
  for (let i = 0; i < 24; i++) runs.push(run(line(`q${String(1 + i).padStart(3, '0')}`, 30, i), 35, 100 + i * 13.5, 9));
  let y = 104;
  for (let s = 0; s < 4; s++) {
    const first = 101 + s * 10;
    runs.push(run(`${s + 1}.`, 200, y + 6.5, 20));
    for (let k = 0; k < 4; k++) runs.push(run(line(`q${first + k}`, k < 2 ? 30 : 34, k), k < 2 ? 225 : 204, y + k * 13, 9));
    y += 4 * 13 + 10;
  }
  const text = textOf(runs);

  it('each opens its step, read with the step’s first line', () => {
    for (let s = 0; s < 4; s++) expect(text).toContain(`${s + 1}. q${101 + s * 10}`);
    expect(labels(text)).toEqual([...seq(1, 24), ...[101, 111, 121, 131].flatMap((f) => seq(f, f + 3))]);
  });
});

describe('three ragged columns over a table whose gap lines up with the short lines of the second column', () => {
  // A notice in three ragged-right 9 pt columns (baselines a third of a line apart from column to column), then a
  // table below whose code column ends at 376 and whose description starts at 384: the gap between them falls in the
  // blank the second column's shorter lines leave, and its longer lines (to 389) run into it, stopping short of the
  // third column's own gutter (389 to 399).
  const runs: Run[] = [];
  let q = 1;
  const label = () => `q${String(q++).padStart(3, '0')}`;
  const widths = [37, 33, 35, 30, 34, 36, 32, 31, 37, 29];
  for (const [c, x, offset] of [
    [0, 45, 0],
    [1, 222, 3.3],
    [2, 399, 6.6],
  ] as const)
    for (let i = 0; i < 36; i++)
      runs.push(run(line(label(), widths[(i + c * 3) % widths.length] - (c === 1 ? 0 : 1), i), x, 70 + offset + i * 10, 9));
  for (let i = 0; i < 18; i++) {
    const y = 470 + i * 10;
    runs.push(
      run(`${label()} .........`, 45, y, 9),
      run(line(`d${i}`, 50, i), 96, y, 9),
      run('323111', 349, y, 9),
      run(line(`e${i}`, 38, i + 3), 384, y, 9),
    );
  }

  it('are read column by column: the lines running into the table’s gap count against it, for the gutter past them', () => {
    expect(labels(textOf(runs)).slice(0, 108)).toEqual(seq(1, 108));
  });

  it('the column’s own gutter is tried before the table’s gap', () => {
    const rows = buildRows(runs).map((row) => ({ row, ink: inkIntervals(row.runs, 6.3) }));
    const order = findCandidates(rows, 6.3).map((c) => c.gutter[0]);
    expect(order.findIndex((x) => x >= 388 && x <= 390)).toBeLessThan(order.findIndex((x) => x >= 375 && x <= 377));
  });
});

describe('sideways text far apart along its lines', () => {
  it('is read in separate blocks, not line by line across them (a report cover’s spine)', () => {
    // Reading up the page: the agency's name in two lines at the foot, the series number alone at the top, its
    // line between the other two.
    const up = (text: string, x0: number, x1: number, y0: number, y1: number, size: number) =>
      run(text, x0, y1, size, { angle: -90, x0, x1, y0, y1 });
    const blocks = layoutRotated([
      up('Engineer Research and', 54.8, 72.9, 520, 734, 21.9),
      up('ERDC/CRREL SR-05-78', 68.9, 83.6, 80, 263, 17.9),
      up('Development Center', 79.7, 97.8, 550, 734, 21.9),
    ]).map((lines) => lines.map((l) => l.text));
    expect(blocks).toContainEqual(['Engineer Research and', 'Development Center']);
    expect(blocks).toContainEqual(['ERDC/CRREL SR-05-78']);
  });
});

describe('centred blocks side by side', () => {
  // A slide's two icons, each with a centred three-line label and a centred two- or three-line caption under it: the
  // labels' lines share baselines across the gap, like a terse table's rows.
  const centred = (text: string, middle: number, baseline: number, size: number) =>
    run(text, middle - (text.length * 0.5 * size) / 2, baseline, size);
  const blocks = (): Run[] => [
    run('q001 Denominator paths for the season', 60, 80, 24),
    centred('q002 Eligible', 200, 250, 18),
    centred('q007 Specialty', 470, 250, 18),
    centred('q003 Applicability', 200, 271, 18),
    centred('q008 Denominator', 470, 271, 18),
    centred('q004 Process', 200, 293, 18),
    centred('q009 Reduction', 470, 293, 18),
    centred('q005 Looks at', 200, 380, 14),
    centred('q010 Applies', 470, 380, 14),
    centred('q006 related to a topic', 200, 397, 14),
    centred('q011 measure sets with fewer', 470, 397, 14),
    centred('q012 than six', 470, 414, 14),
  ];

  it('reads each column of centred blocks whole instead of row by row', () => {
    const layout = layoutPage(blocks(), params());
    expect(layout.segments.filter((s) => s.kind === 'table')).toEqual([]);
    expect(labels(layout.segments.map((s) => s.text).join('\n'))).toEqual(seq(1, 12));
  });

  it('keeps a terse table with left-set cells a table, row by row', () => {
    const rows = ['q002 Harbour', 'q003 Breakwater', 'q004 Survey', 'q005 Engineer', 'q006 Drawing'];
    const runs: Run[] = [run('q001 Works of the season by place', 60, 80, 12)];
    rows.forEach((t, i) => {
      runs.push(run(t, 100, 250 + i * 14, 10));
      runs.push(run(`${1204 + i * 37} ft`, 400, 250 + i * 14, 10));
    });
    const layout = layoutPage(runs, params());
    expect(layout.segments.some((s) => s.kind === 'table')).toBe(true);
    expect(layout.segments.map((s) => s.text).join('\n')).toContain('q002 Harbour');
    expect(labels(layout.segments.map((s) => s.text).join('\n'))).toEqual(seq(1, 6));
  });
});

describe('a display formula over several rows', () => {
  // A derivation set between two paragraphs: integrals with their limits, a fraction, big brackets. Its pieces leave
  // gaps that line up from row to row, as a table's columns do.
  const formula = (relation: string) => [
    run('∫ ∞', 120, 200, 10),
    run('∫ ∞', 180, 200, 10),
    run('(z1)2 − (z1 − c)2', 260, 200, 10),
    run('2', 400, 200, 10),
    run(`${relation} 1`, 100, 212, 10),
    run('· · · exp', 180, 212, 10),
    run('− 1', 330, 212, 10),
    run('dz1 dz2 · · · dzn, (21)', 420, 212, 10),
    run('(2π)n/2', 110, 224, 10),
    run('2σ2', 290, 224, 10),
    run('2', 400, 224, 10),
    run('−∞', 120, 236, 10),
    run('−∞', 180, 236, 10),
  ];
  const page = (relation: string) => [...column(1, 10, 72, 60, { chars: 90 }), ...formula(relation), ...column(11, 10, 72, 260, { chars: 90 })];

  it('is read as text (for the formula pass), not as a table', () => {
    const layout = layoutPage(page('='), params());
    expect(layout.segments.filter((s) => s.kind === 'table')).toEqual([]);
    expect(labels(layout.segments.map((s) => s.text).join('\n'))).toEqual(seq(1, 20));
  });

  it('without a relation, a grid of such pieces is a table still', () => {
    expect(layoutPage(page('+'), params()).segments.some((s) => s.kind === 'table')).toBe(true);
  });
});

describe('a justified line whose sentence space falls in the gutter of a list below', () => {
  it('stays with its paragraph: the zone of the list starts under the paragraph', () => {
    // "…without any / args.  Once started it reads …" over options whose descriptions are indented to the space.
    const runs = [
      run(line('q001 Normally the program is used interactively by running it without any', 86), 90, 100, 10, { x1: 522 }),
      run('q002 args.', 90, 113, 10, { x1: 130 }),
      run(line('q003 Once started it reads commands from the terminal until you tell it to', 76), 140, 113, 10, { x1: 522 }),
      run('q004 exit.', 90, 126, 10, { x1: 128 }),
    ];
    let y = 150;
    for (let k = 0; k < 8; k++) {
      runs.push(run(`q${String(5 + 2 * k).padStart(3, '0')} -x`, 90, y, 10, { x1: 128 }));
      runs.push(run(line(`q${String(6 + 2 * k).padStart(3, '0')} Echo the commands as they are executed by the works`, 74), 148, y, 10, { x1: 522 }));
      runs.push(run(line('continued description of the option for the harbour', 74), 148, y + 13, 10, { x1: 522 }));
      y += 31;
    }
    expect(labels(textOf(runs))).toEqual(seq(1, 20));
  });
});

describe('a line mixing right-to-left and left-to-right text', () => {
  const he = (text: string, x0: number, x1: number) => run(text, x0, 100, 10, { x1, dir: 'rtl' });
  const en = (text: string, x0: number, x1: number) => run(text, x0, 100, 10, { x1 });

  it('reads right to left when it opens at its right end in Hebrew, though English has a few more letters', () => {
    // "מתמשך (Continuous Integration) ובדיקות בלתי-נלאות (relentless testing). שיטות" set right to left.
    const runs = [
      he('שיטות', 60, 90),
      en('(relentless testing).', 95, 190),
      he('ובדיקות בלתי-נלאות', 195, 290),
      en('(Continuous Integration)', 295, 420),
      he('מתמשך', 425, 470),
    ];
    expect(runsDirection(runs)).toBe('rtl');
    expect(makeLine(runs, 100).text.startsWith('מתמשך')).toBe(true);
  });

  it('reads left to right when it opens at its left end in English, though Hebrew has a few more letters', () => {
    const runs = [en('The term', 60, 110), he('ובדיקות בלתי-נלאות מתמשך', 115, 260), en('means testing', 265, 340)];
    expect(runsDirection(runs)).toBe('ltr');
  });

  it('takes its ends past a bullet: a Hebrew list item opening with "•" at the right and ending in English names at the left reads from the right', () => {
    // "• שפת JavaScript היא כעת השפה העיקרית … וספריות מודרניות כמו Bootstrap, Electron," (OWASP Top 10 2017, Hebrew).
    const runs = [
      en('Bootstrap,', 36, 78),
      en('Electron,', 80, 116),
      he('וספריות מודרניות כמו', 120, 198),
      en('Node.JS', 264, 298),
      he('היא כעת השפה העיקרית של האינטרנט', 316, 456),
      en('JavaScript', 458, 500),
      he('שפת', 503, 519),
      run('•', 530, 100, 10, { x1: 533 }),
    ];
    expect(runsDirection(runs)).toBe('rtl');
    expect(makeLine(runs, 100).text.startsWith('• שפת JavaScript')).toBe(true);
  });

  it('reads right to left when both its ends are Persian in right-to-left text, though its English title has most letters', () => {
    // "به OWASP API Security Top 10 – 2019 خوش آمدید!", a Persian heading (OWASP API Security 2019, Persian).
    const runs = [he('خوش آمدید!', 259, 321), en('OWASP API Security Top 10 – 2019', 324, 512), he('به', 515, 525)];
    expect(runsDirection(runs)).toBe('ltr');
    expect(runsDirection(runs, 'rtl')).toBe('rtl');
    expect(makeLine(runs, 100, { tie: 'rtl' }).text).toBe('به OWASP API Security Top 10 – 2019 خوش آمدید!');
    // Ends in English around Persian words in left-to-right text keep the line left to right.
    const en2 = [en('The term', 60, 110), he('خوش آمدید به اولین ویراست ده آسیب پذیری', 115, 330), en('is used', 335, 370)];
    expect(runsDirection(en2, 'ltr')).toBe('ltr');
  });

  it('ends an English phrase with the number the content stream draws after it, though it stands at the phrase’s right', () => {
    // "ברוכים הבאים ל- OWASP Top 10 2010! עדכון חשוב" (OWASP Top 10 2010, Hebrew), runs made in the file's order.
    const made = [
      he('ברוכים הבאים ל', 471, 532),
      run('-', 465, 100, 10, { x1: 468 }),
      en('OWASP Top', 379, 427),
      en('10 2010', 430, 462),
      run('!', 376, 100, 10, { x1: 378 }),
      he('עדכון חשוב זה מציג', 200, 373),
    ];
    expect(makeLine(made, 100, { tie: 'rtl' }).text).toContain('OWASP Top 10 2010');
    // A number drawn before the phrase ("שנת 2010 Windows") stays where right-to-left order puts it.
    const before = [he('שנת', 400, 430), en('2010', 370, 395), en('Windows', 320, 365), he('הותקנה', 250, 315)];
    expect(makeLine(before, 100, { tie: 'rtl' }).text).toBe('שנת 2010 Windows הותקנה');
  });

  it('takes the direction of the lines around it when its ends disagree, in a page of mostly left-to-right text', () => {
    // "تحتاج هذه الحزمة إلى تواجد الحزم التالية: hyperref, bookmark, xcolor, atveryend, ifthen," (arabi-add's manual):
    // the Arabic at its right end, the package names at its left, about as many letters each; an English paragraph,
    // longer, under the Arabic one.
    const ar = (text: string, x0: number, x1: number, y: number) => run(text, x0, y, 10, { x1, dir: 'rtl' });
    const en = (text: string, x0: number, x1: number, y: number) => run(text, x0, y, 10, { x1 });
    const arabic = [
      ar('يمكن هذا الإصدار الأول من الحزمة من الإستفادة من بعض الإمكانيات التي تتيحانها', 120, 520, 100),
      [en('hyperref, bookmark, xcolor, atveryend, ifthen,', 120, 330, 113), ar('تحتاج هذه الحزمة إلى تواجد الحزم التالية:', 335, 520, 113)],
    ].flat();
    const english = Array.from({ length: 6 }, (_, i) =>
      en(`This first version of the package lets a table of contents take advantage of bookmarks ${i}`, 72, 520, 160 + 13 * i),
    );
    const text = layoutPage([...arabic, ...english], layoutParams())
      .segments.map((s) => s.text)
      .join('\n');
    expect(text).toContain('تحتاج هذه الحزمة إلى تواجد الحزم التالية: hyperref');
    // Alone, with nothing around it, the line goes by its letters' majority, left to right.
    expect(makeLine(arabic.slice(1), 113).text.startsWith('hyperref')).toBe(true);
    // The paragraph's first line, the Arabic under it, settles it too.
    const at = (r: Run, baseline: number): Run => ({ ...r, baseline, y0: baseline - 0.8 * r.size, y1: baseline + 0.2 * r.size });
    const first = [...arabic.slice(1).map((r) => at(r, 87)), arabic[0]];
    const top = layoutPage([...first, ...english], layoutParams())
      .segments.map((s) => s.text)
      .join('\n');
    expect(top).toContain('تحتاج هذه الحزمة إلى تواجد الحزم التالية: hyperref');
    // Lines of English around it settle nothing: it goes by its letters' majority.
    const amid = layoutPage([...english, ...arabic.slice(1).map((r) => at(r, 160 + 13 * 6))], layoutParams())
      .segments.map((s) => s.text)
      .join('\n');
    expect(amid).toContain('hyperref, bookmark, xcolor, atveryend, ifthen, تحتاج');
  });

  it('takes the majority when no run has a letter, only right-to-left marks (a font table’s vowel signs on dotted circles)', () => {
    // Before, finding the ends among no runs with a letter failed the page ("Reduce of empty array").
    const runs = [run('◌ِّ', 60, 100, 10, { x1: 70 }), run('◌ٌ', 80, 100, 10, { x1: 90 })];
    expect(() => runsDirection(runs)).not.toThrow();
    expect(makeLine(runs, 100).text).toContain('◌ٌ');
  });
});

describe('a caption over a spanning table or figure', () => {
  it('is read with it, after the columns above, though it stands in the first column', () => {
    const left = column(1, 20, 50, 60, { size: 10, chars: 44 });
    const right = column(21, 20, 300, 60, { size: 10, chars: 44 });
    const caption = run('Table 1. Overview q041 of the procedures', 50, 60 + 20 * 12 + 8, 9);
    // Full-width lines under it, each running across the gutter.
    const wide = Array.from({ length: 4 }, (_, i) =>
      run(line(`q${String(42 + i).padStart(3, '0')}`, 92, 42 + i), 50, 60 + 20 * 12 + 24 + i * 12, 10),
    );
    const top = 60 + 20 * 12 + 24 + 4 * 12 + 16;
    const below = [...column(46, 15, 50, top, { size: 10, chars: 44 }), ...column(61, 15, 300, top, { size: 10, chars: 44 })];
    const text = textOf([...rowByRow(left, right), caption, ...wide, ...below]);
    expect(labels(text)).toEqual(seq(1, 75));
    // Not a caption: an ordinary last line of the first column stays there.
    const plain = run('and so the q041 column ends here', 50, 60 + 20 * 12, 10);
    const other = textOf([...rowByRow(left, right.slice(0, 19)), plain, ...wide, ...below]);
    expect(labels(other).indexOf('q041')).toBeLessThan(labels(other).indexOf('q021'));
  });
});

describe('keys and their values (a reference card)', () => {
  it('reads each description with the command set in a fixed-pitch face beside it, column by column', () => {
    const card = (x: number, first: number) =>
      Array.from({ length: 14 }, (_, i) => {
        const n = first + i;
        const key = run(`q${String(n).padStart(3, '0')} describe ${i % 2 ? 'function' : 'topic'}`, x, 80 + i * 9.5, 8);
        const value = run(`?cmd${n}`, x + 167, 80 + i * 9.5, 8, { mono: true, font: 'CMTT8' });
        return [key, value];
      });
    const runs = [...card(18, 1), ...card(295, 15), ...card(572, 29)].flat();
    const layout = layoutPage(runs, params());
    const text = layout.segments.map((s) => s.text).join('\n');
    expect(labels(text)).toEqual(seq(1, 42));
    expect(text).toContain('q001 describe topic ?cmd1');
    // Values in the keys' own face: columns of short lines side by side, each read down (a slide's two lists).
    const plain = runs.map((r) => ({ ...r, mono: false, font: 'Helvetica' }));
    expect(textOf(plain)).not.toContain('q001 describe topic ?cmd1');
  });

  it('reads each command set in a fixed-pitch face with what it does beside it (an Octave card: commands first)', () => {
    const card = (x: number, first: number) =>
      Array.from({ length: 14 }, (_, i) => {
        const n = first + i;
        const key = run(`cmd${n}${i % 2 ? ' file' : ''}`, x, 80 + i * 9.5, 8, { mono: true, font: 'CMTT8' });
        const value = run(`q${String(n).padStart(3, '0')} run the ${i % 2 ? 'commands in file' : 'session'}`, x + 75, 80 + i * 9.5, 8);
        return [key, value];
      });
    const runs = [...card(18, 1), ...card(295, 15), ...card(572, 29)].flat();
    const text = layoutPage(runs, params())
      .segments.map((s) => s.text)
      .join('\n');
    expect(text).toContain('cmd1 q001 run the session');
    expect(text).toContain('cmd2 file q002 run the commands in file');
    // Both sides in one face: columns of short lines side by side, each read down.
    const plain = runs.map((r) => ({ ...r, mono: false, font: 'Helvetica' }));
    expect(textOf(plain)).not.toContain('cmd1 q001 run the session');
  });
});

describe('field labels beside their values', () => {
  it("reads a panel's labels with their values, not as a column beside the text column (a leaflet's contact panel)", () => {
    // A column of prose on the left; on the right, labels ending in a colon set flush left, their values in line a
    // little further right, level with the prose's lines. The gap after the longest label is as clean as a gutter.
    const fields = ['Website:', 'Online Chat:', 'Phone:', 'E‐Mail:', 'Meeting:'];
    const runs: Run[] = [...column(1, 12, 20, 100, { chars: 48 })];
    fields.forEach((f, i) => {
      runs.push(run(f, 300, 112 + i * 12, 10));
      runs.push(run(`q${101 + i} value ${i}`, 372, 112 + i * 12, 10));
    });
    runs.sort((a, b) => a.baseline - b.baseline || a.x0 - b.x0);
    const text = textOf(runs);
    expect(labels(text)).toEqual([...seq(1, 12), ...seq(101, 105)]);
    expect(text).toContain('Online Chat: q102 value 1');
  });

  it("reads a title page's labels with their values when they stand alone in their rows (a thesis's author block)", () => {
    // Two long lines over three rows of "Label:" and its value further right, a line under them: the gap after the
    // longest label is the rows' only clean gap, and the first gutter tried.
    const runs: Run[] = [
      run('q001 Supervisor: Prof. Dr. A. Person, Institute of History, University of Elsewhere', 43, 667, 12),
      run('q002 Second reader: Prof. Dr. B. Person, Institute of History, University of Elsewhere', 43, 681, 12),
      run('Author:', 43, 708, 12),
      run('q003 C. Person, B.A.', 151, 708, 12),
      run('Programme:', 43, 722, 12),
      run('q004 Master of Arts, History, with a major in digital history', 151, 722, 12),
      run('Student number:', 43, 736, 12),
      run('q005 552328', 151, 736, 12),
      run('q006 Place and date: Elsewhere, 20 September 2020', 43, 791, 12),
    ];
    const text = textOf(runs);
    expect(labels(text)).toEqual(seq(1, 6));
    expect(text).toContain('Programme: q004 Master of Arts');
  });
});

describe('tables whose cells hold paragraphs', () => {
  it('reads a glossary’s description whose ragged first line turned before a long word in lower case with its term', () => {
    // NIST SP 800-190's glossary: terms in a narrow column, descriptions set ragged beside them, a head set flush right
    // over the page. "… to run many kinds of" stops short of the column's edge, but "applications," would not have
    // fitted after it: the description goes on, and the term turned onto two lines with it.
    const at = (text: string, x0: number, x1: number, baseline: number): Run => ({ ...run(text, x0, baseline, 12), x1 });
    const runs: Run[] = [
      { ...run('NIST SP 800-190', 72, 45.4, 10), x1: 149.3 },
      { ...run('APPLICATION CONTAINER SECURITY GUIDE', 361.9, 45.4, 10), x1: 540 },
      at('Application', 77, 134, 119),
      at('virtualization', 77, 141, 133),
      at('A form of virtualization that exposes a single shared operating system', 177, 513, 119),
      at('kernel to multiple discrete application instances, each of which is kept', 177, 514, 133),
      at('isolated from all others on the host.', 177, 347, 146),
      at('Base layer', 77, 128, 172),
      at('The underlying layer of an image upon which all other components are', 177, 518, 172),
      at('added.', 177, 209, 186),
      at('Container runtime', 77, 165, 265),
      at('The environment for each container; comprised of binaries coordinating', 177, 523, 265),
      at('multiple operating system components that isolate resources and resource', 177, 531, 279),
      at('usage for running containers.', 177, 317, 293),
      at('General-purpose', 77, 152, 412),
      at('A host operating system that can be used to run many kinds of', 177, 477, 412),
      at('operating system', 77, 157, 425),
      at('applications, not just applications in containers.', 177, 406, 425),
      at('Image', 77, 107, 491),
      at('A package that contains all the files required to run a container.', 177, 482, 491),
      // Two entries set solid, the second's description opening in lower case with a long word: its term is a
      // short one of its own beside it, with room to spare on the line above, so it starts the next entry.
      at('Cache', 77, 104, 520),
      at('A small fast memory holding copies of the data most often used', 177, 470, 520),
      at('Cookie', 77, 110, 533),
      at('characteristically stored by a browser for each site.', 177, 415, 533),
    ].sort((a, b) => a.baseline - b.baseline || a.x0 - b.x0);
    const text = textOf(runs).replace(/\s+/g, ' ');
    expect(text).toContain('General-purpose operating system');
    expect(text).toContain('many kinds of applications, not just applications in containers.');
    expect(text).toContain('most often used Cookie characteristically');
  });

  it('reads a row of five cells of prose cell by cell, under a header row of short labels', () => {
    // Five 80 pt cells 8 pt apart, each a paragraph of six 16-character lines (justified: every line but the last
    // fills the cell), a line's advance apart; a header of one- or two-word labels a blank line above them.
    const runs: Run[] = [];
    const heads = ['agent', 'vector', 'weakness', 'impact', 'business'];
    heads.forEach((h, j) => runs.push(run(h, 20 + j * 88, 100, 10)));
    let label = 1;
    const cells: number[][] = [];
    for (let j = 0; j < 5; j++) {
      const own: number[] = [];
      for (let i = 0; i < 6; i++) {
        own.push(label);
        const text = line(`q${String(label++).padStart(3, '0')}`, i === 5 ? 10 : 16, j * 6 + i);
        runs.push(run(text, 20 + j * 88, 125 + i * 12, 10));
      }
      cells.push(own);
    }
    // Drawn row by row across the cells, as a word processor draws a table.
    runs.sort((a, b) => a.baseline - b.baseline || a.x0 - b.x0);
    const found = labels(textOf(runs));
    expect(found).toEqual(cells.flat().map((n) => `q${String(n).padStart(3, '0')}`));
  });

  it('reads phrases wrapped down a diagram’s boxes side by side box by box, three lines each', () => {
    // Five boxes 90 pt wide, 30 pt apart, each a phrase wrapped over three short lines at a line's advance: every line
    // under a box's first goes on in lower case or with "&".
    const boxes = [
      ['q001 App is', 'developed q002', '& tested q003'],
      ['q004 Built auto', 'using q005 the', 'choice q006'],
      ['q007 Container', 'image q008 is', 'pushed q009'],
      ['q010 Deployed', 'automatically q011', 'using q012'],
      ['q013 To an', 'environment q014', 'of your q015'],
    ];
    const runs: Run[] = [];
    boxes.forEach((lines, j) => lines.forEach((t, i) => runs.push(run(t, 20 + j * 120, 100 + i * 12, 10))));
    runs.sort((a, b) => a.baseline - b.baseline || a.x0 - b.x0);
    expect(labels(textOf(runs))).toEqual(seq(1, 15));
  });

  it('keeps a grid of short entries a line apart row by row', () => {
    // Five columns of two-word entries of like width: their lines fill the columns, but no entry wraps.
    const runs: Run[] = [];
    for (let i = 0; i < 6; i++)
      for (let j = 0; j < 5; j++)
        runs.push(run(`q${String(i * 5 + j + 1).padStart(3, '0')} ${['alpha', 'beta', 'gamma'][(i + j) % 3]}`, 20 + j * 88, 100 + i * 12, 10));
    expect(labels(textOf(runs))).toEqual(seq(1, 30));
  });
});

describe('words of a left-to-right script in a right-to-left line', () => {
  it('reads an English phrase drawn word by word inside a Hebrew sentence left to right', () => {
    const rtl = (t: string, x: number) => run(t, x, 100, 10, { dir: 'rtl' });
    // Visually, right to left: the Hebrew clause, "prepared statement" drawn word by word, then the Hebrew again.
    const runs = [
      rtl('פירוש הדבר שימוש במשתנים מקושרים בכל ההצהרות המוכנות', 400),
      run('prepared', 300, 100, 10),
      run('statement', 345, 100, 10),
      rtl('וכל התהליכים השמורים', 190),
    ];
    expect(makeLine(runs, 100).text).toBe('פירוש הדבר שימוש במשתנים מקושרים בכל ההצהרות המוכנות prepared statement וכל התהליכים השמורים');
  });
});

describe('counting words', () => {
  it('counts Chinese and Japanese by their characters, two to a word, and spaced scripts by their spaces', () => {
    expect(wordCount('the harbour works')).toBe(3);
    expect(wordCount('インジェクション欠陥は')).toBe(6);
    expect(wordCount('データを SQL クエリ')).toBe(5);
    expect(wordCount('한국어 문장입니다')).toBe(2);
    expect(wordCount('  ')).toBe(0);
  });

  it('joins a cell’s turned lines with a space, but not between two characters of a script set without spaces', () => {
    expect(joinCellLines(['僅臚列最新調查之歷年', '資料；底色標示者'])).toBe('僅臚列最新調查之歷年資料；底色標示者');
    expect(joinCellLines(['the harbour', 'works'])).toBe('the harbour works');
    expect(joinCellLines(['最新調查', 'OECD index'])).toBe('最新調查 OECD index');
    expect(joinCellLines(['한국어', '문장입니다'])).toBe('한국어 문장입니다');
  });
});

describe('columns of Chinese or Japanese prose', () => {
  it('reads two columns of unspaced prose on level baselines column by column, not as a table of one-word cells', () => {
    // 10 pt full-width characters, 20 to a line (200 pt), gutter 20 pt; both columns' lines on the same baselines,
    // drawn row by row across the gutter. Counted by spaces, every line is one word, as a table's terse cells are.
    const han = '的一是不了人我在有他这为之大来以个中上们到说时地也子就道而要出会可然于生自能对年多发';
    const lineOf = (n: number) => `q${String(n).padStart(3, '0')}${[...han].slice(n % 20, (n % 20) + 16).join('')}`;
    const runs: Run[] = [];
    for (let i = 0; i < 20; i++) {
      runs.push({ ...run(lineOf(i + 1), 50, 100 + i * 14, 10), x1: 250 });
      runs.push({ ...run(lineOf(i + 21), 270, 100 + i * 14, 10), x1: 470 });
    }
    expect(labels(textOf(runs))).toEqual(seq(1, 40));
  });
});

describe('a wide column holding columns of its own', () => {
  it('two short columns over a box across both, beside two full-height columns, read column by column, then the box', () => {
    // A poster's four columns: the first two run the page's height; the third and fourth stop halfway, over a box
    // that runs across both of them, so the page's third gutter is crossed by half of that side's rows.
    const a = column(1, 30, 40, 60, { chars: 36 });
    const b = column(31, 30, 240, 60, { chars: 36 });
    const c = column(61, 14, 440, 60, { chars: 36 });
    const d = column(75, 14, 640, 60, { chars: 36 });
    const box = column(89, 13, 440, 60 + 14 * 12 + 24, { chars: 76 });
    const layout = layoutPage(rowByRow(rowByRow(a, b), rowByRow(rowByRow(c, d), box)), params());
    expect(labels(layout.segments.map((s) => s.text).join('\n'))).toEqual(seq(1, 101));
  });
});

describe('two little blocks at the page’s top or foot (a letterhead, a contact band)', () => {
  // A letterhead: the sender's two lines at the left, the document's number, title and date at the right, far apart,
  // with blank space under them; then the letter's text; then a flyer's contact band of two lines each side.
  const head = [
    run('q001 Department of Veterans Affairs', 72, 48, 12),
    run('q003 VA Directive 6221', 432, 48, 12),
    run('q002 Washington, DC 20420', 72, 62, 12),
    run('q004 Transmittal Sheet', 432, 62, 12),
    run('q005 December 1, 2008', 432, 76, 12),
  ];
  const text = column(6, 12, 72, 120, { size: 12, chars: 70 });
  const foot = [
    run('q018 Address: 1712 Route 9, Suite 300', 150, 760, 7),
    run('q020 Email: someone@example.com', 460, 760, 7),
    run('q019 Phone: (518) 371-3971', 150, 769, 7),
    run('q021 Website: example.com', 460, 769, 7),
  ];

  it('reads each block whole, the left one first', () => {
    expect(labels(textOf([...head, ...text]))).toEqual(seq(1, 17));
    expect(labels(textOf([...head.map((r) => ({ ...r, text: r.text.replace(/q00/, 'q10') })), ...text, ...foot]))).toEqual([
      ...seq(101, 105),
      ...seq(6, 21),
    ]);
    expect(labels(textOf([...text, ...foot]))).toEqual(seq(6, 21));
  });

  it('reads rows across where the gap is a table’s, not a wide one, or a side has one line, or is not words', () => {
    // The same head, the right block pulled close (a gap of a few sizes): a little table's two columns, read by rows.
    const near = head.map((r) => (r.x0 === 432 ? { ...r, x0: r.x0 - 132, x1: r.x1 - 132 } : r));
    expect(labels(textOf([...near, ...text]))[1]).toBe('q003');
    // One line on the left: a head with a date beside it, read across.
    const lone = head.filter((r) => !r.text.startsWith('q002'));
    expect(labels(textOf([...lone, ...text])).slice(0, 2)).toEqual(['q001', 'q003']);
    // Page numbers on the right (a contents list's two entries): read across.
    const numbers = [
      run('q001 Introduction and scope', 72, 48, 12),
      run('3', 500, 48, 12),
      run('q002 Methods used here', 72, 62, 12),
      run('7', 500, 62, 12),
    ];
    expect(textOf([...numbers, ...text]).split('\n')[0]).toMatch(/^q001 Introduction and scope\s+3/);
  });
});

describe('two signatures side by side under the text', () => {
  const text = column(1, 12, 72, 100, { size: 9, chars: 90 });
  const sign = (left: [string, string], right: [string, string]) => [
    run(left[0], 170, 300, 9),
    run(right[0], 390, 300, 9),
    run(left[1], 170, 390, 9),
    run(right[1], 390, 390, 9),
  ];

  it('read signature by signature, each office over its signer’s name', () => {
    const out = textOf([...text, ...sign(['q013 griffier,', 'q014 dhr. drs. T.W. Zwemmer'], ['q015 voorzitter,', 'q016 dhr. drs. R. Wever'])]);
    expect(labels(out)).toEqual(seq(1, 16));
  });

  it('read across when a side repeats one label (a form’s field)', () => {
    const same = textOf([...text, ...sign(['Country', 'Country'], ['q013 City or town', 'q014 Postal code'])]);
    expect(same).toMatch(/Country[ \t]+q013 City or town/);
  });
});

describe('two authors side by side under a heading of their own, at the end of the text', () => {
  const page = () => [
    ...column(1, 12, 108, 100, { size: 11, chars: 80 }),
    run('q013 Author Information', 72, 100 + 11 * 13.2 + 42, 14),
    run('q014 Michael John Garcia', 72, 100 + 11 * 13.2 + 66, 10),
    run('q016 Alexander H. Pepper', 311, 100 + 11 * 13.2 + 66, 10),
    run('q015 Deputy Assistant Director', 72, 100 + 11 * 13.2 + 77.5, 10),
    run('q017 Legislative Attorney', 311, 100 + 11 * 13.2 + 77.5, 10),
  ];

  it('read author by author, each name over the author’s title', () => {
    expect(labels(textOf(page()))).toEqual(seq(1, 17));
  });
});

describe('a glossary in three columns whose entries stand level across (IRS Publication 850)', () => {
  const words = [
    ['abandoned spouse', 'abandonment', 'abandonment clause', 'abatement of tax', 'ability to pay', 'absorption rate'],
    ['accuracy penalty', 'acknowledgement file', 'activity for profit', 'activity not for profit', 'actually paid', 'additional tax'],
    ['agent contractual', 'agent driver', 'agreement', 'airdrop', 'alien individual', 'allowance'],
  ];
  const page = (cols: string[][]) => cols.flatMap((col, c) => col.map((w, k) => run(w, 42 + 180 * c, 100 + 16 * k, 10)));
  const text = (cols: string[][]) => textOf(page(cols)).split(/\n+/).join(' ');

  it('is read column by column: the alphabet runs down each column and on into the next', () => {
    expect(text(words)).toContain('abandoned spouse abandonment abandonment clause');
    expect(text(words).indexOf('absorption rate')).toBeLessThan(text(words).indexOf('accuracy penalty'));
  });

  it('is a table when the order runs across the rows (or not at all), as a table’s sorted rows do', () => {
    // The same eighteen entries, the alphabet running along each row: the first column holds entries 1, 4, 7 …
    const all = words.flat();
    const across = [0, 1, 2].map((c) => all.filter((_, k) => k % 3 === c));
    const t = text(across);
    expect(t).toContain('abandoned spouse abandonment abandonment clause');
    expect(t.indexOf('abatement of tax')).toBeLessThan(t.indexOf('ability to pay'));
  });
});

describe('numbered lists in columns on baselines of their own (a court’s civil cover sheet)', () => {
  // Six columns of numbered entries, as narrow as a form's: each column's numbers go up (a new heading may start
  // lower once), an entry one or two lines, each column set on baselines of its own.
  const words = ['Claims', 'Marine', 'Fraud', 'Lending', 'Voting', 'Housing', 'Patent', 'Other'];
  const cols = [0, 1, 2, 3, 4, 5].map((c) =>
    words.map((w, k) => {
      const n = 100 + 100 * c + 10 * k - (c === 3 && k > 3 ? 60 : 0);
      return k % 3 === 1 ? [`${n} ${w}`, 'Liability'] : [`${n} ${w}`];
    }),
  );
  const gutters: [number, number][] = [1, 2, 3, 4, 5].map((c) => [40 + 85 * c - 20, 40 + 85 * c - 2]);
  const rowsOf = (cols: string[][][], offset: number) =>
    buildRows(
      cols.flatMap((entries, c) => {
        let y = 160 + offset * (c % 3);
        return entries.flatMap((lines) => {
          const out = lines.map((l, k) => run(l, 40 + 85 * c, y + 9 * k, 8));
          y += 9 * lines.length + 4;
          return out;
        });
      }),
    ).map((row) => ({ row, ink: inkIntervals(row.runs, 5.6) }));

  it('are lists, read column by column, when each column’s numbers go up and its lines stand on baselines of their own', () => {
    expect(numberedListColumns(rowsOf(cols, 3), gutters)).toBe(true);
  });

  it('are a table when the columns’ lines stand level, or a column’s numbers do not go up, or a column has too few', () => {
    expect(numberedListColumns(rowsOf(cols, 0), gutters)).toBe(false);
    expect(
      numberedListColumns(
        rowsOf(
          cols.map((entries, c) => (c === 2 ? [...entries].reverse() : entries)),
          3,
        ),
        gutters,
      ),
    ).toBe(false);
    expect(
      numberedListColumns(
        rowsOf(
          cols.map((entries, c) => (c === 4 ? entries.slice(0, 3) : entries)),
          3,
        ),
        gutters,
      ),
    ).toBe(false);
    expect(numberedListColumns(rowsOf(cols, 3), gutters.slice(0, 1))).toBe(false);
  });
});

describe('a court order’s caption divided by a column of brackets (the parties left, the court and case number right)', () => {
  // The parties' terse lines beside the court's, each line of the right side opening with "]" at one place, the "]"
  // alone where the left side runs on; then the order's text across the page.
  const left = [
    'IN RE:',
    'HARBOUR WORKS BOARD,',
    'INC. PIER PRACTICES',
    'LITIGATION',
    '',
    'JOHN SMITH, et al.,',
    'Plaintiffs-Appellants,',
    '',
    'v.',
    '',
    'HARBOUR WORKS BOARD,',
    'INC.,',
    'Defendant-Appellee.',
  ];
  const right = [
    'Appeal from the United',
    'States District Court for',
    'the Northern District',
    'of the Harbour,',
    'Pier Division.',
    '',
    'No. 3:05-cv-00595',
    '',
    'Ann Smith, Judge.',
  ];
  const page = (divider: string) => [
    ...left.flatMap((t, k) => (t ? [run(t, 72, 300 + 16 * k, 12)] : [])),
    ...left.map((_, k) => run(right[k] ? `${divider} ${right[k]}` : divider, 324, 300 + 16 * k, 12)),
    run('The court, on its own initiative, orders the parties to this appeal to file a statement on the', 72, 540, 12),
    run('consolidation of this appeal with the appeal of the harbour board, within the next fourteen days.', 72, 556, 12),
  ];

  it('is read side by side, the parties whole before the court’s lines', () => {
    const text = textOf(page(']')).replace(/\s+/g, ' ');
    expect(text).toContain('IN RE: HARBOUR WORKS BOARD, INC. PIER PRACTICES LITIGATION JOHN SMITH');
    expect(text).toContain('Defendant-Appellee. ] Appeal from the United ] States District Court');
  });

  it('is read as a table’s rows when the column is of colons (keys and their values)', () => {
    const text = textOf(page(':')).replace(/\s+/g, ' ');
    expect(text).not.toContain('IN RE: HARBOUR WORKS BOARD, INC. PIER PRACTICES LITIGATION JOHN SMITH');
  });
});

describe('a court caption’s two blocks side by side with no divider, drawn one after the other', () => {
  // The parties' names left, paragraph by paragraph; the case number, then the order's title right, one block across
  // the parties' paragraphs; 14 pt type on a 12 pt leading.
  const left: [string, number, number][] = [
    ['HARBOURINFO.COM, INC. dba', 110, 365],
    ['PIER CONSUMER', 110, 377],
    ['SERVICES,', 110, 389],
    ['Plaintiff,', 200, 413],
    ['v.', 146, 437],
    ['JOHN SMITH; and DOES 1', 110, 461],
    ['through 10, inclusive,', 110, 473],
    ['Defendants.', 200, 497],
  ];
  const right: [string, number, number][] = [
    ['Case No. 8:16-cv-1261 DOC', 348, 365],
    ['ORDER GRANTING', 348, 413],
    ['HARBOURINFO.COM, INC. dba', 348, 425],
    ['PIER CONSUMER', 348, 437],
    ['SERVICES’ APPLICATION FOR A', 348, 449],
    ['PRELIMINARY INJUNCTION', 348, 461],
  ];
  const at = ([t, x, b]: [string, number, number]) => run(t, x, b, 14, { x1: x + t.length * 7.2 });

  it('is read block by block: the parties whole, then the case number and the title', () => {
    const text = textOf([...left.map(at), ...right.map(at)]).replace(/\s+/g, ' ');
    expect(text).toContain('JOHN SMITH; and DOES 1 through 10, inclusive, Defendants. Case No. 8:16-cv-1261 DOC ORDER GRANTING');
  });

  it('leaves a glossary drawn column by column a table (an OCR layer’s order): its terms have no rows of their own', () => {
    const terms = ['Data owner', 'Access control', 'Audit trail', 'Retention period', 'Key custodian'];
    const definitions = [
      ['The person who is accountable for', 'the data set and approves every', 'request to read or change it.'],
      ['The rules that decide which users', 'may reach which records, and by', 'what means they may do so.'],
      ['A log of each change made to the', 'records, kept apart from them and', 'never edited after the fact.'],
      ['How long records are kept before', 'they are archived or destroyed', 'under the agency schedule.'],
      ['The officer who holds the keys and', 'who alone may rotate them when', 'a holder leaves the service.'],
    ];
    const top = (i: number) => 100 + i * 46;
    const runs = [
      ...terms.map((t, i) => run(t, 72, top(i), 10)),
      ...definitions.flatMap((d, i) => d.map((t, k) => run(t, 220, top(i) + 12 * k, 10))),
    ];
    const text = textOf(runs).replace(/\s+/g, ' ');
    expect(text).toContain('Data owner');
    expect(text.indexOf('Access control')).toBeGreaterThan(text.indexOf('request to read or change it.'));
  });

  it('stays a table’s rows when drawn row by row', () => {
    const rows = [...left, ...right].sort((a, b) => a[2] - b[2] || a[1] - b[1]).map(at);
    const text = textOf(rows).replace(/\s+/g, ' ');
    expect(text).not.toContain('JOHN SMITH; and DOES 1 through 10, inclusive, Defendants. Case No. 8:16-cv-1261 DOC ORDER GRANTING');
  });
});

describe('a page’s head in three blocks side by side (a tax form’s, a court’s letterhead)', () => {
  // Left: the form's number, its revision and the agency; middle: the title, centred; right: where the form goes.
  // Each block on baselines of its own; under them the form's first line across the page, then its text.
  const centred = (text: string, size: number) => 306 - run(text, 0, 0, size).x1 / 2;
  const head = (middleX: (text: string, size: number) => number, over: Run[] = []) => {
    const middle = (text: string, baseline: number, size: number) => run(text, middleX(text, size), baseline, size);
    return [
      ...over,
      middle('Request for Taxpayer', 47, 14),
      run('Give Form to the', 496, 51, 9),
      run('Form W-9', 18, 54, 24),
      run('(Rev. October 2018)', 18, 62, 7),
      middle('Identification Number and Certification', 62, 14),
      run('requester. Do not', 496, 62, 9),
      run('Department of the Treasury', 18, 73, 7),
      run('send to the IRS.', 496, 73, 9),
      run('Internal Revenue Service', 18, 80, 7),
      middle('Go to www.irs.gov/FormW9 for the latest information.', 80, 8),
      run('1 Name (as shown on your income tax return). Name is required on this line; do not leave it blank.', 62, 91, 7),
      ...Array.from({ length: 12 }, (_, k) =>
        run(
          `The harbour works of the board were noted in the minute book, and the engineer's survey of the pier and the breakwater, line ${k} of the form.`,
          36,
          110 + 10 * k,
          7,
        ),
      ),
    ];
  };
  const rowsOf = (runs: Run[]) => buildRows(runs).map((row) => ({ row, ink: inkIntervals(row.runs, 4.9) }));

  it('is the run of rows from the top that leaves two strips clean, read block by block', () => {
    const found = headBlocks(rowsOf(head(centred)));
    expect(found?.from).toBe(0);
    expect(found?.zone.rows.map((r) => r.row.runs.map((q) => q.text).join(' '))).toHaveLength(6);
    expect(found?.zone.gutters).toHaveLength(2);
    expect(found?.zone.tabular).toBe(false);
    // After a filing stamp in the body's size over it.
    const stamp = [run('Case 17-2400 Document 3 Filed 07/13/2017', 120, 25, 12)];
    expect(headBlocks(rowsOf(head(centred, stamp)))?.from).toBe(1);
  });

  it('is not taken when the middle block’s lines start flush (a column of terms, of cells), or under a title in larger type', () => {
    expect(headBlocks(rowsOf(head(() => 184)))).toBeNull();
    const title = [run('The Harbour Board Annual Report', 120, 25, 30)];
    expect(headBlocks(rowsOf(head(centred, title)))).toBeNull();
  });

  it('is not taken when its rows stand level in all three blocks, as a table’s do', () => {
    const cells = ['Pier', 'Breakwater', 'Harbour'].flatMap((w, k) => [
      run(`${w} works`, 36, 50 + 12 * k, 9),
      run(`${w} of the board`, 250, 50 + 12 * k, 9),
      run(`${1900 + k}`, 496, 50 + 12 * k, 9),
    ]);
    expect(
      headBlocks(
        rowsOf([
          ...cells,
          run('The harbour works of the board were noted in the minute book, and the survey of the pier and the breakwater.', 36, 100, 9),
        ]),
      ),
    ).toBeNull();
  });
});

describe('centred lines apart over two blocks side by side (a court’s docketing notice)', () => {
  // The court's name and address centred, blank space, then the judge and the clerk and the docket's details in two
  // blocks; the centred lines happen to leave the gap between the judge's name and the details clean.
  const centred = (text: string, baseline: number) => run(text, 306 - run(text, 0, 0, 12).x1 / 2, baseline, 12);
  const runs = [
    centred('United States Court of Appeals for the Harbour Circuit', 85),
    centred('Harbour Board Courthouse', 99),
    centred('40 Pier Square', 113),
    centred('Portsmouth, PH 10007', 127),
    run('ANN SMITH', 72, 158, 10),
    run('JOHN BROWN', 372, 158, 10),
    run('CHIEF JUDGE', 72, 168, 8),
    run('CLERK OF COURT', 372, 168, 8),
    run('Date: October 31, 2017', 72, 185, 12),
    run('DC Docket #: 17-cv-6761', 372, 185, 12),
    run('Docket #: 17-3510', 72, 199, 12),
    run('DC Court: PIER (HARBOUR', 372, 199, 12),
    run('Short Title: Harbour Board v. Pier Co.', 72, 212, 12),
    run('CITY)', 372, 212, 12),
    run('Harbour Pier Works', 72, 226, 12),
    run('DC Judge: Brown', 372, 226, 12),
    centred('DOCKETING NOTICE', 312),
    ...Array.from({ length: 6 }, (_, k) =>
      run(`A notice of appeal filed by the harbour board was docketed, line ${k} of the notice.`, 72, 367 + 14 * k, 12),
    ),
  ];

  it('are read as a block of their own before the two blocks', () => {
    const text = textOf(runs).replace(/\s+/g, ' ');
    expect(text).toContain(
      'United States Court of Appeals for the Harbour Circuit Harbour Board Courthouse 40 Pier Square Portsmouth, PH 10007 ANN SMITH',
    );
  });
});

describe('a watermark set level across two columns, the text over it', () => {
  const left = column(1, 30, 50, 60);
  const right = column(31, 30, 270, 60);

  it('is kept out of the columns and read as a line of its own', () => {
    // "DRAFT" in 90 pt type across both columns, halfway down.
    const layout = layoutPage([...rowByRow(left, right), run('DRAFT', 120, 260, 90)], params());
    const columns = layout.segments.filter((s) => s.kind !== 'rotated');
    expect(labels(columns.map((s) => s.text).join('\n'))).toEqual(seq(1, 60));
    expect(columns.map((s) => s.text).join('\n')).not.toContain('DRAFT');
    expect(layout.segments.filter((s) => s.kind === 'rotated').map((s) => s.text)).toEqual(['DRAFT']);
  });

  it('is not a title in large type over the columns, nor a long line set large', () => {
    const title = layoutPage([run('Harbour', 120, 40, 40), ...rowByRow(left, right)], params());
    expect(title.segments.some((s) => s.kind === 'rotated')).toBe(false);
    const long = layoutPage([...rowByRow(left, right), run('the works of the harbour', 60, 260, 30)], params());
    expect(long.segments.some((s) => s.kind === 'rotated')).toBe(false);
  });
});

describe('columns of short paragraphs side by side, each on baselines of its own (a slide’s four columns under heads)', () => {
  // Four columns under a row of heads; each column's paragraphs of two or three words a line, every column set on
  // baselines of its own, so that there are twice as many rows as the longest column has lines.
  const words = ['harbour works', 'pier repairs', 'survey notes', 'engineer report', 'board minutes', 'season funds'];
  const cols = [0, 1, 2, 3].map((c) => [`Head ${c}`, ...words.map((w, k) => `${w} ${c}${k}`)]);
  const runsOf = (offsets: number[], texts = cols) => [
    ...texts.flatMap((lines, c) => lines.map((t, k) => run(t, 20 + 160 * c, 100 + (k === 0 ? 0 : 10 + offsets[c]) + 15 * k, 11))),
  ];
  const rowsOf = (runs: Run[]) => buildRows(runs).map((row) => ({ row, ink: inkIntervals(row.runs, 7.7) }));
  const gutters: [number, number][] = [0, 1, 2].map((c) => [20 + 160 * c + 120, 20 + 160 * (c + 1) - 1]);

  it('are columns, read one after the other, when their lines stand on baselines of their own', () => {
    expect(staggeredColumns(rowsOf(runsOf([0, 5, 10, 2.5])), gutters)).toBe(true);
  });

  it('are a table when the lines stand level, or a column holds codes of one word (a font table’s feature ids)', () => {
    expect(staggeredColumns(rowsOf(runsOf([0, 0, 0, 0])), gutters)).toBe(false);
    const codes = cols.map((lines, c) => (c === 1 ? lines.map((_, k) => `cv${k}${c}`) : lines));
    expect(staggeredColumns(rowsOf(runsOf([0, 5, 10, 2.5], codes)), gutters)).toBe(false);
  });
});

describe('a chart over three columns of text, parted by a heading across two of them (IRS Data Book)', () => {
  // A chart's labels, in small type, reach into the first gutter; a section's title in large type runs across the
  // first two columns; three columns of text follow.
  const chart = [
    run('Number of activities', 41, 78, 9),
    run('Recommended additional tax', 276, 78, 9),
    run('4M', 50, 88, 8),
    run('examination', 171, 88, 8),
    run('examination', 168, 96, 8),
    run('Field exam', 470, 110, 8),
    run('$19.1B', 470, 118, 8),
    run('Math errors', 169, 131, 8),
    run('3M', 50, 135, 8),
    run('Substitute', 168, 167, 8),
    run('2M', 50, 182, 8),
    run('Total', 380, 182, 8),
    run('$35.7B', 376, 190, 8),
    run('Automated', 168, 217, 8),
    run('$7.7B', 493, 220, 8),
    run('Underreport', 171, 225, 8),
    run('1M', 50, 232, 8),
    run('examination', 171, 248, 8),
    run('Substitute', 278, 261, 8),
    run('Underreporter', 466, 269, 8),
    run('0', 55, 280, 8),
    run('NOTE: Detail may not add to total due to rounding.', 41, 296, 6),
  ];
  const title = run('Compliance Presence', 36, 336, 20);
  const text = [...column(1, 20, 36, 364, { chars: 34 }), ...column(21, 20, 220, 364, { chars: 34 }), ...column(41, 20, 404, 364, { chars: 34 })];

  it('reads the text column by column: the heading ends the chart’s stretch, the text below has gutters of its own', () => {
    const order = labels(textOf([...chart, title, ...text]));
    expect(order).toEqual(seq(1, 60));
  });
});

describe('an author line whose names are set apart by bars (a Wiley article)', () => {
  const row = (sep: string, at = 190) => [
    run('Chiara Hill-Harding 1', 41, 202, 12),
    run(sep, at, 202, 12),
    run('Marissa Klein 1', at + 15, 202, 12),
    run(sep, at + 130, 202, 12),
  ];

  it('is one piece of ink: a bar holds the names on both sides of it together across a gap of a few of its sizes', () => {
    expect(inkIntervals(row('|'), 7)).toEqual([[41, 326]]);
  });

  it('is not held together by a bullet, nor by a bar standing far off', () => {
    expect(inkIntervals(row('•'), 7)).toHaveLength(4);
    expect(inkIntervals(row('|', 300), 7)[0]).toEqual([41, 167]);
  });
});

describe('two blocks standing apart on a thesis’s title page (the supervisors left, the candidate right)', () => {
  const page = [
    run('La pressione barometrica di Giove', 106, 379, 22),
    run('Metodo dei satelliti medicei', 220, 406, 13),
    run('Relatori', 108, 495, 13),
    run('Studente', 403, 495, 13),
    run('prof. Albert Einstein', 108, 511, 13),
    run('Galileo Galilei', 403, 511, 13),
    run('dipl. ing. Werner von Braun', 108, 527, 13),
    run('matricola: 123456', 416, 527, 13),
    run('dott. Mario Rossi', 108, 543, 13),
    run('Supervisore aziendale', 239, 685, 11),
    run('Centro Ricerche FIAT', 237, 698, 11),
    run('Anno accademico 1615-1616', 191, 756, 16),
  ];

  it('reads each block whole, the left one first', () => {
    const t = textOf(page).split(/\n+/).join(' ');
    expect(t).toContain('Relatori prof. Albert Einstein dipl. ing. Werner von Braun dott. Mario Rossi Studente Galileo Galilei matricola: 123456');
  });
});

describe('lines of text set larger than the page’s commonest type are not a grid’s rows of headings', () => {
  // Three columns of 9 pt text on a page whose notes and table, in 7 and 8 pt, hold most of its characters: every row
  // of the columns looks like a row of headings (larger than the body, one in each column, standing a line apart).
  const words = ['quarters had a disability in', 'Were this population included', 'the SIPP, the magnitude of', 'ability estimates presented'];
  const runs = [0, 1, 2].flatMap((c) => words.map((w, k) => run(`${w} ${c}`, 53 + 180 * c, 60 + 12.5 * k, 9)));
  const rows = buildRows(runs).map((row) => ({ row, ink: inkIntervals(row.runs, 4.9) }));
  const zone = {
    rows,
    gutters: [[200, 233] as [number, number], [380, 413] as [number, number]],
    crossingShare: 0,
    ambiguous: false,
    tabular: false,
  };

  it('leaves the zone whole: headings do not follow one another row after row', () => {
    expect(headingRowBands(zone, 7, 8.4)).toBeNull();
  });
});

describe('a folded leaflet’s panels: a flap’s text and, far to its right, a cover’s two-line title', () => {
  const flap = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((k) => run(`q${String(k + 1).padStart(3, '0')} flap text line`, 29, 62 + 12 * k, 10));
  const title = [run('An open network for secure,', 594, 110, 17.2), run('decentralised communication', 590, 132, 17.2)];

  it('reads the title whole, apart from the flap’s lines beside it', () => {
    const t = textOf([...flap, ...title])
      .split(/\n+/)
      .join(' ');
    expect(t).toContain('An open network for secure, decentralised communication');
    expect(labels(t)).toEqual(seq(1, 10));
  });
});

describe('small capitals level with the words beside them, a little off the next column’s line of larger type', () => {
  it('share those words’ row', () => {
    const runs = [
      run('the E2E dataset (Novikova et al., 2017), suffers', 72, 264.0, 10.9),
      run('additional slot,', 307.3, 266.6, 10),
      run('EXP RELEASE DATE', 371, 266.6, 8),
      run(', only possible in', 454.9, 266.6, 10),
    ];
    const rows = buildRows(runs);
    expect(rows).toHaveLength(1);
    expect(rows[0].runs.map((r) => r.text)).toContain('EXP RELEASE DATE');
  });
});

describe('a column’s line run over the gutter (an overfull line of code in a two-column paper)', () => {
  /**
   * Two columns of 30 lines, 12 pt apart, drawn one after the other; line q015 of the left column runs on past the
   * gutter to x, and the right column leaves its row blank or not.
   */
  function page(x: number, blankBeside: boolean): Run[] {
    const left = Array.from({ length: 30 }, (_, i) => {
      const label = `q${String(1 + i).padStart(3, '0')}`;
      const chars = i === 14 ? Math.round((x - 72) / 5) : i === 29 ? 24 : 40;
      return run(line(label, chars, i), 72, 100 + 12 * i);
    });
    const right: Run[] = [];
    for (let i = 0; i < 30; i++) {
      if (blankBeside && i === 14) continue;
      right.push(run(line(`q${String(31 + i).padStart(3, '0')}`, i === 29 ? 24 : 40, i), 300, 100 + 12 * i));
    }
    return [...left, ...right];
  }

  it('is read in its column when it runs over the next column’s line on its baseline', () => {
    const layout = layoutPage(page(330, false), params());
    expect(labels(layout.segments.map((s) => s.text).join('\n'))).toEqual(seq(1, 60));
    expect(layout.diagnostics.map((d) => d.code)).toContain('line-overflow');
  });

  it('is read in its column when it runs into the space the next column leaves beside it', () => {
    const layout = layoutPage(page(330, true), params());
    expect(labels(layout.segments.map((s) => s.text).join('\n'))).toEqual([...seq(1, 44), ...seq(46, 60)]);
  });

  it('breaks the columns when it runs far across the next column (a line set across the page)', () => {
    const text = labels(
      layoutPage(page(480, true), params())
        .segments.map((s) => s.text)
        .join('\n'),
    );
    expect(text.indexOf('q031')).toBeLessThan(text.indexOf('q015'));
  });
});

describe('sentences running down columns that stand level (a slide’s timeline of boxes under dates)', () => {
  // Five boxes side by side under their dates, each a sentence wrapped over short lines, every line level with the
  // lines of the other boxes.
  const boxes = [
    ['Harbour board', 'committed to', 'improving the', 'north pier for', 'the winter fleet'],
    ['Engineer named', 'as survey lead', 'tasked with', 'drafting the', 'repair plan'],
    ['Four repairs', 'approved by the', 'deputy harbour', 'master after', 'the inspection'],
    ['Funds granted', 'for timber and', 'stone from the', 'county quarry', 'this season'],
    ['Works begin', 'on the outer', 'wall and the', 'lighthouse steps', 'in spring'],
  ];
  const runsOf = (texts: string[][]) =>
    texts.flatMap((lines, c) => [run(`MAY 20${10 + c}`, 20 + 120 * c, 80, 12), ...lines.map((t, k) => run(t, 20 + 120 * c, 110 + 14 * k, 11))]);

  it('are read box by box, each sentence whole under its date', () => {
    const text = textOf(runsOf(boxes)).replace(/\s+/g, ' ');
    for (const [c, lines] of boxes.entries()) expect(text).toContain(`MAY 20${10 + c} ${lines.join(' ')}`);
  });

  it('are a table when the rows open in every column at once (cells of phrases, each row anew)', () => {
    // Three rows of cells two lines each, the second line running on in lower case: every row opens in all five
    // columns at once, as a table's rows do. Read across, row by row.
    const cells = [0, 1, 2, 3, 4].map((c) => [0, 1, 2].flatMap((r) => [`Item ${r}${c} timber`, `for the pier ${r}${c}`]));
    const text = textOf(runsOf(cells)).replace(/\s+/g, ' ');
    expect(text).not.toContain(cells[0].join(' '));
    expect(text.indexOf('Item 04 timber')).toBeLessThan(text.indexOf('Item 10 timber'));
  });
});

describe('panels of justified lines level with each other', () => {
  /** Three panels of 12 lines level with each other; each line's words drawn one run each, 13 pt apart (a narrow
   * panel's loose justified line), or parted by gaps of 13 and 19 pt in turn. */
  function panels(spread: 'even' | 'uneven'): Run[] {
    const words = 'the quick harbour survey ordered in spring showed a wide breach along its eastern side'.split(' ');
    const runs: Run[] = [];
    for (let p = 0; p < 3; p++) {
      for (let i = 0; i < 12; i++) {
        const label = `q${String(p * 12 + i + 1).padStart(3, '0')}`;
        let at = 40 + p * 270;
        [label, ...Array.from({ length: 5 }, (_, k) => words[(i * 3 + k * 2 + p) % words.length])].forEach((w, k) => {
          runs.push(run(w, at, 100 + i * 12));
          at += w.length * 5 + (spread === 'even' || k % 2 === 0 ? 13 : 19);
        });
      }
    }
    return runs;
  }

  it('reads them panel by panel: words spaced alike, whatever their widths, are a justified line, not a table row', () => {
    const layout = layoutPage(panels('even'), params());
    expect(layout.segments.some((s) => s.kind === 'table')).toBe(false);
    expect(labels(layout.segments.map((s) => s.text).join('\n'))).toEqual(seq(1, 36));
  });

  it('still finds a table when the same pieces are parted by gaps that vary', () => {
    expect(layoutPage(panels('uneven'), params()).segments.some((s) => s.kind === 'table')).toBe(true);
  });
});

describe('a single row of headings across the columns', () => {
  it('does not cut the columns into bands when it stands a heading’s usual space below the lines above', () => {
    const runs: Run[] = [];
    for (let p = 0; p < 3; p++) runs.push(...column(1 + p * 10, 10, 40 + p * 270, 100, { chars: 40 }));
    ['Panel heading four', 'Panel heading five', 'Panel heading six'].forEach((h, p) => {
      runs.push(run(`${h} HEAD-${p + 4}`, 40 + p * 270, 232, p === 2 ? 13 : 16, { bold: true }));
      runs.push(...column(31 + p * 10, 10, 40 + p * 270, 252, { chars: 40 }));
    });
    expect(labels(textOf(runs))).toEqual([...seq(1, 10), ...seq(31, 40), ...seq(11, 20), ...seq(41, 50), ...seq(21, 30), ...seq(51, 60)]);
  });
});

describe('a reference card’s three columns of keys and what they do, level with each other for a few rows', () => {
  /** Three columns of 20 entries, a key and its description each; the columns stand on baselines of their own but
   * for entries 9 to 12, level across the page. */
  function card(): Run[] {
    const runs: Run[] = [];
    for (let c = 0; c < 3; c++) {
      for (let i = 0; i < 20; i++) {
        const y = 100 + 12 * i + (i >= 8 && i <= 11 ? 0 : 4 * c);
        const label = `q${String(c * 20 + i + 1).padStart(3, '0')}`;
        runs.push(run(`C${'-z'.repeat(1 + (i % 3))}`, 40 + 260 * c, y, 10, { mono: true }));
        runs.push(run(line(`${label} move`, 6 + ((i * 7) % 5) * 6, i), 40 + 260 * c + 80, y));
      }
    }
    return runs;
  }

  it('reads the columns one after the other, each entry whole: the level rows are no table across the page', () => {
    const layout = layoutPage(card(), params());
    expect(layout.segments.some((s) => s.kind === 'table')).toBe(false);
    expect(labels(layout.segments.map((s) => s.text).join('\n'))).toEqual(seq(1, 60));
  });
});

describe('artifacts that are the page’s own prose', () => {
  // A tagged executive summary's closing box, marked /Artifact by the file: three lines of prose mid-page, a margin's
  // line numbers on the same rows, a running head and a folio at the page's edges.
  const artifact = (text: string, x: number, y: number, size = 10) => run(text, x, y, size, { artifact: true });
  const page = [
    artifact('NIST SP 1800-7A: Situational Awareness for Electric Utilities', 72, 40, 8),
    artifact('77', 50, 350),
    artifact('The National Cybersecurity Center of Excellence (NCCoE), a part of the', 72, 350),
    artifact('78', 50, 363),
    artifact('National Institute of Standards and Technology (NIST), is a collaborative hub', 72, 363),
    artifact('79', 50, 376),
    artifact('using commercially available technology.', 72, 376),
    artifact('4', 300, 760, 8),
  ];

  it('are read with the text: the block of prose in the body, its short last line too, not the numbers beside it', () => {
    const found = [...bodyArtifacts(page, 792)].map((r) => r.text);
    expect(found).toEqual([
      'The National Cybersecurity Center of Excellence (NCCoE), a part of the',
      'National Institute of Standards and Technology (NIST), is a collaborative hub',
      'using commercially available technology.',
    ]);
  });

  it('leave a running head, a folio, a single line and a few words in the body as artifacts', () => {
    const one = [
      artifact('TECHNOLOGY PARTNERS', 72, 300),
      artifact('The National Cybersecurity Center of Excellence (NCCoE), a part of the', 72, 400),
    ];
    expect(bodyArtifacts([page[0]!, page[7]!, ...one], 792).size).toBe(0);
  });
});

describe('captions side by side under figures side by side', () => {
  // A paragraph, two captions side by side (left one at x 80, right one at x 330, 9 pt type), the figure's own caption
  // centred under them, a paragraph.
  const page = (left: string[], right: string[]) => [
    ...column(1, 3, 60, 100, { chars: 90 }),
    ...left.map((t, k) => run(t, 80, 300 + 11 * k, 9)),
    ...right.map((t, k) => run(t, 330, 300 + 11 * k, 9)),
    run('Figure 2 — Grids and their origins q008', 200, 305 + 11 * Math.max(left.length, right.length), 9),
    ...column(20, 3, 60, 380, { chars: 90 }),
  ];

  it('reads each subfigure’s caption whole, (a) before (b)', () => {
    const runs = page(
      ['(a) Interpolation CRS geographic q004', 'Grid origin in top left q005'],
      ['(b) Interpolation CRS projected q006', 'Grid origin in bottom left q007'],
    );
    expect(labels(textOf(runs))).toEqual([...seq(1, 8), ...seq(20, 22)]);
  });

  it('reads figures’ captions side by side each whole, with its turned lines', () => {
    const runs = page(
      ['Figure 1.3 – Direction field q004', 'of the first equation q005'],
      ['Figure 1.4 – Direction field with q006', 'solutions through the origin q007'],
    );
    expect(labels(textOf(runs))).toEqual([...seq(1, 8), ...seq(20, 22)]);
  });

  it('reads rows of pieces that open with no caption’s label across, as a table’s, and letters out of turn too', () => {
    const across = [...seq(1, 3), 'q004', 'q006', 'q005', 'q007', 'q008', ...seq(20, 22)];
    const cells = page(
      ['Interpolation CRS geographic q004', 'Grid origin in top left q005'],
      ['Interpolation CRS projected q006', 'Grid origin in bottom left q007'],
    );
    expect(labels(textOf(cells))).toEqual(across);
    const outOfTurn = page(
      ['(a) Interpolation CRS geographic q004', 'Grid origin in top left q005'],
      ['(c) Interpolation CRS projected q006', 'Grid origin in bottom left q007'],
    );
    expect(labels(textOf(outOfTurn))).toEqual(across);
  });

  it('reads bilingual captions side by side each whole: its number again in the second language, lines reaching past its label line, five lines', () => {
    // "图 2-5 打高尔夫球的人" over "Fig.2-5 The person playing golf", wider than the label line above it.
    const runs = [
      ...column(1, 3, 60, 100, { chars: 90 }),
      run('图 2-5 golfer q004', 100, 300, 9),
      run('Fig.2-5 The person playing golf q005', 70, 311, 9),
      run('图 2-6 golfer top aligned q006', 330, 300, 9),
      run('Fig.2-6 The person playing golf q007', 330, 311, 9),
      run('note that it is top aligned q008', 330, 322, 9),
      run('in the figure as set q009', 330, 333, 9),
      run('and its frame too q010', 330, 344, 9),
      ...column(20, 3, 60, 400, { chars: 90 }),
    ];
    expect(labels(textOf(runs))).toEqual([...seq(1, 10), ...seq(20, 22)]);
  });

  it('reads a grid of labelled answers row by row: (a) and (b), then (c) and (d)', () => {
    const runs = page(['(a) twelve apples q004', '(c) ten apples q006'], ['(b) fifteen apples q005', '(d) twenty apples q007']);
    expect(labels(textOf(runs))).toEqual(seq(1, 8).concat(seq(20, 22)));
  });
});

describe('a section’s heading in the first column under columns that end unevenly', () => {
  // Section one: a left column of 10 lines and a right one of 7 (three lines short); the next section's heading in
  // the left column only, set larger; the next section's two columns of 8 lines starting level.
  const page = (rightEnd: Run) => [
    ...column(1, 10, 50, 100, { chars: 48 }),
    ...column(11, 6, 310, 100, { chars: 48 }),
    rightEnd,
    run('Privacy q018', 50, 238, 16),
    ...column(19, 8, 50, 268, { chars: 48 }),
    ...column(27, 8, 310, 268, { chars: 48 }),
  ];

  it('breaks the columns at the heading: each section read column by column', () => {
    const runs = page(run(line('q017', 30), 310, 172, 10));
    expect(labels(textOf(runs))).toEqual(seq(1, 34));
  });

  it('does not break them where a column ends in a float (a figure’s caption), not its text', () => {
    const runs = page(run('Figure 7: Real-time speed controller q017', 330, 172, 8));
    expect(labels(textOf(runs))).toEqual([...seq(1, 10), ...seq(18, 26), ...seq(11, 17), ...seq(27, 34)]);
  });

  it('does not break them at a rule drawn in text in large type (a pull quote’s dashes in the right column)', () => {
    // Both columns stop level and start again level below; between them the right column holds only a row of dashes
    // set larger than the body, the left column blank beside it: no heading, no break.
    const runs = [
      ...column(1, 8, 50, 100, { chars: 48 }),
      ...column(9, 8, 310, 100, { chars: 48 }),
      run('- - - - - - - - - - - - - - - - - - - -', 310, 212, 14),
      ...column(17, 8, 50, 244, { chars: 48 }),
      ...column(25, 8, 310, 244, { chars: 48 }),
    ];
    expect(labels(textOf(runs))).toEqual([...seq(1, 8), ...seq(17, 24), ...seq(9, 16), ...seq(25, 32)]);
  });

  it('does not break them where the column beside the heading opens again with a figure’s caption', () => {
    const runs = [
      ...column(1, 10, 50, 100, { chars: 48 }),
      ...column(11, 7, 310, 100, { chars: 48 }),
      run('3 Method q018', 50, 238, 16),
      ...column(19, 8, 50, 268, { chars: 48 }),
      run('Figure 3: The system at work q027', 310, 268, 10),
      ...column(28, 7, 310, 280, { chars: 48 }),
    ];
    expect(labels(textOf(runs))).toEqual([...seq(1, 10), ...seq(18, 26), ...seq(11, 17), ...seq(27, 34)]);
  });
});

describe('a raised note number opening a line', () => {
  it('joins the line it opens, though a typewriter face’s wide space sets it apart', () => {
    // "¹" at 7 pt, 4.8 pt above the note's 9 pt line and 6 pt before its first word (two-thirds of the line's size).
    const rows = buildRows([
      run('1', 108, 618, 7, { mono: true }),
      run('Pursuant to Federal Rule of Appellate Procedure', 118, 622.8, 9, { mono: true }),
    ]);
    expect(rows.map((r) => r.runs.map((q) => q.text).join(' '))).toEqual(['1 Pursuant to Federal Rule of Appellate Procedure']);
  });

  it('stays a row of its own further off, or when it is no note number', () => {
    expect(buildRows([run('1', 100, 618, 7), run('Pursuant to the Rule', 118, 622.8, 9)])).toHaveLength(2);
    expect(buildRows([run('ab', 105, 618, 7), run('Pursuant to the Rule', 118, 622.8, 9)])).toHaveLength(2);
  });
});

describe('an algorithm’s numbered lines with comments at a tab', () => {
  // Line numbers in runs of their own ("1:"), the code after them, and on some lines a comment or an operand set at a
  // tab far to the right.
  const algorithm = (far: (k: number) => string | null) => {
    const code = ['V ← FP', 'w ← V(:, 1)', 'for i ← 2 to ns do', 'w ← Ew + V(:, i)', 'end for', 'S(:, ns) ← U diag(w)', 'Q ← BS + Qamb', 'return Q'];
    return code.flatMap((c, i) => {
      const k = i + 1;
      const out = [run(`${k}:`, 120, 200 + i * 12, 10), run(`${c} q${String(2 * k - 1).padStart(3, '0')}`, 136, 200 + i * 12, 10)];
      const tail = far(k);
      if (tail) out.push(run(`${tail} q${String(2 * k).padStart(3, '0')}`, 320, 200 + i * 12, 10));
      return out;
    });
  };

  it('are read line by line, each comment with its line, not as two columns', () => {
    const text = textOf(algorithm((k) => ([1, 2, 6, 7].includes(k) ? (k < 3 ? '// an auxiliary variable' : '// a matrix version') : null)));
    expect(text).toContain('1: V ← FP q001 // an auxiliary variable q002');
    expect(text).toContain('6: S(:, ns) ← U diag(w) q011 // a matrix version q012');
  });

  it('a listing in a fixed-pitch face, its comments at a tab: each comment with its line', () => {
    // (The third line runs on across the tab: the gap is no clean strip from the listing's first line to its last.)
    const code = [
      'x = load(path)',
      'y = clean(x)',
      'z = fit(y, method="least squares", weights=w, tol=1e-9)',
      'plot(z)',
      'save(z, out)',
      'print(z.score)',
    ];
    const runs = code.flatMap((c, i) => {
      const out = [run(`${c} q${String(2 * i + 1).padStart(3, '0')}`, 120, 200 + i * 12, 10, { mono: true, font: 'CMTT10' })];
      if (i % 3 !== 2) out.push(run(`# step ${i + 1} q${String(2 * i + 2).padStart(3, '0')}`, 300, 200 + i * 12, 10, { mono: true, font: 'CMTT10' }));
      return out;
    });
    const text = textOf(runs);
    expect(text).toContain('x = load(path) q001 # step 1 q002');
    expect(text).toContain('save(z, out) q009 # step 5 q010');
  });

  it('leave a programme’s two columns of times alone ("8:00 …" is no line number)', () => {
    const runs: Run[] = [];
    for (let i = 0; i < 10; i++) runs.push(run(line(`${8 + i}:00 q${String(1 + i).padStart(3, '0')}`, 30 + (i % 3) * 5, i), 50, 100 + i * 12, 10));
    for (let i = 0; i < 10; i++)
      if (i % 3 !== 2) runs.push(run(line(`${8 + i}:30 q${String(11 + i).padStart(3, '0')}`, 28 + (i % 2) * 6, i), 290, 100 + i * 12, 10));
    expect(labels(textOf(runs))).toEqual([...seq(1, 10), ...seq(11, 12), ...seq(14, 15), ...seq(17, 18), 'q020']);
  });

  it('are read line by line where an operand stands far to the right on some lines, with no comment', () => {
    const text = textOf(algorithm((k) => ([2, 4, 6, 8].includes(k) ? 'λ τ Uᵀ' : null)));
    expect(text).toContain('2: w ← V(:, 1) q003 λ τ Uᵀ q004');
    expect(text).toContain('6: S(:, ns) ← U diag(w) q011 λ τ Uᵀ q012');
  });
});

describe('a picture set across a two-column sheet, its credit aside', () => {
  /** A column of the sheet's text: 8.5 pt lines 13 pt apart. */
  const sheet = (first: number, n: number, x: number, y: number) => column(first, n, x, y, { chars: 44, size: 8.5, advance: 13 });

  it('parts the columns above it from those below, where a heading opens the first column under it', () => {
    // Above: two columns of four lines. Then a blank of 20 advances (the picture), its credit in small type at its
    // foot on the right. Below: a heading in the first column, level with the second column's first line.
    const runs = [
      ...sheet(1, 4, 57, 145),
      ...sheet(5, 4, 305, 145),
      run('q009 Map by the author, tiles by the map service (CC BY 3.0)', 293, 472, 6),
      run('q010 Open for All', 57, 522, 14),
      ...sheet(11, 6, 57, 548),
      ...sheet(17, 6, 305, 522),
    ];
    expect(labels(textOf(runs))).toEqual(seq(1, 22));
  });

  it('leaves the columns running past it without a heading under it (text flowing round a picture)', () => {
    const runs = [...sheet(1, 4, 57, 145), ...sheet(11, 4, 305, 145), ...sheet(5, 6, 57, 522), ...sheet(15, 6, 305, 522)];
    expect(labels(textOf(runs))).toEqual(seq(1, 20));
  });
});

describe('a poster’s authors spaced out across the page over its two columns', () => {
  // The title centred over the page; four authors in 14 pt pieces 26 pt apart (under two of their sizes), centred on
  // the same axis (261), the gap between the second and the third falling on the gutter of the columns below
  // (250–272), which start under blank space.
  const runs = [
    run('q001 Faithful measures', 261 - 11 * 0.5 * 24, 60, 24),
    ...['q010 Ann', 'q011 Bob', 'q012 Cai', 'q013 Dee'].map((n, k) => run(n, 110 + k * 82, 96, 14)),
    ...column(100, 12, 50, 130),
    ...column(200, 12, 272, 130),
  ];

  it('are read as one line under the title, before the columns', () => {
    const order = labels(
      layoutPage(runs, layoutParams())
        .segments.map((s) => s.text)
        .join('\n'),
    );
    expect(order.slice(0, 6)).toEqual(['q001', 'q010', 'q011', 'q012', 'q013', 'q100']);
  });
});

describe('an author line with its affiliation marks raised after each name', () => {
  // "Ted M Johnson^{a,b,c,d,e,∗}, Cameron Kelahan^{a,b,c}, Avi M. Mandell^{c}": the marks stand on a baseline of their
  // own, each list glued to the comma after it; a list of marks is a script however many letters it holds.
  const at = (text: string, x0: number, x1: number, baseline: number, size: number): Run => ({ ...run(text, x0, baseline, size), x1 });
  // Name, its end, its marks' start and end: each name's run begins glued to the marks before it.
  const names: [string, number, number, number, number][] = [
    ['Ted M Johnson', 45, 112.7, 121.2, 152.3],
    [', Cameron Kelahan', 155.9, 240.6, 249, 265.4],
    [', Avi M. Mandell', 265.9, 340.1, 348.6, 352.1],
    [', Ashraf Dhahbi', 352.6, 422.6, 431.1, 447.5],
    [', Tobi Hammond', 448, 522.2, 530.6, 547],
  ];
  const marks = ['a,b,c,d,e,∗', 'a,b,c', 'c', 'a,b,c', 'a,b,c'];
  const runs = [
    ...names.flatMap(([name, x0, x1, m0, m1], k) => [at(name, x0, x1, 149.2, 10), at(marks[k]!, m0, m1, 145.6, 7)]),
    at(',', 547.5, 550.3, 149.2, 10),
  ];

  it('is one row, the marks read after the names', () => {
    const rows = buildRows(runs);
    expect(rows).toHaveLength(1);
    expect(
      [...rows[0]!.runs]
        .sort((a, b) => a.x0 - b.x0)
        .map((r) => r.text)
        .join(' '),
    ).toBe('Ted M Johnson a,b,c,d,e,∗ , Cameron Kelahan a,b,c , Avi M. Mandell c , Ashraf Dhahbi a,b,c , Tobi Hammond a,b,c ,');
  });

  it('but a number grouped in thousands, or a longer run of small type, over the line is a line of its own', () => {
    // The raised run between the names, and the right end of the name after it.
    for (const [raised, x1, next] of [
      ['1,000,000', 152.3, 240.6],
      ['see the affiliations', 190, 270],
    ] as const) {
      const words = [at('Ted M Johnson', 45, 112.7, 149.2, 10), at(raised, 121.2, x1, 145.6, 7), at(', Cameron Kelahan', x1 + 0.5, next, 149.2, 10)];
      expect(buildRows(words)).toHaveLength(2);
    }
  });
});

describe('heads over columns', () => {
  it('keeps a table with a large header row over three columns of text a table: its rows of cells are no heads', () => {
    const cells = [
      ['Time', 'Room', 'Speaker'],
      ['9:00', 'A12', 'Smith'],
      ['10:30', 'B4', 'Jones'],
      ['12:00', 'C7', 'Brown'],
      ['14:30', 'A12', 'Green'],
    ];
    const table = cells.flatMap((row, i) => row.map((t, k) => run(t, 44 + k * 180, 100 + i * 16, i === 0 ? 14 : 10)));
    const cols = [0, 1, 2].map((k) => column(1 + 100 * k, 10, 40 + k * 180, 186, { size: 10, chars: 32 }));
    const title = [
      run('A title line that runs right across the page from one side to the other side', 40, 60, 10),
      run('and a second line of it that also runs right across all the columns below it', 40, 72, 10),
    ];
    const segments = layoutPage([...title, ...table, ...cols.flat()], params()).segments;
    const tables = segments.filter((s) => s.kind === 'table').map((s) => s.text);
    expect(tables.join(' ')).toContain('Time Room Speaker');
    expect(tables.join(' ')).toContain('14:30 A12 Green');
    expect(
      labels(
        segments
          .filter((s) => s.kind !== 'table')
          .map((s) => s.text)
          .join('\n'),
      ),
    ).toEqual([...seq(1, 10), ...seq(101, 110), ...seq(201, 210)]);
  });
});

describe('a question whose second line opens a table of answers', () => {
  // A form's question in two lines, the second the first cell of the row of its answers (Yes / No for each of three
  // children), two rows of notes under them (Schedule EIC's line 4b, its runs' extents).
  const at = (text: string, x0: number, x1: number, y: number, size = 9): Run => ({ ...run(text, x0, y, size), x1 });
  const question = [at('b', 41, 47.1, 570.1, 10), at('Was the child permanently and totally', 50.4, 187.6, 570.1)];
  const children = [0, 122.4, 244.8];
  const answers = [
    at('disabled during any part of 2024?', 50.4, 171.6, 579.9),
    ...children.flatMap((d) => [at('Yes.', 237.6 + d, 256.1 + d, 577.4), at('No.', 295.2 + d, 309.9 + d, 577.4)]),
    ...children.flatMap((d) => [at('Go to', 217.1 + d, 237.3 + d, 594.1), at('The child is not a', 269.9 + d, 328.9 + d, 593.8, 8.5)]),
    ...children.flatMap((d) => [at('line 5.', 217.1 + d, 240.1 + d, 602.6), at('qualifying child.', 269.9 + d, 326.1 + d, 602.1, 8.5)]),
  ];
  const intro = [
    at('Caution: a child who is permanently and totally disabled may be of any age to count as a qualifying child', 41, 560, 520),
    at('for the credit, so answer the question below for each child you name on this schedule, one column apiece.', 41, 555, 531),
  ];

  it('reads the question whole, its first line with the table its second line opens', () => {
    const segments = layoutPage([...intro, ...question, ...answers], params()).segments;
    const text = segments.map((s) => s.text).join('\n');
    expect(text).toContain('b Was the child permanently and totally\ndisabled during any part of 2024?');
    expect(segments.find((s) => s.kind === 'table')?.text.split('\n')[0]).toBe('b Was the child permanently and totally');
  });

  it('takes no caption, no heading, nor a line over a first cell in capitals into the table', () => {
    const capital = answers.map((r) => (r.text.startsWith('disabled') ? { ...r, text: 'Disabled during any part of 2024?' } : r));
    for (const runs of [
      // A caption ended by a full stop; one without, level with the question's place or further off; a heading set
      // larger; the question over a first cell in capitals.
      [...intro, at('Table 4. Answers for each child.', 41, 170, 570.1, 10), ...answers],
      [...intro, at('Table 4 Answers for each child', 41, 170, 570.1, 10), ...answers],
      [...intro, at('Answers for each child named', 41, 170, 556, 10), ...answers],
      [...intro, at('Answers', 41, 90, 566, 12), ...answers],
      [...intro, ...question, ...capital],
    ]) {
      const table = layoutPage(runs, params()).segments.find((s) => s.kind === 'table');
      expect(table?.text.split('\n')[0]).toMatch(/^[dD]isabled during/);
    }
  });
});

describe('a Chinese paragraph wrapped round a figure set in its middle', () => {
  // wrapstuff's manual: a paragraph's first line across the page, then its lines parted in two columns either side
  // of the figure ("Image" in 28 pt, the page's largest type, inside it), then its last lines across again.
  const zh =
    '旧历的年底毕竟最像年底村镇上不必说就在天空中也显出将到新年的气象来灰白色的沉重的晚云中间时时发出闪光接着一声钝响是送灶的爆竹近处燃放的可就更强烈了震耳的大音还没有息空气里已经散满了幽微的火药香';
  const cjk = (n: number, chars: number, x: number, y: number, x1: number) => run(`${q(n)}${zh.slice(n, n + chars)}`, x, y, 10.5, { x1 });
  const page = () => [
    cjk(1, 38, 131, 487, 553),
    ...Array.from({ length: 9 }, (_, i) => [cjk(2 + i, 10, 131, 502 + 15 * i, 263), cjk(11 + i, 10, 423, 502 + 15 * i, 553)]).flat(),
    run('Image', 309, 558, 28, { x1: 375 }),
    cjk(20, 38, 131, 650, 553),
  ];
  const q = (n: number) => `q${String(n).padStart(3, '0')}`;

  it('reads the left column down, then the right, the figure’s label not taken for a title', () => {
    const segments = layoutPage(page(), layoutParams()).segments;
    const text = segments.map((s) => s.text).join('\n');
    expect(labels(text)).toEqual(Array.from({ length: 20 }, (_, i) => q(i + 1)));
  });

  it('reads a table of such cells as a table, not down its columns: each column’s text ends its sentence ("。")', () => {
    const runs = page().map((r) => (r.text.startsWith(q(10)) || r.text.startsWith(q(19)) ? { ...r, text: `${r.text.slice(0, -1)}。` } : r));
    const order = labels(
      layoutPage(runs, layoutParams())
        .segments.map((s) => s.text)
        .join('\n'),
    );
    expect([...order].sort()).toEqual(Array.from({ length: 20 }, (_, i) => q(i + 1)));
    // The right column's first line is read before the left column's last: its rows are read across.
    expect(order.indexOf(q(11))).toBeLessThan(order.indexOf(q(10)));
  });
});

describe('names stacked in the left margin a word space from the text', () => {
  // A package manual's entry (ctxdoc): five option names in 9 pt at x 25, each with a star at x 120–126, 11 pt apart,
  // the text block at x 131 (10.5 pt lines, 15 pt apart): the entry's syntax level with the first name, its
  // description's two lines under it, level with none of the names but for a word space; then a paragraph.
  const entry = (gap = 5) => {
    const names = ['section/runin', 'subsection/runin', 'subsubsection/runin', 'paragraph/runin', 'subparagraph/runin'];
    const runs: Run[] = [run('q001 7.3 Spacing and indents', 131, 80, 12, { bold: true })];
    names.forEach((name, k) => {
      const y = 116.5 + k * 11;
      runs.push(run(`n${k + 1} ${name}`, 25, y, 9, { x1: 100 - gap + 5 }), run('⋆', 120 - gap + 5, y, 9, { x1: 126 - gap + 5 }));
    });
    runs.push(run('q002 runin = true|false', 131, 116.5, 9, { mono: true }));
    runs.push(run(line('q003', 80, 0), 131, 138.5, 10.5, { x1: 553 }));
    runs.push(run('q004 the default is given in table 15.', 131, 153.5, 10.5));
    for (let i = 0; i < 4; i++) runs.push(run(line(`q00${5 + i}`, 80, i + 1), 131, 180 + i * 15, 10.5, { x1: 553 }));
    return runs;
  };
  const order = (runs: Run[]) => [...textOf(runs).matchAll(/[qn]\d{1,3}\b/g)].map((m) => m[0]);

  it('are read as a block before the entry’s syntax and description, none spliced into a line of the text', () => {
    const layout = layoutPage(entry(), layoutParams());
    const text = layout.segments.map((s) => s.text).join('\n');
    expect(order(entry())).toEqual(['q001', 'n1', 'n2', 'n3', 'n4', 'n5', 'q002', 'q003', 'q004', 'q005', 'q006', 'q007', 'q008']);
    for (const l of text.split('\n')) expect(/n\d/.test(l) && /q\d{3}/.test(l)).toBe(false);
    expect(layout.diagnostics.map((d) => d.code)).toContain('margin-names');
  });

  it('are read so in every entry of the page, two stacks the second under the first', () => {
    // The entry again 160 pt lower, its labels renamed (m…, p…).
    const again = entry().map((r) => ({
      ...r,
      baseline: r.baseline + 160,
      y0: r.y0 + 160,
      y1: r.y1 + 160,
      text: r.text.replace(/^n/, 'm').replace(/^q0/, 'p0'),
    }));
    const layout = layoutPage([...entry(), ...again], layoutParams());
    expect(layout.diagnostics.filter((d) => d.code === 'margin-names')).toHaveLength(2);
    const text = layout.segments.map((s) => s.text).join('\n');
    expect(text.indexOf('m5')).toBeLessThan(text.indexOf('p002'));
    for (const l of text.split('\n')) expect(/[nm]\d/.test(l) && /[qp]\d{3}/.test(l)).toBe(false);
  });

  it('are read so when each stands level with its own syntax line, which opens with the name', () => {
    // wrapstuff's "abovesep / belowsep / vsep" (9 pt, x 88–126), each beside "abovesep = ⟨length⟩" at the text's edge.
    const names = ['abovesep', 'belowsep', 'vsep'];
    const runs: Run[] = [run(line('q001', 80, 0), 131, 650, 10.5, { x1: 553 })];
    names.forEach((name, k) => {
      const y = 673.5 + k * 10.8;
      runs.push(run(`${name}`, 88, y, 9, { x1: 126 }), run(`${name} = ⟨length⟩ q00${k + 2}`, 130.5, y, 9, { mono: true }));
    });
    for (let i = 0; i < 4; i++) runs.push(run(line(`q00${5 + i}`, 80, i + 1), 131, 715 + i * 15, 10.5, { x1: 553 }));
    const text = textOf(runs);
    expect(text.indexOf('vsep\n')).toBeLessThan(text.indexOf('abovesep = '));
    for (const l of text.split('\n')) expect(/^(abovesep|belowsep|vsep) \1 =/.test(l)).toBe(false);
    // A list's labels are not their items' first words: left alone.
    const list = runs.map((r) => (r.x0 === 88 ? { ...r, text: `(${r.text})` } : r));
    expect(layoutPage(list, layoutParams()).diagnostics.map((d) => d.code)).not.toContain('margin-names');
  });

  it('are left alone standing well apart from the text, each level with a line of it (a list’s hung labels), with no entry level with the first (a definition list’s terms, a table’s label), or without letters', () => {
    expect(layoutPage(entry(20), layoutParams()).diagnostics.map((d) => d.code)).not.toContain('margin-names');
    // Labels hung in the margin, each level with its item's line, 11 pt apart as the names are.
    const hung = Array.from({ length: 5 }, (_, k) => [
      run(`n${k + 1} Option ${k + 1}:`, 60, 116.5 + k * 11, 9, { x1: 126 }),
      run(`q${String(k + 2).padStart(3, '0')} the value the option takes`, 131, 116.5 + k * 11, 9),
    ]).flat();
    const list = [run('q001 7.3 Spacing and indents', 131, 80, 12, { bold: true }), ...hung, ...entry().slice(-4)];
    expect(layoutPage(list, layoutParams()).diagnostics.map((d) => d.code)).not.toContain('margin-names');
    // A definition list's terms on lines of their own, no text level with the first (the description under them).
    const terms = entry().filter((r) => !r.text.startsWith('q002'));
    expect(layoutPage(terms, layoutParams()).diagnostics.map((d) => d.code)).not.toContain('margin-names');
    // A table's row label wrapped in its narrow first column, level with a row of cells.
    const cells = entry().flatMap((r) =>
      r.text.startsWith('q002') ? [{ ...r, text: 'q002 rate' }, run('%', 300, r.baseline, 9), run('63', 400, r.baseline, 9)] : [r],
    );
    expect(layoutPage(cells, layoutParams()).diagnostics.map((d) => d.code)).not.toContain('margin-names');
    // A listing's line numbers, blank lines numbered on rows of their own: no letters, no names.
    const numbered = entry().map((r) => (r.x0 === 25 ? { ...r, text: String(r.baseline) } : r));
    expect(layoutPage(numbered, layoutParams()).diagnostics.map((d) => d.code)).not.toContain('margin-names');
  });
});

describe('a note set small in the right margin a word space from the text', () => {
  // A double-spaced thesis page (12 pt lines 27.5 pt apart, justified from x 84 to 540): three paragraphs of three or
  // four lines; beside the second, a \marginpar in 8 pt at x 547, four lines 18 pt apart, the first level with the
  // paragraph's first line, the last with its third; the two between stand on rows of their own.
  const page = (opts: { size?: number; x?: number; stagger?: boolean } = {}) => {
    const runs: Run[] = [];
    const paragraphs = [3, 4, 3];
    let k = 0;
    let y = 84;
    for (const n of paragraphs)
      for (let i = 0; i < n; i++, k++, y += 27.5) {
        const label = `q${String(k + 1).padStart(3, '0')}`;
        runs.push(i === n - 1 ? run(line(label, 40, k), 84, y, 12) : run(line(label, 80, k), 84, y, 12, { x1: 540 }));
      }
    const x = opts.x ?? 547;
    ['This is', 'margin note', 'shown in', 'color.'].forEach((t, i) =>
      runs.push(
        run(`n${i + 1} ${t}`, x + (opts.stagger ? (i % 2) * 3 : 0), 166.5 + i * 18, opts.size ?? 8, { x1: Math.min(x + 47, x + 7 * t.length) }),
      ),
    );
    return runs;
  };
  const order = (runs: Run[]) => [...textOf(runs).matchAll(/[qn]\d{1,3}\b/g)].map((m) => m[0]);

  it('is read as a block after the paragraph beside it, none of its lines spliced into the text’s', () => {
    const layout = layoutPage(page(), layoutParams());
    expect(order(page())).toEqual(['q001', 'q002', 'q003', 'q004', 'q005', 'q006', 'q007', 'n1', 'n2', 'n3', 'n4', 'q008', 'q009', 'q010']);
    for (const l of layout.segments
      .map((s) => s.text)
      .join('\n')
      .split('\n'))
      expect(/n\d/.test(l) && /q\d{3}/.test(l)).toBe(false);
    expect(layout.diagnostics.map((d) => d.code)).toContain('margin-notes');
  });

  it('is read so with a line drawn in two runs, the second a hair higher (a change of colour mid-line)', () => {
    const runs = page().flatMap((r) =>
      r.text.startsWith('n2') ? [{ ...r, text: 'n2 margin', x1: 575 }, run('note', 577, r.baseline - 0.01, 8, { x1: 594 })] : [r],
    );
    expect(order(runs)).toEqual(['q001', 'q002', 'q003', 'q004', 'q005', 'q006', 'q007', 'n1', 'n2', 'n3', 'n4', 'q008', 'q009', 'q010']);
  });

  it('is left alone with no line level with the text’s (nothing to splice), or with every line level with one', () => {
    const text = page().filter((r) => !r.text.startsWith('n'));
    const note = (baselines: number[]) => baselines.map((b, i) => run(`n${i + 1} note line`, 547, b, 8, { x1: 594 }));
    for (const baselines of [
      [172, 181, 190],
      [166.5, 194, 221.5],
    ])
      expect(layoutPage([...text, ...note(baselines)], layoutParams()).diagnostics.map((d) => d.code)).not.toContain('margin-notes');
  });

  it('is left alone in the text’s own size (a column), far from the text, or with its lines starting on different x', () => {
    for (const over of [{ size: 12 }, { x: 580 }, { stagger: true }])
      expect(layoutPage(page(over), layoutParams()).diagnostics.map((d) => d.code)).not.toContain('margin-notes');
  });
});

describe('a small block beside a paragraph, level with a few of its lines', () => {
  // A manual's sentence over two lines (10 pt, the first indented) beside a listing of seven lines 28 pt right of it,
  // under a line across the page (paracol's "O.K., we have restarted…" beside its \columnratio example). Read by rows,
  // the listing's first two lines are spliced into the sentence's.
  const page = (over: { sentence?: boolean; wide?: boolean; continued?: boolean; prose?: boolean; level?: number } = {}) => {
    const r = (t: string, x0: number, x1: number, y: number, extra: Partial<Run> = {}) => run(t, x0, y, 10, { x1, ...extra });
    const mono = { mono: true };
    const listing = over.prose
      ? [
          'A listing of the source for the left column q005',
          'to be typed as shown here in the preamble q006',
          'with the ratio set first q007',
          'O.K., ... q008',
        ]
      : [
          over.continued ? 'and the \\columnratio{0.6} q005' : '\\columnratio{0.6} q005',
          '\\begin{paracol}{2} q006',
          '\\begin{leftcolumn} q007',
          'O.K., ... q008',
        ];
    const runs = [
      r('q001 showing another example of closing paracol environments in this sentence and of restarting in the', 56.7, 498.8, 616.9),
      r('q002 which unbalanced column width is demonstrated using the command shown in Section 7.3.', 56.7, 498.8, 628.9),
      r(
        over.sentence
          ? 'q003 O.K., we have restarted paracol environment and we will see.'
          : 'q003 O.K., we have restarted paracol environment and we will',
        71.6,
        328.8,
        640.8,
      ),
      r(over.sentence ? 'q004 The effect of \\flushpage now!!' : 'q004 see the effect of \\flushpage now!!', 56.7, 207, 652.8),
      ...listing.map((t, i) => r(t, 357.2, i === 1 && over.wide ? 540 : 451.3, 640.8 + i * 12, mono)),
      r('\\end{leftcolumn} q009', 357.2, 440.9, 688.7, mono),
      r('\\begin{rightcolumn} source q010', 357.2, 486.7, 700.6, mono),
      r('\\end{rightcolumn} q011', 357.2, 446.1, 712.6, mono),
    ];
    return runs;
  };
  const codes = (runs: Run[]) => layoutPage(runs, layoutParams()).diagnostics.map((d) => d.code);

  it('reads a listing beside the two lines that introduce it after them', () => {
    const layout = layoutPage(page(), layoutParams());
    expect(labels(layout.segments.map((s) => s.text).join('\n'))).toEqual(seq(1, 11));
    const said = layout.diagnostics.find((d) => d.code === 'block-beside');
    expect(said?.detail?.lines).toHaveLength(7);
  });

  it.each([
    // Each line beside the listing ends its sentence ("…we will see."): none runs on past it.
    ['the sentence ends before the gap', { sentence: true }],
    // A block reaching x 540 is a column as wide as the text beside it (56 to 329), not a block beside a paragraph.
    ['the block is as wide as the text', { wide: true }],
    // A block whose first line starts in lower case runs on from a line above it: a column's text, not a block.
    ['the block starts in lower case', { continued: true }],
    // A block whose lines run on into one another is a column of prose.
    ['the block is running text', { prose: true }],
  ])('leaves the rows alone when %s', (_, over) => {
    expect(codes(page(over))).not.toContain('block-beside');
  });

  it('leaves a block alone that the page as laid out reads apart already', () => {
    // Four lines of a paragraph, each running on into the next, level with a listing's four lines: the page is laid
    // out in two columns, the listing's lines no part of the paragraph's.
    const runs: Run[] = [];
    for (let i = 0; i < 4; i++) {
      const y = 640.8 + i * 12;
      runs.push(run(`q${String(i + 1).padStart(3, '0')} the harbour works were incomplete before the season and`, 56.7, y, 10, { x1: 328.8 }));
      runs.push(run(`\\begin{listing} q${String(i + 11).padStart(3, '0')}`, 357.2, y, 10, { x1: 451.3, mono: true }));
    }
    expect(codes(runs)).not.toContain('block-beside');
  });
});

describe('fractions of two columns’ formulas on rows half a line apart', () => {
  // A Chinese exam's two columns (10.5 pt): the left column's line "4. … f(x) = 7 sin (x − π/6) …" on baseline 506,
  // the right column's "D. 当 μ = 1/2 时 …" on 500.6, half a line higher; each fraction's numerator and denominator
  // 0.7 of a size over and under its own line's baseline, so the right one's denominator (507.8) sits level with the
  // left line.
  const page = () => [
    run('4. 下列区间中，函数', 92, 506, 10.5, { x1: 190 }),
    run('𝑓(𝑥) = 7 sin (𝑥 −', 195, 506, 10.5, { x1: 275 }),
    run('π', 277, 498.9, 10.5, { x1: 283 }),
    run('6', 278, 513.2, 10.5, { x1: 283 }),
    run(') 的单调递增区间是', 285, 506, 10.5, { x1: 378 }),
    run('D. 当 𝜇 =', 673, 500.6, 10.5, { x1: 720 }),
    run('1', 725, 493.5, 10.5, { x1: 730 }),
    run('2', 725, 507.8, 10.5, { x1: 730 }),
    run('时，有且仅有一个点', 735, 500.6, 10.5, { x1: 829 }),
  ];
  const rowWith = (rows: ReturnType<typeof buildRows>, text: string) => rows.find((r) => r.runs.some((x) => x.text.startsWith(text)));

  it('are each moved into their own column’s line, none of the right line taken into the left', () => {
    const rows = buildRows(page());
    const left = rowWith(rows, '4.')!;
    const right = rowWith(rows, 'D.')!;
    expect(left).not.toBe(right);
    expect(left.runs.map((x) => x.text).sort()).toEqual(['4. 下列区间中，函数', '6', ') 的单调递增区间是', 'π', '𝑓(𝑥) = 7 sin (𝑥 −'].sort());
    expect(right.runs.map((x) => x.text).sort()).toEqual(['1', '2', 'D. 当 𝜇 =', '时，有且仅有一个点'].sort());
  });

  it('take an option’s fraction that runs on past the label’s reach ("C. 2/5"), beside the other column’s formula', () => {
    const runs = [
      run('C.', 343, 646.1, 10.5, { x1: 353 }),
      run('2', 360, 639, 10.5, { x1: 365.3 }),
      run('5', 360, 653.3, 10.5, { x1: 365.3 }),
      run('15. 函数 𝑓(𝑥) = |2𝑥 − 1| − 2 ln 𝑥 的最小值为', 652, 645.6, 10.5, { x1: 890 }),
    ];
    const row = rowWith(buildRows(runs), 'C.')!;
    expect(row.runs.map((x) => x.text)).toEqual(expect.arrayContaining(['2', '5']));
  });

  it('take a fraction as wide as the gap it fills, measured from its own line’s baseline, not the other column’s', () => {
    // "6. 若 tan θ = −2，则 [sin θ(1 + sin 2θ) over sin θ + cos θ] =" on 618.7, the right column's line on 616.1.
    const runs = [
      run('6. 若 tan 𝜃 = −2，则', 92, 618.7, 10.5, { x1: 192 }),
      run('sin 𝜃(1 +', 197, 611.6, 10.5, { x1: 235 }),
      run('sin 2𝜃)', 238, 611.6, 10.5, { x1: 267 }),
      run('sin 𝜃 + cos 𝜃', 205, 625.9, 10.5, { x1: 259 }),
      run('=', 272, 618.7, 10.5, { x1: 280 }),
      run('𝑄 为 𝑥 轴上一点，且 |𝐹𝑄| = 6，则 𝐶 的准线方程为', 673, 616.1, 10.5, { x1: 1017 }),
    ];
    const row = rowWith(buildRows(runs), '6.')!;
    expect(row.runs.map((x) => x.text)).toEqual(expect.arrayContaining(['sin 𝜃(1 +', 'sin 2𝜃)', 'sin 𝜃 + cos 𝜃', '=']));
  });
});

describe('rows over and under a formula that are no fraction’s parts', () => {
  it('take a denominator that the next line’s tall parentheses are drawn across (their glyphs hang low)', () => {
    // A Japanese handout (10 pt): "⑴ x > −1 のとき， 2x + 1/(x + 1) の最小値" on 537.5, the next line's big "( … )( … )"
    // drawn 9.1 pt under it, over the denominator's ink.
    const runs = [
      run('⑴ x > −1 のとき，', 58, 537.5, 10, { x1: 140 }),
      run('2x +', 143, 537.5, 10, { x1: 165 }),
      run('1', 178, 532.7, 10, { x1: 183 }),
      run('x', 168.7, 543.9, 10, { x1: 174.4 }),
      run('+ 1', 176.6, 543.9, 10, { x1: 191.5 }),
      run('の最小値', 197, 537.5, 10, { x1: 237 }),
      run('(', 135.2, 546.6, 10, { x1: 141.2 }),
      run(') (', 170.5, 546.6, 10, { x1: 184 }),
      run(')', 213.3, 546.6, 10, { x1: 219.2 }),
    ];
    const row = buildRows(runs).find((r) => r.runs.some((x) => x.text.startsWith('⑴')))!;
    expect(row.runs.map((x) => x.text)).toEqual(expect.arrayContaining(['1', 'x', '+ 1']));
    expect(row.runs.map((x) => x.text)).not.toContain(') (');
  });

  it('leave a cases formula’s two lines whole: a quad between value and condition, no run of the formula in it', () => {
    // "y(x) = { x² si x ≥ 0, / −x² si x < 0." (12 pt): the left side on 656.7, the cases 8.5 pt over and 9.7 under it.
    const runs = [
      run('𝑦', 244.3, 656.7, 12, { x1: 250.3 }),
      run('(', 250.9, 656.7, 12, { x1: 255 }),
      run('𝑥', 255.3, 656.7, 12, { x1: 261.3 }),
      run(')', 261.9, 656.7, 12, { x1: 266.1 }),
      run('=', 269.4, 656.7, 12, { x1: 277.4 }),
      run('𝑥', 289, 648.2, 12, { x1: 295 }),
      run('si 𝑥 ≥ 0,', 320.4, 648.2, 12, { x1: 366.9 }),
      run('−', 288.6, 666.4, 12, { x1: 296.6 }),
      run('𝑥', 297, 666.4, 12, { x1: 303 }),
      run('si 𝑥 < 0.', 320.4, 666.4, 12, { x1: 366.5 }),
    ];
    const rows = buildRows(runs);
    expect(rows.map((r) => r.runs.length)).toEqual([2, 5, 3]);
  });

  it('leave a plot’s axis labels past the end of a line alone, the line closing in words and a parenthesis', () => {
    // A slide's line "standard error (SE(θ) = reliability of estimate)" (9.2 pt) and, 27 pt past its end, a bar
    // chart's category labels (5.8 pt) right-aligned over and under its baseline.
    const runs = [
      run('standard error (SE(θ)', 25, 91.3, 9.2, { x1: 115 }),
      run('=', 118, 91.3, 9.2, { x1: 125 }),
      run('reliability of estimate)', 128.8, 91.3, 9.2, { x1: 214.8 }),
      run('hum', 258.5, 87.5, 5.8, { x1: 269.7 }),
      run('windspeed', 242.1, 94.6, 5.8, { x1: 269.7 }),
    ];
    expect(buildRows(runs).map((r) => r.runs.length)).toEqual([1, 3, 1]);
  });

  it('leave another column’s two lines left of a formula alone, though they stand over one another', () => {
    // Two bullets' lines (x 94–252) a gutter of 25 pt left of a listing's line with an equals sign, 7 pt over and
    // 5 pt under its baseline.
    const runs = [
      run('CWE Entry', 93.7, 950.5, 10, { x1: 136.5 }),
      run('77', 138.7, 950.5, 10, { x1: 148.8 }),
      run('on Command', 151.2, 950.5, 10, { x1: 205.6 }),
      run('Injection', 208.1, 950.5, 10, { x1: 243.6 }),
      run('•', 248, 950.5, 10, { x1: 251.5 }),
      run('CWE Entry', 120, 962.5, 10, { x1: 162.8 }),
      run('89', 165, 962.5, 10, { x1: 175.1 }),
      run('on SQL', 177.5, 962.5, 10, { x1: 205.7 }),
      run('Injection', 208.1, 962.5, 10, { x1: 243.6 }),
      run('•', 248, 962.5, 10, { x1: 251.5 }),
      run('WHERE custID =', 277, 957.7, 10, { x1: 350 }),
      run('request.getParameter', 356, 957.7, 10, { x1: 445 }),
    ];
    expect(buildRows(runs).map((r) => r.runs.length)).toEqual([5, 2, 5]);
  });
});

describe('an exam’s options set in a row under each question', () => {
  // Two columns of a Chinese exam (10.5 pt), the left from x 92, the right from 652: six questions in the left, each
  // a line ending short of x 437 and a row of four options under it at x 107, 225, 343 and 460 ("A. 13  B. 12  C. 9
  // D. 6"); the right column's lines beside them. The gap before the "D." options runs clean down the column.
  const page = () => {
    const runs: Run[] = [];
    for (let k = 0; k < 6; k++) {
      const y = 100 + k * 40;
      runs.push(run(`q${String(2 * k + 1).padStart(3, '0')} 已知集合的元素个数为多少，则`, 92, y, 10.5, { x1: 380 }));
      ['A', 'B', 'C', 'D'].forEach((l, j) => runs.push(run(`${l}. ${j + k}`, 107 + 118 * j, y + 18, 10.5, { x1: 107 + 118 * j + 24 })));
    }
    for (let k = 0; k < 12; k++) runs.push(run(`r${String(k + 1).padStart(3, '0')} ${line('', 40, k)}`, 652, 100 + k * 20, 10.5, { x1: 1130 }));
    return runs;
  };

  it('are read along their row, the gap before "D." no gutter: each question, then its options, then the other column', () => {
    const layout = layoutPage(page(), layoutParams());
    expect(layout.gutters).toHaveLength(1);
    const text = layout.segments.map((s) => s.text).join('\n');
    for (let k = 0; k < 6; k++) expect(text).toContain(`A. ${k} B. ${k + 1} C. ${k + 2} D. ${k + 3}`);
    expect(text.indexOf('D. 8')).toBeLessThan(text.indexOf('r001'));
  });
});

describe('two small blocks side by side on staggered baselines in one column', () => {
  // A manual's two-line listing (right) beside the output it prints (left), whose baseline falls between theirs.
  const at = (text: string, x0: number, x1: number, baseline: number, size: number, mono = false) =>
    makeLine([run(text, x0, baseline, size, { x1, mono })], baseline);
  const stretch = () => [
    at('1 \\zhnumsetup{time=Chinese}', 378, 510, 329.8, 9, true),
    at('q101 output of the example', 130, 309, 336.8, 10.5),
    at('2 \\zhtoday\\zhcurrtime', 378, 482, 340.6, 9, true),
  ];
  const segmentOf = (lines: Line[]): Segment => ({
    kind: 'column',
    page: 1,
    band: 0,
    column: 0,
    text: lines.map((l) => l.text).join('\n'),
    bbox: [60, 280, 510, 400],
    lines,
  });
  const read = (lines: Line[]) => {
    const seg = segmentOf(lines);
    const d = readStaggeredBlocks([seg], 1);
    return { texts: seg.lines.map((l) => l.text.slice(0, 4)), d };
  };

  it('reads the left block whole, then the right one', () => {
    const intro = at('q100 the format of the numbers, for example', 60, 500, 300, 10.5);
    const after = at('q102 sets the separator of the numbers', 60, 500, 370, 10.5);
    const { texts, d } = read([intro, ...stretch(), after]);
    expect(texts).toEqual(['q100', 'q101', '1 \\z', '2 \\z', 'q102']);
    expect(d?.code).toBe('staggered-blocks');
  });

  it('leaves the lines as they are when a line right over them reaches into both blocks', () => {
    const bridge = at('q100 a line across both of the blocks, level with their tops', 130, 500, 319, 10.5);
    expect(read([bridge, ...stretch()]).d).toBeNull();
  });

  it('leaves the lines as they are when a block mixes fixed-pitch lines with others, or sizes', () => {
    const lines = stretch();
    lines[2] = at('2 a sentence under the listing', 378, 482, 340.6, 9);
    expect(read(lines).d).toBeNull();
    const small = stretch();
    small[2] = at('2 \\zhtoday\\zhcurrtime', 378, 482, 340.6, 6, true);
    expect(read(small).d).toBeNull();
  });
});

describe('a leader of dots drawn a glyph a run in a table row', () => {
  // A tax form's line: its label, dots every 12 pt (9.5 pt apart, over a cell gap at 9 pt), the line's number.
  const dots = (from: number, to: number, baseline: number) =>
    Array.from({ length: Math.floor((to - from) / 12) + 1 }, (_, k) => run('.', from + 12 * k, baseline, 9, { x1: from + 12 * k + 2.5 }));
  it('is one cell with its label', () => {
    const runs = [run('Add lines 5e and 6', 115.2, 320.9, 9, { x1: 190.1 }), ...dots(204, 468, 320.9), run('7', 490, 320.9, 9)];
    const cells = makeLine(runs, 320.9, { cells: true }).cells ?? [];
    expect(cells).toHaveLength(2);
    expect(cells[0]).toMatch(/^Add lines 5e and 6 \.[. ]+$/);
    expect(cells[1]).toBe('7');
  });
  it('but dots standing for missing values in a narrow table, 15 pt apart at 8 pt, are cells each', () => {
    const xs = [72, 130, 145, 160, 175, 190];
    const runs = ['Sample A', '.', '.', '1', '.', '.'].map((t, k) => run(t, xs[k], 200, 8, { x1: xs[k] + (k ? 2.5 : 40) }));
    expect(makeLine(runs, 200, { cells: true }).cells).toEqual(['Sample A', '.', '.', '1', '.', '.']);
  });
  it('but dots standing for missing values, a column apart, are cells each', () => {
    const runs = [run('Age', 72, 200, 9), run('.', 150, 200, 9, { x1: 152.5 }), run('.', 200, 200, 9, { x1: 202.5 }), run('3.2', 250, 200, 9)];
    expect(makeLine(runs, 200, { cells: true }).cells).toEqual(['Age', '.', '.', '3.2']);
  });
});

describe('a big operator set inline, drawn from the top of its glyph', () => {
  // TeX's extension font: "F₂ = ∑ᵢ pᵢ²" in a line of running text, the sum's baseline 7.5 pt over the line's.
  const line = (opBaseline: number, beside = 0) => [
    run('The collision probability', 49, 488.3, 10, { x1: 168 }),
    run('F', 171.9, 488.3, 10, { x1: 178.3 }),
    run('2', 178.3, 489.8, 7, { x1: 182.2 }),
    run('=', 191, 488.3, 10, { x1: 198.8 }),
    run('∑', 207.1 + beside, opBaseline, 10, { x1: 217.6 + beside }),
    run('i', 217.6 + 2 * beside, 491.3, 7, { x1: 220.4 + 2 * beside }),
    run('p', 222.5 + 2 * beside, 488.3, 10, { x1: 227.6 + 2 * beside }),
    run(', introduced by Friedman', 240 + 2 * beside, 488.3, 10, { x1: 300 + 2 * beside }),
  ];
  const texts = (runs: Run[]) =>
    buildRows(runs).map((r) =>
      orderRuns(r.runs)
        .map((q) => q.text)
        .join(' '),
    );
  it('is read in its line, where it stands', () => {
    expect(texts(line(480.8))).toEqual(['The collision probability F 2 = ∑ i p , introduced by Friedman']);
    // Opening its line (the relation ended the line before).
    const opening = [run('∑', 49, 673.1, 10, { x1: 59.5 }), run('p', 61.1, 680.6, 10, { x1: 66.2 }), run('captures structure', 72, 680.6, 10)];
    expect(texts(opening)).toEqual(['∑ p captures structure']);
  });
  it('but not one a size and more over the line, or standing apart from its neighbours', () => {
    expect(texts(line(476))).toHaveLength(2);
    expect(texts(line(480.8, 14))).toHaveLength(2);
  });
  it('nor into the line over it, set a word a run: TeX hangs the glyph from its origin, under its row', () => {
    const words = ['we', 'measure', 'how', 'often', 'two', 'draws', 'from', 'one', 'urn', 'agree.'];
    const xs = [49, 65, 90, 110, 138, 157, 185, 207, 223, 241];
    const above = words.map((w, k) => run(w, xs[k], 476.3, 10, { x1: xs[k] + 4.5 * w.length }));
    expect(texts([...above, ...line(480.8)])).toEqual([
      'we measure how often two draws from one urn agree.',
      'The collision probability F 2 = ∑ i p , introduced by Friedman',
    ]);
  });
  it('nor a display’s, its limits stacked over and under it (placeLimits reads those)', () => {
    const limits = [run('n', 210, 470, 7, { x1: 214 }), run('i=1', 207.5, 497, 7, { x1: 217 })];
    expect(buildRows([...line(480.8), ...limits]).some((r) => r.runs.length === 1 && r.runs[0].text === '∑')).toBe(true);
  });
});

describe('a table row whose label states a relation ("λ = 0.1   93.2   91.0"), between spanning rows', () => {
  it('stays a table row: a formula of one row states a relation in every piece', () => {
    const runs: Run[] = [...column(1, 8, 72, 60, { chars: 90 })];
    let y = 200;
    runs.push(run('Setting of the model', 100, y, 10), run('Accuracy', 300, y, 10), run('F1 score', 400, y, 10));
    const spans = ['Results with default parameters and early stopping', 'Results with tuned parameters and early stopping'];
    [
      ['λ = 0.1', '93.2', '91.0'],
      ['λ = 0.5', '94.1', '92.3'],
      ['λ = 0.9', '92.8', '90.7'],
    ].forEach((cells, i) => {
      y += 14;
      if (spans[i]) {
        runs.push(run(spans[i], 100, y, 10, { x1: 480 }));
        y += 14;
      }
      runs.push(run(cells[0], 100, y, 10), run(cells[1], 300, y, 10), run(cells[2], 400, y, 10));
    });
    runs.push(...column(20, 8, 72, y + 44, { chars: 90 }));
    const cells = layoutPage(runs, params()).segments.flatMap((s) => s.lines.map((l) => l.cells));
    expect(cells).toContainEqual(['λ = 0.1', '93.2', '91.0']);
  });
});
