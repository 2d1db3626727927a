/**
 * The ordering passes that run after a page's layout, in this order, each free to reorder the segments and to report
 * what it did: blocks side by side read block by block (a paper's authors, a letterhead), a title's column read
 * first, sideways text placed after the column it stands in. A new ordering rule is a new entry in ORDER_PASSES.
 */
import type { Box, Diagnostic, Line, Run, Segment } from '../types.js';
import { readFormulas } from './formulas.js';
import { readStaggeredBlocks } from './staggered.js';
import { readDrawnAfter } from './drawn-after.js';
import { readBlockGrids } from './grid.js';
import { median, round2, runsOfLine, unionBox } from './lines.js';
import { layoutRotated } from './rotated.js';
import { segment } from './segment.js';
import { opensWithLabel } from './tables.js';

/** What the passes see of a page once its zones are laid out. */
export interface OrderContext {
  segments: Segment[];
  page: number;
  columnCount: number;
  /** The page's normal line advance and body size. */
  advance: number;
  bodySize: number;
  /** Runs of sideways text, kept out of the column analysis. */
  rotated: Run[];
  /** The band number a segment placed after every band gets. */
  nextBand: number;
}

export interface OrderPass {
  name: string;
  /** Reorders `ctx.segments` in place; returns a diagnostic when it changed something. */
  run(ctx: OrderContext): Diagnostic | null;
}

/**
 * A band's segments when they are plain columns, one segment each (no partial span splitting one of them), lying
 * together in the page's order from index `from`; null otherwise.
 */
function columnBand(segments: Segment[], band: number): { cols: Segment[]; from: number } | null {
  const cols = segments.filter((s) => s.band === band);
  if (cols.some((s) => s.kind !== 'column') || new Set(cols.map((s) => s.column)).size !== cols.length) return null;
  const from = segments.indexOf(cols[0]);
  return segments[from + cols.length - 1] === cols[cols.length - 1] ? { cols, from } : null;
}

/** A line of running text holds at least this many characters... */
export const RUNNING_CHARS = 30;
/** ...and, turned at the measure, ends within this many body sizes of it, the line after it filling at least this
 * share of the measure (a wide return-address line above a short name is not running text). */
const RUNNING_END_EM = 2;
const RUNNING_WIDTH = 0.6;
/** Blocks of a column of short lines are parted by at least this many line advances. */
const BLOCK_GAP = 3;
/** Columns whose tops lie within this many line advances of each other begin level (a set of columns). */
const LEVEL_START = 0.5;
/** Justified running text: a column at least this many body sizes wide... */
const JUSTIFIED_MIN_MEASURE_EM = 10;
/** ...with three consecutive lines filling this share of it, ending at its edge... */
const FULL_LINE_SHARE = 0.9;
/** ...within this many line advances from the first to the third. */
const JUSTIFIED_SPAN = 3;
/** Ragged running text: a line turned at the measure and the next one within this many line advances. */
const RUNNING_LINE_GAP = 1.5;
/** CJK set without spaces counts as running text from this share of RUNNING_CHARS in ems. */
const RUNNING_EMS_SHARE = 0.5;

/**
 * Columns of separate blocks, not running text (a letterhead: logo, sender's address panel, recipient, date; a
 * form): with no text flowing down a column there is no column to follow, and a reader takes the blocks from the
 * top of the page down, left to right where they start level. A band is read so when none of its columns holds two
 * consecutive lines of running text (the first turned at the measure) and one of them falls into blocks apart by
 * blank space. Returns the diagnostic when it reordered a band.
 */
