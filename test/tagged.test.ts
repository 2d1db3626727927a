/**
 * Reading a page in its tag order (lib/layout/tagged.ts) on hand-placed runs: the tree's own order for the text,
 * the geometry's columns for the lines, and figures and captions where the page shows them.
 */
import { describe, expect, it } from 'vitest';
import { layoutPage } from '../lib/layout/page.js';
import { type Placement, readTagged, stretches } from '../lib/layout/tagged.js';
import { makeLine, runsOfLine } from '../lib/layout/lines.js';
import type { TagElement, TagLeaf } from '../lib/pdf/tags.js';
import type { Line, Run } from '../lib/types.js';
import { column, labels, layoutParams, run } from './support/runs.js';

const params = layoutParams();
const seq = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `q${String(from + i).padStart(3, '0')}`);

let key = 0;
const el = (role: string): TagElement => ({ role, key: key++ });
const doc = el('Document');

/** One marked-content id per run; returns the leaves of one element holding them, under `path`. */
function tag(runs: Run[], path: TagElement[], id: string): TagLeaf[] {
  runs.forEach((r) => (r.mcid = id));
  return [{ mcid: id, path: [doc, ...path] }];
}

describe('a tagged page whose tree lists its figures at the end', () => {
  // Two columns of 20 lines; a caption under each column, on one baseline, tagged as one piece of text.
  const left = column(1, 20, 72, 80, { chars: 44 });
  const right = column(21, 20, 72 + 220 + 24, 80, { chars: 44 });
  const cap1 = run('Figure 1. Self-locking nuts.', 72, 700, 8);
  const cap2 = run('Figure 2. Stainless steel nut.', 316, 700, 8);
  const label = run('Nut case', 340, 640, 7);
  // A figure label in column two's own text area, between its 10th and 11th lines: only geometry places it there.
  const inner = run('Keyway', 340, 80 + 9.5 * 12, 7);
  const leaves: TagLeaf[] = [];
  [left, right].forEach((col, c) => {
    for (let p = 0; p < 4; p++) leaves.push(...tag(col.slice(p * 5, p * 5 + 5), [el('P')], `c${c}p${p}`));
  });
  const figure = el('Figure');
  leaves.push(...tag([label], [figure], 'fig'));
  leaves.push(...tag([inner], [el('Figure')], 'fig2'));
  leaves.push(...tag([cap1, cap2], [figure, el('Caption'), el('P')], 'cap'));
  const runs = [...left, ...right, cap1, cap2, label, inner];
  const geometric = layoutPage(runs, params);
  const reading = readTagged(runs, leaves, geometric, 1);
  const text = reading.segments.map((s) => s.text).join('\n');

  it('uses the tree for the text', () => {
    expect(reading.coherent).toBe(true);
    expect(labels(text)).toEqual(labels([...left, ...right].map((r) => r.text).join('\n')));
  });

  it('reads each caption where it stands, never two columns’ captions as one line', () => {
    expect(text).not.toMatch(/nuts\. Figure 2/);
    const lines = text.split('\n');
    const at = (s: string) => lines.findIndex((l) => l.includes(s));
    expect(at('Figure 1.')).toBeGreaterThan(at('q020'));
    expect(at('Figure 1.')).toBeLessThan(at('q021'));
    expect(at('Figure 2.')).toBeGreaterThan(at('q040'));
    expect(at('Nut case')).toBeGreaterThan(at('q035'));
    expect(at('Keyway')).toBeGreaterThan(at('q030'));
    expect(at('Keyway')).toBeLessThan(at('q031'));
    expect(reading.segments.find((s) => s.text.startsWith('Figure 1.'))?.role).toBe('Caption');
  });
});

