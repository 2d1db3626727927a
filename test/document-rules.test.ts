/**
 * Document-level rules on hand-placed lines (no PDF): the cases a real page taught us, each reduced to the few lines
 * that decide it. A handbook page (a figure with its labels and caption at the foot of column one, the paragraph
 * running on into column two past fractions set as raised numerator, slash and small denominator) is the model.
 */
import { describe, expect, it } from 'vitest';
import { buildBlocks } from '../lib/document/blocks.js';
import { joinLines, Vocabulary } from '../lib/document/hyphenation.js';
import { layoutPage } from '../lib/layout/page.js';
import { fontFacts } from '../lib/pdf/fonts.js';
import { isFixedPitchFont } from '../lib/pdf/runs.js';
import { bodyOverNotes, detectFootnotes } from '../lib/document/footnotes.js';
import { detectFurniture } from '../lib/document/furniture.js';
import type { PlacedLine } from '../lib/document/lines.js';
import { makeLine, roundBox, unionBox } from '../lib/layout/lines.js';
import { renderMarkdown } from '../lib/render/markdown.js';
import type { Box, DocumentResult, Line, Run, Segment } from '../lib/types.js';
import { layoutParams, run } from './support/runs.js';

/** A narrow serif: 0.39 em per character on average, narrower than the 0.5 em a line is assumed to have. */
const NARROW = 0.39;
const narrow = (text: string, x: number, baseline: number, size: number, widthSize = size): Run => {
  const r = run(text, x, baseline, size);
  r.x1 = x + text.length * NARROW * widthSize;
  return r;
};

function segment(lines: Line[], column: number, kind: Segment['kind'] = 'column'): Segment {
  return { kind, page: 1, band: 0, column, text: lines.map((l) => l.text).join('\n'), bbox: roundBox(unionBox(lines.map((l) => l.bbox))), lines };
}

const lineAt = (text: string, x: number, baseline: number, size = 10) => makeLine([run(text, x, baseline, size)], baseline);
/** A line whose right edge is set (a justified or a short line, not the width its run's glyphs are estimated at). */
const lineTo = (text: string, x: number, baseline: number, right: number, size = 10) => {
  const l = lineAt(text, x, baseline, size);
  l.bbox[2] = right;
  return l;
};
/** A line of code in a fixed-pitch face (`width` when its glyphs measure other than the usual half em). */
const mono = (text: string, x: number, baseline: number, width?: number) => {
  const r = run(text, x, baseline, 10, { mono: true, font: 'CMTT10' });
  if (width) r.x1 = x + width;
  return makeLine([r], baseline);
};

function placed(segments: Segment[]): PlacedLine[] {
  return segments.flatMap((seg, s) => seg.lines.map((line, index) => ({ page: 1, segment: s, index, line, seg, pageHeight: 792, pageWidth: 612 })));
}

/** A document's second page of one line, in `size`: a first page's notes are looked for in a document of two pages. */
const secondPage = (text: string, size: number): PlacedLine[] => placed([segment([lineAt(text, 72, 80, size)], 0)]).map((l) => ({ ...l, page: 2 }));

describe('a line with fractions set as raised numerator, slash and small denominator', () => {
  // pdf.js gives "4 inch to" the 5.5 pt size of its first glyph, though "inch to" is set at 10 pt.
  const runs = [
    narrow('Rol-top ranges from', 321, 65.2, 10),
    narrow('1', 404.5, 62, 5.5),
    narrow('⁄', 407.2, 65.2, 10),
    narrow('4 inch to', 408.7, 65.2, 5.5, 10),
    narrow('⁄', 446.6, 65.2, 10),
    narrow('6 inch, and the bellows type', 448.2, 65.2, 5.5, 10),
  ];

  it('takes the size of the text, measured against the line’s own runs, not of the first glyph', () => {
    expect(makeLine(runs, 65.2).size).toBe(10);
  });

  it('stays in its paragraph (no size change is seen at it)', () => {
    const lines = [
      makeLine([narrow('the most common ranges in size for No. 6 up to', 321, 52.7, 10)], 52.7),
      makeLine(runs, 65.2),
      makeLine([narrow('ranges in size from No. 8 up to 3/8 inch.', 321, 77.7, 10)], 77.7),
    ];
    const blocks = buildBlocks([segment(lines, 0)], 10, 12.5);
    expect(blocks).toHaveLength(1);
  });
});

describe('a figure at the foot of a column, inside a paragraph that runs on into the next', () => {
  const col1 = [
    lineAt('Boots self-locking nuts are made with three different spring', 72, 500),
    lineAt('styles and in various shapes and sizes. The wing type that is', 72, 512.5),
    lineAt('Boots aircraft nut', 92, 590, 8),
    lineAt('Elastic anchor nut', 92, 640, 8),
    lineAt('Fiber locknut', 92, 688, 8),
    lineAt('Figure 7-26. Self-locking nuts.', 72, 710, 9),
  ];
  const col2 = [
    lineAt('the most common ranges in size for No. 6 up to 1/4 inch.', 321, 52.7),
    lineAt('Wing-type nuts are made of anodized aluminum alloy.', 321, 65.2),
  ];
  const segments = [segment(col1, 0), segment(col2, 1)];

  it('reads the paragraph whole, then the figure’s labels and caption', () => {
    const blocks = buildBlocks(segments, 10, 12.5);
    expect(blocks[0]!.kind).toBe('paragraph');
    expect(blocks[0]!.text).toContain('The wing type that is the most common ranges');
    expect(blocks[0]!.text).toContain('anodized aluminum alloy.');
    expect(blocks[0]!.sources.map((s) => s.bbox[0])).toEqual([72, 321]);
    const caption = blocks.find((b) => b.text.startsWith('Figure 7-26.'));
    expect(caption?.kind).toBe('caption');
    expect(blocks.indexOf(caption!)).toBeGreaterThan(0);
  });

  it('reads a figure with body-size subcaptions, then a sequel opening with a quote, after the paragraph', () => {
    const figure = [
      lineAt('(a) 2 AM. (b) 3 AM. (c) 4 AM.', 340, 150),
      lineAt('(d) 5 AM.', 340, 170),
      lineAt('Figure 2. A time series of the magnetic field.', 321, 190, 9),
      lineAt('“small multiples” by Tufte, and the wing type is the most common.', 321, 215),
    ];
    const blocks = buildBlocks([segment(col1.slice(0, 2), 0), segment(figure, 1)], 10, 12.5);
    expect(blocks[0]!.text).toContain('The wing type that is “small multiples” by Tufte');
    expect(blocks.map((b) => b.text.slice(0, 3))).toEqual(['Boo', '(a)', '(d)', 'Fig']);
  });

  it('reads a figure at the top of the next column, or in mid-column, after the paragraph too', () => {
    const top = [lineAt('Figure 7-26. Self-locking nuts.', 321, 200, 9), ...col2.map((l) => ({ ...l, baseline: l.baseline + 200 }))];
    const atTop = buildBlocks([segment(col1.slice(0, 2), 0), segment(top, 1)], 10, 12.5);
    expect(atTop.map((b) => b.kind)).toEqual(['paragraph', 'caption']);
    const inColumn = [
      ...col1.slice(0, 2),
      lineAt('Figure 7-26. Self-locking nuts.', 72, 560, 9),
      lineAt('the most common ranges in size for No. 6 up to 1/4 inch.', 72, 600),
    ];
    expect(buildBlocks([segment(inColumn, 0)], 10, 12.5).map((b) => b.kind)).toEqual(['paragraph', 'caption']);
  });

  it('reads a caption whose label has no punctuation after the paragraph when it is set small ("Figure 1 Examples …")', () => {
    const top = [
      lineAt('Figure 1 Examples of spectral sensitivities for two birds', 321, 200, 8),
      ...col2.map((l) => ({ ...l, baseline: l.baseline + 200 })),
    ];
    const blocks = buildBlocks([segment(col1.slice(0, 2), 0), segment(top, 1)], 10, 12.5);
    expect(blocks.map((b) => b.kind)).toEqual(['paragraph', 'caption']);
    // At the body's size it may open a paragraph ("Figure 1 Shows …" is a sentence): no caption.
    const plain = [lineAt('Figure 1 Shows the sensitivities of two birds.', 321, 200), ...col2.map((l) => ({ ...l, baseline: l.baseline + 200 }))];
    expect(buildBlocks([segment(col1.slice(0, 2), 0), segment(plain, 1)], 10, 12.5)[1]!.kind).toBe('paragraph');
  });

  it('keeps a table where it stands: only captions and their labels are moved', () => {
    const table = segment([lineAt('Item Size Weight', 72, 600, 8)], 0, 'table');
    const blocks = buildBlocks([segment(col1.slice(0, 2), 0), table, segment(col2, 1)], 10, 12.5);
    expect(blocks.map((b) => b.kind)).toEqual(['paragraph', 'table', 'paragraph']);
  });

  it('knows a caption by its label in other languages too ("Figura 3:", "표 1:", "图 2：", "Рис. 4.")', () => {
    for (const text of [
      'Figura 3: Mapa da região estudada.',
      '표 1: 2007 년 Top10 웹 애플리케이션 취약점',
      '图 2：系统架构',
      'Рис. 4. Схема установки.',
    ])
      expect(buildBlocks([segment([lineAt(text, 72, 100, 9)], 0)], 10, 12.5)[0]!.kind, text).toBe('caption');
    expect(buildBlocks([segment([lineAt('Tablet 3: a device.', 72, 100, 9)], 0)], 10, 12.5)[0]!.kind).toBe('paragraph');
  });

  it('reads a table opening the next page, with its caption and notes, after the sentence that runs on under it', () => {
    const onPage2 = (s: Segment): Segment => ({ ...s, page: 2 });
    const caption = onPage2(segment([lineAt('Table 1: Treatments and their abbreviations.', 72, 60, 9)], 0, 'span'));
    const table = onPage2(segment([lineAt('Nontreated 28 45 300', 72, 80, 8), lineAt('Nutr2x 34 39 295', 72, 90, 8)], 0, 'table'));
    const note = onPage2(segment([lineAt('†Treatments applied within a production year.', 72, 104, 8)], 0, 'span'));
    const sequel = onPage2(segment([lineAt('the most common ranges in size for No. 6 up to 1/4 inch.', 72, 130)], 0));
    const blocks = buildBlocks([segment(col1.slice(0, 2), 0), caption, table, note, sequel], 10, 12.5);
    expect(blocks.map((b) => b.kind)).toEqual(['paragraph', 'caption', 'table', 'paragraph']);
    expect(blocks[0]!.text).toContain('The wing type that is the most common ranges');
  });

  it('does not take the figure’s labels for footnotes when a caption sits below them', () => {
    expect(detectFootnotes(placed(segments), new Set(), 10, 12.5).footnotes).toEqual([]);
    // As a tag tree gives them: the figure's labels, its caption and the text each an element of their own.
    const tagged = [segment(col1.slice(0, 2), 0), segment(col1.slice(2, 5), 0), segment(col1.slice(5), 0), segment(col2, 1)];
    expect(detectFootnotes(placed(tagged), new Set(), 10, 12.5).footnotes).toEqual([]);
  });

  it('reads a plot with many labels, in a fixed-pitch face and a legend of 0.91 the body size, after the paragraph', () => {
    // The plot at the top of the next column: ten tick labels in a typewriter face, a 9.3 pt legend, an axis title.
    const ticks = ['8', '6', '4', '2', '0', '400 500 600 700 800'].map((t, i) => mono(t, 321, 60 + 26 * i));
    for (const t of ticks) t.size = 8;
    const plot = [
      ...ticks.slice(0, 1),
      lineAt('Data Fit', 400, 75, 9.1),
      ...ticks.slice(1),
      lineAt('λ [nm]', 420, 230, 9.1),
      lineAt('Figure 1: The spectrum of the harbour lamp.', 321, 250, 9),
    ];
    const rest = [lineAt('the most common ranges in size for No. 6 up to 1/4 inch.', 321, 290)];
    const blocks = buildBlocks([segment(col1.slice(0, 2), 0), segment([...plot, ...rest], 1)], 10, 12.5);
    expect(blocks[0]!.text).toContain('The wing type that is the most common ranges');
    expect(blocks.at(-1)!.kind).toBe('caption');
  });

  it('reads a masthead opening the next column (a bold name over small volume and date lines) after the paragraph', () => {
    const bold = (text: string, x: number, baseline: number, size: number) => makeLine([run(text, x, baseline, size, { bold: true })], baseline);
    const tail = [
      lineAt('The board invites you to send written comments on this', 72, 600, 9),
      lineAt('proposal. The most helpful comments name a portion of the', 72, 611, 9),
    ];
    const masthead = [bold('Harbour Register', 321, 59, 8), lineAt('Vol. 85, No. 152', 321, 74, 8), lineAt('Thursday, August 6, 2020', 321, 91, 8)];
    const rest = [lineAt('proposal, explain the reason for any change, and include', 321, 122, 9), lineAt('supporting data.', 321, 133, 9)];
    const blocks = buildBlocks([segment(tail, 0), segment([...masthead, ...rest], 1)], 9, 11);
    expect(blocks[0]!.text).toContain('a portion of the proposal, explain the reason');
    expect(blocks.slice(1).map((b) => b.text)).toEqual(['Harbour Register', 'Vol. 85, No. 152', 'Thursday, August 6, 2020']);
    // A heading alone opening the next column is the next section's: nothing runs on across it.
    const section = buildBlocks([segment(tail, 0), segment([bold('Comments Invited', 321, 59, 9), ...rest], 1)], 9, 11);
    expect(section[0]!.text).not.toContain('proposal, explain');
  });

  it('reads no box of text under a heading at the next column’s top as a masthead: its own line goes on from it', () => {
    const bold = (text: string, x: number, baseline: number, size: number) => makeLine([run(text, x, baseline, size, { bold: true })], baseline);
    const tail = [
      lineTo('The board invites you to send written comments on this', 72, 600, 290, 9),
      lineTo('proposal. The most helpful comments name a portion of the', 72, 611, 290, 9),
    ];
    // A box of labels in two faces: its first line in the smaller face turned at the measure, the next one in the text's.
    const box = [
      bold('Harbour Labels', 321, 59, 9),
      lineTo('Target: [North Quay], [South Quay], [Inner Basin], [Dock] (first', 321, 74, 540, 7),
      lineTo('of the harbour’s docks), [Pier], [Old Harbour], [Lock], [Canal]', 321, 86, 540, 9),
    ];
    const rest = [lineTo('proposal, explain the reason for any change, and include', 321, 122, 540, 9), lineTo('supporting data.', 321, 133, 420, 9)];
    const blocks = buildBlocks([segment(tail, 0), segment([...box, ...rest], 1)], 9, 11);
    expect(blocks[0]!.text).not.toContain('of the harbour');
    expect(blocks.map((b) => b.text).join('\n')).toContain('Harbour Labels');
  });

  it('takes no row of a table of small cells for a figure’s labels past a cell cut off mid-sentence', () => {
    // A page's text goes on under a table whose second column's cells are sentences cut at the cell's edge: the next
    // row's cells, as small, are the table's, not labels floating between the cell and the text below the table.
    const cell = (text: string, x: number, baseline: number, column: number, band: number) => ({
      ...segment([lineTo(text, x, baseline, x + 200, 9.8)], column),
      band,
    });
    const cells = [
      cell('[Investors]', 72, 100, 0, 0),
      cell('investors got slightly risk-averse,', 300, 100, 1, 0),
      cell('[Index]', 72, 112, 0, 1),
      cell('and selling pressure prevailed.', 300, 112, 1, 1),
    ];
    const caption = { ...segment([lineTo('Table 2: Example of a sentence and its labels.', 72, 130, 400, 9)], 0), band: 2 };
    const text = { ...segment([lineTo('encoders we first obtain three vectors, which encode the data', 72, 160, 290, 10.9)], 0), band: 3 };
    const blocks = buildBlocks([...cells, caption, text], 11, 13);
    expect(blocks.find((b) => b.text.includes('risk-averse'))!.text).not.toContain('encoders');
  });

  it('still takes small notes stepped down at the foot of a column', () => {
    const notes = [...col1.slice(0, 2), lineAt('1 Boots nuts are made in Britain under licence.', 72, 700, 8)];
    const { footnotes } = detectFootnotes(placed([segment(notes, 0), segment(col2, 1)]), new Set(), 10, 12.5);
    expect(footnotes.map((f) => f.marker)).toEqual(['1']);
  });
});

describe('a first page’s notes in smaller type under an abstract set small too', () => {
  // A paper's first page: its text in 10 pt, its abstract at the foot in 9 pt (under the notes' size already), then a
  // step down the correspondence and funding lines in 7.5 pt; a second page of text.
  const text = [0, 1, 2].map((k) => lineAt(`The prevalence of the disease was measured in the cohort, line ${k} of it.`, 170, 300 + k * 12.5));
  const abstract = [0, 1, 2, 3].map((k) =>
    lineAt(`Abstract line ${k}: the data provide population estimates of the magnitude of the disease.`, 170, 560 + k * 11, 9),
  );
  const notes = [
    lineAt('Correspondência: Cláudia Souza. E-mail: claudia.souza@example.org, the first author of the paper.', 170, 613, 7.5),
    lineAt('Fonte de financiamento: Coordenação de Aperfeiçoamento de Pessoal de Nível Superior, bolsa.', 170, 622, 7.5),
    lineAt('Conflito de interesses: nada a declarar. Recebido em: Mar. 27, 2020. Aprovado em: 2021.', 170, 631, 7.5),
  ];
  const page2 = placed([segment([lineAt('The second page of the paper goes on with its methods and results.', 170, 100)], 0)]).map((l) => ({
    ...l,
    page: 2,
    segment: 9,
  }));

  it('leave notes over smaller notes whole: the lines above the step must be text, not notes themselves', () => {
    const upper = [
      lineAt('Corresponding author: C. Souza, Department of Public Health, University of Elsewhere, Brazil.', 170, 560, 8.5),
      lineAt('Funding: the coordination for the improvement of higher education personnel, grant 001, 2020.', 170, 570, 8.5),
      lineAt('Competing interests: the authors declare that they have no competing interests at all here.', 170, 580, 8.5),
    ];
    const lower = [lineAt('This article is part of the special issue on maternal health in the Americas, 2023 series.', 170, 600, 7.5)];
    const { footnotes } = detectFootnotes([...placed([segment([...text, ...upper, ...lower], 0)]), ...page2], new Set(), 10, 12.5);
    expect(footnotes.map((f) => f.text.slice(0, 21))).toEqual(['Corresponding author:']);
  });

  it('are taken as notes from the first line a step down in smaller type, the abstract left in the flow', () => {
    const { footnotes } = detectFootnotes([...placed([segment([...text, ...abstract, ...notes], 0)]), ...page2], new Set(), 10, 12.5);
    expect(footnotes.map((f) => f.text.slice(0, 16))).toEqual(['Correspondência:']);
  });
});

