/**
 * A form's options side by side, each a check box drawn before its label (lib/pdf/rules.ts finds the boxes,
 * lib/layout/options.ts reads the options): a label of two lines beside the next option's is read whole, option by
 * option, where read row by row it splices with the labels beside it; options of one line each, a questionnaire's
 * rows and a table's boxes over figures are read as before.
 */
import { describe, expect, it } from 'vitest';
import { pieceLine } from '../lib/layout/lines.js';
import { optionBlock } from '../lib/layout/options.js';
import { layoutPage } from '../lib/layout/page.js';
import type { CheckBox, HRule, Rule, Run } from '../lib/types.js';
import { distinctChecks } from '../lib/pdf/rules.js';
import { fieldChecks } from '../lib/pdf/runs.js';
import { allRulesOf } from './support/rules.js';
import { labels, layoutParams, run } from './support/runs.js';

const q = (n: number) => `q${String(n).padStart(3, '0')}`;
const at = (n: number, text: string, x: number, y: number, size = 7) => run(`${q(n)} ${text}`, x, y, size);

describe('check boxes the page draws', () => {
  const checksOf = async (content: string): Promise<CheckBox[]> => (await allRulesOf(content)).checks;

  it('are small squares drawn whole and stroked, each once, in page coordinates', async () => {
    const checks = await checksOf(
      [
        // Stroked squares of 8 and 10 points.
        '0.5 w 100 700 8 8 re S',
        '200 700 10 10 re S',
        // A square filled, then stroked again: one box.
        '300 700 9 9 re f',
        '300 700 9 9 re S',
        // Not boxes: a bar 20 by 8, a dot 3 points wide, a box as wide as a field, a white square, a square filled only
        // (a bullet), three squares touching in a row (a comb for a number's digits).
        '0 g 520 700 8 8 re f',
        '100 650 10 10 re S 110 650 10 10 re S 120 650 10 10 re S',
        '400 700 20 8 re S',
        '450 700 3 3 re f',
        '100 600 120 14 re S',
        '1 g 500 700 8 8 re f',
      ].join('\n'),
    );
    // Top down by their tops.
    expect(checks).toEqual([
      [200, 82, 210, 92],
      [300, 83, 309, 92],
      [100, 84, 108, 92],
    ]);
  });
});

describe('check boxes of a fillable form’s fields', () => {
  // A page 792 points high, shown upright: y down from the top.
  const vt: [number, number, number, number, number, number] = [1, 0, 0, -1, 0, 792];

  it('are the boxes of its check-box and radio-button fields that are shown, in the runs’ coordinates', () => {
    const boxes = fieldChecks(
      [
        { subtype: 'Widget', fieldType: 'Btn', checkBox: true, rect: [100, 700, 110, 710] },
        { subtype: 'Widget', fieldType: 'Btn', radioButton: true, rect: [200, 700, 209, 709] },
        // Not boxes: a push button, a text field, a hidden check box, a note.
        { subtype: 'Widget', fieldType: 'Btn', rect: [300, 700, 360, 720] },
        { subtype: 'Widget', fieldType: 'Tx', rect: [400, 700, 410, 710] },
        { subtype: 'Widget', fieldType: 'Btn', checkBox: true, hidden: true, rect: [450, 700, 460, 710] },
        { subtype: 'Text', rect: [500, 700, 510, 710] },
      ],
      vt,
    );
    expect(boxes).toEqual([
      [100, 82, 110, 92],
      [200, 83, 209, 92],
    ]);
  });

  it('are one box with the square the page draws for it, and none as wide as a word', () => {
    const drawn: CheckBox = [100, 82, 108, 90];
    const field: CheckBox = [99.5, 81.5, 109.5, 91.5];
    expect(distinctChecks([drawn, field, [200, 82, 260, 92]])).toHaveLength(1);
  });
});

/**
 * Form W-9's line 3 as it draws it: the line's question across the box, then five options side by side, the first
 * one's label on two lines ("Individual/sole proprietor or / single-member LLC"), then an option of its own across
 * the box.
 */
