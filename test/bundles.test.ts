/**
 * Each function's bundle carries only what its stage needs (one module per stage in lib/: plan, pages, finish,
 * failed): pdf.js in the functions that open PDFs, tesseract.js in the page worker only, neither in the aggregator,
 * the dead-letter handler, the reprocess function, the HTTP API or the webhook sender.
 */
import { describe, expect, it } from 'vitest';
import { bundleContents, type BundleContents } from '../infra/bundling/measure.js';
import type { FunctionName } from '../infra/config.js';

const bundles = new Map<FunctionName, Promise<BundleContents>>();
const of = (fn: FunctionName) => {
  if (!bundles.has(fn)) bundles.set(fn, bundleContents(fn));
  return bundles.get(fn)!;
};

describe('function bundles', () => {
  it.each([
    ['splitter', true, false],
    ['pageWorker', true, true],
    ['aggregator', false, false],
    ['deadLetter', false, false],
    ['reprocess', false, false],
    ['api', false, false],
    ['webhookSender', false, false],
  ] as const)('%s: pdf.js %s, tesseract.js %s', async (fn, pdfjs, tesseract) => {
    const c = await of(fn);
    expect(c.packages.includes('pdfjs-dist'), 'pdfjs-dist').toBe(pdfjs);
    expect(c.packages.includes('tesseract.js'), 'tesseract.js').toBe(tesseract);
  });

  it('keep the document stage small: the aggregator under a third of the page worker', async () => {
    const [agg, worker] = await Promise.all([of('aggregator'), of('pageWorker')]);
    expect(agg.bytes).toBeLessThan(worker.bytes / 3);
  });
});
