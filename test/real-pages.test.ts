/**
 * Real pages from `corpus/` that taught a rule, each checked for what the rule is for: a regression test on the
 * document itself, beside the unit tests on hand-placed runs (stacks.test.ts, document-rules.test.ts) that reduce it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractDocument } from '../lib/extract.js';

const root = join(import.meta.dirname, '..');
const read = async (id: string) => extractDocument(new Uint8Array(readFileSync(join(root, 'corpus', id, 'doc.pdf'))), { ocr: 'off' });
const squash = (s: string) => s.replace(/\s+/g, ' ');
/** Each of `order` is found in `text`, each after the one before it. */
const expectInOrder = (text: string, order: string[]) => {
  const at = (s: string) => text.indexOf(s);
  for (let k = 0; k < order.length; k++) expect(at(order[k]!), order[k]).toBeGreaterThan(k === 0 ? -1 : at(order[k - 1]!));
};

describe('real pages', () => {
  it('a Chinese paragraph wrapped round a figure: the left column down, then the right, the figure’s large "Image" taken for no title (cjk_wrapstuff_manual_zh_text_wrap_columns)', async () => {
    const text = (await read('cjk_wrapstuff_manual_zh_text_wrap_columns')).text.replace(/\s+/g, '');
    expectInOrder(text, [
      '旧历的年底毕竟最像年底',
      '重的晚云中间时时发出闪光',
      '而已没有家，所以只得暂寓在',
      '鲁四老爷的宅子里',
      '之后即大骂其新',
      '党。但我知道',
    ]);
  });

  it('a definition list with its terms in a side column: each term before its definition, past a long term on a line of its own (manual_bashref_definitions)', async () => {
    const text = squash((await read('manual_bashref_definitions')).text);
    const at = (s: string) => text.indexOf(s);
    const order = [
      'POSIX',
      'A family of open system standards',
      'blank A space or tab character.',
      'builtin A command that is implemented',
      'metacharacter A character that',
      'name A word consisting solely',
    ];
    for (let k = 1; k < order.length; k++) expect(at(order[k - 1])).toBeLessThan(at(order[k]));
  });

  it('a definition list’s term of two lines beside its description, after the description of the long term above it (manual_octave_texinfo)', async () => {
    const text = squash((await read('manual_octave_texinfo')).text);
    const order = ['--built-in-docstrings-file filename', 'Specify the name of the file containing', '--debug -d', 'Enter parser debugging mode.'];
    expectInOrder(text, order);
  });

  it('an opinion’s caption set again over its certificate of service, read on both pages, not lifted as a head (legal_tnwcab_diaz_paren_caption_filed_stamp_service_table)', async () => {
    const doc = await read('legal_tnwcab_diaz_paren_caption_filed_stamp_service_table');
    const text = squash(doc.text);
    expect(text.split('Appeal from the Court of Workers’ Compensation Claims').length - 1).toBe(2);
    expect(doc.headers.map((h) => h.text)).not.toContain('Appeal from the Court of Workers’');
  });

  it('a lead beside lists whose bullets are control codes: the lead whole, then the lists (manual_census_coil_toolkit)', async () => {
    const text = squash((await read('manual_census_coil_toolkit')).text);
    expect(text).toContain('we designed the Census Solutions Workshop to benefit both partners and census takers.');
    expect(text.indexOf('census takers.')).toBeLessThan(text.indexOf('goals o f the workshop'));
  });

  it('a word processor’s footnotes in the body’s size, under raised marks (report_gsa_508_maturity, cjk_cncf_whitepaper_zh)', async () => {
    const gsa = await read('report_gsa_508_maturity');
    expect(gsa.footnotes.map((f) => [f.page, f.marker, f.text])).toContainEqual([1, '1', 'Assessing Program Maturity - Section 508.gov']);
    expect(gsa.text).not.toContain('Assessing Program Maturity - Section 508.gov');
    const zh = await read('cjk_cncf_whitepaper_zh');
    expect(zh.footnotes.map((f) => [f.page, f.marker])).toEqual([
      [1, '1'],
      [2, '2'],
      [2, '3'],
    ]);
    expect(zh.footnotes[2].text).toContain('安全贯穿于整个生命周期');
  });

  it('a table’s "*" note at the page foot stays with the table (paper_f1000_shark_longevity)', async () => {
    const doc = await read('paper_f1000_shark_longevity');
    expect(squash(doc.text)).toContain('*Denotes approximate measurements as provided by recreational anglers.');
    expect(doc.footnotes.some((f) => f.text.includes('recreational anglers'))).toBe(false);
  });

  it('two listings side by side under their labels, one after the other (paper_ggdist_tvcg)', async () => {
    const text = squash((await read('paper_ggdist_tvcg')).text);
    expect(text).toContain('ggplot2: ggplot(cars) + aes( x = weight, y = mpg ) + geom_point() Vega-lite: vl.data(');
  });

  it('text run around a callout: the paragraph whole, then the callout (gov_useiti_exec_summary_2015)', async () => {
    const doc = await read('gov_useiti_exec_summary_2015');
    const text = squash(doc.text);
    expect(text).toContain(
      'is estimated to hold 1.44 trillion barrels of oil.15 In shale gas, the Marcellus Play (spanning nine states from New York to Tennessee)',
    );
    expect(text).toContain('A PLAY IS A GROUP OF OIL AND GAS FIELDS IN THE SAME REGION FORMED BY THE SAME GEOLOGICAL PROCESSES.');
    expect(doc.diagnostics.some((d) => d.code === 'run-around' && d.page === 2)).toBe(true);
    // The helium sidebar interrupts a sentence that runs on to page 2: read after it.
    expect(text).toContain('with the new applications of horizontal drilling and hydraulic fracturing');
    expect(text.indexOf('profitable for extractive industries.')).toBeLessThan(text.indexOf('NATURAL RESOURCE SPOTLIGHT: HELIUM'));
  });

  it('the short last lines of three columns stay with them; sections in a grid of boxes read row by row (report_owasp_top10_2017)', async () => {
    const text = squash((await read('report_owasp_top10_2017')).text);
    expect(text).toContain('Scanners and fuzzers can help attackers find injection flaws.');
    expect(text).toContain('The business impact depends on the needs of the application and data.');
    // Four boxes in a grid, read row by row.
    const at = (s: string) => text.indexOf(s);
    expect(at('Is the Application Vulnerable?')).toBeLessThan(at('How to Prevent'));
    expect(at('How to Prevent')).toBeLessThan(at('Example Attack Scenarios'));
    expect(at('Example Attack Scenarios')).toBeLessThan(text.lastIndexOf('References'));
  });

  it('a poster’s columns of boxes whose rows of headings line up by chance read column by column (poster_modernposter_demo)', async () => {
    const text = squash((await read('poster_modernposter_demo')).text);
    const at = (s: string) => text.indexOf(s);
    // "Results" opens a box of its own in the right column: the columns run apart.
    expect(at('Introduction')).toBeLessThan(at('Motivation'));
    expect(at('Contribution')).toBeLessThan(at('Construction'));
    expect(at('Implementation')).toBeLessThan(at('Results'));
    expect(at('Results')).toBeLessThan(at('Conclusions'));
  });

  it('a title page’s notes under ∗ † ‡ § ¶ right under its contents are notes (cjk_texproposal_cqu_toc_margin_notes)', async () => {
    const doc = await read('cjk_texproposal_cqu_toc_margin_notes');
    const notes = doc.footnotes.filter((n) => n.page === 1);
    expect(notes.map((n) => n.marker)).toEqual(['∗', '†', '‡', '§', '¶']);
    expect(doc.text).not.toContain('指导老师');
  });

  it('notes tagged as rows under a table read down, each note’s turned line after its first (cjk_dgbas_happiness_index_table_notes)', async () => {
    const text = squash((await read('cjk_dgbas_happiness_index_table_notes')).text);
    expect(text).toMatch(/自2013年第2次報告起 ?，改採蓋洛普世界調查/);
    expect(text.indexOf('，改採蓋洛普世界調查')).toBeLessThan(text.indexOf('「加害（他殺）標準化死亡率」採2015年'));
  });

  it('an Arabic line around a code word, its wide spaces level with gaps the rows below leave clean, reads whole (rtl_arabic_nabox_manual)', async () => {
    const text = squash((await read('rtl_arabic_nabox_manual')).text);
    expect(text).toMatch(/باستخدام التّعليمة \\env\[style=\?\]\{\.\.\.\.\} حيث أمام كلمة style/);
  });

  it('a section’s first paragraph at a first page’s foot, right under its bold heading, is no note (cjk_owasp_asvs500_ko_requirement_tables)', async () => {
    const doc = await read('cjk_owasp_asvs500_ko_requirement_tables');
    expect(doc.footnotes).toEqual([]);
    expect(doc.text).toContain('이 섹션에서는 애플리케이션의 공식 문서에서 알려줘야 할 브라우저 내 보안 특징들에 대해 설명한다.');
  });

  it('an aside in small type running from a page’s foot onto the next page is text, not a note (rtl_unisugar_hebrew_bidi)', async () => {
    const doc = await read('rtl_unisugar_hebrew_bidi');
    expect(doc.footnotes).toEqual([]);
    expect(squash(doc.text)).toContain('(There is yet a third difficulty in the above sentence');
  });

  it('notes 7 to 9 under the run-over end of note 6, right under a display, are notes (paper_nwejm_article_fr)', async () => {
    const doc = await read('paper_nwejm_article_fr');
    expect(doc.footnotes.filter((n) => n.page === 2).map((n) => n.marker)).toEqual([null, '7', '8', '9']);
    expect(doc.text).not.toContain('Foo bar.');
  });

  it('a list’s lead-in and first item under a three-column glossary read with the list (rtl_owasp_asvs403_ar_tables)', async () => {
    const text = squash((await read('rtl_owasp_asvs403_ar_tables')).text);
    expect(text).toContain('NIST 800-63 - Digital Identity Guidelines •');
    expect(text.indexOf('NIST 800-63 - Digital Identity Guidelines')).toBeLessThan(text.indexOf('NIST 800-63 A - Enrollment'));
  });

  it('a bulletin’s contact, release date and next release read field by field (gov_ons_cpi_april2025_correction_table_figure)', async () => {
    const text = squash((await read('gov_ons_cpi_april2025_correction_table_figure')).text);
    expect(text).toContain('Contact: Consumer Price Inflation team cpi@ons.gov.uk');
    expect(text).toContain('Release date: 21 May 2025');
  });

  it('two signatures side by side read one by one, office over name (legal_heerlen_parkeerverordening_sidebar_form)', async () => {
    const text = squash((await read('legal_heerlen_parkeerverordening_sidebar_form')).text);
    expect(text).toContain('griffier, dhr. drs. T.W. Zwemmer voorzitter, dhr. drs. R. Wever');
  });

  it('page numbers in a disc in the right margin, mid-height on every page, are folios (report_mte_numerique_ecologie_bilan_footnotes_tables)', async () => {
    const doc = await read('report_mte_numerique_ecologie_bilan_footnotes_tables');
    expect([...doc.headers, ...doc.footers].filter((h) => h.kind === 'folio').map((h) => h.text)).toEqual(['1', '3', '6']);
  });

  it('a leaflet panel’s numbered steps under its large heading are the panel’s text, not notes (leaflet_freifunk_kiel_faltblatt)', async () => {
    const doc = await read('leaflet_freifunk_kiel_faltblatt');
    // (The leaflet's source line at the foot of the inside, "Faltblatt Quelle: … 5.5.2017", is no step: it may be lifted.)
    expect(doc.footnotes.filter((n) => !n.text.startsWith('Faltbla'))).toEqual([]);
    const text = squash(doc.text);
    expect(text.indexOf('Wie kann ich mitmachen?')).toBeLessThan(text.indexOf('1. Kompa'));
  });

  it('notes numbered in Persian digits close under loosely led text, and Japanese notes numbering on from the page before set near the text’s size, are notes (thesis_tehran_thesis_fa_footnotes_tables, cjk_eptex_resume_ja_footnotes)', async () => {
    const fa = await read('thesis_tehran_thesis_fa_footnotes_tables');
    expect(fa.footnotes.filter((n) => n.page === 1).map((n) => n.marker)).toEqual(['۲', '۳', '۴', '۵']);
    expect(fa.text).not.toContain('parsilatex.com');
    const ja = await read('cjk_eptex_resume_ja_footnotes');
    expect(ja.footnotes.map((n) => [n.page, n.marker])).toEqual([
      [1, '1'],
      [2, '2'],
      [2, '3'],
      [3, '4'],
      [3, '5'],
      [3, '6'],
    ]);
  });

  it('a two-column contents list whose titles end short of their leader dots keeps each entry whole (cjk_texproposal_cqu_toc_margin_notes)', async () => {
    const text = squash((await read('cjk_texproposal_cqu_toc_margin_notes')).text);
    expect(text).toContain('4.1 提议原因 . . . . . . . . . 18 4.2 依赖条件 . . . . . . . . . 19');
  });

  it('a Sphinx manual’s verso feet, the folio far apart before the chapter’s name, are running feet (manual_devref_sphinx_templates)', async () => {
    const doc = await read('manual_devref_sphinx_templates');
    expect(doc.footers.map((f) => [f.page, f.text])).toEqual([
      [1, '44 Chapter 5. Managing Packages'],
      [2, '76 Chapter 6. Best Packaging Practices'],
      [3, '6.7. Internationalization 77'],
    ]);
    expect(doc.text).not.toContain('Chapter 5. Managing Packages');
  });

  it('a title page’s notes led much closer than the contents list over them are notes (manual_fancyhdr_it_titlepage_toc_footnotes)', async () => {
    const doc = await read('manual_fancyhdr_it_titlepage_toc_footnotes');
    expect(doc.footnotes.map((n) => [n.page, n.marker])).toEqual([
      [1, '∗'],
      [1, '1'],
    ]);
    expect(doc.text).not.toContain('Questa versione dovrebbe essere rilasciata molto presto.');
  });

  it('a manuscript’s two columns offset by half a line under its full-width abstract read column by column (paper_aastex_sfrd_lineno_tables)', async () => {
    const text = squash((await read('paper_aastex_sfrd_lineno_tables')).text);
    expect(text).toContain(
      'history of the Universe. Exotic transient phenomena, including (pulsational) pair-instability supernovae, long gamma-ray bursts',
    );
    expect(text.indexOf('1. INTRODUCTION')).toBeLessThan(text.indexOf('A myriad of astrophysical phenomena'));
  });

  it('the Official Journal’s notes under numbers raised between parentheses are notes, the turned lines with them (legal_eu_oj_2024_1359_sv_recitals_articles)', async () => {
    const doc = await read('legal_eu_oj_2024_1359_sv_recitals_articles');
    expect(doc.footnotes.filter((n) => n.page === 1).map((n) => n.marker)).toEqual(['1', '2', '3', '4', '5']);
    expect(doc.footnotes[3]?.text).toMatch(
      /^Europaparlamentets och rådets förordning .* ELI: http:\/\/data\.europa\.eu\/eli\/reg\/2024\/1351\/oj\)\.$/,
    );
    expect(doc.text).not.toContain('EUT C 155');
  });

  it('two authors side by side under their own heading read author by author (report_crs_legal_sidebar_circuit_splits_author_disclaimer)', async () => {
    const text = squash((await read('report_crs_legal_sidebar_circuit_splits_author_disclaimer')).text);
    expect(text).toContain('Michael John Garcia Deputy Assistant Director/ALD Alexander H. Pepper Legislative Attorney');
  });

  it('notes under "(1)" across the measure at a page’s foot are notes; a statute’s "(1)" paragraphs quoted in a note column are not (cjk_qyxf_book_doc_zh_boxes_footnotes, report_koma_notecolumn)', async () => {
    const zh = await read('cjk_qyxf_book_doc_zh_boxes_footnotes');
    expect(zh.footnotes.filter((n) => n.page === 1).map((n) => n.marker)).toEqual(['1']);
    const koma = await read('report_koma_notecolumn');
    expect(koma.footnotes).toEqual([]);
    expect(squash(koma.text)).toContain('(1) Die Komik eines Witzes kann durch das kulturelle');
  });

  it('two framed boxes of Japanese prose side by side read box by box, not as a table (cjk_owasp_top10_2010_ja_about_twocol)', async () => {
    const text = squash((await read('cjk_owasp_top10_2010_ja_about_twocol')).text);
    expect(text).not.toContain(' | ');
    expect(text.indexOf('エネル')).toBeLessThan(text.indexOf('The Open Web Application Security Project'));
  });

  it('four authors in a grid read row by row over the paper’s columns opening with a lone heading (paper_acl2016_alto_author_grid_table)', async () => {
    const text = squash((await read('paper_acl2016_alto_author_grid_table')).text);
    expect(text.indexOf('Jordan Boyd-Graber')).toBeLessThan(text.indexOf('Abstract'));
  });

  it('a tree listing a fact sheet’s boxes in the order they were made is not used (factsheet_epa_avert)', async () => {
    const doc = await read('factsheet_epa_avert');
    const p1 = doc.diagnostics.find((d) => d.page === 1 && d.code === 'tags-incoherent');
    expect(p1?.message).toMatch(/other way round/);
    expect(doc.diagnostics.some((d) => d.page === 2 && d.code === 'order-from-tags')).toBe(true);
  });

  it('a form’s two-column bullet list: the right column’s bullets open their items (form_cms_1490s)', async () => {
    const text = squash((await read('form_cms_1490s')).text);
    expect(text).toContain('• Name of other Medical Insurance');
    expect(text).toContain('medical coverage other than Medicare.');
    expect(text).not.toMatch(/older and • /);
  });

  it('a manual’s side heads: each heading before its section, item numbers with their items (manual_irs_irm_bmfol)', async () => {
    const text = squash((await read('manual_irs_irm_bmfol')).text);
    const at = (s: string) => text.indexOf(s);
    expect(at('Program Management and Review')).toBeGreaterThan(-1);
    expect(at('Program Management and Review')).toBeLessThan(at('(1) Program Reports'));
    expect(at('(1) Program Reports')).toBeLessThan(at('(2) Program Effectiveness'));
    expect(at('(2) Program Effectiveness')).toBeLessThan(at('Program Controls'));
  });

  it('boxed labels centred beside their descriptions: each label, then its description (cjk_owasp_top10_2017_ko)', async () => {
    const text = squash((await read('cjk_owasp_top10_2017_ko')).text);
    const order = [
      'A1:2017- 인젝션',
      'SQL, OS, XXE, LDAP 인젝션',
      'A2:2017- 취약한 인증',
      '인증 및 세션 관리와',
      'A10:2017- 불충분한 로깅 & 모니터링',
      '불충분한 로깅과 모니터링은',
    ];
    expectInOrder(text, order);
  });

  it('a newsletter story whose first lines crowd the gutter is read column by column (newsletter_flowfram)', async () => {
    const text = squash((await read('newsletter_flowfram')).text);
    expect(text).toContain('There was much celebration yesterday morning when Little Bo Peep’s sheep finally returned home.');
    expect(text).toContain('said in a press conference yesterday afternoon.');
  });

  it('a slip opinion’s notes under a rule of dashes, and a note’s rest on the next page (gov_scotus_tarrant)', async () => {
    const doc = await read('gov_scotus_tarrant');
    expect(doc.footnotes.map((f) => [f.page, f.marker])).toEqual(
      expect.arrayContaining([
        [1, '5'],
        [1, '6'],
        [2, null],
      ]),
    );
    expect(doc.text).not.toContain('——————');
    expect(squash(doc.text)).toContain('take 310,000 acre feet');
  });

  it('a BMC paper’s back matter, ending in its references, stays in the text (paper_bmc_trauma_dvt)', async () => {
    const doc = await read('paper_bmc_trauma_dvt');
    expect(squash(doc.text)).toContain('1. Kudsk KA, Fabian TC');
    expect(doc.footnotes.some((f) => f.text.includes('Kudsk'))).toBe(false);
  });

  it('a flyer in three columns above two: the upper columns read one by one (brochure_latex_threecol)', async () => {
    const text = squash((await read('brochure_latex_threecol')).text);
    expect(text).toContain('The crossreferencing features let you name anything you want to refer to');
    expect(text.indexOf('Crossreferences')).toBeLessThan(text.indexOf('Figures and illustrations'));
    expect(text.indexOf('Figures and illustrations')).toBeLessThan(text.indexOf('Persistence and reliability'));
  });

  it('a poster’s band of three columns between bands of two: each band’s columns read one by one, the lower band’s too (poster_randsd_spectral_densities)', async () => {
    const text = squash((await read('poster_randsd_spectral_densities')).text);
    expectInOrder(text, [
      'Finally, the starting point for all our methods',
      'For a symmetric matrix B',
      'The Girard-Hutchinson trace estimator',
      'for a constant cΨ',
      'The Nyström approximation offers a way',
      'which can be computed efficiently with (6) and (7).',
      'The Nyström++ estimator is a variance-reduced version',
      'Generalizing it to the parameter-',
    ]);
    // And the band of two columns under it, each column whole.
    expect(text).toContain('We consider the three-dimensional finite difference discretization matrix A ∈ R1000×1000 of the Laplace operator');
    expect(text).toContain('For fixed m but varying nΩ + nΨ, and vice versa, we plot the L1 approximation error of all three methods');
  });

  it('a fact sheet’s box of three named short columns inside a column, read one by one (factsheet_useiti_revenue)', async () => {
    const text = squash((await read('factsheet_useiti_revenue')).text);
    expect(text).toMatch(/ONRR xxvi Examines company records to ensure accuracy of reporting and payments/);
    expect(text).toMatch(/BLM xxvii Verifies production, permits, conducts onsite inspections/);
  });

  it('a one-page flyer’s contact and agency lines at its foot stay in the text (flyer_usgs_riding_storm)', async () => {
    const doc = await read('flyer_usgs_riding_storm');
    expect(squash(doc.text)).toContain('For current information about our Public Lecture Series');
    expect(squash(doc.text)).toContain('Menlo Park Science Center');
    expect(doc.footers).toEqual([]);
    expect(doc.footnotes).toEqual([]);
  });

  it('a note column whose blocks open with “§ 1”, “§ 2” stays in the text (report_koma_notecolumn)', async () => {
    const doc = await read('report_koma_notecolumn');
    expect(squash(doc.text)).toContain('Kein Witz ohne Publikum');
    expect(doc.footnotes).toEqual([]);
  });

  it('a bill’s text set small in a column of its own from the top of the page is text, not a note (gov_crec_house_one_minutes)', async () => {
    const crec = await read('gov_crec_house_one_minutes');
    expect(crec.footnotes.filter((f) => f.page === 2)).toEqual([]);
    const text = squash(crec.text);
    expect(text).toContain('This Act may be cited as the ‘‘Stop Illegal Entry Act of 2025’’.');
  });

  it('a letterhead’s two little blocks and a flyer’s contact band, each block read whole (gov_va_directive_6221_transmittal, brochure_trame_flyer)', async () => {
    const va = squash((await read('gov_va_directive_6221_transmittal')).text);
    expect(va).toContain('Department of Veterans Affairs Washington, DC 20420');
    expect(va).toContain('VA Directive 6221 Transmittal Sheet December 1, 2008');
    const trame = squash((await read('brochure_trame_flyer')).text);
    expect(trame).toContain('Address: 1712 Route 9, Suite 300, Clifton Park, NY 12065 Phone: (518) 371-3971');
  });

  it('a pull quote under a column’s text, a German sentence running on past it, and a photo’s three-line caption at the foot (report_wmde_jahresbericht2016_twocol)', async () => {
    const doc = await read('report_wmde_jahresbericht2016_twocol');
    const text = squash(doc.text);
    expect(text).toContain('die Open Science in der eigenen Forschung und Lehre praktizieren, weiterhin klein.');
    expect(text).toContain('Projektleiter Christopher Schwarzkopf bei der Wikimedia');
    expect(doc.footers.map((f) => f.text).join(' ')).not.toContain('Projektleiter');
  });

  it('a glossary’s three columns, level across for a few rows, read column by column (cjk_irs_p850_zh_hant_glossary)', async () => {
    const text = squash((await read('cjk_irs_p850_zh_hant_glossary')).text);
    expect(text).toContain('abatement of tax 稅款減免 ability to pay 支付能力');
    expect(text.indexOf('abandonment clause')).toBeLessThan(text.indexOf('accuracy-related penalty'));
  });

  it('a court order’s caption divided by a column of "]": the parties whole, then the court below and the case number (legal_ca7_fedex_order_bracket_caption)', async () => {
    const text = squash((await read('legal_ca7_fedex_order_bracket_caption')).text);
    expect(text).toContain('IN RE: FEDEX GROUND PACKAGE SYSTEM, INC. EMPLOYMENT PRACTICES LITIGATION MICHAEL TOFAUTE');
    expect(text.indexOf('Defendant-Appellant.')).toBeLessThan(text.indexOf('Appeal from the United'));
  });

  it('a head of three blocks side by side, each read whole: a tax form’s, a court clerk’s letterhead (form_irs_w9_2018, letter_ca6_clerk_three_block_letterhead)', async () => {
    const form = squash((await read('form_irs_w9_2018')).text);
    expect(form).toContain(
      'Form W-9 (Rev. October 2018) Department of the Treasury Internal Revenue Service Request for Taxpayer Identification Number and Certification',
    );
    expect(form).toContain('Give Form to the requester. Do not send to the IRS.');
    const letter = squash((await read('letter_ca6_clerk_three_block_letterhead')).text);
    expect(letter).toContain('100 EAST FIFTH STREET, ROOM 540 POTTER STEWART U.S. COURTHOUSE CINCINNATI, OHIO 45202-3988 Tel. (513) 564-7000');
  });

  it('a court’s centred name and address over two blocks side by side are read before them, whole (letter_ca2_docketing_notice_twoblock_header)', async () => {
    const text = squash((await read('letter_ca2_docketing_notice_twoblock_header')).text);
    expect(text).toContain(
      'United States Court of Appeals for the Second Circuit Thurgood Marshall U.S. Courthouse 40 Foley Square New York, NY 10007 ROBERT A. KATZMANN',
    );
  });

  it('a poster’s watermark in large type, its columns set over it, is lifted whole, its raised “A” too (poster_tcolorbox_example_poster)', async () => {
    const doc = await read('poster_tcolorbox_example_poster');
    expect(doc.headers.filter((h) => h.kind === 'watermark').map((h) => h.text.replace(/\s+/g, ''))).toEqual(['LATEXPoster']);
    const text = squash(doc.text);
    expect(text).not.toContain('Poster\\begin');
    expect(text).not.toMatch(/\bL\b.*\bA\b.*TEX Poster/u);
  });

  it('a slide’s four columns of short paragraphs on baselines of their own are read column by column, not as a table (slides_nasa_tops_yoos_workshop_columns)', async () => {
    const text = squash((await read('slides_nasa_tops_yoos_workshop_columns')).text);
    expect(text).toContain('TOPS and YOOS everywhere: Articles, announcements, Twitter Spaces, conferences');
    expect(text).toContain('Online, free, Open Science curriculum on Open edX');
  });

  it('a reference card’s commands each read with what it does beside it, the commands first (refcard_octave_quickref)', async () => {
    const text = squash((await read('refcard_octave_quickref')).text);
    expect(text).toContain('octave start interactive Octave session octave file run Octave on commands in file');
  });

  it('a testimony’s side heads in display type, their tops level with their paragraphs, each read before its section (gov_gao_eac_testimony_sideheads)', async () => {
    const text = squash((await read('gov_gao_eac_testimony_sideheads')).text);
    expect(text).toContain('today to share the results of that survey with you. Overview of EAC Creation and Purpose The EAC was established');
  });

  it('a proceedings page’s six authors in two rows, names no larger, each block ending in an e-mail, read block by block (paper_smc2019_chord_prediction)', async () => {
    const text = squash((await read('paper_smc2019_chord_prediction')).text);
    expect(text).toContain('Kristoffer Landsnes EPFL kristoffer.landsnes@epfl.ch Liana Mehrabyan EPFL liana.mehrabyan@epfl.ch');
  });

  it('a listing’s line carried over to the top of a page stays in the text, not a head (cjk_pmhanguljamo_kdoc_table_notes)', async () => {
    const doc = await read('cjk_pmhanguljamo_kdoc_table_notes');
    expect(doc.headers.filter((h) => h.page === 1)).toEqual([]);
    expect(doc.text).toContain('\\underline{\\jamoword{mit/jur/gvs/gi}}');
  });

  it('a civil cover sheet’s six columns of numbered case types, under the form’s boxes, read column by column (form_uscourts_cacd_cv71_civil_cover)', async () => {
    const text = squash((await read('form_uscourts_cacd_cv71_civil_cover')).text);
    expect(text).toContain('376 Qui Tam (31 USC 3729(a)) 400 State Reapportionment 410 Antitrust');
    expect(text).toContain('152 Recovery of Defaulted Student Loan (Excl. Vet.) 153 Recovery of Overpayment of Vet. Benefits');
    expect(text.indexOf('VII. NATURE OF SUIT')).toBeLessThan(text.indexOf('375 False Claims Act'));
  });

  it('three columns of text under a chart, parted from it by a section’s title across two of them (report_irs_databook_2025_compliance)', async () => {
    const text = squash((await read('report_irs_databook_2025_compliance')).text);
    expect(text).toContain('This section of the IRS Data Book highlights the IRS’s compliance efforts.');
    expect(text).toContain('identify and resolve taxpayer errors and to identify fraud.');
  });

  it('a box of cards in a column, figures over centred labels in two rows, read card by card (report_usds_fall2017_impact_boxes)', async () => {
    const text = squash((await read('report_usds_fall2017_impact_boxes')).text);
    expect(text).toContain(
      '3x Increase in WOSB participation since launch 230k+ Documents submitted electronically 180 Labor years redirected annually',
    );
  });

  it('an author line whose names are set apart by bars is read whole over the columns below (paper_wiley_aphw_climate_anxiety)', async () => {
    const text = squash((await read('paper_wiley_aphw_climate_anxiety')).text);
    expect(text).toContain('Chiara. K. V. Hill-Harding 1 | Marissa. D. Klein 1 | Constantin von Stackelberg 1 | Esther. K. Papies 2 |');
  });

  it('a title page’s two blocks standing apart, read block by block; listings side by side left to the code-beside pass (thesis_toptesi_magistrale_frontmatter, manual_metanorma)', async () => {
    const thesis = squash((await read('thesis_toptesi_magistrale_frontmatter')).text);
    expect(thesis).toContain(
      'Relatori prof. Albert Einstein dipl. ing. Werner von Braun dott. Mario Rossi Studente Galileo Galilei matricola: 123456',
    );
    const metanorma = squash((await read('manual_metanorma')).text);
    expect(metanorma).toContain('\\begin{center} This paragraph is centered. \\end{center}');
  });

  it('a table’s caption whose label stands apart from its title is read as one line over the table (manual_beaglebone_black_srm_features)', async () => {
    const text = squash((await read('manual_beaglebone_black_srm_features')).text);
    expect(text).toContain('Table 2. BeagleBone Black Features');
  });

  it('three text columns over a full-width table, cut from the table at its caption, read column by column (report_census_p70_disability_tables)', async () => {
    const text = squash((await read('report_census_p70_disability_tables')).text);
    expect(text).toContain(
      'quarters had a disability in 2010.8 Were this population included in the SIPP, the magnitude of the disability estimates',
    );
  });

  it('a running foot whose folio stands before it on a verso and after it on a recto is one foot (report_gsa_ocsit_fy2011_callout)', async () => {
    const doc = await read('report_gsa_ocsit_fy2011_callout');
    expect(doc.text).not.toContain('ANNUAL REPORT');
  });

  it('a tri-fold’s cover title, far right of the flap’s text, is read whole (brochure_matrix_flyer_trifold)', async () => {
    const text = squash((await read('brochure_matrix_flyer_trifold')).text);
    expect(text).toContain('An open network for secure, decentralised communication');
    expect(text).toContain('Communication should be available to everyone as a free and open');
  });

  it('small capitals on the baseline of the words beside them stay in their line (paper_inlg2019_viggo_tables)', async () => {
    const text = squash((await read('paper_inlg2019_viggo_tables')).text);
    expect(text).toContain('There is an additional slot, EXP RELEASE DATE, only possible in the inform and confirm DAs.');
  });

  it('a TeX font’s hyphen at 0x7F (DEL, no ToUnicode) is a line-end hyphen: the word is joined (manual_lshort_bg)', async () => {
    const text = squash((await read('manual_lshort_bg')).text);
    expect(text).toContain('вие можете да използвате');
    expect(text).toContain('съответстващ на текущия шрифт');
    expect(text).not.toMatch(/\u007f|\u00ad/);
  });

  it('a display fraction read as TeX drew it: left side, numerator, denominator (paper_elsarticle_5p)', async () => {
    const text = squash((await read('paper_elsarticle_5p')).text);
    expect(text).toContain('aml = n2 jml (nx) [x jml (x)]′ − jml (x) [nx jml (nx)]′ n2 jml (nx) [xh(1) ml (x)]′');
  });

  it('three columns of arrow lists on a slide are read list by list, not as a table (slides_18f_consulting)', async () => {
    const doc = await read('slides_18f_consulting');
    const text = squash(doc.text);
    expect(text).toContain('➔ Brainstorm product, technical, design direction');
    expect(text).toContain('➔ Provide iteration management coaching');
    expect(text.indexOf('Do contract modularization and planning')).toBeLessThan(text.indexOf('Assure Good Technical'));
  });

  it('a newsletter’s title drawn twice reads once; an event under a bold heading stays in its column (newsletter_nasa_tops)', async () => {
    const doc = await read('newsletter_nasa_tops');
    const text = squash(doc.text);
    expect(text.split('TOPS Monthly News & Updates')).toHaveLength(2);
    expect(doc.diagnostics.some((d) => d.code === 'overprinted-text' && d.page === 1)).toBe(true);
    expect(text.indexOf('Exhibit Booth #428')).toBeLessThan(text.indexOf('American Geophysical Union'));
    expect(text.indexOf('Poster Session: Open for decisions')).toBeLessThan(text.indexOf('Did you miss any part'));
  });

  it('a heading over two of three boxes, drawn word by word, is read whole (brochure_cdc_prime_onepager)', async () => {
    const text = squash((await read('brochure_cdc_prime_onepager')).text);
    expect(text).toContain('PRIME includes three interrelated projects:');
  });

  it('a column’s notes sharing rows with the next column’s lines are notes, not text (paper_inlg2019_dialogue_eval)', async () => {
    const doc = await read('paper_inlg2019_dialogue_eval');
    expect(doc.footnotes.map((f) => [f.page, f.marker, f.text])).toEqual(
      expect.arrayContaining([
        [2, '1', 'https://github.com/nouhadziri/THRED'],
        [2, '2', 'https://bit.ly/1IZ0FG4'],
      ]),
    );
    expect(doc.text).not.toContain('nouhadziri/THRED');
    expect(squash(doc.text)).toContain('P = 1 + log 2 + L′ 2 + L′′ (1)');
  });

  it('a layout table: the label, the text cell beside it, then the steps under it (manual_18f_otp_remote_access)', async () => {
    const text = squash((await read('manual_18f_otp_remote_access')).text);
    const at = (s: string) => text.indexOf(s);
    expect(at('Install and Configure client:')).toBeGreaterThan(-1);
    expect(at('Install and Configure client:')).toBeLessThan(at('The use of 2 Factor authentication'));
    expect(at('or Android smartphone or tablet.')).toBeLessThan(at('SecureAuth One Time Password (OTP) application installation'));
  });

  it('a margin column’s biography is read after the page’s text, not taken for a note; TeX accents set on their letter (paper_frontiers_canine_coop)', async () => {
    const doc = await read('paper_frontiers_canine_coop');
    const text = squash(doc.text);
    expect(doc.footnotes.some((f) => f.text.includes('received her Ph.D.'))).toBe(false);
    expect(text.indexOf('To sum up, these non-exclusive domestication hypotheses')).toBeLessThan(text.indexOf('received her Ph.D.'));
    expect(text).toContain('(Ostojić and Clayton, 2014)');
  });

  it('a paper’s metadata sidebar in small type is read after the title, abstract and text beside it (paper_plos_one_fanged_frog)', async () => {
    const text = squash((await read('paper_plos_one_fanged_frog')).text);
    expect(text.indexOf('A Novel Reproductive Mode in Frogs')).toBeLessThan(text.indexOf('OPEN ACCESS'));
    expect(text.indexOf('We describe a new species of fanged frog')).toBeLessThan(text.indexOf('Citation: Iskandar DT'));
  });

  it('a REVTeX bibliography under the text’s rule, numbered without stops, stays in the text (paper_bfit_revtex)', async () => {
    const doc = await read('paper_bfit_revtex');
    const text = squash(doc.text);
    expect(text).toContain('F. L. Pratt, “WIMDA: a muon data analysis program for the Windows PC,”');
    expect(text).toContain('Hassan Saadaoui, “BnmrOffice');
    expect(doc.footnotes.some((f) => f.text.startsWith('(2000)'))).toBe(false);
  });

  it('two centred labels under a slide’s icons, each with its caption, read block by block, not as a table (slides_cms_qpp_denominator_guide)', async () => {
    const doc = await read('slides_cms_qpp_denominator_guide');
    const text = squash(doc.text);
    expect(text).toContain('Eligible Measure Applicability (EMA) Process');
    expect(text).toContain('Applies to specialty measure sets with fewer than 6 measures');
    expect(doc.segments.some((s) => s.page === 1 && s.kind === 'table')).toBe(false);
  });

  it('a derivation of display formulas between lines of words is read as text, not as a table (paper_hcrbounds_fairmeta)', async () => {
    const doc = await read('paper_hcrbounds_fairmeta');
    expect(doc.segments.filter((s) => s.page === 3 && s.kind === 'table')).toEqual([]);
    expect(squash(doc.text)).toContain('Expanding the square yields three terms');
  });

  it('block matrices either side of an "=" on a row of its own, and a norm over a fraction bar, are no columns (paper_lme4_theory_mixed)', async () => {
    const doc = await read('paper_lme4_theory_mixed');
    expect(doc.pages[1].columnCount).toBe(1);
    expect(squash(doc.text)).toContain('The discrepancy can now be written in the canonical form');
    expect(squash(doc.text)).not.toContain('0 PX X′ZΛ(θ) X′X 0 PX The discrepancy');
  });

  it('a one-column page of displays is no columns: limits and delimiters beside a gap its formulas’ lines run across (paper_aastex_rnaas_psf_poisson)', async () => {
    const doc = await read('paper_aastex_rnaas_psf_poisson');
    expect(doc.pages[1].columnCount).toBe(1);
    expect(squash(doc.text)).toContain('which must satisfy the following system of differential equations');
  });

  it('a display’s line of words reaching a gap with its equation number only is no column’s line (paper_article_embedded_mpc_calibration)', async () => {
    const doc = await read('paper_article_embedded_mpc_calibration');
    expect(doc.pages[1].columnCount).toBe(1);
    expect(squash(doc.text)).toContain('s.t. model equations (2a), (2b) (3b)');
  });

  it('a set-builder display and a plot under a running head are no columns: the head over them stands apart (book_infdesc_functions)', async () => {
    const doc = await read('book_infdesc_functions');
    expect(doc.pages[0].columnCount).toBe(1);
    expect(squash(doc.text)).toContain('can be represented by graph plot in Figure 3.1.');
  });

  it('a form’s boxes parted by a drawn rule are read box by box (form_irs_w9_2018)', async () => {
    const doc = await read('form_irs_w9_2018');
    const text = squash(doc.text);
    expect(text).toContain('4 Exemptions (codes apply only to certain entities, not individuals; see instructions on page 3):');
    expect(text).toContain('Check only one of the following seven boxes.');
    expect(doc.diagnostics.some((d) => d.code === 'ruled-boxes' && d.page === 1)).toBe(true);
  });

  it('a ruled grid’s boxes, closed over and under by rules, are read box by box: an item’s number with its label (form_ssa_ss5_card_application)', async () => {
    const doc = await read('form_ssa_ss5_card_application');
    const text = squash(doc.text);
    expect(text).toContain('1 NAME TO BE SHOWN ON CARD');
    expect(text).toContain('First Full Middle Name Last');
    expect(text).toContain('12 Name shown on the most recent Social Security card issued for the person listed in item 1');
    expect(doc.segments.some((s) => s.box && s.text === 'NAME\nTO BE SHOWN ON CARD')).toBe(true);
  });

  it('a form’s options side by side, each a check box before its label, are read option by option (form_irs_w9_2018)', async () => {
    const doc = await read('form_irs_w9_2018');
    expect(squash(doc.text)).toContain(
      'following seven boxes. Individual/sole proprietor or single-member LLC C Corporation S Corporation Partnership Trust/estate Limited liability company.',
    );
    expect(doc.segments.some((s) => s.box && s.text === 'Individual/sole proprietor or\nsingle-member LLC')).toBe(true);
  });

  it('options whose labels stand over, beside and under their boxes, after the item’s own label (form_ssa_ss5_card_application)', async () => {
    expect(squash((await read('form_ssa_ss5_card_application')).text)).toContain(
      '5 CITIZENSHIP (Check One) U.S. Citizen Legal Alien Allowed To Work Legal Alien Not Allowed To Work(See Instructions On Page 3) Other (See Instructions On Page 3)',
    );
  });

  it('a civil cover sheet’s options, in two columns of boxes and in a row of boxes, each read whole (form_uscourts_cacd_cv71_civil_cover)', async () => {
    const text = squash((await read('form_uscourts_cacd_cv71_civil_cover')).text);
    expect(text).toContain('1. U.S. Government Plaintiff 3. Federal Question (U.S. Government Not a Party)');
    expect(text).toContain('1. Original Proceeding 2. Removed from State Court 3. Remanded from Appellate Court 4. Reinstated or Reopened');
  });

  it('a form’s head at the top of the page, closed over by the page’s edge, is read box by box (form_irs_schedule_a_2024_itemized_deductions, form_irs_f8949_2024_capital_asset_sales)', async () => {
    const a = squash((await read('form_irs_schedule_a_2024_itemized_deductions')).text);
    expect(a).toContain('SCHEDULE A (Form 1040) Department of the Treasury Internal Revenue Service');
    expect(a).not.toContain('Internal Revenue Service Caution');
    expect(squash((await read('form_irs_f8949_2024_capital_asset_sales')).text)).toContain('Department of the Treasury Internal Revenue Service');
  });

  it('a voucher’s numbered boxes are its fields, not notes, though the third is set bold (form_irs_f1040v_2024_payment_voucher)', async () => {
    const doc = await read('form_irs_f1040v_2024_payment_voucher');
    const text = squash(doc.text);
    expect(text).toContain('1 Your social security number (SSN) (if a joint return, SSN shown first on your return)');
    expect(text).toContain('4 Your first name and middle initial');
    expect(doc.footnotes.filter((f) => f.page === 1)).toEqual([]);
  });

  it('a title in a box set again as the pages’ head is read as the title on the first page (manual_elsarticle)', async () => {
    const doc = await read('manual_elsarticle');
    expect(squash(doc.text).startsWith('elsarticle.cls – A better way to format your document Elsevier Ltd')).toBe(true);
    expect(doc.headers.filter((h) => h.page === 1).map((h) => h.text)).not.toContain('way to format your');
  });

  it('a tax form’s long ruled stretches are no rows of boxes: its lines keep their amounts’ numbers (form_f1040)', async () => {
    const text = squash((await read('form_f1040')).text);
    expect(text).toContain('This is your total income ▶ 22');
    expect(text).toContain('Boxes checked on 6a and 6b');
  });

  it('a statistical table’s ruled head stays the table’s: its notes’ marks in the head make no footnotes of the notes (gov_eia_aer2011_fossil_fuel_prices_table_notes)', async () => {
    const doc = await read('gov_eia_aer2011_fossil_fuel_prices_table_notes');
    expect(doc.footnotes).toEqual([]);
    expect(squash(doc.text)).toContain('1 Free-on-board (F.O.B.) rail/barge prices');
  });

  it('a poster’s three columns framed and ruled apart are read as its columns, not as boxes (poster_randsd_spectral_densities)', async () => {
    const text = squash((await read('poster_randsd_spectral_densities')).text);
    expect(text).toContain(
      'The Nyström approximation offers a way to compress a symmetric positive semi-definite (PSD) matrix of low rank by multiplying it with a small sketching matrix',
    );
  });

  it('a ruled table whose cells stand level row after row is read row by row (thesis_fei_classe_latex_manual_pt_toc_quadros)', async () => {
    const text = squash((await read('thesis_fei_classe_latex_manual_pt_toc_quadros')).text);
    expect(text).toContain('Sumário \\tableofcontents Lista de Figuras \\listoffigures');
  });

  it('an aligned equation’s gap on a one-column page is no gutter: each left side with its right (paper_quantreg_crq_jss)', async () => {
    const text = (await read('paper_quantreg_crq_jss')).text;
    expect(text).toContain('Ni(t) = I({Ti ≤ t} and {δi = 1})');
    expect(text).not.toContain('Ni(t) = Ri(t) =');
  });

  it('a list of acronyms beside their expansions is read row by row, though some expansions reach the edge (report_epa_wst_user_manual)', async () => {
    const doc = await read('report_epa_wst_user_manual');
    const rows = doc.segments.filter((s) => s.page === 1 && s.kind === 'table').flatMap((s) => s.lines.map((l) => l.cells));
    expect(rows).toContainEqual(['ATUS', 'American Time-Use Survey']);
    expect(rows).toContainEqual(['BLAS', 'Basic linear algebra sub-routines']);
    expect(rows).toContainEqual(['CFU', 'Colony-forming unit']);
  });

  it('a box of event names beside what each carries is read row by row, though paragraphs run across its gap (manual_xmlada_sphinx_deflist_sax_events)', async () => {
    const text = squash((await read('manual_xmlada_sphinx_deflist_sax_events')).text);
    expect(text).toContain('Start_Document Start parsing the file Start_Prefix_Mapping (handling of namespaces for "xml")');
    expect(text).toContain('Processing_Instruction Parameters are "xml" and "version="1.0"" Start_Element Parameter is "body"');
  });

  it('notes outweighing the text: a chapter opener’s epigraph in the notes’ size is not counted against them (book_erickson_algorithms_greedy_epigraph_footnotes)', async () => {
    const doc = await read('book_erickson_algorithms_greedy_epigraph_footnotes');
    expect(doc.footnotes.filter((n) => n.page === 2).map((n) => n.marker)).toEqual(['4', '5', '6']);
    expect(squash(doc.text)).not.toContain('he talked for forty-five minutes');
  });

  it('a slide’s date line opening with an ordinal is no note marker (slides_aiven_databases)', async () => {
    const doc = await read('slides_aiven_databases');
    expect(squash(doc.text)).toContain('18th July 2025, EuroPython 2025');
    expect(doc.footnotes.filter((f) => f.page === 1)).toEqual([]);
  });

  it('a guide’s listing beside its typeset result: the listing, then the result; Korean lines joined with spaces (cjk_lshort_ko)', async () => {
    const text = squash((await read('cjk_lshort_ko')).text);
    expect(text).toContain('daughter-in-law, X-rated\\\\ pages 13--67\\\\ yes---or no? \\\\ $0$, $1$ and $-1$');
    expect(text).toContain('daughter-in-law, X-rated pages 13–67 yes—or no?');
    expect(text).toContain('사용하는 여는');
  });

  it('justified panels level for a few rows are no table: their words are spaced alike (leaflet_netbsd_refcard_inside)', async () => {
    const doc = await read('leaflet_netbsd_refcard_inside');
    expect(doc.segments.some((seg) => seg.kind === 'table')).toBe(false);
    const text = squash(doc.text);
    expect(text).toContain('To turn up or down the volume you can use mixerctl(1), the increment and decrement operators are supported');
    expect(text.indexOf('Monitoring the system')).toBeLessThan(text.indexOf('With envstat(4)'));
  });

  it('a reference card’s three columns level for a few rows are no table across the page (refcard_octave_quickref)', async () => {
    const doc = await read('refcard_octave_quickref');
    expect(doc.segments.filter((seg) => seg.page === 1).some((seg) => seg.kind === 'table')).toBe(false);
    const text = squash(doc.text);
    expect(text).toContain('s search for a string C-s search forward incrementally C-r search backward incrementally');
    expect(text).toContain('cd dir change working directory to dir pwd print working directory');
  });

  it('a full grid of figures is a table whatever its fill; the two columns under it are read column by column (paper_ismir2016_genre_dictionaries_hpss)', async () => {
    const doc = await read('paper_ismir2016_genre_dictionaries_hpss');
    expect(doc.segments.filter((seg) => seg.page === 4).some((seg) => seg.kind === 'table')).toBe(true);
    const text = squash(doc.text);
    expect(text).toContain('[3] J.J. Aucouturier and F. Pachet. Representing musical genre: A state of the art.');
    expect(text.indexOf('7. APPENDIX: SPNMF WITH THE IS DIVERGENCE')).toBeLessThan(text.indexOf('[3] J.J. Aucouturier'));
  });

  it('a code box far left of a label box, their lines on baselines of their own, are read box by box (slides_cncf_kcd_beijing_hp_model_serving_zh)', async () => {
    const text = squash((await read('slides_cncf_kcd_beijing_hp_model_serving_zh')).text);
    expect(text).toContain('resources: requestGPU: 1 limitGPU: 1');
    expect(text).toContain('需要 GPU 的 POD 跑在 GPU Node');
  });

  it('a title beside a paragraph’s last line is no block beside a block: the text under them keeps its place (manual_irs_i1040_2017_filing_requirements_chart)', async () => {
    const text = squash((await read('manual_irs_i1040_2017_filing_requirements_chart')).text);
    expect(text.indexOf('Requirements')).toBeLessThan(text.indexOf('Have you tried IRS e-file'));
    expect(text.indexOf('Have you tried IRS e-file')).toBeLessThan(text.indexOf('child who was under age 19'));
  });

  it('an English item flush left between Hebrew lines flush right is one column, not blocks side by side (rtl_hebrew)', async () => {
    const text = squash((await read('rtl_hebrew')).text);
    expect(text.indexOf('First publication.')).toBeLessThan(text.indexOf('פרק 3 מבוסס על מאמר זה.'));
    expect(text.indexOf('פרק 3 מבוסס על מאמר זה.')).toBeLessThan(text.indexOf('Second publication.'));
  });

  it('an overfull line opening a section, a heading’s space under it, is read in its column (poster_bfh_sciposter_demo)', async () => {
    const text = squash((await read('poster_bfh_sciposter_demo')).text);
    expect(text).toContain('Die Fusszeile ist grundsätzlich aktiviert, kann jedoch mit Hilfe der Klassenoption footer=false ausgeschaltet werden.');
    expect(text.indexOf('Titeldaten nicht angezeigt.')).toBeLessThan(text.indexOf('Eine Box im Stil BFH-framed'));
  });

  it('a folded sheet’s upper row of panels is read before the lower row, parted by a wide blank (brochure_cc_sase_licente_ro_sixpanel)', async () => {
    const text = squash((await read('brochure_cc_sase_licente_ro_sixpanel')).text);
    expect(text.indexOf('mai fie nevoie să-ţi ceară permisiunea în avans.')).toBeLessThan(text.indexOf('Ce este Creative Commons?'));
    expect(text.indexOf('Șase licențe')).toBeLessThan(text.indexOf('Internetul ajută oamenii'));
  });

  it('three justified panels level for a few lines are no table: their pieces end in broken words (brochure_rdmo_flyer_de)', async () => {
    const doc = await read('brochure_rdmo_flyer_de');
    expect(doc.segments.some((seg) => seg.kind === 'table')).toBe(false);
    expect(squash(doc.text)).toContain(
      'Fragen zur langfristigen Speicherung und Veröffentlichung der produzierten Daten sollten rechtzeitig gestellt werden.',
    );
  });

  it('a chapter title in display type beside its summary is a title, not a table (report_18f_derisking_guide)', async () => {
    const doc = await read('report_18f_derisking_guide');
    expect(doc.segments.filter((seg) => seg.page === 1).some((seg) => seg.kind === 'table')).toBe(false);
    expect(squash(doc.text)).toContain('key principles for effective custom software development SUMMARY');
  });

  it('a title page’s affiliations under raised marks are notes, not margin line numbers (paper_aastex_stardate)', async () => {
    const doc = await read('paper_aastex_stardate');
    expect(
      doc.footnotes
        .filter((f) => f.page === 1)
        .map((f) => Number(f.marker))
        .sort((a, b) => a - b),
    ).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(doc.text).not.toContain('American Museum of Natural History');
  });

  it('a reference card’s descriptions each with its command beside it, card column by card column (refcard_pari_gp)', async () => {
    const text = squash((await read('refcard_pari_gp')).text);
    expect(text).toContain('describe function ?function');
    expect(text).toContain('extended description ??keyword');
  });

  it('notes at the foot of each of three columns, above a table across the page, are notes (report_census_p70_disability_tables)', async () => {
    const doc = await read('report_census_p70_disability_tables');
    expect(doc.footnotes.filter((f) => f.page === 1).map((f) => f.marker)).toEqual(['8', '9', '10']);
    expect(squash(doc.text)).toContain('population had a disability in 2010.9 About 38.3 million people');
  });

  it('affiliations and a correspondence address in a column beside the abstract are read, not notes (paper_wiley_aphw_climate_anxiety)', async () => {
    const doc = await read('paper_wiley_aphw_climate_anxiety');
    expect(doc.footnotes.filter((f) => f.page === 1).map((f) => f.text)).not.toContain(
      'School of Psychology & Neuroscience, University of Glasgow, UK',
    );
    expect(squash(doc.text)).toContain('School of Psychology & Neuroscience, University of Glasgow, UK');
  });

  it('notes in the body’s size headed by an unmarked note are notes: a revision note, a note run on from the page before (magazine_tugboat_plain_guide, report_crs_seafood_simp)', async () => {
    const tug = await read('magazine_tugboat_plain_guide');
    expect(tug.footnotes.map((f) => f.marker)).toEqual([null, '1']);
    expect(squash(tug.text)).not.toContain('Revised March 1992');
    const crs = await read('report_crs_seafood_simp');
    expect(crs.footnotes.filter((f) => f.page === 2).map((f) => f.marker)).toEqual([null, '35', '36', '37', '38']);
  });

  it('lines of code run over the gutter into the next column are read in their own column, which goes on past them (paper_spie_oe_letters)', async () => {
    const doc = await read('paper_spie_oe_letters');
    const text = squash(doc.text);
    expect(text).toContain('Furthermore there is possibility to choose a format suitable for submission (');
    expect(text).toContain('The two minipage environments of the Optical Engineer');
    expect(text.indexOf('3.4 endfloat package')).toBeLessThan(text.indexOf('Both Reference and Acknowledgments'));
    expect(doc.diagnostics.filter((d) => d.code === 'line-overflow').length).toBeGreaterThanOrEqual(2);
  });

  it('a journal’s masthead beside the title, its copyright line and DOI among short small lines, is furniture (paper_sage_chronic_stress_ecoanxiety)', async () => {
    const doc = await read('paper_sage_chronic_stress_ecoanxiety');
    expect(doc.headers.filter((h) => h.page === 1).map((h) => h.text)).toContain('DOI: 10.1177/24705470261442334');
    expect(doc.text).not.toContain('sagepub.com/journals-permissions');
  });

  it('a logo’s hidden label set at a third of a point is an artifact, not text (paper_wiley_aphw_climate_anxiety)', async () => {
    const doc = await read('paper_wiley_aphw_climate_anxiety');
    expect(doc.text).not.toContain('bs_bs_banner');
    expect(doc.headers.filter((h) => h.kind === 'artifact').map((h) => h.text)).toContain('bs_bs_banner');
  });

  it('licence notices closing a first page’s sidebar are furniture (paper_cambridge_eurpsy_climate_review, paper_cadsaudecolet_diabetes_gestacional_pt)', async () => {
    const cam = await read('paper_cambridge_eurpsy_climate_review');
    expect(cam.text).not.toContain('Creative Commons Attribution licence');
    expect(squash(cam.text)).toContain('Corresponding author: Kirsten Catthoor;');
    const cad = await read('paper_cadsaudecolet_diabetes_gestacional_pt');
    expect(cad.text).not.toContain('sob a licença Creative Commons');
  });

  it('a software journal’s sidebar is read after the title’s block and before the summary, its titled licence kept (paper_joss_inara_markdown_pipeline)', async () => {
    const text = squash((await read('paper_joss_inara_markdown_pipeline')).text);
    expect(text.indexOf('These authors contributed equally.')).toBeLessThan(text.indexOf('DOI: 10.21105/joss.00000'));
    expect(text.indexOf('DOI: 10.21105/joss.00000')).toBeLessThan(text.indexOf('Summary'));
    expect(text).toContain('License Authors of papers retain copyright and release the work under a Creative Commons Attribution 4.0');
  });

  it('three boxes of bullets side by side over a note across the page and a mailing table are read box by box (form_irs_f1040v_2024_payment_voucher)', async () => {
    const text = squash((await read('form_irs_f1040v_2024_payment_voucher')).text);
    expect(text).toContain('• Go to www.irs.gov/Account to log in and make a payment.');
    expect(text).toContain('• Use Direct Pay online to make an individual tax payment from your checking or savings account without registration.');
    expect(text.indexOf('and more.')).toBeLessThan(text.indexOf('• Use Direct Pay online'));
  });

  it('a Persian heading naming a long English title reads from its right end (rtl_owasp_api_security_2019_fa_foreword)', async () => {
    const text = (await read('rtl_owasp_api_security_2019_fa_foreword')).text;
    expect(text).toContain('به OWASP API Security Top 10 – 2019 خوش آمدید!');
  });

  it('an English name and its number inside a Hebrew sentence read in their order (rtl_owasp_top10_2010_he_about)', async () => {
    const text = (await read('rtl_owasp_top10_2010_he_about')).text;
    expect(text).toContain('OWASP Top 10 2010');
  });

  it('a Word report’s footnotes filling a third of the page are notes (report_crs_seafood_simp)', async () => {
    const doc = await read('report_crs_seafood_simp');
    expect(doc.footnotes.filter((f) => f.page === 1).map((f) => f.marker)).toEqual(['25', '26', '27', '28', '29', '30', '31', '32', '33', '34']);
  });

  it('math italic letters pdf.js cuts to Hangul are put back; XeTeX and LaTeX logos stay in their words (book_kaobook_theorem_boxes, cjk_oblivoir_simpledoc_ko)', async () => {
    const kao = await read('book_kaobook_theorem_boxes');
    expect(kao.text).toContain('Let (X, d) be a metric space.');
    expect(kao.text).not.toMatch(/[\uD400-\uD7A3]/u);
    const ko = squash((await read('cjk_oblivoir_simpledoc_ko')).text);
    expect(ko).toContain('5.2 XETEX-ko, LuaTEX-ko');
    expect(ko).toContain('pdfLATEX, XELATEX, LuaLATEX');
  });

  it('a math hat drawn over a one-letter run is set on its letter (paper_ieee_cdc_safe_qlearning)', async () => {
    const text = (await read('paper_ieee_cdc_safe_qlearning')).text;
    expect(text).toContain('Q̂(x,ûsafe)');
    expect(text).not.toContain('uˆsafe');
  });

  it('a risk table’s five cells of justified Japanese prose read cell by cell, full stops hanging past the cells’ edges (cjk_owasp_top10_2013_ja)', async () => {
    const text = (await read('cjk_owasp_top10_2013_ja')).text;
    expect(text).toContain(
      '攻撃者は、標的のインタプリタの構文を悪用するため、簡単なテキストベース攻撃を送信します。内部ソースを含む、ほぼ 全ての データソースはインジェクションの経路になる可能性があります。',
    );
    expect(text).toContain('スキャンツールとファジングツールは、攻撃者がインジェクション欠陥を見つけることを手助けします。');
    expect(text).toContain('インタプリタを稼働させているプラットフォームと影響を受けるデータの事業価値を考慮下さい。');
  });

  it('a right-to-left table’s ragged cells of Hebrew read cell by cell from the right; English phrases inside keep their order (rtl_owasp_top10_2013_he)', async () => {
    const text = squash((await read('rtl_owasp_top10_2013_he')).text);
    expect(text).toContain('כל גורם אשר עשוי לשלוח מידע בלתי מאומת למערכת, לרבות משתמשים חיצוניים, פנימיים ומנהלי מערכת.');
    expect(text.indexOf('ומנהלי מערכת.')).toBeLessThan(text.indexOf('המתקיף שולח התקפות טקסטואליות אשר מנצלות'));
    expect(text).toContain('prepared statement');
    expect(text).not.toContain('statement prepared');
  });

  it('a contents list’s section numbers before their titles, in a strip of their own, are read with them (thesis_oxforddown_bookdown)', async () => {
    const text = squash((await read('thesis_oxforddown_bookdown')).text);
    expect(text).toContain('1.1.1 index.Rmd: metadata and layout options');
    expect(text).toContain('1.1.6 templates');
  });

  it('a slide’s title in display type stays whole over the gap of the lists below it; panels of ragged lines set close are read panel by panel (slides_nasa_tops_open_science_pptx)', async () => {
    const text = squash((await read('slides_nasa_tops_open_science_pptx')).text);
    expect(text).toContain('NASA’s Open-Source science is the activation of an open science community');
    expect(text).toContain('Engage with learners through a virtual cohort model to increase Open Science Badge achievement');
    expect(text).toContain('Institutions selected to run 8-12 weeks of teaching the 5 modules to selected science teams');
  });

  it('a table’s rows of large glyph samples, drawn as many pieces, keep the body’s word gap: the table is read row by row, a row closed by rules box by box (manual_sil_scheherazade_features)', async () => {
    const doc = await read('manual_sil_scheherazade_features');
    const text = squash(doc.text);
    expect(text).toContain('Kurdish (Northern) kmr Language set to Kurdish');
    // Its boxes' settings are no notes beside the table ("0=Standard", "1=Alternate").
    expect(doc.footnotes).toEqual([]);
    expect(text).toContain('0=Standard');
    expectInOrder(text, [
      'Kurdish (Northern)',
      'XeTeX: "Scheherazade/GR:language=kmr"',
      'Sindhi snd Language set to Sindhi',
      'XeTeX: "Scheherazade/GR:language=snd"',
      'Urdu urd',
    ]);
  });

  it('algorithm boxes side by side over two columns: box by box, each to its closing lines, before the columns (paper_sysml_yellowfin_lineno)', async () => {
    const text = squash((await read('paper_sysml_yellowfin_lineno')).text);
    const at = (s: string) => text.indexOf(s);
    const order = [
      'Algorithm 2 Curvature range',
      'end function Algorithm 3',
      'Algorithm 4 Distance to opt.',
      'return D end function',
      'analytical solution.',
    ];
    for (const s of order) expect(at(s)).toBeGreaterThanOrEqual(0);
    for (let k = 1; k < order.length; k++) expect(at(order[k - 1])).toBeLessThan(at(order[k]));
  });

  it('panels of code listings side by side, level for a few lines: panel by panel, not a table across them (leaflet_context_input_mixing)', async () => {
    const text = squash((await read('leaflet_context_input_mixing')).text);
    expect(text).toContain('mailing list and there are \\CONTEXT\\ meetings. \\stoptitle');
    expect(text).toContain('\\startMPpage draw textext("\\bf Some \\MetaPost")');
    expect(text).toContain('local tmp = [[ first,second');
    expect(text.indexOf('\\startMPpage')).toBeLessThan(text.indexOf('local tmp = [[ first,second'));
  });

  it('a critical edition’s line numbers every fifth line, on into its smaller notes, are lifted out of the text (book_bolzano_paradoxien_edfnotes)', async () => {
    const text = squash((await read('book_bolzano_paradoxien_edfnotes')).text);
    expect(text).toContain('muss betrachten lassen als ein aus');
    expect(text).not.toMatch(/betrachten lassen \d+ als/);
  });

  it('a critical edition whose author’s note outweighs its text: the note and the apparatus are notes, the text the flow (book_bolzano_paradoxien_edfnotes)', async () => {
    const r = await read('book_bolzano_paradoxien_edfnotes');
    const text = squash(r.text);
    expect(text).toContain('gleichkomme, so oft e < 1 ist');
    expect(text).not.toContain('Da der gewöhnliche Beweis');
    expect(text).not.toContain('Summierung ] Summirung');
    expect(r.footnotes.find((f) => f.page === 1 && f.marker === '1')?.text).toMatch(/^Da der gewöhnliche Beweis/);
  });

  it('legal citations numbered "1." like a reference list, running on from page to page under the text, are notes (legal_cms_legal_sample_notes)', async () => {
    const r = await read('legal_cms_legal_sample_notes');
    expect(r.footnotes.find((f) => f.page === 1 && f.marker === '1')?.text).toMatch(/^United States v\. Christmas/);
    expect(r.text).not.toContain('United States v. Christmas');
    expect(r.text).toContain('Federal case, with a Supreme Court case in running text');
  });

  it('a Hebrew list item opening with a bullet and ending in English names reads from the right (rtl_owasp_top10_2017_he_release_notes)', async () => {
    const text = squash((await read('rtl_owasp_top10_2017_he_release_notes')).text);
    expect(text).toContain('• שפת JavaScript היא כעת השפה העיקרית של האינטרנט');
  });

  it('a poster’s right half, two short columns over a code box across both, read column by column, then the box (poster_flowfram_sample_poster)', async () => {
    const text = squash((await read('poster_flowfram_sample_poster')).text);
    const at = (s: string) => text.indexOf(s);
    expect(text).toContain('You can force text to move immediately to the next defined flow frame using one of the standard');
    expect(at('4.3 Premat')).toBeLessThan(at('4.4 Floats'));
    expect(at('behave no differently from')).toBeLessThan(at('4.5 Global'));
    expect(at('4.5 Global')).toBeLessThan(at('type of commands.'));
    // The box under both: after them (its first two lines, short and clean of the gap, still go with the third).
    expect(at('type of commands.')).toBeLessThan(at('% Make a 4 column layout'));
  });

  it('Chicago notes forty to a page under three lines of text: notes out, the text’s every line in, its repeating lines no head (paper_cms_notes_sample_footnotes)', async () => {
    const r = await read('paper_cms_notes_sample_footnotes');
    const text = squash(r.text);
    expect(text).toContain('note.15 Note16 note17');
    expect(text).toContain('note.28 Note29 note30');
    expect(text).not.toContain('Squatters');
    expect(r.headers).toEqual([]);
    expect(r.footnotes.filter((f) => f.page === 2).map((f) => f.marker)).toEqual(Array.from({ length: 43 }, (_, k) => String(42 + k)));
  });

  it('a right-to-left line that opens with a file name and ends with a conjunction reads from the right on an Arabic page; an Arabic section number opens its heading (rtl_arabic_nabox_manual, rtl_polyglossia_arabic)', async () => {
    const nabox = squash((await read('rtl_arabic_nabox_manual')).text);
    expect(nabox).toContain('الذي يحوي الملف na-box.sty');
    expect(nabox.indexOf('na-box.sty')).toBeLessThan(nabox.indexOf('C:\\texlive\\texmf-local'));
    const poly = await read('rtl_polyglossia_arabic');
    expect(poly.text).toContain('٢.١ أعمال تأريخية (Calendar operations)');
  });

  it('three ragged columns over a ruled table whose gap lines up with the middle column’s short lines: the columns (gov_federal_register_naics2012_table)', async () => {
    const text = squash((await read('gov_federal_register_naics2012_table')).text);
    expect(text).toContain('It is important that the output of FGPs and manufacturing service providers (MSPs) be recorded in the State');
    expect(text).toContain('OMB understands the considerable cost and lead time required to implement this decision.');
    expect(text.indexOf('avoid measurement inconsistencies.')).toBeLessThan(text.indexOf('Monthly Manufacturers’ Inventories'));
  });

  it('a timeline of boxes under dates, each a sentence wrapped level with the others: box by box (slides_gsa_iaaf2020_welcome_new_pms)', async () => {
    const text = squash((await read('slides_gsa_iaaf2020_welcome_new_pms')).text);
    expect(text).toContain('JAN 2019 DIA identified as IC champion tasked with establishing 508 community of interest');
    expect(text).toContain('Four strategic accessibility recommendations approved by the IC Deputy Directors');
    expect(text.indexOf('NOV 2018')).toBeLessThan(text.indexOf('JAN 2019'));
  });

  it('a sentence running on past floats stacked at the next column’s or page’s top, read whole (paper_ans_pyre_summary, gov_cdc_mmwr_supplement_rate_tables)', async () => {
    const pyre = squash((await read('paper_ans_pyre_summary')).text);
    expect(pyre).toContain('for larger parameters such as throughput and batch size.');
    expect(pyre.indexOf('batch size.')).toBeLessThan(pyre.indexOf('TABLE I: Archetype inputs'));
    const mmwr = squash((await read('gov_cdc_mmwr_supplement_rate_tables')).text);
    expect(mmwr).toContain('contributing causes of death such as diabetes, which varies');
  });

  it('a contents entry beside the next column is no hanging label of its text: the column’s heading keeps its place (newsletter_l3news12_expl3)', async () => {
    const text = squash((await read('newsletter_l3news12_expl3')).text);
    expect(text).toContain('New programming tools have appeared in various places across expl3.');
    expect(text.lastIndexOf('New functions')).toBeLessThan(text.indexOf('New programming tools'));
  });

  it('a sentence running on past two tables side by side at the next page’s top, their rows read as lines (paper_sigtyp2024_libertus_tables_figure)', async () => {
    const text = squash((await read('paper_sigtyp2024_libertus_tables_figure')).text);
    expect(text).toContain('We detail our resource creation, model pretraining, and finetuning methodologies in this paper.');
  });

  it('captions under seals side by side, each read whole (report_usds_deia_2022_callout_photo_captions)', async () => {
    const text = squash((await read('report_usds_deia_2022_callout_photo_captions')).text);
    for (const caption of [
      'Centers for Disease Control and Prevention',
      'Social Security Administration',
      'Department of State',
      'Department of Veterans Affairs',
    ])
      expect(text).toContain(caption);
  });

  it('a question’s number sunk beside its first two lines opens them, and the words beside it are no script of it (report_wmde_annual2011_en_interview_orgchart, manual_xcookybooky_recipe_example)', async () => {
    const wmde = squash((await read('report_wmde_annual2011_en_interview_orgchart')).text);
    expect(wmde).toMatch(/1 What has Impressed You the most aBout WIkIpedIa\?/i);
    expect(wmde).toMatch(/3 the management structure changed In 2011\./i);
    const recipe = squash((await read('manual_xcookybooky_recipe_example')).text);
    expect(recipe).toContain('2 Eigelb in einer großen Schüssel mit 2 EL heißem Wasser cremig schlagen, den Zucker einrühren');
  });

  it('a preliminary print’s level watermark in four words at two and a half times the text’s size, lines set over it, is lifted (legal_usreports_kemp_preliminary_print_watermark)', async () => {
    const doc = await read('legal_usreports_kemp_preliminary_print_watermark');
    expect(doc.headers.filter((h) => h.kind === 'watermark').map((h) => [h.page, h.text])).toEqual([
      [1, 'Page Proof Pending Publication'],
      [2, 'Page Proof Pending Publication'],
      [3, 'Page Proof Pending Publication'],
    ]);
    expect(squash(doc.text)).toContain('whether that mistake was suffciently “obvious” raises questions of administrability.');
  });

  it('a statistical table’s column of years stays in its rows, and its numbered notes in the text (gov_eia_aer2011_fossil_fuel_prices_table_notes)', async () => {
    const doc = await read('gov_eia_aer2011_fossil_fuel_prices_table_notes');
    expect(doc.headers.filter((h) => h.kind === 'line-number')).toEqual([]);
    const text = squash(doc.text);
    expect(text).toContain('1949 | 0.21 | 1.45 | 0.05');
    expect(text).toContain('1 Free-on-board (F.O.B.) rail/barge prices');
  });

  it('a closing box of prose the tags mark as an artifact is read with the text, and the page says so (report_nist_sp1800_7a_situational_awareness_exec_summary)', async () => {
    const doc = await read('report_nist_sp1800_7a_situational_awareness_exec_summary');
    expect(squash(doc.text)).toContain('is a collaborative hub where industry organizations, government agencies, and academic institutions');
    expect(doc.diagnostics.filter((d) => d.code === 'artifact-in-body').map((d) => d.page)).toEqual([4]);
  });
});