function blockOrder(segments: Segment[], advance: number, bodySize: number, page: number): Diagnostic | null {
  const reordered: number[] = [];
  for (const band of new Set(segments.map((s) => s.band))) {
    const plain = columnBand(segments, band);
    if (!plain || plain.cols.length < 2) continue;
    const { cols, from } = plain;
    // Columns begun level with each other are a set of columns, read one after another (a newsletter's, a
    // questionnaire's, a brochure's panels); a letterhead's blocks start staggered.
    const tops = cols.map((s) => s.bbox[1]);
    if (tops.some((t, j) => tops.slice(0, j).some((u) => Math.abs(t - u) <= LEVEL_START * advance))) continue;
    const running = cols.some((s) => {
      const measure = Math.max(...s.lines.map((l) => l.bbox[2]));
      const left = Math.min(...s.lines.map((l) => l.bbox[0]));
      const full = (l: Line) => l.bbox[2] >= measure - bodySize && l.bbox[2] - l.bbox[0] >= FULL_LINE_SHARE * (measure - left);
      // Justified text in a narrow column, or text without spaces: three consecutive lines filling the measure.
      const justified =
        measure - left >= JUSTIFIED_MIN_MEASURE_EM * bodySize &&
        s.lines.some(
          (l, i) =>
            i + 2 < s.lines.length &&
            full(l) &&
            full(s.lines[i + 1]) &&
            full(s.lines[i + 2]) &&
            s.lines[i + 2].baseline - l.baseline <= JUSTIFIED_SPAN * advance * (l.size / bodySize),
        );
      if (justified) return true;
      return s.lines.some((l, i) => {
        const next = s.lines[i + 1];
        return (
          next !== undefined &&
          // Thirty characters, or fifteen ems of CJK set without spaces.
          (l.text.length >= RUNNING_CHARS || l.bbox[2] - l.bbox[0] >= RUNNING_EMS_SHARE * RUNNING_CHARS * l.size) &&
          next.bbox[2] - next.bbox[0] >= RUNNING_WIDTH * (measure - left) &&
          l.bbox[2] >= measure - RUNNING_END_EM * bodySize &&
          next.baseline - l.baseline <= RUNNING_LINE_GAP * advance * (Math.max(l.size, next.size) / bodySize)
        );
      });
    });
    if (running) continue;
    const blocks: Segment[] = [];
    for (const s of cols) {
      let cur: Line[] = [];
      for (const l of s.lines) {
        const prev = cur[cur.length - 1];
        if (prev && l.baseline - prev.baseline > (BLOCK_GAP * advance * Math.max(l.size, prev.size)) / bodySize) {
          blocks.push(segment('column', page, s.band, s.column, cur));
          cur = [];
        }
        cur.push(l);
      }
      if (cur.length) blocks.push(segment('column', page, s.band, s.column, cur));
    }
    if (blocks.length === cols.length) continue;
    // From the top, in rows of blocks that start level (within half an advance of the row's first), left to right.
    blocks.sort((a, b) => a.bbox[1] - b.bbox[1]);
    const ordered: Segment[] = [];
    for (let i = 0; i < blocks.length; ) {
      let j = i + 1;
      while (j < blocks.length && blocks[j].bbox[1] - blocks[i].bbox[1] <= LEVEL_START * advance) j++;
      ordered.push(...blocks.slice(i, j).sort((a, b) => (a.column ?? 0) - (b.column ?? 0)));
      i = j;
    }
    segments.splice(from, cols.length, ...ordered);
    reordered.push(band);
  }
  if (!reordered.length) return null;
  return {
    code: 'block-order',
    severity: 'info',
    page,
    message:
      'columns of separate blocks, not running text (a letterhead, a form): read block by block from the top, left to ' +
      'right where blocks start level; the order between side-by-side blocks is a convention the geometry cannot see',
    detail: { bands: reordered },
  };
}

/** A document's title is set at least this many times the body size... */
const TITLE_SIZE = 1.6;
/** A title holds a word of this many letters at least. */
const TITLE_WORD = /\p{L}{3}/u;
/** ...and this much larger than any type outside its own column. */
const TITLE_LEAD = 1.25;
/** A column left of the title's, at most this share of its width, that starts below the title is its front matter. */
const FRONT_MATTER_WIDTH = 0.5;
/** The title's block over such a column holds at most this many lines, every line of the title's size among them. */
const FRONT_HEAD_LINES = 8;
const TITLE_LINE = 0.9;

/**
 * A document opens with its title. On its first page, a column headed by the title (the page's largest type by a
 * clear margin, a tri-fold's cover panel on the right, a flyer's headline in the second column) is read before the
 * columns left of it in its band; nothing can run on into a column that opens with a title. Returns the diagnostic
 * when it moved one.
 */
