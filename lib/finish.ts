/**
 * The document stage: a document's plan and its pages' analyses in, the DocumentResult out. Pure and free of pdf.js
 * and OCR, so the aggregator's bundle carries neither. Run by extractDocument in process and by the aggregator.
 */
import { assembleDocument } from './document/assemble.js';
import { resolveOptions, type ReadflowOptions } from './options.js';
import type { DocumentPlan } from './plan.js';
import type { DocumentResult, PageAnalysis, SourceInfo } from './types.js';

/** Finish a document from its plan and its page analyses (the document stage). */
export function finishDocument(plan: DocumentPlan, pages: PageAnalysis[], source: SourceInfo, options: ReadflowOptions, ms: number): DocumentResult {
  return assembleDocument(pages, { source, numPages: plan.numPages, diagnostics: plan.diagnostics }, resolveOptions(options), ms);
}
