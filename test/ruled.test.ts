/**
 * Drawn rules (lib/pdf/rules.ts) and the boxes they part (lib/layout/ruled.ts): a form's two boxes a few points
 * apart, their lines on baselines of their own, are read box by box where a rule stands between them; a ruled
 * table is still read row by row; a rule between two columns of text changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { metrics, num, PdfBuilder } from '../fixtures/pdf.js';
import { extractDocument } from '../lib/extract.js';
import { joinPieces } from '../lib/pdf/rules.js';
import { allRulesOf } from './support/rules.js';
import { type LayoutParams, layoutPage } from '../lib/layout/page.js';
import type { HRule, Rule, Run } from '../lib/types.js';
import { column, labels, layoutParams, line, run } from './support/runs.js';

const q = (n: number) => `q${String(n).padStart(3, '0')}`;

/** The rules of one page drawing `content`; with `form`, the page's /X1 is a form XObject drawing it, /Matrix set. */
async function rulesOf(content: string, form?: { content: string; matrix: number[] }): Promise<Rule[]> {
  return (await allRulesOf(content, form)).vertical;
}

describe('drawn vertical rules', () => {
  it('finds stroked lines, rectangle sides and slivers, in the runs’ coordinates (top down)', async () => {
    const rules = await rulesOf(
      [
        // A stroked line from y 692 up to 592 (PDF space): 100 to 200 down from the top.
        '0.5 w 0 G 100 692 m 100 592 l S',
        // A stroked rectangle: its two sides.
        '200 500 80 40 re S',
        // A rule drawn as a thin filled rectangle.
        '0 g 400.6 400 0.8 60 re f',
        // Inside a transformed graphics state: a line at x 50 + 20 = 70 from y 300 + 10.
        'q 1 0 0 1 20 10 cm 50 300 m 50 340 l S Q',
      ].join('\n'),
    );
    const at = (x: number) => rules.find((r) => Math.abs(r.x - x) < 0.6);
    expect(at(100)).toMatchObject({ y0: 100, y1: 200 });
    expect(at(200)).toMatchObject({ y0: 252, y1: 292 });
    expect(at(280)).toMatchObject({ y0: 252, y1: 292 });
    expect(at(401)).toMatchObject({ y0: 332, y1: 392 });
    expect(at(70)).toMatchObject({ y0: 442, y1: 482 });
    expect(rules).toHaveLength(5);
  });

  it('leaves out white rules, curves, ticks and slanted lines', async () => {
    const rules = await rulesOf(
      [
        '1 1 1 RG 100 692 m 100 592 l S',
        '0 G 150 692 m 150 680 160 600 150 592 c S',
        '200 692 m 200 689 l S',
        '300 692 m 340 592 l S',
        '1 g 400 400 0.8 60 re f',
      ].join('\n'),
    );
    expect(rules).toEqual([]);
  });

  it('places a rule drawn inside a form XObject by the form’s matrix and the page’s', async () => {
    const rules = await rulesOf('q 2 0 0 1 0 0 cm /X1 Do Q', { content: '0 G 50 692 m 50 592 l S', matrix: [1, 0, 0, 1, 100, 0] });
    expect(rules).toEqual([{ x: 300, y0: 100, y1: 200 }]);
  });

  it('draws on from a closed subpath’s start; a filled triangle is no rectangle; a hatch is no rule', async () => {
    const rules = await rulesOf(
      [
        // A closed triangle, then a line drawn on from its start (100, 692) down to (100, 592) without a move.
        '0 G 100 692 m 140 692 l 140 660 l h 100 592 l S',
        // A filled right triangle: one side only (at x 200), not two.
        '0 g 200 500 m 260 500 l 200 560 l f',
        // A shading drawn as lines a point apart.
        '400 692 m 400 592 l 401 692 m 401 592 l 402 692 m 402 592 l S',
      ].join('\n'),
    );
    expect(rules.map((r) => Math.round(r.x))).toEqual([100, 140]);
    expect(rules[0]).toMatchObject({ y0: 100, y1: 200 });
  });

  it('finds horizontal rules too: stroked lines, stroked rectangles’ tops and bottoms, slivers; not a filled box’s edges, a tick or white', async () => {
    const { horizontal } = await allRulesOf(
      [
        // A stroked line 100 down from the top, from x 50 to 300.
        '0.5 w 0 G 50 692 m 300 692 l S',
        // A stroked rectangle: its top (252 down) and bottom (292 down), and its sides as vertical rules; a filled one's
        // top and bottom are none.
        '200 500 80 40 re S',
        '0 g 400 100 80 40 re f',
        // A rule drawn as a thin filled rectangle, 400 down.
        '0 g 100 391.6 200 0.8 re f',
        // A tick 3 points long, and a white line.
        '0 G 400 300 m 403 300 l S',
        '1 1 1 RG 50 200 m 300 200 l S',
      ].join('\n'),
    );
    const at = (y: number) => horizontal.find((r) => Math.abs(r.y - y) < 0.6);
    expect(at(100)).toMatchObject({ x0: 50, x1: 300 });
    expect(at(252)).toMatchObject({ x0: 200, x1: 280 });
    expect(at(292)).toMatchObject({ x0: 200, x1: 280 });
    expect(at(400)).toMatchObject({ x0: 100, x1: 300 });
    expect(horizontal).toHaveLength(4);
  });

  it('joins the pieces of one rule that meet (a form draws a box’s edge per box)', () => {
    const rules = joinPieces([
      { x: 100, y0: 10, y1: 30 },
      { x: 100.3, y0: 30.5, y1: 50 },
      { x: 100, y0: 80, y1: 100 },
      { x: 200, y0: 10, y1: 15 },
    ]);
    expect(rules).toHaveLength(2);
    expect(rules[0]).toMatchObject({ y0: 10, y1: 50 });
    expect(rules[1]).toMatchObject({ y0: 80, y1: 100 });
  });
});