function titleFirst(segments: Segment[], bodySize: number, page: number): Diagnostic | null {
  let title: { seg: Segment; line: Line } | null = null;
  for (const seg of segments) for (const line of seg.lines) if (!title || line.size > title.line.size) title = { seg, line };
  if (title?.seg.kind !== 'column' || !title.seg.column || title.seg.lines[0] !== title.line) return null;
  const size = title.line.size;
  // A title is words: a statistic set large at a column's head ("30%", "1.7M" in a report's callout) is not one.
  if (size < TITLE_SIZE * bodySize || !TITLE_WORD.test(title.line.text)) return null;
  if (segments.some((s) => s !== title!.seg && s.lines.some((l) => l.size * TITLE_LEAD > size))) return null;
  const plain = columnBand(segments, title.seg.band);
  if (!plain) return null;
  const { cols: band, from } = plain;
  const k = band.indexOf(title.seg);
  if (k <= 0) return null;
  // A column of large type alone between two columns (a figure's "Image" between a paragraph's two columns wrapped
  // round it) is no title leading the columns after it; alone in the last column it is (a leaflet's cover panel).
  if (k < band.length - 1 && title.seg.lines.every((l) => l.size >= TITLE_LINE * size)) return null;
  // A narrow column left of the title's, starting below the title's block (a software journal's sidebar of DOI,
  // dates and licence beside the summary) is the article's front matter: read after the block over it (the title, the
  // authors, their affiliations: a few lines, a blank line under them), before the text beside it. A column beside
  // the title's lines (a journal's editors and dates from the title's middle down) or beside the abstract under it,
  // or starting beside a paragraph's lines, is read after the text.
  const before = band.slice(0, k);
  const top = Math.min(...before.map((c) => c.bbox[1]));
  const lines = title.seg.lines;
  // The block: the column's lines over the narrow columns' top, down to the first that is not (the title's line
  // first among them); every line under it below that top, none of the title's size.
  const cut = lines.findIndex((l) => l.bbox[3] > top);
  const width = (c: Segment) => c.bbox[2] - c.bbox[0];
  if (
    cut > 0 &&
    cut <= FRONT_HEAD_LINES &&
    lines.slice(cut).every((l) => l.bbox[3] > top && l.size < TITLE_LINE * size) &&
    lines[cut].bbox[1] - lines[cut - 1].bbox[3] >= bodySize &&
    before.every((c) => width(c) <= FRONT_MATTER_WIDTH * width(title!.seg))
  ) {
    const { kind, band: b, column } = title.seg;
    const [head, rest] = [lines.slice(0, cut), lines.slice(cut)];
    segments.splice(from, band.length, segment(kind, page, b, column, head), ...before, segment(kind, page, b, column, rest), ...band.slice(k + 1));
    return {
      code: 'title-first',
      severity: 'info',
      page,
      message: `the page's title (${round2(size)} pt, the largest type on the page) and the ${head.length - 1} line(s) under it are read before the narrow column(s) left of them that start below them, then the text beside those`,
      detail: { title: title.line.text, column: title.seg.column, band: title.seg.band, head: head.length },
    };
  }
  // The title's column and those after it (an article running on), then the columns before it.
  segments.splice(from, band.length, ...band.slice(k), ...band.slice(0, k));
  return {
    code: 'title-first',
    severity: 'info',
    page,
    message: `the column opened by the page's title (${round2(size)} pt, the largest type on the page) and the columns after it are read before the ${k} column(s) that precede it`,
    detail: { title: title.line.text, column: title.seg.column, band: title.seg.band },
  };
}

/** A margin column is at most this share of the width of the text column beside it... */
const MARGIN_WIDTH = 0.4;
/** ...set in type at most this share of the text column's (and that at the body's size at least)... */
const MARGIN_SIZE = 0.92;
/** ...beside a text column of at least this many lines. */
const MARGIN_TEXT_LINES = 5;

const medianSize = (seg: Segment) => median(seg.lines.map((l) => l.size));

/**
 * A narrow column of small type in the page's margin beside the text (an article's dates, editors and licence, an
 * author's biography under a photo) is read after the text column, whichever side it stands on: what a reader takes
 * from the page is the text, the margin's notes about the article come after it.
 */