describe('small unmarked lines over a table at the foot of a page', () => {
  // A one-page form: its text, then a notice in small type set a step below it, wide as the text; under the notice,
  // or not, the form's table of signature boxes.
  const text = [0, 1, 2, 3].map((k) => lineAt(`The appellant must answer every question on this form in full ${k}.`, 72, 400 + k * 12.5));
  const notice = [
    lineAt('Copyright notice: this form may be copied freely by anyone who needs to file an appeal.', 72, 600, 8),
    lineAt('It may not be sold, and the agency keeps all rights in its design and its wording.', 72, 610, 8),
  ];
  const table = [
    makeLine([run('Signature of appellant', 72, 680, 8), run('Date signed', 400, 680, 8)], 680, { cells: true }),
    makeLine([run('Name of representative', 72, 700, 8), run('Date signed', 400, 700, 8)], 700, { cells: true }),
  ];

  it('are the form’s own lines, read in the flow, with a table of words under them', () => {
    const notes = (withTable: boolean) =>
      detectFootnotes(placed([segment(text, 0), segment(notice, 0), ...(withTable ? [segment(table, 0, 'table')] : [])]), new Set(), 10, 12.5)
        .footnotes;
    expect(notes(false)).toHaveLength(1);
    expect(notes(true)).toEqual([]);
  });

  it('are so over a row of signature boxes read box by box (each label its own segment)', () => {
    const box = (lines: Line[], column: number) => ({ ...segment(lines, column), box: true });
    const boxes = [
      box([lineAt('Signature of appellant', 72, 680, 8), lineAt('(sign in ink)', 72, 690, 8)], 0),
      box([lineAt('Date signed', 400, 680, 8), lineAt('(MM/DD/YYYY)', 400, 690, 8)], 1),
    ];
    const notes = (withBoxes: boolean) =>
      detectFootnotes(placed([segment(text, 0), segment(notice, 0), ...(withBoxes ? boxes : [])]), new Set(), 10, 12.5).footnotes;
    expect(notes(true)).toEqual([]);
    // The same segments not marked as boxes leave the notice a note.
    const plain = detectFootnotes(
      placed([segment(text, 0), segment(notice, 0), ...boxes.map((b) => ({ ...b, box: undefined }))]),
      new Set(),
      10,
      12.5,
    );
    expect(plain.footnotes).toHaveLength(1);
  });
});

describe('a story broken off at a hyphen at the foot of its column', () => {
  it('goes on in the full-width frame under both columns, read before the column beside it', () => {
    const left = [
      lineAt('The next day the wolf struck again, this time targeting the', 57, 404),
      lineAt('two pig brothers who had most incau-', 57, 419),
    ];
    const right = [lineAt('Tragic Wall Accident', 308, 190, 14), lineAt('An egg person tragically fell from a six foot wall yesterday.', 308, 231)];
    const frame = [
      lineAt('tiously made their dwellings on the cheap using inadequate materials and the wolf', 57, 434),
      lineAt('also made an attempt on the third pig brother, but was unable to break in.', 57, 448),
    ];
    const blocks = buildBlocks([segment(left, 0), segment(right, 1), segment(frame, 0, 'span')], 10, 14.5);
    expect(blocks[0]!.text).toContain('incautiously made their dwellings');
    expect(blocks.map((b) => b.text.slice(0, 6))).toEqual(['The ne', 'Tragic', 'An egg']);
  });
});

describe('a step opened by its number set as a drop cap', () => {
  it('is one paragraph: its lines come back to the number’s edge under the two lines beside it', () => {
    const number = run('1.', 18, 416, 20, { initial: true });
    const lines = [
      makeLine([number, run('Preheat the oven to between', 39, 411)], 411),
      lineAt('200 and 350. Pat the roast', 39, 424),
      lineAt('dry and season with salt and pep-', 18, 437),
      lineAt('per. Heat oil in a medium skillet.', 18, 450),
    ];
    const blocks = buildBlocks([segment(lines, 0)], 10, 13);
    expect(blocks.map((b) => b.text)).toEqual([
      '1. Preheat the oven to between 200 and 350. Pat the roast dry and season with salt and pepper. Heat oil in a medium skillet.',
    ]);
  });
});

describe('two references broken off at a hyphen, a table’s cells beside them', () => {
  it('each read once: the sequel one of them takes is not taken again by the other', () => {
    const right = (text: string, baseline: number) => segment([lineAt(text, 325, baseline)], 1, 'table');
    const blocks = buildBlocks(
      [
        segment([lineAt('[1] M. Aharon, M. Elad, and Alfred A. Bruckstein. K-', 53, 670)], 0, 'span'),
        right('nal compression. Springer Science & Business Media,', 673),
        segment([lineAt('SVD: An algorithm for designing overcomplete dictio-', 70, 682)], 0, 'span'),
        right('2012.', 685),
        segment(
          [lineAt('naries for sparse representation. IEEE Transactions on', 70, 694), lineAt('Signal Processing, pages 4311–4322, 2006.', 70, 706)],
          0,
          'span',
        ),
      ],
      10,
      12,
    );
    const text = blocks.map((b) => b.text).join('\n');
    expect(text.split('sparse representation').length - 1).toBe(1);
    expect(text).toContain('SVD: An algorithm');
  });
});

describe('small code at the foot of a page', () => {
  it('is not footnotes, though it is small, stepped down and its lines start with numbers', () => {
    const small = (text: string, baseline: number) => makeLine([run(text, 72, baseline, 7, { mono: true, font: 'NimbusMonoPS' })], baseline);
    const lines = [
      lineAt('The mime.cache files hold the same information in a binary, mappable format:', 72, 600),
      small('2 CARD16 MAJOR_VERSION 1', 640),
      small('2 CARD16 MINOR_VERSION 2', 652),
      small('4 CARD32 ALIAS_LIST_OFFSET', 664),
    ];
    expect(detectFootnotes(placed([segment(lines, 0)]), new Set(), 10, 12.5).footnotes).toEqual([]);
  });
});

describe('notes on a typewritten page', () => {
  it('are footnotes though set in the fixed-pitch face of the whole page (a slip opinion in Courier)', () => {
    const courier = (text: string, x: number, baseline: number, size: number) =>
      makeLine([run(text, x, baseline, size, { mono: true, font: 'CourierNewPSMT' })], baseline);
    const lines = [
      ...Array.from({ length: 12 }, (_, i) => courier(`Citizenship and Immigration Services; line ${i + 1} of the caption`, 76, 400 + i * 14, 12)),
      courier('1 Pursuant to Federal Rule of Appellate Procedure 43(c)(2), Janet', 108, 622.8, 9),
      courier('Napolitano has automatically been substituted for Michael Chertoff.', 72, 633.3, 9),
      courier('2 The Clerk of the Court is respectfully directed to amend the caption.', 108, 680.5, 9),
    ];
    const notes = detectFootnotes(placed([segment(lines, 0)]), new Set(), 12, 14).footnotes;
    expect(notes.map((n) => n.marker)).toEqual(['1', '2']);
  });
});

describe('a two-page form’s name in its head beside “Page 2” and again in its feet', () => {
  // Page 1: boxes of the form, then its foot line (notice, catalogue number, the form's name far apart); page 2: the
  // head (the form's name at the left margin, "Page 2" at the right) set right over the first box, and the name alone
  // at the foot. Nothing repeats at one height, and the head stands only a line's advance over the text.
  const words = ['wages', 'interest', 'dividends', 'refunds', 'alimony', 'business', 'gains', 'pensions', 'rents', 'farming'];
  const text = (y: number, n: number, from: number) =>
    Array.from({ length: n }, (_, i) =>
      lineAt(`${from + i} Enter the ${words[(from + i) % 10]} from line ${i + 4} of the worksheet`, 65, y + i * 13, 9),
    );
  const page1 = [
    ...text(60, 50, 1),
    makeLine(
      [
        run('For Paperwork Reduction Act Notice, see your tax return instructions.', 36, 754, 8),
        run('Cat. No. 13600G', 380, 754, 8),
        run('Form 6251 (2024)', 514, 754, 10),
      ],
      754,
    ),
  ];
  const page2 = [
    makeLine([run('Form 6251 (2024)', 36, 44, 10), run('Page 2', 546, 44, 10)], 44),
    ...text(57, 40, 57),
    makeLine([run('Form 6251 (2024)', 514, 742, 10)], 742),
  ];
  const lines = [...placed([segment(page1, 0)]), ...placed([segment(page2, 0)]).map((l) => ({ ...l, page: 2, segment: 9 }))];
  const { headers, footers } = detectFurniture(lines, 9, 3, 13);

  it('take the head though it stands close over the text: its page named far apart from the rest of the row', () => {
    expect(headers.map((h) => [h.page, h.text])).toEqual([[2, 'Form 6251 (2024) Page 2']]);
  });

  it('take the page’s outermost row at the other edge where it is, or closes with, the name of that head', () => {
    expect(footers.map((f) => f.page)).toEqual([1, 2]);
    expect(footers[0].text).toContain('Cat. No. 13600G');
  });
});

describe('standalone page numbers', () => {
  it('are not a raised numerator beside a line of text at the top of the page', () => {
    const lines = [
      makeLine([run('the most common ranges in size for No. 6 up to', 321, 52.7)], 52.7),
      makeLine([run('1', 514, 49.5, 5.5)], 49.5),
      makeLine([run('4 inch, the', 518, 52.7)], 52.7),
    ];
    const { headers } = detectFurniture(placed([segment(lines, 0)]), 10, 3, 12);
    expect(headers).toEqual([]);
  });

  it('are a number alone on its row in the outer band', () => {
    const lines = [lineAt('Body text of the page that runs across the measure.', 72, 400), lineAt('17', 300, 770)];
    const { footers } = detectFurniture(placed([segment(lines, 0)]), 10, 3, 12);
    expect(footers.map((f) => [f.text, f.kind])).toEqual([['17', 'folio']]);
  });
});

describe('code', () => {
  const lines = [
    lineAt('For example, consider a definitions file as follows:', 72, 100),
    mono('OtherStruct := SEQUENCE {', 72, 124),
    mono('x INTEGER,', 92, 136),
    mono('y CHOICE {', 92, 148),
    mono('y1 INTEGER }', 112, 160),
    mono('}', 72, 172),
    lineAt('And an assignments file as follows:', 72, 196),
  ];

  it('is a block of its own that keeps its lines and their indents', () => {
    const blocks = buildBlocks([segment(lines, 0)], 10, 12);
    expect(blocks.map((b) => b.kind)).toEqual(['paragraph', 'code', 'paragraph']);
    expect(blocks[1]!.text).toBe('OtherStruct := SEQUENCE {\n    x INTEGER,\n    y CHOICE {\n        y1 INTEGER }\n}');
  });

  it('is not one wrapped line of a URL or an identifier inside a paragraph of prose', () => {
    const prose = [
      lineAt('Creates the structures needed to manage the definitions. The array is a vector created by', 72, 100),
      mono('https://www.example.org/a/very/long/path/to/the/specification/of/the/structures/index.html', 72, 112),
      lineAt('and is freed by the caller once the structures are no longer needed by the application.', 72, 124),
    ];
    const blocks = buildBlocks([segment(prose, 0)], 10, 12);
    expect(blocks.map((b) => b.kind)).toEqual(['paragraph']);
    expect(blocks[0]!.text).toContain('created by https://www.example.org/a/very/long/path');
  });

  it('is not the end of a word broken at the end of a prose line, though that line is mostly fixed-pitch', () => {
    const lines = [
      lineAt('Running the command below will generate a file, containing the DER en-', 72, 100),
      mono('coding of PKIX1.Dss-Sig-Value.', 72, 112),
      mono('$ asn1Coding pkix.asn assign.asn1', 92, 130),
    ];
    const blocks = buildBlocks([segment(lines, 0)], 10, 12);
    expect(blocks.map((b) => b.kind)).toEqual(['paragraph', 'code']);
    expect(blocks[0]!.text).toContain('DER encoding of PKIX1');
  });

  it('is not a line of prose whose identifiers take up most of it', () => {
    const mixed = makeLine(
      [
        run('Returns:', 72, 100, 10),
        run('ASN1_SUCCESS', 115, 100, 10, { mono: true }),
        run('if successful,', 180, 100, 10),
        run('ASN1_ELEMENT_NOT_FOUND', 250, 100, 10, { mono: true }),
      ],
      100,
    );
    expect(mixed.mono).toBeUndefined();
    expect(makeLine([run('ASN1_SUCCESS = 0;', 72, 100, 10, { mono: true })], 100).mono).toBe(true);
  });

  it('is not the identifiers that end a sentence of prose', () => {
    const lines = [
      lineAt('The flags decide what is printed for each element, and are one of ASN1_', 72, 100),
      mono('PRINT_NAME_TYPE, ASN1_PRINT_NAME_TYPE_VALUE, or ASN1_PRINT_ALL.', 72, 112),
      lineAt('Prints the structure to the output stream.', 72, 130),
    ];
    const blocks = buildBlocks([segment(lines, 0)], 10, 12);
    expect(blocks.map((b) => b.kind)).toEqual(['paragraph', 'paragraph']);
    // A listing after a sentence that introduces it stays code.
    const listing = [
      lineAt('The definitions file starts with the module name:', 72, 100),
      mono('MYPKIX1 { }', 92, 112),
      mono('DEFINITIONS IMPLICIT TAGS ::=', 92, 124),
    ];
    expect(buildBlocks([segment(listing, 0)], 10, 12).map((b) => b.kind)).toEqual(['paragraph', 'code']);
  });

  it('is fenced in Markdown', () => {
    const blocks = buildBlocks([segment(lines, 0)], 10, 12);
    const md = renderMarkdown({ blocks, footnotes: [] } as unknown as DocumentResult);
    expect(md).toContain('```\nOtherStruct := SEQUENCE {\n    x INTEGER,');
  });
});

describe('list items', () => {
  it('keep their turned lines, which hang right of the bullet, and end where the text returns to the margin', () => {
    const lines = [
      lineAt('• Applications must be able to extend the database in any way when they are installed, to add both new', 72, 100),
      lineAt('rules for determining type, and new information about specific types.', 84, 112),
      lineAt('• It must be possible to install applications in /usr, /usr/local and the user’s home directory (in the', 72, 126),
      lineAt('normal Unix way) and have the MIME information used.', 84, 138),
      lineAt('This specification uses the XDG Base Directory Specification to define the prefixes below which', 72, 156),
    ];
    const blocks = buildBlocks([segment(lines, 0)], 10, 12);
    expect(blocks.map((b) => b.kind)).toEqual(['list-item', 'list-item', 'paragraph']);
    expect(blocks[0]!.text).toContain('to add both new rules for determining type');
    expect(blocks[1]!.text).toContain('(in the normal Unix way)');
  });

  it('do not take in an indented paragraph after a short item', () => {
    const lines = [
      lineAt('• Small memory footprint', 72, 100),
      lineAt('These strengths come from a design that was kept small from the start and never grew.', 84, 112),
      lineAt('The library was written for embedded systems and still runs on them without changes.', 72, 124),
    ];
    expect(buildBlocks([segment(lines, 0)], 10, 12).map((b) => b.kind)).toEqual(['list-item', 'paragraph']);
  });
});

describe('a change of weight', () => {
  const boldAt = (text: string, x: number, baseline: number) => makeLine([run(text, x, baseline, 14, { bold: true })], baseline);
  const plainAt = (text: string, x: number, baseline: number) => makeLine([run(text, x, baseline, 14)], baseline);

  it('does not part a sentence that runs on into a bold word or out of a bold line (a slide’s items)', () => {
    const lines = [
      plainAt('Run agile product idea', 28, 268),
      boldAt('workshops', 28, 285),
      boldAt('User experience', 28, 330),
      plainAt('considerations', 28, 347),
    ];
    const blocks = buildBlocks([segment(lines, 0)], 14, 17);
    expect(blocks.map((b) => b.text)).toEqual(['Run agile product idea workshops', 'User experience considerations']);
  });

  it('still parts a bold heading from the paragraph under it, and a finished sentence from a bold line', () => {
    const lines = [
      boldAt('Acquisition Planning', 28, 100),
      plainAt('Scope a product vision that can grow iteratively.', 28, 117),
      boldAt('Design thinking', 28, 134),
    ];
    const blocks = buildBlocks([segment(lines, 0)], 14, 17);
    expect(blocks.map((b) => b.kind)).toEqual(['heading', 'paragraph', 'heading']);
  });
});

