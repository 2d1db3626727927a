/**
 * Display formulas read in the order the file drew them (lib/layout/formulas.ts), and only when that order is a
 * typesetter's: an unbroken stretch of the stream, from the formula's left side, left to right but where a line or a
 * fraction's part begins. Real pages: paper_elsarticle_5p, paper_lme4_theory_mixed and others (real-pages.test.ts).
 * Also a letter's superscript and subscript over one another (lib/layout/lines.ts, scriptsStacked).
 */
import { describe, expect, it } from 'vitest';
import { displayFormula } from '../lib/layout/formulas.js';
import { layoutPage } from '../lib/layout/page.js';
import type { Run } from '../lib/types.js';
import { layoutParams, run } from './support/runs.js';

/**
 * "a = (n j(x) − q) / (x h(x)²)" as TeX sets it: the left side on the formula's baseline (100), the numerator above
 * (93), the denominator below (107) with an exponent raised off it, the fraction's bar between; drawn in `order`.
 */
function fraction(order: number[]): Run[] {
  const pieces: [string, number, number, number][] = [
    ['a', 60, 100, 10],
    ['=', 70, 100, 10],
    ['n j', 84, 93, 10],
    ['(x)', 100, 93, 10],
    ['− q', 119, 93, 10],
    ['x h', 86, 107, 10],
    ['(x)', 102, 107, 10],
    ['2', 118, 103, 7],
  ];
  const drawn = order.map((k) => pieces[k]);
  const runs = drawn.map(([text, x, y, size]) => run(text, x, y, size));
  return [run('q001 the coefficient is given by', 40, 70), ...runs, run('q002 where the terms are as before', 40, 130)];
}

const lines = (runs: Run[]) => layoutPage(runs, layoutParams()).segments.flatMap((s) => s.lines.map((l) => l.text));

/** `runs` drawn one after the other in the order given, as one stretch of the stream. */
function drawnInOrder(runs: Run[]): Run[] {
  runs.forEach((r, k) => (r.stream = 10 + k));
  return runs;
}