function marginAfter(segments: Segment[], bodySize: number, page: number): Diagnostic | null {
  let moved = 0;
  for (const band of new Set(segments.map((s) => s.band))) {
    const plain = columnBand(segments, band);
    if (plain?.cols.length !== 2) continue;
    const [margin, text] = plain.cols;
    const width = (s: Segment) => s.bbox[2] - s.bbox[0];
    if (width(margin) > MARGIN_WIDTH * width(text) || text.lines.length < MARGIN_TEXT_LINES) continue;
    if (medianSize(margin) > MARGIN_SIZE * medianSize(text) || medianSize(text) < MARGIN_SIZE * bodySize) continue;
    segments.splice(plain.from, 2, text, margin);
    moved++;
  }
  if (!moved) return null;
  return {
    code: 'margin-after',
    severity: 'info',
    page,
    message: `${moved} narrow column(s) of small type in the page margin (an article's notes about itself, a biography) read after the text column beside them`,
    detail: { columns: moved },
  };
}

/** The narrowed column keeps its outer edge (away from the float) within this many body sizes of its column's above, */
const FLOAT_EDGE_EM = 1;
/** ...its first line at most this many line advances under its column's last line... */
const FLOAT_STEP = 1.6;
/** ...and its inner edge steps in this many body sizes at least from where its column's edge stood above. */
const FLOAT_NARROWED_EM = 2;

/**
 * A float at the foot of one column reaching over the gutter into the other (a journal's table a column and a half
 * wide), the other column's lines stepping in beside it. The layout reads the page in two bands, the two columns
 * above and the narrowed column beside the float under them, and the narrowed column, whose text runs on from its
 * column above (a sentence, a web address broken at the turn), would be read after the other column. The lower band
 * is two columns, one opening with a float's label ("Table 3"), the other keeping its column's outer edge, its inner
 * edge stepped in towards the float, its first line a line's advance under its column's last: each column of the
 * lower band is read right after its column above, so the float follows the text of the column it stands at the foot
 * of. (Which side the float stands on is told by where it stands, not by the columns' reading order.)
 */
function floatBeside(segments: Segment[], advance: number, bodySize: number, page: number): Diagnostic | null {
  const bands = [...new Set(segments.map((s) => s.band))];
  for (let b = 0; b + 1 < bands.length; b++) {
    const upper = columnBand(segments, bands[b]);
    if (upper?.cols.length !== 2) continue;
    const lower = segments.filter((s) => s.band === bands[b + 1]);
    const from = upper.from + 2;
    // The lower band follows the upper one, its first column's segments before its second's.
    if (segments.slice(from, from + lower.length).some((s, k) => s !== lower[k])) continue;
    const split = lower.findIndex((s) => s.column === 1);
    if (split <= 0 || lower.slice(0, split).some((s) => s.column !== 0) || lower.slice(split).some((s) => s.column !== 1)) continue;
    const parts = [lower.slice(0, split), lower.slice(split)];
    // Each lower column goes under the upper column of its number (an earlier pass may have put them in another order).
    const aboveOf = parts.map((_, j) => upper.cols.find((c) => c.column === j));
    const boxOf = (ss: Segment[]) => unionBox(ss.map((s) => s.bbox));
    const floats = parts.map((ss) => opensWithLabel(runsOfLine(ss[0].lines[0])));
    const runsOn = parts.map((ss, j) => {
      const above = aboveOf[j];
      if (!above || !ss.every((s) => s.kind === 'column')) return false;
      const box = boxOf(ss);
      const last = above.lines[above.lines.length - 1];
      const line = ss[0].lines[0];
      // The edge away from the float stays where its column's edge stood above; the edge towards it steps in.
      const leftOfFloat = box[0] < boxOf(parts[1 - j])[0];
      const outer = leftOfFloat ? 0 : 2;
      const stepIn = leftOfFloat ? above.bbox[2] - box[2] : box[0] - above.bbox[0];
      return (
        Math.abs(box[outer] - above.bbox[outer]) <= FLOAT_EDGE_EM * bodySize &&
        stepIn >= FLOAT_NARROWED_EM * bodySize &&
        line.baseline > last.baseline &&
        line.baseline - last.baseline <= FLOAT_STEP * advance
      );
    });
    const text = runsOn.findIndex((r, j) => r && floats[1 - j] && !floats[j]);
    if (text < 0) continue;
    segments.splice(upper.from, 2 + lower.length, aboveOf[0]!, ...parts[0], aboveOf[1]!, ...parts[1]);
    return {
      code: 'float-beside',
      severity: 'info',
      page,
      message: `a float at the foot of column ${2 - text} reaches over the gutter; column ${text + 1}, narrowed beside it, was read on from its lines above`,
      detail: { band: bands[b + 1] },
    };
  }
  return null;
}

