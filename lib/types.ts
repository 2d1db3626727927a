/**
 * The shapes readflow passes between its stages and hands to its users.
 *
 * Coordinates are PDF points with the origin at the top-left corner of the page as displayed (`/Rotate` and the
 * crop box applied), y growing downward. A box is `[x0, y0, x1, y1]` with x0 <= x1 and y0 <= y1.
 */

import type { DiagnosticCode, Severity } from './diagnostics.js';
export type Box = [x0: number, y0: number, x1: number, y1: number];

/** A horizontal interval `[x0, x1]` in points. */
export type Interval = [x0: number, x1: number];

export type Direction = 'ltr' | 'rtl';

/**
 * One run of text as the PDF draws it: a string set in one font at one position. OCR words are runs too.
 * Runs are the input of the layout stage and never leave a page worker.
 */
export interface Run {
  text: string;
  /** Glyph box (ascent to descent along the baseline). */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** y of the baseline. */
  baseline: number;
  /** Font size in points (the glyph height scale, independent of rotation). */
  size: number;
  /** Font name as the file gives it (subset prefix removed), or pdf.js' loaded name when the real one is unknown. */
  font: string;
  bold: boolean;
  italic: boolean;
  /** True when the font is fixed-pitch (by name or pdf.js' font flags): code, where spaces align, not lay out. */
  mono?: boolean;
  dir: Direction;
  /** Angle of the text direction on the displayed page, degrees, 0 = left to right horizontal. */
  angle: number;
  /** Position of the run in content-stream order (consecutive runs were drawn one after the other). */
  stream: number;
  /** Marked-content id (`p12R_mc3`) when the run is inside tagged content. */
  mcid?: string;
  /** True when the run sits inside `/Artifact` marked content. */
  artifact?: boolean;
  /** True when the run had whitespace before / after it in the file (a word boundary). */
  spaceBefore?: boolean;
  spaceAfter?: boolean;
  /** OCR word confidence, 0..100. */
  confidence?: number;
  /** A drop cap: set beside several lines, read at the start of the first (see layout/rows.ts). */
  initial?: boolean;
}

/** A line of text as it appears in a segment: the runs of one row that fall in one column. */
export interface Line {
  text: string;
  bbox: Box;
  baseline: number;
  /** Dominant font size of the line (by characters). */
  size: number;
  /** True when most characters of the line are bold. */
  bold: boolean;
  /** Cells of a table row (only for lines of `table` segments). */
  cells?: string[];
  /** Marked-content ids of the line's runs (tagged pages only). */
  mcids?: string[];
  /** Mean OCR confidence of the line's words. */
  confidence?: number;
  /** Fixed-pitch (code, a listing, a command line): at least 90% of its characters, against those of its other runs. */
  mono?: boolean;
  /** Characters at the start of `text` that are a drop cap set beside this and the following lines. */
  initial?: number;
  /** Characters at the start of `text` that are a note's mark set small and raised (a footnote's number in the note). */
  mark?: number;
}

export type SegmentKind = 'column' | 'span' | 'table' | 'rotated';

/** A piece of the page read as one unit: a column of a band, a full-width span, a table, or rotated text. */
export interface Segment {
  kind: SegmentKind;
  page: number;
  /** Index of the band on the page, top to bottom, from 0. */
  band: number;
  /** Column index in reading order within the band, or null for spans, tables and rotated text. */
  column: number | null;
  text: string;
  bbox: Box;
  lines: Line[];
  /** Structure role when the order came from tags (P, H1, LI …). */
  role?: string;
  /** Read as a form's box on its own: a box of a ruled grid, closed by rules the page draws over, under and beside it
   * (a form's field, its label beside the next field's), or an option set beside others, a check box the page draws
   * before its label (layout/options.ts). */
  box?: boolean;
}

export type { Severity } from './diagnostics.js';

/** A choice made conservatively, a refusal, a limit hit or a failure, always with the reason. */
export interface Diagnostic {
  /** One of the codes in lib/diagnostics.ts (their severities and meanings are listed there). */
  code: DiagnosticCode;
  severity: Severity;
  /** 1-based page number, or null for the whole document. */
  page: number | null;
  message: string;
  detail?: Record<string, unknown>;
}

