/**
 * The three steps every run takes, whoever runs them: plan the document (lib/plan.ts: open it, choose the pages),
 * analyse pages (lib/pages.ts: the per-page stage), finish the document (lib/finish.ts: the document stage).
 * `extractDocument` runs them in process on one open document; the pipeline runs the plan in its splitter, the
 * pages in its workers and the finish in its aggregator, each importing its own step only, so both give the same
 * JSON and each function's bundle carries only what its step needs.
 */
import { assembleDocument } from './document/assemble.js';
import { resolveOptions, type ReadflowOptions } from './options.js';
import { closePdf, openPdf } from './pdf/open.js';
import { readPages } from './pages.js';
import { planOpen, sourceInfo } from './plan.js';
import type { DocumentResult, SourceInfo } from './types.js';

export { planDocument, planPages, sha256, sourceInfo, type DocumentPlan } from './plan.js';
export { extractPages } from './pages.js';
export { finishDocument } from './finish.js';

export interface ExtractOptions extends ReadflowOptions {
  /** Called after each page with the number of pages done and to do. */
  onProgress?: (done: number, total: number) => void;
  /** Identity of the source recorded in `source` (name, bucket, key …); bytes and sha256 are computed. */
  source?: Partial<Omit<SourceInfo, 'bytes' | 'sha256'>>;
}

export async function extractDocument(bytes: Uint8Array, options: ExtractOptions = {}): Promise<DocumentResult> {
  const started = performance.now();
  const o = resolveOptions(options);
  const source = sourceInfo(bytes, options.source);
  const pdf = await openPdf(bytes, { maxBytes: o.maxBytes, password: o.password });
  try {
    const plan = await planOpen(pdf, o, false);
    const pages = await readPages(pdf, plan.pages, o, options.onProgress);
    return assembleDocument(pages, { source, numPages: plan.numPages, diagnostics: plan.diagnostics }, o, performance.now() - started);
  } finally {
    await closePdf(pdf);
  }
}