describe('fixed-pitch fonts', () => {
  it('trust the font name, and pdf.js’ fixed-pitch flag only on varied, mostly Latin text over the page', () => {
    expect(isFixedPitchFont({ monospace: true }, ['. . . .'])).toBe(true);
    expect(isFixedPitchFont({ monospace: false, fixedWidths: true }, ['x INTEGER,'])).toBe(true);
    // A listing's lone closing brace is decided with the rest of the font's text on the page.
    expect(isFixedPitchFont({ monospace: false, fixedWidths: true }, ['}', 'y CHOICE {'])).toBe(true);
    // Leader dots from a one-glyph subset; full-width CJK glyphs, all one width.
    expect(isFixedPitchFont({ monospace: false, fixedWidths: true }, ['. . . . . . . . .'])).toBe(false);
    expect(isFixedPitchFont({ monospace: false, fixedWidths: true }, ['日本語の文章は全角の文字で組まれる。'])).toBe(false);
    expect(isFixedPitchFont({ monospace: false }, ['x INTEGER,'])).toBe(false);
  });

  it('by name, do not include Monotype faces', () => {
    expect(fontFacts('ABCDEF+MonotypeCorsiva').monospace).toBe(false);
    expect(fontFacts('ABCDEF+DejaVuSansMono').monospace).toBe(true);
    expect(fontFacts('CMTT10').monospace).toBe(true);
  });

  it('by name, include programmers’ faces named without "Mono", whose ligatures break the pitch test', () => {
    for (const name of [
      'ABCDEF+FiraCode-Regular',
      'SourceCodePro-Regular',
      'CascadiaCode-Bold',
      'Menlo-Regular',
      'Monaco',
      'Iosevka-Term',
      'Cousine',
    ])
      expect(fontFacts(name).monospace, name).toBe(true);
    expect(fontFacts('Fira_Code-Light').monospace).toBe(true);
    for (const name of ['FiraSans-Regular', 'SourceSansPro-Regular', 'Code2000', 'AndaleSansUI', 'IosevkaAile-Regular', 'IosevkaEtoile'])
      expect(fontFacts(name).monospace, name).toBe(false);
  });
});

describe('notes in Chinese naming commands in a fixed-pitch face', () => {
  it('are notes, not code, though most of their Latin letters are fixed-pitch', () => {
    const body = Array.from({ length: 30 }, (_, k) => lineAt(`The line ${k + 1} of the page body text, set in the body size.`, 72, 80 + 12 * k));
    const note = (n: number, zh: string, cmd: string, y: number) =>
      makeLine(
        [run(String(n), 74, y - 2, 5), run(zh, 80, y, 7.5, { font: 'FandolSong-Regular' }), run(cmd, 160, y, 7.5, { mono: true, font: 'LMMono8' })],
        y,
      );
    const foot = [
      note(21, '该文件必须包含', '\\documentclass', 660),
      note(22, '目前常用的编译命令为', 'pdflatex xelatex', 672),
      note(23, '如使用参考文献时', 'bibtex biblatex', 684),
    ];
    const notes = detectFootnotes(placed([segment([...body, ...foot], 0)]), new Set(), 10, 12);
    expect(notes.footnotes.map((n) => n.marker)).toEqual(['21', '22', '23']);
  });
});

describe('numbered affiliations in a column beside the abstract', () => {
  // Left: the last author's name in body type, then small numbered affiliations and a block under a heading; right:
  // the abstract, starting level with the affiliations and ending about where they end.
  const small = (text: string, baseline: number, bold = false) => makeLine([run(text, 46, baseline, 7, { bold })], baseline);
  const left = (heading: boolean) => [
    lineAt('Willandia Chaves 1', 46, 470, 12),
    small('1 Department of Fish and Wildlife Conservation,', 494),
    small('Virginia Tech, Blacksburg, Virginia, USA', 503),
    small('2 Rede de Pesquisa, Manaus, Brazil', 516),
    small('Funding information', 532, heading),
    small('Virginia Polytechnic Institute and State University', 541),
    small('Global Change Center', 550),
  ];
  const right = Array.from({ length: 6 }, (_, i) =>
    lineAt(`Abstract line ${i + 1} of the paper, in the body's size beside the column.`, 260, 494 + i * 12),
  );
  const lines = (heading: boolean) => {
    const segs = [segment(left(heading), 0), segment(right, 1)];
    return placed(segs);
  };
  it('are notes when no heading stands among them', () => {
    expect(detectFootnotes(lines(false), new Set(), 10, 12).footnotes).toHaveLength(2);
  });
  it('are front matter, read with the page, over a bold heading of a few words ("Funding information")', () => {
    expect(detectFootnotes(lines(true), new Set(), 10, 12).footnotes).toEqual([]);
  });
});

describe('weights and styles of publishers’ renamed faces', () => {
  it('read the suffix of a renamed face: ".B" bold, ".I" italic, ".BI" both (Wiley’s and Elsevier’s AdvOT faces)', () => {
    expect(fontFacts('ABCDEF+AdvOTc022ae45.B')).toMatchObject({ bold: true, italic: false });
    expect(fontFacts('AdvOT8608a8d1.I')).toMatchObject({ bold: false, italic: true });
    expect(fontFacts('AdvOTb92eb7df.BI')).toMatchObject({ bold: true, italic: true });
    expect(fontFacts('AdvOT569473da')).toMatchObject({ bold: false, italic: false });
    // A name ending in a letter after a full stop that is no suffix of weight or style.
    expect(fontFacts('Helvetica.Light')).toMatchObject({ bold: false, italic: false });
  });
});

describe('review cases', () => {
  it('a sideways margin banner does not hide the folio beside it', () => {
    const banner = makeLine([run('Downloaded from the archive on 3 March, for personal use only', 20, 760, 8, { angle: -90 })], 760);
    banner.bbox = [14, 100, 22, 780];
    const body = segment([lineAt('Body text of the page that runs across the measure.', 72, 400)], 0);
    const folio = segment([lineAt('7', 300, 770)], 0, 'span');
    const rotated = segment([banner], 0, 'rotated');
    const { footers } = detectFurniture(placed([body, folio, rotated]), 10, 3, 12);
    expect(footers.map((f) => f.text)).toContain('7');
  });

  it('a run sized by one large first glyph does not make the whole line large', () => {
    const big = run('(abcdefghij', 72, 100, 20);
    big.x1 = 72 + 55;
    const body = run('x'.repeat(30), 130, 100, 10);
    body.x1 = 130 + 150;
    expect(makeLine([big, body], 100).size).toBe(10);
  });

  it('a figure with more labels than a float can hold is left in place, not joined as the sequel', () => {
    // As a tag tree gives it: the text, the figure (caption and labels) and the text's sequel, each its own element.
    const figure = [lineAt('Figure 3. Deflection against load.', 72, 140, 9)];
    for (let k = 0; k < 9; k++) figure.push(lineAt(`0.${k + 1}`, 90, 170 + k * 30, 7));
    const text = [lineAt('The deflection grows with the load and', 72, 100)];
    const sequel = [lineAt('falls again once the beam yields.', 321, 60)];
    const blocks = buildBlocks([segment(text, 0), segment(figure, 0), segment(sequel, 1)], 10, 12.5);
    expect(blocks.some((b) => /and 0\.\d/.test(b.text))).toBe(false);
    expect(blocks.some((b) => /0\.\d falls/.test(b.text))).toBe(false);
  });

  it('code indents are measured on the narrowest line (inner runs of spaces come out as one)', () => {
    const lines = [mono('if (x) {', 72, 100), mono('int a; // one', 92, 112, 91), mono('int b; // two', 92, 124, 91), mono('}', 72, 136)];
    const [code] = buildBlocks([segment(lines, 0)], 10, 12);
    expect(code!.text.split('\n')[1]).toBe('    int a; // one');
  });
});

describe('a paragraph across a column break', () => {
  const col2 = [lineAt('17, Aviation Road', 455, 90), lineAt('Paperfield', 455, 102)];

  it('goes on only when its last line was turned at the measure', () => {
    // An invoice: the recipient's block ends with a short title line; the sidebar beside it starts with a number.
    const col1 = [
      lineAt('Kraxi Systems, Inc. • 17, Aviation Road • Paperfield', 55, 150, 9),
      lineAt('John Q. Doe', 55, 168),
      lineAt('INVOICE 2020-10', 55, 300),
    ];
    const blocks = buildBlocks([segment(col1, 0), segment(col2, 1)], 10, 12.5);
    expect(blocks.map((b) => b.text)).toContain('INVOICE 2020-10');
    expect(blocks.some((b) => b.text.includes('2020-10 17, Aviation'))).toBe(false);
  });

  it('does not go on from a column of short lines only (an address block with nothing wider in it)', () => {
    const col1 = [lineAt('John Q. Doe', 55, 168), lineAt('255 Customer Lane', 55, 184), lineAt('INVOICE 2020-10', 55, 300)];
    const blocks = buildBlocks([segment(col1, 0), segment(col2, 1)], 10, 12.5);
    expect(blocks.some((b) => b.text.includes('2020-10 17, Aviation'))).toBe(false);
  });

  it('joins ragged-right text whose last line left less room than the next word takes', () => {
    const col1 = [
      lineAt('The survey was ordered in the spring and the engineer', 72, 100),
      lineAt('sent a revised drawing showing the harbour', 72, 112.5),
    ];
    const next = [lineAt('breakwater carried forty feet further out.', 321, 100)];
    const [para] = buildBlocks([segment(col1, 0), segment(next, 1)], 10, 12.5);
    expect(para!.text).toContain('the harbour breakwater carried');
    // The same line cut four words earlier left room for the next word: the paragraph ended there.
    const short = [col1[0]!, lineAt('sent a revised drawing', 72, 112.5)];
    expect(buildBlocks([segment(short, 0), segment(next, 1)], 10, 12.5)).toHaveLength(2);
  });
});

describe('sideways text between the two halves of a sentence', () => {
  it('is read after the paragraph, as a caption is', () => {
    const col1 = [
      lineAt('The survey was ordered in the spring and the engineer', 72, 100),
      lineAt('sent a revised drawing showing the harbour wall and', 72, 112.5),
    ];
    const credit = makeLine([run('Photo by the harbour engineer', 250, 200, 7, { angle: -90 })], 200);
    const col2 = [lineAt('the breakwater carried forty feet further out.', 321, 100)];
    const rotated: Segment = { ...segment([credit], 0), kind: 'rotated', column: null };
    const blocks = buildBlocks([segment(col1, 0), rotated, segment(col2, 1)], 10, 12.5);
    expect(blocks[0]!.text).toContain('harbour wall and the breakwater carried');
    expect(blocks[1]!.text).toBe('Photo by the harbour engineer');
  });
});

describe('review cases, second round', () => {
  it('sideways body-size text starting lowercase is never spliced into the sentence it interrupts', () => {
    const col1 = [
      lineAt('The survey was ordered in the spring and the engineer', 72, 100),
      lineAt('sent a revised drawing showing the harbour wall and', 72, 112.5),
    ];
    const url = makeLine([run('www.harbourboard.example/photos', 262, 250, 10, { angle: -90 })], 250);
    url.bbox = [255, 95, 265, 250];
    const col2 = [lineAt('the breakwater carried forty feet further out.', 321, 100)];
    const rotated: Segment = { ...segment([url], 0), kind: 'rotated', column: null };
    const blocks = buildBlocks([segment(col1, 0), rotated, segment(col2, 1)], 10, 12.5);
    expect(blocks.map((b) => b.text)).toEqual([
      'The survey was ordered in the spring and the engineer sent a revised drawing showing the harbour wall and the breakwater carried forty feet further out.',
      'www.harbourboard.example/photos',
    ]);
  });

  it('a paragraph set sideways still runs on from one block to the next, whichever way it turns', () => {
    for (const [x0, step] of [
      [100, -12],
      [500, 12],
    ] as const) {
      const sideways = (text: string, i: number) => {
        const l = makeLine([run(text, x0 + i * step, 0, 10, { angle: step < 0 ? 90 : -90 })], x0 + i * step);
        l.bbox = [x0 + i * step - 8, 100, x0 + i * step + 2, 100 + text.length * 5];
        return l;
      };
      const a = [
        sideways('The survey was ordered in the spring and the engineer', 0),
        sideways('sent a revised drawing showing the harbour wall and', 1),
      ];
      const b = [sideways('the breakwater carried forty feet further out.', 0)];
      const rot = (lines: Line[]): Segment => ({ ...segment(lines, 0), kind: 'rotated', column: null });
      expect(buildBlocks([rot(a), rot(b)], 10, 12.5)).toHaveLength(1);
    }
  });

  it('one overlong line in a column does not set the measure its paragraph ends are checked against', () => {
    const col1 = [
      lineAt('The survey was ordered in the spring and the engineer', 72, 100),
      lineAt('https://harbourboard.example/surveys/1912/eastern-breakwater/drawings', 72, 112.5),
      lineAt('sent a revised drawing showing the harbour wall and', 72, 125),
      lineAt('the engineer sent a revised drawing showing the harbour', 72, 137.5),
    ];
    const next = [lineAt('breakwater carried forty feet further out.', 340, 100)];
    const [para] = buildBlocks([segment(col1, 0), segment(next, 1)], 10, 12.5);
    expect(para!.text).toContain('the harbour breakwater carried');
  });
});

describe('a drop cap that is a word by itself', () => {
  const page = (cap: string, first: string) => [
    run(cap, 72, 124, 36, { x1: 94 }),
    run(first, 98, 100, 10),
    run('the year 1632, in the city of York, of a good family, though', 98, 112, 10),
    run('not of that country, my father being a foreigner who was settled', 98, 124, 10),
    run('first at Hull; he got a good estate by merchandise, and leaving off.', 72, 136, 10),
  ];

  it('gets the space the file did not draw, when the document uses the word after it and not the two joined', () => {
    const text = (runs: Run[]) => buildBlocks(layoutPage(runs, layoutParams()).segments, 10, 12)[0]!.text;
    expect(text(page('I', 'was born in the year of the great storm, and'))).toMatch(/^I was born/);
    expect(text(page('T', 'he year was hard for the city and for the port, and'))).toMatch(/^The year was hard/);
  });

  it('is known to the document stage from the line itself, also after the page crossed a process boundary as JSON', () => {
    const segments = layoutPage(page('I', 'was born in the year of the great storm, and'), layoutParams()).segments;
    expect(segments[0]!.lines[0]).toMatchObject({ text: 'Iwas born in the year of the great storm, and', initial: 1 });
    // The pipeline's aggregator gets the page worker's analysis as JSON.
    const viaJson = JSON.parse(JSON.stringify(segments)) as typeof segments;
    expect(buildBlocks(viaJson, 10, 12)[0]!.text).toMatch(/^I was born/);
  });
});

describe('a paragraph opening with a drop cap', () => {
  it('is one paragraph, though the lines beside the cap are indented by it', () => {
    const runs = [
      run('T', 72, 124, 36, { x1: 94 }),
      run('he harbour works were incomplete before the season', 98, 100, 10),
      run('closed and no further funds had been voted for the', 98, 112, 10),
      run('repairs along the eastern breakwater, which the survey', 98, 124, 10),
      run('ordered in the spring showed it to be failing badly.', 72, 136, 10),
      run('A second paragraph follows here, indented as usual.', 82, 148, 10),
    ];
    const layout = layoutPage(runs, layoutParams());
    const blocks = buildBlocks(layout.segments, 10, 12);
    expect(blocks.map((b) => b.text.slice(0, 20))).toEqual(['The harbour works we', 'A second paragraph f']);
  });
});

describe('a paragraph under a display formula', () => {
  // A paper's column: a formula of four rows (a big bracket's ends, numerators, the row, denominators) under "… as
  // follows:", then a paragraph whose first line is indented, set tight under the formula.
  const at = (text: string, x: number, baseline: number, right: number) => lineTo(text, x, baseline, right, 9);
  const lines = (next: string, x = 327.9) => [
    at('The information gain of including a code line is as follows:', 327.9, 475.6, 543),
    at('( )', 381.9, 493.2, 551.8),
    at('|Gm | |Ge |', 386.9, 499.8, 489.7),
    at('Entropy(GP ) − × Entropy(Gm ) + × Entropy(Ge )', 323.6, 505.9, 547.9),
    at('|GP | |GP |', 387.7, 512, 491.1),
    at(next, x, 527, 558.2),
    at('instances, then Entropy(GP ) is 0.95. Say the pattern is modified to', 318, 537.9, 558.2),
    at('include a code line, so it excludes two negative instance, then Gm', 318, 548.9, 557.4),
  ];
  const starts = (ls: Line[]) => buildBlocks([segment(ls, 0)], 9, 11).map((b) => b.text.slice(0, 12));

  it('starts a block of its own when its indented first line opens a sentence', () => {
    expect(starts(lines('If a pattern initially matches five positive and three negative'))).toEqual([
      'The informat',
      '( ) |Gm | |G',
      'If a pattern',
    ]);
  });

  it('goes on with the formula when its first line opens in lower case or at the column’s edge', () => {
    expect(starts(lines('where a pattern initially matches five positive and three negative'))).toEqual(['The informat', '( ) |Gm | |G']);
    expect(starts(lines('If a pattern initially matches five positive and three negative', 318))).toEqual(['The informat', '( ) |Gm | |G']);
  });

  it('goes on in centred lines after one left in lower case (a centred sentence turned)', () => {
    const centred = [
      lineTo('We pre-train a family of vision transformers', 160, 100, 452, 9),
      lineTo('on ImageNet-21k', 270, 111, 342, 9),
      lineTo('While keeping accuracy on par with the largest', 170, 122, 442, 9),
    ];
    expect(starts(centred)).toHaveLength(1);
  });

  it('goes on when the display is left at a comma', () => {
    const ls = lines('If a pattern initially matches five positive and three negative');
    ls[4] = lineTo('|GP | |GP |,', 387.7, 512, 493.6, 9);
    expect(starts(ls)).toEqual(['The informat', '( ) |Gm | |G']);
  });

  it('goes on when the line is a table’s cells read as a line, or stands further in than a paragraph’s indent', () => {
    expect(starts(lines('Stirrer Speed Temperature [14] Pressure Temperature Electrowinning'))).toEqual(['The informat', '( ) |Gm | |G']);
    expect(starts(lines('If a pattern initially matches five positive and three negative', 360))).toEqual(['The informat', '( ) |Gm | |G']);
  });
});