describe('display formulas', () => {
  it('are read in drawing order when the file drew them as a typesetter does: left side, numerator, denominator', () => {
    const text = lines(fraction([0, 1, 2, 3, 4, 5, 6, 7])).join('\n');
    expect(text).toContain('a = n j(x) − q x h(x)2');
    expect(text.indexOf('q001')).toBeLessThan(text.indexOf('a ='));
    expect(text.indexOf('x h')).toBeLessThan(text.indexOf('q002'));
  });

  it('read a fraction moved into its formula’s line in drawing order too (one line, numerator over denominator)', () => {
    // "P = 1 + log (2 + L′)/(2 + L′′) (1)" as an ACL paper sets it, 10.9 pt: the fraction's parts 7.4 pt above and
    // below the formula's baseline, primes raised off each L.
    const pieces: [string, number, number, number, number][] = [
      ['P', 370.7, 377.7, 194.8, 10.9],
      ['= 1 + log', 382.2, 425.9, 194.8, 10.9],
      ['2 +', 430.8, 447.1, 187.4, 10.9],
      ['L', 449.6, 457, 187.4, 10.9],
      ['′', 457, 459.3, 183.4, 8],
      ['2 +', 429.6, 446, 202.3, 10.9],
      ['L', 448.4, 455.9, 202.3, 10.9],
      ['′′', 455.9, 460.4, 199.1, 8],
      ['(1)', 512.8, 525.5, 194.8, 10.9],
    ];
    const runs = pieces.map(([text, x0, x1, y, size]) => run(text, x0, y, size, { x1 }));
    const text = lines([run('q001 which takes into account', 307, 170, 10.9), ...runs, run('q002 where the length is', 307, 221.8, 10.9)]);
    expect(text).toContain('P = 1 + log 2 + L′ 2 + L′′ (1)');
  });

  it('read a formula whose script of words stands on a row of its own in drawing order ("CF-informed" over "q")', () => {
    // A poster's "CAB(Q) = ω (1/|Q|) Σ_{q∈Q} (M^Informed_q − M^CF-informed_q)", 24.8 pt, its scripts in 20.7 pt: the
    // longer superscript is no script of the formula's row (rows.ts) and stands on a row of its own between the
    // fraction's numerator and the formula's row.
    const pieces: [string, number, number, number, number][] = [
      ['CAB', 2085.2, 2133.8, 611, 24.8],
      ['(', 2133.8, 2142.6, 611, 24.8],
      ['Q', 2142.6, 2161.8, 611, 24.8],
      [') =', 2161.8, 2195.3, 611, 24.8],
      ['ω', 2202.2, 2217.3, 611, 24.8],
      ['1', 2230.2, 2241.6, 594.3, 24.8],
      ['|Q|', 2219.4, 2252.4, 628, 24.8],
      ['∑', 2259.6, 2295.4, 587.5, 24.8],
      ['q∈Q', 2257.8, 2297.3, 642.9, 20.7],
      ['(', 2297.3, 2306, 611, 24.8],
      ['M', 2306, 2329.5, 611, 24.8],
      ['Informed', 2332.1, 2412.8, 600.8, 20.7],
      ['q', 2329.5, 2338.5, 617.2, 20.7],
      ['−', 2418.8, 2438.1, 611, 24.8],
      ['M', 2443.6, 2467.1, 611, 24.8],
      ['CF-informed', 2469.7, 2582.7, 600.8, 20.7],
      ['q', 2467.1, 2476, 617.2, 20.7],
      [')', 2583.2, 2592, 611, 24.8],
    ];
    const runs = drawnInOrder(pieces.map(([text, x0, x1, y, size]) => run(text, x0, y, size, { x1 })));
    const text = lines([
      run('q001 Counterfactually-estimated Attribution Bias', 1913.4, 562.4, 24.8),
      ...runs,
      run('q002 where the metrics are', 1913.4, 679.4, 24.8),
    ]).join('\n');
    // (Spaces aside: these runs carry no spaces of the file's own.)
    expect(text.replace(/ /g, '')).toContain('CAB(Q)=ω1|Q|∑q∈Q(MInformedq−MCF-informedq)');
  });

  it('keep the reading by position when drawn in another order (the denominator first)', () => {
    const text = lines(fraction([5, 6, 7, 0, 1, 2, 3, 4])).join('\n');
    expect(text).not.toContain('x h(x)2 a =');
    expect(text).not.toContain('a = n j(x) − q x h(x)2');
  });

  it('keep the reading by position when drawn row by row (numerator, left side, denominator)', () => {
    const text = lines(fraction([2, 3, 4, 0, 1, 7, 5, 6])).join('\n');
    expect(text).not.toContain('n j(x) − q a =');
  });

  it('keep the reading by position when other text is drawn inside the stretch', () => {
    const runs = fraction([0, 1, 2, 3, 4, 5, 6, 7]);
    // The same formula, a margin note's two lines drawn between its numerator and its denominator.
    const note = [run('q003 margin note', 300, 40), run('q004 its end', 300, 52)];
    note.forEach((r, k) => (r.stream = runs[5].stream + k));
    for (const r of runs.slice(5)) r.stream += note.length;
    const text = lines([...runs, ...note]).join('\n');
    expect(text).not.toContain('a = n j(x) − q x h(x)2');
  });

  it('leave lines of words alone: a paragraph whose line holds an equals sign and a raised figure drawn last', () => {
    const runs = [run('q001 the rate r = 4 per cent', 40, 100), run('q002 and the next line', 40, 112), run('2', 181, 96, 7)];
    expect(lines(runs)).toEqual(['q001 the rate r = 4 per cent2', 'q002 and the next line']);
  });
});

