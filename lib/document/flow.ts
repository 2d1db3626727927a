/**
 * The main flow of a document: segments of every page in reading order, with furniture and footnotes lifted out,
 * built into blocks and joined into text. Pure: page analyses in, flow out.
 */
import type { ResolvedOptions } from '../options.js';
import type { Block, Diagnostic, Footnote, FurnitureItem, Line, PageAnalysis, Segment } from '../types.js';
import { roundBox, unionBox } from '../layout/lines.js';
import { documentBodySize, documentLineAdvance, placedLines } from './lines.js';
import { detectFurniture } from './furniture.js';
import { bodyOverNotes, detectFootnotes } from './footnotes.js';
import { buildBlocks } from './blocks.js';

export interface Flow {
  text: string;
  blocks: Block[];
  segments: Segment[];
  headers: FurnitureItem[];
  footers: FurnitureItem[];
  footnotes: Footnote[];
  diagnostics: Diagnostic[];
}

/**
 * Compatibility characters and ligatures as the reader sees them: NFKC on text only, after the geometry. Chinese and
 * Japanese punctuation set full width ("，", "？", "（") is the text's own and stays (NFKC would make it ASCII); the
 * full-width letters and digits are compatibility forms and are read as the plain ones.
 */
export const clean = (s: string) =>
  /^[\x00-\x7e]*$/.test(s)
    ? s
    : s.replace(/[^\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65]+/g, (m) => m.normalize('NFKC')).replace(/\u00ad(?!\n)/g, '');

function cleanLine(l: Line): Line {
  // A soft hyphen ending the line is where a word broke: kept for the join (hyphenation.ts), which drops it.
  const soft = l.text.endsWith('\u00ad');
  const out: Line = { ...l, text: soft ? `${clean(l.text.slice(0, -1))}\u00ad` : clean(l.text) };
  if (l.cells) out.cells = l.cells.map(clean);
  return out;
}

/**
 * Tagged artifacts of pages read from tags: kept out of the flow, reported as headers or footers by position; and
 * margin line numbers.
 */
function artifactItems(pages: PageAnalysis[]): { headers: FurnitureItem[]; footers: FurnitureItem[] } {
  const headers: FurnitureItem[] = [];
  const footers: FurnitureItem[] = [];
  for (const p of pages) {
    for (const l of p.artifacts) {
      const item: FurnitureItem = { page: p.info.page, text: clean(l.text), bbox: l.bbox, kind: 'artifact' };
      ((l.bbox[1] + l.bbox[3]) / 2 < p.info.height / 2 ? headers : footers).push(item);
    }
    // Margin line numbers run down the whole page: they are reported with the heads.
    for (const l of p.lineNumbers ?? []) headers.push({ page: p.info.page, text: clean(l.text), bbox: l.bbox, kind: 'line-number' });
  }
  return { headers, footers };
}

export function buildFlow(pages: PageAnalysis[], o: ResolvedOptions): Flow {
  const lines = placedLines(pages);
  const body = bodyOverNotes(lines, documentBodySize(lines));
  const advance = documentLineAdvance(pages, body);
  const furniture = detectFurniture(lines, body, o.minFurnitureRepeats, advance);
  const notes = detectFootnotes(lines, furniture.removed, body, advance);
  const removed = new Set([...furniture.removed, ...notes.removed]);

  const segments: Segment[] = [];
  for (const p of pages) {
    p.segments.forEach((seg) => {
      const kept = seg.lines.map((line) => furniture.replaced.get(line) ?? line).filter((line) => !removed.has(line));
      if (kept.length === 0) return;
      const cleaned = kept.map(cleanLine);
      segments.push({ ...seg, lines: cleaned, text: cleaned.map((l) => l.text).join('\n'), bbox: roundBox(unionBox(cleaned.map((l) => l.bbox))) });
    });
  }
  const blocks = buildBlocks(segments, body, advance).map((b) => ({ ...b, text: clean(b.text) }));
  const artifacts = artifactItems(pages);
  const byPosition = (a: FurnitureItem, b: FurnitureItem) => a.page - b.page || a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0];
  return {
    text: blocks.map((b) => b.text).join('\n\n'),
    blocks,
    segments,
    headers: [...furniture.headers, ...artifacts.headers].map((h) => ({ ...h, text: clean(h.text) })).sort(byPosition),
    footers: [...furniture.footers, ...artifacts.footers].map((h) => ({ ...h, text: clean(h.text) })).sort(byPosition),
    footnotes: notes.footnotes.map((n) => ({ ...n, text: clean(n.text) })),
    diagnostics: furniture.diagnostics,
  };
}
