/**
 * Furniture on documents nobody tuned for, reduced to hand-placed lines: heads found on one page (a folio beside the
 * head, a copyright line, a first page's small venue line), heads that change a little from page to page (a slide
 * footer naming the current section), short documents, foreign digits, and the cases that must stay in the flow.
 */
import { describe, expect, it } from 'vitest';
import { detectFurniture, repeatsNeeded } from '../lib/document/furniture.js';
import { detectFootnotes } from '../lib/document/footnotes.js';
import type { PlacedLine } from '../lib/document/lines.js';
import { makeLine, roundBox, unionBox } from '../lib/layout/lines.js';
import type { Line, Segment } from '../lib/types.js';
import { line, run } from './support/runs.js';

const BODY = 10;
const ADVANCE = 12;

/** A page of placed lines: each entry [text, x, baseline, size?]. */
function page(no: number, entries: [string, number, number, number?][], height = 792): PlacedLine[] {
  return entries.map(([text, x, baseline, size = BODY], index) => {
    const line: Line = makeLine([run(text, x, baseline, size)], baseline);
    const seg: Segment = { kind: 'column', page: no, band: 0, column: 0, text, bbox: roundBox(unionBox([line.bbox])), lines: [line] };
    return { page: no, segment: index, index: 0, line, seg, pageHeight: height, pageWidth: 612 };
  });
}

/** Thirty lines of body text from `top`, one line advance apart. */
function body(top: number, seed = 0): [string, number, number][] {
  const words = ['harbour', 'works', 'season', 'funds', 'repairs', 'engineer', 'drawing', 'survey', 'pier'];
  return Array.from({ length: 30 }, (_, k) => [
    `The ${words[(k + seed) % words.length]} and the ${words[(k * 3 + seed) % words.length]} were noted in the minute book.`,
    72,
    top + k * ADVANCE,
  ]);
}

const texts = (items: { text: string }[]) => items.map((i) => i.text);

describe('a head on one page', () => {
  it('is taken with the folio set beside it, apart above the text', () => {
    const lines = page(1, [['9', 72, 40, 9], ['1.2. METRIC SPACES', 400, 40, 9], ...body(80)]);
    const { headers } = detectFurniture(lines, BODY, 3, ADVANCE);
    expect(texts(headers).sort()).toEqual(['1.2. METRIC SPACES', '9']);
  });

  it('is taken at the foot when its folio opens it far apart from its words (a Sphinx manual’s verso foot), not when a space parts them', () => {
    const foot = (words: string, x: number) => {
      const lines = page(1, body(360));
      const baseline = 360 + 29 * ADVANCE + 3 * ADVANCE;
      const line = makeLine([run('16', 72, baseline, BODY), run(words, x, baseline, BODY)], baseline);
      const seg: Segment = { kind: 'column', page: 1, band: 0, column: 0, text: '', bbox: roundBox(line.bbox), lines: [line] };
      return [...lines, { page: 1, segment: 99, index: 0, line, seg, pageHeight: 792, pageWidth: 612 }];
    };
    const taken = (lines: PlacedLine[]) => texts(detectFurniture(lines, BODY, 3, ADVANCE).footers);
    expect(taken(foot('Chapter 3. Template statements', 386))).toEqual(['16 Chapter 3. Template statements']);
    // A space after the number: a note's marker, or a line of text.
    expect(taken(foot('Chapter 3. Template statements', 86))).toEqual([]);
  });

  it('is taken on a second page when it repeats the title set large on the first, with the authors beside it', () => {
    const first = page(1, [['Control Equals Chaos', 150, 60, 18], ['The Impact of Serial Music', 150, 84, 14], ...body(120)]);
    const second = page(2, [['Control Equals Chaos', 72, 40], ['Chang, Connors', 480, 40], ...body(80, 3)]);
    const { headers } = detectFurniture([...first, ...second], BODY, 3, ADVANCE);
    expect(headers.map((h) => [h.page, h.text]).sort()).toEqual([
      [2, 'Chang, Connors'],
      [2, 'Control Equals Chaos'],
    ]);
    // The whole title after the authors' names, too long for a line of small type alone to be taken as a head.
    const long = page(1, [
      ['Control Equals Chaos: the Psychological and', 150, 60, 18],
      ['Auditory Impact of Serial and Aleatoric Music', 150, 84, 18],
      ...body(120),
    ]);
    const head = 'C. Chang et al.: Control Equals Chaos: the Psychological and Auditory Impact of Serial and Aleatoric Music';
    const authored = page(2, [[head, 60, 40, 7], ...body(80, 3)]);
    expect(texts(detectFurniture([...long, ...authored], BODY, 3, ADVANCE).headers)).toEqual([head]);
    // A first line at the top of the next page that does not repeat the title stays in the flow.
    const plain = page(2, [['Serial Music Today', 72, 40], ['Chang, Connors', 480, 40], ...body(80, 3)]);
    expect(detectFurniture([...first, ...plain], BODY, 3, ADVANCE).headers).toEqual([]);
  });

  it('is taken in small type far below all the text at the very foot, however long, unless it opens as a note does', () => {
    const notice = 'This content is available for free at http://cnx.org/content/col11287/1.1';
    const far = page(2, [...body(80).slice(0, 20), [notice, 72, 775, 7]]);
    expect(texts(detectFurniture(far, BODY, 3, ADVANCE).footers)).toEqual([notice]);
    const note = page(2, [...body(80).slice(0, 20), [`1 ${notice}`, 72, 775, 7]]);
    expect(detectFurniture(note, BODY, 3, ADVANCE).footers).toEqual([]);
  });

  it('is a jump line that only says where the text goes on or came from, wherever it stands ("continued on page 2")', () => {
    const lines = page(1, [
      ['(continued from previous page)', 400, 40, 8],
      ...body(80),
      ['continued on page 2', 420, 450, 9],
      ['The story continued on page 2 of the minute book.', 72, 470],
    ]);
    const { headers, footers } = detectFurniture(lines, BODY, 3, ADVANCE);
    // At the top edge, apart above the text, it is a head anyway; mid-page it is a jump line.
    expect(texts(headers)).toEqual(['(continued from previous page)']);
    expect(footers.map((h) => [h.kind, h.text])).toEqual([['jump-line', 'continued on page 2']]);
  });

  it('is taken at the foot when it opens by naming its page ("Page 21 GAO-07-106 DOE\'s Energy Challenges")', () => {
    const lines = page(2, [...body(396), ['Page 21', 72, 778, 8], ["GAO-07-106 DOE's Energy Challenges", 420, 778, 8]]);
    const joined = page(2, [...body(396), ["Page 21 GAO-07-106 DOE's Energy Challenges", 72, 778, 8]]);
    expect(texts(detectFurniture(joined, BODY, 3, ADVANCE).footers)).toEqual(["Page 21 GAO-07-106 DOE's Energy Challenges"]);
    expect(texts(detectFurniture(lines, BODY, 3, ADVANCE).footers).sort()).toEqual(["GAO-07-106 DOE's Energy Challenges", 'Page 21']);
  });

  it("is taken when it is a web address alone at the page's foot, apart below the text; a sentence with an address stays", () => {
    const lines = page(1, [...body(396), ['www.dhs.gov', 420, 778]]);
    expect(texts(detectFurniture(lines, BODY, 3, ADVANCE).footers)).toEqual(['www.dhs.gov']);
    // At the top, a little larger than the text (a journal's site at the corner of its pages).
    const site = page(2, [['www.nature.com/scientificreports', 380, 24, 11.5], ...body(80)]);
    expect(texts(detectFurniture(site, BODY, 3, ADVANCE).headers)).toEqual(['www.nature.com/scientificreports']);
    const sentence = page(1, [...body(396), ['Write to us at www.dhs.gov', 420, 778]]);
    expect(detectFurniture(sentence, BODY, 3, ADVANCE).footers).toEqual([]);
  });

  it('is taken when its folio is an article number and a page ("XX:6 Substitution without copy", LIPIcs)', () => {
    const lines = page(2, [['XX:6 Substitution without copy and paste', 72, 40], ...body(80)]);
    expect(texts(detectFurniture(lines, BODY, 3, ADVANCE).headers)).toEqual(['XX:6 Substitution without copy and paste']);
    const recto = page(3, [['T. Altenkirch, N. Burke and P. Wadler 23:7', 72, 40], ...body(80)]);
    expect(texts(detectFurniture(recto, BODY, 3, ADVANCE).headers)).toEqual(['T. Altenkirch, N. Burke and P. Wadler 23:7']);
  });

  it("leaves a link deep into a site, alone in small type at a later page's foot, in the text (a slide's source)", () => {
    const span = (lines: PlacedLine[]) => lines.map((l) => ({ ...l, seg: { ...l.seg, kind: 'span' as const } }));
    const first = page(1, body(80));
    const deep = span(page(2, [...body(80, 2), ['https://openssf.org/blog/2023/06/22/psf-welcomes-new-developer/', 176, 760, 8]]));
    expect(detectFurniture([...first, ...deep], BODY, 3, ADVANCE).footers).toEqual([]);
    const venue = span(page(2, [...body(80, 2), ['Journal of Harbour Works 12 (2020) 1–9, https://doi.org/10.1000/jhw.2020.1', 176, 760, 8]]));
    expect(texts(detectFurniture([...first, ...venue], BODY, 3, ADVANCE).footers)).toHaveLength(1);
  });

  it('leaves chapters’ openings in display type, each with its own number ("Capitolo 1", "Capitolo 4"), in the text', () => {
    const opening = (no: number, n: number, size: number, y = 150) =>
      page(no, [[`Capitolo ${n}`, 106, y, size], [`Titolo del capitolo ${n}`, 106, 249, 24.8], ...body(300, no)]);
    const doc = [...page(1, body(80)), ...opening(2, 1, 24.8), ...opening(3, 4, 24.8), ...page(4, body(80, 4))];
    const chapters = (lines: PlacedLine[]) => texts(detectFurniture(lines, BODY, 2, ADVANCE).headers).filter((t) => t.startsWith('Capitolo'));
    expect(chapters(doc)).toEqual([]);
    // In the text's type atop those pages, the same lines are a running head naming its chapter.
    const small = [...page(1, body(80)), ...opening(2, 1, 9, 44), ...opening(3, 4, 9, 44), ...page(4, body(80, 4))];
    expect(chapters(small)).toEqual(['Capitolo 1', 'Capitolo 4']);
  });

  it("leaves sentences of small print under a later page's text in it (a slide's note under its table), not a venue or dates line", () => {
    const span = (lines: PlacedLine[]) => lines.map((l) => ({ ...l, seg: { ...l.seg, kind: 'span' as const } }));
    const first = page(1, body(80));
    const at = (text: string) => span(page(2, [...body(80, 2), [text, 40, 760, 8]]));
    const note = 'TAC elects TAC Lead on a 2 year term. TAC Lead (or nominated Advisor) participates to Board meetings. TAC meet every 6 weeks.';
    expect(detectFurniture([...first, ...at(note)], BODY, 3, ADVANCE).footers).toEqual([]);
    // One long sentence whose words open mostly in small letters is prose too (a slide's disclaimer).
    const disclaimer =
      'The thoughts and feels expressed here are personally held or experientially earned, and not necessarily those of our employers';
    expect(detectFurniture([...first, ...at(disclaimer)], BODY, 3, ADVANCE).footers).toEqual([]);
    // Not when it names a licence or a venue, however it is cased.
    for (const foot of [
      'This article is distributed under the terms of the Creative Commons Attribution licence, which permits use and reuse',
      'Accepted for publication in the proceedings of the harbour works meeting held in the spring at the old port',
    ])
      expect(texts(detectFurniture([...first, ...at(foot)], BODY, 3, ADVANCE).footers), foot).toEqual([foot]);
    // On the first page, sentences of small print at the foot are a notice ("Author accepted manuscript. …").
    const notice = 'Author accepted manuscript. The final version of this article is published in the Journal of Harbour Works.';
    const onFirst = span(page(1, [...body(80), [notice, 40, 760, 8]]));
    expect(texts(detectFurniture([...onFirst, ...page(2, body(80, 2))], BODY, 3, ADVANCE).footers)).toEqual([notice]);
    // A note opening with its raised mark is a note on any page (a table's note at a first page's foot), for the notes
    // pass to take; a journal's dates opening so are still a footer.
    const marked = (text: string) => {
      const lines = span(page(1, [...body(80), [text, 40, 760, 8]]));
      lines[lines.length - 1].line.mark = 1;
      return texts(detectFurniture([...lines, ...page(2, body(80, 2))], BODY, 3, ADVANCE).footers);
    };
    expect(marked('1The three letter acronyms identify the harbour works packages. See the list of acronyms before the abstract.')).toEqual([]);
    const dates = '1Received 12 May 2019. Accepted 3 June 2019. Published online 20 June 2019 by the Harbour Works Press.';
    expect(marked(dates)).toEqual([dates]);
    // A journal's dates, a venue line, a note's turned lines, a line with a web address stay footers.
    for (const foot of [
      'Received 12 May 2019. Accepted 3 June 2019. Published online 20 June 2019 by the Harbour Works Press.',
      'Proceedings of the Twelfth Harbour Works Conference, pages 101–110, Florence, Italy, July 28 – August 2, 2019',
      'vírgula seja colocada após cada número do expoente. Verifique se os números do expoente possuem uma vírgula.',
      'The harbour board meets every month. Its minutes are kept at www.harbour-board.example.org for all to read.',
    ])
      expect(texts(detectFurniture([...first, ...at(foot)], BODY, 3, ADVANCE).footers), foot).toEqual([foot]);
  });

  it("leaves a caption in small type under a later page's last table in the text, in any language ('표 1: …', 'Tabela 2: …')", () => {
    const span = (lines: PlacedLine[]) => lines.map((l) => ({ ...l, seg: { ...l.seg, kind: 'span' as const } }));
    const first = page(1, body(80));
    for (const caption of ['표 1: 2007 년 Top10 웹 애플리케이션 취약점', 'Tabela 2: Resultados por região', '图 3：系统架构']) {
      const under = span(page(2, [...body(80, 2), [caption, 176, 760, 8]]));
      expect(detectFurniture([...first, ...under], BODY, 3, ADVANCE).footers, caption).toEqual([]);
    }
  });

  it("is taken when it is set in capitals split to the text's two edges, with no folio ('CHAPTER 5. BASICS … 5.23. HARDENING')", () => {
    const lines = page(3, [['CHAPTER 5. BASICS', 85, 44], ['5.23. COMPILER HARDENING', 405, 44], ...body(90)]);
    expect(texts(detectFurniture(lines, BODY, 3, ADVANCE).headers).sort()).toEqual(['5.23. COMPILER HARDENING', 'CHAPTER 5. BASICS']);
    // One line whose extent is much wider than its capitals (the two pieces joined with the gap between them).
    const joined = page(2, [['CHAPTER 4. SIMPLE EXAMPLE 4.3. WHAT IS DEBMAKE?', 85, 44], ...body(90)]).map((l) =>
      l.line.baseline === 44 ? { ...l, line: { ...l.line, bbox: [85, 35, 539, 46] as [number, number, number, number] } } : l,
    );
    expect(texts(detectFurniture(joined, BODY, 3, ADVANCE).headers)).toEqual(['CHAPTER 4. SIMPLE EXAMPLE 4.3. WHAT IS DEBMAKE?']);
    // A heading in capitals, one piece, stays.
    const heading = page(3, [['CHAPTER 5. BASICS OF PACKAGING', 85, 44], ...body(90)]);
    expect(detectFurniture(heading, BODY, 3, ADVANCE).headers).toEqual([]);
  });

  it('is taken in small type over double-spaced text, two body sizes above it', () => {
    const spaced = body(126).map(([t, x, y]) => [t, x, 126 + (y - 126) * 1.6] as [string, number, number]);
    const lines = page(2, [['4 TORSTEN HOTHORN, FRANK BRETZ, AND ALAN GENZ', 127, 102, 8], ...spaced]);
    expect(texts(detectFurniture(lines, BODY, 3, 19.5).headers)).toEqual(['4 TORSTEN HOTHORN, FRANK BRETZ, AND ALAN GENZ']);
  });

  it('is taken when it carries its folio and is set in capitals', () => {
    const lines = page(1, [['22 1.6. PATHS AND KNOTS', 72, 40], ...body(80)]);
    expect(texts(detectFurniture(lines, BODY, 3, ADVANCE).headers)).toEqual(['22 1.6. PATHS AND KNOTS']);
  });

  it('is taken when it names its page, however large it is set ("Command Codes 2.3.59 page 1")', () => {
    const lines = page(1, [['Command Codes BMFOL and BMFOR 2.3.59 page 1', 72, 40, 16], ...body(80)]);
    expect(texts(detectFurniture(lines, BODY, 3, ADVANCE).headers)).toEqual(['Command Codes BMFOL and BMFOR 2.3.59 page 1']);
    // A title as large, numbered but not naming its page, stays.
    const title = page(1, [['2.3.59 Command Codes BMFOL and BMFOR', 72, 40, 16], ...body(80)]);
    expect(detectFurniture(title, BODY, 3, ADVANCE).headers).toEqual([]);
  });

  it("is taken when it is a first page's venue line in small type above the title", () => {
    const lines = page(1, [
      ['Proceedings of Machine Learning Research 1:1-11, 2010', 72, 40, 8],
      ['Full Title of Article', 150, 90, 17],
      ...body(130),
    ]);
    expect(texts(detectFurniture(lines, BODY, 3, ADVANCE).headers)).toEqual(['Proceedings of Machine Learning Research 1:1-11, 2010']);
  });

  it('is not a deck’s kicker over the first slide’s title when the other slides set their section’s kicker in its place', () => {
    // A carousel: each slide's 20 pt kicker at the top over its 44 pt title; the later ones are numbered sections.
    // Each slide but the first carries its folio at the foot ("2 of 5"), which the kicker's number is not.
    const slide = (no: number, kicker: string) =>
      page(
        no,
        [
          [kicker, 80, 76, 20],
          [`Slide ${no} title`, 80, 380, 44],
          ...body(460, no).map(([t, x, y]) => [t, x, y, 30] as [string, number, number, number]),
          ...(no > 1 ? [[`${no} of 5`, 900, 1010, 20] as [string, number, number, number]] : []),
        ],
        1080,
      );
    const deck = [
      ...slide(1, 'Canada.ca AI Answers · design principle'),
      ...slide(2, '01 · Conversational design'),
      ...slide(3, '02 · Dealing with government can be stressful'),
      ...slide(4, '03 · Short answers are checked'),
    ];
    const found = detectFurniture(deck, 30, 4, 36);
    expect(texts(found.headers)).toEqual([]);
    expect(found.diagnostics.map((d) => d.code)).toContain('furniture-uncertain');
    // Where the other pages set a running head (repeating, taken), the first page's line in its place is a head too.
    const journal = [
      ...page(1, [['Harbour Works Review 7', 72, 40], ...body(100)]),
      ...[2, 3, 4, 5].flatMap((no) => page(no, [['Smith and Jones', 72, 40], ...body(100, no)])),
    ];
    expect(texts(detectFurniture(journal, BODY, 3, ADVANCE).headers)).toContain('Harbour Works Review 7');
    // A lone first page keeps the venue-line reading: nothing set in its place elsewhere.
    expect(texts(detectFurniture(slide(1, 'Canada.ca AI Answers · design principle'), 30, 1, 36).headers)).toEqual([
      'Canada.ca AI Answers · design principle',
    ]);
  });

  it('is not a listing’s line carried over to the top of the page, small and in a fixed-pitch face', () => {
    const lines = page(1, [['\\underline{\\jamoword{mit/jur/gvs/gi}}', 72, 40, 8], ['Full Title of Article', 150, 90, 17], ...body(130)]);
    lines[0].line.mono = true;
    expect(detectFurniture(lines, BODY, 3, ADVANCE).headers).toEqual([]);
    // The same line in the text face is taken, as a venue line is.
    lines[0].line.mono = false;
    expect(texts(detectFurniture(lines, BODY, 3, ADVANCE).headers)).toHaveLength(1);
  });

  it('is taken at the foot when it is a copyright line', () => {
    const lines = page(1, [...body(80), ['© 2020 The Authors', 72, 760, 8]]);
    expect(texts(detectFurniture(lines, BODY, 3, ADVANCE).footers)).toEqual(['© 2020 The Authors']);
  });

  it("is taken at the foot when it gives the publication's DOI", () => {
    const lines = page(1, [...body(80), ['https://doi.org/10.47397/tb/44-1/tb136guide', 72, 760, 8]]);
    expect(texts(detectFurniture(lines, BODY, 3, ADVANCE).footers)).toEqual(['https://doi.org/10.47397/tb/44-1/tb136guide']);
  });

  it('is taken under a running foot already found, its gap measured to the text, not to the foot', () => {
    // The foot repeats on both pages (right); page 1 also has a DOI line set just below the foot's level (left).
    const foot: [string, number, number, number] = ['The harbour macros', 400, 751, 9];
    const lines = [...page(1, [...body(372), foot, ['doi.org/10.47397/tb/0-0/harbour', 72, 762, 7]]), ...page(2, [...body(372, 1), foot])];
    expect(texts(detectFurniture(lines, BODY, 2, ADVANCE).footers).sort()).toEqual([
      'The harbour macros',
      'The harbour macros',
      'doi.org/10.47397/tb/0-0/harbour',
    ]);
  });

  it("is taken at the very foot when it stands far below all the text, number or none (a poster's footer)", () => {
    // Body from 80 to 428; the footer 330 points (27 advances) below, in the page's outer 8%.
    const lines = page(1, [...body(80), ['Contents of the footer', 72, 760]]);
    expect(texts(detectFurniture(lines, BODY, 3, ADVANCE).footers)).toEqual(['Contents of the footer']);
  });

  it('is not a row whose number closes a list of items named alike ("story 1, story 2, story 3")', () => {
    const foot = (text: string) => page(1, [...body(372), [text, 72, 760, 8]]);
    expect(detectFurniture(foot('Links: story 1, story 2, story 3'), BODY, 3, ADVANCE).footers).toEqual([]);
    // A head's words and its folio.
    expect(texts(detectFurniture(foot('Harbour Board Annual Report 3'), BODY, 3, ADVANCE).footers)).toEqual(['Harbour Board Annual Report 3']);
  });

  it('is not a short last line a few advances below the text, nor a far one higher up the page', () => {
    // A closing line three advances below the text (a letter's "Yours faithfully").
    const closing = page(1, [...body(372), ['Yours faithfully, the harbour board', 72, 720 + 3 * ADVANCE]]);
    expect(detectFurniture(closing, BODY, 3, ADVANCE).footers).toEqual([]);
    // Far below the text but well above the page's foot.
    const high = page(1, [...body(80), ['Contents of the footer', 72, 690]]);
    expect(detectFurniture(high, BODY, 3, ADVANCE).footers).toEqual([]);
  });

  it('is not a numbered section heading at body size opening the page, nor a sentence opened by "I"', () => {
    const heading = page(1, [['2 Background', 72, 40], ...body(62)]);
    expect(detectFurniture(heading, BODY, 3, ADVANCE).headers).toEqual([]);
    const sentence = page(1, [['I think the results above are too optimistic, and a', 72, 40], ...body(80)]);
    expect(detectFurniture(sentence, BODY, 3, ADVANCE).headers).toEqual([]);
  });

  it('stays in the flow with a diagnostic when only its number and its gap say so', () => {
    const lines = page(1, [['7 Results of the survey', 72, 40], ...body(62)]);
    const { headers, diagnostics } = detectFurniture(lines, BODY, 3, ADVANCE);
    expect(headers).toEqual([]);
    expect(diagnostics.map((d) => d.code)).toEqual(['furniture-uncertain']);
  });
});