/**
 * A form as IRS Form W-9 sets its boxes 3 and 4 (7 pt): box A's lines running to a few points short of a rule at x
 * 454, one of them a row of check box options; box B's short lines beside them, some level with box A's, some on
 * baselines of their own; a line across the page over them and under them; then two columns of instructions, whose
 * gutter box A's long lines run across. Too few rows stand on both sides of the narrow gap by the rule for a gutter.
 */
function form(seed = 0, columns = true): Run[] {
  const piece = (n: number, x0: number, x1: number, y: number, size = 7) =>
    run(line(q(n), Math.round((x1 - x0) / (0.5 * size)), n + seed), x0, y, size);
  const runs: Run[] = [piece(1, 62, 568, 118)];
  runs.push(piece(2, 62, 448, 141), piece(12, 458, 568, 141));
  runs.push(piece(3, 70, 141, 148.8), piece(13, 458, 568, 148.8));
  runs.push(piece(14, 458, 532, 156.8));
  runs.push(
    piece(4, 79, 165, 166),
    run('Corporation', 193, 166, 7),
    run('Partnership', 264, 166, 7),
    run('Trust', 337, 166, 7),
    run('Estate', 408, 166, 7),
  );
  runs.push(piece(5, 79, 141, 177), piece(15, 458, 540, 177));
  runs.push(piece(6, 79, 411, 190.3));
  runs.push(piece(7, 79, 449, 201), piece(16, 458, 562, 201));
  runs.push(piece(8, 79, 447, 209));
  runs.push(piece(17, 459, 497, 213));
  runs.push(piece(9, 79, 453, 217));
  runs.push(piece(10, 79, 397, 225));
  runs.push(piece(18, 458, 568, 235, 5));
  runs.push(piece(11, 79, 158, 237));
  runs.push(piece(19, 62, 568, 252));
  if (columns) for (let i = 0; i < 20; i++) runs.push(piece(20 + i, 36, 290, 270 + 10 * i, 8), piece(40 + i, 320, 570, 270 + 10 * i, 8));
  return runs;
}
const FORM_RULE: Rule = { x: 454.3, y0: 131.5, y1: 240.3 };
const IN_ORDER = Array.from({ length: 59 }, (_, i) => q(i + 1));
const BOX_A = /q0(0[2-9]|1[01])/;
const BOX_B = /q01[2-8]/;

const textOf = (runs: Run[], rules: Rule[]) =>
  layoutPage(runs, layoutParams({ rules }))
    .segments.map((s) => s.text)
    .join('\n');

