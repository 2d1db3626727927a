/**
 * The document stage (pure): per-page analyses in, the DocumentResult out. Runs once per document, in process for
 * the CLI and in the aggregator for the pipeline, so both produce the same JSON.
 */
import { ENGINE_NAME, ENGINE_VERSION, SCHEMA_VERSION } from '../constants.js';
import { ReadflowError } from '../errors.js';
import { outputOptions, type ResolvedOptions } from '../options.js';
import type { Diagnostic, DocumentResult, DocumentStatus, PageAnalysis, SourceInfo } from '../types.js';
import type { DiagnosticCode } from '../diagnostics.js';
import { buildFlow } from './flow.js';

export interface DocumentMeta {
  source: SourceInfo;
  /** Pages in the file. */
  numPages: number;
  /** Document-level diagnostics gathered before the pages were read (limits, recovered damage). */
  diagnostics: Diagnostic[];
}

export function documentStatus(pages: PageAnalysis[], diagnostics: Diagnostic[]): DocumentStatus {
  const failed = pages.filter((p) => p.info.failed).length;
  if (pages.length === 0 || failed === pages.length) return 'failed';
  if (failed > 0 || diagnostics.some((d) => d.severity === 'error')) return 'partial';
  return 'complete';
}

/** Throw on the first warning or error when `strict` is set: every conservative choice becomes a refusal. */
export function enforceStrict(diagnostics: Diagnostic[], strict: boolean): void {
  if (!strict) return;
  const d = diagnostics.find((x) => x.severity !== 'info');
  if (d) {
    throw new ReadflowError('strict', `${d.code}${d.page ? ` on page ${d.page}` : ''}: ${d.message}`, {
      diagnostic: d,
    });
  }
}

export function assembleDocument(pages: PageAnalysis[], meta: DocumentMeta, o: ResolvedOptions, ms: number): DocumentResult {
  const sorted = [...pages].sort((a, b) => a.info.page - b.info.page);
  const flow = buildFlow(sorted, o);
  const diagnostics = [...meta.diagnostics, ...sorted.flatMap((p) => p.diagnostics), ...flow.diagnostics];
  enforceStrict(diagnostics, o.strict);
  return {
    schemaVersion: SCHEMA_VERSION,
    engine: { name: ENGINE_NAME, version: ENGINE_VERSION, options: outputOptions(o) },
    source: meta.source,
    status: documentStatus(sorted, diagnostics),
    text: flow.text,
    blocks: flow.blocks,
    segments: flow.segments,
    headers: flow.headers,
    footers: flow.footers,
    footnotes: flow.footnotes,
    pages: sorted.map((p) => p.info),
    diagnostics,
    usage: {
      pages: sorted.length,
      ocrPages: sorted.filter((p) => p.info.source === 'ocr').length,
      ms: Math.round(ms),
    },
  };
}

/**
 * The result for a document that could not be read at all (not a PDF, damaged, encrypted, over a limit): status
 * `failed`, the reason as a diagnostic, nothing else. The CLI reports these as errors; the pipeline writes them.
 */
export function failedResult(source: SourceInfo, o: ResolvedOptions, error: { code: DiagnosticCode; message: string }, ms: number): DocumentResult {
  return {
    schemaVersion: SCHEMA_VERSION,
    engine: { name: ENGINE_NAME, version: ENGINE_VERSION, options: outputOptions(o) },
    source,
    status: 'failed',
    text: '',
    blocks: [],
    segments: [],
    headers: [],
    footers: [],
    footnotes: [],
    pages: [],
    diagnostics: [{ code: error.code, severity: 'error', page: null, message: error.message }],
    usage: { pages: 0, ocrPages: 0, ms: Math.round(ms) },
  };
}