describe('heads that change a little from page to page', () => {
  it('are taken when most of their words repeat at the same height (a slide footer naming the section)', () => {
    const sections = ['Introduction', 'Introduction', 'Methods', 'Methods', 'Results'];
    const lines = sections.flatMap((s, k) =>
      page(k + 1, [...body(60, k).slice(0, 12), [`Ann Harbour (Tide Institute) Soundings of the pier ${s}`, 72, 760, 7]]),
    );
    const { footers } = detectFurniture(lines, BODY, 3, ADVANCE);
    expect(footers.map((f) => f.page)).toEqual([1, 2, 3, 4, 5]);
  });

  it('but lines that share a few words only are body text', () => {
    const last = [
      'The survey of the northern pier was ordered after the storm',
      'Funds for the repairs were voted by the board in March',
      'The engineer sent a revised drawing of the breakwater',
    ];
    const lines = [1, 2, 3].flatMap((k) => page(k, [...body(60, k).slice(0, 12), [last[k - 1], 72, 760]]));
    expect(detectFurniture(lines, BODY, 3, ADVANCE).footers).toEqual([]);
  });
});

describe("a first page's masthead", () => {
  // Pages 2 and 3 carry the running head on one line with the folio; page 1 sets the same words as a masthead, three
  // lines atop its right-hand column, smaller than the body.
  const head = (no: number): [string, number, number, number] => [
    `${no} Harbour Gazette / Vol. 85, No. 152 / Thursday, August 6 / Notices`,
    72,
    40,
    9,
  ];
  const rest = [2, 3].flatMap((no) => page(no, [head(no), ...body(80, no)]));

  it('is taken when its lines say what the running head of other pages says', () => {
    const first = page(1, [['Harbour Gazette', 400, 40, 8], ['Vol. 85, No. 152', 400, 50, 8], ['Thursday, August 6, 2020', 400, 60, 8], ...body(80)]);
    // The masthead's lines are the first three of their column's block.
    const seg = { ...first[0]!.seg, lines: first.slice(0, 3).map((l) => l.line) };
    first.slice(0, 3).forEach((l, i) => Object.assign(l, { segment: 0, index: i, seg }));
    const { headers } = detectFurniture([...first, ...rest], BODY, 2, ADVANCE);
    expect(texts(headers.filter((h) => h.page === 1))).toEqual(['Harbour Gazette', 'Vol. 85, No. 152', 'Thursday, August 6, 2020']);
  });

  it("is not the first page's title in large type, nor a line of text using a few of its words", () => {
    // A paper whose running head is its title.
    const titled = [2, 3].flatMap((no) => page(no, [[`${no} Repairs to the Harbour Works`, 72, 40, 9], ...body(80, no)]));
    const title = page(1, [['Repairs to the Harbour Works', 150, 50, 17], ...body(80)]);
    const found = detectFurniture([...title, ...titled], BODY, 2, ADVANCE).headers;
    expect(found.filter((h) => h.page > 1)).toHaveLength(2);
    expect(found.filter((h) => h.page === 1)).toEqual([]);
    const text = page(1, [['The Harbour Gazette printed the notices on Thursday and', 72, 40], ...body(52)]);
    expect(detectFurniture([...text, ...rest], BODY, 2, ADVANCE).headers.filter((h) => h.page === 1)).toEqual([]);
    // A section heading near the top of a page, at body size, that the next pages' running heads repeat.
    const heading = page(1, [['Harbour Gazette notices, Thursday August', 72, 60], ...body(80)]);
    expect(detectFurniture([...heading, ...rest], BODY, 2, ADVANCE).headers.filter((h) => h.page === 1)).toEqual([]);
  });
});

describe('a title repeated as the running head', () => {
  it('is read as the title on the first page, in title type there, and lifted on the others', () => {
    const lines = [1, 2, 3].flatMap((no) => page(no, [['Repairs to the harbour works', 72, 40, no === 1 ? 17 : 9], ...body(80, no)]));
    const { headers, diagnostics } = detectFurniture(lines, BODY, 2, ADVANCE);
    expect(headers.map((h) => h.page)).toEqual([2, 3]);
    expect(diagnostics.map((d) => [d.code, d.page])).toEqual([['furniture-uncertain', 1]]);
  });
});

describe('a head sharing a table row with other text', () => {
  // A band read as a table on page 1: the title's last line level with a row of a menu, the folio level with a date.
  // On pages 2 and 3 the menu row and the date stand alone.
  function row(no: number, cells: [string, number, number][], baseline: number): PlacedLine {
    const line = makeLine(
      cells.map(([text, x, size]) => run(text, x, baseline, size)),
      baseline,
      { cells: true },
    );
    const seg: Segment = { kind: 'table', page: no, band: 0, column: null, text: line.text, bbox: line.bbox, lines: [line] };
    return { page: no, segment: 0, index: 0, line, seg, pageHeight: 792, pageWidth: 612 };
  }
  const rest = [2, 3].flatMap((no) => [
    ...page(no, [['Theorems and proofs Enumerated lists', 376, 40, 9], ...body(80, no), ['Date: November 23, 2020', 445, 770, 9]]),
  ]);

  it('lifts the cells that repeat and keeps the others in the row', () => {
    const first = [
      row(
        1,
        [
          ['Reading order', 46, 17],
          ['Theorems and proofs', 376, 9],
          ['Enumerated lists', 470, 9],
        ],
        40,
      ),
      ...page(1, body(80)),
      row(
        1,
        [
          ['1', 305, 9],
          ['Date: November 23, 2020', 445, 9],
        ],
        770,
      ),
    ];
    const [menuRow, folioRow] = [first[0]!.line, first[first.length - 1]!.line];
    const { headers, footers, removed, replaced } = detectFurniture([...first, ...rest], BODY, 2, ADVANCE);
    expect(texts(headers.filter((h) => h.page === 1))).toEqual(['Theorems and proofs Enumerated lists']);
    expect(texts(footers.filter((h) => h.page === 1)).sort()).toEqual(['1', 'Date: November 23, 2020']);
    expect(replaced.get(menuRow)?.text).toBe('Reading order');
    expect(replaced.get(menuRow)?.cells).toEqual(['Reading order']);
    expect(removed.has(menuRow)).toBe(false);
    expect(removed.has(replaced.get(menuRow)!)).toBe(false);
    // The row left with its folio alone is taken as the folio.
    expect(removed.has(replaced.get(folioRow)!)).toBe(true);
    expect(texts(headers.filter((h) => h.page === 2))).toEqual(['Theorems and proofs Enumerated lists']);
  });

  it('does not take cells that repeat only as cells (a table continued from page to page)', () => {
    const news = [
      ['boats moored', 'north wind'],
      ['ferry delayed', 'calm sea'],
      ['crane idle', 'heavy swell'],
    ];
    const table = (no: number) => [
      row(
        no,
        [
          ['Harbour pier', 72, 10],
          [news[no - 1]![0]!, 200, 10],
          [news[no - 1]![1]!, 300, 10],
        ],
        40,
      ),
      ...page(no, body(80, no)),
    ];
    const { headers, replaced } = detectFurniture([1, 2, 3].flatMap(table), BODY, 2, ADVANCE);
    expect(headers).toEqual([]);
    expect(replaced.size).toBe(0);
  });
});

describe('short documents', () => {
  it('need a head on every other page at least, and on two pages at the least', () => {
    expect(repeatsNeeded(3, 1)).toBe(2);
    expect(repeatsNeeded(3, 2)).toBe(2);
    expect(repeatsNeeded(3, 4)).toBe(2);
    expect(repeatsNeeded(3, 6)).toBe(3);
    expect(repeatsNeeded(5, 40)).toBe(5);
  });

  it('take a head repeated on both pages of two', () => {
    const lines = [1, 2].flatMap((k) => page(k, [['Draft for the harbour board', 72, 40], ...body(58, k)]));
    expect(detectFurniture(lines, BODY, 3, ADVANCE).headers.map((h) => h.page)).toEqual([1, 2]);
  });
});

describe('a foot whose pieces fall into segments of their own on one page', () => {
  it('is taken whole on both pages ("Date:" | "November 23, 2020" on one, the whole line on the next)', () => {
    const foot = 760;
    // One line advance under the text: nothing but the repeat tells it from the text's last line.
    const p1 = page(1, [...body(400, 1), ['Date:', 445, foot, 9], ['November 23, 2020', 481, foot, 9]]);
    const p2 = page(2, [...body(400, 2), ['Date: November 23, 2020', 445, foot, 9]]);
    const { footers } = detectFurniture([...p1, ...p2], BODY, 3, ADVANCE);
    expect(footers.map((f) => [f.page, f.text])).toEqual([
      [1, 'Date:'],
      [1, 'November 23, 2020'],
      [2, 'Date: November 23, 2020'],
    ]);
  });
});

