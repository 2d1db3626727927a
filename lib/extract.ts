/**
 * `extractDocument(bytes, options)`: every step for every page, in process. The same steps the pipeline runs
 * spread over Lambdas (plan → analyzePage per page → assembleDocument).
 */
import { createHash } from 'node:crypto';
import { resolveOptions, type ReadflowOptions, type ResolvedOptions } from './options.js';
import { closePdf, openPdf, type OpenPdf } from './pdf/open.js';
import { analyzePage } from './analyze.js';
import { assembleDocument } from './document/assemble.js';
import type { Diagnostic, DocumentResult, PageAnalysis, SourceInfo } from './types.js';

export interface ExtractOptions extends ReadflowOptions {
  /** Called after each page with the number of pages done and to do. */
  onProgress?: (done: number, total: number) => void;
  /** Identity of the source recorded in `source` (name, bucket, key …); bytes and sha256 are computed. */
  source?: Partial<Omit<SourceInfo, 'bytes' | 'sha256'>>;
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

export function fileDiagnostics(pdf: OpenPdf): Diagnostic[] {
  return pdf.warnings.map((message) => ({ code: 'damaged-file', severity: 'warning' as const, page: null, message }));
}

export async function extractDocument(bytes: Uint8Array, options: ExtractOptions = {}): Promise<DocumentResult> {
  const started = performance.now();
  const o = resolveOptions(options);
  const source = sourceInfo(bytes, options.source);
  const pdf = await openPdf(bytes, { maxBytes: o.maxBytes, password: o.password });
  try {
    const plan = planPages(pdf.numPages, o);
    const pages: PageAnalysis[] = [];
    for (const n of plan.pages) {
      pages.push(await analyzePage(pdf, n, o));
      options.onProgress?.(pages.length, plan.pages.length);
    }
    return assembleDocument(
      pages,
      { source, numPages: pdf.numPages, diagnostics: [...fileDiagnostics(pdf), ...plan.diagnostics] },
      o,
      performance.now() - started,
    );
  } finally {
    await closePdf(pdf);
  }
}
