/**
 * The rules a page draws: a form's box edges, a ruled table's column lines, the rule between a letterhead's cells
 * (vertical), and the tops and bottoms of a form's boxes (horizontal). They part text that whitespace alone does not
 * (a form's boxes stand a few points apart, their labels' lines on baselines of their own), so the layout reads each
 * ruled box on its own (lib/layout/ruled.ts).
 *
 * Read from the page's operator list (pdf.js 5 hands each painted path over as one `constructPath` with the painting
 * operator first and the path's drawing operators after). A rule is a stroked straight vertical or horizontal
 * segment (a line, a rectangle's side), a filled sliver (a rule drawn as a thin filled rectangle) or a side of a
 * filled rectangle (its left and right only: a shaded band's top and bottom close no box); white paint (or nearly
 * white), an annotation's appearance and rules standing closer than PARALLEL to another (a shading drawn as a hatch
 * of lines) are no rules. Pieces of one rule (a form draws a box's edge per box) are joined where they meet.
 *
 * The page's check boxes are read on the way: small squares drawn whole and stroked (a form's options, each box before
 * its label, are read option by option: lib/layout/options.ts).
 */
import type { PdfPage } from './open.js';
import { pdfjs } from './pdfjs.js';
import { multiply as mul, type Matrix } from './matrix.js';
import { walkOperators } from './operators.js';
import type { CheckBox, HRule, Rule } from '../types.js';

/** A vertical segment runs within this many points of straight up and down... */
const PLUMB = 0.5;
/** ...and is this many points long at least (shorter strokes are glyph-like marks, tick marks, check box sides). */
const MIN_PIECE = 4;
/** A filled shape this many points wide at most is a rule drawn as a sliver. */
const SLIVER = 3;
/** Pieces of one rule stand within this many points of one x... */
const SAME_X = 0.75;
/** ...and meet or leave at most this many points between them. */
const JOIN_GAP = 1.5;
/** Rules closer than this many points to one another are a hatch (a shading drawn as lines), not rules. */
const PARALLEL = 2;
/** A joined rule is this long at least: it stands beside two lines of text. */
const MIN_RULE = 12;
/** A page's rules: at most this many, the longest (each is tried against the page's rows). */
const MAX_RULES = 400;
/** Pages drawing more paths than this are drawings (a chart, a map): their paths are not looked at. */
const MAX_PATHS = 20000;

/** The drawing operators of pdf.js' path buffers (DrawOPS). */
const MOVE = 0;
const LINE = 1;
const CURVE = 2;
const QUAD = 3;
const CLOSE = 4;

/** White paint, or nearly (#f0f0f0 and lighter): no rule on white paper. */
const WHITE = /^#f[a-f0-9]f[a-f0-9]f[a-f0-9]$/iu;

interface Piece {
  x: number;
  y0: number;
  y1: number;
}

/** A check box is a drawn square this many points wide at least and at most (a form's box to tick)... */
const CHECK_MIN = 5;
const CHECK_MAX = 14;
/** ...its sides within this share of each other. */
const CHECK_SQUARE = 0.25;

const checkSized = (w: number, h: number) =>
  w >= CHECK_MIN && w <= CHECK_MAX && h >= CHECK_MIN && h <= CHECK_MAX && Math.abs(w - h) <= CHECK_SQUARE * Math.max(w, h);

/** The points make a rectangle on the box x0..x1, y0..y1: its four corners, each once (the first again at the end). */
function isRectangle(pts: [number, number][], x0: number, x1: number, y0: number, y1: number): boolean {
  const closing = pts.length === 5 && Math.abs(pts[4][0] - pts[0][0]) <= PLUMB && Math.abs(pts[4][1] - pts[0][1]) <= PLUMB;
  const corners = closing ? pts.slice(0, 4) : pts;
  if (corners.length !== 4) return false;
  const side = (v: number, a: number, b: number) => (Math.abs(v - a) <= PLUMB ? 0 : Math.abs(v - b) <= PLUMB ? 1 : -1);
  const seen = new Set<number>();
  for (const [x, y] of corners) {
    const cx = side(x, x0, x1);
    const cy = side(y, y0, y1);
    if (cx < 0 || cy < 0) return false;
    seen.add(cx * 2 + cy);
  }
  return seen.size === 4;
}

/** The vertical pieces of one painted path, in page coordinates (top down, as the text's runs), into `out`; its
 * horizontal pieces into `across`, turned a quarter (x the piece's y, y0 and y1 its ends' x) so that they join as the
 * vertical ones do. */