describe('list items, second round', () => {
  // A spec's bullets: "• " at 119.5, turned lines hanging at 129.5, the measure at about 530.
  const at = (text: string, x: number, baseline: number) => lineAt(text, x, baseline);
  const measureLine = at('This specification uses the XDG Base Directory Specification to define the', 119.5, 100);

  it('keep a turned line whose first word would not have fitted, though the line before ends short of the measure', () => {
    const lines = [
      measureLine,
      at('• It must be possible to install applications in the home (in the', 119.5, 120),
      at('normalising Unix way) and have the MIME information used.', 129.5, 133),
    ];
    const blocks = buildBlocks([segment(lines, 0)], 10, 13);
    expect(blocks.map((b) => b.kind)).toEqual(['paragraph', 'list-item']);
    expect(blocks[1]!.text).toContain('(in the normalising Unix way)');
  });

  it('end where a line comes back to the bullet’s edge after hanging turned lines', () => {
    const lines = [
      measureLine,
      at('• <MIME>/mime.cache (contains the same information as the globs2, magic,', 119.5, 120),
      at('aliases, icons and XMLnamespaces files, in a binary, mmappable format)', 129.5, 133),
      at('The format of these generated files and the source files in packages are', 119.5, 146),
    ];
    const blocks = buildBlocks([segment(lines, 0)], 10, 13);
    expect(blocks.map((b) => b.kind)).toEqual(['paragraph', 'list-item', 'paragraph']);
  });

  it('end where a line comes back further left than the bullet, a paragraph indented less than the list', () => {
    // A paper's bullets set in 16 pt from the column, their turned lines at 24.5, the next paragraph's indent 10.
    const lines = [
      measureLine,
      at('• Ge : positive and negative instances excluded after the pattern', 135.5, 120),
      at('is updated', 144, 133),
      at('Then, for each group G, entropy is computed using the propor-', 129.5, 146),
      at('tion of positive instances and negative instances:', 119.5, 159),
    ];
    const blocks = buildBlocks([segment(lines, 0)], 10, 13);
    expect(blocks.map((b) => b.kind)).toEqual(['paragraph', 'list-item', 'paragraph']);
    expect(blocks[2]!.text).toContain('Then, for each group G, entropy is computed using the proportion');
  });

  it('numbered in roman numerals are no items where the line before turned mid-sentence', () => {
    const lines = [
      at('The parties agree to the terms set out in Schedule 2, paragraph', 119.5, 100),
      at('iv. of this Agreement, which shall apply from the date of signature.', 119.5, 113),
    ];
    expect(buildBlocks([segment(lines, 0)], 10, 13).map((b) => b.kind)).toEqual(['paragraph']);
  });

  it('numbered in roman numerals, set right-aligned, are an item each', () => {
    // A directive's nested list: "i." at 156, "ii." at 153, "iii." at 150, turned lines at 180.
    const lines = [
      at('b) Set target timelines for and track:', 126, 100),
      at('i. Acknowledgement to the reporter (where known) that their report was received.', 156, 114),
      at('ii. Initial assessment (i.e., determining whether disclosed vulnerabilities are valid,', 153, 128),
      at('including impact evaluation).', 180, 142),
      at('iii. Resolution of vulnerabilities, including notification of the outcome to the', 150, 156),
      at('reporter.', 180, 170),
      at('iv. Reports for systems and services that are out of scope will be handled.', 151, 184),
    ];
    const blocks = buildBlocks([segment(lines, 0)], 10, 13);
    expect(blocks.map((b) => b.text.split(' ')[0])).toEqual(['b)', 'i.', 'ii.', 'iii.', 'iv.']);
    expect(blocks.every((b) => b.kind === 'list-item')).toBe(true);
  });

  it('end at a sentence when the next line is indented, though the sentence ends near the measure', () => {
    // A paper's enumerated contributions: "(4) …" set flush, then an indented paragraph.
    const lines = [
      at('(4) A dataset with 3-way fine-grained human faithfulness judg-', 306, 100),
      at('ments for a hundred and twenty summaries of two datasets, to be', 306, 113),
      at('used for benchmarking the automatic metrics for summaries.', 306, 126),
      at('We open-source our human evaluation data, an-', 317, 139),
      at('notation interface, and code for future research.', 306, 152),
    ];
    const blocks = buildBlocks([segment(lines, 0)], 10, 13);
    expect(blocks.map((b) => b.text.slice(0, 12))).toEqual(['(4) A datase', 'We open-sour']);
    expect(blocks[1]!.text).toContain('annotation interface');
  });

  it('run on across a page break like a paragraph', () => {
    const p1 = [measureLine, at('• All streamable types (everything except the inode types) are subclasses of', 119.5, 120)];
    const p2: Segment = { ...segment([at('application/octet-stream, and sort after them.', 129.5, 80)], 0), page: 2 };
    const blocks = buildBlocks([segment(p1, 0), p2], 10, 13);
    expect(blocks.map((b) => b.kind)).toEqual(['paragraph', 'list-item']);
    expect(blocks[1]!.text).toContain('subclasses of application/octet-stream');
  });
});

describe('a table of contents', () => {
  it('gives each entry its own block, none of them a heading, and keeps a wrapped title with its leader line', () => {
    const lines = [
      makeLine([run('1 Introduction . . . . . . . . . . . . . . . . . . . . 1', 90, 100, 14.3)], 100),
      makeLine([run('2.1 ASN.1 syntax. . . . . . . . . . . . . . . . . . . . 2', 105, 120, 10.9)], 120),
      makeLine([run('2.2 Naming . . . . . . . . . . . . . . . . . . . . . . . 3', 105, 133, 10.9)], 133),
      makeLine([run('2.3 Parsing a definitions file that has a title long enough', 105, 146, 10.9)], 146),
      makeLine([run('to wrap . . . . . . . . . . . . . . . . . . . . . . . . . . iv', 105, 159, 10.9)], 159),
    ];
    const blocks = buildBlocks([segment(lines, 0)], 10.9, 13);
    expect(blocks.map((b) => b.text.slice(0, 12))).toEqual(['1 Introducti', '2.1 ASN.1 sy', '2.2 Naming .', '2.3 Parsing ']);
    expect(blocks.every((b) => b.kind === 'paragraph')).toBe(true);
    expect(blocks[3]!.text).toContain('long enough to wrap');
  });
});

describe('running heads of short chapters', () => {
  it('are taken in a slot where heads with page numbers are established, though they repeat too few times alone', () => {
    const lines: PlacedLine[] = [];
    const add = (page: number, text: string, baseline: number, size = 10) => {
      const line = lineAt(text, 90, baseline, size);
      const seg = segment([line], 0);
      lines.push({
        page,
        segment: lines.filter((l) => l.page === page).length,
        index: 0,
        line,
        seg: { ...seg, page },
        pageHeight: 792,
        pageWidth: 612,
      });
    };
    // A two-page chapter (its opener on page 1 has no head), then a long one.
    add(1, 'Chapter 2: Structure handling', 160, 20);
    for (let p = 2; p <= 3; p++) add(p, `Chapter 2: Structure handling ${p}`, 58);
    for (let p = 4; p <= 9; p++) add(p, `Chapter 4: Function reference ${p}`, 58);
    // Body text on every page, and on page 10 a line at the head's height without a page number.
    const words = 'harbour works were incomplete before the season closed and no further funds had been voted for repairs'.split(' ');
    for (let p = 1; p <= 10; p++) {
      for (let k = 0; k < 30; k++)
        add(p, `The ${words[(p * 7 + k) % words.length]} ${words[(p + k * 3) % words.length]} of the chapter text, at the usual size.`, 90 + k * 13);
    }
    add(10, 'A note set at the top of the page', 58);
    // Pages whose first line sits in the slot with a number or a roman-numeral-like word in it, found once.
    for (let k = 0; k < 30; k++) add(11, `The ${words[k % words.length]} of the appended letter, at the usual size.`, 90 + k * 13);
    add(11, 'In 2019 the harbour board voted new funds for the', 58);
    for (let k = 0; k < 30; k++) add(12, `The ${words[(k + 3) % words.length]} of the appended form, at the usual size.`, 90 + k * 13);
    add(12, 'I think the results above are too optimistic, and a', 58);
    const { headers } = detectFurniture(lines, 10, 3, 12);
    expect(headers.map((h) => h.page)).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
  });
});

describe('review cases, third round', () => {
  it('a listing keeps its proportional line numbers and CJK comments and stays code, also in small type at a page foot', () => {
    const numbered = makeLine([run('21', 62, 100, 7), run('}', 80, 100, 10, { mono: true })], 100);
    expect(numbered.mono).toBe(true);
    const comment = makeLine([run('total = add(a, b)  #', 72, 100, 10, { mono: true }), run('合計を計算する', 180, 100, 10)], 100);
    expect(comment.mono).toBe(true);
    // Closing braces beside small line numbers measure small: no blank line is seen between them.
    const code = ['int sign(int v) {', 'if (v < 0) {', 'return -1;', '}', '}'].map((t, i) =>
      makeLine([run(String(18 + i), 62, 136 + 12 * i, 7), run(t, 80, 136 + 12 * i, 10, { mono: true, font: 'Courier' })], 136 + 12 * i),
    );
    expect(buildBlocks([segment(code, 0)], 10, 12).map((b) => b.kind)).toEqual(['code']);
    const body = Array.from({ length: 30 }, (_, k) =>
      lineAt(`The ${['harbour', 'works', 'season', 'funds'][k % 4]} line ${'x'.repeat(k % 7)} of the page body text.`, 72, 80 + 12 * k),
    );
    const foot = ['for (i = 0; i < n; i++) {', 'sum += a[i];', '}'].map((t, k) =>
      makeLine([run(String(41 + k), 62, 700 + 9 * k, 6), run(t, 80, 700 + 9 * k, 8, { mono: true, font: 'Courier' })], 700 + 9 * k),
    );
    const notes = detectFootnotes(placed([segment([...body, ...foot], 0)]), new Set(), 10, 12);
    expect(notes.footnotes).toEqual([]);
  });

  it('a tagged one-line list item does not take in the paragraph after it', () => {
    const tagged = (lines: Line[], role: string): Segment => ({ ...segment(lines, 0), role });
    const blocks = buildBlocks(
      [
        tagged([lineAt('• Python 3.8 or later', 72, 113)], 'LI'),
        tagged([lineAt('• a C compiler', 72, 126)], 'LI'),
        tagged([lineAt('npm is needed only to build the documentation.', 72, 145)], 'P'),
      ],
      10,
      13,
    );
    expect(blocks.map((b) => b.text)).toEqual(['• Python 3.8 or later', '• a C compiler', 'npm is needed only to build the documentation.']);
  });

  it('a right-to-left item set ragged-left is not cut where a line happens to start at the bullet’s edge', () => {
    const rtl = (t: string, x0: number, x1: number, b: number) => {
      const r = run(t, x0, b, 10, { dir: 'rtl' });
      r.x1 = x1;
      return makeLine([r], b);
    };
    const lines = [
      rtl('זוהי פסקה רגילה של טקסט עברי שמופיעה לפני הרשימה ומגיעה כמעט לשוליים', 104, 500, 100),
      rtl('• המערכת חייבת לאפשר התקנה של יישומים בתיקיית הבית של המשתמש ולא', 100, 500, 113),
      rtl('רק בתיקיות המערכת, וכך גם את כל המידע על סוגי הקבצים שהיישום', 131, 490, 126),
      rtl('מתקין יחד איתו ואת הקבצים הנלווים שלו, בלי הרשאות מנהל המערכת.', 101, 490, 139),
      rtl('• פריט שני ברשימה.', 400, 500, 152),
    ];
    expect(buildBlocks([segment(lines, 0)], 10, 13).map((b) => b.kind)).toEqual(['paragraph', 'list-item', 'list-item']);
  });

  it('contents entries do not run on across a page break, numbered ones included', () => {
    const p1 = segment(
      [
        lineAt('1. Introduction . . . . . . . . . . . . . . . . . . . . 1', 90, 700),
        lineAt('2. Background . . . . . . . . . . . . . . . . . . . . 3', 90, 713),
      ],
      0,
    );
    const p2: Segment = { ...segment([lineAt('2.1 History . . . . . . . . . . . . . . . . . . . . . 4', 100, 80)], 0), page: 2 };
    const blocks = buildBlocks([p1, p2], 10, 13);
    expect(blocks.map((b) => b.text.slice(0, 6))).toEqual(['1. Int', '2. Bac', '2.1 Hi']);
    expect(blocks.every((b) => b.kind === 'paragraph')).toBe(true);
  });
});

describe('notes under a rule drawn as text', () => {
  // A slip opinion's page: 11 pt text led at 13.25 pt, then "——————" in 9 pt a line below, then the notes.
  const body = [0, 1, 2].map((i) => lineAt(`The compact leaves each State free to regulate water within line ${i}`, 156, 470 + i * 13.25, 11));
  const rule = lineAt('——————', 156, 511.8, 9);
  const notes = [
    lineAt('5 Under §2.10 of the Compact each signatory State retains the right', 156, 525.6, 9),
    lineAt('or power to regulate within its boundaries the appropriation and use.', 156, 536.5, 9),
    lineAt('6 An acre-foot is equivalent to the volume of one acre of surface Dic-', 156, 623, 9),
  ];

  it('are notes though they stand only a line below the text, the rule taken with them', () => {
    const lines = placed([segment([...body, rule], 0), segment(notes, 1)]);
    const { footnotes, removed } = detectFootnotes(lines, new Set(), 11, 13.25);
    expect(footnotes.map((f) => f.marker)).toEqual(['5', '6']);
    expect(removed.has(lines.find((l) => l.line === rule)!.line)).toBe(true);
  });

  it('takes the next page’s rest of a note broken off mid-word, under its rule', () => {
    const page2 = [lineAt('tionary 19 (1966).', 156, 700, 9)];
    const lines = [
      ...placed([segment([...body, rule], 0), segment(notes, 1)]),
      ...placed([segment([...body.map((l) => ({ ...l })), lineAt('——————', 156, 690, 9), ...page2], 0)]).map((l) => ({ ...l, page: 2, segment: 9 })),
    ];
    const { footnotes } = detectFootnotes(lines, new Set(), 11, 13.25);
    expect(footnotes.map((f) => [f.page, f.text.slice(0, 7)])).toContainEqual([2, 'tionary']);
  });

  it('with a line of text where the rule stands, a block a line below the text is no notes', () => {
    const last = lineAt('of surface water from the river located in the State line 3', 156, 511.8, 11);
    const { footnotes } = detectFootnotes(placed([segment([...body, last], 0), segment(notes, 1)]), new Set(), 11, 13.25);
    expect(footnotes).toEqual([]);
  });
});

describe('a list of names over addresses, each block a segment of its own (a tagged page)', () => {
  it('keeps each name before its address, though the address above ends without a full stop', () => {
    const bold = (text: string, baseline: number) => makeLine([run(text, 36, baseline, 10, { bold: true })], baseline);
    const blocks = buildBlocks(
      [
        segment([bold('Agilitech Solutions LLC', 180)], 0),
        segment(
          [lineAt('76 Feather Falls Court', 36, 192, 9), lineAt('Clayton, NC 27527', 36, 202, 9), lineAt('agilitechsolutions.com', 36, 215, 9)],
          0,
        ),
        segment([bold('Appligent Document Solutions', 235)], 0),
        segment([lineAt('22 E Baltimore Avenue', 36, 248, 9), lineAt('Lansdowne, PA 19050', 36, 258, 9), lineAt('appligent.com', 36, 270, 9)], 0),
      ],
      9,
      11,
    );
    expect(blocks.map((b) => b.text.slice(0, 10))).toEqual(['Agilitech ', '76 Feather', 'Appligent ', '22 E Balti']);
  });
});