describe('a tagged line with a fraction tagged as its own span', () => {
  it('keeps the raised numerator in its line', () => {
    const before = run('ranges in size for No. 6 up to', 72, 100, 10);
    const num = run('1', before.x1 + 2, 96.8, 5.5);
    const slash = run('⁄', num.x1, 100, 10);
    const rest = run('4 inch, the Rol-top ranges from', slash.x1 + 1, 100, 10);
    const next = run('a quarter inch to one sixth of an inch.', 72, 112.5, 10);
    const p = el('P');
    const span = el('Span');
    const leaves = [...tag([before], [p], 'a'), ...tag([num], [p, span], 'b'), ...tag([slash, rest], [p], 'c'), ...tag([next], [p], 'd')];
    const runs = [before, num, slash, rest, next];
    const reading = readTagged(runs, leaves, layoutPage(runs, params), 1);
    expect(reading.segments).toHaveLength(1);
    expect(reading.segments[0]!.lines).toHaveLength(2);
    expect(reading.segments[0]!.lines[0]!.text).toMatch(/up to ?1⁄4 inch/);
  });
});

describe('review cases', () => {
  it('reads a drop cap tagged first at the start of its paragraph’s first line, not inside its third', () => {
    const cap = run('T', 72, 124, 36);
    const lines = [
      run('he harbour works were incomplete before the season', 100, 100, 10),
      run('closed and no further funds had been voted for the', 100, 112, 10),
      run('repairs along the eastern breakwater, which the survey', 100, 124, 10),
      run('ordered in the spring showed to be failing.', 72, 136, 10),
    ];
    const p = el('P');
    const runs = [cap, ...lines];
    const leaves = runs.flatMap((r, i) => tag([r], [p], `d${i}`));
    const reading = readTagged(runs, leaves, layoutPage(runs, params), 1);
    const text = reading.segments.map((s) => s.text).join('\n');
    expect(text.startsWith('The harbour works')).toBe(true);
    expect(text).toContain('\nrepairs along');
  });

  it('reads a page tagged wholly as a figure in its tag order, as the same page tagged as paragraphs', () => {
    const left = column(1, 20, 72, 80, { chars: 44 });
    const right = column(21, 20, 316, 80, { chars: 44 });
    const order = (wrap: boolean) => {
      const fig = el('Figure');
      // The tree reads the right column (a sidebar) first.
      const leaves = [right, left].flatMap((col, c) => {
        const p = el('P');
        return col.flatMap((r, i) => tag([r], wrap ? [fig, p] : [p], `w${wrap}c${c}r${i}`));
      });
      const runs = [...left, ...right];
      return labels(
        readTagged(runs, leaves, layoutPage(runs, params), 1)
          .segments.map((s) => s.text)
          .join('\n'),
      );
    };
    expect(order(true)).toEqual(order(false));
    expect(order(false)[0]).toBe('q021');
  });
});

describe('a tree that lists the boxes of a page in the order they were made', () => {
  // Two columns of 20 lines, five paragraphs of four lines each.
  const left = column(1, 20, 72, 80, { chars: 44 });
  const right = column(21, 20, 316, 80, { chars: 44 });
  const runs = [...left, ...right];
  const paragraphs = (col: Run[], c: number) => Array.from({ length: 5 }, (_, p) => tag(col.slice(p * 4, p * 4 + 4), [el('P')], `m${c}p${p}`));
  const geometric = layoutPage(runs, params);

  it('is not used when it reads a fifth of the page the other way round (the right column first)', () => {
    const [l, r] = [paragraphs(left, 0), paragraphs(right, 1)];
    const reading = readTagged(runs, [...r, ...l].flat(), geometric, 1);
    // No step back up inside a column, one return at most: the revisit count alone would take it.
    expect(reading.revisits).toBeLessThanOrEqual(1);
    expect(reading.disorder).toBeGreaterThan(0.15);
    expect(reading.coherent).toBe(false);
    expect(reading.reason).toMatch(/other way round/);
  });

  it('is used when it moves one paragraph (a note read where it is referenced)', () => {
    const [l, r] = [paragraphs(left, 0), paragraphs(right, 1)];
    // The right column's last paragraph is tagged after the left column's second.
    const leaves = [...l.slice(0, 2), r[4], ...l.slice(2), ...r.slice(0, 4)].flat();
    const reading = readTagged(runs, leaves, geometric, 1);
    expect(reading.disorder).toBeGreaterThan(0);
    expect(reading.disorder).toBeLessThan(0.15);
    expect(reading.coherent).toBe(true);
  });
});

