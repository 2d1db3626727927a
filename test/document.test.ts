/**
 * The document stage: furniture and footnotes out of the flow, tagged order used only when it agrees with the
 * geometry, clean text (ligatures, hyphenation, paragraphs), and the Markdown and chunk renditions.
 */
import { describe, expect, it } from 'vitest';
import { allFixtures, fixture, labelsIn, stripLabels, type Fixture } from '../fixtures/index.js';
import { extractDocument } from '../lib/extract.js';
import { furnitureKey, isPageLabel } from '../lib/document/furniture.js';
import { joinBroken, Vocabulary } from '../lib/document/hyphenation.js';
import { renderMarkdown } from '../lib/render/markdown.js';
import { renderChunks } from '../lib/render/chunks.js';
import { resultFor } from './support/results.js';

const withFurniture = allFixtures().filter((f) => f.furniture);
const names = (list: Fixture[]) => list.map((f) => [f.name, f] as const);

describe('lifts running heads, folios and footnotes out of the flow', () => {
  it.each(names(withFurniture))('%s', async (_name, f) => {
    const doc = await resultFor(f);
    const flow = new Set(labelsIn(doc.text));
    const heads = new Set(doc.headers.flatMap((h) => labelsIn(h.text)));
    const feet = new Set(doc.footers.flatMap((h) => labelsIn(h.text)));
    const notes = new Set(doc.footnotes.flatMap((n) => labelsIn(n.text)));
    for (const l of f.furniture!.headers ?? []) {
      expect(flow.has(l), `${l} kept out of the flow`).toBe(false);
      expect(heads.has(l) || feet.has(l), `${l} reported as furniture`).toBe(true);
    }
    for (const l of f.furniture!.footers ?? []) {
      expect(flow.has(l), `${l} kept out of the flow`).toBe(false);
      expect(feet.has(l) || heads.has(l), `${l} reported as furniture`).toBe(true);
    }
    for (const l of f.furniture!.footnotes ?? []) {
      expect(flow.has(l), `${l} kept out of the flow`).toBe(false);
      expect(notes.has(l), `${l} reported as a footnote`).toBe(true);
    }
  });

  it('takes running heads by text and height, whatever side the folio is on, but not the chapter opener', async () => {
    const doc = await resultFor(fixture('chapter-furniture-5pp-rows'));
    // Page 1 opens the chapter: no running head there, and its title stays in the flow.
    expect(doc.headers.filter((h) => h.page === 1)).toEqual([]);
    const folios = doc.footers;
    expect(folios.map((h) => h.page)).toEqual([...new Set(folios.map((h) => h.page))]);
    // Verso folios sit left, recto folios right: both sides are found.
    const xs = folios.map((h) => h.bbox[0]);
    expect(Math.max(...xs) - Math.min(...xs)).toBeGreaterThan(200);
  });

  it('finds footnotes at the foot of both columns, with their markers', async () => {
    const doc = await resultFor(fixture('chapter-furniture-5pp-rows'));
    expect(doc.footnotes.length).toBeGreaterThan(2);
    const onPage = new Map<number, number[]>();
    for (const n of doc.footnotes) onPage.set(n.page, [...(onPage.get(n.page) ?? []), n.bbox[0]]);
    const bothColumns = [...onPage.values()].some((xs) => Math.max(...xs) - Math.min(...xs) > 150);
    expect(bothColumns).toBe(true);
  });
});

describe('uses the tag order only when it agrees with the geometry', () => {
  it('reads a correctly tagged page from its tags and lifts its artifacts', async () => {
    const doc = await resultFor(fixture('tagged-correct-rows'));
    expect(doc.pages.map((p) => p.source)).toEqual(doc.pages.map(() => 'tags'));
    expect([...doc.headers, ...doc.footers].some((h) => h.kind === 'artifact')).toBe(true);
  });

  it('falls back to the geometry, and says why, when the tags read straight across the columns', async () => {
    const f = fixture('tagged-wrong-rows');
    const doc = await resultFor(f);
    expect(doc.pages.map((p) => p.source)).toEqual(doc.pages.map(() => 'text'));
    expect(doc.diagnostics.map((d) => d.code)).toContain('tags-incoherent');
    expect(labelsIn(doc.text).filter((l) => f.flow.includes(l))).toEqual(f.flow);
  });

  it('follows the option: tags forced, geometry forced', async () => {
    const wrong = await extractDocument(fixture('tagged-wrong-rows').pdf, { order: 'tags' });
    expect(wrong.pages[0].source).toBe('tags');
    expect(wrong.diagnostics.find((d) => d.code === 'tags-incoherent')?.severity).toBe('warning');
    const right = await extractDocument(fixture('tagged-correct-rows').pdf, { order: 'geometry' });
    expect(right.pages[0].source).toBe('text');
  });
});

