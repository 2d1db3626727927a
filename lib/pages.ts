/**
 * The per-page stage over a run of pages: each page analysed in turn (text or OCR, layout, tags), with pdf.js' caches
 * released as it goes. Run by extractDocument in process and by the page workers.
 */
import { resolveOptions, type ReadflowOptions, type ResolvedOptions } from './options.js';
import { closePdf, openPdf, type OpenPdf } from './pdf/open.js';
import { analyzePage } from './analyze.js';
import { prefetchPageText } from './pdf/runs.js';
import type { PageAnalysis } from './types.js';

/**
 * pdf.js keeps per-font glyph caches for the life of a document (about 9 MB per 100 pages of a book, measured):
 * releasing them every this many pages bounds memory whatever the page count (a cleanup costs the next page a
 * reload of its fonts: a few per cent of the time at this interval).
 */
const CLEANUP_EVERY = 100;

export async function readPages(
  pdf: OpenPdf,
  pages: number[],
  o: ResolvedOptions,
  onProgress?: (done: number, total: number) => void,
): Promise<PageAnalysis[]> {
  const out: PageAnalysis[] = [];
  for (let k = 0; k < pages.length; k++) {
    // The next page's text is asked for before this page is read, so pdf.js inflates it while this one is laid
    // out; not across a cleanup, which renames the fonts the text refers to.
    if (k + 1 < pages.length && (k + 1) % CLEANUP_EVERY !== 0) prefetchPageText(pdf, pages[k + 1]);
    out.push(await analyzePage(pdf, pages[k], o));
    onProgress?.(out.length, pages.length);
    if (out.length % CLEANUP_EVERY === 0) {
      await pdf.doc.cleanup();
      // Fonts are loaded again under new names after a cleanup.
      pdf.fonts.clear();
    }
  }
  return out;
}

/** Analyse some pages of a document (the per-page stage). */
export async function extractPages(bytes: Uint8Array, pages: number[], options: ReadflowOptions): Promise<PageAnalysis[]> {
  const o = resolveOptions(options);
  const pdf = await openPdf(bytes, { maxBytes: o.maxBytes, password: o.password });
  try {
    return await readPages(pdf, pages, o);
  } finally {
    await closePdf(pdf);
  }
}
