/**
 * Line numbers in the margin: a manuscript set with numbered lines (a journal's draft or review copy, a critical
 * edition) has a number beside every line, in a strip outside the text. Read with the text, they splice a number into
 * every line ("13 This example manuscript … when 14 writing their own"). They are lifted out of the page before it
 * is laid out and reported as furniture (`line-number`), as running heads are.
 *
 * What gives them away: whole numbers, one per line, aligned on one edge, counting up by one down the page, with all
 * of the page's other text on one side of them.
 */
import type { Run } from '../types.js';
import { isHorizontal } from './lines.js';

/** A series holds at least this many numbers... */
const MIN_NUMBERS = 8;
/** ...aligned on their right (or left) edge to this many points... */
const EDGE_TOLERANCE = 1.5;
/** ...most of them (this share of the steps down the page) one more than the number above... */
const COUNTING_SHARE = 0.7;
/** ...with at most this share of the page's other runs starting on the numbers' side of their edge. */
const STRAY_SHARE = 0.02;

const NUMBER = /^\p{Nd}{1,4}$/u;

/** The runs of a page that are margin line numbers (none when the page has no such series). */
export function findLineNumbers(runs: Run[]): Set<Run> {
  const found = new Set<Run>();
  const numbers = runs.filter((r) => isHorizontal(r) && NUMBER.test(r.text.trim()));
  if (numbers.length < MIN_NUMBERS) return found;
  const others = runs.filter((r) => !NUMBER.test(r.text.trim()));
  for (const edge of ['x1', 'x0'] as const) {
    const sorted = [...numbers].sort((a, b) => a[edge] - b[edge]);
    for (let i = 0; i < sorted.length; ) {
      let j = i;
      while (j + 1 < sorted.length && sorted[j + 1][edge] - sorted[i][edge] <= EDGE_TOLERANCE) j++;
      const series = sorted.slice(i, j + 1);
      i = j + 1;
      if (series.length < MIN_NUMBERS || !counts(series)) continue;
      const left = Math.min(...series.map((r) => r.x0));
      const right = Math.max(...series.map((r) => r.x1));
      // In the left margin, the text starts right of the numbers; in the right margin, it ends left of them.
      const strayLeft = others.filter((r) => r.x0 < right).length;
      const strayRight = others.filter((r) => r.x1 > left).length;
      if (Math.min(strayLeft, strayRight) > STRAY_SHARE * others.length) continue;
      for (const r of series) found.add(r);
    }
  }
  return found;
}

/** Down the page, most numbers are one more than the number above. */
function counts(series: Run[]): boolean {
  const down = [...series].sort((a, b) => a.baseline - b.baseline).map((r) => Number(r.text.trim()));
  let steps = 0;
  for (let k = 1; k < down.length; k++) if (down[k] === down[k - 1] + 1) steps++;
  return steps >= COUNTING_SHARE * (down.length - 1);
}