describe('a foot line above a notice repeated on every page', () => {
  it('is taken when its words repeat from page to page, its pieces in segments of their own on some pages', () => {
    const notice: [string, number, number][] = [
      ['Any line marked with a # is for official use', 72, 760],
      ['and is not to be published in any form', 72, 770],
    ];
    const pages = [
      page(1, [...body(300, 1), ['Cat. No. 28171E (12-12-2022)', 72, 748], ['Internal Revenue Manual 2.3.59.1.5', 300, 748], ...notice]),
      page(2, [...body(300, 2), ['2.3.59.1.6', 36, 748], ['Internal Revenue Manual Cat. No. 28171E (12-12-2022)', 233, 748], ...notice]),
      page(3, [...body(300, 3), ['2.3.59.6 Internal Revenue Manual Cat. No. 28171E (12-12-2022)', 36, 748], ...notice]),
    ];
    const { footers } = detectFurniture(pages.flat(), BODY, 3, ADVANCE);
    const foot = footers.filter((f) => f.bbox[1] < 750).map((f) => [f.page, f.text]);
    expect(foot).toEqual([
      [1, 'Cat. No. 28171E (12-12-2022)'],
      [1, 'Internal Revenue Manual 2.3.59.1.5'],
      [2, '2.3.59.1.6'],
      [2, 'Internal Revenue Manual Cat. No. 28171E (12-12-2022)'],
      [3, '2.3.59.6 Internal Revenue Manual Cat. No. 28171E (12-12-2022)'],
    ]);
  });
});

describe('notes at the foot of a band of columns, over a table set across the page (a report’s)', () => {
  /** Three columns of eight lines from 72, each ending in a small note; under them a band of one line across the page. */
  function band(markers: string[]): PlacedLine[] {
    const out: PlacedLine[] = [];
    markers.forEach((marker, column) => {
      const x = 72 + column * 170;
      const entries: [string, number][] = [
        ...Array.from({ length: 8 }, (_, k): [string, number] => [`The harbour works of column ${column} line ${k} were noted.`, BODY]),
        [`${marker} See the minute book of the harbour board for the survey.`, 8],
        ['of the works, and the engineer’s report of that spring.', 8],
      ];
      const lines = entries.map(([text, size], k) => {
        const baseline = 100 + k * ADVANCE + (k >= 8 ? 12 : 0);
        return makeLine([run(text, x, baseline, size)], baseline);
      });
      const seg: Segment = { kind: 'column', page: 1, band: 0, column, text: '', bbox: roundBox(unionBox(lines.map((l) => l.bbox))), lines };
      out.push(...lines.map((line, index) => ({ page: 1, segment: column, index, line, seg, pageHeight: 792, pageWidth: 612 })));
    });
    // Under the band, set across the page: a table's title and its note in the body's size.
    const title = makeLine([run('Table 1. Works of the harbour board by season and by pier, in thousands', 72, 300, BODY)], 300);
    const seg: Segment = { kind: 'span', page: 1, band: 1, column: null, text: '', bbox: title.bbox, lines: [title] };
    out.push({ page: 1, segment: 3, index: 0, line: title, seg, pageHeight: 792, pageWidth: 612 });
    return out;
  }

  it('are notes when the columns’ notes count up, column after column', () => {
    expect(detectFootnotes(band(['8', '9', '10']), new Set(), BODY, ADVANCE).footnotes.map((n) => n.marker)).toEqual(['8', '9', '10']);
  });

  it('are not notes when their numbers do not follow one another, or one column alone ends in one', () => {
    expect(detectFootnotes(band(['8', '3', '10']), new Set(), BODY, ADVANCE).footnotes).toEqual([]);
    expect(detectFootnotes(band(['8', '9']), new Set(), BODY, ADVANCE).footnotes).toEqual([]);
  });
});

describe('a column of small type beside the text, starting level with it (a paper’s affiliations beside its abstract)', () => {
  /** A left column of small lines from `top`, opening with markers, beside twenty lines of text from 460 to 688. */
  function sidebar(top: number): PlacedLine[] {
    const place = (entries: [string, number, number, number][], column: number, segment: number): PlacedLine[] => {
      const lines = entries.map(([text, x, baseline, size]) => makeLine([run(text, x, baseline, size)], baseline));
      const seg: Segment = { kind: 'column', page: 1, band: 0, column, text: '', bbox: roundBox(unionBox(lines.map((l) => l.bbox))), lines };
      return lines.map((line, index) => ({ page: 1, segment, index, line, seg, pageHeight: 792, pageWidth: 612 }));
    };
    const title = place([['Assessing the harbour board’s works by season', 72, 80, 16]], 0, 0);
    const side = place(
      [
        ['1 School of Engineering, Harbour College', 72, top, 8],
        ['2 Survey Institute, Pier Road', 72, top + 10, 8],
        ['Correspondence: the engineer, Harbour', 72, top + 20, 8],
        ['College, Pier Road, Harbour Town', 72, top + 30, 8],
      ],
      0,
      1,
    );
    const text = place(
      body(460)
        .slice(0, 20)
        .map(([t, , baseline]): [string, number, number, number] => [t.slice(0, 40), 250, baseline, BODY]),
      1,
      2,
    );
    return [...title, ...side, ...text];
  }

  it('is read with the page when the text beside it starts level with it and runs on far below it', () => {
    expect(detectFootnotes(sidebar(460), new Set(), BODY, ADVANCE).footnotes).toEqual([]);
  });

  it('is notes when it stands lower, level with the text’s foot', () => {
    expect(detectFootnotes(sidebar(660), new Set(), BODY, ADVANCE).footnotes.map((n) => n.marker)).toEqual(['1', '2']);
  });
});

describe('a masthead beside the title on a journal’s first page', () => {
  /** A title column and, beside it, a column opening with small lines over an author line in the body's type. */
  function first(masthead: string[]): PlacedLine[] {
    const place = (entries: [string, number, number, number][], column: number, segment: number): PlacedLine[] => {
      const lines = entries.map(([text, x, baseline, size]) => makeLine([run(text, x, baseline, size)], baseline));
      const seg: Segment = { kind: 'column', page: 1, band: 0, column, text: '', bbox: roundBox(unionBox(lines.map((l) => l.bbox))), lines };
      return lines.map((line, index) => ({ page: 1, segment, index, line, seg, pageHeight: 792, pageWidth: 612 }));
    };
    const title = place(
      [
        ['Evaluating the Harbour Board’s', 72, 80, 18],
        ['Works by Season and by Pier', 72, 102, 18],
        ['Terra Survey, Catherine Engineer,', 72, 140, BODY],
      ],
      0,
      0,
    );
    const side = place(
      [...masthead.map((t, k): [string, number, number, number] => [t, 450, 70 + 9 * k, 7]), ['and Jonathan Pier', 450, 140, BODY]],
      1,
      1,
    );
    return [...title, ...side, ...page(1, body(200)).map((l) => ({ ...l, segment: l.segment + 2 }))];
  }

  it('is taken when its short small lines name the article (its copyright line and DOI among them)', () => {
    const lines = first([
      'Harbour Studies',
      'Volume 10: 1–13',
      '© The Author(s) 2026',
      'DOI: 10.1177/24705470261442334',
      'journals.example.com/home/hs',
    ]);
    expect(texts(detectFurniture(lines, BODY, 3, ADVANCE).headers)).toEqual([
      'Harbour Studies',
      'Volume 10: 1–13',
      '© The Author(s) 2026',
      'DOI: 10.1177/24705470261442334',
      'journals.example.com/home/hs',
    ]);
  });

  it('is read with the page when one line at most names the article (a small-type note beside the title)', () => {
    const lines = first(['Harbour Studies', 'Volume 10: 1–13', 'DOI: 10.1177/24705470261442334', 'journals.example.com/home/hs']);
    expect(texts(detectFurniture(lines, BODY, 3, ADVANCE).headers)).toEqual([]);
  });
});

describe('text too small to see', () => {
  it('is lifted out as an artifact: a logo’s hidden label at a third of a point', () => {
    const lines = page(1, [['bs_bs_banner', 300, 58, 0.36], ...body(80)]);
    const { headers } = detectFurniture(lines, BODY, 3, ADVANCE);
    expect(headers.map((h) => [h.kind, h.text])).toEqual([['artifact', 'bs_bs_banner']]);
  });

  it('is left alone when the whole page is measured that small (its size is wrong, not the text invisible)', () => {
    const lines = page(
      1,
      body(80).map(([t, x, y]): [string, number, number, number] => [t, x, y, 1.5]),
    );
    expect(detectFurniture(lines, 1.5, 3, ADVANCE).headers).toEqual([]);
    const small = page(1, [
      ...body(80)
        .slice(0, 3)
        .map(([t, x, y]): [string, number, number, number] => [t, x, y, 1]),
      ...body(120).slice(0, 5),
    ]);
    expect(detectFurniture(small, BODY, 3, ADVANCE).headers.filter((h) => h.kind === 'artifact')).toEqual([]);
  });
});

describe('a licence notice closing a sidebar on a journal’s first page', () => {
  const notice = [
    '© The Author(s), 2026. Published by',
    'the Harbour Press. This is an Open',
    'Access article, distributed under the',
    'terms of the Creative Commons',
    'Attribution licence, which permits reuse.',
  ];
  /** A column at x with a few lines at its top and the given paragraph at its foot. */
  function narrowColumn(tail: string[], x: number, segment: number, width = 150): PlacedLine[] {
    const entries: [string, number][] = [
      ['Cite this article: Survey T,', 100],
      ['Engineer C (2026). Harbour works.', 110],
      ['Received: 13 August 2025', 130],
      ...tail.map((t, k): [string, number] => [t, 600 + 9 * k]),
    ];
    const lines = entries.map(([text, baseline]) => makeLine([run(text.slice(0, Math.floor(width / 3.5)), x, baseline, 7)], baseline));
    const seg: Segment = { kind: 'column', page: 1, band: 0, column: segment, text: '', bbox: roundBox(unionBox(lines.map((l) => l.bbox))), lines };
    return lines.map((line, index) => ({ page: 1, segment, index, line, seg, pageHeight: 792, pageWidth: 612 }));
  }
  /** A sidebar at x (width 150) with a few lines at its top and the given paragraph at its foot, beside the text. */
  function sidebar(tail: string[], width = 150): PlacedLine[] {
    const text = body(80).map(([t, , y]): [string, number, number] => [t, 43 + width + 20, y]);
    return [...narrowColumn(tail, 43, 0, width), ...page(1, text).map((l) => ({ ...l, segment: l.segment + 1 }))];
  }
  const footers = (lines: PlacedLine[]) => texts(detectFurniture(lines, BODY, 3, ADVANCE).footers.filter((f) => f.kind === 'page-footer'));

  it('is lifted out when it names the licence and stands apart at the sidebar’s foot', () => {
    expect(footers(sidebar(notice))).toHaveLength(5);
  });

  it('is read with the page when it names no licence (a sidebar’s last paragraph about the article)', () => {
    expect(footers(sidebar(['Keywords: harbour works;', 'breakwater; survey; piers', 'and the engineer’s report']))).toEqual([]);
  });

  it('is read with the page under a heading of its own, one of the sidebar’s titled items (a software journal’s “License”)', () => {
    const titled = [
      'License',
      'Authors of papers retain copyright',
      'and release the work under a',
      'Creative Commons Attribution 4.0',
      'International License (CC BY 4.0).',
    ];
    expect(footers(sidebar(titled))).toEqual([]);
    // The same notice with no heading over it is lifted out.
    expect(footers(sidebar(titled.slice(1)))).toHaveLength(4);
  });

  it('is read with the page when the columns beside are as narrow (a refcard’s or a folded leaflet’s panels)', () => {
    const text = ['The harbour works and the survey of the piers', 'were noted in the minute book by the engineer.'];
    const panels = (tail: string[]) => [...narrowColumn(tail, 43, 0), ...narrowColumn(text, 230, 1), ...narrowColumn(text, 420, 2)];
    expect(footers(panels(notice))).toEqual([]);
    // Beside a column 1.4 times as wide, the text, it is a sidebar's notice again.
    const wide = text.map((t) => `${t} The season's funds were spent on repairs.`);
    expect(footers([...narrowColumn(notice, 43, 0), ...narrowColumn(wide, 230, 1, 220)])).toHaveLength(5);
  });
});

describe('folios and note markers in other scripts', () => {
  it('take an Arabic-Indic page number alone at the foot', () => {
    const lines = page(1, [...body(80), ['١٢', 300, 752]], 842);
    expect(texts(detectFurniture(lines, BODY, 3, ADVANCE).footers)).toEqual(['١٢']);
  });

  it("take an abjad page number (a letter) alone at the foot of an Arabic book's front matter", () => {
    const lines = page(1, [...body(80), ['ب', 300, 780]], 842);
    expect(texts(detectFurniture(lines, BODY, 3, ADVANCE).footers)).toEqual(['ب']);
  });

  it('split notes at Persian markers, and do not take a year for a marker', () => {
    // One column: twenty lines of text, then three small lines stepped down at its foot.
    const entries: [string, number, number, number?][] = [
      ...body(80).slice(0, 20),
      ['۱۰ لاتک روی تمام سیستم‌ها وجود دارد', 72, 700, 8],
      ['۱۱ yet another previewer of the output', 72, 710, 8],
      ['2019, can be found in the docket of the case', 72, 720, 8],
    ];
    const lines = entries.map(([text, x, baseline, size = BODY]) => makeLine([run(text, x, baseline, size)], baseline));
    const seg: Segment = { kind: 'column', page: 1, band: 0, column: 0, text: '', bbox: roundBox(unionBox(lines.map((l) => l.bbox))), lines };
    const placed: PlacedLine[] = lines.map((line, index) => ({ page: 1, segment: 0, index, line, seg, pageHeight: 792, pageWidth: 612 }));
    const { footnotes } = detectFootnotes(placed, new Set(), BODY, ADVANCE);
    expect(footnotes.map((n) => n.marker)).toEqual(['۱۰', '۱۱']);
    expect(footnotes[1].text).toContain('2019, can be found');
  });
});

