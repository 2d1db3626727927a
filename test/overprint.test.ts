/**
 * Text drawn again over itself (lib/layout/overprint.ts): a fake bold or a shadow reads once, the copies listed;
 * the same words elsewhere on the page, or at another size, are text of their own. Real pages: newsletter_nasa_tops
 * (a title drawn twice), thesis_uantwerpen (a chapter number drawn 73 times for a shadow), checked by the census in
 * no-text-lost.test.ts and by real-pages.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { dropOverprints } from '../lib/layout/overprint.js';
import { run } from './support/runs.js';

describe('overprinted text', () => {
  it('reads a fake bold once: the same string drawn again a fraction of a point to the side', () => {
    const title = run('TOPS Monthly News', 75.3, 222, 18.4);
    const copy = run('TOPS Monthly News', 74.7, 222, 18.4);
    const body = run('Join the forum', 75, 260, 11);
    const { runs, copies } = dropOverprints([title, copy, body]);
    expect(runs).toEqual([title, body]);
    expect(copies).toEqual([copy]);
  });

  it('reads a shadow drawn many times once, whatever the order the copies come in', () => {
    const shadow = Array.from({ length: 12 }, (_, k) => run('1', 425 + k * 0.05, 156 + k * 0.1, 71.7));
    const { runs, copies } = dropOverprints([...shadow].reverse());
    expect(runs).toHaveLength(1);
    expect(copies).toHaveLength(11);
  });

  it('keeps the same words set elsewhere, at another size, or a letter further than a quarter of its size away', () => {
    const a = run('Image', 605, 528, 11.5);
    const b = run('Image', 688, 528, 11.5);
    const big = run('Image', 605, 528, 14);
    const near = run('Image', 608.5, 528, 11.5);
    const { runs, copies } = dropOverprints([a, b, big, near]);
    expect(copies).toEqual([]);
    expect(runs).toHaveLength(4);
  });

  it('leaves rules, leaders and bullets drawn twice alone (no letter or digit)', () => {
    const dots = [run('. . . .', 100, 300), run('. . . .', 100, 300)];
    expect(dropOverprints(dots).copies).toEqual([]);
  });
});
