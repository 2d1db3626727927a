/**
 * Lists set side by side (a slide's three columns of arrow items) line up like a table, but each column is a list:
 * read list by list, not row by row across (lib/layout/tables.ts). Real page: slides_18f_consulting (real-pages).
 */
import { describe, expect, it } from 'vitest';
import { layoutPage } from '../lib/layout/page.js';
import type { Run } from '../lib/types.js';
import { labels, layoutParams, run } from './support/runs.js';

const text = (runs: Run[]) =>
  layoutPage(runs, layoutParams())
    .segments.map((s) => s.text)
    .join('\n');

/**
 * Three columns of four items of two lines each, every item's first line opening with `marker` set apart from its
 * words; lines of uneven length, one line advance throughout (labels q1xx, q2xx, q3xx per column).
 */
function lists(marker: string): Run[] {
  const runs: Run[] = [];
  const first = ['go', 'item words here and more', 'short', 'a longer item'];
  const second = ['more words to come', 'on', 'the end of it', 'x'];
  [20, 250, 480].forEach((x, c) => {
    for (let i = 0; i < 4; i++) {
      const y = 300 + i * 39;
      const n = (c + 1) * 100 + 2 * i + 1;
      runs.push(
        run(marker, x, y, 14),
        run(`q${n} ${first[(i + c) % 4]}`, x + 36, y, 14),
        run(`q${n + 1} ${second[(i + c) % 4]}`, x + 36, y + 19.5, 14),
      );
    }
  });
  return runs;
}

describe('lists side by side', () => {
  it('are read list by list when each column’s items open with a bullet', () => {
    const got = labels(text(lists('➔')));
    expect(got.slice(0, 8)).toEqual(['q101', 'q102', 'q103', 'q104', 'q105', 'q106', 'q107', 'q108']);
    expect(got.indexOf('q201')).toBe(8);
  });

  it('a table with a column of check marks or dashes (data, not markers) is still read row by row', () => {
    for (const mark of ['✓', '–']) expect(labels(text(lists(mark))).slice(0, 3)).toEqual(['q101', 'q201', 'q301']);
  });
});

describe('one list set in two halves side by side', () => {
  /**
   * A form's lettered list inside a column: items A–F at x 75, G–L at x 225, some turned onto an indented second
   * line; labels q1xx for the left half, q2xx for the right, in reading order.
   */
  function halves(marks: string[][]): Run[] {
    const runs: Run[] = [run('q001 Type of applicant: select up to three applicant types in accordance with the notes.', 20, 280, 8)];
    let y = 300;
    const turned = [false, true, false, false, true, false];
    for (let i = 0; i < 6; i++) {
      runs.push(run(`${marks[0][i]}. q1${i}0 agency`, 75, y, 8), run(`${marks[1][i]}. q2${i}0 office`, 225, y, 8));
      y += 9;
      if (turned[i]) {
        runs.push(run(`q1${i}1 group`, 93, y, 8), run(`q2${i}1 unit`, 243, y, 8));
        y += 9;
      }
    }
    return runs;
  }
  const letters = (from: string) => Array.from({ length: 6 }, (_, k) => String.fromCharCode(from.charCodeAt(0) + k));

  it('is read half by half when the right half’s items count on from the left half’s last', () => {
    const got = labels(text(halves([letters('A'), letters('G')])));
    expect(got.slice(1, 9)).toEqual(['q100', 'q110', 'q111', 'q120', 'q130', 'q140', 'q141', 'q150']);
    expect(got[9]).toBe('q200');
  });

  it('is read row by row when the halves do not count on (answer options A B / C D set in a grid)', () => {
    const grid = [
      ['A', 'C', 'E', 'G', 'I', 'K'],
      ['B', 'D', 'F', 'H', 'J', 'L'],
    ];
    expect(labels(text(halves(grid))).slice(1, 4)).toEqual(['q100', 'q200', 'q110']);
  });
});
