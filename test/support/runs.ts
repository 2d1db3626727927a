/** Small factories for layout tests: runs placed like a typesetter would, without a PDF. */
import type { LayoutParams } from '../../lib/layout/page.js';
import type { Run } from '../../lib/types.js';

/** Average glyph advance as a share of the font size (Helvetica-like). */
const ADVANCE = 0.5;
let stream = 0;

export function run(text: string, x: number, baseline: number, size = 10, extra: Partial<Run> = {}): Run {
  const width = text.length * ADVANCE * size;
  return {
    text,
    x0: x,
    x1: x + width,
    y0: baseline - 0.8 * size,
    y1: baseline + 0.2 * size,
    baseline,
    size,
    font: 'Helvetica',
    bold: false,
    italic: false,
    dir: 'ltr',
    angle: 0,
    stream: stream++,
    ...extra,
  };
}

/** Filler words without digits, so labels stay unique. */
const WORDS =
  'the harbour works were incomplete before season closed and no further funds had been voted for repairs along eastern breakwater survey ordered spring engineer sent revised drawing showing carried forty feet'.split(
    ' ',
  );

/** A line of about `chars` characters starting with `label`, filled from WORDS deterministically. */
export function line(label: string, chars: number, seed = 0): string {
  let s = label;
  let i = seed;
  while (s.length < chars) s += ' ' + WORDS[i++ % WORDS.length];
  return s.slice(0, chars).trimEnd();
}

/** Labels in the order they occur in text (labels look like q001). */
export function labels(text: string): string[] {
  return [...text.matchAll(/\bq\d{3}\b/g)].map((m) => m[0]);
}

/**
 * A column of `n` labelled lines at x, from baseline y0 with the given advance. Labels are `q` + a 3-digit
 * number starting at `first`. Lines fill `chars` characters, the last one shorter (a ragged paragraph end).
 */
export function column(first: number, n: number, x: number, y0: number, opts: { size?: number; chars?: number; advance?: number } = {}): Run[] {
  const size = opts.size ?? 10;
  const chars = opts.chars ?? 40;
  const advance = opts.advance ?? size * 1.2;
  return Array.from({ length: n }, (_, i) =>
    run(line(`q${String(first + i).padStart(3, '0')}`, i === n - 1 ? Math.round(chars * 0.6) : chars, first + i), x, y0 + i * advance, size),
  );
}

/** Page-layout parameters as the library's defaults set them, for page 1 unless overridden. */
export const layoutParams = (over: Partial<LayoutParams> = {}): LayoutParams => ({
  page: 1,
  direction: 'auto',
  gutterSpanTolerance: 0.15,
  gutterRejectFloor: 0.4,
  minGutterWidth: 0.7,
  partialSpans: 'refuse',
  ...over,
});
