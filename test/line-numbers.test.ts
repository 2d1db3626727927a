/**
 * Margin line numbers (lib/layout/line-numbers.ts): a numbered manuscript's numbers are lifted out of the page,
 * while a table's column of row numbers, or numbers inside the text, stay.
 */
import { describe, expect, it } from 'vitest';
import { findLineNumbers } from '../lib/layout/line-numbers.js';
import type { Run } from '../lib/types.js';
import { column, line, run } from './support/runs.js';

/** A column of 20 lines from x = 100, with a number right-aligned at x = 90 beside each, from `first`. */
function numbered(first: number, skip: number[] = []): Run[] {
  const text = column(1, 20, 100, 80, { chars: 60 });
  const numbers = text.flatMap((t, i) => {
    if (skip.includes(i)) return [];
    const n = String(first + i);
    return [run(n, 90 - n.length * 5, t.baseline, 8)];
  });
  return [...text, ...numbers];
}

describe('margin line numbers', () => {
  it('are found beside every line of a numbered manuscript, counting up, right-aligned in the margin', () => {
    const runs = numbered(13);
    const found = findLineNumbers(runs);
    expect(found.size).toBe(20);
    expect([...found].every((r) => /^\d+$/.test(r.text))).toBe(true);
  });

  it('are found when a few lines have none (a heading, a display) and in the right margin', () => {
    expect(findLineNumbers(numbered(100, [4, 9])).size).toBe(18);
    const text = column(1, 12, 100, 80, { chars: 60 });
    const right = text.map((t, i) => run(String(i + 1), 420, t.baseline, 8));
    expect(findLineNumbers([...text, ...right]).size).toBe(12);
  });

  it('are found above a running foot that starts in the margin, a margin below the numbered lines', () => {
    // A journal's draft: the citation line at the foot runs from x 39 across the numbers' strip, 100 pt below.
    const foot = [
      run('Senellart et al. (2025). MultiVae: A Python package. Journal of Open Source', 39, 420, 8),
      run('Software, 1(1), 1.', 39, 430, 8),
    ];
    expect(findLineNumbers([...numbered(13), ...foot]).size).toBe(20);
  });

  it('are found between a sidebar in the margin and the text, every line numbered', () => {
    // A journal draft's metadata column at x 20 to 70, clear of the numbers (x 80 to 90); one of its lines runs into them.
    const sidebar = ['DOI: 10.21105/joss', 'Software', 'Review', 'Repository', 'Editor: Open Journals', 'Submitted: 2024'].map((t, k) =>
      run(t, 20, 100 + 24 * k, 8, { x1: 70 }),
    );
    sidebar.push(run('Authors of papers retain copyright', 20, 260, 8, { x1: 91 }));
    expect(findLineNumbers([...numbered(1), ...sidebar]).size).toBe(20);
  });

  it('are found when only every fifth line is numbered, a heading’s space between two of them', () => {
    // 30 lines at 13.5 pt; a heading's extra 33 pt after line 17; "5", "10" … beside every fifth line.
    const text = column(1, 30, 100, 80, { chars: 60, advance: 13.5 }).map((r, i) => (i >= 17 ? { ...r, baseline: r.baseline + 33 } : r));
    const numbers = text.filter((_, i) => (i + 1) % 5 === 0).map((t, k) => run(String(5 * (k + 1)), 80, t.baseline, 6));
    expect(findLineNumbers([...text, ...numbers]).size).toBe(6);
    // Amounts in steps of five beside lines at no common advance are no line numbers.
    const uneven = numbers.map((n, k) => ({ ...n, baseline: text[k * k].baseline }));
    expect(findLineNumbers([...text, ...uneven]).size).toBe(0);
  });

  it("are not a form's line numbers between its section labels and its lines (many lines have none)", () => {
    const labels = ['Income', 'Attach W-2', 'Deductions', 'Payments'].map((t, k) => run(t, 20, 100 + 60 * k, 8, { x1: 60 }));
    const text = column(1, 30, 100, 80, { chars: 60 });
    // A number on every third line only: descriptions wrap, sub-items have letters.
    const numbers = text.filter((_, i) => i % 3 === 0).map((t, k) => run(String(k + 1), 85, t.baseline, 8));
    expect(findLineNumbers([...labels, ...text, ...numbers]).size).toBe(0);
  });

  it("are not a table's row numbers: the page's text starts left of them", () => {
    const para = column(1, 6, 50, 60, { chars: 70 });
    const rows = Array.from({ length: 10 }, (_, i) => [
      run(String(i + 1), 50, 150 + i * 12),
      run(`item q${100 + i} of the list`, 80, 150 + i * 12),
    ]).flat();
    expect(findLineNumbers([...para, ...rows]).size).toBe(0);
  });

  it('are not numbers that do not count (a column of amounts)', () => {
    const text = column(1, 12, 100, 80, { chars: 60 });
    const amounts = text.map((t, i) => run(String((i * 37) % 90), 80, t.baseline, 8));
    expect(findLineNumbers([...text, ...amounts]).size).toBe(0);
  });
});