describe('boxes parted by a rule', () => {
  it('reads a form’s box whole, then the box beside it', () => {
    const text = textOf(form(), [FORM_RULE]);
    expect(labels(text)).toEqual(IN_ORDER);
    for (const l of text.split('\n')) expect(BOX_A.test(l) && BOX_B.test(l)).toBe(false);
    const said = layoutPage(form(), layoutParams({ rules: [FORM_RULE] })).diagnostics.find((d) => d.code === 'ruled-boxes');
    expect(said?.detail).toMatchObject({ rules: [454.3] });
  });

  it('reads the boxes row by row without the rule (what the rule changes)', () => {
    expect(labels(textOf(form(), []))).not.toEqual(IN_ORDER);
  });

  it('leaves a rule beside one line alone (a highlighted word’s box)', () => {
    const one: Rule = { x: 454.3, y0: 134, y1: 143 };
    expect(textOf(form(), [one])).toEqual(textOf(form(), []));
  });

  it('reads a ruled table row by row', () => {
    // Six rows of a region, its state and its port, a rule between the columns. Their cells line up, so the table
    // pass finds them before the gutter pass (tables.ts) and they stay a table whatever the rules: this guards the
    // whole page's reading, not one of ruled.ts' tests (the level-rows test is guarded by a real page, real-pages.test).
    const runs: Run[] = [];
    const rows = [
      ['North', 'Open', 'Harbour'],
      ['South', 'Closed', 'Basin'],
      ['East', 'Open', 'Quay'],
      ['West', 'Open', 'Pier'],
      ['Inland', 'Closed', 'Canal'],
      ['Coast', 'Open', 'Dock'],
    ];
    rows.forEach((cells, i) => {
      const y = 200 + 14 * i;
      cells.forEach((c, k) => runs.push(run(`${q(1 + 3 * i + k)} ${c}`, [72, 162, 232][k], y, 9)));
    });
    const rules: Rule[] = [
      { x: 155, y0: 188, y1: 280 },
      { x: 225, y0: 188, y1: 280 },
    ];
    const text = textOf(runs, rules);
    expect(labels(text)).toEqual(Array.from({ length: 18 }, (_, i) => q(i + 1)));
    expect(text).toEqual(textOf(runs, []));
  });

  it('reads two stretches of columns one over the other apart where their column rules stop and start again', () => {
    // A multicols environment of three columns with a rule between them (five lines each), blank, then another
    // (six lines each): LaTeX draws each environment's own rules.
    const upper = [0, 1, 2].flatMap((k) => column(1 + 5 * k, 5, 72 + 180 * k, 100, { chars: 30 }));
    const lower = [0, 1, 2].flatMap((k) => column(16 + 6 * k, 6, 72 + 180 * k, 184, { chars: 30 }));
    const runs = [...upper, ...lower];
    const rules: Rule[] = [237, 417].flatMap((x) => [
      { x, y0: 90, y1: 152 },
      { x, y0: 174, y1: 248 },
    ]);
    expect(labels(textOf(runs, rules))).toEqual(Array.from({ length: 33 }, (_, i) => q(i + 1)));
    // Without the rules, or with rules that run on past the blank, the columns are read down through it.
    const through = labels(textOf(runs, []));
    expect(through.slice(0, 11)).toEqual([...[1, 2, 3, 4, 5], ...[16, 17, 18, 19, 20, 21]].map(q));
    expect(
      labels(
        textOf(
          runs,
          [237, 417].map((x) => ({ x, y0: 90, y1: 248 })),
        ),
      ),
    ).toEqual(through);
    // Nor where the rules stand at the lines' edge, not amid the white between the columns (boxes' edges).
    const edges: Rule[] = [224, 404].flatMap((x) => [
      { x, y0: 90, y1: 152 },
      { x, y0: 174, y1: 248 },
    ]);
    expect(labels(textOf(runs, edges))).toEqual(through);
    // Nor where one gutter's rule runs on (a rule between two of the columns only stops).
    expect(labels(textOf(runs, [...rules.slice(0, 2), { x: 417, y0: 90, y1: 248 }]))).toEqual(through);
    // Rules asked for only to find where the columns' rules stop read the page alike.
    const asked = layoutPage(runs, layoutParams({ columnRules: rules }));
    expect(labels(asked.segments.map((s) => s.text).join('\n'))).toEqual(Array.from({ length: 33 }, (_, i) => q(i + 1)));
    // The blank between the stretches is room for rules to stop: the page's rules are asked for; a page of columns
    // without such blank asks for none.
    expect(layoutPage(runs, layoutParams()).roomForBreaks).toBe(true);
    expect(layoutPage([...upper, ...column(16, 6, 72, 160, { chars: 30 })], layoutParams()).roomForBreaks).toBe(false);
  });

  it('reads two stretches of columns one over the other apart where a rule is drawn across them all in wide blank space', () => {
    // A report's editorial in three columns (its author's name and office in the first, the text in the two others),
    // a rule across the page in blank space ten lines' sizes high, its contents set in the same three columns under
    // it, three lines each.
    const upper = [...column(1, 3, 72, 100, { chars: 30 }), ...column(101, 25, 252, 100, { chars: 30 }), ...column(201, 20, 432, 100, { chars: 30 })];
    const lower = (y0: number) => [0, 1, 2].flatMap((k) => column(301 + 10 * k, 3, 72 + 180 * k, y0, { chars: 30 }));
    const runs = [...upper, ...lower(488)];
    const rule: HRule = { y: 440, x0: 70, x1: 584 };
    const span = (a: number, n: number) => Array.from({ length: n }, (_, i) => q(a + i));
    const inOrder = [...span(1, 3), ...span(101, 25), ...span(201, 20), ...span(301, 3), ...span(311, 3), ...span(321, 3)];
    const read = (rs: Run[], over: Partial<LayoutParams>) =>
      labels(
        layoutPage(rs, layoutParams(over))
          .segments.map((s) => s.text)
          .join('\n'),
      );
    expect(read(runs, { breakRules: [rule] })).toEqual(inOrder);
    // The page's rules given whole part it alike.
    expect(read(runs, { rules: [], hrules: [rule] })).toEqual(inOrder);
    // Without the rule, or with one across two of the columns only, the columns are read down through the blank: the
    // author's office runs into the contents' first column.
    const through = read(runs, {});
    expect(through.slice(0, 6)).toEqual([...span(1, 3), ...span(301, 3)]);
    expect(read(runs, { breakRules: [{ ...rule, x1: 400 }] })).toEqual(through);
    // Nor in blank space a table's rule between its rows stands in (two and a half lines' sizes).
    const close = [...upper, ...lower(413)];
    expect(read(close, { breakRules: [{ ...rule, y: 402 }] })).toEqual(read(close, {}));
    // Wide blank space asks for the page's rules; a page of columns without it asks for none for this.
    expect(layoutPage(runs, layoutParams()).roomForAcross).toBe(true);
    expect(layoutPage(close, layoutParams()).roomForAcross).toBe(false);
  });

  it('reads a table ruled between its rows row by row, its cells side by side', () => {
    // A slide's table of members: a name, a company and a role to a row, a rule across the row under each, rows two
    // and a half lines' sizes apart. Read down as three columns, each name came apart from its company and role.
    const rows = (n: number) =>
      Array.from({ length: n }, (_, r) => {
        const y = 100 + 25 * r;
        return [run(line(q(3 * r + 1), 14, r), 40, y), run(line(q(3 * r + 2), 40, r), 200, y), run(line(q(3 * r + 3), 30, r), 470, y)];
      }).flat();
    const rules = (n: number): HRule[] => Array.from({ length: n - 1 }, (_, r) => ({ y: 100 + 25 * r + 8, x0: 36, x1: 630 }));
    const read = (rs: Run[], over: Partial<LayoutParams>) =>
      labels(
        layoutPage(rs, layoutParams(over))
          .segments.map((s) => s.text)
          .join('\n'),
      );
    const eight = rows(8);
    expect(read(eight, { breakRules: rules(8) })).toEqual(Array.from({ length: 24 }, (_, i) => q(i + 1)));
    const down = read(eight, {});
    expect(down.slice(0, 3)).toEqual([q(1), q(4), q(7)]);
    // Six rows take five rules; five rows ruled apart (four rules) are read as they stand: a rule or two across a
    // page's columns in a line's blank is as often a table's top or foot.
    expect(read(rows(6), { breakRules: rules(6) })).toEqual(Array.from({ length: 18 }, (_, i) => q(i + 1)));
    const five = rows(5);
    expect(read(five, { breakRules: rules(5) })).toEqual(read(five, {}));
    // Rules that stop short of the first column's text, or of the last's, are no rules across the columns.
    expect(read(eight, { breakRules: rules(8).map((h) => ({ ...h, x0: 150 })) })).toEqual(down);
    expect(read(eight, { breakRules: rules(8).map((h) => ({ ...h, x1: 480 })) })).toEqual(down);
    // Blank space between five rows at least asks for the page's rules.
    expect(layoutPage(eight, layoutParams()).roomForAcross).toBe(true);
    expect(layoutPage(rows(4), layoutParams()).roomForAcross).toBe(false);
  });

  it('changes nothing where a rule stands between two columns of text', () => {
    const runs = [...column(1, 20, 72, 100, { chars: 46 }), ...column(21, 20, 320, 100, { chars: 46 })];
    const rules: Rule[] = [{ x: 308, y0: 90, y1: 340 }];
    const text = textOf(runs, rules);
    expect(labels(text)).toEqual(Array.from({ length: 40 }, (_, i) => q(i + 1)));
    expect(text).toEqual(textOf(runs, []));
  });
});

