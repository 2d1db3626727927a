/**
 * A page that could not be read, as the per-page stage reports it: apart from the page stage itself, so the
 * pipeline's dead-letter handler can write one without carrying pdf.js and OCR in its bundle.
 */
import type { DiagnosticCode } from './diagnostics.js';
import type { PageAnalysis } from './types.js';

/** A page that could not be read: an error diagnostic with the reason, and no text. */
export function failedPage(page: number, code: DiagnosticCode, message: string, width = 0, height = 0, rotation = 0): PageAnalysis {
  return {
    info: { page, width, height, rotation, source: 'text', columnCount: 0, gutters: [], bands: [], spanLines: 0, failed: true },
    segments: [],
    artifacts: [],
    diagnostics: [{ code, severity: 'error', page, message }],
    chars: 0,
  };
}