describe('a note under a table', () => {
  // A page of body text, then a table whose cells carry "*", then at the page's foot a small note under that mark.
  const body = Array.from({ length: 40 }, (_, k) =>
    lineAt(`The ${['harbour', 'works', 'season', 'funds'][k % 4]} line ${k} of the page body text.`, 72, 80 + 12 * k),
  );
  const table = ['Shark  Length  Age', 'A12  104*  7', 'B07  98  6'].map((t, k) => lineAt(t, 72, 600 + 12 * k, 9));
  const note = (mark: string) => [lineAt(`${mark}Denotes approximate measurements as provided by recreational anglers.`, 72, 700, 8)];

  it('whose mark the table carries is the table’s, read with it, not a footnote', () => {
    const lines = placed([segment(body, 0), segment(table, 0, 'table'), segment(note('*'), 0)]);
    expect(detectFootnotes(lines, new Set(), 10, 12).footnotes).toEqual([]);
  });

  it('whose mark the table’s head carries is the table’s, its cells read in columns under the head in small type', () => {
    // A journal's table set wider than a column: only its head row is read as a table, its cells as columns.
    const head = [lineAt('Parameter name  Scope†  Description', 72, 600, 9)];
    const cells = ['CIF_ID  xdd  Unique identifier', 'CIF_TEMP  xdd  The temperature (K)', 'CIF_PRES  xdd  The pressure'].map((t, k) =>
      lineAt(t, 72, 612 + 12 * k, 9),
    );
    expect(
      detectFootnotes(placed([segment(body, 0), segment(head, 0, 'table'), segment(cells, 0), segment(note('†'), 0)]), new Set(), 10, 12).footnotes,
    ).toEqual([]);
    // A line of the body's size between the table and the note: the note is the page's.
    const text = [...cells, lineAt('The harbour works were incomplete before the season closed.', 72, 650, 10)];
    const found = detectFootnotes(
      placed([segment(body, 0), segment(head, 0, 'table'), segment(text, 0), segment(note('†'), 0)]),
      new Set(),
      10,
      12,
    ).footnotes;
    expect(found.map((f) => f.marker)).toEqual(['†']);
  });

  it('a table’s column read apart from its rows’ first cells, opening in lower case, is no note running on', () => {
    // Page 2 of two: the body, then at the foot a table read as two columns of small type, level row by row.
    const names = ['CIF_ID', 'CIF_TEMP', 'CIF_PRES'].map((t, k) => lineAt(t, 72, 700 + 9 * k, 8));
    const cells = [
      'xdd unique identifier for each diffraction pattern',
      'xdd the temperature at which the data were taken',
      'xdd the pressure at which the data were taken',
    ].map((t, k) => lineAt(t, 200, 700 + 9 * k, 8));
    const onPage2 = (ls: PlacedLine[]) => ls.map((l) => ({ ...l, page: 2 }));
    const first = placed([segment(body, 0)]);
    expect(
      detectFootnotes([...first, ...onPage2(placed([segment(body, 0), segment(names, 0), segment(cells, 1)]))], new Set(), 10, 12).footnotes,
    ).toEqual([]);
    // Alone at the foot, opening mid-sentence, the same lines run on a note; so they do beside another column of
    // notes as wide as they are (an edition's apparatus set in columns).
    const alone = detectFootnotes([...first, ...onPage2(placed([segment(body, 0), segment(cells, 1)]))], new Set(), 10, 12).footnotes;
    expect(alone.map((f) => f.text.slice(0, 17))).toEqual(['xdd unique identi']);
    const notes = cells.map((l, k) => lineAt(`B note line ${k} of the apparatus, set in columns`, 10, l.baseline, 8));
    const beside = detectFootnotes(
      [...first, ...onPage2(placed([segment(body, 0), segment(notes, 0), segment(cells, 1)]))],
      new Set(),
      10,
      12,
    ).footnotes;
    expect(beside.map((f) => f.text.slice(0, 17))).toContain('xdd unique identi');
  });

  it('whose mark the table does not carry is a footnote still', () => {
    const lines = placed([segment(body, 0), segment(table, 0, 'table'), segment(note('†'), 0)]);
    expect(detectFootnotes(lines, new Set(), 10, 12).footnotes.map((f) => f.marker)).toEqual(['†']);
  });

  it('numbered, whose number the table carries raised after a cell’s word ("Optional1"), is the table’s', () => {
    // A USGS report's table of file requirements: "DECVAR  Required  Optional¹", notes 1 and 2 under it.
    const rows = ['GWM  Required  Optional', 'DECVAR  Required  Optional1', 'VARCON  Required  Optional2'].map((t, k) =>
      lineAt(t, 72, 600 + 12 * k, 9),
    );
    const notes = [
      lineAt('1 At least one DECVAR file must be specified in either the parent or child models.', 72, 700, 8),
      lineAt('2 A VARCON file must be specified if a DECVAR file is specified for the model.', 72, 710, 8),
    ];
    expect(detectFootnotes(placed([segment(body, 0), segment(rows, 0, 'table'), segment(notes, 0)]), new Set(), 10, 12).footnotes).toEqual([]);
    // Identifiers ending in a figure ("conv1", "tier2") are no marks: no cell holds "conv" or "tier" alone.
    const layers = ['Layer  Kind  Tier', 'conv1  convolution  tier1', 'conv2  pooling  tier2'].map((t, k) => lineAt(t, 72, 600 + 12 * k, 9));
    const under = detectFootnotes(placed([segment(body, 0), segment(layers, 0, 'table'), segment(notes, 0)]), new Set(), 10, 12).footnotes;
    expect(under.map((f) => f.marker)).toEqual(['1', '2']);
    // A table of figures ("Width 12", a formula's "CO2") carries no mark: the notes are footnotes.
    const figures = ['Gas  Share  Width', 'CO2  0.04  12', 'N2  78.1  1'].map((t, k) => lineAt(t, 72, 600 + 12 * k, 9));
    const found = detectFootnotes(placed([segment(body, 0), segment(figures, 0, 'table'), segment(notes, 0)]), new Set(), 10, 12).footnotes;
    expect(found.map((f) => f.marker)).toEqual(['1', '2']);
  });
});

describe('notes in the body’s own size under a raised mark', () => {
  // A word processor's page: 12 pt body lines, then at the foot a note whose number is set 8 pt and raised.
  const body = Array.from({ length: 40 }, (_, k) =>
    lineAt(`The ${['harbour', 'works', 'season', 'funds'][k % 4]} line ${k} of the page body text.`, 72, 80 + 15 * k, 12),
  );
  const raised = (mark: string, text: string, baseline: number) => makeLine([run(mark, 72, baseline - 4, 8), run(text, 77, baseline, 12)], baseline);

  it('marks the line and takes it as a footnote at the foot of the page', () => {
    const note = raised('1', 'Assessing Program Maturity - Section 508.gov', 706.8);
    expect(note.mark).toBe(1);
    const { footnotes } = detectFootnotes(placed([segment([...body, note], 0)]), new Set(), 12, 15);
    expect(footnotes.map((f) => [f.marker, f.text])).toEqual([['1', 'Assessing Program Maturity - Section 508.gov']]);
  });

  it('takes two notes, the second a step below the first, and no line of the body', () => {
    const notes = [
      raised('2', 'Examples of the framework', 680),
      raised('3', 'Shift left, as the note says,', 705),
      lineAt('and more of the third note.', 72, 720, 12),
    ];
    const { footnotes } = detectFootnotes(placed([segment([...body.slice(0, 35), ...notes], 0)]), new Set(), 12, 15);
    expect(footnotes.map((f) => f.marker)).toEqual(['2', '3']);
    expect(footnotes[1].text).toBe('Shift left, as the note says, and more of the third note.');
  });

  it('takes an unmarked note of a few lines heading them (a journal’s revision note over its numbered notes)', () => {
    const notes = (lead: number) => [
      ...Array.from({ length: lead }, (_, k) => lineAt(`Revised in March ${1992 + k}, and again in the spring;`, 72, 640 + 15 * k, 12)),
      raised('1', 'A file of the harbour board is also kept,', 640 + 15 * lead),
      lineAt('but no longer used.', 72, 655 + 15 * lead, 12),
    ];
    const { footnotes } = detectFootnotes(placed([segment([...body.slice(0, 35), ...notes(2)], 0)]), new Set(), 12, 15);
    expect(footnotes.map((f) => f.marker)).toEqual([null, '1']);
    expect(footnotes[0].text).toBe('Revised in March 1992, and again in the spring; Revised in March 1993, and again in the spring;');
    // Four unmarked lines over the mark are a paragraph of the text, not a note.
    expect(detectFootnotes(placed([segment([...body.slice(0, 35), ...notes(4)], 0)]), new Set(), 12, 15).footnotes).toEqual([]);
  });

  it('leaves a body line opening with a raised number inside the text alone (no step down before it)', () => {
    const lines = [
      ...body.slice(0, 30),
      raised('14', 'C dating of the harbour timbers gave a date.', 80 + 15 * 30),
      ...body.slice(30).map((l) => ({ ...l, baseline: l.baseline + 15 })),
    ];
    expect(detectFootnotes(placed([segment(lines, 0)]), new Set(), 12, 15).footnotes).toEqual([]);
  });
});

describe('a list whose bullets a symbol font leaves as control codes', () => {
  it('reads each item as a list item (Wingdings’ bullet as U+009F), not one paragraph', () => {
    const items = ['New types of partnerships', 'New types of solutions', 'Real commitments to doing the work'].map((t, k) =>
      makeLine([run('\u009f', 279, 272 + 19 * k, 12, { x1: 284.5 }), run(t, 296, 272 + 19 * k, 12)], 272 + 19 * k),
    );
    const blocks = buildBlocks([segment(items, 0)], 12, 19);
    expect(blocks.map((b) => b.kind)).toEqual(['list-item', 'list-item', 'list-item']);
  });
});

describe('a titled box between the halves of a sentence that runs on to the next page', () => {
  const body = (texts: string[], x: number, y0: number) => texts.map((t, k) => lineAt(t, x, y0 + 14 * k, 11));
  const pages = (sequel: string): Segment[] => [
    segment(
      body(
        [
          'Extraction methods for oil and gas changed significantly starting in the',
          'early 2000s, with the new applications of the methods known as',
        ],
        72,
        600,
      ),
      0,
    ),
    {
      ...segment(
        [
          lineAt('NATURAL RESOURCE SPOTLIGHT: HELIUM', 330, 100, 11),
          ...body(['Helium is a nonrenewable resource that is typically extracted', 'from natural gas deposits.'], 330, 120),
        ],
        1,
      ),
    },
    { ...segment(body([sequel, 'shale rock formations deep below the surface of the earth profitable.'], 72, 90), 0), page: 2 },
  ];

  it('is read after the paragraph, which is read whole', () => {
    const blocks = buildBlocks(pages('horizontal drilling and hydraulic fracturing, commonly known as fracking, made'), 11, 14);
    expect(blocks.map((b) => b.text.slice(0, 20))).toEqual(['Extraction methods f', 'NATURAL RESOURCE SPO', 'Helium is a nonrenew']);
    expect(blocks[0].text).toContain('known as horizontal drilling');
  });

  it('stays where it is when the next page does not go on with the sentence', () => {
    const blocks = buildBlocks(pages('Horizontal drilling and hydraulic fracturing, commonly known as fracking, made'), 11, 14);
    expect(blocks.map((b) => b.text.slice(0, 20))).toEqual([
      'Extraction methods f',
      'NATURAL RESOURCE SPO',
      'Helium is a nonrenew',
      'Horizontal drilling ',
    ]);
  });
});

describe('a box opening the page a sentence runs on to, the sentence going on under it', () => {
  // A magazine: the article breaks off at the foot of page 1; page 2 opens with a case study set across the page (its
  // title in the body's type, two paragraphs, a caption without its full stop), the article going on under it.
  const body = (texts: string[], x: number, y0: number) => texts.map((t, k) => lineTo(t, x, y0 + 13 * k, x + 260, 10));
  const pages = (sequel: string, caption = 'Public view. Its website helps build understanding of poverty and its'): Segment[] => [
    segment(
      body(
        ['Until about 1996, most people managed websites by editing HTML', 'files. As well as creating a barrier for non-technical users, this'],
        316,
        700,
      ),
      1,
    ),
    {
      ...segment(
        [
          lineAt('Case Study—Oxfam', 268, 80),
          ...body(
            ['Oxfam is an international confederation of organisations that', 'work to find lasting solutions to poverty and injustice.'],
            46,
            100,
          ),
          ...body(['Being free software, Plone was particularly relevant to', 'Oxfam, notes its Head of Interactive Media.'], 46, 140),
          ...body([caption, 'causes'], 60, 290),
        ],
        0,
        'span',
      ),
      page: 2,
    },
    { ...segment(body([sequel, 'websites. As companies rushed to get onto the web, this was a problem.'], 37, 560), 0), page: 2, band: 1 },
  ];

  it('is read after the paragraph, which is read whole', () => {
    const blocks = buildBlocks(pages('made it hard for organisations to build consistent messaging into their'), 10, 13);
    expect(blocks.map((b) => b.text.slice(0, 16))).toEqual([
      'Until about 1996',
      'Case Study—Oxfam',
      'Oxfam is an inte',
      'Being free softw',
      'Public view. Its',
    ]);
    expect(blocks[0].text).toContain('users, this made it hard');
  });

  it('stays where it is when the text under it does not go on with the sentence', () => {
    const blocks = buildBlocks(pages('Made it hard for organisations to build consistent messaging into their'), 10, 13);
    expect(blocks.map((b) => b.text.slice(0, 16))).toEqual([
      'Until about 1996',
      'Case Study—Oxfam',
      'Oxfam is an inte',
      'Being free softw',
      'Public view. Its',
      'Made it hard for',
    ]);
  });

  it('is no box when a paragraph of the sequel’s own band stands over it, left unfinished: the sequel may be its', () => {
    const segs = pages('made it hard for organisations to build consistent messaging into their');
    const column = segs[2];
    const own = body(
      ['Early systems were developed to address this problem, and a', 'number of large, expensive systems were very successful because'],
      37,
      500,
    );
    const withOwn = { ...column, lines: [...own, ...column.lines], text: '' };
    const blocks = buildBlocks([segs[0], segs[1], withOwn], 10, 13);
    expect(blocks[0].text).not.toContain('this made it hard');
  });
});

describe('a box heading the next column, the sentence going on under it', () => {
  // A paper's first page: the abstract breaks off at the foot of its column; the next column opens with a box (a bold
  // heading over bulleted items), and the abstract goes on under the box, mid-sentence.
  const body = (texts: string[], x: number, y0: number) => texts.map((t, k) => lineAt(t, x, y0 + 11 * k, 9));
  const bold = (text: string, x: number, baseline: number) => makeLine([run(text, x, baseline, 10, { bold: true })], baseline);
  const page = (sequel: string): Segment[] => [
    segment(
      body(
        [
          'Results: all students in the schools took part in it; 77% of them',
          'were measured in the trial. Compared with control, intervention students',
        ],
        147,
        711,
      ),
      1,
    ),
    segment(
      [
        bold('Strengths and limitations of this study', 362, 290),
        ...body(['▪ We describe the feasibility and pilot testing of a', 'health promotion intervention prior to a trial.'], 362, 311),
        ...body(['▪ We did not collect cost-effectiveness data in the', 'feasibility and pilot studies.'], 362, 340),
        ...body([sequel, 'well-being 1.8 (0.1 to 3.4) p=0.04 but no difference in shyness.'], 356, 686),
      ],
      2,
    ),
  ];

  it('is read after the paragraph, which is read whole', () => {
    const blocks = buildBlocks(page('reported greater peer support 0.5 (0.1 to 0.9) p=0.03,'), 9, 11);
    expect(blocks[0].text).toContain('intervention students reported greater peer support');
    expect(blocks.map((b) => b.text.slice(0, 12))).toEqual(['Results: all', 'Strengths an', '▪ We describ', '▪ We did not']);
  });

  it('stays where it is when the text under it does not go on with the sentence', () => {
    const blocks = buildBlocks(page('Reported greater peer support 0.5 (0.1 to 0.9) p=0.03,'), 9, 11);
    expect(blocks.map((b) => b.text.slice(0, 12))).toEqual(['Results: all', 'Strengths an', '▪ We describ', '▪ We did not', 'Reported gre']);
  });
});

describe('text as the reader sees it', () => {
  it('keeps full-width Chinese and Japanese punctuation, and reads ligatures and full-width letters as plain ones', async () => {
    const { clean } = await import('../lib/document/flow.js');
    expect(clean('これは何？ 要件の実装，（常時）')).toBe('これは何？ 要件の実装，（常時）');
    expect(clean('ＡＢＣ１２ ﬁnal')).toBe('ABC12 final');
  });
});

describe('a note right under a listing at the foot of the page', () => {
  // 10 pt text, then a listing in 8 pt fixed-pitch type running to the page's foot, then a note in 8 pt under it.
  const body = Array.from({ length: 40 }, (_, k) =>
    lineAt(`The ${['harbour', 'works', 'season', 'funds'][k % 4]} line ${k} of the page body text.`, 72, 80 + 12 * k),
  );
  const mono = (text: string, baseline: number) => makeLine([run(text, 72, baseline, 8, { font: 'Courier', mono: true })], baseline);
  const listing = ['1 # read the input file', '2 read_verilog design.v', '3 # convert processes', '4 proc'].map((t, k) => mono(t, 575 + 12 * k));
  const note = lineAt('1In Yosys the term pass is only used to refer to commands on the data.', 72, 630, 8);

  it('takes the note, not the listing, as the footnote', () => {
    const { footnotes } = detectFootnotes(placed([segment([...body.slice(0, 38), ...listing, note], 0)]), new Set(), 10, 12);
    expect(footnotes.map((f) => [f.marker, f.text])).toEqual([['1', 'In Yosys the term pass is only used to refer to commands on the data.']]);
  });

  it('takes a note whose web address is set fixed-pitch whole, with the note under it', () => {
    const notes = [
      mono('1https://github.com/martiansideofthemoon/', 600),
      mono('longeval-summarization', 610),
      lineAt('*Work done during an internship at the institute.', 72, 622, 8),
    ];
    const { footnotes } = detectFootnotes(placed([segment([...body.slice(0, 38), ...notes], 0)]), new Set(), 10, 12);
    expect(footnotes.map((f) => f.marker)).toEqual(['1', '*']);
  });

  it('leaves a listing whose last line opens with a number alone, with no note under it', () => {
    const { footnotes } = detectFootnotes(placed([segment([...body.slice(0, 38), ...listing], 0)]), new Set(), 10, 12);
    expect(footnotes).toEqual([]);
  });
});

describe('line joins', () => {
  const vocab = new Vocabulary();
  it('sets an em dash closed up between words, and an en dash between numbers, without a space', () => {
    expect(joinLines(['the columns also need to be reversed—', 'something that was new'], vocab)).toBe(
      'the columns also need to be reversed—something that was new',
    );
    expect(joinLines(['TUGboat volume 10, pp. 245–', '273, in 1989'], vocab)).toBe('TUGboat volume 10, pp. 245–273, in 1989');
    // A spaced dash keeps its space.
    expect(joinLines(['the columns — ', 'something'], vocab)).toBe('the columns — something');
  });
  it('goes on without a space in a web address broken after a dot, not after a sentence', () => {
    expect(joinLines(['see http://www.freesoftwaremagazine.', 'com/articles/bzflags for more'], vocab)).toBe(
      'see http://www.freesoftwaremagazine.com/articles/bzflags for more',
    );
    expect(joinLines(['the end of a sentence.', 'then more'], vocab)).toBe('the end of a sentence. then more');
  });
});