/**
 * The form as a PDF: each run's text in Helvetica, scaled across to fill its place, the rule drawn as a stroked
 * line (or not), without the columns under it, on two pages: the first brings the page's font (its operator list is built to learn the font, and
 * the rules are read from it at once); the second brings none (the rules are asked for because the layout finds
 * rows with room for one).
 */
function formPdf(ruled: boolean): Uint8Array {
  const helv = metrics('helv');
  const height = 792;
  const b = new PdfBuilder();
  // Other words on each page: lines repeated page after page would be running heads.
  for (const seed of [0, 40]) {
    let content = '';
    for (const r of form(seed, false)) {
      // Scaled across to fill the run's place exactly.
      const scale = (100 * (r.x1 - r.x0)) / helv.width(r.text, r.size);
      content += `BT /Fhelv ${num(r.size)} Tf ${num(scale)} Tz 1 0 0 1 ${num(r.x0)} ${num(height - r.baseline)} Tm ${helv.encode(r.text)} Tj ET\n`;
    }
    if (ruled) content += `0.5 w 0 G ${num(FORM_RULE.x)} ${num(height - FORM_RULE.y0)} m ${num(FORM_RULE.x)} ${num(height - FORM_RULE.y1)} l S\n`;
    b.addPage({ width: 612, height, content, fonts: ['helv'] });
  }
  return b.finish(ruled ? 'ruled-form' : 'unruled-form');
}