describe('display formulas drawn by a typesetter, measured generously enough for long ones', () => {
  /** One glyph a run, as TeX's math comes: `text` set from `x`, 5 pt a glyph. */
  const glyphs = (text: string, x: number, y: number, size = 10) => [...text].map((c, k) => run(c, x + 5 * k, y, size, { x1: x + 5 * k + 4 }));

  it('read a minimisation whose limit under "min" reaches further left than the formula’s first run', () => {
    // "min_{u ∈ U} ∑_{k=0}^{N−1} (y − r) = 0": the limit "{u ∈ U}" under "min" starts 15 pt left of it.
    const runs = [
      run('min', 100, 100, 10, { x1: 118 }),
      ...glyphs('{u∈U}', 85, 110, 7),
      ...glyphs('N−1', 128, 88, 7),
      run('∑', 128, 100, 10, { x1: 138 }),
      ...glyphs('k=0', 128, 112, 7),
      ...glyphs('(y−r)=0', 145, 100),
    ];
    drawnInOrder(runs);
    const text = lines([run('q001 the controller solves', 40, 70), ...runs, run('q002 at each step', 40, 135)]).join('\n');
    expect(text).toContain('min {u∈U}');
    expect(text.indexOf('min')).toBeLessThan(text.indexOf('N−1'));
  });

  it('keep the reading by position when drawn row by row, the upper limit first (no limit of the first run drawn)', () => {
    // "X(e^{jΩ}) = ∑_{n=0}^{N−1} x(n)e^{−jΩn} (1)" (a DAFx paper) redrawn row by row: "N−1" and the exponents, then
    // the formula's row from "X", then "n=0". The formula's row runs on past "N−1": it is no limit of it.
    const pieces: [string, number, number, number, number][] = [
      ['N', 428.1, 432.8, 347.5, 7],
      ['−', 433.2, 438.6, 347.5, 7],
      ['1', 438.6, 442.1, 347.5, 7],
      ['j', 405.7, 407.7, 353.3, 7],
      ['Ω', 407.9, 413.2, 353.3, 7],
      ['−', 462.5, 468, 353.3, 7],
      ['j', 469, 470.9, 353.3, 7],
      ['Ω', 471.1, 476.5, 353.3, 7],
      ['n', 476.5, 480, 353.3, 7],
      ['X', 390.9, 396.4, 357, 9],
      ['(', 397.2, 400.7, 357, 9],
      ['e', 400.7, 404.7, 357, 9],
      [') =', 413.7, 426.1, 357, 9],
      ['∑', 430.5, 439.7, 359, 12.9],
      ['x', 443.1, 447.1, 357, 9],
      ['(', 447.1, 450.6, 357, 9],
      ['n', 450.6, 455.1, 357, 9],
      [')', 455.1, 458.6, 357, 9],
      ['e', 458.6, 462.5, 357, 9],
      ['(1)', 543.6, 554, 357, 9],
      ['n', 428.9, 432.4, 366.5, 7],
      ['=', 432.4, 437.8, 366.5, 7],
      ['0', 437.8, 441.3, 366.5, 7],
    ];
    const runs = pieces.map(([text, x0, x1, y, size]) => run(text, x0, y, size, { x1 }));
    drawnInOrder(runs);
    const text = lines([
      run('q001 Equations should be placed on separate lines', 317, 329.8, 9),
      ...runs,
      run('q002 where the sequence', 317, 379.8, 9),
    ]).join('\n');
    expect(text).not.toMatch(/N−1\s*j\s*Ω/);
  });

  it('read a long formula of several fractions in one line in drawing order, a step back for each denominator', () => {
    // "P = (x+y−zw)/(u−v+w) + … (1)": five fractions, each numerator six glyphs, each denominator five glyphs starting
    // 8 pt left of it: a step back for each, more than the formula has lines.
    const runs = [run('P', 60, 100, 10, { x1: 66 }), run('=', 70, 100, 10, { x1: 76 })];
    for (let f = 0; f < 5; f++) {
      const x = 90 + 50 * f;
      runs.push(...glyphs('x+y−zw', x, 93), ...glyphs('u−v+w', x - 8, 107));
      if (f < 4) runs.push(run('+', x + 32, 100, 10, { x1: 38 + x }));
    }
    runs.push(run('(1)', 400, 100, 10, { x1: 412 }));
    drawnInOrder(runs);
    const text = lines([run('q001 the coefficient is', 40, 70), ...runs, run('q002 where the terms', 40, 135)]).join('\n');
    expect(text).toContain('P = x+y−zw u−v+w + x+y−zw u−v+w +');
  });
});