describe('paragraph breaks', () => {
  // A column 200 pt wide at x 72, set at 10 pt, 12 pt apart.
  const full = (text: string, baseline: number, x = 72) => {
    const r = run(text, x, baseline, 10);
    r.x1 = 272;
    return makeLine([r], baseline);
  };
  // A number or a figure's label opening a line after a line turned mid-sentence; after a finished one it opens a list
  // item or a caption.
  const turnedCases = [
    {
      what: 'a number',
      lines: [
        'Having read the tutorial, I had to press a key. You will not',
        'believe this incredible fact, so I have included figure',
        '2. Yippee, my first flight. Pressing the key changes views',
        'of the ground.',
      ],
      finished: 'believe this incredible fact, so look at these:',
      after: 'list-item',
    },
    {
      what: 'a figure’s label',
      lines: [
        'Such features can be obscured by the inner working angle of a',
        'telescope’s coronagraph, shown schematically in',
        'Fig. 1. In this paper, we quantify the planetary phase angles',
        'that would be accessible.',
      ],
      finished: 'telescope’s coronagraph, shown schematically below.',
      after: 'caption',
    },
  ];
  for (const c of turnedCases) {
    it(`do not come at ${c.what} opening a line that goes on from a sentence turned mid-way`, () => {
      const lines = [full(c.lines[0]!, 100), full(c.lines[1]!, 112), full(c.lines[2]!, 124), lineAt(c.lines[3]!, 72, 136)];
      expect(buildBlocks([segment(lines, 0)], 10, 12).map((b) => b.kind)).toEqual(['paragraph']);
      const finished = [...lines.slice(0, 1), full(c.finished, 112), ...lines.slice(2)];
      expect(buildBlocks([segment(finished, 0)], 10, 12).map((b) => b.kind)).toEqual(['paragraph', c.after]);
    });
  }
  it('do not come at a caption’s turned line centred under a line that stops mid-sentence', () => {
    const centred = (text: string, baseline: number) => {
      const r = run(text, 112, baseline, 10);
      r.x1 = 232;
      return makeLine([r], baseline);
    };
    const page = (first: string) => [
      full(first, 100),
      centred('negotiating the terms of this deal', 112),
      full('Does this sound like a good deal to you? Of course not. But the', 136),
      full('makers of the program do not trust you one bit, and in fact they', 148),
      lineAt('take every precaution.', 72, 160),
    ];
    const texts = (lines: Line[]) => buildBlocks([segment(lines, 0)], 10, 12).map((b) => b.text);
    expect(texts(page('Fig. 2: A typical end-user agreement. No, you won’t be'))[0]).toBe(
      'Fig. 2: A typical end-user agreement. No, you won’t be negotiating the terms of this deal',
    );
    // Under a line that ends its sentence, the indented line opens a paragraph.
    expect(texts(page('Fig. 2: A typical end-user agreement, unread by all.'))[0]).toBe('Fig. 2: A typical end-user agreement, unread by all.');
  });
  it('do not come after a word broken at a line end, where lines shortened around a picture move their edge', () => {
    const lines = [
      full('“I just didn’t know where to find them,” the shepherdess stated,', 100),
      full('“but I was told to leave them alone and they’d come home.”', 112),
      full('Unusual advice perhaps, but it seems to have worked as they did in-', 124),
      lineAt('deed come home. Witnesses saw them.', 110, 136),
    ];
    expect(buildBlocks([segment(lines, 0)], 10, 12)).toHaveLength(1);
    // Without the broken word, the indent opens a paragraph.
    const whole = [...lines.slice(0, 2), full('Unusual advice perhaps, but it seems to have worked as they did', 124), lines[3]];
    expect(buildBlocks([segment(whole, 0)], 10, 12)).toHaveLength(2);
  });
});

describe('a small block between the two halves of a sentence', () => {
  it('is read after the paragraph when it stands in a segment of its own (a photo caption without a label)', () => {
    const left = [lineAt('The training built capacity but there is coordination that make it difficult to', 72, 600, 12)];
    left[0].bbox[2] = 248;
    const beside = segment([lineAt('Buffalo workshop (Kim Lundgren Associates).', 318, 592, 10)], 1);
    const below = { ...segment([lineAt('provide adequate resources and care to the community.', 72, 616, 12)], 0), band: 1 };
    const blocks = buildBlocks([segment(left, 0), beside, below], 12, 15.6);
    expect(blocks.map((b) => b.text.slice(0, 12))).toEqual(['The training', 'Buffalo work']);
    // In the paragraph's own segment, the small line is the text's.
    const inline = buildBlocks([segment([...left, lineAt('Buffalo workshop (Kim Lundgren Associates).', 72, 614, 10)], 0), below], 12, 15.6);
    expect(inline).toHaveLength(3);
  });
});

describe('a sentence broken by a float in its own column', () => {
  // Column 1 at x 168, 198 pt wide, 9 pt text 12 pt apart; a standfirst line over it runs wider.
  const at = (text: string, x: number, baseline: number, size: number, right?: number) => {
    const l = lineAt(text, x, baseline, size);
    if (right !== undefined) l.bbox[2] = right;
    return l;
  };
  it('reads a pull quote set large after the paragraph it interrupts', () => {
    const lines = [
      at('papers do get rejected, and not all students are equally', 168, 100, 9, 366),
      at('brilliant, and I do go to too many stupid meetings,', 168, 112, 9, 366),
      at('A good job for you will be at an institution that gives', 168, 140, 14, 366),
      at('you the space to develop as a scientist.', 168, 158, 14, 330),
      at('and yes there is much wrong with the way we do science.', 168, 186, 9, 350),
    ];
    const blocks = buildBlocks([segment(lines, 0)], 9, 12);
    expect(blocks.map((b) => b.text.slice(0, 12))).toEqual(['papers do ge', 'A good job f']);
    expect(blocks[0]!.text).toContain('stupid meetings, and yes there');
  });
  it('reads a small caption opening the next column after the paragraph, the measure taken from its own lines', () => {
    const col1 = [
      at('Eve Marder explains in the first of a series on living science, a standfirst', 168, 60, 9, 420),
      at('What can I say to those of you embarking on', 168, 100, 9, 366),
      at('careers in academic science at a time in history', 168, 112, 9, 366),
    ];
    const col2 = [
      at('This illustration of Eve Marder in her office', 378, 60, 8, 569),
      at('was drawn by her nephew Ben Marder.', 378, 70, 8, 516),
      at('fraught with anxiety about papers and grants?', 378, 100, 9, 576),
    ];
    const blocks = buildBlocks([segment(col1, 0), segment(col2, 1)], 9, 12);
    expect(blocks.map((b) => b.text.slice(0, 12))).toEqual(['Eve Marder e', 'What can I s', 'This illustr']);
    expect(blocks[1]!.text).toContain('in history fraught with');
  });
  it('reads a pull quote in small type under the column’s text, blank space above it, after the sentence it parts', () => {
    // A German annual report: the left column breaks off after "eigenen"; under it, after blank space, a quote in 7 pt
    // capitals; the sentence goes on at the right column's top with a noun, capitalised as German sets nouns.
    const left = [
      at('Dieser Mehrwert von Open Science wird von vielen', 103, 464, 9, 322),
      at('gesehen und auf politischer Ebene zunehmend geför-', 103, 477, 9, 322),
      at('dert. Dennoch ist der Kreis der Wissenschaftlerinnen', 103, 490, 9, 322),
      at('und Wissenschaftler, die Open Science in der eigenen', 103, 503, 9, 322),
      at('„MEINES ERACHTENS IST DIE BEDEUTUNG DER IDEE', 43, 568, 7, 196),
      at('FREIES WISSEN KAUM ZU ÜBERSCHÄTZEN.“', 43, 581, 7, 160),
    ];
    const right = [
      at('Forschung und Lehre praktizieren, weiterhin klein.', 343, 256, 9, 562),
      at('An dieser Stelle setzt das 2016 gestartete Programm an.', 343, 269, 9, 562),
    ];
    const blocks = buildBlocks([segment(left, 0), segment(right, 1)], 9, 13);
    expect(blocks.map((b) => b.text.slice(0, 12))).toEqual(['Dieser Mehrw', '„MEINES ERAC']);
    expect(blocks[0]!.text).toContain('in der eigenen Forschung und Lehre');
    // In English a capital there opens a new paragraph as often as not: the quote stays where it stands.
    const english = [
      at('The main process parameters are set along the left', 103, 464, 9, 322),
      at('side of the flowsheet, each applied to the processes', 103, 477, 9, 322),
      at('most significantly impacted. The boxes on the right', 103, 490, 9, 322),
      ...left.slice(4),
    ];
    const next = [at('Figure 5 shows that electrowinning produces waste.', 343, 256, 9, 562), right[1]];
    const kept = buildBlocks([segment(english, 0), segment(next, 1)], 9, 13);
    expect(kept.map((b) => b.text.slice(0, 12))).toEqual(['The main pro', '„MEINES ERAC', 'Figure 5 sho']);
    // Right after the paragraph's last line (no blank space), small type in its column is the column's own text.
    const close = [...left.slice(0, 4), at('„MEINES ERACHTENS IST DIE BEDEUTUNG DER IDEE', 43, 514, 7, 196)];
    const inPlace = buildBlocks([segment(close, 0), segment(right, 1)], 9, 13);
    expect(inPlace.map((b) => b.text.slice(0, 12))).toEqual(['Dieser Mehrw', '„MEINES ERAC', 'Forschung un']);
  });
});

describe('a sentence broken by the figures at a page’s foot and the next page’s top', () => {
  it('reads their captions after the paragraph: the one under its last line and those opening the next page', () => {
    const at = (text: string, x: number, baseline: number, size: number, right: number) => {
      const l = lineAt(text, x, baseline, size);
      l.bbox[2] = right;
      return l;
    };
    const onPage = (seg: Segment, page: number): Segment => ({ ...seg, page });
    const foot = [
      at('Once the block elements are determined, the next step is', 316, 486, 10.9, 575),
      at('to record this information in the style sheet, which defines', 316, 501, 10.9, 575),
      at('make the recipe title a block element I just need to add the', 316, 516, 10.9, 575),
      at('XML with CSS style sheet linked', 385, 555, 9, 506),
    ];
    const top = [
      onPage(segment([at('Block elements styled with CSS', 108, 71, 9, 224)], 0), 3),
      onPage(segment([at('The final CSS-styled XML recipe', 385, 71, 9, 506)], 1), 3),
      onPage(segment([at('line title { display: block; } to my CSS file. Each element', 37, 282, 10.9, 296)], 0), 3),
    ];
    const blocks = buildBlocks([onPage(segment(foot, 1), 2), ...top], 10.9, 15);
    expect(blocks[0]!.text).toContain('I just need to add the line title { display: block; }');
    expect(blocks.slice(1).map((b) => b.text.slice(0, 12))).toEqual(['XML with CSS', 'Block elemen', 'The final CS']);
  });
});

describe('a document whose notes outweigh its text', () => {
  const onPages = (pages: Line[][][]): PlacedLine[] =>
    pages.flatMap((segs, p) =>
      segs.flatMap((lines, s) => {
        const seg = { ...segment(lines, s), page: p + 1 };
        return lines.map((line, index) => ({ page: p + 1, segment: s, index, line, seg, pageHeight: 792, pageWidth: 612 }));
      }),
    );
  const text = (n: number, top: number) =>
    Array.from({ length: n }, (_, k) => lineAt(`The edited text runs on in its own size, line ${k} of the page.`, 72, top + 12 * k, 10));
  const notes = (n: number, top: number, mark: string) =>
    Array.from({ length: n }, (_, k) =>
      lineAt(`${k === 0 ? `${mark} ` : ''}the author’s long note goes on in small type over the page, line ${k}.`, 72, top + 9.5 * k, 8),
    );

  it('takes the body size from the text over the notes, not from the notes that make most of the characters', () => {
    const lines = onPages([
      [text(10, 100), notes(20, 420, '1')],
      [text(4, 100), notes(26, 160, '')],
    ]);
    expect(bodyOverNotes(lines, 8)).toBe(10);
    // With the text's size, the first page's note is found.
    expect(detectFootnotes(lines, new Set(), 10, 12).footnotes.map((f) => [f.page, f.marker])).toContainEqual([1, '1']);
  });

  it('takes the body size from a few lines over notes numbered on from page to page, however little the text', () => {
    const cites = (from: number, n: number, top: number) =>
      Array.from({ length: n }, (_, k) =>
        lineAt(`${from + k}. Author Name, A Title of the Work (Chicago: Press, ${1990 + k}), ${k + 3}.`, 72, top + 12 * k, 10),
      );
    const page = (from: number) => [text(3, 60).map((l) => ({ ...l, size: 12 })), cites(from, 40, 110)];
    const lines = onPages([page(1), page(41), page(81)]);
    expect(bodyOverNotes(lines, 10)).toBe(12);
    // Bibliographic in every line and numbered with a full stop, like a reference list, but running on from page to
    // page under the text: notes.
    const { footnotes, removed } = detectFootnotes(lines, new Set(), 12, 14.4);
    expect(footnotes.filter((f) => f.page === 2).map((f) => f.marker)).toEqual(Array.from({ length: 40 }, (_, k) => String(41 + k)));
    expect(removed.size).toBe(120);
    // On one page, the same list is a reference list and stays in the flow.
    expect(detectFootnotes(onPages([page(1)]), new Set(), 12, 14.4).footnotes).toEqual([]);
  });

  it('keeps the body of a paper whose title, a standfirst or an opening set larger stands over it', () => {
    // A title and a standfirst over the first page's text, the next page all text: the body runs with nothing larger over it.
    const paper = onPages([
      [[lineAt('A Title Set Large Over The Paper Text', 72, 80, 17)], text(3, 110).map((l) => ({ ...l, size: 12 })), notes(40, 160, '1')],
      [notes(60, 80, '')],
    ]);
    expect(bodyOverNotes(paper, 8)).toBe(8);
    // One page: a larger opening over the rest is no text over notes.
    const flyer = onPages([[text(5, 100), notes(40, 180, '1')]]);
    expect(bodyOverNotes(flyer, 8)).toBe(8);
  });
});

describe('a sentence past floats that goes on over a display', () => {
  it('reads the display and the sentence’s rest before the floats', () => {
    // A book's page ends mid-sentence over a figure; the next page opens with another figure, then the sentence's
    // rest, unfinished over a display equation and finished on the line under it.
    const set = (text: string, x: number, baseline: number, right: number, size = 11) => lineTo(text, x, baseline, right, size);
    const page1 = [
      set('But the large outer square is comprised of the tilted inner square plus', 101, 460, 460),
      set('the four triangles, so the area of the large outer square equals the area', 101, 474, 460),
      set('of the large outer square equals the area of the tilted inner square plus the', 101, 488, 460),
      set('Figure 1.1: A right triangle.', 213, 528, 347),
      set('c b', 264, 590, 305, 10),
    ];
    const page2 = [
      set('Figure 1.2: The Pythagorean theorem.', 239, 148, 423),
      set('b a', 309, 317, 370, 10),
      set('areas of the four triangles. In mathematical symbols, this is that', 152, 376, 461),
      set('(a + b)2 = c2 + 4 ( ab 2 ) ,', 273, 405, 389),
      set('which simplifies directly to (1.1).', 152, 435, 309),
      set('If the foregoing appeals to you then you might read this book.', 169, 449, 467),
      set('This book is a book of applied mathematical proofs. When you have', 169, 462, 510),
      set('seen a mathematical result somewhere, if you want to know why the result', 152, 476, 510),
    ];
    const blocks = buildBlocks([segment(page1, 0), { ...segment(page2, 0), page: 2 }], 11, 13.5);
    const at = (s: string) => blocks.findIndex((b) => b.text.includes(s));
    expect(blocks[at('inner square plus the')]!.text).toContain('plus the areas of the four triangles');
    expect(at('(a + b)2')).toBe(at('inner square plus the') + 1);
    expect(at('which simplifies')).toBe(at('(a + b)2') + 1);
    expect(at('which simplifies')).toBeLessThan(at('Figure 1.1'));
    expect(at('Figure 1.2')).toBeLessThan(at('If the foregoing'));
  });
});

describe('a table set as lines of prose at the top of the column a sentence runs on to, its caption under it', () => {
  // Column 1 ends mid-sentence; column 2 opens, in the text's own segment and size, with a table's rows read as
  // lines whose cells read as prose, its caption "Table 2. Model parameters explored" under them, then the
  // sentence's rest.
  const left = [
    lineTo('was trained on the whole corpus except one opus, which', 67, 724, 289, 9.5),
    lineTo('was reserved for validation purposes. As a simple n-gram', 67, 736, 289, 9.5),
  ];
  const right = [
    lineTo('Parameter Values', 309, 81, 450, 9.5),
    lineTo('Sequence Lengths [chords] [10, 20, 40, 80, 160]', 309, 97, 501, 9.5),
    lineTo('Amount of layers [1, 2, 3, 4, 5]', 309, 108, 473, 9.5),
    lineTo('Layer type [LSTM, Bi-directional LSTM]', 309, 120, 540, 9.5),
    lineTo('Amount of neurons [8, 16, 32, 64, 128, 256, 512]', 309, 131, 534, 9.5),
    lineTo('Dropout strength [0, .1, .2, .3, .4, .5]', 309, 142, 494, 9.5),
    lineTo('L2-regularization [0, .001, .005, .01, .05, .1, .5]', 309, 154, 534, 9.5),
    lineTo('Table 2. Model parameters explored', 351, 176, 488, 9.5),
    lineTo('model such as (1) can not handle unseen events, we use', 309, 209, 530, 9.5),
    lineTo('add-one smoothing [16] by adding one prior count to all', 309, 220, 530, 9.5),
    lineTo('symbols and adjusting the denominator of (1) accordingly.', 309, 232, 528, 9.5),
  ];

  it('reads the sentence whole, then the table and its caption', () => {
    const blocks = buildBlocks([segment(left, 0), segment(right, 1)], 9.5, 11.5);
    expect(blocks.findIndex((b) => b.text.includes('Amount of layers'))).toBeGreaterThan(0);
    expect(blocks[0]!.text).toContain('As a simple n-gram model such as (1) can not handle unseen events');
    expect(blocks.findIndex((b) => b.text.startsWith('Table 2.'))).toBeGreaterThan(0);
  });

  it('leaves a paragraph over a caption that heads its table where it stands', () => {
    // The column opens with a figure's caption, then a paragraph of the page's own, then "Table 3:" over the table's
    // rows in smaller type, then a line in lower case: the paragraph is text, so the sentence does not jump past it.
    const own = [
      lineTo('Figure 2: Validation loss over the training epochs.', 309, 81, 500, 9.5),
      lineTo('We report the scores of every configuration in the table', 309, 110, 530, 9.5),
      lineTo('below, with the best run of each model set in bold face.', 309, 121, 530, 9.5),
      lineTo('Table 3: Scores of the configurations.', 350, 140, 490, 9.5),
      lineTo('Model Layers Units Score', 312, 156, 500, 8),
      lineTo('LSTM 2 256 0.81', 312, 166, 500, 8),
      lineTo('where the learning rate is halved at every plateau of the', 309, 190, 530, 9.5),
    ];
    const blocks = buildBlocks([segment(left, 0), segment(own, 1)], 9.5, 11.5);
    expect(blocks[0]!.text).not.toContain('where the learning rate');
  });
});

