/**
 * Every generated fixture through `extractDocument`: the main flow in reading order, tables whole and in place,
 * floating text kept, text rejoined as the reader sees it, conservative choices reported, the naive orders beaten,
 * the JSON valid and deterministic, and the page facts matching the known geometry.
 *
 * Furniture (running heads, folios, footnotes) is being lifted out of the flow separately: its labels are removed
 * from the output before comparing, and nothing is asserted about where they go. Tagged fixtures are checked for
 * the flow order only.
 */
import { describe, expect, it } from 'vitest';
import { allFixtures, labelsIn, stripLabels, type Fixture } from '../fixtures/index.js';
import { extractDocument } from '../lib/extract.js';
import { flowLabelsOf, indexOfRun, notExactlyOnce, onlyFlow } from './support/labels.js';
import { naiveOrders, type NaiveOrders } from './support/naive.js';
import { overlaps, resultFor, stableJson } from './support/results.js';
import { schemaErrors } from './support/schema.js';

const fixtures = allFixtures();
/** Fixtures whose reading order is fully determined. */
const ordered = fixtures.filter((f) => !f.expectDiagnostics);
/** Fixtures where the engine must report a conservative choice instead of an order we can assert. */
const flagged = fixtures.filter((f) => f.expectDiagnostics);

const naive = new Map<string, Promise<NaiveOrders>>();
function naiveFor(f: Fixture): Promise<NaiveOrders> {
  let p = naive.get(f.name);
  if (!p) naive.set(f.name, (p = naiveOrders(f.pdf)));
  return p;
}

/** Drawn in reading order (the control): the content stream already is the reading order. */
const drawnInReadingOrder = (f: Fixture) => f.drawOrder === 'reading';
/** One column on every page: reading top to bottom is the reading order, so the naive sort is right. */
const singleColumn = (f: Fixture) => (f.geometry ?? []).length > 0 && f.geometry!.every((g) => g.columns === 1);

const names = (list: Fixture[]) => list.map((f) => [f.name, f] as const);

describe('reads the main flow in the order a person reads it', () => {
  it.each(names(ordered))('%s', async (_name, f) => {
    const doc = await resultFor(f);
    expect(flowLabelsOf(f, doc.text)).toEqual(f.flow);
  });
});

describe('keeps each wide table whole, in place, in one table segment', () => {
  it.each(names(ordered.filter((f) => f.tables?.length)))('%s', async (_name, f) => {
    const doc = await resultFor(f);
    const out = flowLabelsOf(f, doc.text);
    for (const rows of f.tables!) {
      // In place: the rows sit where the flow puts them, one after the other.
      expect(indexOfRun(out, rows), `table ${rows[0]} consecutive in the text`).toBe(indexOfRun(f.flow, rows));
      const holders = doc.segments.filter((s) => indexOfRun(labelsIn(s.text), rows) >= 0);
      expect(
        holders.map((s) => s.kind),
        `segment holding table ${rows[0]}`,
      ).toEqual(['table']);
    }
  });
});

describe('keeps floating text (figure labels, sideways captions) in the output', () => {
  it.each(names(fixtures.filter((f) => f.floating?.length)))('%s', async (_name, f) => {
    const doc = await resultFor(f);
    const seen = new Set([...labelsIn(doc.text), ...doc.segments.flatMap((s) => labelsIn(s.text))]);
    expect(
      f.floating!.filter((l) => !seen.has(l)),
      'floating labels missing',
    ).toEqual([]);
  });
});

describe('gives the text as the reader sees it (joins, spaces, ligatures)', () => {
  it.each(names(ordered.filter((f) => f.expectText?.length || f.rejectText?.length)))('%s', async (_name, f) => {
    const doc = await resultFor(f);
    const text = stripLabels(doc.text);
    for (const s of f.expectText ?? []) expect(text, `expected "${s}"`).toContain(s);
    for (const s of f.rejectText ?? []) expect(text, `rejected "${s}"`).not.toContain(s);
  });
});

describe('reports the conservative choice and loses no line', () => {
  it.each(names(flagged))('%s', async (_name, f) => {
    const doc = await resultFor(f);
    const codes = doc.diagnostics.map((d) => d.code);
    for (const code of f.expectDiagnostics!) expect(codes).toContain(code);
    expect(notExactlyOnce(labelsIn(doc.text), f.flow), 'flow labels not seen exactly once').toEqual([]);
  });
});

describe('content-stream order is wrong where readflow is right', () => {
  for (const f of fixtures) {
    // Skipped for the controls drawn in reading order: there the content stream is the reading order.
    it.skipIf(drawnInReadingOrder(f))(f.name, async () => {
      const { stream } = await naiveFor(f);
      expect(onlyFlow(f, stream)).not.toEqual(f.flow);
      if (!f.expectDiagnostics) expect(flowLabelsOf(f, (await resultFor(f)).text)).toEqual(f.flow);
    });
  }
});

describe('top-to-bottom, left-to-right sort is wrong where readflow is right', () => {
  for (const f of fixtures) {
    // Skipped for one-column pages (the sort is the reading order there) and for the in-order controls.
    it.skipIf(drawnInReadingOrder(f) || singleColumn(f))(f.name, async () => {
      const { rows } = await naiveFor(f);
      expect(onlyFlow(f, rows)).not.toEqual(f.flow);
      if (!f.expectDiagnostics) expect(flowLabelsOf(f, (await resultFor(f)).text)).toEqual(f.flow);
    });
  }
});

describe('writes JSON that validates against the published schema', () => {
  it.each(names(fixtures))('%s', async (_name, f) => {
    expect(schemaErrors(await resultFor(f))).toEqual([]);
  });
});

describe('gives byte-identical JSON when run twice (usage.ms aside)', () => {
  it.each(names(fixtures))('%s', async (_name, f) => {
    const first = await resultFor(f);
    const second = await extractDocument(f.pdf);
    expect(stableJson(second)).toBe(stableJson(first));
  });
});

/** The ambiguous and partial-span pages are not plain column pages: their column facts are a judgement call. */
const plainColumns = (f: Fixture) =>
  Boolean(f.geometry?.length) && !f.expectDiagnostics?.some((c) => c === 'ambiguous-gutter' || c === 'partial-span');

describe('reports each page’s columns and gutters as laid out', () => {
  it.each(names(fixtures.filter(plainColumns)))('%s', async (_name, f) => {
    const doc = await resultFor(f);
    for (const g of f.geometry!) {
      const page = doc.pages.find((p) => p.page === g.page);
      expect(page, `page ${g.page} in the result`).toBeDefined();
      expect(page!.columnCount, `columns on page ${g.page}`).toBe(g.columns);
      for (const gutter of g.gutters) {
        expect(
          page!.gutters.some((r) => overlaps(r, gutter)),
          `page ${g.page}: declared gutter ${JSON.stringify(gutter)} among reported ${JSON.stringify(page!.gutters)}`,
        ).toBe(true);
      }
    }
  });
});
