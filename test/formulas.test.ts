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
import { column, layoutParams, run } from './support/runs.js';

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

/** `runs` drawn one after the other in the order given, as one stretch of the stream of its own (numbered apart from
 * the runs the factories number, however many tests ran before). */
let stretch = 1_000_000;
function drawnInOrder(runs: Run[]): Run[] {
  for (const r of runs) r.stream = stretch++;
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

describe('a display fraction whose letters come in several fonts (a variable, its subscript)', () => {
  // OpenIntro Statistics: "Z_Ann = (x_Ann − μ_SAT) / σ_SAT = (1300 − 1100) / 200 = 1", TeX's italic letters with
  // subscripts in a 5 pt roman, the denominator's subscript on a row of its own under the formula's; a guided
  // practice's answer in 8 pt under it, drawn right after it.
  const pieces: [string, number, number, number, number, string][] = [
    ['Z', 220.5, 227.3, 715.8, 10, 'CMMI10'],
    ['Ann', 227.3, 239.7, 718.3, 5, 'CMR5'],
    ['=', 243.5, 251.2, 715.8, 10, 'CMR10'],
    ['x', 255.2, 260.9, 709.1, 10, 'CMMI10'],
    ['Ann', 260.9, 273.2, 711.6, 5, 'CMR5'],
    ['−', 276.4, 284.2, 709.1, 10, 'CMSY10'],
    ['μ', 286.4, 292.4, 709.1, 10, 'CMMI10'],
    ['SAT', 292.4, 305.3, 711.6, 5, 'CMR5'],
    ['σ', 270.9, 276.6, 722.7, 10, 'CMMI10'],
    ['SAT', 276.6, 289.5, 725.2, 5, 'CMR5'],
    ['=', 310.2, 316.1, 715.8, 10, 'CMR10'],
    ['1300', 322, 341.9, 709.1, 10, 'CMR10'],
    ['−', 344.1, 351.8, 709.1, 10, 'CMSY10'],
    ['1100', 354.1, 374, 709.1, 10, 'CMR10'],
    ['200', 340.5, 355.4, 722.7, 10, 'CMR10'],
    ['= 1', 377.9, 393.4, 715.8, 10, 'CMR10'],
  ];
  const page = (answer: boolean) => {
    const formula = pieces.map(([text, x0, x1, y, size, font]) => run(text, x0, y, size, { x1, font }));
    const note = [run('q002', 104.8, 740.8, 8, { x1: 120 }), run('(a) N (μ = 5, σ = 3). (b) N (μ = −100, σ = 10).', 122.6, 740.8, 8, { x1: 361.3 })];
    const runs = drawnInOrder([run('q001 we find the score:', 91, 689.2, 10, { x1: 414.1 }), ...formula, ...(answer ? note : [])]);
    return lines(runs);
  };

  it('is read in drawing order, the subscript under the formula’s row with its letter', () => {
    const formula = page(false).find((l) => l.includes('Z'));
    expect(formula?.replace(/ /g, '')).toBe('ZAnn=xAnn−μSATσSAT=1300−1100200=1');
  });

  it('leaves out a note in smaller type under it that starts near it but reaches far past its right edge', () => {
    const formula = pieces.map(([text, x0, x1, y, size, font]) => run(text, x0, y, size, { x1, font }));
    const note = run('(a) N (μ = 5, σ = 3). (b) N (μ = −100, σ = 10).', 205, 740.8, 8, { x1: 445 });
    const text = lines(drawnInOrder([run('q001 we find the score:', 91, 689.2, 10, { x1: 414.1 }), ...formula, note]));
    expect(text.find((l) => l.includes('Z'))?.replace(/ /g, '')).toBe('ZAnn=xAnn−μSATσSAT=1300−1100200=1');
  });

  it('leaves out a note in smaller type under it that reaches the column’s left edge', () => {
    const text = page(true);
    expect(text.find((l) => l.includes('Z'))?.replace(/ /g, '')).toBe('ZAnn=xAnn−μSATσSAT=1300−1100200=1');
    expect(text.find((l) => l.includes('q002'))).toContain('(a) N');
  });

  it('leaves lines of words drawn a glyph a run as they are: their glyphs abut, their words stand apart', () => {
    // "the rate r = 4 per cent" over "of the whole sum", one glyph a run in one font, the spaces left out, and a raised
    // "2" after "cent" drawn after both lines.
    const glyphs = (words: string, y: number) => [...words].flatMap((c, k) => (c === ' ' ? [] : [run(c, 40 + 5 * k, y, 10, { x1: 45 + 5 * k })]));
    const runs = [
      run('q001 first line', 40, 88),
      ...glyphs('the rate r = 4 per cent', 100),
      ...glyphs('of the whole sum', 112),
      run('2', 156, 96, 7, { x1: 159.5 }),
    ];
    const text = lines(drawnInOrder([...runs, run('q002 next', 40, 124)])).map((l) => l.replace(/ /g, ''));
    expect(text).toContain('therater=4percent2');
    expect(text).toContain('ofthewholesum');
  });
});

describe('a wide display formula set across both columns of a page', () => {
  // REVTeX's sample (AAPM): "R(d) = g_σ^e2 ( [Γ_Z(3,21)]_σ1 / (Q²₁₂ − M²_W) + … ) + x_W Q_e ( … ) . (8)", set full width
  // between the two columns' paragraphs: its fractions and big brackets leave more pieces on a row than the page has
  // columns, as a table's cells do.
  const pieces: [string, number, number, number, number][] = [
    ['R', 66.0, 74.4, 158.9, 10],
    ['(d)', 74.4, 85.0, 154.7, 7],
    ['=', 88.3, 96.0, 158.9, 10],
    ['g', 98.8, 103.6, 158.9, 10],
    ['e', 103.9, 107.7, 154.7, 7],
    ['σ', 103.6, 108.2, 161.3, 7],
    ['2', 108.2, 111.6, 162.3, 5],
    ['(', 114.2, 121.6, 144.8, 10],
    ['[Γ', 122.8, 131.7, 152.1, 10],
    ['Z', 131.7, 137.2, 148.5, 7],
    ['(3', 138.2, 147.0, 152.1, 10],
    [',', 147.0, 149.8, 152.1, 10],
    ['21)]', 151.4, 168.0, 152.1, 10],
    ['σ', 168.0, 172.7, 153.6, 7],
    ['1', 172.7, 176.1, 154.6, 5],
    ['Q', 126.3, 134.2, 165.7, 10],
    ['2', 134.2, 138.1, 162.3, 7],
    ['12', 134.2, 142.1, 168.3, 7],
    ['−', 144.8, 152.6, 165.7, 10],
    ['M', 154.8, 164.4, 165.7, 10],
    ['2', 165.5, 169.5, 162.3, 7],
    ['W', 164.4, 171.9, 168.6, 7],
    ['+', 180.5, 186.0, 158.9, 10],
    ['[Γ', 191.6, 200.6, 152.1, 10],
    ['Z', 200.6, 206.0, 148.5, 7],
    ['(13', 207.0, 220.9, 152.1, 10],
    [',', 220.9, 223.6, 152.1, 10],
    ['2)]', 225.3, 236.9, 152.1, 10],
    ['σ', 236.9, 241.5, 153.6, 7],
    ['1', 241.5, 244.9, 154.6, 5],
    ['Q', 195.2, 203.0, 165.7, 10],
    ['2', 203.0, 207.0, 162.3, 7],
    ['13', 203.0, 211.0, 168.3, 7],
    ['−', 213.7, 221.4, 165.7, 10],
    ['M', 223.7, 233.3, 165.7, 10],
    ['2', 234.4, 238.4, 162.3, 7],
    ['W', 233.3, 240.8, 168.6, 7],
    [')', 247.1, 254.4, 144.8, 10],
    ['+', 256.7, 264.4, 158.9, 10],
    ['x', 266.6, 272.3, 158.9, 10],
    ['W', 272.3, 279.8, 160.3, 7],
    ['Q', 281.4, 289.3, 158.9, 10],
    ['e', 289.3, 293.0, 160.3, 7],
    ['(', 295.2, 302.5, 144.8, 10],
    ['[Γ', 303.7, 312.7, 152.1, 10],
    ['γ', 312.7, 316.9, 148.5, 7],
    ['(3', 317.8, 326.7, 152.1, 10],
    [',', 326.7, 329.5, 152.1, 10],
    ['21)]', 331.1, 347.7, 152.1, 10],
    ['σ', 347.7, 352.3, 153.6, 7],
    ['1', 352.3, 355.7, 154.6, 5],
    ['Q', 306.6, 314.5, 165.7, 10],
    ['2', 314.5, 318.5, 162.3, 7],
    ['12', 314.5, 322.4, 168.3, 7],
    ['−', 325.1, 332.9, 165.7, 10],
    ['M', 335.1, 344.8, 165.7, 10],
    ['2', 345.9, 349.8, 162.3, 7],
    ['W', 344.8, 352.3, 168.6, 7],
    ['+', 360.1, 365.7, 158.9, 10],
    ['[Γ', 371.3, 380.3, 152.1, 10],
    ['γ', 380.3, 384.5, 148.5, 7],
    ['(13', 385.4, 399.2, 152.1, 10],
    [',', 399.2, 402.0, 152.1, 10],
    ['2)]', 403.7, 415.3, 152.1, 10],
    ['σ', 415.3, 419.9, 153.6, 7],
    ['1', 419.9, 423.3, 154.6, 5],
    ['Q', 374.2, 382.1, 165.7, 10],
    ['2', 382.1, 386.0, 162.3, 7],
    ['13', 382.1, 390.0, 168.3, 7],
    ['−', 392.7, 400.5, 165.7, 10],
    ['M', 402.7, 412.3, 165.7, 10],
    ['2', 413.4, 417.4, 162.3, 7],
    ['W', 412.3, 419.8, 168.6, 7],
    [')', 425.5, 432.8, 144.8, 10],
    ['.', 437.2, 440.0, 158.9, 10],
    ['(8)', 549.4, 562.1, 158.9, 10],
  ];
  const page = () => {
    const above = [...column(1, 5, 54, 62, { chars: 48 }), ...column(101, 5, 317, 62, { chars: 48 })];
    const formula = drawnInOrder(pieces.map(([text, x0, x1, y, size]) => run(text, x0, y, size, { x1 })));
    const below = [...column(11, 8, 54, 212, { chars: 48 }), ...column(111, 8, 317, 212, { chars: 48 })];
    return layoutPage([...above, ...formula, ...below], layoutParams());
  };

  it('is read as a line in drawing order, not as a table', () => {
    const segments = page().segments.filter((s) => s.lines.some((l) => l.text.includes('Γ')));
    expect(segments.map((s) => s.kind)).not.toContain('table');
    const text = segments.flatMap((s) => s.lines.map((l) => l.text.replace(/ /g, ''))).join('\n');
    expect(text).toContain('R(d)=geσ2([ΓZ(3,21)]σ1Q212−M2W+[ΓZ(13,2)]σ1Q213−M2W)+xWQe([Γγ(3,21)]σ1Q212−M2W');
  });
});

describe('a display formula whose row is mostly scripts, under a big operator on a baseline of its own', () => {
  // Annals of Combinatorics: "x₀^{λ₀} x₁^{λ₁} ∑_{α₀,α₁≥0} ρ_{α₀,α₁} x₀^{−bα₀} x₁^{cα₁} (1)": the sum's sign drawn on a
  // baseline 9.5 pt over the row's, the row's type mostly 7 and 5 pt scripts, starting 40 pt left of the sign.
  const pieces: [string, number, number, number, number][] = [
    ['x', 149.3, 155.0, 411.4, 10],
    ['λ', 155.0, 159.8, 406.9, 7],
    ['0', 159.8, 163.2, 407.9, 5],
    ['0', 155.0, 159.0, 414.0, 7],
    ['x', 164.1, 169.8, 411.4, 10],
    ['λ', 169.8, 174.6, 406.9, 7],
    ['1', 174.6, 178.0, 407.9, 5],
    ['1', 169.8, 173.8, 414.0, 7],
    ['∑', 188.8, 203.1, 401.9, 10],
    ['α', 180.6, 185.8, 423.3, 7],
    ['0', 185.8, 189.2, 424.3, 5],
    [',α', 189.7, 197.2, 423.3, 7],
    ['1', 197.2, 200.6, 424.3, 5],
    ['≥', 201.1, 207.3, 423.3, 7],
    ['0', 207.3, 211.3, 423.3, 7],
    ['ρ', 213.0, 218.1, 411.4, 10],
    ['α', 218.1, 223.3, 412.9, 7],
    ['0', 223.3, 226.7, 413.9, 5],
    [',α', 227.2, 234.7, 412.9, 7],
    ['1', 234.7, 238.1, 413.9, 5],
    ['x', 239.1, 244.8, 411.4, 10],
    ['−', 244.8, 251.0, 406.9, 7],
    ['bα', 251.0, 259.7, 406.9, 7],
    ['0', 259.7, 263.1, 407.9, 5],
    ['0', 244.8, 248.8, 414.0, 7],
    ['x', 264.1, 269.8, 411.4, 10],
    ['cα', 269.8, 278.6, 406.9, 7],
    ['1', 278.5, 281.9, 407.9, 5],
    ['1', 269.8, 273.8, 414.0, 7],
    ['(1)', 375.0, 387.8, 411.4, 10],
  ];

  it('takes the row in smaller type into the formula: the sign holds no relation yet', () => {
    const runs = drawnInOrder(pieces.map(([text, x0, x1, y, size]) => run(text, x0, y, size, { x1 })));
    const text = lines([
      run('q001 is pointed if it can be written in the form', 50.5, 389),
      ...runs,
      run('q002 with the first coefficient one', 50.5, 441.8),
    ]);
    expect(text.map((l) => l.replace(/ /g, ''))).toContain('xλ00xλ11∑α0,α1≥0ρα0,α1x−bα00xcα11(1)');
  });
});

describe('a minimisation whose limit under "min" reaches further left than its row', () => {
  // An MPC paper: "min_{{u_{t+k|t}}_{k=0}^{N_u−1}} ∑_{k=0}^{N_p−1} (y − y^ref)^⊤ Q_y (y − y^ref) +", its row mostly 7 pt
  // scripts (a transpose drawn as ">"), the limit under "min" in 5 pt starting 20 pt left of it.
  const pieces: [string, number, number, number, number][] = [
    ['min', 205.6, 222.2, 303.9, 10],
    ['{', 185.3, 190.3, 314.0, 10],
    ['u', 190.3, 195.0, 313.2, 7],
    ['t', 195.0, 197.8, 314.6, 5],
    ['+', 197.8, 203.0, 314.6, 5],
    ['k', 203.0, 206.7, 314.6, 5],
    ['|', 206.8, 209.1, 314.6, 5],
    ['t', 209.1, 211.9, 314.6, 5],
    ['}', 212.4, 217.4, 314.0, 10],
    ['Nu', 217.4, 227.0, 309.0, 5],
    ['−', 227.5, 232.8, 309.0, 5],
    ['1', 232.9, 236.2, 309.0, 5],
    ['k', 217.4, 221.2, 317.0, 5],
    ['=0', 221.2, 229.7, 317.0, 5],
    [',', 236.7, 242.4, 313.2, 7],
    ['N', 244.1, 250.4, 290.4, 7],
    ['p', 250.4, 254.1, 291.4, 5],
    ['−', 254.6, 260.8, 290.4, 7],
    ['1', 260.8, 264.8, 290.4, 7],
    ['∑', 247.2, 261.6, 294.4, 10],
    ['k', 247.2, 251.4, 315.9, 7],
    ['=0', 251.6, 261.7, 315.9, 7],
    ['(', 266.4, 271.0, 295.8, 10],
    ['y', 271.0, 275.9, 303.9, 10],
    ['t', 275.9, 278.9, 305.7, 7],
    ['+', 278.9, 285.0, 305.7, 7],
    ['k', 285.0, 289.2, 305.7, 7],
    ['|', 289.4, 291.8, 305.7, 7],
    ['t', 291.8, 294.8, 305.7, 7],
    ['−', 297.5, 305.3, 303.9, 10],
    ['y', 307.5, 312.4, 303.9, 10],
    ['ref', 312.7, 321.8, 299.8, 7],
    ['t', 312.4, 315.4, 306.4, 7],
    ['+', 315.4, 321.5, 306.4, 7],
    ['k', 321.5, 325.7, 306.4, 7],
    [')', 326.4, 330.9, 295.8, 10],
    ['>', 330.9, 337.2, 297.4, 7],
    ['Q', 339.3, 347.2, 303.9, 10],
    ['y', 347.2, 351.2, 305.4, 7],
    ['(', 353.7, 358.2, 295.8, 10],
    ['y', 358.2, 363.1, 303.9, 10],
    ['t', 363.1, 366.1, 305.7, 7],
    ['+', 366.1, 372.2, 305.7, 7],
    ['k', 372.2, 376.5, 305.7, 7],
    ['|', 376.6, 379.0, 305.7, 7],
    ['t', 379.0, 382.0, 305.7, 7],
    ['−', 384.7, 392.5, 303.9, 10],
    ['y', 394.7, 399.6, 303.9, 10],
    ['ref', 399.9, 409.1, 299.8, 7],
    ['t', 399.6, 402.6, 306.4, 7],
    ['+', 402.6, 408.7, 306.4, 7],
    ['k', 408.7, 412.9, 306.4, 7],
    [')', 413.6, 418.2, 295.8, 10],
    ['+', 419.8, 427.6, 303.9, 10],
  ];

  it('takes the limit into the formula: narrower than the formula, it is no note under it', () => {
    const runs = drawnInOrder(pieces.map(([text, x0, x1, y, size]) => run(text, x0, y, size, { x1 })));
    const text = lines([
      run('q001 solves the minimization problem', 133.8, 271.7),
      ...runs,
      run('q002 subject to the model equations', 133.8, 341.2),
    ]);
    expect(text.map((l) => l.replace(/ /g, ''))).toContain('min{ut+k|t}Nu−1k=0,Np−1∑k=0(yt+k|t−yreft+k)>Qy(yt+k|t−yreft+k)+');
  });
});

describe('equations aligned at their relations, one under another', () => {
  const place = (pieces: [string, number, number, number, number][]) =>
    drawnInOrder(pieces.map(([text, x0, x1, y, size]) => run(text, x0, y, size, { x1 })));

  it('are read in drawing order from the first row’s left side, shorter than the next row’s', () => {
    // A CMB paper's (19): "μ_φℓ = C/(C + N) φ^est_ℓ = ρ²_ℓ φ^est_ℓ," over "C^{nφ,nφ}_ℓ = C/(C + N) N_ℓ = ρ²_ℓ N_ℓ,",
    // both "=" at x 393.7, the second row's left side starting 14 pt left of the first's.
    const pieces: [string, number, number, number, number][] = [
      ['μφ', 374.9, 386.8, 231.4, 10],
      ['`', 386.8, 390.5, 232.9, 7],
      ['=', 393.7, 401.5, 231.4, 10],
      ['C', 421.1, 428.2, 224.5, 10],
      ['φφ', 429.0, 438.5, 219.7, 7],
      ['`', 428.2, 431.6, 227.5, 7],
      ['C', 405.5, 412.6, 239.9, 10],
      ['φφ', 413.3, 422.9, 235.1, 7],
      ['`', 412.6, 415.9, 242.9, 7],
      ['+', 425.6, 433.3, 239.9, 10],
      ['N', 435.5, 443.5, 239.9, 10],
      ['φφ', 444.6, 454.2, 235.1, 7],
      ['`', 443.5, 446.9, 242.9, 7],
      ['φ', 455.9, 461.8, 231.4, 10],
      ['est', 461.8, 471.7, 227.3, 7],
      ['`', 461.8, 465.5, 233.9, 7],
      ['=', 474.9, 482.7, 231.4, 10],
      ['ρ', 485.4, 490.6, 231.4, 10],
      ['2', 490.6, 494.6, 227.3, 7],
      ['`', 490.6, 493.9, 233.9, 7],
      ['φ', 495.1, 501.0, 231.4, 10],
      ['est', 501.0, 510.8, 227.3, 7],
      ['`', 501.0, 504.7, 233.9, 7],
      [',', 511.3, 514.1, 231.4, 10],
      ['C', 360.8, 368.0, 263.4, 10],
      ['nφ,nφ', 368.7, 390.5, 258.7, 7],
      ['`', 368.0, 371.3, 266.4, 7],
      ['=', 393.7, 401.5, 263.4, 10],
      ['C', 421.1, 428.2, 256.6, 10],
      ['φφ', 429.0, 438.5, 251.8, 7],
      ['`', 428.2, 431.6, 259.6, 7],
      ['C', 405.5, 412.6, 272.0, 10],
      ['φφ', 413.3, 422.9, 267.2, 7],
      ['`', 412.6, 415.9, 275.0, 7],
      ['+', 425.6, 433.3, 272.0, 10],
      ['N', 435.5, 443.5, 272.0, 10],
      ['φφ', 444.6, 454.2, 267.2, 7],
      ['`', 443.5, 446.9, 275.0, 7],
      ['N', 455.9, 463.9, 263.4, 10],
      ['φφ', 465.0, 474.6, 258.7, 7],
      ['`', 463.9, 467.2, 266.4, 7],
      ['=', 477.8, 485.6, 263.4, 10],
      ['ρ', 488.4, 493.5, 263.4, 10],
      ['2', 493.5, 497.5, 259.3, 7],
      ['`', 493.5, 496.8, 265.9, 7],
      ['N', 498.0, 506.0, 263.4, 10],
      ['φφ', 507.1, 516.7, 258.7, 7],
      ['`', 506.0, 509.3, 266.4, 7],
      [',', 517.2, 519.9, 263.4, 10],
      ['(19)', 544.4, 562.1, 247.4, 10],
    ];
    // The page's left column runs on beside it.
    const left = column(101, 22, 54, 83.6, { chars: 48 });
    const text = lines([...left, ...column(1, 6, 317, 143.6, { chars: 48 }), ...place(pieces), ...column(11, 6, 317, 294.2, { chars: 48 })]);
    expect(text.map((l) => l.replace(/ /g, ''))).toContain('μφ`=Cφφ`Cφφ`+Nφφ`φest`=ρ2`φest`,Cnφ,nφ`=Cφφ`Cφφ`+Nφφ`Nφφ`=ρ2`Nφφ`,(19)');
  });

  it('numbered at the left, keep their numbers first (the file draws each number after its row)', () => {
    // The Ethereum yellow paper's (2)-(4): "σ_{t+1} ≡ Π(σ_t, B)", "B ≡ (..., (T0, T1, ...), ...)", "Π(σ, B) ≡ …" aligned
    // at "≡", each number at the column's left edge (to the thousandth of a point as the file sets them).
    const pieces: [string, number, number, number, number][] = [
      ['σ', 370.0, 376.3, 131.0, 9],
      ['t', 376.7, 379.5, 132.0, 6],
      ['+1', 379.5, 388.8, 132.0, 6],
      ['≡', 399.2, 406.4, 131.0, 9],
      ['Π(', 416.4, 426.9, 131.0, 9],
      ['σ', 426.9, 433.2, 131.0, 9],
      ['t', 433.5, 436.4, 132.0, 6],
      [', B', 436.9, 447.9, 131.0, 9],
      [')', 448.4, 452.0, 131.0, 9],
      ['(2)', 307.601, 319.4, 131.0, 9],
      ['B', 381.8, 388.8, 144.7, 9],
      ['≡', 399.2, 406.4, 144.7, 9],
      ['(', 416.4, 419.9, 144.7, 9],
      ['...,', 419.9, 430.2, 144.7, 9],
      ['(', 431.7, 435.3, 144.7, 9],
      ['T', 435.3, 440.7, 144.7, 9],
      ['0', 440.7, 444.3, 145.7, 6],
      [', T', 444.8, 454.3, 144.7, 9],
      ['1', 454.3, 458.0, 145.7, 6],
      [', ...', 458.4, 470.2, 144.7, 9],
      [')', 470.2, 473.8, 144.7, 9],
      [', ...', 473.8, 485.6, 144.7, 9],
      [')', 485.6, 489.2, 144.7, 9],
      ['(3)', 307.597, 319.4, 144.7, 9],
      ['Π(', 357.0, 367.5, 158.4, 9],
      ['σ', 367.5, 373.8, 158.4, 9],
      [', B', 374.2, 385.2, 158.4, 9],
      [')', 385.7, 389.3, 158.4, 9],
      ['≡', 399.2, 406.4, 158.4, 9],
      ['Υ(Υ(', 416.4, 437.9, 158.4, 9],
      ['σ', 437.9, 444.2, 158.4, 9],
      [', T', 444.5, 454.0, 158.4, 9],
      ['0', 454.0, 457.6, 159.4, 6],
      [')', 458.1, 461.7, 158.4, 9],
      [', T', 461.7, 471.2, 158.4, 9],
      ['1', 471.2, 474.8, 159.4, 6],
      [')', 475.3, 478.9, 158.4, 9],
      ['...', 478.9, 486.6, 158.4, 9],
      ['(4)', 307.601, 319.4, 158.4, 9],
    ];
    const left = column(101, 22, 52, 43.8, { chars: 52, size: 9 });
    const text = lines([
      ...left,
      ...column(1, 6, 319.6, 55.8, { chars: 52, size: 9 }),
      ...place(pieces),
      ...column(11, 6, 319.6, 173.7, { chars: 52, size: 9 }),
    ]);
    expect(text.map((l) => l.replace(/ /g, ''))).toEqual(expect.arrayContaining(['(2)σt+1≡Π(σt,B)', '(3)B≡(...,(T0,T1,...),...)']));
  });
});

describe('a fraction of words', () => {
  // An IEEE Access paper's (15): "DSC = (2 ∗ Area of Overlap) / (Total Number of Pixels in both Images)", the
  // numerator and denominator lines of words centred over one another either side of "DSC =", big parentheses round
  // them on a baseline of their own.
  const pieces: [string, number, number, number, number][] = [
    ['DSC', 310.7, 330.1, 572.7, 10],
    ['=', 333.6, 341.3, 572.7, 10],
    ['(', 344.1, 350.8, 558.8, 10],
    ['2', 388.6, 394.3, 565.8, 10],
    ['∗', 398.8, 404.5, 565.8, 10],
    ['Area of Overlap', 409.0, 473.4, 565.8, 10],
    ['Total Number of Pixels in both Images', 352.0, 510.0, 579.8, 10],
    [')', 511.1, 517.9, 558.8, 10],
    ['(15)', 521.7, 538.3, 572.7, 10],
  ];
  const page = (shift = 0, raise = 0) => {
    // `shift` moves the denominator right, `raise` the numerator up.
    const moved = (text: string) => (text.startsWith('Total') ? [shift, 0] : ['2', '∗', 'Area of Overlap'].includes(text) ? [0, -raise] : [0, 0]);
    const formula = drawnInOrder(
      pieces.map(([text, x0, x1, y, size]) => run(text, x0 + moved(text)[0], y + moved(text)[1], size, { x1: x1 + moved(text)[0] })),
    );
    const left = column(101, 30, 48, 400, { chars: 48 });
    return lines([...left, ...column(1, 6, 297.1, 480.1, { chars: 48 }), ...formula, ...column(11, 6, 297.1, 595.1, { chars: 48 })]);
  };

  it('is read in drawing order: the left side, the numerator, the denominator, the number', () => {
    expect(page().map((l) => l.replace(/ /g, ''))).toContain('DSC=(2∗AreaofOverlapTotalNumberofPixelsinbothImages)(15)');
  });

  it('is no fraction when its lines of words are not centred over one another, or stand farther apart', () => {
    expect(page(40).some((l) => l.replace(/ /g, '').startsWith('DSC=(2∗AreaofOverlapTotal'))).toBe(false);
    expect(page(0, 10).some((l) => l.replace(/ /g, '').startsWith('DSC=(2∗AreaofOverlapTotal'))).toBe(false);
  });

  it('takes no lines of words for its parts when its relation stands right of where they start', () => {
    // Two lines of a paragraph set tight round a short display "a = b + c (3)": centred over one another (both run
    // the column's width), the display between them, the second line's note mark drawn before its words.
    const runs = drawnInOrder([
      run('q001 the weights are set so that the sum of all three parts', 297.1, 100, 10, { x1: 530 }),
      run('a', 380, 111, 10, { x1: 385 }),
      run('= b + c', 388, 111, 10, { x1: 420 }),
      run('(3)', 521.7, 111, 10, { x1: 538.3 }),
      run('2', 530.5, 118, 7, { x1: 534 }),
      run('q002 holds in each of the cases that the model can take', 297.1, 122, 10, { x1: 530 }),
    ]);
    expect(lines(runs)).toEqual([
      'q001 the weights are set so that the sum of all three parts',
      'a = b + c (3)',
      'q002 holds in each of the cases that the model can take2',
    ]);
  });
});

describe('lines of words and tables beside display formulas', () => {
  it('a paragraph’s last line whose ligature comes from another font stays a line of words', () => {
    // "the ﬁnal value:" over a fraction, its "ﬁ" drawn from a fallback font in the same size.
    const runs = drawnInOrder([
      run('q001 Substituting both estimates into it, we obtain', 40, 70),
      run('the', 40, 82, 10, { x1: 55, font: 'Times' }),
      run('ﬁ', 57.5, 82, 10, { x1: 62.5, font: 'Times-Lig' }),
      run('nal value:', 62.5, 82, 10, { x1: 110, font: 'Times' }),
      ...fraction([0, 1, 2, 3, 4, 5, 6, 7]).slice(1, -1),
      run('q002 where the terms are as before', 40, 130),
    ]);
    const text = lines(runs);
    expect(text).toContain('the ﬁnal value:');
    expect(text).toContain('a = n j(x) − q x h(x)2');
  });

  it('a table set across both columns whose rows each open with a relation stays a table', () => {
    // A simulation study's table, full width between the columns: "n = 50 …" over rows "ρ = 0.1 0.12 …".
    const xs = [60, 140, 220, 300, 380, 460, 540];
    const rows: string[][] = [
      ['', 'n = 50', 'n = 100', 'n = 200', 'n = 50', 'n = 100', 'n = 200'],
      ['ρ = 0.1', '0.12', '0.15', '0.18', '0.21', '0.24', '0.27'],
      ['ρ = 0.5', '0.32', '0.35', '0.38', '0.41', '0.44', '0.47'],
      ['ρ = 0.9', '0.52', '0.55', '0.58', '0.61', '0.64', '0.67'],
    ];
    // Drawn column by column: each column's cells top down, no step back leftwards.
    const cells = xs.flatMap((x, k) => rows.flatMap((row, i) => (row[k] ? [run(row[k], x, 140 + 12 * i, 9)] : [])));
    const above = [...column(1, 5, 54, 62, { chars: 48 }), ...column(101, 5, 317, 62, { chars: 48 })];
    const below = [...column(11, 8, 54, 212, { chars: 48 }), ...column(111, 8, 317, 212, { chars: 48 })];
    const segments = layoutPage([...above, ...drawnInOrder(cells), ...below], layoutParams()).segments;
    const table = segments.find((seg) => seg.lines.some((l) => l.text.includes('ρ = 0.5')));
    expect(table?.kind).toBe('table');
    expect(table?.lines.map((l) => l.text)).toContain('ρ = 0.5 0.32 0.35 0.38 0.41 0.44 0.47');
  });
});

describe('equations aligned at their relations, redrawn row by row', () => {
  // A celerite paper's (16)-(18): "b̃± = ½(b_j a_k ∓ a_j b_k)", "c̃ = c_j + c_k", "d̃± = d_j ∓ d_k .", aligned at "=",
  // the first row's ½ set in its row.
  const pieces: [string, number, number, number, number][] = [
    ['˜', 243.5, 249.4, 495.2, 12],
    ['b', 244.0, 248.9, 498.3, 12],
    ['±', 248.9, 255.5, 500.1, 8],
    ['=', 268.5, 277.6, 498.3, 12],
    ['1', 291.2, 297.1, 490.2, 12],
    ['2', 291.2, 295.7, 506.5, 12],
    ['(', 300.3, 304.8, 498.3, 12],
    ['b', 304.8, 309.8, 498.3, 12],
    ['j', 309.8, 313.2, 500.1, 8],
    ['a', 316.2, 322.3, 498.3, 12],
    ['k', 322.3, 326.7, 500.1, 8],
    ['∓', 330.1, 339.4, 498.3, 12],
    ['a', 342.0, 348.2, 498.3, 12],
    ['j', 348.2, 351.6, 500.1, 8],
    ['b', 354.6, 359.5, 498.3, 12],
    ['k', 359.5, 364.0, 500.1, 8],
    [')', 364.7, 369.2, 498.3, 12],
    ['(16)', 501.2, 522.0, 498.3, 12],
    ['˜', 251.2, 257.1, 519.5, 12],
    ['c', 251.0, 256.0, 519.5, 12],
    ['=', 268.5, 277.6, 519.5, 12],
    ['c', 290.0, 295.1, 519.5, 12],
    ['j', 295.1, 298.5, 521.3, 8],
    ['+', 302.1, 311.2, 519.5, 12],
    ['c', 313.9, 318.9, 519.5, 12],
    ['k', 318.9, 323.3, 521.3, 8],
    ['(17)', 501.2, 522.0, 519.5, 12],
    ['˜', 244.9, 250.8, 534.4, 12],
    ['d', 242.8, 248.9, 537.5, 12],
    ['±', 248.9, 255.5, 539.3, 8],
    ['=', 268.5, 277.6, 537.5, 12],
    ['d', 290.0, 296.1, 537.5, 12],
    ['j', 296.1, 299.5, 539.3, 8],
    ['∓', 303.1, 312.4, 537.5, 12],
    ['d', 315.1, 321.2, 537.5, 12],
    ['k', 321.2, 325.6, 539.3, 8],
    ['.', 338.0, 341.3, 537.5, 12],
    ['(18)', 501.2, 522.0, 537.5, 12],
  ];
  const page = () => {
    // Redrawn row by row: each baseline's runs left to right, top down.
    const runs = pieces.map(([text, x0, x1, y, size]) => run(text, x0, y, size, { x1 })).sort((a, b) => a.baseline - b.baseline || a.x0 - b.x0);
    return lines([...column(1, 6, 90, 400, { chars: 72, size: 12 }), ...drawnInOrder(runs), ...column(11, 6, 90, 560, { chars: 72, size: 12 })]);
  };

  it('keep the reading by position: the fraction’s numerator, drawn first, opens no row', () => {
    const text = page().map((l) => l.replace(/ /g, ''));
    expect(text).toContain('b̃±=12(bjak∓ajbk)(16)');
    expect(text.some((l) => l.startsWith('1b̃'))).toBe(false);
  });
});