describe('cleans text for a reader', () => {
  const vocab = new Vocabulary();
  vocab.add('the authority of the harbour and a self-organising basin', { endsBroken: false, startsContinued: false });
  vocab.add('some thing new', { endsBroken: false, startsContinued: false });

  it('removes a break hyphen when the joined word occurs elsewhere in the document', () => {
    expect(joinBroken('of the autho-', 'rity was', vocab)).toBe('of the authority was');
  });
  it('keeps a real hyphen when the hyphenated form occurs elsewhere', () => {
    expect(joinBroken('a self-', 'organising basin', vocab)).toBe('a self-organising basin');
  });
  it('keeps the hyphen at its line end when both halves are words and neither form occurs', () => {
    expect(joinBroken('some-', 'thing', vocab)).toBe('some-\nthing');
  });
  it('removes a hyphen whose halves are not words of the document, and soft hyphens always', () => {
    expect(joinBroken('the pro-', 'blem', vocab)).toBe('the problem');
    expect(joinBroken('the pro\u00ad', 'blem', vocab)).toBe('the problem');
  });
  it('keeps compounds with a capital after the hyphen and joins CJK without a space', () => {
    expect(joinBroken('Anglo-', 'Saxon', vocab)).toBe('Anglo-Saxon');
    expect(joinBroken('日本', '語', vocab)).toBe('日本語');
  });
  it('joins Korean lines with a space: Korean separates its words with spaces and breaks lines at them', () => {
    expect(joinBroken('이것은 사용하는', '여는 방법이다', vocab)).toBe('이것은 사용하는 여는 방법이다');
  });

  it('expands ligatures and joins paragraphs across column breaks', async () => {
    const lig = await resultFor(fixture('ligatures-rows'));
    expect(lig.text).not.toMatch(/[\ufb00-\ufb06]/);
    const doc = await resultFor(fixture('chapter-furniture-5pp-rows'));
    expect(stripLabels(doc.text)).toContain('the commissioners reported');
    // Paragraphs are separated by blank lines; lines inside a paragraph are joined.
    expect(doc.blocks.filter((b) => b.kind === 'paragraph').length).toBeGreaterThan(5);
    expect(doc.text.split('\n\n').length).toBe(doc.blocks.length);
  });

  it('reduces folios and roman numerals to a placeholder for furniture matching', () => {
    expect(furnitureKey('The Harbour Commission 47')).toBe(furnitureKey('The Harbour Commission 112'));
    expect(furnitureKey('Preface xiv')).toBe(furnitureKey('Preface ix'));
    expect(furnitureKey('Chapter Two')).not.toBe(furnitureKey('Chapter Three'));
    // A folio before the head on a verso, after it on a recto: one head.
    expect(furnitureKey('16 FY 2011 GSA OCSIT ANNUAL REPORT')).toBe(furnitureKey('FY 2011 GSA OCSIT ANNUAL REPORT 17'));
    expect(furnitureKey('17')).toBe('#');
    for (const t of ['12', '- 7 -', 'Page 3 of 12', '3 / 12', 'xiv', '7-45']) expect(isPageLabel(t), t).toBe(true);
    for (const t of ['1950 was a year', 'Figure 3', 'Table 2.1 results']) expect(isPageLabel(t), t).toBe(false);
  });
});

describe('renders Markdown and retrieval chunks', () => {
  it('writes headings, paragraphs and tables as Markdown, furniture left out, footnotes at the end', async () => {
    const doc = await resultFor(fixture('wide-table-rows'));
    const md = renderMarkdown(doc);
    const tableLines = md.split('\n').filter((l) => l.startsWith('|'));
    expect(tableLines.length).toBeGreaterThan(5);
    expect(tableLines[1]).toMatch(/^\|( --- \|)+$/);
    const chapter = await resultFor(fixture('chapter-furniture-5pp-rows'));
    const cmd = renderMarkdown(chapter);
    // The chapter opener's title, set large, is a heading.
    expect(cmd).toMatch(/^# \S/m);
    expect(cmd).toMatch(/^\[\^p\d+-[^\]]+\]: /m);
    for (const l of chapter.headers.flatMap((h) => labelsIn(h.text))) expect(cmd).not.toContain(l);
  });

  it('cuts chunks near the target size, never across a heading, with the boxes they came from', async () => {
    const f = fixture('book-6pp-rows');
    const doc = await resultFor(f);
    const chunks = renderChunks(doc, { targetTokens: 200 });
    expect(chunks.length).toBeGreaterThan(3);
    // Nothing lost, nothing reordered.
    expect(labelsIn(chunks.map((c) => c.text).join('\n')).filter((l) => f.flow.includes(l))).toEqual(f.flow);
    for (const c of chunks) {
      expect(c.tokens).toBeLessThanOrEqual(260);
      expect(c.sources.length).toBeGreaterThan(0);
      for (const s of c.sources) expect(c.pages).toContain(s.page);
      // A heading only ever opens a chunk.
      const headings = doc.blocks.filter((b) => b.kind === 'heading').map((b) => b.text);
      for (const h of headings) expect(c.text.indexOf(h) <= 0).toBe(true);
    }
  });
});