describe('a ruled form read from a PDF', () => {
  it('reads each box whole on every page, whether or not the page brings a font', async () => {
    const doc = await extractDocument(formPdf(true));
    for (const page of doc.pages) {
      const text = doc.segments
        .filter((seg) => seg.page === page.page)
        .map((seg) => seg.text)
        .join('\n');
      expect(labels(text)).toEqual(IN_ORDER.slice(0, 19));
    }
    expect(doc.diagnostics.filter((d) => d.code === 'ruled-boxes').map((d) => d.page)).toEqual([1, 2]);
  });

  it('reads the same form without the rule row by row', async () => {
    const doc = await extractDocument(formPdf(false));
    expect(
      labels(
        doc.segments
          .filter((seg) => seg.page === 2)
          .map((seg) => seg.text)
          .join('\n'),
      ),
    ).not.toEqual(IN_ORDER.slice(0, 19));
  });
});

/**
 * A form's item as Form SS-5 draws it: a grey cell with the item's number, set on a baseline of its own between its
 * label's two lines; beside it three fields one under another, each a box of its label and of the headings of what
 * is written in it ("First", "Full Middle Name", "Last"), the fields' labels parted from their headings by a rule,
 * each field closed over and under by a rule across the item. Row by row, the number splices the first label ("NAME
 * | First | Full Middle Name | Last / 1 | TO BE SHOWN ON CARD").
 */
function item(): Run[] {
  const at = (n: number, text: string, x: number, y: number, size = 10) => run(text ? `${q(n)} ${text}` : q(n), x, y, size);
  return [
    at(2, 'NAME', 48, 77, 12),
    at(7, 'First', 204, 77),
    at(8, 'Full Middle Name', 334, 77),
    at(9, 'Last', 468, 77),
    at(1, '', 22, 87.5, 9),
    at(3, 'TO BE SHOWN ON CARD', 48, 87.5),
    at(4, 'FULL NAME AT BIRTH', 48, 98.5),
    at(10, 'First', 204, 98.5),
    at(11, 'Full Middle Name', 334, 98.5),
    at(12, 'Last', 468, 98.5),
    at(5, 'IF OTHER THAN ABOVE', 48, 111.3),
    at(6, 'OTHER NAMES USED', 48, 125),
    at(13, 'Social Security number previously assigned to the person listed in item 1 of this form', 48, 150),
  ];
}
const ITEM_RULES: Rule[] = [
  { x: 18, y0: 66.9, y1: 160 },
  { x: 45.4, y0: 66.9, y1: 160 },
  { x: 202.3, y0: 66.8, y1: 130.3 },
  { x: 331.9, y0: 67.3, y1: 114.3 },
  { x: 466.3, y0: 67.3, y1: 114.3 },
  { x: 594, y0: 66.9, y1: 160 },
];
const ITEM_ACROSS: HRule[] = [
  { y: 66.9, x0: 17.8, x1: 594.3 },
  { y: 90, x0: 45.2, x1: 594.3 },
  { y: 114, x0: 45.2, x1: 594.3 },
  { y: 130, x0: 17.8, x1: 594.3 },
  { y: 160, x0: 17.8, x1: 594.3 },
];