function pathPieces(data: ArrayLike<number>, m: Matrix, stroked: boolean, filled: boolean, out: Piece[], across: Piece[], checks: CheckBox[]): void {
  const at = (x: number, y: number): [number, number] => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
  // Each subpath: its points; the segments that are curves are no rules (a curved subpath's straight sides are), and
  // a subpath with a curve is no filled rectangle.
  let pts: [number, number][] = [];
  // The segments ending at each point that are curves (not straight, whatever their ends).
  let bent: boolean[] = [];
  let curved = false;
  const flush = (closed: boolean) => {
    if (pts.length >= 2) {
      // A straight subpath's bounding box, where it may be a filled rule or box, or a check box (stroked: a filled
      // square alone is a bullet, a legend's swatch).
      const straight = !curved && (filled || (stroked && pts.length >= 4));
      const xs = straight ? pts.map((p) => p[0]) : [];
      const ys = straight ? pts.map((p) => p[1]) : [];
      const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
      if (straight && stroked && pts.length >= 4 && checkSized(x1 - x0, y1 - y0) && isRectangle(pts, x0, x1, y0, y1)) checks.push([x0, y0, x1, y1]);
      if (stroked) {
        const n = closed ? pts.length : pts.length - 1;
        for (let k = 0; k < n; k++) {
          const [ax, ay] = pts[k];
          const [bx, by] = pts[(k + 1) % pts.length];
          if (bent[(k + 1) % pts.length]) continue;
          if (Math.abs(ax - bx) <= PLUMB && Math.abs(ay - by) >= MIN_PIECE)
            out.push({ x: (ax + bx) / 2, y0: Math.min(ay, by), y1: Math.max(ay, by) });
          else if (Math.abs(ay - by) <= PLUMB && Math.abs(ax - bx) >= MIN_PIECE)
            across.push({ x: (ay + by) / 2, y0: Math.min(ax, bx), y1: Math.max(ax, bx) });
        }
      }
      if (straight && filled) {
        const tall = y1 - y0 >= MIN_PIECE;
        if (tall && x1 - x0 <= SLIVER) out.push({ x: (x0 + x1) / 2, y0, y1 });
        else if (x1 - x0 >= MIN_PIECE && y1 - y0 <= SLIVER) across.push({ x: (y0 + y1) / 2, y0: x0, y1: x1 });
        else if (tall && isRectangle(pts, x0, x1, y0, y1)) {
          // A filled rectangle (a shaded box): its two sides. Its top and bottom are no horizontal rules: a shaded
          // band's edges close no box (a page's coloured head over its title and its links).
          out.push({ x: x0, y0, y1 }, { x: x1, y0, y1 });
        }
      }
    }
    pts = [];
    bent = [];
    curved = false;
  };
  for (let i = 0; i < data.length; ) {
    const op = data[i++];
    if (op === MOVE) {
      flush(false);
      pts.push(at(data[i++], data[i++]));
      bent.push(false);
    } else if (op === LINE) {
      pts.push(at(data[i++], data[i++]));
      bent.push(false);
    } else if (op === CURVE) {
      curved = true;
      i += 4;
      pts.push(at(data[i++], data[i++]));
      bent.push(true);
    } else if (op === QUAD) {
      curved = true;
      i += 2;
      pts.push(at(data[i++], data[i++]));
      bent.push(true);
    } else if (op === CLOSE) {
      // After a close the current point is the subpath's start: a line drawn on without a move starts there.
      const start = pts[0];
      flush(true);
      if (start) {
        pts.push(start);
        bent.push(false);
      }
    } else {
      return;
    }
  }
  flush(false);
}

/** Pieces at one x that meet, joined into rules; rules shorter than two lines of text dropped. */
export function joinPieces(pieces: Piece[]): Rule[] {
  const sorted = pieces.slice().sort((a, b) => a.x - b.x || a.y0 - b.y0);
  const rules: Rule[] = [];
  let i = 0;
  while (i < sorted.length) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1].x - sorted[i].x <= SAME_X) j++;
    const column = sorted.slice(i, j + 1).sort((a, b) => a.y0 - b.y0);
    const x = column.reduce((s, p) => s + p.x, 0) / column.length;
    let cur = { ...column[0] };
    for (const p of column.slice(1)) {
      if (p.y0 <= cur.y1 + JOIN_GAP) cur.y1 = Math.max(cur.y1, p.y1);
      else {
        if (cur.y1 - cur.y0 >= MIN_RULE) rules.push({ x, y0: cur.y0, y1: cur.y1 });
        cur = { ...p };
      }
    }
    if (cur.y1 - cur.y0 >= MIN_RULE) rules.push({ x, y0: cur.y0, y1: cur.y1 });
    i = j + 1;
  }
  // A rule with another beside it closer than PARALLEL over half the shorter one's length is a hatch's line (the
  // rules stand in order across).
  const beside = (r: Rule, o: Rule) => Math.min(o.y1, r.y1) - Math.max(o.y0, r.y0) > 0.5 * Math.min(o.y1 - o.y0, r.y1 - r.y0);
  const hatched = (i: number) => {
    for (let j = i - 1; j >= 0 && rules[i].x - rules[j].x < PARALLEL; j--) if (beside(rules[i], rules[j])) return true;
    for (let j = i + 1; j < rules.length && rules[j].x - rules[i].x < PARALLEL; j++) if (beside(rules[i], rules[j])) return true;
    return false;
  };
  // The longest, at most MAX_RULES of them (a grid drawn cell by cell), in order across.
  return rules
    .filter((_, i) => !hatched(i))
    .sort((a, b) => b.y1 - b.y0 - (a.y1 - a.y0))
    .slice(0, MAX_RULES)
    .sort((a, b) => a.x - b.x || a.y0 - b.y0)
    .map((r) => ({ x: Math.round(r.x * 100) / 100, y0: Math.round(r.y0 * 100) / 100, y1: Math.round(r.y1 * 100) / 100 }));
}

