/**
 * The three steps every run takes, whoever runs them: plan the document (open it, choose the pages), analyse pages
 * (the per-page stage), finish the document (the document stage). `extractDocument` runs them in process; the
 * pipeline runs the plan in its splitter, the pages in its workers and the finish in its aggregator, so both give
 * the same JSON.
 */
import { createHash } from 'node:crypto';
import { resolveOptions, type ReadflowOptions, type ResolvedOptions } from './options.js';
import { closePdf, openPdf, type OpenPdf } from './pdf/open.js';
import { analyzePage } from './analyze.js';
import { assembleDocument } from './document/assemble.js';
import { isSparse } from './ocr/detect.js';
import { prefetchPageText, readPageText } from './pdf/runs.js';
import type { Diagnostic, DocumentResult, PageAnalysis, SourceInfo } from './types.js';

export interface ExtractOptions extends ReadflowOptions {
  /** Called after each page with the number of pages done and to do. */
  onProgress?: (done: number, total: number) => void;
  /** Identity of the source recorded in `source` (name, bucket, key …); bytes and sha256 are computed. */
  source?: Partial<Omit<SourceInfo, 'bytes' | 'sha256'>>;
}

/** What the plan step learns about a document: its size, the pages to read, and file-level diagnostics. */
export interface DocumentPlan {
  numPages: number;
  pages: number[];
  diagnostics: Diagnostic[];
  /** Pages whose text layer is sparse, so likely to need OCR (only when asked for; used to size batches). */
  sparsePages?: number[];
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function sourceInfo(bytes: Uint8Array, given: ExtractOptions['source'] = {}): SourceInfo {
  return {
    name: given.name ?? null,
    bucket: given.bucket ?? null,
    key: given.key ?? null,
    versionId: given.versionId ?? null,
    etag: given.etag ?? null,
    bytes: bytes.length,
    sha256: sha256(bytes),
  };
}

/** Which pages to read, and the diagnostics for pages asked for but not read. */
export function planPages(numPages: number, o: ResolvedOptions): { pages: number[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  let pages = o.pages ?? Array.from({ length: numPages }, (_, i) => i + 1);
  const missing = pages.filter((p) => p > numPages);
  if (missing.length) {
    diagnostics.push({
      code: 'page-out-of-range',
      severity: 'warning',
      page: null,
      message: `the document has ${numPages} page(s); ${missing.length} requested page(s) do not exist`,
      detail: { requested: missing.slice(0, 20), numPages },
    });
    pages = pages.filter((p) => p <= numPages);
  }
  if (pages.length > o.maxPages) {
    diagnostics.push({
      code: 'page-limit',
      severity: 'error',
      page: null,
      message: `the document has ${pages.length} pages to read, over the limit of ${o.maxPages} (maxPages); pages after ${pages[o.maxPages - 1]} were not read`,
      detail: { limit: o.maxPages, pages: pages.length },
    });
    pages = pages.slice(0, o.maxPages);
  }
  return { pages, diagnostics };
}

/**
 * pdf.js keeps per-font glyph caches for the life of a document (about 9 MB per 100 pages of a book, measured):
 * releasing them every this many pages bounds memory whatever the page count (a cleanup costs the next page a
 * reload of its fonts: a few per cent of the time at this interval).
 */
const CLEANUP_EVERY = 100;

async function readPages(pdf: OpenPdf, pages: number[], o: ResolvedOptions, onProgress?: (done: number, total: number) => void): Promise<PageAnalysis[]> {
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

function fileDiagnostics(pdf: OpenPdf): Diagnostic[] {
  return pdf.warnings.map((message) => ({ code: 'damaged-file', severity: 'warning' as const, page: null, message }));
}

async function planOpen(pdf: OpenPdf, o: ResolvedOptions, sparse: boolean): Promise<DocumentPlan> {
  const plan = planPages(pdf.numPages, o);
  const result: DocumentPlan = { numPages: pdf.numPages, pages: plan.pages, diagnostics: [...fileDiagnostics(pdf), ...plan.diagnostics] };
  if (sparse) {
    result.sparsePages = [];
    for (const n of plan.pages) {
      try {
        const page = await pdf.doc.getPage(n);
        const text = await readPageText(pdf, page, o.maxRunsPerPage);
        if (o.ocr === 'force' || (o.ocr === 'auto' && isSparse(text.runs, text.width, text.height))) result.sparsePages.push(n);
        page.cleanup();
      } catch {
        // A page that cannot be read now fails in its worker, with its diagnostic.
      }
    }
  }
  return result;
}

/** Plan a document from its bytes. Throws ReadflowError for input that cannot be read at all. */
export async function planDocument(bytes: Uint8Array, options: ReadflowOptions, opts: { sparsePages?: boolean } = {}): Promise<DocumentPlan> {
  const o = resolveOptions(options);
  const pdf = await openPdf(bytes, { maxBytes: o.maxBytes, password: o.password });
  try {
    return await planOpen(pdf, o, Boolean(opts.sparsePages));
  } finally {
    await closePdf(pdf);
  }
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

/** Finish a document from its plan and its page analyses (the document stage). */
export function finishDocument(plan: DocumentPlan, pages: PageAnalysis[], source: SourceInfo, options: ReadflowOptions, ms: number): DocumentResult {
  return assembleDocument(pages, { source, numPages: plan.numPages, diagnostics: plan.diagnostics }, resolveOptions(options), ms);
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