describe('a display formula whose relation the file does not map', () => {
  // "a × (π j(x) − q) / (x h(x)²)": a product, its relation elsewhere (a "≃" drawn as a control character the text
  // drops).
  const formula = (numerator: string) => {
    const swap: Record<string, string> = { 'n j': numerator, '=': '×' };
    return drawnInOrder(fraction([0, 1, 2, 3, 4, 5, 6, 7]).map((r) => ({ ...r, text: swap[r.text] ?? r.text })));
  };

  it('is read in drawing order when a sign only mathematics sets is in it', () => {
    expect(lines(formula('π j')).join('\n')).toContain('a × π j(x) − q x h(x)2');
  });

  it('keeps the reading by position with nothing but letters and operators', () => {
    expect(lines(formula('n j')).join('\n')).not.toContain('a × n j(x) − q x h(x)2');
  });
});

describe('a function defined by cases, its variables in a mathematical alphabet', () => {
  // "𝑦(𝑥) = { 𝑥² si 𝑥 ≥ 0, −𝑥² si 𝑥 < 0." as unicode-math sets it, by rows: the brace and the first square's
  // exponent, the first case, the left side (level with the middle of the cases), the second case. In a zone read as a
  // table (a figure's axis labels above it share its gutter), rows that make a display formula are read as text.
  const rows = (x: string, y: string) => [
    [run('{', 281, 635.5, 12.6), run('2', 295.6, 635.5, 8.8)],
    [run(x, 289, 648.3, 12), run(`si ${x} ≥ 0,`, 320, 648.3, 12)],
    [run(`${y}(${x}) =`, 244, 656.8, 12)],
    [run(`−${x}2`, 289, 666.5, 12), run(`si ${x} < 0.`, 320, 666.5, 12)],
  ];

  it('is a display formula: the letters are what only mathematics sets', () => {
    expect(displayFormula(rows('𝑥', '𝑦'))).toBe(true);
  });

  it('in plain letters, with no sign only mathematics sets, is not (a table of values and conditions)', () => {
    expect(displayFormula(rows('x', 'y'))).toBe(false);
  });
});

describe('the scripts of one letter on two baselines', () => {
  it('read the superscript before the subscript, though the subscript starts a kern further left', () => {
    // "time T_s^MPC," in a line of words: "s" 2.4 pt under the baseline from x 205, "MPC" 3.7 pt over it from 206.4.
    const runs = [
      run('q001 the sampling time T', 100, 100, 10, { x1: 204 }),
      run('s', 205, 102.4, 7, { x1: 208 }),
      run('MPC', 206.4, 96.3, 7, { x1: 224.6 }),
      run(', then more words', 226, 100, 10, { x1: 300 }),
    ];
    expect(lines(runs)).toEqual(['q001 the sampling time T MPC s , then more words']);
  });

  it('read the whole superscript before the subscript that starts under it ("M" with "k−1" over "2")', () => {
    // "v⊤ M^{k−1}_2 1": the subscript "2" starts a point left of the superscript's "k".
    const runs = [
      run('q001 the probability F(k) = v', 100, 100, 10, { x1: 422 }),
      run('M', 422.9, 100, 10, { x1: 432.6 }),
      run('k', 433.6, 95.8, 7, { x1: 437.9 }),
      run('−', 438, 95.8, 7, { x1: 444.3 }),
      run('1', 444.3, 95.8, 7, { x1: 448.2 }),
      run('2', 432.6, 102.7, 7, { x1: 436.5 }),
      run('1, then words', 450.4, 100, 10, { x1: 520 }),
    ];
    expect(lines(runs)).toEqual(['q001 the probability F(k) = vMk−1 2 1, then words']);
  });

  it('leave a subscript whose own superscript follows it in place (Σ with "Q" then "obs" over it)', () => {
    const runs = [
      run('q001 the covariance is', 100, 100, 10, { x1: 200 }),
      run('Σ', 203, 100, 10, { x1: 210 }),
      run('Q', 210.5, 102.5, 7, { x1: 216 }),
      run('obs', 216.2, 99.8, 5, { x1: 224 }),
      run(', then words', 226, 100, 10, { x1: 290 }),
    ];
    expect(lines(runs)).toEqual(['q001 the covariance is ΣQobs, then words']);
  });
});