describe('a plot’s gap inside a poster’s column', () => {
  it('leaves the poster’s gutter first: the left column read whole, not row by row with the plot’s labels (poster_stablenalu_arithmetic_extrapolation)', async () => {
    const text = squash((await read('poster_stablenalu_arithmetic_extrapolation')).text);
    expect(text).toContain('extrapolate well on arithmetic tasks as they lack the underlying logic to represent the required operations.');
    expect(text).toContain('As logic is discrete, a solution to the problem is either correct or wrong. To evaluate a solution we propose');
    expect(text.indexOf('Introduction')).toBeLessThan(text.indexOf('Performance Metrics'));
    expect(text.indexOf('Performance Metrics')).toBeLessThan(text.indexOf('Results'));
  });

  it('a figure wrapped by the text, its caption in smaller italics a word space from the shortened lines: the paragraph whole, then the caption (thesis_hu_berlin_krug_wikipedia_quellenkritik_de)', async () => {
    const text = squash((await read('thesis_hu_berlin_krug_wikipedia_quellenkritik_de')).text);
    expect(text).toContain(
      'Diese Links enthalten dazu einen eindeutigen Identifikator der anzuzeigenden Artikelversion, wodurch ein manueller Abgleich',
    );
    expect(text).toContain('Abbildung 2: Werkzeugleiste in der deutschsprachigen Wikipedia.');
    expect(text.indexOf('Abbildung 2: Werkzeugleiste')).toBeGreaterThan(text.indexOf('(Siehe Abbildung 2)'));
  });

  it('a box of small type under its label and heading, a column of its own, is the box’s text, not notes (report_pwyf_ati2013_landscape_threecol_boxes_chart)', async () => {
    const doc = await read('report_pwyf_ati2013_landscape_threecol_boxes_chart');
    expect(doc.footnotes.filter((f) => f.page === 2)).toEqual([]);
    const text = squash(doc.text);
    expect(text).toContain('The Busan common standard The Busan agreement recognised');
    expect(text.indexOf('The Busan agreement recognised')).toBeLessThan(text.indexOf('Greater availability of historical'));
  });

  it('long commands in a fixed-pitch face with short descriptions beside them: each command with what it does (refcard_biblatex_cheatsheet)', async () => {
    const text = squash((await read('refcard_biblatex_cheatsheet')).text);
    expect(text).toMatch(/\\textcite\[.{0,40}\]\{.{0,12}\} textual/u);
    expect(text).toMatch(/\\parencite\[.{0,40}\]\{.{0,12}\} parenthetical/u);
  });

  it('authors’ centred blocks side by side whose lines nearly touch: each author whole (paper_acl2019_srw_dv_cosine_side_by_side_authors_tables)', async () => {
    const text = squash((await read('paper_acl2019_srw_dv_cosine_side_by_side_authors_tables')).text);
    expect(text).toContain(
      'Tan Thongtan Department of Computer Engineering Mahidol University International College Mahidol University Thailand tan.thongtan1@gmail.com',
    );
    expect(text).toContain(
      'Tanasanee Phienthrakul Department of Computer Engineering Faculty of Engineering Mahidol University Thailand tanasanee.phi@mahidol.ac.th',
    );
  });

  it('notes under a table that carries their numbers raised after a cell’s word stay with the table (gov_usgs_gwm2005_lgr_figure_legend_table_notes)', async () => {
    const doc = await read('gov_usgs_gwm2005_lgr_figure_legend_table_notes');
    expect(squash(doc.text)).toContain('A VARCON file must be specified if a DECVAR file is specified for the model.');
    expect(doc.footnotes.some((f) => f.text.includes('VARCON'))).toBe(false);
  });

  it('chapters’ openings in display type, "Capitolo 1" and "Capitolo 4", are headings, not a running head (thesis_unipd_template_it_indice_requisiti_tables)', async () => {
    const doc = await read('thesis_unipd_template_it_indice_requisiti_tables');
    expect(squash(doc.text)).toContain('Capitolo 4 Analisi dei requisiti');
    expect(doc.headers.map((h) => h.text)).not.toContain('Capitolo 4');
  });

  it('readings over Han characters read before what they read, in their line (cjk_pxrubrica_sample_ja_ruby_comparison_tables)', async () => {
    const text = squash((await read('cjk_pxrubrica_sample_ja_ruby_comparison_tables')).text);
    expect(text).toContain('→ たか 鷹 \\ruby[m]{鶯}{うぐいす} → うぐいす 鶯');
  });

  it('one lettered list set in two halves side by side, "A." to "L." then "M." to "W.": each item whole, in its order (form_pypdf_sf424_instructions_item_table)', async () => {
    const text = squash((await read('form_pypdf_sf424_instructions_item_table')).text);
    const order = ['C. City or Township Government', 'L. Public/Indian Housing Authority', 'M. Nonprofit', 'W. Non-domestic (non-US) Entity'];
    expectInOrder(text, order);
  });

  it('a poster’s authors spaced out under its title, a gap between two of them on the columns’ gutter: one line before the columns (poster_nlproar_recursive_roar_faithfulness)', async () => {
    const text = squash((await read('poster_nlproar_recursive_roar_faithfulness')).text);
    expect(text).toContain('Andreas Madsen1,2 Nicholas Meade1,3,* Vaibhav Adlakha1,3,* Siva Reddy1,3,4');
  });

  it('a reference card’s terms beside what they say, every line in two pieces: each term with its description, not text run around a box (refcard_octave_quickref)', async () => {
    const text = squash((await read('refcard_octave_quickref')).text);
    expect(text).toContain('fft (a) Fast Fourier Transform using FFTW ifft (a) inverse FFT using FFTW');
    expect(text).toContain('imshow (img, map) display Octave image');
  });

  it('a table a column and a half wide at the foot of the right column, the left column narrowed beside it, its notes under it (paper_iucr_jac_pdcifplotter)', async () => {
    const doc = await read('paper_iucr_jac_pdcifplotter');
    const text = squash(doc.text);
    expectInOrder(text, [
      'shortcut can be made in your desktop environment. Currently, Windows installation of the key dependency PyCifRW requires',
      'on the TOPAS wiki (Evans, 2010; http://topas.dur.ac.uk/topaswiki/doku. php?id=out_pdcif). They have been tested',
      '(see Table 3). Each xdd or group of xdds must be given a',
      'Table 3 Predefined parameter names',
      '† ‘xdd’ is the TOPAS keyword meaning X-ray diffraction data.',
    ]);
    expect(doc.footnotes.filter((f) => f.page === 3)).toEqual([]);
    // The table's rows, in the float's column laid out on its own, read row by row though each description opens
    // with its scope's value in lower case.
    expect(doc.text).toContain('CIF_TEMP | xdd | The temperature (K) at which the data were collected\nCIF_PRES | xdd |');
  });

  it('a manual’s margin tags in small type, a few points from the option’s description, read before it (cjk_fduthesis_manual_zh_margin_options_font_tables)', async () => {
    const text = squash((await read('cjk_fduthesis_manual_zh_margin_options_font_tables')).text);
    expect(text).toContain('New: 2017-08-13 Updated: 2021-12-27 设置超链接颜色。');
    expect(text).toContain('New: 2017-10-28 Updated: 2018-01-25 设置参考文献样式。');
  });

  it('a photo’s two captions in a newspaper’s column, the text a step under them, read caption by caption (newsletter_newspaper_sty)', async () => {
    const text = squash((await read('newsletter_newspaper_sty')).text);
    expect(text).toContain('SubCom. Chair James Langevin (D-RI) Ranking Mem. Michael McCaul (R-TX)');
  });

  it('two contacts side by side in a column, name, telephone and e-mail, read contact by contact (report_nist_csd_annual_2008_welcome_chart)', async () => {
    const text = squash((await read('report_nist_csd_annual_2008_welcome_chart')).text);
    expect(text).toContain('Contacts: Mr. Richard Kissel (301) 975-5017 richard.kissel@nist.gov Mr. Kevin Stine (301) 975-4483 kevin.stine@nist.gov');
  });

  it('a box at the foot of two columns under a header line across them, read after both columns (newsletter_newspaper_sty)', async () => {
    const text = squash((await read('newsletter_newspaper_sty')).text);
    expectInOrder(text, [
      'Solicited briefings are generally held because the staff needs more information to go forward',
      'Recess in April.',
      'POINTS OF INTEREST',
    ]);
  });

  it('a flyer’s large tagline level with its intro’s last lines, read after the intro, not inside its line (leaflet_debian_flyer_en_de_twocol)', async () => {
    const text = squash((await read('leaflet_debian_flyer_en_de_twocol')).text);
    expect(text).toContain(
      'Seit 1993 arbeiten etwa 1 000 freiwillige Entwickler daran, Debians hohe Qualität aufrecht zu erhalten. Das universelle Betriebssystem',
    );
  });

  it('a carousel’s kicker over its first slide’s title, where the other slides set their sections’ kickers: the text’s (slides_esdc_ai_answers_short_answers_carousel)', async () => {
    const doc = await read('slides_esdc_ai_answers_short_answers_carousel');
    expect(doc.text.startsWith('Canada.ca AI Answers · design principle')).toBe(true);
    expect(doc.headers).toEqual([]);
  });

  it('a poster header’s author line level with the venue line of the stack beside it, read author block, then venue (poster_epigraphyinfo_agile_lemmatizer)', async () => {
    const text = squash((await read('poster_epigraphyinfo_agile_lemmatizer')).text);
    expect(text).toContain('Malvina Nissim Centre for Language and Cognition Groningen');
    expect(text).toContain('The Netherlands ENCODE 2023 Leuven April 24');
  });

  it('a poster’s row of boxes under a strip that only its tables leave clean: the box’s text whole (poster_epigraphyinfo_agile_lemmatizer)', async () => {
    const text = squash((await read('poster_epigraphyinfo_agile_lemmatizer')).text);
    expect(text).toContain('Lemmatizers for AG trained and tested on literary texts: low performance on inscriptions - GLEM');
    expect(text).toContain('- UDPipe (Straka, 2018): pipeline for ancient Greek trained on Perseus and PROIEL treebank');
    expect(text).toContain('- testing AGILe on other diverse corpora of inscriptions such as IGCyr, GVCyr, and Inscriptions of Aphrodisias');
  });

  it('a poster’s display title beside its abstract, the abstract running on past the title into the body’s zone (poster_epigraphyinfo_marcanova_codex)', async () => {
    const text = squash((await read('poster_epigraphyinfo_marcanova_codex')).text);
    expect(text).toContain('From Manuscript to Digital: Digitization Strategies for the Marcanova Codex');
    expect(text).toContain('Its realization was made possible through the use of a new technology called IIIF');
  });

  it('a diagram’s top labels level with the first line of the text card beside it: the card’s line read with its card (cjk_cncf_kcd_beijing_power_cloud_table_diagram_cards)', async () => {
    const text = squash((await read('cjk_cncf_kcd_beijing_power_cloud_table_diagram_cards')).text);
    expect(text).toContain('容器资源管理缺失：对于专业领域组件、未实现微服务改造的容器应用，容器资源管控能力缺失。');
  });

  it('two LaTeX preambles side by side under their Chinese labels, each read whole past its blank line (cjk_xpinyin_manual_zh_pinyin_ruby_margin_tags)', async () => {
    const text = squash((await read('cjk_xpinyin_manual_zh_pinyin_ruby_margin_tags')).text);
    expect(text).toContain('\\setCJKmainfont{SimSun} \\begin{document} \\xpinyin*{汉语拼音示例} \\end{document} (pdf)LATEX');
  });

  it('a slide’s YAML panel beside a diagram’s boxes: the panel read whole, not as a table’s last column (cjk_cncf_kcd_beijing_genai_compute_stack_code_panels)', async () => {
    const text = squash((await read('cjk_cncf_kcd_beijing_genai_compute_stack_code_panels')).text);
    expect(text).toContain('schedulerName: volcano resources: requests: cpu: "250m" huawei.com/Ascend910: "8" ephemeral-storage: "500Gi"');
  });

  it('a slide’s listing in larger type beside a diagram’s labels, a gutter of two of its sizes away: read whole, after the diagram (slides_cncf_kcd_beijing_gpu_sharing_summary_table)', async () => {
    const text = squash((await read('slides_cncf_kcd_beijing_gpu_sharing_summary_table')).text);
    expect(text).toContain(
      'resources: limits: volcano.sh/vgpu-number: 2 # requesting 2 vGPUs volcano.sh/vgpu-memory: 10240 volcano.sh/vgpu-cores: 30',
    );
    expectInOrder(text, ['Mount HAMi-Core devices resources:', 'Project-HAMi donates']);
  });

  it('a slide’s callout "2." low on the page, one of callouts 1 to 3 set about it, read as text, not taken for a note (slides_cncf_kcd_beijing_cel_placement_code_table)', async () => {
    const doc = await read('slides_cncf_kcd_beijing_cel_placement_code_table');
    expect(doc.text).toContain('2. sort cluster in reverse by memAvailable');
    expect(doc.footnotes.filter((n) => n.page === 3)).toEqual([]);
  });

  it('a court caption’s parties and its title side by side, with no divider, read block by block (legal_cacd_experian_pleading_lines)', async () => {
    const text = squash((await read('legal_cacd_experian_pleading_lines')).text);
    expect(text).toContain('ESTEBAN LEON; and DOES 1 through 10, inclusive, Defendants. Case No. 8:16-cv-1261 DOC (KESx)');
    expect(text).toContain('ORDER GRANTING CONSUMERINFO.COM, INC. dba EXPERIAN CONSUMER SERVICES’ APPLICATION FOR A PRELIMINARY INJUNCTION');
  });

  it('a slide’s listing whole, its callouts floated beside it and drawn after it read after it (slides_cncf_kcd_beijing_cel_placement_code_table)', async () => {
    const text = squash((await read('slides_cncf_kcd_beijing_cel_placement_code_table')).text);
    expect(text).toContain('celExpressions: - managedCluster.scores("default")');
    expect(text).toContain('weight: -1 3. select the top 1 cluster 1. Filter clusters memAvailable > 300Mi.');
  });

  it('a slide’s small citation at the end of a bullet’s first line, read after the bullet (slides_slds_lmu_iml_rule_based_table_beside_tree)', async () => {
    const text = squash((await read('slides_slds_lmu_iml_rule_based_table_beside_tree')).text);
    expect(text).toContain('Most methods work only for classification and categorical feat. Molnar 2022');
  });

  it('two figures’ captions side by side, one starting a line above the other, read caption by caption (poster_nlproar_recursive_roar_faithfulness)', async () => {
    const text = squash((await read('poster_nlproar_recursive_roar_faithfulness')).text);
    expect(text).toContain('ROAR: Redundancies in the dataset can keep the performance high. Recursive ROAR: By recursively reevaluating');
  });

  it('Thai tone marks and vowels a font names with suffixes (uni0E48.low, uni0E47.left), read as Thai, not as è, é, ì (manual_thaienum_th_lists)', async () => {
    const text = (await read('manual_thaienum_th_lists')).text;
    expect(text).toContain('อาภาพงศ์ จันทร์ทอง');
    expect(text).toContain('ต้องการที่จะเขียน');
    expect(text).toContain('เป็นแพ็กเกจ');
    expect(text).not.toMatch(/[\u0E00-\u0E7F][èéì]/u);
  });

  it('polytonic Greek a font names with suffixes (uni1FF6.alt), read whole, not with its letters dropped as control codes (thesis_demarc_unc_boundary_disputes_footnotes)', async () => {
    const text = (await read('thesis_demarc_unc_boundary_disputes_footnotes')).text;
    expect(text).toContain('περὶ τῶν ὅρων');
    expect(text).toContain('ὑπὸ τοῦ μεγίστου');
  });

  it('a one-page poster’s last line listing its links, “story 1, story 2, story 3”: the poster’s text, not a foot with its folio (poster_epigraphyinfo_marcanova_codex)', async () => {
    const doc = await read('poster_epigraphyinfo_marcanova_codex');
    expect(squash(doc.text)).toContain('Links: story 1, story 2, story 3');
    expect(doc.footers).toEqual([]);
  });

  it('a licence paragraph closing one of a refcard’s three columns of a width: the card’s text, not a sidebar’s notice (refcard_octave_quickref)', async () => {
    const doc = await read('refcard_octave_quickref');
    expect(squash(doc.text)).toContain(
      'Octave itself is free software; you are welcome to distribute copies of it under the terms of the GNU General Public License.',
    );
    expect(doc.footers.map((f) => f.text).join(' ')).not.toContain('free software');
  });

  it('math symbols of fonts whose /ToUnicode map covers only a few codes, read from the fonts’ built-in encoding (scripts/patch-pdfjs.mjs; paper_inlg2019_topic_labels_tables_equations, form_sexam_bac_dz_math_exam)', async () => {
    // txsys' brackets and tilde operator were "» ¼" and "1"; a Fourier symbol font's minus "Å".
    expect(squash((await read('paper_inlg2019_topic_labels_tables_equations')).text)).toContain(
      '∼ softmax(tanh(Wc [ctopic t ; cmarket t ; Hi t ] + bc )).',
    );
    expect(squash((await read('form_sexam_bac_dz_math_exam')).text)).toContain('C(3; −1; −1)');
  });

  it('a sentence across a page turn is read whole past two tables of topic labels set across the next page’s columns (paper_inlg2019_topic_labels_tables_equations)', async () => {
    // Table 1's first line "Target: … (First section" turns to "of Tokyo Stock Exchange), …" in another face: no sequel.
    const text = squash((await read('paper_inlg2019_topic_labels_tables_equations')).text);
    expect(text).toContain('To generate a next sentence si , from these encoders we first obtain three vectors');
    expect(text.indexOf('we first obtain three vectors')).toBeLessThan(text.indexOf('Table 1: Full set of human-designed'));
  });

  it('a set’s tall bar drawn as a stack of “∣” pieces is dropped: the display read as one line in the order it was drawn, the notes under it notes (paper_nwejm_article_fr)', async () => {
    // (Its braces' pieces are private-use characters, as before.)
    const nwejm = await read('paper_nwejm_article_fr');
    expect(squash(nwejm.text)).toContain('x ∈ Rn n∑ i=1 |xi |p < rp');
    expect(nwejm.footnotes.map((f) => f.text).join(' ')).toContain('Goossens, Mittelbach et Samarin, 1994');
  });
});

