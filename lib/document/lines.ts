/**
 * The document stage's view of the page stage's output: every line with where it sits, and measures taken over
 * the whole document (body size, normal line advance).
 */
import type { Line, PageAnalysis, Segment } from '../types.js';

export interface PlacedLine {
  page: number;
  /** Index of the segment in its page's segment list. */
  segment: number;
  /** Index of the line in its segment. */
  index: number;
  line: Line;
  seg: Segment;
  pageHeight: number;
  pageWidth: number;
}

/** What identifies a placed line in the sets of lines lifted out of the flow: the line object itself. */
export const lineKey = (l: PlacedLine): Line => l.line;

export function placedLines(pages: PageAnalysis[]): PlacedLine[] {
  const out: PlacedLine[] = [];
  for (const p of pages) {
    p.segments.forEach((seg, s) =>
      seg.lines.forEach((line, i) =>
        out.push({ page: p.info.page, segment: s, index: i, line, seg, pageHeight: p.info.height, pageWidth: p.info.width }),
      ),
    );
  }
  return out;
}

/**
 * The body size: the size most characters of the whole document are set in (not per page: a page set larger than
 * the rest would otherwise elect its own display size and read its ordinary last lines as notes).
 */
export function documentBodySize(lines: PlacedLine[]): number {
  const votes = new Map<number, number>();
  for (const l of lines) {
    if (l.seg.kind === 'rotated') continue;
    const k = Math.round(l.line.size * 2) / 2;
    votes.set(k, (votes.get(k) ?? 0) + l.line.text.length);
  }
  let size = 10;
  let best = -1;
  for (const [s, n] of votes) if (n > best || (n === best && s < size)) [size, best] = [s, n];
  return size;
}

/**
 * The normal baseline advance between consecutive lines of body size inside segments: the most frequent one (to a
 * quarter point), so that a page of display maths or short paragraphs, whose many wider gaps would pull a median up,
 * still measures its text's own leading.
 */
export function documentLineAdvance(pages: PageAnalysis[], body: number): number {
  const deltas: number[] = [];
  for (const p of pages) {
    for (const seg of p.segments) {
      for (let i = 1; i < seg.lines.length; i++) {
        const a = seg.lines[i - 1];
        const b = seg.lines[i];
        if (Math.abs(a.size - body) > 0.15 * body || Math.abs(b.size - body) > 0.15 * body) continue;
        const d = b.baseline - a.baseline;
        if (d > 0.6 * body && d < 3 * body) deltas.push(d);
      }
    }
  }
  if (deltas.length === 0) return 1.2 * body;
  const votes = new Map<number, number>();
  for (const d of deltas) {
    const k = Math.round(d * 4) / 4;
    votes.set(k, (votes.get(k) ?? 0) + 1);
  }
  let mode = 0;
  let best = 0;
  for (const [k, n] of votes) if (n > best || (n === best && k < mode)) [mode, best] = [k, n];
  return mode;
}
