/**
 * The in-process contenders of the benchmark, each one full pass over a PDF held in memory:
 *
 *   pdfjs     raw pdf.js text extraction: getDocument, then per page getTextContent() and page.cleanup(),
 *             then destroy. The same pdf.js build (`pdfjs` from lib/pdf/pdfjs.ts) and the same
 *             getDocument parameters (`documentParams` from lib/pdf/open.ts, the strict reader), so the
 *             difference to readflow is readflow's own work.
 *   readflow  `extractDocument(bytes)`: open, read and lay out every page, assemble the document, close.
 *
 * Both call `onPage(done)` after each page (the memory probe samples there). Not run directly: bench/child.ts
 * runs one of them in a fresh process; `npm run bench` and `npm run bench:memory` drive that. The first pass
 * also pays for loading the contender's modules: the warm-up pass absorbs it.
 */
// Each contender loads its own modules when first run, so the other's code never sits in its process.

export interface Pass {
  pages: number;
  /** Non-space characters of text produced: a sanity check that the pass did the work on the same file. */
  chars: number;
}

const nonSpace = (s: string): number => s.replace(/\s+/g, '').length;

export type Contender = (bytes: Uint8Array, onPage?: (done: number) => void) => Promise<Pass>;

export const pdfjsRaw: Contender = async (bytes, onPage) => {
  const { pdfjs } = await import('../lib/pdf/pdfjs.js');
  const { documentParams } = await import('../lib/pdf/open.js');
  // Exactly the parameters readflow opens documents with.
  const task = pdfjs.getDocument(documentParams(bytes, null, true));
  const doc = await task.promise;
  let chars = 0;
  try {
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      for (const item of content.items) if ('str' in item) chars += nonSpace(item.str);
      page.cleanup();
      onPage?.(n);
    }
    return { pages: doc.numPages, chars };
  } finally {
    await doc.destroy();
  }
};

export const readflow: Contender = async (bytes, onPage) => {
  const { extractDocument } = await import('../lib/extract.js');
  const result = await extractDocument(bytes, { onProgress: onPage ? (done) => onPage(done) : undefined });
  if (result.status !== 'complete') throw new Error(`readflow status ${result.status}: ${JSON.stringify(result.diagnostics.slice(0, 3))}`);
  const furniture = [...result.headers, ...result.footers, ...result.footnotes].reduce((n, f) => n + nonSpace(f.text), 0);
  return { pages: result.pages.length, chars: nonSpace(result.text) + furniture };
};

export const contenders: Record<string, Contender> = { pdfjs: pdfjsRaw, readflow };