describe('a table of prose set across the columns at the top of the page a sentence runs on to', () => {
  // Page 1's right column breaks off mid-sentence; page 2 opens with two tables set across both columns, their cells
  // read as lines of the text's size (one cell a sentence, another opening in lower case), a caption under each, then
  // the sentence goes on in the left column.
  const page1 = [
    lineTo('We employ three encoders for encoding financial indices,', 307, 740, 525, 10.9),
    lineTo('and topic labels. To generate a next sentence si, from these', 307, 753, 525, 10.9),
  ];
  const page = (lines: Line[], column: number, kind: Segment['kind'] = 'column') => ({ ...segment(lines, column, kind), page: 2 });
  const floats = [
    page([lineTo('Topic Labels', 269, 78, 328, 10.9)], 0),
    page(
      [
        lineTo('Target: [Nikkei 225], [Individual stock (Japan)], [TSE1] (First section', 78, 97, 519, 10.9),
        lineTo('of Tokyo Stock Exchange), [TSE2] (Second section of Tokyo Stock Exchange),', 78, 111, 519, 10.9),
      ],
      0,
    ),
    page([lineTo('Table 1: Full set of human-designed atomic topic labels.', 80, 244, 517, 10.9)], 0),
    page([lineTo('[US Market]-[Actuals]-[Movement]', 80, 289, 199, 10.9)], 0),
    page(
      [
        lineTo('Observing the US stock markets fell during the year-end and the', 209, 289, 521, 10.9),
        lineTo('New Year holiday, in the week before the markets opened again.', 209, 300, 521, 10.9),
      ],
      1,
    ),
    page([lineTo('investors got slightly risk-averse, and selling pressure prevailed', 209, 324, 521, 10.9)], 1),
    page([lineTo('Table 2: Example of a sentence and its topic labels.', 72, 374, 525, 10.9)], 0),
  ];
  const sequel = (right: number) =>
    page(
      [
        lineTo('encoders we first obtain three vectors, which encode the', 72, 400, right, 10.9),
        lineTo('financial data, previous sentences, and all topic labels.', 72, 413, right, 10.9),
      ],
      0,
    );

  it('reads the sentence whole, then the tables and their captions', () => {
    const blocks = buildBlocks([segment(page1, 1), ...floats, sequel(290)], 10.9, 13.5);
    expect(blocks[0]!.text).toContain('from these encoders we first obtain');
    expect(blocks.findIndex((b) => b.text.startsWith('Table 2:'))).toBeGreaterThan(0);
  });

  it('reads past a cell in lower case of the second table too', () => {
    // Table 1's prose cell over its caption, then table 2's row: its label and a cell opening in lower case.
    const two = [
      page([lineTo('[Target]-[Actuals]', 80, 97, 160, 10.9)], 0),
      page(
        [
          lineTo('Observing the US stock markets fell during the year-end and the', 209, 97, 521, 10.9),
          lineTo('New Year holiday, in the week before the markets opened again.', 209, 110, 521, 10.9),
        ],
        1,
      ),
      page([lineTo('Table 1: A sentence and its topic labels.', 72, 140, 525, 10.9)], 0),
      page([lineTo('[Investors]-[N/A]-[N/A]', 80, 170, 160, 10.9)], 0),
      page([lineTo('investors got slightly risk-averse, and selling pressure prevailed', 209, 170, 521, 10.9)], 1),
      page([lineTo('Table 2: Another sentence and its topic labels.', 72, 200, 525, 10.9)], 0),
    ];
    const blocks = buildBlocks([segment(page1, 1), ...two, sequel(290)], 10.9, 13.5);
    expect(blocks[0]!.text).toContain('from these encoders we first obtain');
  });

  it('leaves the page as it stands when its own two columns of text stand over a figure’s caption set across them', () => {
    const own = [
      page(
        [
          lineTo('The results of the second round are shown in the figure', 72, 90, 290, 10.9),
          lineTo('below, where each point is one of the runs of the model.', 72, 103, 290, 10.9),
        ],
        0,
      ),
      page(
        [
          lineTo('We then compared the two settings on the held-out days', 307, 90, 525, 10.9),
          lineTo('and computed the scores of the sentences for each of them', 307, 103, 525, 10.9),
        ],
        1,
      ),
      page([lineTo('Figure 2: Scores of the two settings.', 72, 140, 525, 10.9)], 0),
      page([lineTo('which were measured by three annotators over two weeks.', 72, 170, 290, 10.9)], 0),
    ];
    const blocks = buildBlocks([segment(page1, 1), ...own], 10.9, 13.5);
    expect(blocks[0]!.text).not.toContain('which were measured');
  });

  it('leaves the page as it stands when the text under the tables is as wide as they are (a page of one column)', () => {
    const blocks = buildBlocks([segment(page1, 1), ...floats, sequel(525)], 10.9, 13.5);
    expect(blocks[0]!.text).not.toContain('encoders we first');
  });
});

describe('a figure’s label in the text’s size at the top of the page a sentence runs on to', () => {
  it('is no sequel: the sentence goes on under the figure, far inside the column where the label stands', () => {
    const page1 = [
      lineTo('designed for experts. Gillick and Liu (2010) re-', 307, 690, 527, 10.9),
      lineTo('ported that Mechanical Turk workers were unable', 307, 703, 526, 10.9),
    ];
    const page2 = [
      lineTo('gt', 177, 85, 186, 11),
      lineTo('.47 .42 .38', 137, 101, 243, 8),
      lineTo('.34 tb .21 .30 ts', 127, 128, 218, 8),
      lineTo('Figure 1: Summary of the preference scoring task: directed edges denote', 72, 300, 290, 10.9),
      lineTo('significantly higher scores (p < 0.001).', 72, 313, 230, 10.9),
      lineTo('to provide expert-like scores and had strong dis-', 72, 340, 290, 10.9),
      lineTo('agreements. Therefore, we kept the task as simple as', 72, 353, 290, 10.9),
    ];
    const blocks = buildBlocks([segment(page1, 1), { ...segment(page2, 0), page: 2 }], 10.9, 13.5);
    expect(blocks[0]!.text).toContain('workers were unable to provide expert-like scores');
    expect(blocks.some((b) => b.text === 'gt')).toBe(true);
  });

  it('lets a quote set in from its column go on as far in on the next page', () => {
    // A quotation set 4.7 ems in (a nested list's depth) breaks off at the page's foot and goes on at the next top.
    const quote = [
      lineTo('In the words of the opinion, cited at length by the board,', 119, 688, 440, 10),
      lineTo('the committee held that the rule, read as a whole, was', 119, 700, 440, 10),
    ];
    const rest = [
      lineTo('never meant to reach the ships of a foreign flag, and so', 119, 80, 440, 10),
      lineTo('The court went on to the second question.', 72, 110, 300, 10),
    ];
    const lead = lineTo('Its reasoning runs as follows, at some length, over the page.', 72, 668, 490, 10);
    const blocks = buildBlocks([segment([lead, ...quote], 0), { ...segment(rest, 0), page: 2 }], 10, 12);
    expect(blocks.some((b) => b.text.includes('read as a whole, was never meant to reach'))).toBe(true);
  });
});

describe('floats stacked at the top of the column a sentence runs on to', () => {
  // Column 1 ends mid-sentence at the foot of the page; column 2 opens with a table (its head row, its rows read as a
  // paragraph of names and figures, its caption under it), and the sentence goes on below them.
  const at = (text: string, x: number, baseline: number, size = 9, right = x + 220) => {
    const l = lineAt(text, x, baseline, size);
    l.bbox[2] = right;
    return l;
  };
  const left = [
    at('ViGGO features more than 100 different video game titles, whose', 72, 660),
    at('attributes were harvested using free API access to a collection', 72, 672),
    at('of structured records. The human reference utterances', 72, 684),
  ];
  const floats = [
    segment([at('Slot Mandatory Additional DA range', 327, 70, 8)], 1),
    segment([at('NAME, inform 3-8 RELEASE YEAR,', 322, 84, 8), at('GENRES DEVELOPER, PLATFORMS', 322, 94, 8)], 1, 'table'),
    segment([at('Table 2: Slots of the ViGGO dataset and their ranges.', 307, 120, 9)], 1),
  ];
  const sequel = (first: string) =>
    segment(
      [at(first, 307, 150), at('platform, with the outlier removed through a second pass of', 307, 162), at('validation by hand.', 307, 174, 9, 400)],
      1,
    );

  it('reads the sentence whole, then the table and its caption', () => {
    const blocks = buildBlocks([segment(left, 0), ...floats, sequel('for the generated MRs were then crowdsourced using the')], 9, 12);
    expect(blocks[0]!.text).toContain('reference utterances for the generated MRs');
    expect(blocks.map((b) => b.kind)).toEqual(['paragraph', 'paragraph', 'table', 'caption']);
    expect(blocks[1]!.text).toBe('Slot Mandatory Additional DA range');
  });

  it('reads past a table whose rows are read as lines, spread across the column, to a sequel opening with a parenthesis', () => {
    // The rows "Reddit13   2013   ~900": a few characters across the column's width, no prose at the text's size.
    const rows = segment(
      [at('Reddit13 2013 ~900', 85, 84, 9, 256), at('LiverpoolFC13 2011-13 8.5', 85, 96, 9, 256), at('LiverpoolFC17 2017 11.9', 85, 108, 9, 256)],
      1,
    );
    const caption = segment([at('Table 1: Time bin and size of the datasets.', 97, 130, 9, 265)], 1);
    const blocks = buildBlocks(
      [
        segment(left, 0),
        segment([{ ...at('sample time bin million tokens', 85, 70, 9, 278), bold: true }], 1),
        rows,
        caption,
        sequel('(Reddit13, LiverpoolFC13, LiverpoolFC17), and includes'),
      ],
      9,
      12,
    );
    expect(blocks[0]!.text).toContain('reference utterances (Reddit13, LiverpoolFC13');
  });

  it('leaves the page as it stands when the next column opens with a paragraph of its own above the sequel', () => {
    const own = segment(
      [
        at('The dataset was collected in two rounds over the course of', 307, 100),
        at('the summer, and each round was checked by two annotators.', 307, 112),
      ],
      1,
    );
    const blocks = buildBlocks([segment(left, 0), floats[2]!, own, sequel('for the generated MRs were then crowdsourced using the')], 9, 12);
    expect(blocks[0]!.text).not.toContain('for the generated');
  });

  it('does not take a symbol or a link for the sequel, nor floats set below it', () => {
    const symbol = buildBlocks([segment(left, 0), ...floats, sequel('μ0 0.007 0.025 0.035 μz 0.0 −0.049 -0.5')], 9, 12);
    expect(symbol[0]!.text).not.toContain('μ0');
    const under = [
      segment([at('NAME, inform 3-8 RELEASE YEAR,', 322, 200, 8)], 1, 'table'),
      segment([at('Table 2: Slots of the ViGGO dataset and their ranges.', 307, 220, 9)], 1),
    ];
    const below = buildBlocks([segment(left, 0), ...under, sequel('for the generated MRs were then crowdsourced using the')], 9, 12);
    expect(below[0]!.text).not.toContain('for the generated');
  });

  it('takes a sequel opening with a word joined by a slash or a hyphen ("and/or", "well-known")', () => {
    for (const word of ['and/or', 'well-known']) {
      const blocks = buildBlocks([segment(left, 0), ...floats, sequel(`${word} generated MRs were then crowdsourced using the`)], 9, 12);
      expect(blocks[0]!.text).toContain(`reference utterances ${word} generated MRs`);
    }
  });

  it('leaves a caption’s own turned line, cut off into a segment right under it, with the caption', () => {
    // A figure's caption breaks off mid-sentence; its last line stands alone in the band under it, opening in lower
    // case, as the paragraph broken off in column 1 might go on.
    const caption = segment(
      [
        at('Figure 4. Cross-section of the refinement interface of A, a one-layer parent', 307, 120),
        at('model; and D, a multi-layer parent model with a single layer child', 307, 132),
      ],
      1,
    );
    const turned = segment([at('model, which is not possible.', 307, 144, 9, 420)], 1);
    const blocks = buildBlocks([segment(left, 0), caption, turned], 9, 12);
    expect(blocks.map((b) => b.kind)).toEqual(['paragraph', 'caption']);
    expect(blocks[1]!.text).toContain('single layer child model, which is not possible.');
    expect(blocks[0]!.text).not.toContain('which is not possible');
  });

  it("reads a sentence broken twice, past a caption at the next column's top and past floats at the next page's, whole", () => {
    // Column 1 ends mid-sentence; column 2 opens with a figure's caption, the sentence going on under it and breaking
    // off again at the page's foot; the next page opens with the floats of the first case, the sentence under them.
    const onPage2 = (s: Segment): Segment => ({ ...s, page: 2 });
    const blocks = buildBlocks(
      [
        segment(left, 0),
        segment([at('Figure 2: The distribution of dialogue acts over the titles.', 307, 70, 8)], 1),
        segment(
          [at('for the generated MRs were then crowdsourced, and the', 307, 640), at('workers were paid per utterance, each checked by', 307, 652)],
          1,
        ),
        ...floats.map(onPage2),
        onPage2(sequel('two annotators before it was added to the collection of the')),
      ],
      9,
      12,
    );
    expect(blocks[0]!.text).toContain('reference utterances for the generated MRs');
    expect(blocks[0]!.text).toContain('checked by two annotators');
    expect(blocks.map((b) => b.kind)).toEqual(['paragraph', 'caption', 'paragraph', 'table', 'caption']);
  });
});

describe('a float set under the line its paragraph breaks off at, in the same column', () => {
  // LaTeX's `[h]` placement: the paragraph's first line, a table (its head and rows), its caption under it, and the
  // sentence going on under the caption in the same column.
  const at = (text: string, x: number, baseline: number, size = 10, right = x + 430) => {
    const l = lineAt(text, x, baseline, size);
    l.bbox[2] = right;
    return l;
  };
  const opening = (last = 'Tbl. 6.1 is required by the wishbone specification in order to declare the core as compliant,') =>
    segment([at('The core has been tested against the specification and a bus model of the interconnect.', 90, 208), at(last, 90, 220)], 0);
  const table = segment([at('Description Specification', 96, 244, 10, 344), at('Type of interface Slave, Read/Write', 96, 270, 10, 482)], 0, 'table');
  const caption = segment([at('Table 6.1: Wishbone Datasheet', 237, 486, 10, 375)], 0);
  const sequel = (first: string, x = 90) =>
    segment([at(first, x, 518), at('by wbuart-insert.v. The big thing to notice is that this core acts as a slave.', x, 530, 10, x + 380)], 0);

  it('reads the sentence whole, then the table and its caption', () => {
    const blocks = buildBlocks(
      [opening(), table, caption, sequel('and so it is included here. It references the connections used in wbuart.v as well as')],
      10,
      12,
    );
    expect(blocks.map((b) => b.kind)).toEqual(['paragraph', 'table', 'caption']);
    expect(blocks[0]!.text).toContain('as compliant, and so it is included here.');
  });

  it('reads a sentence in a script without letter case whole past its table: the line broken off at a letter', () => {
    const cjk = (last: string) =>
      buildBlocks([opening(last), table, caption, sequel('准确无误，书写清楚。数字空缺的格内加横线（占 2 个数字宽度）。表内文字')], 10, 12);
    expect(cjk('全表如用同一单位，则将单位符号移至表头右上角，加圆括号。表中数据应')[0]!.text).toContain('表中数据应准确无误');
    // Broken off after a stop or a comma, the paragraph under the table is a paragraph of its own.
    for (const end of ['全表如用同一单位，则将单位符号移至表头右上角，加圆括号。', '全表如用同一单位，则将单位符号移至表头右上角，'])
      expect(cjk(end)[0]!.text).not.toContain('准确无误');
    // Nor past the paragraph's own next line, in its size a double-spaced line's advance under it, read apart (as code).
    const own = segment([at('表格自动放大；2）通过命令 \\diagbox 在表头部分插入反斜线。', 90, 240, 10, 420)], 0);
    const past = buildBlocks(
      [
        opening('此外，表 3.2 同时还演示了另外两个功能：1）通过 tabularx 的扩展实现'),
        own,
        table,
        caption,
        sequel('不可否认表格功能没有想象中的那么强大，不过只要足够认真，足够细致'),
      ],
      10,
      12,
    );
    expect(past.find((b) => b.text.includes('扩展实现'))!.text).not.toContain('不可否认');
  });

  it('leaves a form’s item, a line in capitals, a line of another column and a sentence ended by a full-width colon', () => {
    for (const first of [
      'e Enter the smaller of line 5d or $10,000 ($5,000 if married filing separately)',
      '(SNAP) (formerly, Food Stamps) household size and benefit rules',
    ]) {
      const blocks = buildBlocks([opening(), table, caption, sequel(first)], 10, 12);
      expect(blocks[0]!.text).not.toContain(first.slice(0, 12));
    }
    const across = buildBlocks(
      [opening(), table, caption, sequel('and so it is included here. It references the connections used in wbuart.v as well as', 320)],
      10,
      12,
    );
    expect(across[0]!.text).not.toContain('and so it is');
    const colon = buildBlocks(
      [
        opening('ここに少しですが，よく利用されるプログラムを列挙しておきます：'),
        table,
        caption,
        sequel('context, mtxrun ConTeXt と PDF プロセッサ．htlatex は変換するプログラム．'),
      ],
      10,
      12,
    );
    expect(colon[0]!.text).not.toContain('context, mtxrun');
  });
});

