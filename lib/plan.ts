/**
 * The plan step: open the document, choose the pages to read, note file-level diagnostics and, for the pipeline,
 * which pages look scanned (to size their batches). Run by extractDocument in process and by the splitter.
 */
import { createHash } from 'node:crypto';
import { resolveOptions, type ReadflowOptions, type ResolvedOptions } from './options.js';
import { closePdf, openPdf, type OpenPdf } from './pdf/open.js';
import { isSparse } from './ocr/detect.js';
import { readPageText } from './pdf/runs.js';
import type { Diagnostic, SourceInfo } from './types.js';

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

export function sourceInfo(bytes: Uint8Array, given: Partial<Omit<SourceInfo, 'bytes' | 'sha256'>> = {}): SourceInfo {
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

function fileDiagnostics(pdf: OpenPdf): Diagnostic[] {
  return pdf.warnings.map((message) => ({ code: 'damaged-file', severity: 'warning' as const, page: null, message }));
}

export async function planOpen(pdf: OpenPdf, o: ResolvedOptions, sparse: boolean): Promise<DocumentPlan> {
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