/** Sideways text further than this many body sizes from every column stands in a margin. */
const ROTATED_REACH = 3;

/**
 * The segment a block of sideways text is read after: the last one of the column it stands in (a photo credit set
 * up the photo's edge, a vertical label beside a figure), the column whose text is horizontally nearest among those
 * level with it. -1 when none is within reach (a stamp in the page margin).
 */
function hostOf(box: Box, segments: Segment[], bodySize: number): number {
  const cy = (box[1] + box[3]) / 2;
  const cx = (box[0] + box[2]) / 2;
  // A column's extent over all its segments in its band (blocks read apart, a partial span), and its last segment.
  const columns = new Map<string, { box: Box; last: number }>();
  segments.forEach((s, k) => {
    if (s.kind !== 'column' && s.kind !== 'span') return;
    const key = `${s.band}|${s.column}|${s.kind}`;
    const c = columns.get(key);
    if (c) {
      c.box = unionBox([c.box, s.bbox]);
      c.last = Math.max(c.last, k);
    } else columns.set(key, { box: [...s.bbox] as Box, last: k });
  });
  let best = -1;
  let bestDistance = ROTATED_REACH * bodySize;
  for (const { box: b, last } of columns.values()) {
    if (cy < b[1] || cy > b[3]) continue;
    const d = Math.max(0, b[0] - cx, cx - b[2]);
    if (d <= bestDistance) {
      bestDistance = d;
      best = last;
    }
  }
  if (best < 0) return -1;
  // After any sideways text already placed there, so several blocks keep their order.
  while (segments[best + 1]?.kind === 'rotated') best++;
  return best;
}

/** Sideways text after the column it stands in, or after the page's flow when in a margin. */
function placeRotated(ctx: OrderContext): Diagnostic | null {
  const { segments, rotated, page, bodySize } = ctx;
  if (!rotated.length) return null;
  for (const lines of layoutRotated(rotated)) {
    const seg = segment('rotated', page, ctx.nextBand, null, lines);
    const host = hostOf(seg.bbox, segments, bodySize);
    if (host < 0) segments.push(seg);
    else {
      seg.band = segments[host].band;
      segments.splice(host + 1, 0, seg);
    }
  }
  return {
    code: 'rotated-text',
    severity: 'info',
    page,
    message: `${rotated.length} run(s) of rotated text, or of a watermark set level with the text over it, kept out of the column analysis and read as separate segments (by the geometry, each after the column it stands in, or after the page's flow when in a margin)`,
    detail: { runs: rotated.length, angles: [...new Set(rotated.map((r) => Math.round(r.angle)))] },
  };
}

/** The passes, in the order they run. */
export const ORDER_PASSES: readonly OrderPass[] = [
  {
    name: 'formulas',
    run: (c) => {
      readFormulas(c.segments);
      return null;
    },
  },
  { name: 'staggered-blocks', run: (c) => readStaggeredBlocks(c.segments, c.page) },
  { name: 'block-grid', run: (c) => readBlockGrids(c.segments, c.page) },
  { name: 'block-order', run: (c) => (c.columnCount > 1 ? blockOrder(c.segments, c.advance, c.bodySize, c.page) : null) },
  { name: 'title-first', run: (c) => (c.page === 1 && c.columnCount > 1 ? titleFirst(c.segments, c.bodySize, c.page) : null) },
  { name: 'float-beside', run: (c) => (c.columnCount > 1 ? floatBeside(c.segments, c.advance, c.bodySize, c.page) : null) },
  { name: 'margin-after', run: (c) => (c.columnCount > 1 ? marginAfter(c.segments, c.bodySize, c.page) : null) },
  { name: 'drawn-after', run: (c) => readDrawnAfter(c.segments, c.page) },
  { name: 'rotated', run: placeRotated },
];

/** Runs every pass in order; the diagnostics of those that changed something. */
export function runOrderPasses(ctx: OrderContext): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const pass of ORDER_PASSES) {
    const d = pass.run(ctx);
    if (d) out.push(d);
  }
  return out;
}
