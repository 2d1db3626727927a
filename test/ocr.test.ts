/**
 * Pages without text: found, rendered, recognised with tesseract.js and ordered by the same layout as digital text.
 * OCR misreads characters (a label's q read as g), so labels are matched by their number; the order must be exact.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Fixture } from '../fixtures/index.js';
import { scanFixtureAsync } from '../fixtures/scans.js';
import { degradedScanFixturesAsync } from '../fixtures/degrade.js';
import { extractDocument } from '../lib/extract.js';
import { terminateOcr } from '../lib/ocr/engine.js';
import { decideOcr } from '../lib/ocr/detect.js';
import type { DocumentResult } from '../lib/types.js';
import { run } from './support/runs.js';

afterAll(() => terminateOcr());

// OCR takes seconds a page, more on a busy 2-core machine.
vi.setConfig({ testTimeout: 600_000 });

/** Label numbers in the text, in order (the letter before the digits may be misread). */
const numbers = (text: string) => [...text.matchAll(/(?<![\d])[A-Za-z]?[A-Za-z]?(\d{4})(?!\d)/g)].map((m) => Number(m[1]));

function orderAndRecall(f: Fixture, doc: DocumentResult) {
  const want = f.flow.map((l) => Number(l.slice(1)));
  const wanted = new Set(want);
  const got = numbers(doc.text).filter((n) => wanted.has(n));
  let ascending = 0;
  for (let i = 1; i < got.length; i++) if (got[i] > got[i - 1]) ascending++;
  return { recall: new Set(got).size / want.length, ordered: got.length > 1 ? ascending / (got.length - 1) : 0 };
}

/**
 * The engine's page timeout for these tests: a page of OCR takes seconds alone but can take minutes on a loaded
 * two-core machine, and the engine's own default (two minutes) would fail the page, not the test, with a timeout.
 */
const PAGE_TIMEOUT_MS = 600_000;

const cache = new Map<string, Promise<{ f: Fixture; doc: DocumentResult }>>();
function read(name: Parameters<typeof scanFixtureAsync>[0], options = {}) {
  const key = `${name}|${JSON.stringify(options)}`;
  const opts = { pageTimeoutMs: PAGE_TIMEOUT_MS, ...options };
  if (!cache.has(key))
    cache.set(
      key,
      scanFixtureAsync(name).then(async (f) => ({ f, doc: await extractDocument(f.pdf, opts) })),
    );
  return cache.get(key)!;
}

describe('finds pages that need OCR', () => {
  it('OCRs an empty page over a picture, not a page with a text layer, and never a blank one', () => {
    const words = Array.from({ length: 40 }, (_, i) => run(`word${i} and some more text here`, 50, 60 + i * 12));
    expect(decideOcr('auto', [], 612, 792, { imageCoverage: 0.9, invisibleTextShare: 0 }).ocr).toBe(true);
    expect(decideOcr('auto', words, 612, 792, { imageCoverage: 0.9, invisibleTextShare: 0 }).ocr).toBe(false);
    expect(decideOcr('auto', [], 612, 792, { imageCoverage: 0, invisibleTextShare: 0 }).ocr).toBe(false);
    // A tiny digital stamp on a full-page scan does not stop OCR.
    expect(decideOcr('auto', [run('Received 2026-11-30', 500, 30, 7)], 612, 792, { imageCoverage: 1, invisibleTextShare: 0 }).ocr).toBe(true);
    // An earlier OCR's invisible layer is kept.
    expect(decideOcr('auto', words.slice(0, 3), 612, 792, { imageCoverage: 1, invisibleTextShare: 1 })).toMatchObject({
      ocr: false,
      invisibleLayer: true,
    });
    expect(decideOcr('off', [], 612, 792, { imageCoverage: 1, invisibleTextShare: 0 }).ocr).toBe(false);
    expect(decideOcr('force', words, 612, 792, null).ocr).toBe(true);
  });
});