describe('heads, stacks and margin notes inside columns', () => {
  it('boxed heads over three columns of bullets are each read over their column, not as a table (form_irs_f1040v_2024_payment_voucher)', async () => {
    const text = squash((await read('form_irs_f1040v_2024_payment_voucher')).text);
    expectInOrder(text, [
      'Use Your Online Account (no fees) • Go to www.irs.gov/Account',
      'certain notices, and more. Pay by Bank Account (no fees) • Use Direct Pay',
      'withdrawal (EFW). Pay by Card (processing fees apply) • Pay online or by phone.',
    ]);
  });

  it('a caption beside bullets inside a poster’s column is read whole, then the bullets (poster_zerospeech_std_abnet_interspeech2015, poster_bfh_sciposter_demo)', async () => {
    const zs = squash((await read('poster_zerospeech_std_abnet_interspeech2015')).text);
    expectInOrder(zs, [
      'Spoken term discovery Figure: Similarity matrix of the signal. Source: [1]',
      '• System used as baseline',
      '• Searches for diagonal patterns • Filters and cluster those patterns',
    ]);
    const bfh = squash((await read('poster_bfh_sciposter_demo')).text);
    expect(bfh).toContain('Beispielbox mit Pfeil, um zwei Boxen miteinander zu verknüpfen oder Leseabzweigungen zu generieren.');
    // A continued fraction's numerators beside its terms in a book's text column are no stacks: no words.
    const kao = squash((await read('book_kaobook_theorem_boxes')).text);
    expect(kao).toContain('x = a0 + 1 a1 + 1 a2 + 1 a3 + a4');
  });

  it('a pull quote that a column’s text runs around stays out of the paragraph, read as stacks side by side are not (gov_useiti_exec_summary_2015)', async () => {
    const text = squash((await read('gov_useiti_exec_summary_2015')).text);
    expect(text).toContain('the Marcellus Play (spanning nine states from New York to Tennessee) is the largest shale gas play');
  });

  it('margin notes six characters wide beside justified Chinese lines whose closing quotes hang into the gap are read apart from the lines (cjk_texproposal_cqu_toc_margin_notes)', async () => {
    const text = squash((await read('cjk_texproposal_cqu_toc_margin_notes')).text);
    expect(text).toContain('本提案与“双一流”建设之联系');
    expect(text).toContain('引入 TEX 助力创新型人才培养');
    expect(text).toContain('我国即将实行的“双一流大学”建设计划，是事关未来教育发展的重要改革，其一主要任务');
  });

  it('a small block beside a paragraph is read after it, not spliced into its sentences (form_irs_w9_2018, manual_paracol_parallel_columns_bilingual)', async () => {
    const w9 = squash((await read('form_irs_w9_2018')).text);
    expectInOrder(w9, [
      'The TIN provided must match the name given on line 1 to avoid backup withholding.',
      'Also see What Name and Number To Give the Requester for guidelines on whose number to enter.',
      'Social security number',
      'Employer identification number',
      'Part II Certification',
    ]);
    const paracol = squash((await read('manual_paracol_parallel_columns_bilingual')).text);
    expectInOrder(paracol, [
      'O.K., we have restarted paracol environment and we will see the effect of \\flushpage now!!',
      '\\columnratio{0.6} \\begin{paracol}{2} \\begin{leftcolumn} O.K., ... \\end{leftcolumn}',
    ]);
  });

  it('display formulas are read in drawing order: letters in several fonts, a subscript on a row of its own, a wide equation across both columns, equations aligned at their relations, a fraction of words, a tagged Word equation (paper_revtex_cmb_likelihood, textbook_openintro_stats_normal_guided_practice, paper_revtex_aapm_lineno, paper_eth_yellowpaper, paper_ieee_access_breast_cancer_preprocessing_outlined_tables, paper_ieee_word_bp_pid_voltage_supply)', async () => {
    const cmb = squash((await read('paper_revtex_cmb_likelihood')).text);
    expect(cmb).toContain('− 2 log L(r|d̂) = d̂T(vTΣr v)−1d̂ + log det(vTΣr v), (21)');
    expect(cmb).toContain('where Σ̃r,φ ≡ [ Σ̃Qobs,Qobs Σ̃Qobs,U obs Σ̃Qobs,U obs Σ̃U obs,U obs ] r,φ (15)');
    expect(cmb).toContain('μφ` = Cφφ ` Cφφ ` + N φφ ` φest ` = ρ2 ` φest ` , Cnφ,nφ ` = Cφφ ` Cφφ ` + N φφ ` N φφ ` = ρ2 ` N φφ ` , (19)');
    // Equations numbered at the left and aligned at their relations keep their numbers first.
    const eth = squash((await read('paper_eth_yellowpaper')).text);
    expect(eth).toContain('(2) σt+1 ≡ Π(σt, B)');
    // A fraction of words; a Word equation in a tagged file, its limits and fraction on lines of their own.
    const dice = squash((await read('paper_ieee_access_breast_cancer_preprocessing_outlined_tables')).text);
    expect(dice).toContain('DSC = ( 2 ∗ Area of Overlap Total Number of Pixels in both Images ) (15)');
    const pid = squash((await read('paper_ieee_word_bp_pid_voltage_supply')).text);
    expect(pid).toContain('y(t) = KPe(t) + KI ∫ e(τ)dτ t 0 + KD de(t) dt (1)');
    const openintro = squash((await read('textbook_openintro_stats_normal_guided_practice')).text);
    expect(openintro).toContain('ZAnn = xAnn − μSAT σSAT = 1300 − 1100 200 = 1');
    const aapm = squash((await read('paper_revtex_aapm_lineno')).text);
    expect(aapm).toContain('R(d) = ge σ2 ( [ΓZ (3, 21)]σ1 Q2 12 − M 2 W + [ΓZ (13, 2)]σ1 Q2 13 − M 2 W ) + xW Qe');
  });
  it('a display formula of one row, a quad between its parts, is a line of text, not a table row (textbook_lebl_diffyqs_fr_champs_de_direction)', async () => {
    // "y′ = 1/x,   y(0) = 0.": its gap lines up with the plot's ticks above and the other displays' gaps below.
    const doc = await read('textbook_lebl_diffyqs_fr_champs_de_direction');
    const block = doc.blocks.find((b) => b.text.includes('y(0) = 0.') && b.text.startsWith('y′ = 1'));
    expect(block?.kind).toBe('paragraph');
    expect(block?.text).toBe('y′ = 1 x , y(0) = 0.');
  });
  it('a sentence running on to the next page past a case study set across its top is read whole, the box after it (magazine_fsm_cms_intro_case_study_sidebar)', async () => {
    const text = squash((await read('magazine_fsm_cms_intro_case_study_sidebar')).text);
    expectInOrder(text, [
      'creating a barrier for non-technical users, this made it hard for organisations',
      'Case Study—Oxfam',
      'Early CMSs were developed',
    ]);
  });

  it('blocks: a leader drawn a dot a run stays in its label’s cell, a paragraph under a display formula starts a block, items numbered in roman numerals are items (form_irs_schedule_a_2024_itemized_deductions, paper_acm_icse_surf, gov_cisa_bod_20_01_vdp_nested_lists_footnotes)', async () => {
    const form = (await read('form_irs_schedule_a_2024_itemized_deductions')).blocks.filter((b) => b.kind === 'table');
    const rows = form.flatMap((b) => b.rows ?? []);
    expect(rows.some((r) => r[0]?.startsWith('d Add lines 5a through 5c . . .') && r[1] === '5d')).toBe(true);
    expect(rows.flat().filter((c) => /^[. ]+$/.test(c))).toEqual([]);
    const icse = (await read('paper_acm_icse_surf')).blocks;
    expect(icse.some((b) => b.text.startsWith('If a pattern initially matches five positive'))).toBe(true);
    const cisa = (await read('gov_cisa_bod_20_01_vdp_nested_lists_footnotes')).blocks;
    for (const n of ['ii.', 'iii.', 'iv.', 'vi.']) expect(cisa.find((b) => b.text.startsWith(`${n} `))?.kind, n).toBe('list-item');
  });
});