function w9(): { runs: Run[]; checks: CheckBox[] } {
  const runs = [
    at(1, 'Check appropriate box for federal tax classification of the person whose name is entered on line 1.', 60, 150),
    at(2, 'Individual/sole proprietor or', 78, 167),
    at(4, 'C Corporation', 232, 167),
    at(5, 'S Corporation', 312, 167),
    at(6, 'Partnership', 392, 167),
    at(7, 'Trust/estate', 472, 167),
    at(3, 'single-member LLC', 78, 177),
    at(8, 'Limited liability company. Enter the tax classification (C=C corporation, S=S corporation)', 78, 194),
  ];
  const checks: CheckBox[] = [66, 220, 300, 380, 460].map((x) => [x, 158.5, x + 8, 166.5]);
  checks.push([66, 185.5, 74, 193.5]);
  return { runs, checks };
}

/**
 * Form SS-5's item 5: its number in a grey box, its label beside it ("CITIZENSHIP / (Check One)") behind a rule,
 * then four options whose labels stand over, beside and under their boxes' middles, the whole closed over and under
 * by rules across the form.
 */
function ss5(): { runs: Run[]; checks: CheckBox[]; rules: Rule[]; hrules: HRule[] } {
  const runs = [
    at(4, 'Legal Alien', 275, 219.8),
    at(7, 'Legal Alien Not Allowed To', 355, 219.8),
    at(10, 'Other (See', 500, 219.8),
    at(2, 'CITIZENSHIP', 48, 222, 12),
    run(q(1), 22, 227.3, 9),
    at(3, 'U.S. Citizen', 196, 225.5),
    at(5, 'Allowed To', 275, 227.8),
    at(8, 'Work (See Instructions On', 355, 227.8),
    at(11, 'Instructions On', 500, 227.8),
    at(99, '(Check One)', 48, 235.5),
    at(6, 'Work', 275, 235.8),
    at(9, 'Page 3)', 355, 235.8),
    at(12, 'Page 3)', 500, 235.8),
    at(13, 'ETHNICITY and the next item, across the form under the rule', 48, 256),
  ];
  // "(Check One)" goes with the label: its q-number sorts after the options', so it is named apart below.
  const checks: CheckBox[] = [
    [182.6, 216.8, 192.6, 226.8],
    [261.6, 216.9, 271.6, 226.9],
    [341.9, 217.9, 351.9, 227.9],
    [486.4, 217.4, 496.4, 227.4],
  ];
  const rules: Rule[] = [
    { x: 18, y0: 205, y1: 300 },
    { x: 45.4, y0: 205, y1: 300 },
    { x: 168.6, y0: 205.4, y1: 238.9 },
  ];
  const hrules: HRule[] = [
    { y: 205.5, x0: 17.8, x1: 594.3 },
    { y: 244, x0: 17.8, x1: 594.3 },
  ];
  return { runs, checks, rules, hrules };
}

const read = (runs: Run[], params: Parameters<typeof layoutParams>[0]) =>
  layoutPage(runs, layoutParams(params))
    .segments.map((s) => s.text)
    .join('\n');

