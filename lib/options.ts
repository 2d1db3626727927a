/**
 * Every option readflow takes, with its default, resolved once per document.
 * Thresholds are relative to the page's own measures (body font size, line advance, column width); each is named
 * and explained here once.
 */
import { ReadflowError } from './errors.js';
import type { Direction } from './types.js';

export type DirectionOption = Direction | 'auto';
export type OrderSource = 'auto' | 'tags' | 'geometry';
export type OcrMode = 'auto' | 'off' | 'force';

export interface ReadflowOptions {
  /**
   * Pages to read: 1-based, inclusive ranges such as `"3-7,9"`, or a list of page numbers.
   * @default every page
   */
  pages?: string | number[];
  /**
   * Column order across the page. `auto` reads right to left when most of the document's letters are in a
   * right-to-left script (Hebrew, Arabic, Syriac, Thaana, N'Ko).
   * @default 'auto'
   */
  direction?: DirectionOption;
  /**
   * Where the order comes from. `auto` uses the file's structure tree when it is present and agrees with the
   * geometry, and the geometry otherwise; `tags` uses the tree whenever there is one; `geometry` ignores it.
   * @default 'auto'
   */
  order?: OrderSource;
  /**
   * Turn every warning diagnostic (a refusal, a conservative choice) into a thrown `ReadflowError`.
   * @default false
   */
  strict?: boolean;
  /**
   * A line that crosses some gutters but not all on a page of three or more columns is either a heading over part
   * of the page or a table reaching part way across, and those read in opposite orders. `refuse` keeps the line in
   * the column it starts in and reports `partial-span`; `band` reads it as a full-width band break.
   * @default 'refuse'
   */
  partialSpans?: 'refuse' | 'band';
  /**
   * Largest share of a column zone's lines that may cross a gutter for it to still be a gutter; the crossing lines
   * are full-width material (titles, captions, tables).
   * @default 0.15
   */
  gutterSpanTolerance?: number;
  /**
   * Share of crossing lines at or above which the candidate is plainly not a gutter. Between the tolerance and this
   * floor the page has two readings that disagree, so readflow refuses to pick silently (`ambiguous-gutter`).
   * @default 0.4
   */
  gutterRejectFloor?: number;
  /**
   * Narrowest gutter, in multiples of the body font size. Word spaces are 0.25–0.8 em; the narrowest real
   * gutters measured (9 pt between 8 pt columns) are just over 1 em.
   * @default 0.7
   */
  minGutterWidth?: number;
  /**
   * A running head or folio must repeat at the same height on at least this many pages (and on at least half of
   * the document) to be taken out of the flow.
   * @default 3
   */
  minFurnitureRepeats?: number;
  /**
   * Largest input accepted, in bytes.
   * @default 268435456 (256 MiB)
   */
  maxBytes?: number;
  /**
   * Most pages read from one document; later pages are left out with a `page-limit` diagnostic.
   * @default 5000
   */
  maxPages?: number;
  /**
   * Most text runs read from one page; the rest are left out with a `run-limit` diagnostic.
   * @default 200000
   */
  maxRunsPerPage?: number;
  /**
   * Longest time spent reading one page before it is given up with a `page-timeout` diagnostic, in milliseconds.
   * @default 120000
   */
  pageTimeoutMs?: number;
  /**
   * OCR for pages without a usable text layer: `auto` detects them, `force` OCRs every page, `off` never does.
   * @default 'auto'
   */
  ocr?: OcrMode;
  /**
   * Tesseract language(s), `+`-separated (`eng`, `eng+deu`); each needs its `@tesseract.js-data/<lang>` package.
   * @default 'eng'
   */
  ocrLang?: string;
  /**
   * A folder holding `<lang>.traineddata.gz` for every OCR language. Needed for several languages at once (the npm
   * data packages each live in their own folder); a single language is found in its `@tesseract.js-data` package.
   * @default none
   */
  ocrDataPath?: string;
  /**
   * Highest resolution pages are rendered at for OCR, dots per inch. Each page's own is chosen from its line pitch
   * (large type needs fewer pixels), up to this.
   * @default 300
   */
  ocrDpi?: number;
  /**
   * Password for encrypted documents. Never echoed into the result.
   * @default none
   */
  password?: string;
}

export type ResolvedOptions = Required<Omit<ReadflowOptions, 'pages' | 'password' | 'ocrDataPath'>> & {
  /** Page numbers to read, or null for all. */
  pages: number[] | null;
  password: string | null;
  ocrDataPath: string | null;
};

