/**
 * Text run around a box (lib/layout/runaround.ts): a callout set inside a column, the column's lines shortened beside
 * it and running full width above and below. The paragraph is read whole, then the box; a table's label and value
 * pieces, and two blocks side by side with no line running across, are left to the rules that read them.
 */
import { describe, expect, it } from 'vitest';
import { makeLine } from '../lib/layout/lines.js';
import { layoutPage } from '../lib/layout/page.js';
import { findRunAround } from '../lib/layout/runaround.js';
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

describe('a reference card’s terms beside what they say', () => {
  // Under two entries whose term and description run together, five terms (8 pt, at x 26) each with its description
  // on its baseline (7 pt, at x 100), and an entry run together again under them: every line of the stretch in two
  // pieces, the terms terser than what they say.
  const entry = (term: string, what: string, baseline: number, x = 100) =>
    makeLine([run(term, 26, baseline, 8), run(what, x, baseline, 7)], baseline);
  const lines = [
    entry('fprintf (file, fmt, ...)', 'formatted output to file', 100, 26 + 24 * 4 + 4),
    entry('sprintf (fmt, ...)', 'formatted output to a string', 109, 26 + 18 * 4 + 4),
    entry('image (img, zoom)', 'display an image matrix', 118),
    entry('imread (file)', 'load an image file from disk', 127),
    entry('imwrite (img, file)', 'write images to a file in a format', 136),
    entry('ind2gray (img, map)', 'convert an image to gray scale', 145),
    entry('imagesc (img, zoom)', 'display a scaled matrix as an image', 154),
    entry('fclose (file)', 'close the file', 163, 26 + 13 * 4 + 4),
  ];

  it('are no text run around a box of descriptions: the lines are read as they stand', () => {
    expect(findRunAround(lines)).toBeNull();
  });

  it('leave text of a few words a line, every line beside a line of the box, run around the box', () => {
    // The paragraph's shortened lines hold five words or so; the box, in capitals, more.
    const around = (text: string, box: string, baseline: number) => makeLine([run(text, 26, baseline, 8), run(box, 150, baseline, 7)], baseline);
    const full = (text: string, baseline: number) => makeLine([run(text, 26, baseline, 8)], baseline);
    const wrapped = [
      full('The basin holds the largest reserves of the region and it is still', 100),
      full('growing as new wells are drilled along the eastern edge of the', 109),
      around('field, where it is estimated', 'A PLAY IS A GROUP OF OIL AND', 118),
      around('to hold 1.44 trillion barrels', 'GAS FIELDS IN THE SAME REGION', 127),
      around('of oil. In shale gas, the', 'FORMED BY THE SAME PROCESSES', 136),
      full('Marcellus play spans nine states from New York to Tennessee and', 145),
      full('more wells are planned for the coming years across the region.', 154),
    ];
    expect(findRunAround(wrapped)?.box.map((l) => l.text)).toEqual([
      'A PLAY IS A GROUP OF OIL AND',
      'GAS FIELDS IN THE SAME REGION',
      'FORMED BY THE SAME PROCESSES',
    ]);
  });
});

describe('a figure’s centred caption beside the last shortened lines of a paragraph', () => {
  // A paragraph (11 pt, 19 pt apart) whose lines are shortened beside a picture with no text; the caption's first line
  // (10 pt italic, centred, so starting nearer the text) stands alone between two of the shortened lines, its turned
  // line level with the last one. The paragraph runs on full width; the next paragraph opens with an indent, no space.
  const full = (label: string, baseline: number, x = 60) => run(line(label, 76 - (x - 60) / 5.5, 0), x, baseline, 11);
  const runs: Run[] = [
    full('q001', 100),
    run('q002 Die notwendigen Infor-', 74, 119, 11),
    run('q003 mationen zu den Autoren', 60, 138, 11),
    run('q004 Artikel können dabei', 60, 157, 11),
    run('BOX-1 Abbildung 4: Urheberanteile unter', 215, 165, 10, { italic: true }),
    run('q005 Metadaten der Artikel', 60, 176, 11),
    run('BOX-2 WikiHistory)', 305, 176, 10, { italic: true }),
    full('q006', 195),
    full('q007', 214),
    run('q008 konsultierter Artikel.', 60, 233, 11),
    full('q009', 252, 74),
    full('q010', 271),
  ];

  it('is read after the paragraph, both its lines, and before the next paragraph', () => {
    const text = textOf(runs);
    const order = [...text.matchAll(/q\d{3}|BOX-\d/g)].map((m) => m[0]);
    expect(order).toEqual(['q001', 'q002', 'q003', 'q004', 'q005', 'q006', 'q007', 'q008', 'BOX-1', 'BOX-2', 'q009', 'q010']);
  });
});

