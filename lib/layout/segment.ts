/** A segment made from lines: its text and box follow from them. */
import type { Line, Segment } from '../types.js';
import { roundBox, unionBox } from './lines.js';

export const textOf = (lines: Line[]) => lines.map((l) => l.text).join('\n');

export function segment(kind: Segment['kind'], page: number, band: number, column: number | null, lines: Line[]): Segment {
  return { kind, page, band, column, text: textOf(lines), bbox: roundBox(unionBox(lines.map((l) => l.bbox))), lines };
}
