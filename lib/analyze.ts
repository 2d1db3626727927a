/**
 * The per-page stage: read one page of an open PDF and lay it out. Its result (PageAnalysis) is plain JSON, so a
 * page worker can compute it and an aggregator can finish the document from it.
 */
import type { ResolvedOptions } from './options.js';
import type { OpenPdf } from './pdf/open.js';
import { readPageText } from './pdf/runs.js';
import { layoutPage } from './layout/page.js';
import type { Diagnostic, PageAnalysis } from './types.js';
import { round2 } from './layout/lines.js';

function failedPage(page: number, code: string, message: string, width = 0, height = 0, rotation = 0): PageAnalysis {
  return {
    info: { page, width, height, rotation, source: 'text', columnCount: 0, gutters: [], bands: [], spanLines: 0, failed: true },
    segments: [],
    artifacts: [],
    diagnostics: [{ code, severity: 'error', page, message }],
    chars: 0,
  };
}

async function analyze(pdf: OpenPdf, pageNo: number, o: ResolvedOptions): Promise<PageAnalysis> {
  const page = await pdf.doc.getPage(pageNo);
  try {
    const text = await readPageText(pdf, page, o.maxRunsPerPage);
    const diagnostics: Diagnostic[] = [];
    if (text.droppedRuns > 0) {
      diagnostics.push({
        code: 'run-limit',
        severity: 'warning',
        page: pageNo,
        message: `the page has more than ${o.maxRunsPerPage} text runs (maxRunsPerPage); ${text.droppedRuns} were left out`,
        detail: { kept: o.maxRunsPerPage, dropped: text.droppedRuns },
      });
    }
    const layout = layoutPage(text.runs, {
      page: pageNo,
      direction: o.direction,
      gutterSpanTolerance: o.gutterSpanTolerance,
      gutterRejectFloor: o.gutterRejectFloor,
      minGutterWidth: o.minGutterWidth,
      partialSpans: o.partialSpans,
    });
    diagnostics.push(...layout.diagnostics);
    return {
      info: {
        page: pageNo,
        width: round2(text.width),
        height: round2(text.height),
        rotation: text.rotation,
        source: 'text',
        columnCount: layout.columnCount,
        gutters: layout.gutters,
        bands: layout.bands,
        spanLines: layout.spanLines,
      },
      segments: layout.segments,
      artifacts: [],
      diagnostics,
      chars: text.runs.reduce((n, r) => n + r.text.length, 0),
    };
  } finally {
    page.cleanup();
  }
}

/**
 * Analyse one page. Never throws for a bad page: a page that fails or times out becomes a failed page with an
 * error diagnostic, and the rest of the document goes on.
 */
export async function analyzePage(pdf: OpenPdf, pageNo: number, o: ResolvedOptions): Promise<PageAnalysis> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<PageAnalysis>((resolve) => {
    timer = setTimeout(
      () => resolve(failedPage(pageNo, 'page-timeout', `reading the page took longer than ${o.pageTimeoutMs} ms (pageTimeoutMs); it was given up`)),
      o.pageTimeoutMs,
    );
  });
  try {
    return await Promise.race([analyze(pdf, pageNo, o), timeout]);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    return failedPage(pageNo, 'page-failed', `the page could not be read: ${message}`);
  } finally {
    clearTimeout(timer);
  }
}