describe('options side by side', () => {
  it('reads each option whole, in turn, where a label runs on to a line of its own (Form W-9’s line 3)', () => {
    const { runs, checks } = w9();
    const text = read(runs, { checks });
    expect(labels(text)).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map(q));
    expect(text).toContain(`${q(2)} Individual/sole proprietor or\n${q(3)} single-member LLC`);
  });

  it('splices the labels row by row without the boxes (what they change)', () => {
    const { runs } = w9();
    const text = read(runs, {});
    expect(labels(text).indexOf(q(3))).toBeGreaterThan(labels(text).indexOf(q(7)));
  });

  it('reads the item’s number, its label, then each option whole: labels set over, beside and under their boxes (Form SS-5’s item 5)', () => {
    const { runs, checks, rules, hrules } = ss5();
    const text = read(runs, { checks, rules, hrules });
    const order = labels(text);
    expect(order.slice(0, 2)).toEqual([q(1), q(2)]);
    expect(order.filter((l) => l !== q(99))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13].map(q));
    // The label's second line right after its first, before any option.
    expect(order.indexOf(q(99))).toBe(2);
    expect(text).toContain(`${q(10)} Other (See\n${q(11)} Instructions On\n${q(12)} Page 3)`);
  });

  it('keeps an option’s number set before its box with the option (Form 1040’s filing status)', () => {
    const runs = [
      at(9, 'Check one of the boxes below for the filing status of the person whose return this is, see the notes', 48, 88),
      at(1, 'Filing Status', 48, 100),
      run('1', 130, 100, 7),
      at(3, 'Single', 150, 100),
      run('4', 290, 100, 7),
      at(6, 'Head of household (with qualifying person). If', 310, 100),
      run('2', 130, 109, 7),
      at(4, 'Married filing jointly', 150, 109),
      at(7, 'the qualifying person is a child', 310, 109),
      at(2, 'Check only one', 48, 118),
      run('3', 130, 118, 7),
      at(5, 'Married filing separately', 150, 118),
      run('5', 290, 118, 7),
      at(8, 'Qualifying widow(er)', 310, 118),
      at(10, 'Exemptions are claimed on the lines that follow, one for each person named in the return, see notes', 48, 130),
    ];
    const checks: CheckBox[] = [100, 109, 118].flatMap((y): CheckBox[] => [
      [138, y - 7, 146, y + 1],
      [298, y - 7, 306, y + 1],
    ]);
    checks.splice(3, 1);
    // The lines as a column of the page holds them (the page's gutter pass reads these rows as columns already).
    const rows = [88, 100, 109, 118, 130].map((y) => pieceLine(runs.filter((r) => r.baseline === y).sort((a, b) => a.x0 - b.x0)));
    const found = optionBlock(rows, checks, []);
    expect(found && { from: found.from, to: found.to }).toEqual({ from: 1, to: 3 });
    expect(found?.columns.map((c) => c.map((l) => l.text))).toEqual([
      [`${q(1)} Filing Status`, `${q(2)} Check only one`],
      [`1 ${q(3)} Single`, `2 ${q(4)} Married filing jointly`, `3 ${q(5)} Married filing separately`],
      [`4 ${q(6)} Head of household (with qualifying person). If`, `${q(7)} the qualifying person is a child`, `5 ${q(8)} Qualifying widow(er)`],
    ]);
  });

  /** Two rows of a questionnaire between two paragraphs' lines across the page (the page's one column). */
  function questionnaire(): { runs: Run[]; checks: CheckBox[] } {
    const runs = [
      at(1, 'Answer each question below for the holder named on the first page of this application form, please', 48, 85),
      at(2, '1. Do you hold a licence issued by the harbour board?', 48, 96),
      at(3, 'Yes', 380, 96),
      at(4, 'No', 430, 96),
      at(5, '2. Has the licence been suspended in the last five years?', 48, 106),
      at(6, 'Yes', 380, 106),
      at(7, 'No', 430, 106),
      at(8, 'If you answered yes to the second question, attach the board’s letter to this form and sign it', 48, 117),
    ];
    const checks: CheckBox[] = [
      [368, 89, 376, 97],
      [418, 89, 426, 97],
      [368, 99, 376, 107],
      [418, 99, 426, 107],
    ];
    return { runs, checks };
  }

  it('reads options of one line each, one row of a questionnaire under another, row by row', () => {
    const { runs, checks } = questionnaire();
    const text = read(runs, { checks });
    expect(labels(text)).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map(q));
    expect(text).toBe(read(runs, {}));
  });

  it('finds no options in a questionnaire’s rows with a rule drawn down the page’s margin and a short line under them', () => {
    const { runs, checks } = questionnaire();
    // A line of its own under the answers, starting under neither "Yes" nor "No".
    runs.splice(7, 0, at(9, 'Office use', 450, 111));
    for (const r of runs) if (r.baseline === 117) r.baseline = 122;
    const rows = [85, 96, 106, 111, 122].map((y) => pieceLine(runs.filter((r) => r.baseline === y).sort((a, b) => a.x0 - b.x0)));
    const rules: Rule[] = [{ x: 40, y0: 60, y1: 200 }];
    expect(optionBlock(rows, checks, [], rules)).toBeNull();
    // Whereas a label run on under its option's is one.
    const wrapped = rows.slice();
    wrapped[3] = pieceLine([at(9, 'if so, when', 380, 111)]);
    expect(optionBlock(wrapped, checks, [], rules)).not.toBeNull();
  });

  it('takes the lines over a row of boxes only where they stand over the options’ labels', () => {
    const { runs, checks } = w9();
    // In place of the line's question, three short lines over the boxes: the last two clear of the boxes' edges but
    // over no label.
    runs.splice(0, 1, at(20, 'Part I', 60, 139), at(21, 'see notes', 300, 148), at(22, 'continued', 100, 157));
    const rows = [139, 148, 157, 167, 177, 194].map((y) => pieceLine(runs.filter((r) => r.baseline === y).sort((a, b) => a.x0 - b.x0)));
    const found = optionBlock(rows, checks, []);
    expect(found && [found.from, found.to]).toEqual([3, 4]);
  });

  it('takes an option’s box with no number for the column of numbered ones over it', () => {
    const runs = [
      run('1', 130, 100, 7),
      at(1, 'Single', 150, 100),
      at(2, 'Married filing jointly, the two', 150, 109),
      at(3, 'Married filing separately', 150, 118),
    ];
    runs.push(at(4, 'Head of household', 310, 100), at(5, 'with a child', 310, 109));
    const checks: CheckBox[] = [
      [138, 93, 146, 101],
      [138, 111, 146, 119],
      [298, 93, 306, 101],
    ];
    const rows = [100, 109, 118].map((y) => pieceLine(runs.filter((r) => r.baseline === y).sort((a, b) => a.x0 - b.x0)));
    const found = optionBlock(rows, checks, []);
    expect(found?.columns.map((c) => c.map((l) => l.text))).toEqual([
      [`1 ${q(1)} Single`, `${q(2)} Married filing jointly, the two`, `${q(3)} Married filing separately`],
      [`${q(4)} Head of household`, `${q(5)} with a child`],
    ]);
  });

  it('leaves options whose labels read right to left alone', () => {
    const rows = [
      pieceLine([run('אפשרות ראשונה ארוכה', 150, 100, 7), run('אפשרות שנייה', 310, 100, 7)]),
      pieceLine([run('המשך השורה', 150, 109, 7)]),
    ];
    const checks: CheckBox[] = [
      [138, 93, 146, 101],
      [298, 93, 306, 101],
    ];
    expect(optionBlock(rows, checks, [])).toBeNull();
    // The same set left to right is read option by option.
    const latin = [
      pieceLine([run('First option, a long one', 150, 100, 7), run('Second option', 310, 100, 7)]),
      pieceLine([run('the first runs on', 150, 109, 7)]),
    ];
    expect(optionBlock(latin, checks, [])?.columns.length).toBe(2);
  });

  it('takes no box before a figure for an option: a table’s boxes over its figures stay its cells', () => {
    // Form CV-71's item III: "Citizen of This State □ 1 □ 1 Incorporated or Principal Place / of Business in this State".
    const runs = [
      at(7, 'Place an X in one box for the plaintiff and one for the defendant, as the parties are citizens', 48, 88),
      at(1, 'Citizen of This State', 48, 100),
      run('1', 172, 100, 7),
      run('1', 212, 100, 7),
      at(2, 'Incorporated or Principal Place', 240, 100),
      at(3, 'of Business in this State', 240, 109),
      at(4, 'Citizen of Another State', 48, 121),
      run('2', 172, 121, 7),
      run('2', 212, 121, 7),
      at(5, 'Incorporated and Principal Place', 240, 121),
      at(6, 'of Business in Another State', 240, 130),
      at(8, 'Diversity cases only: the citizenship of each principal party is entered above in this form', 48, 141),
    ];
    const checks: CheckBox[] = [
      [160, 93, 168, 101],
      [200, 93, 208, 101],
      [160, 114, 168, 122],
      [200, 114, 208, 122],
    ];
    expect(read(runs, { checks })).toBe(read(runs, {}));
  });
});
