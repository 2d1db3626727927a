/**
 * Reading the next page's text ahead (lib/pdf/runs.ts prefetchPageText, used by extract.ts' readPages): the text
 * asked for ahead is the text the page is then read from, once, and a page that fails to parse fails when it is
 * read, as it would have without the read-ahead.
 */
import { describe, expect, it } from 'vitest';
import { badInputs, fixture } from '../fixtures/index.js';
import { closePdf, openPdf } from '../lib/pdf/open.js';
import { prefetchPageText, readPageText } from '../lib/pdf/runs.js';

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('reading a page ahead', () => {
  it('hands the text asked for ahead to the read of that page, once, and the runs are those of a plain read', async () => {
    const { pdf: bytes } = fixture('chapter-furniture-5pp-rows');
    const ahead = await openPdf(bytes, { maxBytes: 1e9, password: null });
    const plain = await openPdf(bytes, { maxBytes: 1e9, password: null });
    try {
      prefetchPageText(ahead, 3);
      // The read-ahead's own wait on this page came first, so it has run once this one resolves.
      const page = await ahead.doc.getPage(3);
      const asked = ahead.textAhead.get(page);
      expect(asked).toBeInstanceOf(Promise);
      let calls = 0;
      const own = page.getTextContent.bind(page);
      page.getTextContent = ((...args: Parameters<typeof own>) => {
        calls++;
        return own(...args);
      }) as typeof page.getTextContent;
      const read = await readPageText(ahead, page, 1e6);
      expect(calls).toBe(0); // taken from the read-ahead
      expect(ahead.textAhead.has(page)).toBe(false);
      const fresh = await readPageText(plain, await plain.doc.getPage(3), 1e6);
      expect(read.runs.length).toBeGreaterThan(10);
      expect(read.runs).toEqual(fresh.runs);
      await readPageText(ahead, page, 1e6); // read again: asks pdf.js itself
      expect(calls).toBe(1);
    } finally {
      await closePdf(ahead);
      await closePdf(plain);
    }
  });

  it('leaves a page that fails to parse to fail when it is read, and a page that cannot be had to fail as before', async () => {
    for (const name of ['bad-page', 'bad-page-tree']) {
      const bad = badInputs().find((b) => b.name === name)!;
      const pdf = await openPdf(bad.bytes, { maxBytes: 1e9, password: null });
      try {
        prefetchPageText(pdf, 2); // no unhandled rejection: vitest would fail the run
        await settle();
        await expect(pdf.doc.getPage(2).then((page) => readPageText(pdf, page, 1e6))).rejects.toThrow();
        expect((await readPageText(pdf, await pdf.doc.getPage(3), 1e6)).runs.length).toBeGreaterThan(0);
      } finally {
        await closePdf(pdf);
      }
    }
  });

  it("closes a document whose lenient copy is still loading without the worker's termination escaping, and opens none after", async () => {
    const bad = badInputs().find((b) => b.name === 'bad-page')!;
    const pdf = await openPdf(bad.bytes, { maxBytes: 1e9, password: null });
    const loading = pdf.lenient().catch(() => undefined);
    await closePdf(pdf); // in the same tick: pdf.js' worker would throw "Worker was terminated" unhandled
    await loading;
    await settle();
    await expect(pdf.lenient()).rejects.toThrow(/closed/);
  });
});