describe('small blocks stepped down from the text', () => {
  /** One column: twelve lines of text from `top`, then small lines stepped down below them. */
  function column(top: number, small: string[], no = 1, boldFirst = false): PlacedLine[] {
    const entries: [string, number, number, number?][] = [
      ...body(top).slice(0, 12),
      ...small.map((t, i): [string, number, number, number] => [t, 72, top + 12 * ADVANCE + 10 + i * 10, 8]),
    ];
    const lines = entries.map(([text, x, baseline, size = BODY], i) =>
      makeLine([run(text, x, baseline, size, { bold: boldFirst && i === 12 })], baseline),
    );
    const seg: Segment = { kind: 'column', page: no, band: 0, column: 0, text: '', bbox: roundBox(unionBox(lines.map((l) => l.bbox))), lines };
    return lines.map((line, index) => ({ page: no, segment: 0, index, line, seg, pageHeight: 792, pageWidth: 612 }));
  }
  const notes = [
    '1 See the minute book of the harbour board for the full text of the survey.',
    '2 The engineer reported on the breakwater in the spring of the year.',
  ];

  it('are a note on the first page when they open with "Corresponding author:", though their lines are short', () => {
    const second = column(80, [], 2);
    const note = ['Corresponding author: L. G. Bouma', 'luke@astro.princeton.edu'];
    const found = detectFootnotes([...column(520, note), ...second], new Set(), BODY, ADVANCE).footnotes;
    expect(found.map((f) => f.text)).toEqual(['Corresponding author: L. G. Bouma luke@astro.princeton.edu']);
    // Two short lines with no such opening stay the page's (a label, an address).
    const label = ['Harbour Board offices', 'luke@astro.princeton.edu'];
    expect(detectFootnotes([...column(520, label), ...second], new Set(), BODY, ADVANCE).footnotes).toEqual([]);
  });

  it('are a note on a later page too when they open with "Corresponding author:" (a report’s text opening after its cover)', () => {
    const cover = column(80, [], 1);
    const note = ['Corresponding author: Division of Overdose Prevention, CDC.', 'Email: cdcinfo@cdc.gov.'];
    const found = detectFootnotes([...cover, ...column(520, note, 2), ...column(80, [], 3)], new Set(), BODY, ADVANCE).footnotes;
    expect(found.map((f) => f.text)).toEqual(['Corresponding author: Division of Overdose Prevention, CDC. Email: cdcinfo@cdc.gov.']);
    // Lines with no such opening on that page stay its text (a note there opens with its mark, or runs on).
    const plain = ['Division of Overdose Prevention, CDC.', 'Email: cdcinfo@cdc.gov.'];
    expect(detectFootnotes([...cover, ...column(520, plain, 2), ...column(80, [], 3)], new Set(), BODY, ADVANCE).footnotes).toEqual([]);
    // Nor does a bare "Email:" there (a contact block closing a report, a form's field): it names no author.
    const contact = ['Email: info@harbour.example.org', 'Phone: 555 0100'];
    expect(detectFootnotes([...cover, ...column(520, contact, 2), ...column(80, [], 3)], new Set(), BODY, ADVANCE).footnotes).toEqual([]);
  });

  it('are notes at the foot of the page', () => {
    expect(detectFootnotes(column(520, notes), new Set(), BODY, ADVANCE).footnotes.map((n) => n.marker)).toEqual(['1', '2']);
  });

  it('are notes over the page’s foot line, a running foot in the text’s size the furniture pass left in the page', () => {
    // The notes end at 698 (column(520): twelve lines to 652, notes 674 and 684 at 8 pt); the foot stands at 760.
    const lines = column(520, notes);
    const foot = (baseline: number) => {
      const line = makeLine([run('RANKING DIGITAL RIGHTS', 443, baseline, BODY)], baseline);
      const seg: Segment = { kind: 'column', page: 1, band: 2, column: null, text: line.text, bbox: line.bbox, lines: [line] };
      return { page: 1, segment: 5, index: 0, line, seg, pageHeight: 792, pageWidth: 612 } as PlacedLine;
    };
    const wide = lines.map((l) => ({ ...l, line: { ...l.line, bbox: [l.line.bbox[0], l.line.bbox[1], 540, l.line.bbox[3]] as typeof l.line.bbox } }));
    expect(detectFootnotes([...wide, foot(760)], new Set(), BODY, ADVANCE).footnotes.map((n) => n.marker)).toEqual(['1', '2']);
    // A line of text a line's advance under them, mid-page, is text under them: they are no notes.
    expect(detectFootnotes([...wide, foot(698)], new Set(), BODY, ADVANCE).footnotes).toEqual([]);
  });

  it("are not notes right under a heading set larger than the text (a leaflet panel's numbered steps)", () => {
    const headed = column(520, notes);
    const at = headed[11]!;
    const heading = (size: number) => ({ ...at, line: makeLine([run('How to take part?', 72, at.line.baseline, size)], at.line.baseline) });
    headed[11] = heading(14);
    expect(detectFootnotes(headed, new Set(), BODY, ADVANCE).footnotes).toEqual([]);
    // The same line in the text's size is the text's last line, and the notes are notes.
    headed[11] = heading(BODY);
    expect(detectFootnotes(headed, new Set(), BODY, ADVANCE).footnotes.map((n) => n.marker)).toEqual(['1', '2']);
  });

  it('are no note when they are one of a series of numbered steps set about the page (a slide’s callouts beside a listing)', () => {
    // "2." at the foot of the column; "1." and "3." in the same size and style stand higher up, in blocks of their own.
    const step = ['2. sort the clusters in reverse by their available memory'];
    const about = (texts: string[], size = 8) =>
      page(
        1,
        texts.map((t, i): [string, number, number, number] => [t, 72, 100 + 40 * i, size]),
      ).map((l, i) => ({ ...l, segment: 10 + i }));
    const callouts = ['3. select the top cluster', '1. filter the clusters by memory'];
    expect(detectFootnotes([...column(520, step), ...about(callouts)], new Set(), BODY, ADVANCE).footnotes.map((n) => n.text)).toEqual([]);
    // Alone, or beside steps in another style (another size, a bracket for the point), it is a note.
    const marker = (lines: PlacedLine[]) => detectFootnotes(lines, new Set(), BODY, ADVANCE).footnotes.map((n) => n.marker);
    expect(marker(column(520, step))).toEqual(['2']);
    expect(marker([...column(520, step), ...about(callouts, BODY)])).toEqual(['2']);
    expect(marker([...column(520, step), ...about(['3) select the top cluster', '1) filter the clusters by memory'])])).toEqual(['2']);
  });

  it('are notes numbered on from the column beside them, level with them (a list of notes kept back is no series of steps)', () => {
    // Page 1's notes 1–4, then on page 2 notes 5–9 under the left column and 10–11 under the right one, each set as a
    // reference ("5. Smith, J. …, 1895."): 10 follows the notes beside it, not steps above it.
    const words = ['harbour', 'works', 'season', 'funds', 'repairs', 'engineer', 'drawing', 'survey', 'pier'];
    let id = 0;
    const notesUnder = (no: number, x: number, ns: number[]): PlacedLine[] => {
      const entries: [string, number, number][] = [];
      for (let k = 0; k < 40; k++)
        entries.push([`The ${words[k % 9]} and the ${words[(k * 3) % 9]} were noted in the book.`, BODY, 80 + k * ADVANCE]);
      ns.forEach((n, i) =>
        entries.push([`${n}. Smith, J. The harbour works of the eastern coast. London, ${1890 + n}.`, 8, 80 + 40 * ADVANCE + 14 + i * 10]),
      );
      const lines = entries.map(([t, size, b]) => makeLine([run(t, x, b, size)], b));
      const seg: Segment = {
        kind: 'column',
        page: no,
        band: 0,
        column: x > 300 ? 1 : 0,
        text: '',
        bbox: roundBox(unionBox(lines.map((l) => l.bbox))),
        lines,
      };
      const segment = id++;
      return lines.map((line, index) => ({ page: no, segment, index, line, seg, pageHeight: 792, pageWidth: 612 }));
    };
    const lines = [...notesUnder(1, 72, [1, 2, 3, 4]), ...notesUnder(2, 72, [5, 6, 7, 8, 9]), ...notesUnder(2, 320, [10, 11])];
    const found = detectFootnotes(lines, new Set(), BODY, ADVANCE).footnotes.map((n) => `${n.page}:${n.marker}`);
    expect(found).toEqual(expect.arrayContaining(['2:10', '2:11']));
  });

  it('are no notes when no note holds a word (a chart’s tick labels, a drawing’s reference numerals), but a citation in brackets is a note', () => {
    const marker = (small: string[]) => detectFootnotes(column(520, small), new Set(), BODY, ADVANCE).footnotes.map((n) => n.text);
    expect(marker(['0 10 20 30 40 50', '100% 75% 50% 25% 0%'])).toEqual([]);
    expect(marker(['1 [104]'])).toEqual(['[104]']);
    expect(marker(['1 [149, § 2.1].'])).toEqual(['[149, § 2.1].']);
    expect(marker(['1 (104)'])).toEqual(['(104)']);
    expect(marker(['1 104–106.'])).toEqual(['104–106.']);
    expect(marker(['1 [104]', '2 The source quoted is [149, § 2.1], which uses another symbol.'])).toEqual([
      '[104]',
      'The source quoted is [149, § 2.1], which uses another symbol.',
    ]);
  });

  it('are notes also when each note is a block of its own, the second right under the first', () => {
    const lines = column(520, notes);
    // The second note in a segment of its own (a Word memo's notes come as separate blocks).
    const seg2: Segment = { ...lines[13]!.seg, lines: [lines[13]!.line] };
    lines[13] = { ...lines[13]!, segment: 1, index: 0, seg: seg2 };
    expect(detectFootnotes(lines, new Set(), BODY, ADVANCE).footnotes.map((n) => n.marker)).toEqual(['1', '2']);
  });

  it("are not notes when they are a numbered reference list (a Nature-style paper's, with no heading)", () => {
    const refs = [
      '1. Nielsen, M. A. & Chuang, I. L. Quantum computation (Cambridge, 2010).',
      '2. Ladd, T. D. et al. Quantum computers. Nature 464, 45-53 (2010).',
      '3. Blatt, R. & Wineland, D. Entangled states of trapped ions. Nature 453,',
      '1008-1015 (2008).',
      '4. Haffner, H., Roos, C. F. & Blatt, R. Phys. Rep. 469, 155-203 (2008).',
      '5. Cirac, J. I. & Zoller, P. Phys. Rev. Lett. 74, 4091-4094 (1995).',
      '6. Monroe, C. et al. Phys. Rev. Lett. 75, 4714-4717 (1995).',
    ];
    expect(detectFootnotes(column(440, refs), new Set(), BODY, ADVANCE).footnotes).toEqual([]);
    // Numbered the same way but not bibliographic, or only a few: notes.
    const plain = Array.from({ length: 6 }, (_, i) => `${i + 1}. The engineer's remark number ${i + 1} on the works of the harbour.`);
    expect(detectFootnotes(column(440, plain), new Set(), BODY, ADVANCE).footnotes).toHaveLength(6);
    expect(detectFootnotes(column(440, refs.slice(0, 3)), new Set(), BODY, ADVANCE).footnotes).toHaveLength(3);
  });

  it('are not a section sign before a number, which heads a statute’s section (“§ 2 Komik der Kultur”)', () => {
    // On a later page (a first page's unmarked small block may be its notes).
    const page1 = column(520, [], 1).map((l) => ({ ...l, segment: 7 }));
    const section = ['§ 2 Repairs of the breakwater are the charge of the harbour board alone.'];
    expect(detectFootnotes([...page1, ...column(520, section, 2)], new Set(), BODY, ADVANCE).footnotes).toEqual([]);
    const note = ['§ The engineer reported on the breakwater in the spring of that year.'];
    expect(detectFootnotes([...page1, ...column(520, note, 2)], new Set(), BODY, ADVANCE).footnotes.map((n) => n.marker)).toEqual(['§']);
  });

  it('a first page’s unmarked small type is notes at the foot, not when it reaches up past the page’s middle (a title page’s verso)', () => {
    const notice = [
      'Although this information product, for the most part, is in the public domain, it also may contain',
      'copyrighted materials as noted in the text. Permission to reproduce copyrighted items must be secured.',
    ];
    const later = column(520, [], 2).map((l) => ({ ...l, segment: 7 }));
    // Under twelve lines from 520: the notice starts at 674, at the foot.
    expect(detectFootnotes([...column(520, notice), ...later], new Set(), BODY, ADVANCE).footnotes).toHaveLength(1);
    // Under a masthead of twelve lines from 100, notices and a citation from 254 down to the foot: above the middle.
    const verso = Array.from({ length: 30 }, (_, k) => notice[k % 2]);
    expect(detectFootnotes([...column(100, verso), ...later], new Set(), BODY, ADVANCE).footnotes).toEqual([]);
  });

  it('on a document of one page, unnumbered foot lines are its own text unless they are a notice (a flyer’s contact line)', () => {
    const contact = ['For current information about our public lecture series, call (650) 329-5000 or visit our web site.'];
    expect(detectFootnotes(column(520, contact), new Set(), BODY, ADVANCE).footnotes).toEqual([]);
    const notice = ['© 2007 The harbour board. All rights reserved; reproduced with the permission of the board.'];
    expect(detectFootnotes(column(520, notice), new Set(), BODY, ADVANCE).footnotes).toHaveLength(1);
    // The first page of a longer document: a correspondence line is a note.
    const two = [...column(520, contact), ...column(520, [], 2)];
    expect(detectFootnotes(two, new Set(), BODY, ADVANCE).footnotes).toHaveLength(1);
  });

  it('are not notes when a back matter in small type ends in a numbered reference list (a BMC paper’s)', () => {
    const back = [
      'Author details',
      '1 Department of Surgery, University of Calgary, Calgary, Canada.',
      'Received: 2 June 2009 Accepted: 6 January 2010',
      '1. Kudsk KA, Fabian TC: Silent deep vein thrombosis. J Trauma 1992, 32:2.',
      '2. Geerts WH, Code KI: A prospective study of venous thrombosis. 1994.',
      '3. Geerts WH, Heit JA: Prevention of venous thromboembolism. Chest 2004.',
      '4. Acosta JA, Yang JC: Vena cava filters in trauma. J Am Coll Surg 1998.',
      '5. O’Malley KF, Ross SE: Pulmonary embolism in trauma. J Trauma 1990.',
    ];
    expect(detectFootnotes(column(440, back), new Set(), BODY, ADVANCE).footnotes).toEqual([]);
    // A few entries among more notes, after a note: notes.
    const mixed = [
      '1 See the minute book of the harbour board for the full text.',
      ...back.slice(3),
      ...[7, 8, 9].map((n) => `${n} The engineer reported on the breakwater in the spring.`),
    ];
    expect(detectFootnotes(column(440, mixed), new Set(), BODY, ADVANCE).footnotes.length).toBeGreaterThan(0);
  });

  it('are notes under loosely led text (Chinese at 1.56 its size), stepped down by the points a note stands apart', () => {
    const loose = 15.6;
    const entries: [string, number][] = [
      ...Array.from({ length: 12 }, (_, i): [string, number] => [`The harbour works were noted in the minute book ${i}.`, 520 + i * loose]),
      ['1 See the minute book of the harbour board for the full text.', 520 + 11 * loose + 19.5],
    ];
    const lines = entries.map(([text, baseline], i) => makeLine([run(text, 72, baseline, i < 12 ? BODY : 8)], baseline));
    const seg: Segment = { kind: 'column', page: 1, band: 0, column: 0, text: '', bbox: roundBox(unionBox(lines.map((l) => l.bbox))), lines };
    const placed = lines.map((line, index) => ({ page: 1, segment: 0, index, line, seg, pageHeight: 842, pageWidth: 595 }));
    expect(detectFootnotes(placed, new Set(), BODY, loose).footnotes.map((n) => n.marker)).toEqual(['1']);
  });

  it('are notes numbered in Persian digits, under loosely led text and closer than its advance by their smaller size', () => {
    // 14 pt text 24 pt apart (a Persian thesis); notes at 10 pt, the first 20 pt under the last line of text.
    const place = (marks: [string, string], own = 12) => {
      const entries: [string, number, number][] = [
        ...Array.from({ length: 12 }, (_, i): [string, number, number] => [
          `The harbour works were noted in the minute book ${i}.`,
          400 + i * 24,
          14,
        ]),
        [`${marks[0]} http://www.example.org/harbour`, 400 + 11 * 24 + 20, 10],
        [`${marks[1]} http://www.example.org/pier/survey`, 400 + 11 * 24 + 20 + own, 10],
      ];
      const lines = entries.map(([text, baseline, size]) => makeLine([run(text, 72, baseline, size)], baseline));
      const seg: Segment = { kind: 'column', page: 1, band: 0, column: 0, text: '', bbox: roundBox(unionBox(lines.map((l) => l.bbox))), lines };
      return lines.map((line, index) => ({ page: 1, segment: 0, index, line, seg, pageHeight: 842, pageWidth: 595 }));
    };
    expect(detectFootnotes(place(['۲', '۳']), new Set(), 14, 24).footnotes.map((n) => n.marker)).toEqual(['۲', '۳']);
    expect(detectFootnotes(place(['2', '3']), new Set(), 14, 24).footnotes.map((n) => n.marker)).toEqual(['2', '3']);
    // Not counting up, and led nearly as loosely as the text, the same lines are no notes so close under it.
    expect(detectFootnotes(place(['۲', '۵'], 20), new Set(), 14, 24).footnotes).toEqual([]);
  });

  describe('stepped down by less than a text line and its extra space', () => {
    /** Twelve lines of 10 pt text `lead` apart, then notes (text, size) from `step` under the last, `own` apart. */
    const place = (lead: number, step: number, notes: [string, number][], own: number) => {
      const entries: [string, number, number][] = [
        ...Array.from({ length: 12 }, (_, i): [string, number, number] => [
          `The harbour works were noted in the minute book ${i}.`,
          500 + i * lead,
          BODY,
        ]),
        ...notes.map(([text, size], k): [string, number, number] => [text, 500 + 11 * lead + step + k * own, size]),
      ];
      const lines = entries.map(([text, baseline, size]) => makeLine([run(text, 72, baseline, size)], baseline));
      const seg: Segment = { kind: 'column', page: 1, band: 0, column: 0, text: '', bbox: roundBox(unionBox(lines.map((l) => l.bbox))), lines };
      const placed = lines.map((line, index) => ({ page: 1, segment: 0, index, line, seg, pageHeight: 842, pageWidth: 595 }));
      return detectFootnotes(placed, new Set(), BODY, lead).footnotes.map((n) => n.marker);
    };
    it('are notes under loosely led text when they stand apart by half as much again as their own leading', () => {
      const notes: [string, number][] = [
        ['* Much of this article was written by the engineer of the harbour board.', 8],
        ['1 This version should be released very soon.', 8],
      ];
      // Text led 16.25 (a contents list), the notes 15.5 under it and 9.5 apart.
      expect(place(16.25, 15.5, notes, 9.5)).toEqual(['*', '1']);
      // Led nearly as loosely as the text, they are no notes so close under it.
      expect(place(16.25, 15.5, notes, 13)).toEqual([]);
    });
  });

  it('are notes under numbers raised between parentheses (the Official Journal’s "(1)")', () => {
    const notes = (raised: boolean) => {
      const texts = ['EUT C 155, 30.4.2021, s. 58.', 'EUT C 175, 7.5.2021, s. 32.'];
      const lines = [
        ...body(420)
          .slice(0, 12)
          .map(([text, x, baseline]) => makeLine([run(text, x, baseline, BODY)], baseline)),
        ...texts.map((text, k) => {
          const y = 420 + 11 * ADVANCE + 20 + k * 9.5;
          const digit = run(`${k + 1}`, 74.2, raised ? y - 2.8 : y, raised ? 4.9 : 8.5);
          return makeLine([run('(', 72, y, 8.5), digit, run(')', digit.x1, y, 8.5), run(text, 89, y, 8.5)], y);
        }),
      ];
      const seg: Segment = { kind: 'column', page: 1, band: 0, column: 0, text: '', bbox: roundBox(unionBox(lines.map((l) => l.bbox))), lines };
      const placed = lines.map((line, index) => ({ page: 1, segment: 0, index, line, seg, pageHeight: 842, pageWidth: 595 }));
      return detectFootnotes(placed, new Set(), BODY, ADVANCE).footnotes.map((n) => [n.marker, n.text]);
    };
    expect(notes(true)).toEqual([
      ['1', 'EUT C 155, 30.4.2021, s. 58.'],
      ['2', 'EUT C 175, 7.5.2021, s. 32.'],
    ]);
    // On the line, they are notes too when set across the text's measure at its foot ("(1) 网址：…", a Chinese book's).
    expect(notes(false).map(([m]) => m)).toEqual(['1', '2']);
  });

  it('are not notes under "(202) 512-3841", an area code in parentheses', () => {
    const phone = column(520, ['(202) 512-3841 or engineer@harbour.example.org for the survey of the pier.']);
    expect(detectFootnotes(phone, new Set(), BODY, ADVANCE).footnotes.map((n) => n.marker)).not.toContain('202');
  });

  it('are notes when they number on from the page before’s, set only a little smaller than the text', () => {
    const first = page(1, [...body(300), ['1 See the minute book of the harbour board for the full text.', 72, 300 + 29 * ADVANCE + 20, 8]]);
    const second = (size: number) =>
      page(2, [
        ...body(300, 1),
        ['2 The engineer reported on the breakwater in the spring of the year.', 72, 300 + 29 * ADVANCE + 20, size],
        ['3 The funds for the repairs of the pier were voted in the autumn.', 72, 300 + 29 * ADVANCE + 30, size],
      ]);
    const inOne = (lines: PlacedLine[]) => {
      const seg: Segment = { ...lines[0]!.seg, bbox: roundBox(unionBox(lines.map((l) => l.line.bbox))), lines: lines.map((l) => l.line) };
      return lines.map((l, index) => ({ ...l, segment: l.page === 1 ? 0 : 1, index, seg }));
    };
    const notes = (size: number) => detectFootnotes([...inOne(first), ...inOne(second(size))], new Set(), BODY, ADVANCE).footnotes;
    expect(notes(9.3).map((n) => [n.page, n.marker])).toEqual([
      [1, '1'],
      [2, '2'],
      [2, '3'],
    ]);
    // In the text's size they are the text's.
    expect(notes(BODY).map((n) => [n.page, n.marker])).toEqual([[1, '1']]);
  });

  it('are notes marked with the asterisk operator, and a marker set apart on its own line is not text above them', () => {
    expect(detectFootnotes(column(520, ['∗ See the minute book of the harbour board.']), new Set(), BODY, ADVANCE).footnotes[0]?.marker).toBe('∗');
    // "∗" set apart from its note, then a "†" note under it: the step is measured from the text, not from the "∗".
    const lines = column(520, ['∗', '† The engineer reported on the breakwater in the spring.']);
    const seg2: Segment = { ...lines[13]!.seg, lines: [lines[13]!.line] };
    lines[13] = { ...lines[13]!, segment: 1, index: 0, seg: seg2 };
    expect(detectFootnotes(lines, new Set(), BODY, ADVANCE).footnotes.map((n) => n.marker)).toEqual(['†']);
  });

  describe('at the body line advance, with no extra space (a report set in Word)', () => {
    /** Twelve body lines, then 6 pt lines at one body advance below the last and after one another. */
    function tight(small: string[], size = 6): PlacedLine[] {
      const lines = [...body(520).slice(0, 12), ...small.map((t, i): [string, number, number] => [t, 72, 520 + (12 + i) * ADVANCE])].map(
        ([text, x, baseline], i) => makeLine([run(text, x, baseline, i < 12 ? BODY : size)], baseline),
      );
      const seg: Segment = { kind: 'column', page: 1, band: 0, column: 0, text: '', bbox: roundBox(unionBox(lines.map((l) => l.bbox))), lines };
      return lines.map((line, index) => ({ page: 1, segment: 0, index, line, seg, pageHeight: 792, pageWidth: 612 }));
    }
    const counted = ['1 See the minute book of the harbour board.', '2 The engineer reported in the spring.', '3 The funds were voted late.'];

    it('are notes when they count up one by one and are set much smaller than the body', () => {
      expect(detectFootnotes(tight(counted), new Set(), BODY, ADVANCE).footnotes.map((n) => n.marker)).toEqual(['1', '2', '3']);
    });
    it('are notes when their reference symbols count up in LaTeX’s order (∗ † ‡), and not when the symbols skip', () => {
      const symbols = ['∗ See the minute book of the harbour board.', '† The engineer reported in the spring.', '‡ The funds were voted late.'];
      expect(detectFootnotes(tight(symbols), new Set(), BODY, ADVANCE).footnotes.map((n) => n.marker)).toEqual(['∗', '†', '‡']);
      expect(detectFootnotes(tight([symbols[0]!, symbols[2]!]), new Set(), BODY, ADVANCE).footnotes).toEqual([]);
    });
    it('are not notes when their numbers do not count up, or when they are set near the body size', () => {
      const skipping = [counted[0]!, counted[2]!];
      expect(detectFootnotes(tight(skipping), new Set(), BODY, ADVANCE).footnotes).toEqual([]);
      expect(detectFootnotes(tight(counted, 8), new Set(), BODY, ADVANCE).footnotes).toEqual([]);
      expect(detectFootnotes(tight([counted[0]!]), new Set(), BODY, ADVANCE).footnotes).toEqual([]);
    });
    it('take notes that number on from the page before’s, after the end of its last note run over, however close', () => {
      const page1 = column(520, notes);
      const page2 = tight(['of the harbour board, as the engineer wrote.', '3 The funds were voted late.', '4 The pier was finished in May.'], 8).map(
        (l) => ({
          ...l,
          page: 2,
          segment: 5,
          seg: { ...l.seg, page: 2 },
        }),
      );
      const found = detectFootnotes([...page1, ...page2], new Set(), BODY, ADVANCE).footnotes;
      expect(found.map((n) => n.marker)).toEqual(['1', '2', null, '3', '4']);
      // Numbered on from nothing, the same lines at the body's advance are text.
      expect(detectFootnotes(page2, new Set(), BODY, ADVANCE).footnotes).toEqual([]);
      // The run-over end and a single next note are two notes too.
      const single = page2.slice(0, -1);
      expect(detectFootnotes([...page1, ...single], new Set(), BODY, ADVANCE).footnotes.map((n) => n.marker)).toEqual(['1', '2', null, '3']);
    });
    it('take a last note in a block of its own when it numbers on from the notes just found on the page', () => {
      const lines = tight(counted);
      const seg2: Segment = { ...lines[14]!.seg, lines: [lines[14]!.line] };
      lines[14] = { ...lines[14]!, segment: 1, index: 0, seg: seg2 };
      expect(detectFootnotes(lines, new Set(), BODY, ADVANCE).footnotes.map((n) => n.marker)).toEqual(['1', '2', '3']);
    });
  });

  it('are not notes when they are items of an outline-numbered list ("5.1: …" in a figure)', () => {
    const items = [
      '5.1: Build coalitions to counter threats to the harbour works and the pier',
      '5.2: Strengthen the partners of the board in the survey of the breakwater',
      '5.3: Expand the ability of the engineer to assist the partners of the board',
    ];
    expect(detectFootnotes(column(520, items), new Set(), BODY, ADVANCE).footnotes).toEqual([]);
  });

  it('are not notes when they are a chart\'s percentages ("48%")', () => {
    expect(detectFootnotes(column(520, ['48%', '14%']), new Set(), BODY, ADVANCE).footnotes.filter((n) => n.marker)).toEqual([]);
  });

  describe('with no marker', () => {
    const prose = [
      'The board met in the spring and the engineer reported on the state of the pier',
      'and on the funds that the season had left for the repairs of the breakwater.',
    ];
    // A document of two pages: the other page holds text only (on a document of one page, see below, foot lines
    // are notes only when they are a notice).
    const longer = (lines: PlacedLine[], other = lines[0]!.page === 1 ? 2 : 1) => [
      ...lines,
      ...column(520, [], other).map((l) => ({ ...l, segment: 7 })),
    ];
    it("are a first page's unnumbered notes (a correspondence line, a copyright notice)", () => {
      expect(detectFootnotes(longer(column(520, prose)), new Set(), BODY, ADVANCE).footnotes).toHaveLength(1);
    });
    it("stay in the flow when a bold title heads them (a chart's title over its note), however long the title", () => {
      const chart = [
        'Budget Authority for Renewable, Fossil, and Nuclear R&D, Fiscal Years 1978-2005',
        'Note: Budget authority is in real terms, adjusted to fiscal year 2005 dollars to account for inflation.',
      ];
      expect(detectFootnotes(longer(column(520, chart, 1, true)), new Set(), BODY, ADVANCE).footnotes).toEqual([]);
      // Unbolded, the same two lines at a first page's foot are its unnumbered notes.
      expect(detectFootnotes(longer(column(520, chart)), new Set(), BODY, ADVANCE).footnotes).toHaveLength(1);
    });
    it("stay in the flow when they are a table's source and notes lines ('Source: …', 'Notes: …')", () => {
      const table = [
        'Source: DOI, Fiscal Year 2027: The Interior Budget in Brief, p. FWS-3.',
        'Notes: Columns may not sum to totals shown due to rounding. Figures do not include',
        'supplemental or mandatory appropriations.',
      ];
      // Under a table's caption (its rows read as the lines above).
      const captioned = (lines: PlacedLine[]) =>
        lines.map((l, k) =>
          k === 2 ? { ...l, line: makeLine([run('Table 1. Funding by account', 72, l.line.baseline, BODY)], l.line.baseline) } : l,
        );
      expect(detectFootnotes(longer(captioned(column(520, table))), new Set(), BODY, ADVANCE).footnotes).toEqual([]);
      // Without their labels, the same lines at a first page's foot are its unnumbered notes.
      const bare = table.map((t) => t.replace(/^\w+: /, ''));
      expect(detectFootnotes(longer(captioned(column(520, bare))), new Set(), BODY, ADVANCE).footnotes).toHaveLength(1);
      // With no table or caption above, "Note: An earlier version …" at a first page's foot is its note.
      expect(detectFootnotes(longer(column(520, table)), new Set(), BODY, ADVANCE).footnotes).toHaveLength(1);
    });
    it('stay in the flow right under a bold heading: the section’s first paragraph, not notes', () => {
      const headed = longer(column(520, prose));
      const at = headed[11]!;
      headed[11] = { ...at, line: makeLine([run('Survey of the pier', 72, at.line.baseline, BODY, { bold: true })], at.line.baseline) };
      expect(detectFootnotes(headed, new Set(), BODY, ADVANCE).footnotes).toEqual([]);
      // The same heading set plain is the last line of the text above them.
      headed[11] = { ...at, line: makeLine([run('Survey of the pier', 72, at.line.baseline, BODY)], at.line.baseline) };
      expect(detectFootnotes(headed, new Set(), BODY, ADVANCE).footnotes).toHaveLength(1);
    });
    it('stay in the flow when they break off mid-sentence and go on at the top of the next page in their size (an aside)', () => {
      const aside = [
        '(The board met in the spring and the engineer reported on the state of the',
        'pier and on the funds that the season had left for the',
      ];
      const page1 = column(520, aside);
      const page2 = column(60, [], 2).map((l) => ({ ...l, segment: 7 }));
      const top = (text: string): PlacedLine => ({ ...page2[0]!, index: -1, line: makeLine([run(text, 72, 40, 8)], 40) });
      expect(detectFootnotes([...page1, top('repairs of the breakwater.)'), ...page2], new Set(), BODY, ADVANCE).footnotes).toEqual([]);
      // The next page opening a sentence of its own, or in the body's size, leaves them a first page's notes.
      expect(detectFootnotes([...page1, top('Repairs of the breakwater.'), ...page2], new Set(), BODY, ADVANCE).footnotes).toHaveLength(1);
      expect(detectFootnotes([...page1, ...page2], new Set(), BODY, ADVANCE).footnotes).toHaveLength(1);
    });
    it('do not take a telephone number or a range at a line\'s start for a note\'s number ("202-512-3841 or …")', () => {
      const contact = ['For more information, contact the engineer of the harbour board at', '202-512-3841 or engineer@harbour.example.org.'];
      const found = detectFootnotes(longer(column(520, contact)), new Set(), BODY, ADVANCE).footnotes;
      expect(found.map((n) => n.marker)).toEqual([null]);
    });
    it('stay in the flow at the foot of a sidebar of running text much narrower than the text column (a GAO Highlights page)', () => {
      const place = (entries: [string, number, number, number][], segment: number, x1: number): PlacedLine[] => {
        const lines = entries.map(([text, x, baseline, size]) => makeLine([run(text, x, baseline, size)], baseline));
        const seg: Segment = { kind: 'column', page: 1, band: 0, column: segment, text: '', bbox: [entries[0]![1], 60, x1, 760], lines };
        return lines.map((line, index) => ({ page: 1, segment, index, line, seg, pageHeight: 792, pageWidth: 612 }));
      };
      const words = (k: number) => `The engineer reported on the pier and the funds line ${k}.`;
      const sidebar = (foot: string[]) =>
        place(
          [
            ...Array.from({ length: 40 }, (_, k): [string, number, number, number] => [words(k).slice(0, 30), 45, 100 + k * 14, 10]),
            ...foot.map((t, k): [string, number, number, number] => [t, 45, 700 + k * 9, 8]),
          ],
          0,
          200,
        );
      const main = place(
        Array.from({ length: 45 }, (_, k): [string, number, number, number] => [words(k), 227, 100 + k * 14, 10.5]),
        1,
        579,
      );
      const contact = ['To view the full product, including the', 'scope, click on the link above. For more', 'information, contact the engineer.'];
      expect(detectFootnotes(longer([...sidebar(contact), ...main]), new Set(), 10.5, 14).footnotes).toEqual([]);
    });
    it("stay in the flow when they are a bulleted list (a first page's 'Strengths and limitations' box)", () => {
      const box = [
        '▪ We describe the feasibility and pilot testing of an intervention prior to a fully powered trial.',
        '▪ It is important to publish feasibility and pilot research, as often it is not properly used.',
      ];
      expect(detectFootnotes(longer(column(520, box)), new Set(), BODY, ADVANCE).footnotes).toEqual([]);
    });
    it('stay in the flow on a later page, unless they run on from a note left unfinished the page before', () => {
      expect(detectFootnotes(longer(column(520, prose, 2)), new Set(), BODY, ADVANCE).footnotes).toEqual([]);
      const unfinished = ['1 See the minute book of the harbour board, where the engineer wrote that the'];
      const both = [...column(520, unfinished, 1), ...column(520, prose, 2).map((l) => ({ ...l, segment: 1 }))];
      expect(detectFootnotes(both, new Set(), BODY, ADVANCE).footnotes.map((n) => n.page)).toEqual([1, 2]);
      // After a first page's unmarked lines left without a stop (a card's legend), a paragraph opening a sentence of
      // its own is new text (the card's colophon); a numbered note's rest may open with a name or a noun (above).
      const legend = ['[ ] surround optional arguments of the harbour board commands ... show one or more arguments'];
      const opened = [...column(520, legend, 1), ...column(520, prose, 2).map((l) => ({ ...l, segment: 1 }))];
      expect(detectFootnotes(opened, new Set(), BODY, ADVANCE).footnotes.map((n) => n.page)).toEqual([1]);
      const lower = ['continued from the page before: the engineer reported on the pier', ...prose];
      expect(detectFootnotes(longer(column(520, lower, 2)), new Set(), BODY, ADVANCE).footnotes).toHaveLength(1);
      // Nor is a web address (a slide's source link at its foot).
      const link = ['https://openssf.org/blog/2023/06/22/psf-welcomes-new-security-developer-in-residence/'];
      expect(detectFootnotes(longer(column(520, link, 2)), new Set(), BODY, ADVANCE).footnotes).toEqual([]);
      // A name set in small letters is no sentence's middle ("cFE 3.3 – Build Verification Testing", a list's entry).
      const named = [
        'cFE 3.3 – Build Verification Testing completed 9/2006 by the engineer',
        'cFE 4.0.0 – Regression Testing completed 12/2006 by the engineer',
      ];
      expect(detectFootnotes(longer(column(520, named, 2)), new Set(), BODY, ADVANCE).footnotes).toEqual([]);
    });
    it("stay in the flow when they are a label's few words stacked in a narrow box (a QR code's)", () => {
      // The small lines in a segment of their own, as a box beside the text comes.
      const apart = (lines: PlacedLine[]) => {
        const own = lines.slice(12);
        const seg: Segment = { ...own[0]!.seg, bbox: roundBox(unionBox(own.map((l) => l.line.bbox))), lines: own.map((l) => l.line) };
        return [...lines.slice(0, 12), ...own.map((l, index) => ({ ...l, segment: 1, index, seg }))];
      };
      expect(detectFootnotes(longer(apart(column(520, ['Scan to visit', 'our website']))), new Set(), BODY, ADVANCE).footnotes).toEqual([]);
      // One short line may be the end of a note that wrapped into a segment of its own.
      expect(detectFootnotes(longer(apart(column(520, ['K.R.Acharya@bath.ac.uk).']))), new Set(), BODY, ADVANCE).footnotes).toHaveLength(1);
    });
    it('stay in the flow when they open with a heading line of their own (a closing box)', () => {
      expect(detectFootnotes(longer(column(520, ['About the board', ...prose], 1, true)), new Set(), BODY, ADVANCE).footnotes).toEqual([]);
    });
  });

  it("are notes when they stand in a narrow column in the outer margin, beside the text (a Tufte-style book's)", () => {
    // The text column in body type on the left; in the margin on the right, small numbered notes level with their calls.
    const text = body(100).slice(0, 20);
    const lines = [...text.map(([t, x, y]) => makeLine([run(t, x, y)], y))];
    const textSeg: Segment = { kind: 'column', page: 1, band: 0, column: 0, text: '', bbox: roundBox(unionBox(lines.map((l) => l.bbox))), lines };
    const noteLines = [
      makeLine([run('14 Rogers, A. (2017). The dismal', 430, 150, 8)], 150),
      makeLine([run('science remains dismal. Wired', 430, 160, 8)], 160),
      makeLine([run('15 Ioannidis, J. P. (2017). The power', 430, 230, 8)], 230),
      makeLine([run('of bias in economics research.', 430, 240, 8)], 240),
    ];
    const noteSeg: Segment = {
      kind: 'column',
      page: 1,
      band: 0,
      column: 1,
      text: '',
      bbox: roundBox(unionBox(noteLines.map((l) => l.bbox))),
      lines: noteLines,
    };
    const placed: PlacedLine[] = [
      ...lines.map((line, index) => ({ page: 1, segment: 0, index, line, seg: textSeg, pageHeight: 792, pageWidth: 612 })),
      ...noteLines.map((line, index) => ({ page: 1, segment: 1, index, line, seg: noteSeg, pageHeight: 792, pageWidth: 612 })),
    ];
    const { footnotes } = detectFootnotes(placed, new Set(), BODY, ADVANCE);
    expect(footnotes.map((n) => [n.marker, n.text])).toEqual([
      ['14', 'Rogers, A. (2017). The dismal science remains dismal. Wired'],
      ['15', 'Ioannidis, J. P. (2017). The power of bias in economics research.'],
    ]);
    // The same small column in body type, or without a marker at its head, is text.
    const unnumbered = noteLines.map((l) => makeLine([run(l.text.replace(/^\d+ /, ''), 430, l.baseline, 8)], l.baseline));
    const plainSeg: Segment = { ...noteSeg, lines: unnumbered };
    const plain = [
      ...placed.slice(0, 20),
      ...unnumbered.map((line, index) => ({ page: 1, segment: 1, index, line, seg: plainSeg, pageHeight: 792, pageWidth: 612 })),
    ];
    expect(detectFootnotes(plain, new Set(), BODY, ADVANCE).footnotes).toEqual([]);
    // One block under a symbol (an author's biography under "*Correspondence:" in a paper's margin column) is a
    // sidebar: numbered notes, or several, make side notes.
    const bio = ['*Correspondence:', 'Zsófia Virányi received her Ph.D.', 'on ethology in Budapest and holds', 'a senior position in Vienna.'].map(
      (t, k) => makeLine([run(t, 430, 150 + 10 * k, 8)], 150 + 10 * k),
    );
    const bioSeg: Segment = { ...noteSeg, lines: bio };
    const sidebar = [
      ...placed.slice(0, 20),
      ...bio.map((line, index) => ({ page: 1, segment: 1, index, line, seg: bioSeg, pageHeight: 792, pageWidth: 612 })),
    ];
    expect(detectFootnotes(sidebar, new Set(), BODY, ADVANCE).footnotes).toEqual([]);
    // Numbered affiliations over a bold heading of their column ("Correspondence" over an address) are a paper's
    // front matter set beside the abstract, not notes.
    const front = [
      ...noteLines.slice(0, 2),
      makeLine([run('Correspondence', 430, 180, 8, { bold: true })], 180),
      makeLine([run('Amy E. Mayer, Kingston, USA', 430, 190, 8)], 190),
      ...noteLines.slice(2),
    ];
    const frontSeg: Segment = { ...noteSeg, lines: front };
    const affiliations = [
      ...placed.slice(0, 20),
      ...front.map((line, index) => ({ page: 1, segment: 1, index, line, seg: frontSeg, pageHeight: 792, pageWidth: 612 })),
    ];
    expect(detectFootnotes(affiliations, new Set(), BODY, ADVANCE).footnotes).toEqual([]);
    // Beside one line of body type (a slide's bullet over a listing), numbered steps in the margin are callouts, the
    // slide's text: side notes annotate a column of text.
    const callouts = [placed[0]!, ...placed.slice(20)];
    expect(detectFootnotes(callouts, new Set(), BODY, ADVANCE).footnotes).toEqual([]);
    // Two lines of text (a chapter's opening sentence under its heading) have their note beside them.
    expect(detectFootnotes([...placed.slice(0, 2), ...placed.slice(20)], new Set(), BODY, ADVANCE).footnotes).toHaveLength(2);
  });

  it('are not notes when they are a reference list numbered in brackets ("[7] H. W. Fan, Optics Letters 24 (1999)")', () => {
    const refs = [
      '409 (2006).',
      '[7] H. W. Xudong Fan, S. Lacey, Optics Letters 24, 771 (1999).',
      '[8] X. Fan, S. Lacey, and H. Wang, Optics Letters 24, 771 (1999).',
      '[9] J. Zhang, Y. Li, and W. Xie, Journal of Physics D 48,',
      '245 (2015).',
      '[10] L. Novotny and B. Hecht, Principles of Nano-Optics (2006).',
      '[11] A. J. Leggett, Rev. Mod. Phys. 73, 307 (2001).',
    ];
    expect(detectFootnotes(column(440, refs), new Set(), BODY, ADVANCE).footnotes).toEqual([]);
  });

  it('are notes when their numbers are raised, though each cites its authors and year (a report’s source notes)', () => {
    // A CRS report's notes 17 to 20: "¹⁷Charlyn Ho, “One Year After the Merge…”, Forbes, October 11, 2023, https://…".
    const cites = [
      ['17', 'Charlyn Ho, “One Year After the Merge,” Forbes Digital Assets, October 11, 2023.'],
      ['18', 'Brian Curran, “What Is Proof of Authority Consensus?” Blockonomi, July 5, 2018.'],
      ['19', 'Binance Academy, “Proof of Authority Explained,” August 13, 2023.'],
      ['20', 'Joseph Young, “Proof-of-Work vs Proof-of-Stake,” Coinfox, September 14, 2016.'],
      ['21', 'For more detail, see CRS Report R45440, International Approaches to Digital Currencies.'],
    ];
    const entries = [
      ...body(440)
        .slice(0, 20)
        .map(([text, x, b]) => makeLine([run(text, x, b)], b)),
      ...cites.map(([n, text], k) => {
        const b = 700 + k * 10;
        return makeLine([run(n, 72, b - 3, 5), run(text, 78, b, 8)], b);
      }),
    ];
    const seg: Segment = {
      kind: 'column',
      page: 2,
      band: 0,
      column: 0,
      text: '',
      bbox: roundBox(unionBox(entries.map((l) => l.bbox))),
      lines: entries,
    };
    const placed: PlacedLine[] = entries.map((line, index) => ({ page: 2, segment: 0, index, line, seg, pageHeight: 792, pageWidth: 612 }));
    const found = detectFootnotes(placed, new Set(), BODY, ADVANCE).footnotes;
    expect(found.map((f) => f.marker)).toEqual(['17', '18', '19', '20', '21']);
    // The same raised numbers from one: a physics bibliography under the text's rule ("¹W. A. MacFarlane, …"), text.
    const bibliography = placed.map((l, i) => {
      const k = i - 20;
      if (k < 0) return l;
      const b = l.line.baseline;
      const line = makeLine([run(String(k + 1), 72, b - 3, 5), run(cites[k][1], 78, b, 8)], b);
      return { ...l, line };
    });
    expect(detectFootnotes(bibliography.slice(0, 24), new Set(), BODY, ADVANCE).footnotes).toEqual([]);
    // Entries 17 on, going on from entry 16 raised on the page before (a page of references alone): the list's.
    const before = makeLine([run('16', 72, 97, 5), run('A. B. Author, Harbour Works Journal 12, 1 (2019).', 78, 100, 8)], 100);
    const beforeSeg: Segment = { kind: 'column', page: 1, band: 0, column: 0, text: '', bbox: before.bbox, lines: [before] };
    const pageBefore: PlacedLine = { page: 1, segment: 0, index: 0, line: before, seg: beforeSeg, pageHeight: 792, pageWidth: 612 };
    const going = placed.slice(0, 24);
    expect(detectFootnotes([pageBefore, ...going], new Set(), BODY, ADVANCE).footnotes).toEqual([]);
  });

  it('are not notes when they are a reference list numbered without stops, each entry opening with its authors', () => {
    // A REVTeX bibliography's second column under the text's rule: entries 4 to 7, "4" set apart from its authors.
    const refs = [
      '4 F. L. Pratt, “WIMDA: a muon data analysis program for',
      'the Windows PC,” Phys. B Condens. Matter 289-290, 710–',
      '714 (2000).',
      '5 O. Arnold, J. C. Bilheux, and J. Zikovsky, “Mantid,” Nucl.',
      'Instrum. Methods Phys. Res. Sect. A 764, 156–166 (2014).',
      '6 A. Suter and B.M. Wojek, “Musrfit,” Phys. Procedia 30 (2012).',
      '7 Hassan Saadaoui, “BnmrOffice,” in JPS Conf. Proc. (2018).',
    ];
    expect(detectFootnotes(column(440, refs), new Set(), BODY, ADVANCE).footnotes).toEqual([]);
    // An author's note under a symbol atop the list is a note still; the entries under it stay text.
    const withNote = ['∗ fujimoto@phas.ubc.ca', ...refs];
    expect(detectFootnotes(column(420, withNote), new Set(), BODY, ADVANCE).footnotes.map((f) => [f.marker, f.text])).toEqual([
      ['∗', 'fujimoto@phas.ubc.ca'],
    ]);
    // Notes numbered the same way that do not name authors are notes; a line opening with a number that does not
    // follow the note before, after a line broken off at a dash, goes on with that note.
    const notes = [
      '1 The data were collected in 2019 at two sites,',
      'see the methods section 3–',
      '14 for the protocol.',
      '2 Available on request.',
    ];
    const found = detectFootnotes(column(700, notes), new Set(), BODY, ADVANCE).footnotes;
    expect(found.map((f) => f.marker)).toEqual(['1', '2']);
    expect(found[0].text).toContain('3– 14 for the protocol.');
  });

  it('are not notes when a line opens with an ordinal ("18th July 2025", a slide’s date above its links)', () => {
    const slide = ['18th July 2025, EuroPython 2025', 'Slides available at https://github.com/Aiven-Labs/the-5-types', 'https://aiven.io/tibs'];
    expect(detectFootnotes(column(700, slide), new Set(), BODY, ADVANCE).footnotes).toEqual([]);
  });

  it("are not notes high on the page (a form's labels, a figure's)", () => {
    expect(detectFootnotes(column(80, notes), new Set(), BODY, ADVANCE).footnotes).toEqual([]);
  });
});

