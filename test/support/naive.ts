/**
 * The two orders a naive extractor produces, computed from readflow's own runs (so they differ from the true
 * order because of the layout, not because of a different PDF reader): the content-stream order, and the
 * top-to-bottom-then-left-to-right sort.
 */
import { labelsIn } from '../../fixtures/index.js';
import { closePdf, openPdf } from '../../lib/pdf/open.js';
import { readPageText } from '../../lib/pdf/runs.js';
import type { Run } from '../../lib/types.js';

export interface NaiveOrders {
  /** Labels in the order the content stream draws them, page after page. */
  stream: string[];
  /** Labels sorted by baseline (rounded to the point), then by left edge, page after page. */
  rows: string[];
  /** Labels per page (1-based index - 1), in stream order. */
  byPage: string[][];
}

const labelsOfRuns = (runs: Run[]) => labelsIn(runs.map((r) => r.text).join('\n'));

export async function naiveOrders(bytes: Uint8Array, password: string | null = null): Promise<NaiveOrders> {
  const pdf = await openPdf(bytes, { maxBytes: Number.MAX_SAFE_INTEGER, password });
  const out: NaiveOrders = { stream: [], rows: [], byPage: [] };
  try {
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.doc.getPage(n);
      try {
        const { runs } = await readPageText(pdf, page, Number.MAX_SAFE_INTEGER);
        const stream = labelsOfRuns([...runs].sort((a, b) => a.stream - b.stream));
        const rows = labelsOfRuns([...runs].sort((a, b) => Math.round(a.baseline) - Math.round(b.baseline) || a.x0 - b.x0));
        out.stream.push(...stream);
        out.rows.push(...rows);
        out.byPage.push(stream);
      } finally {
        page.cleanup();
      }
    }
  } finally {
    await closePdf(pdf);
  }
  return out;
}
