/**
 * Every diagnostic code readflow emits, with the severities it is emitted at, where it comes from and what it means.
 * `Diagnostic.code` is typed by this table, so a new code cannot be emitted without a line here; the JSON Schema's
 * list of codes and the README's table are generated from it (`npm run docs`, checked by test/diagnostics.test.ts).
 */

export type Severity = 'info' | 'warning' | 'error';

export interface DiagnosticSpec {
  /** The severities the code is emitted at (some at two, by how sure the engine is). */
  severity: readonly Severity[];
  /** Where it comes from: a page's analysis, the document stage, the input as a whole, or the AWS pipeline. */
  from: 'page' | 'document' | 'input' | 'pipeline';
  /** What happened and what was done about it. */
  meaning: string;
}

export const DIAGNOSTICS = {
  // Columns, bands and tables (page).
  'ambiguous-gutter': {
    severity: ['info', 'warning'],
    from: 'page',
    meaning:
      "Between `gutterSpanTolerance` and `gutterRejectFloor` of a zone's lines cross its gutter, scattered: read as columns with the crossing lines kept whole; info when the content stream draws the columns one after the other, which settles it.",
  },
  'partial-span': {
    severity: ['warning'],
    from: 'page',
    meaning:
      'A line crosses some gutters but not all (a heading over part of the page, a table reaching part way across): read as a break across the columns it covers only (`partialSpans: "band"` breaks the whole page).',
  },
  'tabular-line-split': {
    severity: ['warning'],
    from: 'page',
    meaning: 'A table row leaves the gutter clean and nothing near it shows it is a table: split between the columns.',
  },
  'line-overflow': {
    severity: ['info'],
    from: 'page',
    meaning:
      "A column's line runs over the gutter into the next column (an overfull line of code or an address): each of its runs was read in the column it starts in, and no band was broken.",
  },
  'block-order': {
    severity: ['info'],
    from: 'page',
    meaning: 'Columns of separate blocks, not running text (a letterhead, a form): read block by block from the top.',
  },
  'larger-panel': {
    severity: ['info'],
    from: 'page',
    meaning:
      "A block of lines in larger type than everything level with it, in a table's first or last column (a slide's listing beside a diagram's labels), mostly on rows of its own: no cells of the table's rows, it was read whole, after the rest (before it when it is the first column).",
  },
  'drawn-after': {
    severity: ['info'],
    from: 'page',
    meaning:
      'Small blocks the layout read between two parts of one flow that the content stream draws one after the other, the blocks drawn after it (callouts floated beside a listing), were read after it.',
  },
  'staggered-blocks': {
    severity: ['info'],
    from: 'page',
    meaning:
      'Two small blocks side by side on staggered baselines inside a column (a listing beside the output it prints), too few rows for a gutter and threaded line by line in baseline order, were read block by block, the left one first.',
  },
  'block-grid': {
    severity: ['info'],
    from: 'page',
    meaning: "Rows that line up like a table but are blocks side by side (a paper's authors): read block by block.",
  },
  'title-first': {
    severity: ['info'],
    from: 'page',
    meaning: "On page 1, the column the document's title opens is read before the columns left of it.",
  },
  'margin-after': {
    severity: ['info'],
    from: 'page',
    meaning:
      "A narrow column of small type in the page margin beside the text (an article's dates and licence, an author's biography) was read after the text column.",
  },
  'float-beside': {
    severity: ['info'],
    from: 'page',
    meaning:
      'A float at the foot of one column reaches over the gutter into the other, whose lines step in beside it: the narrowed column was read on from its lines above, the float after the column it stands in.',
  },
  'margin-names': {
    severity: ['info'],
    from: 'page',
    meaning:
      "Names stacked in the left margin a word space from the text, on rows of their own or each level with a syntax line that opens with it (a package manual's option or command entries), were read as a block before the text level with the first of them, not spliced into its lines.",
  },
  'margin-notes': {
    severity: ['info'],
    from: 'page',
    meaning:
      'A note set small in the right margin a word space from a justified text, its lines level with the text spliced into them when read by rows, was read as a block after the paragraph it stands beside.',
  },
  'block-beside': {
    severity: ['info'],
    from: 'page',
    meaning:
      "A small block set beside a paragraph (a form's box labels, a listing), level with too few of its lines for a gutter and spliced into its sentences when read by rows, was read as a block after the paragraph.",
  },
  'run-around': {
    severity: ['info'],
    from: 'page',
    meaning:
      "Text runs around a box set inside its column (a callout, a pull quote, a figure's title): the paragraph was read whole, its shortened lines without the box's, and the box after the paragraph.",
  },
  'ruled-boxes': {
    severity: ['info'],
    from: 'page',
    meaning:
      "Boxes side by side a few points apart, parted by vertical rules the page draws (a form's boxes, a letterhead's cells; a form's fields closed over and under by horizontal rules), were read box by box, each whole, where read row by row their lines would splice.",
  },
  'page-sideways': {
    severity: ['info'],
    from: 'page',
    meaning:
      "The page's text runs sideways as a whole (a landscape spread set turned): it was read turned upright, and its coordinates refer to the page so turned.",
  },
  'line-numbers': {
    severity: ['info'],
    from: 'page',
    meaning:
      "Numbers beside the page's lines in the margin, counting up (a numbered manuscript), were lifted out of the text and reported as furniture of kind line-number.",
  },
  'page-spread': {
    severity: ['info'],
    from: 'page',
    meaning:
      'The page holds two pages side by side (a spread imposed on one sheet, a book scanned open): each half was laid out on its own, and the halves read one after the other.',
  },
  'parallel-text': {
    severity: ['info'],
    from: 'page',
    meaning:
      'The page sets two texts of opposite writing direction side by side, line for line (a bilingual edition): each column was laid out on its own and read in turn, the rows above and below them as the page.',
  },
  'rotated-text': {
    severity: ['info'],
    from: 'page',
    meaning: 'Runs of rotated text were kept out of the column analysis and read as separate segments.',
  },
  // Tags (page).
  'order-from-tags': {
    severity: ['info'],
    from: 'page',
    meaning: "The order was taken from the file's structure tree, which agrees with the geometry.",
  },
  'tags-incoherent': {
    severity: ['warning'],
    from: 'page',
    meaning:
      'The structure tree disagrees with the geometry (it reads lines across columns, or reaches too little of the text): the geometry was used, or, with `order: "tags"`, the tree was used anyway.',
  },
  'tags-suspect': {
    severity: ['warning'],
    from: 'page',
    meaning: 'The file marks its own tags as suspect (`/MarkInfo /Suspects true`): the order was taken from the geometry.',
  },
  'artifact-in-body': {
    severity: ['warning'],
    from: 'page',
    meaning:
      "Lines of running prose in the body of the page (away from its head and foot) are marked as artifacts by the file's tags: read with the text, since believing the tags would lose them.",
  },
  'untagged-text': {
    severity: ['warning'],
    from: 'page',
    meaning: 'Some of the text is not in the structure tree: it is read in the tagged line it continues, or else where the page shows it.',
  },
  // OCR (page).
  'page-ocr': {
    severity: ['info'],
    from: 'page',
    meaning: 'The page was read by OCR; the detail gives the dpi chosen, skew, specks and borders removed and junk words dropped.',
  },
  'ocr-deskew': { severity: ['info'], from: 'page', meaning: 'A tilted scan was turned level before it was read.' },
  'ocr-orientation': { severity: ['info'], from: 'page', meaning: 'A scan set sideways or upside down was turned upright before it was read.' },
  'ocr-low-confidence': {
    severity: ['warning'],
    from: 'page',
    meaning: 'OCR read the page with low confidence: its text may be wrong in places.',
  },
  'ocr-needed': {
    severity: ['warning'],
    from: 'page',
    meaning: 'The page looks like a scan with no usable text layer, but OCR is off: its text is missing.',
  },
  'ocr-failed': {
    severity: ['error'],
    from: 'page',
    meaning: 'The page needed OCR but OCR failed (the engine or its language data could not be used): its text is missing.',
  },
  'overprinted-text': {
    severity: ['info'],
    from: 'page',
    meaning: 'Text drawn again over the same text (a fake bold, a shadow) was read once; the copies left out are listed in `detail.copies`.',
  },
  ruby: {
    severity: ['info'],
    from: 'page',
    meaning:
      'Readings set in small type over the characters they read (furigana, pinyin) were read into their lines, each before the first character it stands over; `detail.readings` counts them.',
  },
  'invisible-text-layer': {
    severity: ['info'],
    from: 'page',
    meaning: 'The page carries an invisible text layer over its image (an earlier OCR): that layer was read.',
  },
  // Reading a page (page).
  'page-damaged': {
    severity: ['warning', 'error'],
    from: 'page',
    meaning: "The page's content is damaged: what could be read was read (error when text was lost).",
  },
  'page-failed': { severity: ['error'], from: 'page', meaning: 'The page could not be read at all; the others were.' },
  'page-timeout': { severity: ['error'], from: 'page', meaning: 'Reading the page took longer than `pageTimeoutMs`: it was given up.' },
  'form-field-text': {
    severity: ['info'],
    from: 'page',
    meaning:
      "Text shown by the page's form fields (a filled form's entries) or free-text annotations, which the page's content does not draw, was read where the fields show it.",
  },
  'run-limit': { severity: ['warning'], from: 'page', meaning: 'The page holds more text runs than `maxRunsPerPage`: the rest were left out.' },
  // Furniture (document).
  'furniture-uncertain': {
    severity: ['info'],
    from: 'document',
    meaning:
      'A line looks like a running head but nothing else says so (kept in the flow), or a line repeated as the running head is set in title type on the first page (read there as the title).',
  },
  // The input as a whole.
  'page-limit': { severity: ['error'], from: 'input', meaning: 'The document has more pages than `maxPages`: the later ones were left out.' },
  'page-out-of-range': { severity: ['warning'], from: 'input', meaning: '`pages` names pages the document does not have: they were left out.' },
  'damaged-file': {
    severity: ['warning'],
    from: 'input',
    meaning: "The file's structure is damaged; the parser recovered it (its warning is the message).",
  },
  'not-pdf': { severity: ['error'], from: 'input', meaning: 'The input is not a PDF: the result is `failed`.' },
  truncated: { severity: ['error'], from: 'input', meaning: 'The file ends before its end-of-file marker and could not be read: `failed`.' },
  corrupt: { severity: ['error'], from: 'input', meaning: "The file's structure is damaged beyond recovery: `failed`." },
  encrypted: {
    severity: ['error'],
    from: 'input',
    meaning: 'The document needs a password that was not given, or the one given is wrong: `failed`.',
  },
  empty: { severity: ['error'], from: 'input', meaning: 'The document has no pages: `failed`.' },
  'too-large': { severity: ['error'], from: 'input', meaning: 'The input is larger than `maxBytes`: `failed`.' },
  'bad-option': { severity: ['error'], from: 'input', meaning: 'An option has a value readflow cannot use: `failed`.' },
  strict: { severity: ['error'], from: 'input', meaning: '`strict: true` and the engine had to make a conservative choice or refuse: `failed`.' },
  internal: { severity: ['error'], from: 'input', meaning: "A bug or an environment problem, not the input's fault: `failed`." },
  // The AWS pipeline.
  'page-batch-failed': {
    severity: ['error'],
    from: 'pipeline',
    meaning: "A page's batch exhausted its retries (the worker was killed, ran out of memory or timed out): the page was given up.",
  },
  'source-changed': {
    severity: ['error'],
    from: 'pipeline',
    meaning: 'The input object was replaced while the document was being read (its ETag changed): this version can no longer be read.',
  },
  'size-mismatch': {
    severity: ['error'],
    from: 'pipeline',
    meaning: 'A document submitted through the HTTP API was uploaded with another size than the one declared: `failed`, billed 0.',
  },
  'quota-exceeded': {
    severity: ['error'],
    from: 'pipeline',
    meaning: "A document submitted through the HTTP API has more pages to read than its tenant's monthly quota has left: `failed`, billed 0.",
  },
  'pipeline-failed': {
    severity: ['error'],
    from: 'pipeline',
    meaning: "The document's job exhausted its retries in the pipeline (splitting or aggregating it failed): the result is `failed`.",
  },
} as const satisfies Record<string, DiagnosticSpec>;

export type DiagnosticCode = keyof typeof DIAGNOSTICS;

export const DIAGNOSTIC_CODES = Object.keys(DIAGNOSTICS) as DiagnosticCode[];