describe('a spreadsheet tagged as one table, with text blocks set under its grid', () => {
  /** A sheet: a header row, six rows of a label and four numbers, then the rows `foot` adds under the grid. */
  function sheet(foot: (table: TagElement, y: number) => { runs: Run[]; leaves: TagLeaf[] }) {
    const table = el('Table');
    const runs: Run[] = [];
    const leaves: TagLeaf[] = [];
    const row = (cells: [string, number][], y: number) => {
      const tr = el('TR');
      for (const [text, x] of cells) {
        const r = run(text, x, y, 10);
        runs.push(r);
        leaves.push(...tag([r], [table, tr, el('TD'), el('P')], `t${key++}`));
      }
    };
    row(
      [
        ['Region', 72],
        ['This week', 200],
        ['Last week', 270],
        ['Year ago', 340],
        ['Report', 420],
      ],
      100,
    );
    ['Iowa', 'Minnesota', 'Nebraska', 'Kansas', 'Ohio', 'Illinois'].forEach((name, i) =>
      row(
        [
          [name, 72],
          ['1.35', 210],
          ['1.38', 280],
          ['1.27', 350],
          [`${name} Ethanol`, 420],
        ],
        114 + 12 * i,
      ),
    );
    const f = foot(table, 114 + 12 * 6);
    const all = [...runs, ...f.runs];
    return readTagged(all, [...leaves, ...f.leaves], layoutPage(all, params), 1);
  }
  const footRows = (rows: [string, number][][]) => (table: TagElement, y0: number) => {
    const runs: Run[] = [];
    const leaves: TagLeaf[] = [];
    rows.forEach((cells, i) => {
      const tr = el('TR');
      for (const [text, x] of cells) {
        const r = run(text, x, y0 + 12 * i, 10);
        runs.push(r);
        leaves.push(...tag([r], [table, tr, el('TD'), el('P')], `f${key++}`));
      }
    });
    return { runs, leaves };
  };

  it('reads an address beside an e-mail block block by block, after the table', () => {
    const reading = sheet(
      footRows([
        [['Market News Service, Des Moines', 72]],
        [
          ['210 Walnut Street', 72],
          ['Email: news@example.gov', 330],
        ],
        [
          ['Des Moines, Iowa 50309', 72],
          ['www.example.gov/news/report', 330],
        ],
      ]),
    );
    const text = reading.segments.map((s) => s.text).join('\n');
    expect(text).toMatch(/Market News Service, Des Moines\n210 Walnut Street\nDes Moines, Iowa 50309\nEmail: news@example.gov\nwww\.example\.gov/);
    expect(reading.segments[0]!.kind).toBe('table');
    expect(reading.segments[0]!.lines).toHaveLength(7);
    expect(reading.segments.slice(1).map((s) => s.kind)).toEqual(['column', 'column']);
  });

  it('reads notes under the grid, one cell a row with their turned lines indented, line by line down', () => {
    const reading = sheet(
      footRows([
        [['1 The weekly prices are averages of the reports received by Friday noon from', 72]],
        [['the plants of the region.', 84]],
        [['2 The reports of the year ago week were revised in March.', 72]],
      ]),
    );
    const text = reading.segments.map((s) => s.text).join('\n');
    expect(text).toMatch(/from\nthe plants of the region\.\n2 The reports/);
    expect(reading.segments[0]!.kind).toBe('table');
    expect(reading.segments.slice(1).map((s) => s.kind)).toEqual(['column']);
  });

  it('keeps a total row and its figures as table rows', () => {
    const reading = sheet(
      footRows([
        [
          ['Subtotal of all the regions shown above', 72],
          ['7.95', 350],
        ],
        [
          ['Total of all the regions shown above', 72],
          ['8.10', 350],
        ],
      ]),
    );
    expect(reading.segments).toHaveLength(1);
    expect(reading.segments[0]!.lines.map((l) => l.text).slice(-2)).toEqual([
      'Subtotal of all the regions shown above 7.95',
      'Total of all the regions shown above 8.10',
    ]);
  });
});