describe('a watermark', () => {
  it('is furniture: a word of rotated text set many times the body size across the page, not a sideways caption', () => {
    const lines = page(1, body(80));
    const rotated = (text: string, size: number, x: number): PlacedLine => {
      const line = makeLine([run(text, x, 500, size, { angle: 45 })], 500);
      const seg: Segment = { kind: 'rotated', page: 1, band: 0, column: null, text, bbox: roundBox(line.bbox), lines: [line] };
      return { page: 1, segment: 99, index: 0, line, seg, pageHeight: 792, pageWidth: 612 };
    };
    const { headers, footers } = detectFurniture(
      [...lines, rotated('DRAFT', 150, 90), rotated('Figure 2 axis: time in seconds', 9, 300)],
      BODY,
      3,
      ADVANCE,
    );
    const all = [...headers, ...footers];
    expect(all.filter((f) => f.kind === 'watermark').map((f) => f.text)).toEqual(['DRAFT']);
    expect(all.some((f) => f.text.startsWith('Figure 2'))).toBe(false);
  });
});

describe('a repeated panel beside the text', () => {
  // A discussion paper's navigation panel: the same four lines at the same heights beside every page's text.
  const panel = (no: number, last = 'W. A. Cooper et al.'): PlacedLine[] =>
    ['AMTD', '7, 1–46, 2014', 'Calibrations with a laser sensor', last].map((text, index) => {
      const baseline = 300 + 14 * index;
      const line: Line = makeLine([run(text, 490, baseline, 9)], baseline);
      const seg: Segment = { kind: 'column', page: no, band: 0, column: 1, text, bbox: roundBox(unionBox([line.bbox])), lines: [line] };
      return { page: no, segment: 99, index, line, seg, pageHeight: 792, pageWidth: 612 };
    });
  it('is furniture when every line of it repeats at its height on the other pages', () => {
    const lines = [1, 2, 3].flatMap((no) => [...page(no, body(80, no)), ...panel(no)]);
    expect(detectFurniture(lines, BODY, 3, ADVANCE).headers.filter((h) => h.text === 'Calibrations with a laser sensor')).toHaveLength(3);
  });
  it('stays in the flow on a page where one of its lines is its own', () => {
    const lines = [
      ...[1, 2].flatMap((no) => [...page(no, body(80, no)), ...panel(no)]),
      ...page(3, body(80, 3)),
      ...panel(3, 'A note of this page only'),
    ];
    const headers = detectFurniture(lines, BODY, 3, ADVANCE).headers;
    const panelLines = ['AMTD', '7, 1–46, 2014', 'Calibrations with a laser sensor', 'W. A. Cooper et al.', 'A note of this page only'];
    expect(headers.filter((h) => h.page === 3 && panelLines.includes(h.text))).toEqual([]);
    expect(headers.filter((h) => h.page === 1 && panelLines.includes(h.text))).toHaveLength(4);
  });
});

