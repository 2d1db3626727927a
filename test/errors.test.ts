/**
 * Bad input gets a clear, typed error and loses nothing; every limit is an option that produces a diagnostic when
 * hit; `strict` turns a conservative choice into a refusal; bad options are refused before any reading.
 */
import { describe, expect, it } from 'vitest';
import { badInputs, emptyFontFilePdf, fixture, labelsIn } from '../fixtures/index.js';
import { ReadflowError } from '../lib/errors.js';
import { extractDocument } from '../lib/extract.js';
import type { ReadflowOptions } from '../lib/options.js';
import { CODE_FOR_INPUT, CODES_FOR_OUTCOME, rejection } from './support/bad.js';
import { naiveOrders } from './support/naive.js';
import { schemaErrors } from './support/schema.js';

const bad = badInputs();
const refused = bad.filter((b) => b.expectError !== 'page-failed');
const onePageBroken = bad.filter((b) => b.expectError === 'page-failed');

/** Three pages of one column, drawn in reading order: the plainest document there is. */
const threePages = fixture('single-col-3pp-in-order');
const ambiguous = fixture('ambiguous-gutter-rows');

/** Labels of the given 1-based pages of a fixture, read straight from its runs. */
async function labelsOfPages(pdf: Uint8Array, pages: number[]): Promise<string[]> {
  const { byPage } = await naiveOrders(pdf);
  return pages.flatMap((p) => byPage[p - 1]);
}

async function expectReadflowError(promise: () => Promise<unknown>): Promise<ReadflowError> {
  const e = await rejection(promise);
  expect(e, 'should reject with a ReadflowError').toBeInstanceOf(ReadflowError);
  return e as ReadflowError;
}

describe('refuses a file it cannot open with a typed input error', () => {
  it.each(refused.map((b) => [b.name, b] as const))('%s', async (_name, b) => {
    const err = await expectReadflowError(() => extractDocument(b.bytes));
    expect(CODES_FOR_OUTCOME[b.expectError], `codes meaning ${b.expectError}`).toContain(err.code);
    expect(err.code).toBe(CODE_FOR_INPUT[b.name]);
    expect(err.isInputError).toBe(true);
    expect(err.message).toMatch(/\w+ \w+/);
  });
});

describe('reads the other pages when one page cannot be read, and names the bad page', () => {
  it.each(onePageBroken.map((b) => [b.name, b] as const))('%s', async (_name, b) => {
    const doc = await extractDocument(b.bytes);
    const errors = doc.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.code}@${d.page}`);
    expect(
      errors.some((e) => e.endsWith(`@${b.badPage}`)),
      `error diagnostics ${JSON.stringify(errors)} name page ${b.badPage}`,
    ).toBe(true);
    expect(doc.status).toBe('partial');
    expect(labelsIn(doc.text)).toEqual(b.flow);
    expect(schemaErrors(doc)).toEqual([]);
  });
});

describe('a page whose text pdf.js reads only when lenient', () => {
  it('is read, with a page-damaged warning, not taken for a page without text', async () => {
    // The embedded font file is empty: the strict parser returns no text and no error.
    const doc = await extractDocument(emptyFontFilePdf('Harbour works and repairs'), { ocr: 'off' });
    expect(doc.text).toBe('Harbour works and repairs');
    expect(doc.diagnostics.map((d) => [d.code, d.severity])).toContainEqual(['page-damaged', 'warning']);
    expect(doc.status).toBe('complete');
  });
});

describe('reads an encrypted file given its password', () => {
  const enc = bad.find((b) => b.name === 'encrypted')!;

  it('reads every line with the right password and does not echo it', async () => {
    const doc = await extractDocument(enc.bytes, { password: enc.password });
    expect(doc.status).toBe('complete');
    expect(labelsIn(doc.text)).toEqual(enc.flow);
    expect(doc.engine.options).not.toHaveProperty('password');
  });

  it('refuses a wrong password as encrypted', async () => {
    const err = await expectReadflowError(() => extractDocument(enc.bytes, { password: 'not-the-password' }));
    expect(err.code).toBe('encrypted');
    expect(err.message).toMatch(/password/);
  });
});

describe('limits', () => {
  it('refuses input one byte over maxBytes as too-large, and reads it at exactly maxBytes', async () => {
    const n = threePages.pdf.length;
    const err = await expectReadflowError(() => extractDocument(threePages.pdf, { maxBytes: n - 1 }));
    expect(err.code).toBe('too-large');
    await expect(extractDocument(threePages.pdf, { maxBytes: n })).resolves.toMatchObject({ status: 'complete' });
  });

  it('reports pages asked for beyond the end as page-out-of-range and reads the ones that exist', async () => {
    const doc = await extractDocument(threePages.pdf, { pages: '2-5' });
    const d = doc.diagnostics.find((x) => x.code === 'page-out-of-range');
    expect(d, 'page-out-of-range diagnostic').toBeDefined();
    expect(doc.pages.map((p) => p.page)).toEqual([2, 3]);
    expect(labelsIn(doc.text)).toEqual(await labelsOfPages(threePages.pdf, [2, 3]));
  });

  it('stops at maxPages with a page-limit diagnostic and a partial status', async () => {
    const doc = await extractDocument(threePages.pdf, { maxPages: 1 });
    expect(doc.diagnostics.map((d) => d.code)).toContain('page-limit');
    expect(doc.status).toBe('partial');
    expect(doc.pages.map((p) => p.page)).toEqual([1]);
    expect(labelsIn(doc.text)).toEqual(await labelsOfPages(threePages.pdf, [1]));
  });
});

describe('strict', () => {
  it('refuses the ambiguous-gutter page instead of choosing a reading', async () => {
    const err = await expectReadflowError(() => extractDocument(ambiguous.pdf, { strict: true }));
    expect(err.code).toBe('strict');
    expect(err.message).toContain('ambiguous-gutter');
  });

  it('reads a plain document without complaint', async () => {
    const doc = await extractDocument(threePages.pdf, { strict: true });
    expect(labelsIn(doc.text)).toEqual(threePages.flow);
  });
});

describe('refuses a bad option as bad-option before reading', () => {
  const cases: [string, Record<string, unknown>][] = [
    ['an unknown direction', { direction: 'upward' }],
    ['page 0', { pages: '0' }],
    ['a backwards page range', { pages: '5-2' }],
    ['a page range in words', { pages: 'two' }],
    ['a zero page in a list', { pages: [1, 0] }],
    ['maxBytes of 0', { maxBytes: 0 }],
    ['a negative maxPages', { maxPages: -1 }],
    ['a gutter tolerance over 1', { gutterSpanTolerance: 1.5 }],
    ['a reject floor below the tolerance', { gutterSpanTolerance: 0.3, gutterRejectFloor: 0.2 }],
    ['an unknown partial-span mode', { partialSpans: 'split' }],
    ['a malformed OCR language', { ocrLang: 'e' }],
  ];
  it.each(cases)('%s', async (_name, options) => {
    const err = await expectReadflowError(() => extractDocument(threePages.pdf, options as ReadflowOptions));
    expect(err.code).toBe('bad-option');
  });
});