describe('review cases of the twenty-eighth session', () => {
  const notesOf = (lines: Line[], advance = 12) => detectFootnotes(placed([segment(lines, 0)]), new Set(), 10, advance).footnotes;

  it('notes under a short column whose last line closes with a question mark, or under a rule, are still notes', () => {
    const notes = (first: number, y: number) => [
      lineAt(`${first} The same reasoning was followed by the appeals court in the later cases cited above.`, 72, y, 8),
      lineAt(`${first + 1} See also the commentary on the second edition, at pages 12 to 14 of the volume.`, 72, y + 10, 8),
    ];
    const question = notesOf([
      lineAt('The remaining question, which the previous sections leave open for now, is the following:', 72, 640),
      lineAt('does this hold in the general case?', 72, 652),
      lineAt('the court held in 1998 that the statute did not apply to such contracts, see Smith v. Jones.', 72, 672, 8),
      ...notes(2, 682),
    ]);
    expect(question.map((n) => n.marker)).toContain('2');
    const ruled = notesOf([
      lineAt('The remaining question, which the previous sections leave open, is', 72, 640),
      lineAt('held that the statute did not apply', 72, 652),
      lineAt('————————————', 72, 668, 8),
      ...notes(1, 680),
    ]);
    expect(ruled.map((n) => n.marker)).toEqual(['1', '2']);
  });

  it('small C code at a page foot with Chinese block comments stays code', () => {
    const small = (text: string, baseline: number) => makeLine([run(text, 72, baseline, 7, { mono: true, font: 'NimbusMonoPS' })], baseline);
    const body = Array.from({ length: 20 }, (_, k) =>
      lineAt(`The line ${k + 1} of the page body text, set in the body size here.`, 72, 360 + 12 * k),
    );
    const foot = [
      small('1 int count = 0;       /* 计数器初始化为零 */', 640),
      small('2 char buf[64];        /* 输入缓冲区大小 */', 652),
      small('3 while (read(buf)) {  /* 逐行读取输入文件 */', 664),
    ];
    expect(notesOf([...body, ...foot], 12.5)).toEqual([]);
  });

  it('a listing over small code does not make the page typewritten', () => {
    const m = (text: string, baseline: number, size: number) =>
      makeLine([run(text, 72, baseline, size, { mono: true, font: 'NimbusMonoPS' })], baseline);
    const listing = Array.from({ length: 10 }, (_, k) => m(`    offset = read_header(file, ${k}); /* step ${k} */`, 480 + 12 * k, 10));
    const foot = [m('2 CARD16 MAJOR_VERSION 1', 620, 7), m('2 CARD16 MINOR_VERSION 2', 632, 7), m('4 CARD32 ALIAS_LIST_OFFSET', 644, 7)];
    expect(notesOf([...listing, ...foot], 12.5)).toEqual([]);
  });
});

describe('a form’s numbered items at the foot of its first page', () => {
  // A payment voucher: prose over the voucher, its boxes numbered "1" to "3" in 7 pt, then "4 Your first name…" and
  // the unnumbered labels of the boxes under it, a step down, at the foot of the page.
  const body = Array.from({ length: 30 }, (_, k) => lineAt(`Line ${k} of the instructions for the payment of the tax due.`, 72, 80 + 13 * k, 10));
  const items = ['1 Your social security number', '2 If a joint return, SSN shown second', '3 Amount you are paying by check'].map((t, k) =>
    lineAt(t, 72, 560 + 10 * k, 7),
  );
  const next = [lineAt('4 Your first name and middle initial, as shown on your return', 72, 640, 7)];
  const labels = [lineAt('If a joint return, spouse’s first name and middle initial, and last name', 72, 680, 7)];
  // (The voucher's page is the first of two: a one-page document has no first page's notes.)
  const page2 = secondPage('Page two of the instructions.', 10);
  const notes = (withItems: boolean) =>
    detectFootnotes(
      [...placed([segment(body, 0), ...(withItems ? [segment(items, 0, 'table')] : []), segment(next, 0), segment(labels, 1)]), ...page2],
      new Set(),
      10,
      13,
    ).footnotes;

  it('reads the item numbered on from the boxes above, and the labels under it, as the form’s', () => {
    expect(notes(true)).toEqual([]);
  });

  it('takes the same lines as notes when no item above numbers them', () => {
    expect(notes(false).map((f) => f.marker)).toEqual(['4', null]);
  });
});

describe('a slide’s small type at its foot', () => {
  // A title slide, 454 by 255 (16:9): the title and the speaker in 11 pt and larger, then, a step down, the talk's
  // version and its licence in 6 pt; a second slide follows.
  const slide = (width: number, height: number, size: number) => {
    const lines = [
      lineAt('Accelerating Python with Numba', 40, 80, 2 * size),
      lineAt('A talk by the speaker for the Python users group', 40, 110, size),
      lineAt('at the meetup of the year, with its examples', 40, 110 + 1.3 * size, size),
      lineAt('Version: 2026-02-19-python-users-berlin https://github.com/esc/numba-talk', 40, height - 25, 0.55 * size),
      lineAt('This work is licensed under the Creative Commons Attribution-ShareAlike 3.0 License', 40, height - 18, 0.55 * size),
    ];
    const first = placed([segment(lines, 0)]).map((l) => ({ ...l, pageWidth: width, pageHeight: height }));
    const second = secondPage('The second slide.', size).map((l) => ({ ...l, pageWidth: width, pageHeight: height }));
    return detectFootnotes([...first, ...second], new Set(), size, 1.3 * size).footnotes;
  };

  it('reads it as the slide’s text: a slide has no notes without marks', () => {
    expect(slide(454, 255, 11)).toEqual([]);
  });

  it('takes the same lines as notes on a page in a book’s or a paper’s proportions and type', () => {
    expect(slide(612, 792, 11).map((f) => f.text.slice(0, 8))).toEqual(['Version:']);
    // A landscape sheet set in text type (a reference card), or a strip far wider than a slide (a leaflet's fold).
    expect(slide(842, 595, 9)).toHaveLength(1);
    expect(slide(839, 283, 11)).toHaveLength(1);
    // A portrait page set in a slide's type keeps them too: a slide is landscape.
    expect(slide(612, 792, 26)).toHaveLength(1);
  });
});

describe('a first page’s licence notice set only a little smaller than the text', () => {
  // A journal's first page: 9 pt text, then at the column's foot, a step down, the article's licence in 8.5 pt (over
  // the 0.9 of the body size that notes are set at), its licence named on its second line.
  const body = Array.from({ length: 30 }, (_, k) =>
    lineAt(`Line ${k} of the abstract and the introduction, set at the text's size.`, 72, 80 + 11 * k, 9),
  );
  const foot = (first: string) => [
    lineAt(first, 72, 720, 8.5),
    lineAt('Attribution License http://creativecommons.org/licenses/by/4.0/, which permits unrestricted', 72, 730, 8.5),
    lineAt('use, provided the original author and source are credited.', 72, 740, 8.5),
  ];
  const page2 = secondPage('The second page of the article.', 9);
  const notes = (first: string) => detectFootnotes([...placed([segment([...body, ...foot(first)], 0)]), ...page2], new Set(), 9, 11).footnotes;

  it('takes the notice out of the flow as the first page’s note', () => {
    const found = notes('2015 The Authors. Published by the Royal Society under the terms of the Creative Commons');
    expect(found.map((f) => f.text.slice(0, 16))).toEqual(['2015 The Authors']);
  });

  it('leaves lines in that size that are no notice in the flow', () => {
    const text = [
      lineAt('The animals were kept under the terms of the permit granted by the park in the spring of', 72, 720, 8.5),
      lineAt('that year, which allowed unrestricted sampling of milk over the first weeks after birth', 72, 730, 8.5),
    ];
    expect(detectFootnotes([...placed([segment([...body, ...text], 0)]), ...page2], new Set(), 9, 11).footnotes).toEqual([]);
  });
});

describe('a first page’s narrow side column read after the text beside it', () => {
  const at = (text: string, x: number, baseline: number, right: number, size = 9) => lineTo(text, x, baseline, right, size);
  // The text's column, 260 to 556, from the page's top, breaks off mid-sentence at the page's foot; the journal's side column, 43 to
  // 150 (or to 240, two thirds of the text's width), read after it; the sentence goes on at the next page's top.
  const text = [
    at('Anthropogenic climate changes have been identified as the defining issue of our time.', 260, 60, 556),
    at('Climate change can affect mental health directly due to acute events, such as the', 260, 700, 556),
    at('development of a disorder after a climate-related disaster exposure, or indirectly', 260, 712, 556),
  ];
  const side = (right: number) => [
    segment([at('European Psychiatry', 43, 60, right, 12)], 0),
    segment(
      [
        at('Cite this article: Peuskens H, Detraux J, Catthoor K (2024). Association', 43, 90, right),
        at('between awareness and distress.', 43, 102, right),
      ],
      0,
    ),
    segment([at('Keywords: climate anxiety; eco-anxiety;', 43, 130, right), at('mental health; psychiatric disorders.', 43, 142, right)], 0),
  ];
  const sequel = { ...segment([at('through slow-moving consequences of climate change, such as the loss of', 56, 60, 540)], 0), page: 2 };
  const read = (right: number) =>
    buildBlocks([segment(text, 1), ...side(right).map((s) => ({ ...s, bbox: [43, s.bbox[1], right, s.bbox[3]] as Box })), sequel], 9, 12);

  it('reads the sentence whole past the side column, the side column after it', () => {
    const blocks = read(150);
    expect(blocks[1]!.text).toContain('or indirectly through slow-moving consequences');
    expect(blocks.map((b) => b.text.slice(0, 8))).toEqual(['Anthropo', 'Climate ', 'European', 'Cite thi', 'Keywords']);
  });

  it('leaves a column nearly as wide as the text, read after it, where it stands', () => {
    const blocks = read(240);
    expect(blocks[1]!.text).not.toContain('through slow-moving');
  });
});

describe('a caption labelled with a bar, and the line of a side column before it', () => {
  const at = (text: string, x: number, baseline: number, right: number, size = 9) => {
    const l = lineAt(text, x, baseline, size);
    l.bbox[2] = right;
    return l;
  };
  const caption = {
    ...segment([at('Figure 3 | Gate infidelity and pulse shaping. (a) and (b) are the gate infidelities.', 43, 250, 553, 8.5)], 0, 'span'),
    page: 2,
  };
  const sequel = { ...segment([at('design. We now estimate various other sources of noise for the gate', 43, 350, 292)], 0), page: 2 };

  it('reads "Figure 3 | …" as a caption (Nature’s and Frontiers’ label)', () => {
    expect(buildBlocks([caption], 9, 12).map((b) => b.kind)).toEqual(['caption']);
  });

  it('does not take a wide column’s text past a float for the sequel of a narrow side column’s last line', () => {
    // A first page's side column, 29 to 120, ends with "Published 25 February 2015"; the next page opens with a
    // figure's caption and a column of text 43 to 292 going on from the text of the page before, not from the side.
    const side = segment(
      [
        at('Received 2 December 2014', 54, 700, 120, 8),
        at('Accepted 23 January 2015', 56, 712, 120, 8),
        at('Published 25 February 2015', 60, 724, 120, 8),
      ],
      0,
    );
    const blocks = buildBlocks([side, caption, sequel], 9, 12);
    expect(blocks.some((b) => b.text.includes('2015 design'))).toBe(false);
  });
});

describe('a sentence broken off after a preposition, going on past a figure in a name', () => {
  const at = (text: string, x: number, baseline: number, right = x + 244, size = 9) => {
    const l = lineAt(text, x, baseline, size);
    l.bbox[2] = right;
    return l;
  };
  const tail = (end: string) =>
    segment(
      [
        at('On February 7th, 2023, we captured a photo of a gray wolf with black', 306, 650),
        at('pelage on a camera trap located on Petersen Mountain, at an elevation', 306, 662),
        at(`of 1790 m. The location was approximately 30 km northwest of Reno, ${end}`, 306, 674),
      ],
      1,
    );
  const figure = { ...segment([at('FIGURE 1 | The first of three camera trap photographs in a sequence.', 45, 306, 550, 8)], 0, 'span'), page: 2 };
  const sequel = (lines: number) => ({
    ...segment(
      [
        at('Lassen County, California. The vegetation there is characteristic of', 45, 354),
        at('montane shrub steppe, with bitterbrush and desert peach.', 45, 366),
      ].slice(0, lines),
      0,
    ),
    page: 2,
  });
  const read = (end: string, lines = 2) => buildBlocks([tail(end), figure, sequel(lines)], 9, 12);

  it('reads the sentence whole, the caption after it', () => {
    const blocks = read('and 1 km east of the border with');
    expect(blocks[0]!.text).toContain('the border with Lassen County, California.');
    expect(blocks.map((b) => b.kind)).toEqual(['paragraph', 'caption']);
  });

  it('leaves a capital after a conjunction, or a line alone, where it stands', () => {
    expect(read('Nevada, and it was alone but')[0]!.text).not.toContain('Lassen');
    expect(read('and 1 km east of the border with', 1)[0]!.text).not.toContain('Lassen');
  });

  it('leaves a capital after a French paragraph’s "a" where it stands (English words only)', () => {
    const french = segment(
      [
        at('Le 7 février 2023, nous avons photographié un loup gris dans le nord du', 306, 650),
        at('Nevada, sur une caméra placée sur le mont Petersen, à une altitude de', 306, 662),
        at('1790 m. Le site est à 30 km au nord-ouest de Reno, où le parc a', 306, 674),
      ],
      1,
    );
    expect(buildBlocks([french, figure, sequel(2)], 9, 12)[0]!.text).not.toContain('Lassen');
  });
});

describe('review cases of the thirty-third session', () => {
  const body = Array.from({ length: 30 }, (_, k) =>
    lineAt(`Line ${k} of the running text of the paper, set at the text's size.`, 72, 80 + 13 * k, 10),
  );
  const onPage = (lines: PlacedLine[], page: number) => lines.map((l) => ({ ...l, page }));

  it('keeps a note whose number a table’s figure or a chart’s tick one less stands above', () => {
    const table = segment([lineAt('Group  3  12', 72, 500, 8), lineAt('Control  2  9', 72, 510, 8)], 0, 'table');
    table.lines[0]!.cells = ['Group', '3', '12'];
    table.lines[1]!.cells = ['Control', '2', '9'];
    const ticks = segment([lineAt('3', 300, 540, 7), lineAt('2', 300, 560, 7), lineAt('1', 300, 580, 7)], 1);
    const note = segment([lineAt('4 See the appendix for the full protocol of the second trial.', 72, 720, 8)], 0);
    const notes = detectFootnotes(onPage(placed([segment(body, 0), table, ticks, note]), 3), new Set(), 10, 13).footnotes;
    expect(notes.map((f) => f.marker)).toEqual(['4']);
  });

  it('keeps a first page’s unmarked note under a chart’s ticks numbered in sequence', () => {
    const ticks = segment([lineAt('1', 300, 540, 7), lineAt('2', 300, 560, 7), lineAt('3', 300, 580, 7)], 1);
    const note = segment([lineAt('Manuscript received March 3, 2024; revised May 2, 2024; accepted June 1, 2024.', 72, 720, 7)], 0);
    const page2 = secondPage('The second page of the paper.', 10);
    const notes = detectFootnotes([...placed([segment(body, 0), ticks, note]), ...page2], new Set(), 10, 13).footnotes;
    expect(notes.map((f) => f.text.slice(0, 10))).toEqual(['Manuscript']);
  });

  it('leaves an abstract set a little smaller, naming a licence, in the flow', () => {
    const abstract = Array.from({ length: 12 }, (_, k) =>
      lineAt(
        k === 9
          ? 'and the code is distributed under an open-source licence for all to use,'
          : `Abstract line ${k} of the study, set a little smaller.`,
        72,
        600 + 11 * k,
        9.5,
      ),
    );
    const page2 = secondPage('The second page of the paper.', 10);
    const lines = [...placed([segment([...body.slice(0, 20), lineAt('ABSTRACT', 72, 585, 10), ...abstract], 0)]), ...page2];
    expect(detectFootnotes(lines, new Set(), 10, 13).footnotes).toEqual([]);
  });

  it('reads a paragraph under a one-line caption without a stop as the sequel of the sentence above', () => {
    const at = (text: string, x: number, baseline: number, right = x + 220) => {
      const l = lineAt(text, x, baseline, 9);
      l.bbox[2] = right;
      return l;
    };
    const left = segment(
      [at('The samples of the survey were taken in the spring, and the', 72, 660), at('measurements of the second', 72, 672, 292)],
      0,
    );
    const caption = segment([at('Figure 2: Map of the study area', 307, 100, 440)], 1);
    const sequel = segment(
      [at('dataset were collected over three years by the same team of', 307, 113), at('observers, each trained for the task.', 307, 125, 470)],
      1,
    );
    const blocks = buildBlocks([left, caption, sequel], 9, 12);
    expect(blocks[0]!.text).toContain('measurements of the second dataset were collected');
  });
});

describe('a numbered display inside a column', () => {
  // REVTeX's sample: "… to get an equation number of (2.6′)," then the display, its number on a line of its own under
  // it (too long for both), then the next paragraph, indented, opening with a capital.
  const lines = (number: string) => [
    lineTo('q001 is the desired equation number. For example, to get an', 317, 355.3, 562),
    lineTo('q002 equation number of (2.6′),', 317, 367.3, 431),
    lineTo('g+g+ → g+g+g+g+ . . . , q+q+ → q+g+g+ . . . .', 329, 384.3, 538),
    lineTo(number, 539, 401, 562),
    lineTo('q003 A few notes on the command. It requires the package.', 327, 417, 562),
    lineTo('q004 The command must come before the label, if any.', 317, 429, 540),
  ];

  it('ends at its number: the paragraph under it is a block of its own', () => {
    const blocks = buildBlocks([segment(lines('(2.6′)'), 0)], 10, 12);
    expect(blocks.map((b) => b.text.slice(0, 4))).toEqual(['q001', 'g+g+', 'q003']);
  });

  it('a line ending in a parenthesised word that is no number goes on into the next', () => {
    const blocks = buildBlocks([segment(lines('(end)'), 0)], 10, 12);
    expect(blocks.map((b) => b.text.slice(0, 4))).toEqual(['q001', 'g+g+']);
  });
});