describe('a tagged table', () => {
  /** A table of label/value rows at (x, y0), tagged under one Table element. */
  function table(x: number, y0: number, rows: number) {
    const t = el('Table');
    const runs: Run[] = [];
    const leaves: TagLeaf[] = [];
    for (let i = 0; i < rows; i++) {
      const tr = el('TR');
      for (const [text, dx] of [
        [`Key ${i + 1}`, 0],
        [`value ${i + 1}`, 80],
      ] as const) {
        const r = run(text, x + dx, y0 + 12 * i, 9);
        runs.push(r);
        leaves.push(...tag([r], [t, tr, el('TD')], `tb${key++}`));
      }
    }
    return { runs, leaves };
  }

  it("standing beside the text as a sidebar, tagged first (a web page's infobox), is read after the text", () => {
    const text = column(1, 30, 40, 100, { chars: 60 });
    const box = table(420, 110, 8);
    const leaves = [...box.leaves];
    for (let p = 0; p < 6; p++) leaves.push(...tag(text.slice(p * 5, p * 5 + 5), [el('P')], `w${p}`));
    const runs = [...text, ...box.runs];
    const reading = readTagged(runs, leaves, layoutPage(runs, params), 1);
    expect(reading.coherent).toBe(true);
    expect(reading.segments.map((s) => s.kind)).toEqual(['column', 'column', 'column', 'column', 'column', 'column', 'table']);
  });

  it('between two paragraphs of one column, is read where it stands', () => {
    const before = column(1, 10, 72, 100, { chars: 60 });
    const box = table(72, 100 + 12 * 11, 5);
    const after = column(11, 10, 72, 100 + 12 * 17, { chars: 60 });
    const leaves = [...tag(before, [el('P')], 'b'), ...box.leaves, ...tag(after, [el('P')], 'a')];
    const runs = [...before, ...box.runs, ...after];
    const reading = readTagged(runs, leaves, layoutPage(runs, params), 1);
    expect(reading.segments.map((s) => s.kind)).toEqual(['column', 'table', 'column']);
    expect(labels(reading.segments.map((s) => s.text).join('\n'))).toEqual(
      Array.from({ length: 20 }, (_, i) => `q${String(i + 1).padStart(3, '0')}`),
    );
  });
});