/** Painting operators that stroke the path, and that fill it (the four that do both are in each). */
function paints(OPS: typeof pdfjs.OPS, op: number): { stroked: boolean; filled: boolean } {
  const both = [OPS.fillStroke, OPS.eoFillStroke, OPS.closeFillStroke, OPS.closeEOFillStroke].includes(op);
  return { stroked: both || op === OPS.stroke || op === OPS.closeStroke, filled: both || op === OPS.fill || op === OPS.eoFill };
}

/** A page's drawn rules: the vertical ones, and the horizontal ones (a box's top and bottom, a table's row lines). */
export interface PageRules {
  vertical: Rule[];
  horizontal: HRule[];
  /** Its check boxes: small squares drawn whole (a form's options, each box before its label). */
  checks: CheckBox[];
}

/**
 * Check boxes each once, top down by their tops: of check-box size (a field's box as wide as a word is no check box),
 * a box drawn twice (stroked twice, filled and stroked, or drawn by the page and by its field) once; squares touching
 * another on the same row are a comb for a figure's digits (a tax number's boxes), no check boxes.
 */
export function distinctChecks(checks: CheckBox[]): CheckBox[] {
  const sorted = checks.filter((c) => checkSized(c[2] - c[0], c[3] - c[1])).sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  const area = (c: CheckBox) => (c[2] - c[0]) * (c[3] - c[1]);
  const overlap = (a: CheckBox, b: CheckBox) =>
    Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0])) * Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));
  // The same box: overlapping over half the smaller one.
  const same = (a: CheckBox, b: CheckBox) => overlap(a, b) > 0.5 * Math.min(area(a), area(b));
  const out: CheckBox[] = [];
  for (const c of sorted) {
    // Those whose tops stand within the box's height over this one's are the ones before it that may be the same.
    let seen = false;
    for (let j = out.length - 1; j >= 0 && c[1] - out[j][1] <= CHECK_MAX && !seen; j--) seen = same(out[j], c);
    if (!seen) out.push(c);
  }
  const level = (a: CheckBox, b: CheckBox) => Math.abs(a[1] - b[1]) <= 1 && Math.abs(a[3] - b[3]) <= 1;
  const touching = (a: CheckBox, b: CheckBox) => a !== b && level(a, b) && a[0] <= b[2] + 1 && b[0] <= a[2] + 1;
  const comb = (i: number) => {
    for (let j = i - 1; j >= 0 && out[i][1] - out[j][1] <= 1; j--) if (touching(out[i], out[j])) return true;
    for (let j = i + 1; j < out.length && out[j][1] - out[i][1] <= 1; j++) if (touching(out[i], out[j])) return true;
    return false;
  };
  return out.filter((_, i) => !comb(i)).map((c) => c.map((v) => Math.round(v * 100) / 100) as CheckBox);
}

/** The page's rules, in the coordinates of its text runs (the page's viewport at scale 1, top down). */
export async function pageRules(page: PdfPage): Promise<PageRules> {
  const ops = await page.getOperatorList();
  const OPS = pdfjs.OPS;
  const vt = page.getViewport({ scale: 1 }).transform as Matrix;
  const state = { stroke: '#000000', fill: '#000000' };
  const pieces: Piece[] = [];
  const across: Piece[] = [];
  const checks: CheckBox[] = [];
  let paths = 0;
  let annotations = 0;
  let drawing = true;
  walkOperators(ops, state, (fn, args, ctm) => {
    switch (fn) {
      case OPS.beginAnnotation:
        // An annotation's appearance (a note's square, an ink stroke) is not the page's content.
        annotations++;
        break;
      case OPS.endAnnotation:
        annotations = Math.max(0, annotations - 1);
        break;
      case OPS.setStrokeRGBColor:
        state.stroke = typeof args[0] === 'string' ? args[0] : '#000000';
        break;
      case OPS.setFillRGBColor:
        state.fill = typeof args[0] === 'string' ? args[0] : '#000000';
        break;
      case OPS.constructPath: {
        if (++paths > MAX_PATHS) return (drawing = false);
        const { stroked, filled } = paints(OPS, Number(args[0]));
        const data = (args[1] as unknown[] | undefined)?.[0] as ArrayLike<number> | null | undefined;
        if (!data || !(stroked || filled) || annotations > 0) break;
        pathPieces(data, mul(vt, ctm), stroked && !WHITE.test(state.stroke), filled && !WHITE.test(state.fill), pieces, across, checks);
        break;
      }
    }
    return true;
  });
  if (!drawing) return { vertical: [], horizontal: [], checks: [] };
  return {
    vertical: joinPieces(pieces),
    horizontal: joinPieces(across).map((r) => ({ y: r.x, x0: r.y0, x1: r.y1 })),
    checks: distinctChecks(checks),
  };
}
