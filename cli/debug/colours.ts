/** Every colour the debug view draws with, and the legend index.html shows of them. */
import type { SegmentKind } from '../../lib/types.js';

/** OCR lines under this mean confidence are marked. */
export const LOW_LINE_CONFIDENCE = 60;

/** Every colour the view draws with; the legend of index.html is generated from this table. */
export const DEBUG_COLOURS = {
  gutter: 'rgba(255, 0, 170, 0.24)',
  band: '#00838f',
  column: '#1565c0',
  span: '#2e7d32',
  table: '#ef6c00',
  rotated: '#8e24aa',
  order: '#e53935',
  furniture: '#7a7a7a',
  furnitureFill: 'rgba(122, 122, 122, 0.2)',
  ocrLine: 'rgba(0, 137, 123, 0.22)',
  ocrLow: '#d50000',
  info: '#0277bd',
  warning: '#f9a825',
  error: '#c62828',
} as const;

export const KIND_COLOUR: Record<SegmentKind, string> = {
  column: DEBUG_COLOURS.column,
  span: DEBUG_COLOURS.span,
  table: DEBUG_COLOURS.table,
  rotated: DEBUG_COLOURS.rotated,
};

export const LEGEND: { swatch: string; style: 'fill' | 'outline' | 'dashed' | 'line'; label: string }[] = [
  { swatch: DEBUG_COLOURS.gutter, style: 'fill', label: 'gutter (shaded over the bands of columns it separates)' },
  { swatch: DEBUG_COLOURS.band, style: 'dashed', label: 'band boundary: top and bottom of each band, labelled b<index> <kind> (x<columns>)' },
  { swatch: DEBUG_COLOURS.column, style: 'outline', label: 'column segment (number: place in the reading order of the document)' },
  { swatch: DEBUG_COLOURS.span, style: 'outline', label: 'span segment (full-width material)' },
  { swatch: DEBUG_COLOURS.table, style: 'outline', label: 'table segment' },
  { swatch: DEBUG_COLOURS.rotated, style: 'outline', label: 'rotated segment (tagged ROT)' },
  { swatch: DEBUG_COLOURS.order, style: 'line', label: 'reading order: path joining segment centres, arrow on each leg' },
  { swatch: DEBUG_COLOURS.furniture, style: 'dashed', label: 'furniture lifted out of the flow: running head, folio, footer, footnote' },
  { swatch: DEBUG_COLOURS.ocrLine, style: 'fill', label: 'OCR line, faintly filled (OCR pages only)' },
  { swatch: DEBUG_COLOURS.ocrLow, style: 'dashed', label: `OCR line with confidence under ${LOW_LINE_CONFIDENCE} (confidence shown)` },
  { swatch: DEBUG_COLOURS.info, style: 'fill', label: 'diagnostic, info (flag at its baseline, else at the top of the page)' },
  { swatch: DEBUG_COLOURS.warning, style: 'fill', label: 'diagnostic, warning' },
  { swatch: DEBUG_COLOURS.error, style: 'fill', label: 'diagnostic, error' },
];