describe('a notice at the foot of a column', () => {
  it('is furniture in small type set close under the page’s one column, a normal advance’s space above its type', () => {
    // 10 pt text at 13 pt advance down to 728; a four-line licence box in 7 pt from 744.5 (16.5 pt below: 1.27
    // advances, but 9.5 pt of space above the small type's top).
    const text = Array.from(
      { length: 30 },
      (_, k) => [`The harbour works line ${k} were noted in the minute book.`, 72, 351 + 13 * k, 10] as [string, number, number, number],
    );
    const notice: [string, number, number, number][] = [
      ['© Thorsten Altenkirch and Philip Wadler;', 134, 744.5, 7],
      ['licensed under Creative Commons License CC-BY 4.0', 134, 752.5, 7],
      ['Leibniz International Proceedings in Informatics', 158, 760.5, 7],
    ];
    const lines = page(1, [...text, ...notice]).map((l) => ({ ...l, segment: 0 }));
    const seg = { ...lines[0].seg, kind: 'span' as const };
    const one = lines.map((l) => ({ ...l, seg }));
    expect(texts(detectFurniture(one, BODY, 3, 13).footers)).toEqual(notice.map((n) => n[0]));
  });

  it('is furniture when it names the publication (ISBN, DOI) in small type a step below the text; a small paragraph is not', () => {
    const text = page(1, body(80));
    const foot = (entries: [string, number, number, number?][]) => page(1, entries).map((l) => ({ ...l, seg: text[0].seg, segment: 0 }));
    const seg = text[0].seg;
    const notice = foot([
      ['2025. ACM ISBN 978-x-xxxx-xxxx-x/YY/MM', 72, 700, 7],
      ['https://doi.org/10.1145/nnnnnnn.nnnnnnn', 72, 708, 7],
    ]);
    const all = [...text, ...notice].map((l) => ({ ...l, seg }));
    const { footers } = detectFurniture(all, BODY, 3, ADVANCE);
    expect(footers.map((f) => f.kind)).toEqual(['page-footer', 'page-footer']);
    const plain = foot([['A closing remark set small at the foot, with no notice in it.', 72, 700, 7]]).map((l) => ({ ...l, seg }));
    expect(detectFurniture([...text.map((l) => ({ ...l, seg })), ...plain], BODY, 3, ADVANCE).footers).toEqual([]);
  });
});