export type PageSource = 'text' | 'ocr' | 'tags';

export interface BandInfo {
  top: number;
  bottom: number;
  kind: 'columns' | 'span' | 'table';
  columnCount: number;
}

/** Per-page facts: how the page was read. */
export interface PageInfo {
  page: number;
  width: number;
  height: number;
  rotation: number;
  source: PageSource;
  columnCount: number;
  gutters: Interval[];
  bands: BandInfo[];
  /** Lines that cross a gutter and were read as full-width material. */
  spanLines: number;
  ocrConfidence?: number;
  /** Set when the page could not be read at all. */
  failed?: boolean;
}

/**
 * A unit of the flow as a reader sees it: a paragraph (joined across column and page breaks), a heading, a list
 * item, a caption, a table or code (fixed-pitch lines, breaks and leading indents kept), with the boxes on the pages
 * it came from.
 */
export interface Block {
  kind: 'heading' | 'paragraph' | 'list-item' | 'caption' | 'table' | 'code';
  text: string;
  /** Heading level, 1 for the largest heading size in the document. */
  level?: number;
  /** Table rows, as cells. */
  rows?: string[][];
  /** Structure role when the order came from tags. */
  role?: string;
  /** Where the block's text sits: one box per segment it came from. */
  sources: { page: number; bbox: Box }[];
}

/** Text that the document pass lifted out of the flow. */
export interface FurnitureItem {
  page: number;
  text: string;
  bbox: Box;
  kind: 'running-head' | 'folio' | 'page-label' | 'margin-stamp' | 'watermark' | 'page-footer' | 'artifact' | 'line-number' | 'jump-line';
}

export interface Footnote {
  page: number;
  /** The note's marker as printed (`1`, `*`, `†`), or null when none was recognised. */
  marker: string | null;
  text: string;
  bbox: Box;
}

/**
 * The result of the per-page stage: everything the document stage needs, JSON-serialisable, so a page worker
 * can compute it and an aggregator can finish the document from it.
 */
export interface PageAnalysis {
  info: PageInfo;
  /** Segments in reading order. */
  segments: Segment[];
  /** Lines the file marks as artifacts (tagged pages): furniture candidates kept out of the flow. */
  artifacts: Line[];
  /** Line numbers printed in the margin (a numbered manuscript), lifted out of the page before its layout. */
  lineNumbers?: Line[];
  diagnostics: Diagnostic[];
  /** Characters of text on the page before any removal. */
  chars: number;
}

export interface SourceInfo {
  name: string | null;
  bucket: string | null;
  key: string | null;
  versionId: string | null;
  etag: string | null;
  bytes: number;
  sha256: string;
}

export interface Usage {
  pages: number;
  ocrPages: number;
  ms: number;
}

export type DocumentStatus = 'complete' | 'partial' | 'failed';

/** The JSON contract: one per source document. See schema/document.schema.json. */
export interface DocumentResult {
  schemaVersion: string;
  engine: { name: string; version: string; options: Record<string, unknown> };
  source: SourceInfo;
  status: DocumentStatus;
  /** The main flow in reading order: paragraphs separated by blank lines. */
  text: string;
  /** The main flow as paragraphs, headings, list items, captions and tables, with provenance. */
  blocks: Block[];
  segments: Segment[];
  headers: FurnitureItem[];
  footers: FurnitureItem[];
  footnotes: Footnote[];
  pages: PageInfo[];
  diagnostics: Diagnostic[];
  usage: Usage;
}

/** A vertical rule the page draws (pdf/rules.ts), in the coordinates of its runs: x across, y0 to y1 down. */
export interface Rule {
  x: number;
  y0: number;
  y1: number;
}

/** A check box the page draws (pdf/rules.ts): a small square, [x0, y0, x1, y1] in the runs' coordinates. */
export type CheckBox = [number, number, number, number];

/** A horizontal rule the page draws (pdf/rules.ts): at y, from x0 to x1, in the runs' coordinates. */
export interface HRule {
  y: number;
  x0: number;
  x1: number;
}