describe('boxes of a ruled grid', () => {
  const read = (rules: Rule[], hrules: HRule[]) =>
    layoutPage(item(), layoutParams({ rules, hrules }))
      .segments.map((s) => s.text)
      .join('\n');

  it('reads the number, then each field’s label whole, then the fields’ headings, a box at a time', () => {
    const text = read(ITEM_RULES, ITEM_ACROSS);
    expect(labels(text)).toEqual(Array.from({ length: 13 }, (_, i) => q(i + 1)));
    // Each field's label is a piece of its own: two fields' labels are never one line.
    for (const l of text.split('\n')) expect([q(2), q(4), q(6)].filter((x) => l.includes(x)).length).toBeLessThanOrEqual(1);
  });

  it('reads it row by row without the horizontal rules (what they change): the number splices the label', () => {
    const text = read(ITEM_RULES, []);
    expect(text.split('\n').find((l) => l.includes(q(1)))).toContain(q(3));
    // And the two fields' headings are read column by column, "First" after "First".
    const order = labels(text);
    expect(order.indexOf(q(10))).toBe(order.indexOf(q(7)) + 1);
  });
});

/**
 * A row of signature boxes as VA Form 9 draws it: four boxes under a rule across the page, each with its label at the
 * top and blank under it to sign in, closed by the frame's bottom well under the labels (three lines of 7 pt over
 * 24 pt of blank). The third box's label runs to three lines, the second's and fourth's to two. Over them, options
 * lettered in a narrow column of their own ("A." beside "I DO NOT WANT…"): the gutter beside the letters runs down
 * through the boxes, which only the first label's line crosses.
 */
function signatures(): Run[] {
  const at = (n: number, text: string, x: number, y: number) => run(`${q(n)} ${text}`, x, y, 7);
  const options = Array.from({ length: 6 }, (_, i) => [
    at(2 * i + 1, `${'ABCDEF'[i]}.`, 52, 640 + 12 * i),
    at(2 * i + 2, 'AT A LOCAL OFFICE (choosing this option will add delay to a decision)', 82, 640 + 12 * i),
  ]).flat();
  return [
    ...options,
    at(13, 'SIGNATURE OF PERSON MAKING', 39, 721.8),
    at(15, 'DATE', 234, 721.8),
    at(17, 'SIGNATURE OF APPOINTED REPRESENTATIVE, IF ANY', 306, 721.8),
    at(20, 'DATE', 509, 721.8),
    at(14, 'THIS APPEAL', 39, 729.3),
    at(16, '(MM/DD/YYYY)', 238, 729.3),
    at(18, '(Not required if signed by appellant. See', 316, 729.3),
    at(21, '(MM/DD/YYYY)', 519, 729.3),
    at(19, 'instructions.)', 317, 736.8),
  ];
}
const SIGNATURE_RULES: Rule[] = [35, 231, 303, 506, 579].map((x) => ({ x, y0: 714, y1: 761 }));
const frame = (bottom: number): HRule[] => [
  { y: 714, x0: 35, x1: 579 },
  { y: bottom, x0: 35, x1: 579 },
];
const boxLabels = (text: string) => labels(text).filter((l) => l >= q(13));
const BOXES = Array.from({ length: 9 }, (_, i) => q(i + 13));

describe('a row of signature boxes, blank under their labels', () => {
  const read = (runs: Run[], rules: Rule[], hrules: HRule[]) =>
    layoutPage(runs, layoutParams({ rules, hrules }))
      .segments.map((s) => s.text)
      .join('\n');

  it('reads each box whole, the frame closing them far under the labels', () => {
    const text = read(signatures(), SIGNATURE_RULES, frame(761));
    expect(boxLabels(text)).toEqual(BOXES);
    expect(labels(text).sort()).toEqual(Array.from({ length: 21 }, (_, i) => q(i + 1)));
  });

  it('reads them so with the frame close under the labels too', () => {
    const rules = SIGNATURE_RULES.map((r) => ({ ...r, y1: 745 }));
    expect(boxLabels(read(signatures(), rules, frame(745)))).toEqual(BOXES);
  });
});