describe('text the structure tree misses', () => {
  it('is read in the tagged line it ends, and where the page shows it, not after the page', () => {
    // Two paragraphs; the tree misses the tail of the first paragraph's fourth line and its whole fifth line.
    const p1 = column(1, 5, 72, 100, { chars: 60 });
    const p2 = column(6, 5, 72, 100 + 7 * 12, { chars: 60 });
    const line4 = p1[3]!;
    const cut = 40;
    const head = run(line4.text.slice(0, cut), line4.x0, line4.baseline, 10);
    const tail = run(line4.text.slice(cut), head.x1, line4.baseline, 10);
    const heading = run('A heading between the paragraphs', 72, 100 + 5.5 * 12, 12);
    const leaves = [...tag([...p1.slice(0, 3), head], [el('P')], 'u1'), ...tag([heading], [el('H2')], 'u2'), ...tag(p2, [el('P')], 'u3')];
    const runs = [...p1.slice(0, 3), head, tail, p1[4]!, heading, ...p2];
    const reading = readTagged(runs, leaves, layoutPage(runs, params), 1);
    const text = reading.segments.map((s) => s.text).join('\n');
    expect(reading.untaggedChars).toBe(tail.text.length + p1[4]!.text.length);
    const joined = reading.segments.flatMap((seg) => seg.lines).find((l) => l.text.startsWith(head.text.trim()));
    expect(joined?.text.replace(/\s+/g, '')).toBe((head.text + tail.text).replace(/\s+/g, ''));
    expect(labels(text)).toEqual(seq(1, 10));
    expect(text.indexOf('A heading between')).toBeGreaterThan(text.indexOf('q005'));
  });
  it('is placed stretch by stretch: an untagged head over the page first (its masthead whole), an untagged table at the foot of column one after that column', () => {
    // A title and two columns of 20 lines, tagged; a masthead over them and a table under column one, untagged.
    const left = column(1, 20, 72, 140, { chars: 44 });
    const right = column(21, 20, 72 + 220 + 24, 140, { chars: 44 });
    const head = run('PAIN 155 (2014) 2291-2300', 200, 60, 10);
    const address = run('www.elsevier.com/locate/pain', 440, 76, 6.4);
    // A title tagged over the columns, in larger type.
    const title = [run('Selective innervation of lamina I neurons', 72, 96, 13.4), run('by presumed nociceptors in the rat', 72, 113, 13.4)];
    const table = [run('Table 1 Primary antibodies used', 72, 400, 8), run('CTb Goat 1:5000', 72, 412, 8), run('VGLUT2 Rabbit 1:500', 72, 424, 8)];
    const leaves: TagLeaf[] = [...tag(title, [el('H1')], 'title')];
    [left, right].forEach((col, c) => {
      for (let p = 0; p < 4; p++) leaves.push(...tag(col.slice(p * 5, p * 5 + 5), [el('P')], `s${c}p${p}`));
    });
    const runs = [head, address, ...title, ...left, ...right, ...table];
    const reading = readTagged(runs, leaves, layoutPage(runs, params), 1);
    const lines = reading.segments.flatMap((s) => s.lines.map((l) => l.text));
    const at = (s: string) => lines.findIndex((l) => l.includes(s));
    expect(reading.coherent).toBe(true);
    expect(at('PAIN 155')).toBeLessThan(at('Selective'));
    expect(at('www.elsevier')).toBeLessThan(at('Selective'));
    expect(at('Table 1')).toBeGreaterThan(at('q020'));
    expect(at('Table 1')).toBeLessThan(at('q021'));
    expect(at('VGLUT2')).toBeLessThan(at('q021'));
  });
  it('gives a stretch’s lines in the geometry’s order: a column’s untagged notes before the next column’s figure labels', () => {
    const at = (text: string, x: number, y: number, rank: number) => ({ l: makeLine([run(text, x, y, 8)], y), rank });
    const items = [
      at('Input layer Hidden layer', 320, 80, 42),
      at('Output layer', 320, 92, 43),
      at('1 Code at github.com/x/y', 72, 700, 40),
      at('2 Data from the 2019 survey', 72, 710, 41),
    ];
    const place: Placement = new Map();
    for (const { l, rank } of items) for (const r of runsOfLine(l)) place.set(r.stream, { segment: 0, line: rank, rank });
    const lines = items.map((i) => i.l).sort((a, b) => a.baseline - b.baseline);
    const tagged = [...Array(40).keys(), ...Array.from({ length: 37 }, (_, k) => 44 + k)];
    expect(stretches(lines, tagged, 60, place).map((g) => g.map((l) => l.text))).toEqual([
      ['1 Code at github.com/x/y', '2 Data from the 2019 survey', 'Input layer Hidden layer', 'Output layer'],
    ]);
  });

  it('keeps the lines over all the tagged text as one stretch, the page’s head, though the geometry reads one after a tagged line', () => {
    // A masthead: the journal's name in the middle, its address at the right, which the geometry read after the title.
    const name = makeLine([run('PAIN 155 (2014) 2291-2300', 200, 60, 10)], 60);
    const address = makeLine([run('www.elsevier.com/locate/pain', 440, 76, 6.4)], 76);
    const table = makeLine([run('Table 1 Primary antibodies used', 72, 400, 8)], 400);
    const place: Placement = new Map();
    const ranks: [Line, number][] = [
      [name, 0],
      [address, 3],
      [table, 9],
    ];
    for (const [l, rank] of ranks) for (const r of runsOfLine(l)) place.set(r.stream, { segment: 0, line: rank, rank });
    // Tagged lines: the title at ranks 1-2 (its top at 86), the columns at 4-8 and 10-12.
    const tagged = [1, 2, 4, 5, 6, 7, 8, 10, 11, 12];
    const texts = (top: number) => stretches([name, address, table], tagged, top, place).map((g) => g.map((l) => l.text));
    expect(texts(86)).toEqual([['PAIN 155 (2014) 2291-2300', 'www.elsevier.com/locate/pain'], ['Table 1 Primary antibodies used']]);
    // Without a head over the tagged text (its top over the masthead), each stretch goes where the geometry reads it.
    expect(texts(50)).toEqual([['PAIN 155 (2014) 2291-2300'], ['www.elsevier.com/locate/pain'], ['Table 1 Primary antibodies used']]);
  });
});
