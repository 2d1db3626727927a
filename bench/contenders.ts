/**
 * The in-process contenders of the benchmark, each one full pass over a PDF held in memory:
 *
 *   pdfjs         raw pdf.js text extraction: getDocument, then per page getTextContent() and page.cleanup(),
 *                 then destroy. The same pdf.js build (`pdfjs` from lib/pdf/pdfjs.ts) and the same getDocument
 *                 parameters (`documentParams` from lib/pdf/open.ts, the strict reader), on pdf.js' own
 *                 in-process worker: what a user of pdf.js runs.
 *   pdfjs-direct  the same pass on the worker readflow opens documents on (lib/pdf/port.ts), so the difference
 *                 to readflow is readflow's own work.
 *   readflow      `extractDocument(bytes)`: open, read and lay out every page, assemble the document, close.
 *
 * All call `onPage(done)` after each page (the memory probe samples there). Not run directly: bench/child.ts
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

/** Raw extraction, on pdf.js' own in-process worker (`direct` false) or on readflow's (lib/pdf/port.ts). */
async function rawPass(bytes: Uint8Array, direct: boolean, onPage?: (done: number) => void): Promise<Pass> {
  const { pdfjs } = await import('../lib/pdf/pdfjs.js');
  const { documentParams } = await import('../lib/pdf/open.js');
  const { inProcessWorker } = await import('../lib/pdf/port.js');
  const channel = direct ? inProcessWorker(0) : null;
  // Exactly the parameters readflow opens documents with.
  const task = pdfjs.getDocument({ ...documentParams(bytes, null, true), ...(channel ? { worker: channel.worker } : {}) });
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
    channel?.close();
  }
}

export const pdfjsRaw: Contender = (bytes, onPage) => rawPass(bytes, false, onPage);
export const pdfjsDirect: Contender = (bytes, onPage) => rawPass(bytes, true, onPage);

export const readflow: Contender = async (bytes, onPage) => {
  const { extractDocument } = await import('../lib/extract.js');
  const result = await extractDocument(bytes, { onProgress: onPage ? (done) => onPage(done) : undefined });
  if (result.status !== 'complete') throw new Error(`readflow status ${result.status}: ${JSON.stringify(result.diagnostics.slice(0, 3))}`);
  const furniture = [...result.headers, ...result.footers, ...result.footnotes].reduce((n, f) => n + nonSpace(f.text), 0);
  return { pages: result.pages.length, chars: nonSpace(result.text) + furniture };
};

export const contenders: Record<string, Contender> = { pdfjs: pdfjsRaw, 'pdfjs-direct': pdfjsDirect, readflow };