describe('a box set on the left under a paragraph’s short last line', () => {
  // A paragraph ending in a short line at the column's edge (x 72), then the next paragraph's lines shortened beside a
  // callout of three bold 12 pt lines on the left, the text's lines set flush right at 372 as the full ones end: the
  // short line ends short of the callout's right edge.
  const full = (label: string, baseline: number) => makeLine([run(line(label, 60, 0), 72, baseline, 10)], baseline);
  const beside = (box: string, text: string, baseline: number) =>
    makeLine([run(box, 72, baseline, 12, { bold: true }), run(text, 372 - text.length * 5, baseline, 10)], baseline);
  const lines = [
    full('q001', 100),
    makeLine([run('q002 the method.', 72, 112, 10)], 112),
    beside('BOX-1 A CALL', 'q003 The next paragraph opens here', 124),
    beside('BOX-2 OUT SET', 'q004 beside a callout set on the', 136),
    beside('BOX-3 IN BOLD', 'q005 left of the column with text', 148),
    full('q006', 160),
    full('q007', 172),
  ];

  it('takes the callout as the box, not the paragraph’s last line over it', () => {
    const around = findRunAround(lines);
    expect(around?.box.map((l) => l.text.slice(0, 5))).toEqual(['BOX-1', 'BOX-2', 'BOX-3']);
    expect(around?.text.map((l) => l.text.slice(0, 4))).toContain('q002');
  });
});

describe('a photograph’s caption centred under it, in the text’s own type', () => {
  // A column (x 72 to 372, 10 pt, 12 pt apart): lines 3–7 shortened to x 222 beside a photograph with no text, its
  // two-line caption centred under it (x 267 to 332) level with the paragraph's last two shortened lines, set as the
  // text is (no larger, no bolder); the next paragraph runs full width under it.
  const full = (label: string, baseline: number) => makeLine([run(line(label, 60, 0), 72, baseline, 10)], baseline);
  const short = (label: string, baseline: number, caption?: [string, number]) =>
    makeLine([run(line(label, 30, 0), 72, baseline, 10), ...(caption ? [run(caption[0], caption[1], baseline, 10)] : [])], baseline);
  const column = (captionX: (text: string) => number) => [
    full('q001', 100),
    full('q002', 112),
    short('q003', 124),
    short('q004', 136),
    short('q005', 148),
    short('q006', 160, ['BOX-1 Vayl Oxford', captionX('BOX-1 Vayl Oxford')]),
    makeLine([run('q007 both hearings.', 72, 172, 10), run('BOX-2 Director DNDO', captionX('BOX-2 Director DNDO'), 172, 10)], 172),
    full('q008', 184),
    full('q009', 196),
  ];

  it('is read after the paragraph, not spliced into its lines', () => {
    const around = findRunAround(column((t) => 300 - (t.length * 5) / 2));
    expect(around?.box.map((l) => l.text.slice(0, 5))).toEqual(['BOX-1', 'BOX-2']);
    expect(around?.text.map((l) => l.text.slice(0, 4))).toEqual(['q001', 'q002', 'q003', 'q004', 'q005', 'q006', 'q007', 'q008', 'q009']);
  });

  it('is not told from the text when it reaches the column’s far edge too, or with no picture over it', () => {
    // Set flush right, the two pieces each start at an edge: nothing tells which is the box.
    expect(findRunAround(column((t) => 372 - t.length * 5))).toBeNull();
    // Centred, but the lines above it run full width: two pieces side by side in one type, no picture's caption.
    const lines = column((t) => 300 - (t.length * 5) / 2);
    lines.splice(2, 3, full('q003', 124), full('q004', 136), full('q005', 148));
    expect(findRunAround(lines)).toBeNull();
  });
});