describe('a first page’s venue stack', () => {
  it('takes small rows of the article’s history and identity over the title, standing apart, though close together', () => {
    const venue: [string, number, number, number][] = [
      ['Received: 27 January 2025', 41, 27.5, 7],
      ['Accepted: 8 January 2026', 134, 27.5, 7],
      ['DOI: 10.1111/aphw.70125', 41, 42, 7],
    ];
    const lines = page(1, [...venue, ['Developing and evaluating a situated instrument', 41, 117, 18], ...body(160)]);
    expect(texts(detectFurniture(lines, BODY, 3, ADVANCE).headers)).toEqual(venue.map((v) => v[0]));
    // A small line of text among them (a section's label) stops the stack: nothing is taken.
    const label = page(1, [
      ...venue.slice(0, 2),
      ['ORIGINAL ARTICLE IN THE SERIES', 41, 42, 7],
      ['Developing and evaluating', 41, 117, 18],
      ...body(160),
    ]);
    expect(detectFurniture(label, BODY, 3, ADVANCE).headers).toEqual([]);
  });
});

describe('small type under every column, at the foot of a page of a longer document', () => {
  // The page's text, then a last span segment of small lines in the bottom band.
  const pageWith = (no: number, foot: [string, number, number, number?][]) => {
    const text = page(no, body(80, no));
    const under = page(no, foot);
    const seg: Segment = { ...under[0].seg, kind: 'span', column: null, lines: under.map((l) => l.line) };
    return [...text.map((l) => ({ ...l, segment: 0, seg: text[0].seg })), ...under.map((l, index) => ({ ...l, segment: 1, index, seg }))];
  };
  it('is a footer when a line or two (a venue line), or a notice of any length; three lines of text are a caption', () => {
    const venue = pageWith(1, [
      ['Proceedings of the Harbour Works Conference, Bristol', 72, 760, 7],
      ['Volume 3, Number 2, Spring issue', 72, 769, 7],
    ]);
    const caption = pageWith(2, [
      ['The project leader speaks at the panel on open science in practice, held in', 223, 760, 7],
      ['Berlin in the spring, with the fellows of the programme and their mentors', 223, 769, 7],
      ['in the audience.', 223, 778, 7],
    ]);
    const notice = pageWith(3, [
      ['This work is set under a licence that lets anyone share and adapt it with', 72, 760, 7],
      ['credit given to its authors, on any medium and for any purpose,', 72, 769, 7],
      ['© 2016 the authors.', 72, 778, 7],
    ]);
    const { footers } = detectFurniture([...venue, ...caption, ...notice], BODY, 3, ADVANCE);
    expect(footers.map((f) => f.page)).toEqual([1, 1, 3, 3, 3]);
  });
});

describe('a head that names its page or repeats a chapter title', () => {
  it('is taken at the foot when it names its page in Chinese ("第 1 页（共 8 页）"), whatever its size', () => {
    // Two line advances under the text: no far foot, which needs nothing to say what it is.
    const lines = page(1, [...body(400), ['数学试题第 1 页（共 8 页）', 250, 772, 10.5]]);
    expect(texts(detectFurniture(lines, BODY, 3, ADVANCE).footers)).toEqual(['数学试题第 1 页（共 8 页）']);
    const german = page(1, [...body(400), ['Handbuch Seite 3 von 20', 250, 772]]);
    expect(texts(detectFurniture(german, BODY, 3, ADVANCE).footers)).toEqual(['Handbuch Seite 3 von 20']);
  });
  it('is taken on a second page when it gives the chapter title set large on the first with its own punctuation', () => {
    const first = page(1, [['Chapter 1', 100, 200, 14.3], ['The Structure of the Processor', 100, 240, 14.3], ...body(300)]);
    const second = page(2, [['Chapter 1. The Structure of the Processor', 150, 96], ...body(134, 2)]);
    expect(texts(detectFurniture([...first, ...second], BODY, 3, ADVANCE).headers)).toEqual(['Chapter 1. The Structure of the Processor']);
  });
});

describe('a head naming the page’s chapter', () => {
  it('is taken when the page’s numbered headings or tables fall under its number, nearer the text than other heads', () => {
    // Two body sizes above the first heading: a head in the text's type needs 1.8 line advances otherwise.
    const p2 = page(2, [['2. R Markdown basics', 72, 80], ['2.1.13 Footnotes', 72, 100, 12], ...body(124, 1)]);
    const p3 = page(3, [['3. Citations and cross-refs', 72, 80], ['Table 3.1: Stopping cars', 200, 100], ...body(124, 5)]);
    const { headers } = detectFurniture([...p2, ...p3], BODY, 3, ADVANCE);
    expect(headers.map((h) => [h.page, h.text])).toEqual([
      [2, '2. R Markdown basics'],
      [3, '3. Citations and cross-refs'],
    ]);
  });

  it('is taken when it names a section with its folio, and a caption in another language falls under its chapter', () => {
    // A Portuguese dissertation's "2.1 Ciência de Dados 9" over a page holding "Figura 2.1".
    const p9 = page(9, [['2.1 Ciência de Dados 9', 72, 80], ['Figura 2.1 – Diagrama de Venn da ciência de dados', 120, 100], ...body(124, 1)]);
    const { headers } = detectFurniture(p9, BODY, 3, ADVANCE);
    expect(headers.map((h) => [h.page, h.text])).toEqual([[9, '2.1 Ciência de Dados 9']]);
  });

  it('stays in the flow when it is a bold section heading over its subsections, or nothing on the page is numbered under it', () => {
    const bold = page(2, [['2. Methods', 72, 80], ['2.1 Data', 72, 100], ...body(124, 1)]);
    bold[0].line = { ...bold[0].line, bold: true };
    const alone = page(3, [['3. Citations and cross-refs', 72, 80], ['Table 4.1: Stopping cars', 200, 100], ...body(124, 5)]);
    const { headers } = detectFurniture([...bold, ...alone], BODY, 3, ADVANCE);
    expect(headers).toEqual([]);
  });
});

describe('a paragraph whose lines repeat from page to page', () => {
  /** A page whose first segment is a paragraph of the given lines (one line advance apart from y 40), then body text. */
  const paragraphPage = (no: number, first: string[]): PlacedLine[] => {
    const lines = first.map((text, k) => makeLine([run(text, 72, 40 + k * ADVANCE)], 40 + k * ADVANCE));
    const seg: Segment = {
      kind: 'column',
      page: no,
      band: 0,
      column: 0,
      text: first.join('\n'),
      bbox: roundBox(unionBox(lines.map((l) => l.bbox))),
      lines,
    };
    const top = lines.map((line, index) => ({ page: no, segment: 0, index, line, seg, pageHeight: 792, pageWidth: 612 }));
    const rest = page(no, body(120, no)).map((l) => ({ ...l, segment: l.segment + 1 }));
    return [...top, ...rest];
  };
  const notes = (from: number, n: number) => Array.from({ length: n }, (_, k) => `note ${from + k}`).join(' ');

  it('stays in the text when the line it runs on from differs: numbers that change are no head', () => {
    // A sample's text of note marks: "Note 1 note 2 … note.15", then lines of thirteen marks each, on every page.
    const lines = [1, 2, 3].flatMap((p) => {
      const n = 60 * (p - 1);
      return paragraphPage(p, [
        `Note ${n + 1} ${notes(n + 2, 5 + p)} note.${n + 7 + p}`,
        `Note ${n + 20} ${notes(n + 21, 12)}`,
        `Note ${n + 40} ${notes(n + 41, 12)}`,
      ]);
    });
    const { headers } = detectFurniture(lines, BODY, 3, ADVANCE);
    expect(headers).toEqual([]);
  });

  it('is a masthead when every line of it repeats', () => {
    const lines = [1, 2, 3].flatMap((p) => paragraphPage(p, ['Journal of Harbour Works', `Volume 3, Issue ${p}`]));
    const { headers } = detectFurniture(lines, BODY, 3, ADVANCE);
    expect(headers.map((h) => h.text)).toEqual([
      'Journal of Harbour Works',
      'Volume 3, Issue 1',
      'Journal of Harbour Works',
      'Volume 3, Issue 2',
      'Journal of Harbour Works',
      'Volume 3, Issue 3',
    ]);
  });
});

describe('page numbers in the side margin, level with the text', () => {
  /** A page of body text from x 72 to about 400, with a number at (x, y) in the right margin. */
  const numbered = (no: number, n: string, x: number, y: number) => page(no, [...body(100, no).slice(0, 20), [n, x, y]]);

  it('are folios when they stand at one place on every page (a number in a disc beside a Word report’s text)', () => {
    const lines = [...numbered(1, '1', 560, 230), ...numbered(2, '3', 560, 230), ...numbered(3, '6', 560, 230)];
    const found = detectFurniture(lines, BODY, 3, ADVANCE);
    expect(
      found.footers
        .concat(found.headers)
        .filter((h) => h.kind === 'folio')
        .map((h) => h.text),
    ).toEqual(['1', '3', '6']);
  });

  it('stay in the flow when they stand at a different place on each page (margin notes’ numbers)', () => {
    const lines = [...numbered(1, '1', 560, 230), ...numbered(2, '3', 560, 300), ...numbered(3, '6', 560, 420)];
    const found = detectFurniture(lines, BODY, 3, ADVANCE);
    expect(found.footers.concat(found.headers).filter((h) => h.kind === 'folio')).toEqual([]);
  });
});

describe('a head over a sentence carried on from the page before', () => {
  /** A column of text of one measure (80 characters) from `top`: `last` is its last line, as wide as the rest or not. */
  const column = (no: number, top: number, rows: string[]) =>
    page(
      no,
      rows.map((text, k) => [text, 72, top + k * ADVANCE]),
    ).map((l) => ({ ...l, segment: 0 }));
  const full = (label: string) => line(label, 80);
  const pageBefore = (last: string) => column(1, 80, [...Array.from({ length: 20 }, (_, k) => full(`Text ${k}`)), last]);
  const over = (head: [string, number][], first: string) => {
    const heads = page(
      2,
      head.map(([text, x], k) => [text, x, 40 + k * ADVANCE] as [string, number, number]),
    );
    return [
      ...heads.map((l) => ({ ...l, segment: 5 })),
      ...column(2, 40 + head.length * ADVANCE + 8, [first, ...Array.from({ length: 20 }, (_, k) => full(`More ${k}`))]),
    ];
  };
  const centred = (text: string): [string, number] => [text, 272 - (text.length * BODY) / 4];
  const head: [string, number][] = [centred('FIXED WING STABILITY AND CONTROL'), centred('Theory and Flight Test Techniques')];
  const broken = full('Under severe emergency conditions the pilot tasks may');
  const taken = (lines: PlacedLine[]) => texts(detectFurniture(lines, BODY, 3, ADVANCE).headers);

  it('is taken when the text under it opens in lower case and the page before stopped mid-line, mid-sentence', () => {
    expect(taken([...pageBefore(broken), ...over(head, full('involve engine airstart, fire extinguishment'))])).toEqual([
      'FIXED WING STABILITY AND CONTROL',
      'Theory and Flight Test Techniques',
    ]);
  });

  it('stays when the page before closed its sentence or its paragraph, or the text under it opens a sentence', () => {
    // The page before ends with a full stop.
    expect(taken([...pageBefore(`${broken.slice(0, 70)} closed.`), ...over(head, full('involve engine airstart'))])).toEqual([]);
    // Its last line stops short: a paragraph's or a list's end, whatever its punctuation.
    expect(taken([...pageBefore('the last options'), ...over(head, full('involve engine airstart'))])).toEqual([]);
    // The line under the head opens in capitals: a heading over a new paragraph.
    expect(taken([...pageBefore(broken), ...over(head, full('Involve engine airstart'))])).toEqual([]);
  });

  it('stays over a listing’s line, under a float’s title, or when the page before is not the one right before', () => {
    const mono = (lines: PlacedLine[]) => lines.map((l, k) => (k === head.length ? { ...l, line: { ...l.line, mono: true } } : l));
    expect(taken([...pageBefore(broken), ...mono(over(head, full('for (const r of rows) total += r.amount')))])).toEqual([]);
    expect(taken([...pageBefore(broken), ...over([centred('Listing 3 A loop over the rows')], full('involve engine airstart'))])).toEqual([]);
    expect(taken([...pageBefore(broken), ...over([centred('TABLE II Results of the survey')], full('involve engine airstart'))])).toEqual([]);
    // Page 1, then page 3: page 2 is not in the range read, and nothing runs on across it.
    const later = over(head, full('involve engine airstart')).map((l) => ({ ...l, page: 3 }));
    expect(taken([...pageBefore(broken), ...later])).toEqual([]);
  });

  it('stays when the page before ends with a line standing alone in its segment (a stray label measures nothing)', () => {
    const stray = pageBefore(broken).map((l, k, all) => (k === all.length - 1 ? { ...l, segment: 9 } : l));
    expect(taken([...stray, ...over(head, full('involve engine airstart'))])).toEqual([]);
  });

  it('stays when it is a float’s title within the column, a line of text, or ends as a sentence does', () => {
    // A table's title set in from the column's edge, not centred over the page's text.
    expect(taken([...pageBefore(broken), ...over([['Partial list of options', 130]], full('sel select data or query'))])).toEqual([]);
    // A line of text carried over, opening in lower case or ending with a comma.
    expect(taken([...pageBefore(broken), ...over([centred('and the Sun. This new relation is')], full('involve engine airstart'))])).toEqual([]);
    expect(taken([...pageBefore(broken), ...over([centred('Results of the survey,')], full('involve engine airstart'))])).toEqual([]);
  });
});