describe('reads scanned pages column by column', () => {
  it('reads a scanned two-column page in column order', async () => {
    const { f, doc } = await read('scan-two-col');
    expect(doc.pages[0].source).toBe('ocr');
    expect(doc.pages[0].columnCount).toBe(2);
    expect(doc.pages[0].ocrConfidence).toBeGreaterThan(70);
    expect(doc.usage.ocrPages).toBe(1);
    const { recall, ordered } = orderAndRecall(f, doc);
    expect(recall).toBeGreaterThan(0.6);
    expect(ordered).toBe(1);
    expect(doc.diagnostics.map((d) => d.code)).toContain('page-ocr');
  });

  it('reads a mixed document: digital page as text, scans by OCR, a digital stamp kept and not doubled', async () => {
    const { f, doc } = await read('scan-mixed', { ocrDpi: 200 });
    expect(doc.pages.map((p) => p.source)).toEqual(['text', 'ocr', 'ocr']);
    const { recall, ordered } = orderAndRecall(f, doc);
    expect(recall).toBeGreaterThan(0.6);
    expect(ordered).toBe(1);
    // The stamp is kept once: a small line set apart at the top of the page, it is read as the page's head.
    const everything = [doc.text, ...doc.headers.map((h) => h.text), ...doc.footers.map((h) => h.text)].join('\n');
    for (const t of f.expectText ?? []) expect(everything.split(t).length - 1, t).toBe(1);
    expect(doc.headers.map((h) => h.text)).toContain('Received 2026-11-30');
  });

  it('reads a scan stored with /Rotate 90 and a scan lying sideways on the page', async () => {
    for (const name of ['scan-rotated', 'scan-sideways'] as const) {
      const { f, doc } = await read(name, { ocrDpi: 200 });
      expect(doc.pages[0].source, name).toBe('ocr');
      const { recall, ordered } = orderAndRecall(f, doc);
      expect(recall, name).toBeGreaterThan(0.5);
      expect(ordered, name).toBe(1);
    }
    const { doc } = await read('scan-sideways', { ocrDpi: 200 });
    expect(doc.diagnostics.map((d) => d.code)).toContain('ocr-orientation');
  });

  it('keeps an earlier OCR layer (invisible text) instead of OCRing again', async () => {
    const { f, doc } = await read('scan-ocr-layer');
    expect(doc.pages[0].source).toBe('text');
    expect(doc.diagnostics.map((d) => d.code)).toContain('invisible-text-layer');
    expect(numbers(doc.text).filter((n) => f.flow.map((l) => Number(l.slice(1))).includes(n))).toEqual(f.flow.map((l) => Number(l.slice(1))));
  });
});

describe('says so when OCR is off, forced or broken', () => {
  it('reports a scan left unread when OCR is off, and never returns an empty page silently', async () => {
    const { doc } = await read('scan-two-col', { ocr: 'off' });
    expect(doc.text.trim()).toBe('');
    expect(doc.diagnostics.find((d) => d.code === 'ocr-needed')?.severity).toBe('warning');
  });

  it('turns a worker that cannot start into a page diagnostic, not a crash', async () => {
    const { doc } = await read('scan-two-col', { ocrLang: 'zzz' });
    const d = doc.diagnostics.find((x) => x.code === 'ocr-failed');
    expect(d?.severity).toBe('error');
    expect(d?.message).toMatch(/zzz/);
    expect(doc.status).toBe('partial');
  });
});

describe('reads real-looking scans: tilted, grey, noisy, JPEG-coded', () => {
  /** Labels in order: the longest run in flow order over the labels read (a misplaced line costs its labels only). */
  function lisShare(f: Fixture, doc: DocumentResult) {
    const want = new Map(f.flow.map((l, i) => [Number(l.slice(1)), i]));
    const got = numbers(doc.text)
      .filter((n) => want.has(n))
      .map((n) => want.get(n)!);
    const tails: number[] = [];
    for (const x of got) {
      let lo = 0;
      let hi = tails.length;
      while (lo < hi) {
        const m = (lo + hi) >> 1;
        if (tails[m] < x) lo = m + 1;
        else hi = m;
      }
      tails[lo] = x;
    }
    return { presence: new Set(got).size / want.size, order: got.length ? tails.length / got.length : 0 };
  }

  it.each([
    // A copier: 200 dpi, 1.2° tilt, grey paper, a binding shadow and a dark border, noise, JPEG q60; two columns.
    ['degraded-copier-two-col', 1.2],
    // Two columns tilted 3° at 300 dpi: without levelling, rows run across both columns.
    ['degraded-tilt3-two-col', 3],
  ])('%s: levels the page, reads it in column order', async (name, tilt) => {
    const [f] = await degradedScanFixturesAsync([name]);
    const doc = await extractDocument(f.pdf, { pageTimeoutMs: PAGE_TIMEOUT_MS });
    const ocr = doc.diagnostics.find((d) => d.code === 'page-ocr')!;
    expect(Math.abs((ocr.detail as { skew: number }).skew - tilt)).toBeLessThan(0.2);
    expect(doc.diagnostics.map((d) => d.code)).toContain('ocr-deskew');
    expect(doc.pages[0].columnCount).toBe(2);
    const { presence, order } = lisShare(f, doc);
    expect(presence).toBeGreaterThanOrEqual(0.95);
    expect(order).toBeGreaterThanOrEqual(0.97);
    expect(doc.diagnostics.filter((d) => d.code === 'partial-span')).toHaveLength(0);
  });
});