export const DEFAULT_OPTIONS: Omit<ResolvedOptions, 'pages' | 'password' | 'ocrDataPath'> = {
  direction: 'auto',
  order: 'auto',
  strict: false,
  partialSpans: 'refuse',
  gutterSpanTolerance: 0.15,
  gutterRejectFloor: 0.4,
  minGutterWidth: 0.7,
  minFurnitureRepeats: 3,
  maxBytes: 256 * 1024 * 1024,
  maxPages: 5000,
  maxRunsPerPage: 200_000,
  pageTimeoutMs: 120_000,
  ocr: 'auto',
  ocrLang: 'eng',
  ocrDpi: 300,
};

/** Parse `"3-7,9"` into sorted unique page numbers. */
export function parsePageRanges(spec: string): number[] {
  const pages = new Set<number>();
  for (const part of spec
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const m = /^(\d+)(?:\s*-\s*(\d+))?$/.exec(part);
    if (!m) throw new ReadflowError('bad-option', `invalid page range "${part}" (expected e.g. 3-7,9)`);
    const a = Number(m[1]);
    const b = m[2] === undefined ? a : Number(m[2]);
    if (a < 1 || b < a) throw new ReadflowError('bad-option', `invalid page range "${part}"`);
    if (b - a > 1_000_000) throw new ReadflowError('bad-option', `page range "${part}" is too large`);
    for (let p = a; p <= b; p++) pages.add(p);
  }
  if (pages.size === 0) throw new ReadflowError('bad-option', 'empty page range');
  return [...pages].sort((x, y) => x - y);
}

function oneOf<T extends string>(name: string, value: unknown, allowed: readonly T[]): T {
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw new ReadflowError('bad-option', `${name} must be one of ${allowed.join(', ')} (got ${String(value)})`);
}

function number(name: string, value: unknown, min: number, max: number): number {
  if (typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max) return value;
  throw new ReadflowError('bad-option', `${name} must be a number from ${min} to ${max} (got ${String(value)})`);
}

/** Apply defaults and check every option once. */
export function resolveOptions(options: ReadflowOptions = {}): ResolvedOptions {
  const o = { ...DEFAULT_OPTIONS, ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) };
  const pages =
    options.pages === undefined
      ? null
      : typeof options.pages === 'string'
        ? parsePageRanges(options.pages)
        : [...new Set(options.pages.map((p) => number('pages[]', p, 1, Number.MAX_SAFE_INTEGER)))].sort((a, b) => a - b);
  const resolved: ResolvedOptions = {
    pages,
    password: options.password ?? null,
    ocrDataPath: options.ocrDataPath ?? null,
    direction: oneOf('direction', o.direction, ['ltr', 'rtl', 'auto'] as const),
    order: oneOf('order', o.order, ['auto', 'tags', 'geometry'] as const),
    strict: Boolean(o.strict),
    partialSpans: oneOf('partialSpans', o.partialSpans, ['refuse', 'band'] as const),
    gutterSpanTolerance: number('gutterSpanTolerance', o.gutterSpanTolerance, 0, 1),
    gutterRejectFloor: number('gutterRejectFloor', o.gutterRejectFloor, 0, 1),
    minGutterWidth: number('minGutterWidth', o.minGutterWidth, 0.1, 20),
    minFurnitureRepeats: number('minFurnitureRepeats', o.minFurnitureRepeats, 2, 1000),
    maxBytes: number('maxBytes', o.maxBytes, 1, Number.MAX_SAFE_INTEGER),
    maxPages: number('maxPages', o.maxPages, 1, Number.MAX_SAFE_INTEGER),
    maxRunsPerPage: number('maxRunsPerPage', o.maxRunsPerPage, 1, Number.MAX_SAFE_INTEGER),
    pageTimeoutMs: number('pageTimeoutMs', o.pageTimeoutMs, 1, 24 * 3600 * 1000),
    ocr: oneOf('ocr', o.ocr, ['auto', 'off', 'force'] as const),
    ocrLang: String(o.ocrLang),
    ocrDpi: number('ocrDpi', o.ocrDpi, 50, 600),
  };
  if (!/^[a-z_]{3,}(\+[a-z_]{3,})*$/i.test(resolved.ocrLang)) {
    throw new ReadflowError('bad-option', `ocrLang must be language codes joined by + (got ${resolved.ocrLang})`);
  }
  if (resolved.gutterRejectFloor < resolved.gutterSpanTolerance) {
    throw new ReadflowError('bad-option', 'gutterRejectFloor must not be below gutterSpanTolerance');
  }
  return resolved;
}

/** The options that shape the output, as recorded in `engine.options` (no password, no limits that did not bite). */
export function outputOptions(o: ResolvedOptions): Record<string, unknown> {
  // No secrets, and no machine-local paths (the same options give the same JSON on a laptop and on Lambda).
  const { password: _password, ocrDataPath: _dataPath, ...rest } = o;
  return rest;
}