describe('the rest of a running foot’s row', () => {
  // Two pages of text running down to a foot row at the page's bottom, a line's advance and a half under it: a code at
  // the left that changes from page to page, an address at the right that repeats.
  const pages = (left: string[]) =>
    left.flatMap((code, k) =>
      page(k + 1, [...body(400, k), [code, 72, 400 + 31.5 * ADVANCE, 8], ['https://linmob.net/38c3', 400, 400 + 31.5 * ADVANCE, 8]]),
    );

  it('is taken with the repeated foot when it is short ("en", "de")', () => {
    const { footers } = detectFurniture(pages(['en', 'de']), BODY, 3, ADVANCE);
    expect(texts(footers).sort()).toEqual(['de', 'en', 'https://linmob.net/38c3', 'https://linmob.net/38c3']);
  });

  it('is left in the flow when it runs to more words than a head’s label', () => {
    const { footers } = detectFurniture(pages(['the harbour works were noted', 'and the engineer sent drawings']), BODY, 3, ADVANCE);
    expect(texts(footers)).toEqual(['https://linmob.net/38c3', 'https://linmob.net/38c3']);
  });

  it('is left in the flow when it is a heading level with the repeated words (a slide’s title beside a logo’s name)', () => {
    const slide = (k: number, title: string) => page(k, [[title, 72, 60, 24], ['ACME Labs', 420, 60, 20], ...body(120, k)]);
    const { headers } = detectFurniture([slide(1, 'Our approach'), slide(2, 'Results'), slide(3, 'Outlook')].flat(), BODY, 3, ADVANCE);
    for (const title of ['Our approach', 'Results', 'Outlook']) expect(texts(headers)).not.toContain(title);
    expect(texts(headers)).toContain('ACME Labs');
  });
});

describe('captions at the top of pages', () => {
  it('are not taken as a head changing a little from page to page ("Table 2. Device driver events…", "Table 3. …")', () => {
    const caption = [
      'Table 2. Device driver events and their associated functions between',
      'Table 3. Device driver events and their associated interfacing func-',
    ];
    const lines = caption.flatMap((c, k) => page(k + 1, [['MAGAZINE SECTION', 260, 36, 9], [c, 325, 78, 9], ...body(120, k)]));
    const { headers } = detectFurniture(lines, BODY, 3, ADVANCE);
    expect(texts(headers)).toEqual(['MAGAZINE SECTION', 'MAGAZINE SECTION']);
  });
});

describe('a foot in small type closing with its folio', () => {
  // One page of text ending at 400 + 29 advances; a foot line in 8 pt one advance and three quarters under it.
  const foot = (text: string) => detectFurniture(page(1, [...body(400), [text, 300, 400 + 30.75 * ADVANCE, 8]]), BODY, 3, ADVANCE).footers;

  it('is taken a little nearer the text than a foot in the text’s type ("Descriptions of New or Modified Processes 13")', () => {
    expect(texts(foot('Descriptions of New or Modified Processes 13'))).toEqual(['Descriptions of New or Modified Processes 13']);
  });

  it('is not a date, a table’s row of figures, a note or a line ending in a reference', () => {
    expect(foot('Aug 26, 2016')).toEqual([]);
    expect(foot('HHS $6,200,000,000 81 38 Resourced 0')).toEqual([]);
    expect(foot('1 See the list of acronyms on page 12')).toEqual([]);
    expect(foot('Source: authors calculations from Table 4')).toEqual([]);
    expect(foot('See also the appendix on page 12')).toEqual([]);
  });

  it('is taken with its folio a piece of its own set apart, not a value set close beside a label', () => {
    const row = (label: string, value: string, x: number) => {
      const baseline = 400 + 30.75 * ADVANCE;
      return detectFurniture(page(1, [...body(400), [label, 300, baseline, 8], [value, x, baseline, 8]]), BODY, 3, ADVANCE).footers;
    };
    expect(texts(row('Descriptions of New or Modified Processes', '13', 500))).toEqual(['Descriptions of New or Modified Processes', '13']);
    expect(row('Average response', '0.05', 500)).toEqual([]);
    expect(row('Descriptions of New or Modified Processes', '13', 473)).toEqual([]);
  });
});

describe('a foot band set to left, centre and right tabs', () => {
  // One page of text (x 72 to about 540), then a row two and a half advances under it at the page's foot.
  const foot = (pieces: [string, number][]) =>
    detectFurniture(page(1, [...body(300), ...pieces.map(([t, x]) => [t, x, 300 + 31.5 * ADVANCE] as [string, number, number])]), BODY, 3, ADVANCE)
      .footers;

  it('is taken whole on a page of its own, whatever its words ("Github | Pourya Aliannejadi | alian.pourya@gmail.com")', () => {
    const row: [string, number][] = [
      ['Github', 72],
      ['Pourya Aliannejadi', 262],
      ['alian.pourya@gmail.com', 415],
    ];
    expect(texts(foot(row))).toEqual(['Github', 'Pourya Aliannejadi', 'alian.pourya@gmail.com']);
  });

  it('is left in the flow with two pieces only, or with nothing in the middle', () => {
    expect(
      foot([
        ['Github', 72],
        ['alian.pourya@gmail.com', 415],
      ]),
    ).toEqual([]);
    expect(
      foot([
        ['Github', 72],
        ['Pourya Aliannejadi', 120],
        ['alian.pourya@gmail.com', 415],
      ]),
    ).toEqual([]);
  });
});

describe('small type across the foot of a page of several', () => {
  // Two pages of text; on the first, a line in 7 pt across the page's foot, a span of its own after the columns.
  const pages = (foot: string) => {
    const first = page(1, [...body(400), [foot, 72, 772, 7]]);
    const last = first.length - 1;
    first[last] = { ...first[last], seg: { ...first[last].seg, kind: 'span' } };
    return [...first, ...page(2, body(80, 1)).map((l) => ({ ...l, segment: l.segment + 100 }))];
  };
  const pageFooters = (lines: PlacedLine[]) => texts(detectFurniture(lines, BODY, 3, ADVANCE).footers);

  it('is a venue line lifted out as bottom matter', () => {
    expect(pageFooters(pages('Journal of Harbour Works, vol. 3, published by the Harbour Press'))).toEqual([
      'Journal of Harbour Works, vol. 3, published by the Harbour Press',
    ]);
  });

  it('is read with the text when it credits the text’s source ("Source: OpenChain training slides: https://…")', () => {
    expect(pageFooters(pages('Source: OpenChain training slides: https://github.com/OpenChain-Project/curriculum'))).toEqual([]);
  });
});

describe('a slide’s title continued on the next slide', () => {
  // Four slides: the first two under one title in display type (the second marks its list "*"), the others under
  // titles of their own in the same place and type; a few lines of text under each.
  const slide = (no: number, title: string) =>
    page(
      no,
      [
        [title, 40, 71, 40],
        ...Array.from({ length: 6 }, (_, k): [string, number, number, number] => [
          `Point ${k + 1} of slide ${no}, said in a few words`,
          40,
          140 + k * 30,
          18,
        ]),
      ],
      540,
    );
  const deck = (second: string, fourth: string) => [
    ...slide(1, 'Supply Chain – Security Challenges'),
    ...slide(2, second),
    ...slide(3, 'Scorecards Tests'),
    ...slide(4, fourth),
  ];

  it('is the slides’ title, read on each, not a running head', () => {
    const { headers } = detectFurniture(deck('Supply Chain Security Challenges*', 'Working Group'), 18, 2, 30);
    expect(texts(headers)).toEqual([]);
  });

  it('is a running head where it carries the page’s number, or the other slides repeat it too', () => {
    const numbered = [...slide(1, 'Overview'), ...slide(2, 'Release Notes 4.04 2'), ...slide(3, 'Release Notes 4.04 3'), ...slide(4, 'Sources 4')];
    expect(texts(detectFurniture(numbered, 18, 2, 30).headers)).toEqual(['Release Notes 4.04 2', 'Release Notes 4.04 3']);
    const everywhere = deck('Supply Chain Security Challenges*', 'Supply Chain Security Challenges');
    expect(texts(detectFurniture(everywhere, 18, 2, 30).headers)).toHaveLength(3);
  });
});

describe('a title block set again on a later page of a short document', () => {
  // Three rows stacked at the top of pages 1 and 3 (a form's cover and its next part, an opinion's caption over its
  // certificate of service); page 2 carries no such block.
  const block = (size: number): [string, number, number, number][] => [
    ['UNITED STATES', 250, 50, size],
    ['SECURITIES AND EXCHANGE COMMISSION', 180, 64, size],
    ['Washington, D.C. 20549', 220, 78, size],
  ];
  const doc = (size: number, onPage2: boolean) => [
    ...page(1, [...block(size), ...body(120)]),
    ...page(2, [...(onPage2 ? block(size) : []), ...body(120, 2)]),
    ...page(3, [...block(size), ...body(120, 3)]),
  ];

  it('is read on both pages, with a diagnostic, not lifted as a running head', () => {
    const { headers, diagnostics } = detectFurniture(doc(12, false), BODY, 3, ADVANCE);
    expect(texts(headers)).toEqual([]);
    // One diagnostic for the block, not one for each of its rows.
    expect(diagnostics.filter((d) => d.code === 'furniture-uncertain' && d.message.includes('title block set again'))).toHaveLength(1);
  });

  it('is a head still on every page (a letterhead), or set small on two (a navigation bar)', () => {
    expect(texts(detectFurniture(doc(12, true), BODY, 3, ADVANCE).headers)).toHaveLength(9);
    expect(texts(detectFurniture(doc(7, false), BODY, 3, ADVANCE).headers)).toHaveLength(6);
  });
});

describe('a top row opening with a section number set with a leading zero', () => {
  // Cards of a deck: a small kicker "01 · …" over each card's text, the card's folio "2 of 5" at its foot.
  const card = (no: number, kicker: string) => page(no, [[kicker, 72, 40, 8], ...body(80, no), [`${no} of 5`, 500, 770, 8]]);

  it('is the card’s heading when the folio at the foot says another number, not a running head', () => {
    const deck = [...card(2, '01 · Conversational design'), ...card(3, '02 · Dealing with government'), ...card(4, '03 · Longer answers')];
    const { headers, footers } = detectFurniture(deck, BODY, 3, ADVANCE);
    expect(texts(headers)).toEqual([]);
    expect(texts(footers)).toEqual(['2 of 5', '3 of 5', '4 of 5']);
  });

  it('is the card’s heading on a card alone, its plain folio at the foot found after the heads', () => {
    const one = page(3, [['02 · Dealing with government', 72, 40, 8], ...body(80, 3), ['3', 300, 770, 8]]);
    const { headers, footers } = detectFurniture(one, BODY, 3, ADVANCE);
    expect(texts(headers)).toEqual([]);
    expect(texts(footers)).toEqual(['3']);
  });

  it('is a running head when its number is set plain (a chapter’s number opening a book’s head)', () => {
    const book = [...card(2, '6 Making interactions work'), ...card(3, '6 Making interactions work, again'), ...card(4, '7 Testing the parser')];
    expect(texts(detectFurniture(book, BODY, 3, ADVANCE).headers)).toHaveLength(3);
  });
});

describe('a foot row closing with a number', () => {
  // Body to 360 + 29 advances; the row stands three advances under it.
  const low = 360 + 29 * ADVANCE + 3 * ADVANCE;

  it('is a filled-in date field at a title page’s foot, not a head with its folio', () => {
    const titlePage = (text: string) => page(1, [...body(360), [text, 72, low]]);
    expect(texts(detectFurniture(titlePage('Ort und Datum: Hoyerswerda, 20. September 2020'), BODY, 3, ADVANCE).footers)).toEqual([]);
    // Without a field's label, a date closing the row is read as a foot's (a summary's "… Summaries, January 2011").
    expect(texts(detectFurniture(titlePage('Geological Survey, Mineral Commodity Summaries, January 2011'), BODY, 3, ADVANCE).footers)).toEqual([
      'Geological Survey, Mineral Commodity Summaries, January 2011',
    ]);
  });

  it('is a contents page’s last entry when the two lines over it close with numbers flush with its own', () => {
    /** A line of two runs, words and a number set flush right at `right`. */
    const entry = (words: string, number: string, baseline: number, right: number, segment: number): PlacedLine => {
      const l = makeLine([run(words, 72, baseline, BODY), run(number, right - 2 * number.length * 0.5 * BODY, baseline, BODY)], baseline);
      const seg: Segment = { kind: 'column', page: 1, band: 0, column: 0, text: '', bbox: roundBox(l.bbox), lines: [l] };
      return { page: 1, segment, index: 0, line: l, seg, pageHeight: 792, pageWidth: 612 };
    };
    const contents = (right: number) => [
      ...page(1, body(360).slice(0, 27)),
      entry('5.1 Defining new operator names', '19', 360 + 27 * ADVANCE, right, 97),
      entry('5.2 The mod command and its relatives', '20', 360 + 28 * ADVANCE, right, 98),
      entry('6 The text command', '20', low, 500, 99),
    ];
    expect(texts(detectFurniture(contents(500), BODY, 3, ADVANCE).footers)).toEqual([]);
    // Numbers over it closing elsewhere (a table's column to its left): no list of it, a foot with its folio.
    expect(texts(detectFurniture(contents(400), BODY, 3, ADVANCE).footers)).toEqual(['6 The text command 20']);
  });
});

describe('a letter’s return address over the addressee, in the envelope’s window', () => {
  // Three pages, each under a letterhead of four lines (50 to 85); pages 1 and 3 open a letter: a return address in
  // 7 pt at `at`, the addressee's three lines from 173, then the text.
  const letter = (at: number, beside: [string, number, number, number?][] = []) =>
    [1, 2, 3].flatMap((no) =>
      page(no, [
        ['WG 13', 94, 50, 14],
        ['Werkgroep 13', 417, 65, 8],
        ['de De Facto Standaard', 417, 75, 8],
        ['in Nederlandse TeXpertise', 417, 85, 8],
        ...(no === 2
          ? body(120, no)
          : ([
              ['Toernooiveld 5, 6525 ED Nijmegen', 94, at, 7],
              ...beside,
              ['Werkgroep 13', 94, 173],
              ['Nederlandse TeX groep', 94, 186.5],
              ['Nederland', 94, 200],
              ...body(264, no),
            ] as [string, number, number, number?][])),
      ]),
    );

  it('is the text’s when it stands close over the addressee, far under the letterhead', () => {
    const { headers } = detectFurniture(letter(152), BODY, 3, ADVANCE);
    expect(texts(headers)).not.toContain('Toernooiveld 5, 6525 ED Nijmegen');
    expect(texts(headers)).toContain('in Nederlandse TeXpertise');
  });

  it('is the band’s when it stands under the letterhead’s last line, apart from the text', () => {
    const { headers } = detectFurniture(letter(96), BODY, 3, ADVANCE);
    expect(texts(headers)).toContain('Toernooiveld 5, 6525 ED Nijmegen');
    // A line off to the side, just under it, is not the text under it.
    const aside = detectFurniture(letter(96, [['Ons kenmerk VE-NTG 002', 417, 99]]), BODY, 3, ADVANCE).headers;
    expect(texts(aside)).toContain('Toernooiveld 5, 6525 ED Nijmegen');
  });

  it('is the band’s when the line close under it is the band’s too, in its small type (a sender’s name and title)', () => {
    const { headers } = detectFurniture(letter(152, [['Producer Walt Disney', 94, 162, 7]]), BODY, 3, ADVANCE);
    expect(texts(headers)).toContain('Toernooiveld 5, 6525 ED Nijmegen');
  });
});