describe('a listing’s line numbers', () => {
  it('are the listing’s, not margin line numbers: the lines they number are code', () => {
    const code = Array.from({ length: 20 }, (_, i) =>
      run(`q${String(i + 1).padStart(3, '0')} assign y = a & b;`, 100, 80 + i * 12, 9, { mono: true }),
    );
    const numbers = code.map((t, i) => run(String(i + 6), 80, t.baseline, 8));
    expect(findLineNumbers([...code, ...numbers]).size).toBe(0);
  });
});

describe('numbered pleading paper', () => {
  it('are found under a filing stamp that runs across their strip as the page’s first line', () => {
    // Numbers 1 to 28 right-aligned at x 86, 24 pt apart; the text starts at line 10; the court's stamp across the top.
    const numbers = Array.from({ length: 28 }, (_, k) => run(String(k + 1), 86 - String(k + 1).length * 6, 76 + 24 * k, 12));
    const text = Array.from({ length: 19 }, (_, k) => run(line(`q${String(k + 1).padStart(3, '0')}`, 70), 110, 76 + 24 * (k + 9), 12));
    const stamp = run('Case 8:16-cv-01261-DOC-KES Document 40 Filed 08/05/16 Page 1 of 4', 60, 30, 8);
    expect(findLineNumbers([stamp, ...numbers, ...text]).size).toBe(28);
    // A line of the text's running across them near the first number is text they stand in: they stay.
    const across = run(line('q100 A paragraph over the whole measure', 90), 60, 50, 12);
    expect(findLineNumbers([stamp, across, ...numbers, ...text]).size).toBe(19);
  });
});

describe('a two-column manuscript’s line numbers', () => {
  it('are found in the gutter beside the second column when they go on from the first column’s, under a full-width abstract', () => {
    // The abstract runs across the page (lines 1 to 4, numbered in the left margin); then two columns of 12 lines,
    // the first numbered 5 to 16 in the left margin, the second 17 to 28 in the gutter, 4 pt left of its text.
    const abstract = column(1, 4, 60, 80, { chars: 96 });
    const left = column(5, 12, 60, 150, { chars: 46 });
    const right = column(17, 12, 320, 150, { chars: 46 });
    const margin = [...abstract, ...left].map((t, i) => run(String(i + 1), 45, t.baseline, 5));
    const gutter = right.map((t, i) => run(String(17 + i), 311, t.baseline, 5));
    const found = findLineNumbers([...abstract, ...left, ...right, ...margin, ...gutter]);
    expect([...found].filter((r) => r.x0 === 311)).toHaveLength(12);
    expect(found.size).toBe(28);
    // A column of counting numbers in the text that does not go on from the margin's count stays.
    const stray = right.map((t, i) => run(String(101 + i), 311, t.baseline, 5));
    expect([...findLineNumbers([...abstract, ...left, ...right, ...margin, ...stray])].filter((r) => r.x0 === 311)).toHaveLength(0);
  });
});

describe("an algorithm's numbered steps", () => {
  it('stay with the steps when the paragraph under the box runs across their strip', () => {
    // A box of nine steps numbered at x 77, their text from x 87 set word by word (a run per word, as formulas come),
    // then the next paragraph at x 72 over the whole measure, two lines below the last step.
    const words = ['Set', 'the', 'step', 'of', 'the', 'works', 'to', 'zero'];
    const steps = Array.from({ length: 9 }, (_, k) => [
      run(String(k + 1), 77, 180 + 13 * k, 8),
      ...words.map((w, j) => run(w, 87 + 30 * j, 180 + 13 * k, 10)),
    ]).flat();
    const below = [run(line('q001 Such iterations produce a perturbation', 90), 72, 180 + 13 * 8 + 26)];
    expect(findLineNumbers([...steps, ...below]).size).toBe(0);
  });
});

describe('notes’ marks at the start of their lines', () => {
  it('are not line numbers: set small and raised, glued to the text they open (a title page’s affiliations)', () => {
    const lines = Array.from({ length: 11 }, (_, i) => run(line(`Department of Astronomy ${i}`, 60, i), 90, 275 + i * 19.4, 10));
    const marks = lines.map((l, i) => run(String(i + 1), 85.5, l.baseline - 3.6, 7, { x1: 89.4 }));
    expect(findLineNumbers([...lines, ...marks]).size).toBe(0);
    // The same numbers a margin away are line numbers.
    const apart = lines.map((l, i) => run(String(i + 1), 70, l.baseline, 7));
    expect(findLineNumbers([...lines, ...apart]).size).toBe(11);
  });
});

describe('a table’s first column of years', () => {
  // An energy review's table: a year at the left of each row (1975 … 1994, counting up by one), figures in its cells.
  const rows = (cells: (i: number) => string[]) =>
    Array.from({ length: 20 }, (_, i) => {
      const y = 100 + 12 * i;
      return [run(String(1975 + i), 60, y, 9), ...cells(i).map((c, k) => run(c, 110 + 60 * k, y, 9))];
    }).flat();

  it('is the table’s, not margin line numbers: the rows beside the years hold figures, not words', () => {
    expect(findLineNumbers(rows((i) => [`${(1.1 + i / 10).toFixed(2)}`, `R${(2 + i / 7).toFixed(2)}`, `${i - 3}.5`])).size).toBe(0);
  });

  it('still numbers lines of words counting up from such a number', () => {
    expect(findLineNumbers(rows(() => [line('the text of a manuscript numbered', 40)])).size).toBe(20);
  });
});
