/**
 * Parallel texts in opposite directions (a bilingual edition): the left-to-right column is read whole, then the
 * right-to-left one, even where the PDF draws a line of each in one text item and the columns stand a few points
 * apart; a paragraph quoting a word of the other script is left alone.
 */
import { describe, expect, it } from 'vitest';
import { layoutPage } from '../lib/layout/page.js';
import { findParallel, splitByDirection } from '../lib/layout/parallel.js';
import type { Run } from '../lib/types.js';
import { layoutParams, run } from './support/runs.js';

const HE = ['בפנות התוריות שהם יסודות', 'אשר בית אלהים נכון עליהם', 'מציאות התורה מסדרת ממנו', 'העדר אחת מהם תפל התורה'];
const RU = [
  'краеугольных принципах Торы',
  'имеется ввиду которые основы',
  'и столпы на которых дом',
  'рается и с существованием',
  'может быть представлено',
  'ние Торы упорядоченной',
];

/** English across the top, then Russian lines at x 165-330 beside Hebrew at 337-504, 7 pt apart; row 0 drawn as one item. */
function edition(): Run[] {
  const runs: Run[] = [run('ENGLISH This file provides an example of parallel columns in two languages.', 160, 100, 9)];
  RU.forEach((t, i) => {
    const y = 200 + i * 12;
    if (i === 0) {
      // One item: the Hebrew first (logical order), then the Russian; set right to left from 180 to 489.
      const r = run(`${HE[0]} ,${t}`, 180, y, 10, { dir: 'rtl' });
      r.x1 = 489;
      runs.push(r);
      return;
    }
    const ru = run(t, 165, y, 10);
    ru.x1 = 330;
    runs.push(ru);
    if (i < HE.length) {
      const he = run(HE[i]!, 337, y, 10, { dir: 'rtl' });
      he.x1 = 504;
      runs.push(he);
    }
  });
  return runs;
}

describe('parallel texts in opposite directions', () => {
  it('cut a text item holding both directions where the direction turns', () => {
    expect(splitByDirection(`${HE[0]} ,${RU[0]}`)).toEqual([
      { text: `${HE[0]} ,`, side: 'rtl' },
      { text: RU[0], side: 'ltr' },
    ]);
    // A word of the other script too short to be a text of its own leaves the item whole.
    expect(splitByDirection('the word שם here')).toBeNull();
  });

  it('read the left-to-right column whole, then the right-to-left one, after the text above them', () => {
    const layout = layoutPage(edition(), layoutParams());
    const text = layout.segments.map((s) => s.text).join('\n');
    const at = (s: string) => text.indexOf(s);
    expect(at('ENGLISH')).toBe(0);
    for (let i = 1; i < RU.length; i++) expect(at(RU[i - 1]!)).toBeLessThan(at(RU[i]!));
    expect(at(RU[RU.length - 1]!)).toBeLessThan(at(HE[0]!));
    for (let i = 1; i < HE.length; i++) expect(at(HE[i - 1]!)).toBeLessThan(at(HE[i]!));
    expect(layout.diagnostics.map((d) => d.code)).toContain('parallel-text');
  });

  it('are not found in a paragraph that quotes the other script', () => {
    const runs = Array.from({ length: 6 }, (_, i) => run(`The harbour board wrote בית אלהים נכון in the minute book ${i}.`, 72, 100 + i * 12, 10));
    expect(findParallel(runs)).toBeNull();
  });
});
