/**
 * Hostile-order copies of a real PDF: every page looks the same (pixel for pixel, up to antialiasing), but its text
 * is drawn in another order and the tag structure is gone, so only geometry can recover the reading order.
 *
 *   rows  text drawn straight across the page: lines sorted by baseline top to bottom, then by x, so two columns are
 *         interleaved line by line;
 *   rand  text lines drawn in a seeded random order.
 *
 * How: each page's content streams are concatenated, tokenized and interpreted (graphics state stack, CTM, clips,
 * colours, ExtGStates, text state, text and line matrices). Text is cut into *runs*: the text-showing operators of one
 * text object that follow one another with no repositioning in between (Td, TD, Tm, T*, ' and " start a new run).
 * A run needs only its starting text matrix, never glyph widths: within it, shows advance the text matrix exactly as
 * in the original. Each run becomes a self-contained snippet
 *
 *   q <clips and ExtGStates replayed at their own CTMs> <cm to the CTM> <line/colour state> BT <Tf Tc Tw Tz TL Ts Tr>
 *   <Tm> <the run's shows, with the text-state and colour operators found between them> ET Q
 *
 * The shows are removed from their place (' becomes T*, " becomes Tw Tc T*, so later line moves stay right); every
 * other operator stays where it was, so paths, images and clips draw as before. The original content is wrapped in
 * q ... Q and the snippets are appended after it in the mode's order. Clip paths in effect at a show are replayed in
 * its snippet, so clipped text stays clipped. What can differ: text is now drawn on top of whatever the original
 * drew after it (a fill over text, overlapping text in another colour), and a soft mask set by a gs inside a run.
 *
 * Left in place (not moved): text inside Form XObjects (Do) and annotation appearances (their streams are not
 * rewritten), text objects containing a clipping render mode (Tr 4-7, the clip they add is used by what follows),
 * text objects where a show follows a break that is not a repositioning (its start would need glyph widths), text in
 * optional content (BDC /OC), and shows outside BT/ET. Other marked content (BMC/BDC/EMC) is dropped; the catalog
 * loses /StructTreeRoot and /MarkInfo, pages lose /StructParents and annotations /StructParent. Type3 fonts need
 * nothing special: their glyphs are drawn with the same state.
 */
import { IDENTITY, multiply, type Matrix } from '../../lib/pdf/matrix.js';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, PDFStream, decodePDFRawStream } from 'pdf-lib';
import { inflateSync } from 'node:zlib';
import { Rng } from '../../fixtures/rand.js';

export type RedrawMode = 'rows' | 'rand';

export interface PageStats {
  /** Runs moved to the end of the page. */
  runs: number;
  /** Lines they were grouped into (rand: lines shuffled). */
  lines: number;
  /** Text objects left in place, and why. */
  pinned: Record<string, number>;
  /** Shows left in place. */
  pinnedShows: number;
  /** Runs positioned by replaying the original's line moves (start near a subpixel boundary, or a short chain). */
  replayed: number;
  /** Whether the drawn order differs from the original. */
  reordered: boolean;
}

export interface RedrawResult {
  bytes: Uint8Array;
  pages: PageStats[];
}

export async function redraw(bytes: Uint8Array, mode: RedrawMode, seed: string): Promise<Uint8Array> {
  return (await redrawWithStats(bytes, mode, seed)).bytes;
}

export async function redrawWithStats(bytes: Uint8Array, mode: RedrawMode, seed: string): Promise<RedrawResult> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const ctx = doc.context;
  const pages = doc.getPages();

  // Content streams used by exactly one page can be deleted once replaced.
  const uses = new Map<PDFRef, number>();
  for (const page of pages) for (const ref of contentRefs(page.node.get(PDFName.of('Contents')))) uses.set(ref, (uses.get(ref) ?? 0) + 1);

  const stats: PageStats[] = [];
  pages.forEach((page, index) => {
    const contents = page.node.get(PDFName.of('Contents'));
    const source = contentText(ctx.lookup(contents), ctx);
    const rotation = ((page.getRotation().angle % 360) + 360) % 360;
    const { text, stats: pageStats } = rewritePage(source, mode, `${seed}:${index}`, rotation);
    const ref = ctx.register(ctx.flateStream(Buffer.from(text, 'latin1')));
    page.node.set(PDFName.of('Contents'), ref);
    for (const old of contentRefs(contents)) if (uses.get(old) === 1) ctx.delete(old);
    page.node.delete(PDFName.of('StructParents'));
    const annots = page.node.lookup(PDFName.of('Annots'));
    if (annots instanceof PDFArray) {
      for (let i = 0; i < annots.size(); i++) {
        const annot = annots.lookup(i);
        if (annot instanceof PDFDict) annot.delete(PDFName.of('StructParent'));
      }
    }
    stats.push(pageStats);
  });
  doc.catalog.delete(PDFName.of('StructTreeRoot'));
  doc.catalog.delete(PDFName.of('MarkInfo'));
  return { bytes: await doc.save({ useObjectStreams: false, updateFieldAppearances: false }), pages: stats };
}

function contentRefs(contents: unknown): PDFRef[] {
  if (contents instanceof PDFRef) return [contents];
  if (contents instanceof PDFArray) return contents.asArray().filter((x): x is PDFRef => x instanceof PDFRef);
  return [];
}

/** A page's content streams, decoded and joined (as latin1, one char per byte). */
function contentText(contents: unknown, ctx: PDFDocument['context']): string {
  const parts: string[] = [];
  const add = (obj: unknown) => {
    const stream = obj instanceof PDFRef ? ctx.lookup(obj) : obj;
    if (stream instanceof PDFRawStream) parts.push(Buffer.from(decodeStream(stream)).toString('latin1'));
    else if (stream instanceof PDFStream) parts.push(Buffer.from(stream.getContents()).toString('latin1'));
  };
  if (contents instanceof PDFArray) for (const item of contents.asArray()) add(item);
  else if (contents !== undefined) add(contents);
  return parts.join('\n');
}

function decodeStream(stream: PDFRawStream): Uint8Array {
  try {
    return decodePDFRawStream(stream).decode();
  } catch (error) {
    // pdf-lib gives up on some damaged Flate data that zlib still reads in part.
    const filter = stream.dict.lookup(PDFName.of('Filter'));
    if (filter instanceof PDFName && filter.asString() === '/FlateDecode') {
      return new Uint8Array(inflateSync(stream.getContents(), { finishFlush: 2 /* Z_SYNC_FLUSH */ }));
    }
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Tokenizer

type ArgKind = 'num' | 'name' | 'str' | 'arr' | 'dict' | 'kw';
interface Arg {
  kind: ArgKind;
  raw: string;
  num: number;
}
interface Op {
  op: string;
  args: Arg[];
  /** Source range, from the first operand to the end of the operator (inline images: BI to EI). */
  start: number;
  end: number;
}

const WS = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIM = new Set([...'()<>[]{}/%'].map((c) => c.charCodeAt(0)));
const isRegular = (c: number) => !WS.has(c) && !DELIM.has(c);
const NUMBER = /^[+-]*(\d+\.?\d*|\.\d+)$/;

export function tokenize(s: string): Op[] {
  const ops: Op[] = [];
  const n = s.length;
  let i = 0;

  const skip = () => {
    while (i < n) {
      const c = s.charCodeAt(i);
      if (WS.has(c)) i++;
      else if (c === 0x25 /* % */) {
        while (i < n && s[i] !== '\n' && s[i] !== '\r') i++;
      } else break;
    }
  };

  /** One object at i (i at a non-space); null at a keyword (operator), with i left at its start. */
  const object = (): Arg | null => {
    const start = i;
    const c = s[i];
    if (c === '(') {
      let depth = 0;
      for (; i < n; i++) {
        const d = s[i];
        if (d === '\\') i++;
        else if (d === '(') depth++;
        else if (d === ')' && --depth === 0) {
          i++;
          break;
        }
      }
      return { kind: 'str', raw: s.slice(start, i), num: NaN };
    }
    if (c === '<' && s[i + 1] === '<') {
      i += 2;
      for (;;) {
        skip();
        if (i >= n) break;
        if (s[i] === '>' && s[i + 1] === '>') {
          i += 2;
          break;
        }
        if (object() === null) i = endOfRegular(i);
      }
      return { kind: 'dict', raw: s.slice(start, i), num: NaN };
    }
    if (c === '<') {
      const end = s.indexOf('>', i);
      i = end < 0 ? n : end + 1;
      return { kind: 'str', raw: s.slice(start, i), num: NaN };
    }
    if (c === '[') {
      i++;
      for (;;) {
        skip();
        if (i >= n) break;
        if (s[i] === ']') {
          i++;
          break;
        }
        if (object() === null) i = endOfRegular(i);
      }
      return { kind: 'arr', raw: s.slice(start, i), num: NaN };
    }
    if (c === '/') {
      i = endOfRegular(i + 1);
      return { kind: 'name', raw: s.slice(start, i), num: NaN };
    }
    if (!isRegular(s.charCodeAt(i))) {
      // A stray delimiter: ')', '>', ']', '{', '}'.
      i++;
      return { kind: 'kw', raw: '', num: NaN };
    }
    const end = endOfRegular(i);
    const word = s.slice(i, end);
    if (NUMBER.test(word) || /^[+-.\d]/.test(word)) {
      i = end;
      const num = parseFloat(word.replace(/^([+-])[+-]+/, '$1'));
      return { kind: 'num', raw: Number.isFinite(num) ? word : '0', num: Number.isFinite(num) ? num : 0 };
    }
    if (word === 'true' || word === 'false' || word === 'null') {
      i = end;
      return { kind: 'kw', raw: word, num: NaN };
    }
    return null;
  };

  function endOfRegular(j: number): number {
    while (j < n && isRegular(s.charCodeAt(j))) j++;
    return j;
  }

  let args: Arg[] = [];
  let argStart = -1;
  while (true) {
    skip();
    if (i >= n) break;
    const before = i;
    const arg = object();
    if (arg !== null) {
      if (arg.raw === '') continue;
      if (argStart < 0) argStart = before;
      args.push(arg);
      continue;
    }
    const end = endOfRegular(i);
    const op = s.slice(i, end);
    const start = argStart < 0 ? i : argStart;
    i = end;
    if (op === 'BI') {
      i = inlineImageEnd(s, i);
      ops.push({ op, args: [], start, end: i });
    } else {
      ops.push({ op, args, start, end });
    }
    args = [];
    argStart = -1;
  }
  return ops;
}

/** End of an inline image (after its EI), i just after BI. */
function inlineImageEnd(s: string, i: number): number {
  const id = /\sID[\s]/g;
  id.lastIndex = i - 1;
  const m = id.exec(s);
  if (!m) return s.length;
  const dict = s.slice(i, m.index);
  const data = m.index + m[0].length;
  const length = /\/(?:L|Length)\s+(\d+)/.exec(dict);
  if (length) {
    const after = data + parseInt(length[1], 10);
    const ei = /^\s*EI(?=[\s]|$)/.exec(s.slice(after, after + 64));
    if (ei) return after + ei[0].length;
  }
  for (let j = data; j < s.length - 1; j++) {
    if (s[j] !== 'E' || s[j + 1] !== 'I') continue;
    if (!WS.has(s.charCodeAt(j - 1))) continue;
    const next = s.charCodeAt(j + 2);
    if (j + 2 < s.length && isRegular(next)) continue;
    // What follows should look like content-stream text, not more image data.
    const tail = s.slice(j + 2, j + 22);
    if (/[\x00-\x08\x0e-\x1f\x7f-\xff]/.test(tail)) continue;
    return j + 2;
  }
  return s.length;
}

// ---------------------------------------------------------------------------------------------------------------
// Matrices [a b c d e f], row-vector convention: p' = p × M.

type M = Matrix;
const I: M = IDENTITY;
/** m1 then m2 (lib/pdf/matrix.ts multiplies in the other order: apply n, then m). */
const mul = (m1: M, m2: M): M => multiply(m2, m1);
function fmt(x: number): string {
  if (!Number.isFinite(x) || x === 0) return '0';
  // Shortest round-trip form: positions computed exactly as a renderer following the original operators would, so
  // glyphs land on the same subpixel (renderers quantize glyph origins; 53.99999999999997 and 54 differ by 1/4 px).
  let t = String(x);
  if (/e/.test(t)) t = x.toFixed(20).replace(/0+$/, '').replace(/\.$/, '');
  return t === '-0' ? '0' : t;
}

// ---------------------------------------------------------------------------------------------------------------
// Interpreter

/** A clip or an ExtGState, replayed after the first `at` cm operators of the state's chain (its CTM then). */
interface Step {
  at: number;
  ops: string;
  gs?: string;
}
interface GState {
  ctm: M;
  /**
   * The cm operators (as written) that made the CTM, in order. Snippets replay them rather than one computed cm:
   * renderers parse decimals their own way, and only the same tokens give the very same matrix.
   */
  cms: string[];
  steps: Step[];
  fill: string[];
  stroke: string[];
  general: Map<string, string>;
  font: string | null;
  size: number;
  tc: number;
  tw: number;
  tz: number;
  tl: number;
  /** TL as written (or negated from TD), for replayed line moves. */
  tlRaw: string;
  ts: number;
  tr: number;
}
const copy = (g: GState): GState => ({
  ...g,
  cms: g.cms.slice(),
  steps: g.steps.slice(),
  fill: g.fill.slice(),
  stroke: g.stroke.slice(),
  general: new Map(g.general),
});

interface Run {
  block: number;
  gs: GState;
  tm: M;
  /** The text object's line moves (as written) since BT or the last Tm, with the TL they start from. */
  chain: string[];
  items: string[];
  shows: number[];
  /** ActualText spans the snippet opened and has not closed yet. */
  open: number;
  /** Display coordinates of the start (x right, y down), size, horizontal. */
  x: number;
  y: number;
  size: number;
  horizontal: boolean;
}

const RUN_STATE = new Set([
  'Tf',
  'Tc',
  'Tw',
  'Tz',
  'TL',
  'Ts',
  'Tr',
  'g',
  'rg',
  'k',
  'G',
  'RG',
  'K',
  'cs',
  'CS',
  'sc',
  'scn',
  'SC',
  'SCN',
  'gs',
  'w',
  'J',
  'j',
  'M',
  'd',
  'ri',
  'i',
]);
const PATH = new Set(['m', 'l', 'c', 'v', 'y', 'h', 're']);
const PAINT = new Set(['S', 's', 'f', 'F', 'f*', 'B', 'B*', 'b', 'b*', 'n']);
const SHOW = new Set(['Tj', 'TJ', "'", '"']);

function rewritePage(src: string, mode: RedrawMode, seed: string, rotation: number): { text: string; stats: PageStats } {
  const ops = tokenize(src);
  const removed = new Set<number>();
  const replacement = new Map<number, string>();
  const pinned = new Map<number, string>();
  const runs: Run[] = [];
  let pinnedShows = 0;
  let replayed = 0;

  let g: GState = {
    ctm: I,
    cms: [],
    tlRaw: '0',
    steps: [],
    fill: [],
    stroke: [],
    general: new Map(),
    font: null,
    size: 0,
    tc: 0,
    tw: 0,
    tz: 100,
    tl: 0,
    ts: 0,
    tr: 0,
  };
  const stack: GState[] = [];
  let tm: M = I;
  let tlm: M = I;
  let tmKnown = true;
  let chain: string[] = [];
  let inText = false;
  let block = -1;
  let blocks = 0;
  let run: Run | null = null;
  let path = '';
  let clip: string | null = null;
  /** Open marked content: optional content, an ActualText span (carried into snippets), or other (dropped). */
  const marked: { kind: 'oc' | 'actual' | 'other'; raw: string; used: boolean }[] = [];
  let optional = 0;

  const pin = (why: string) => {
    if (inText && !pinned.has(block)) pinned.set(block, why);
  };
  const num = (op: Op, k: number) => op.args[k]?.num ?? 0;
  const td = (tx: number, ty: number) => {
    tlm = mul([1, 0, 0, 1, tx, ty], tlm);
    tm = tlm;
    tmKnown = true;
  };
  const raw = (op: Op) => src.slice(op.start, op.end);

  ops.forEach((op, index) => {
    const o = op.op;
    // Marked content: structure goes, optional content stays (and pins the text inside it), ActualText spans go with
    // their text into the snippets (a span over several runs gives its text once, the other runs an empty one).
    if (o === 'BMC' || o === 'BDC') {
      const props = op.args[1];
      const kind = o === 'BDC' && op.args[0]?.raw === '/OC' ? 'oc' : props?.kind === 'dict' && props.raw.includes('/ActualText') ? 'actual' : 'other';
      marked.push({ kind, raw: raw(op), used: false });
      if (kind === 'oc') optional++;
      else removed.add(index);
      if (kind === 'actual' && run) {
        run.items.push(raw(op));
        run.open++;
      }
      return;
    }
    if (o === 'EMC') {
      const span = marked.pop();
      if (span?.kind === 'oc') optional--;
      else removed.add(index);
      if (span?.kind === 'actual' && run && run.open > 0) {
        run.items.push('EMC');
        run.open--;
      }
      return;
    }
    if (SHOW.has(o)) {
      if (o === "'" || o === '"') {
        if (o === '"') {
          g.tw = num(op, 0);
          g.tc = num(op, 1);
        }
        td(0, -g.tl);
        chain.push('T*');
        run = null;
      }
      const str = op.args[op.args.length - 1]?.raw ?? '()';
      if (!inText) {
        pinnedShows++;
        return;
      }
      if (g.tr >= 4) pin('clipping render mode');
      if (optional > 0) pin('optional content');
      if (!run && !tmKnown) pin('show after a non-positioning break');
      if (!run) {
        const trm = mul(tm, g.ctm);
        const [x, y] = display(trm[4], trm[5], rotation);
        const [dx, dy] = direction(trm[0], trm[1], rotation);
        run = {
          block,
          gs: copy(g),
          tm,
          chain: chain.slice(),
          items: [],
          open: 0,
          shows: [],
          x,
          y,
          size: Math.abs(g.size) * Math.hypot(trm[2], trm[3]) || 1,
          horizontal: dx > 0 && Math.abs(dy) <= 0.1 * dx,
        };
        runs.push(run);
        for (const span of marked) {
          if (span.kind !== 'actual') continue;
          run.items.push(span.used ? '/Span <</ActualText ()>> BDC' : span.raw);
          run.open++;
        }
      }
      // A span's text goes with the first run that shows glyphs inside it.
      for (const span of marked) if (span.kind === 'actual') span.used = true;
      run.items.push(o === 'TJ' ? `${str} TJ` : `${str} Tj`);
      run.shows.push(index);
      if (o === "'") replacement.set(index, 'T*');
      if (o === '"') replacement.set(index, `${fmt(g.tw)} Tw ${fmt(g.tc)} Tc T*`);
      tmKnown = false;
      return;
    }
    if (run && RUN_STATE.has(o)) run.items.push(raw(op));
    else run = null;

    switch (o) {
      case 'q':
        stack.push(copy(g));
        break;
      case 'Q':
        if (stack.length) g = stack.pop()!;
        else removed.add(index);
        break;
      case 'cm':
        g.ctm = mul(op.args.slice(0, 6).map((a) => a.num) as M, g.ctm);
        g.cms.push(raw(op));
        break;
      case 'g':
      case 'rg':
      case 'k':
        g.fill = [raw(op)];
        break;
      case 'G':
      case 'RG':
      case 'K':
        g.stroke = [raw(op)];
        break;
      case 'cs':
        g.fill = [raw(op)];
        break;
      case 'CS':
        g.stroke = [raw(op)];
        break;
      case 'sc':
      case 'scn':
        g.fill = [g.fill[0]?.endsWith('cs') ? g.fill[0] : '', raw(op)].filter(Boolean);
        break;
      case 'SC':
      case 'SCN':
        g.stroke = [g.stroke[0]?.endsWith('CS') ? g.stroke[0] : '', raw(op)].filter(Boolean);
        break;
      case 'gs': {
        const name = op.args[0]?.raw ?? '';
        g.steps = g.steps.filter((s) => s.gs !== name);
        g.steps.push({ at: g.cms.length, ops: `${name} gs`, gs: name });
        break;
      }
      case 'w':
      case 'J':
      case 'j':
      case 'M':
      case 'd':
      case 'ri':
      case 'i':
        g.general.set(o, raw(op));
        break;
      case 'Tf':
        g.font = raw(op);
        g.size = num(op, 1);
        break;
      case 'Tc':
        g.tc = num(op, 0);
        break;
      case 'Tw':
        g.tw = num(op, 0);
        break;
      case 'Tz':
        g.tz = num(op, 0);
        break;
      case 'TL':
        g.tl = num(op, 0);
        g.tlRaw = op.args[0]?.raw ?? '0';
        if (inText) chain.push(raw(op));
        break;
      case 'Ts':
        g.ts = num(op, 0);
        break;
      case 'Tr':
        g.tr = num(op, 0);
        break;
      case 'BT':
        inText = true;
        block = blocks++;
        tm = tlm = I;
        tmKnown = true;
        chain = [`${g.tlRaw} TL`];
        break;
      case 'ET':
        inText = false;
        break;
      case 'Td':
        td(num(op, 0), num(op, 1));
        chain.push(raw(op));
        break;
      case 'TD': {
        g.tl = -num(op, 1);
        const ty = op.args[1]?.raw ?? '0';
        g.tlRaw = ty.startsWith('-') ? ty.slice(1) : `-${ty.replace(/^\+/, '')}`;
        td(num(op, 0), num(op, 1));
        chain.push(raw(op));
        break;
      }
      case 'Tm':
        tm = tlm = op.args.slice(0, 6).map((a) => a.num) as M;
        tmKnown = true;
        chain = [`${g.tlRaw} TL`, raw(op)];
        break;
      case 'T*':
        td(0, -g.tl);
        chain.push('T*');
        break;
      default:
        if (PATH.has(o)) path += raw(op) + '\n';
        else if (o === 'W' || o === 'W*') clip = o;
        else if (PAINT.has(o)) {
          if (clip) g.steps.push({ at: g.cms.length, ops: `${path}${clip} n` });
          clip = null;
          path = '';
        }
    }
  });

  const unclosed = stack.length;
  const moved = runs.filter((r) => !pinned.has(r.block));
  for (const r of runs) if (pinned.has(r.block)) pinnedShows += r.shows.length;
  for (const r of moved) {
    for (const s of r.shows) {
      if (replacement.has(s)) continue;
      removed.add(s);
    }
  }
  for (const [s] of replacement) if (!moved.some((r) => r.shows.includes(s))) replacement.delete(s);

  // The original, less the moved shows and the structure, wrapped in q ... Q.
  const out: string[] = ['q\n'];
  let prev = 0;
  ops.forEach((op, index) => {
    const rep = replacement.get(index);
    if (rep !== undefined) out.push('\n' + rep);
    else if (removed.has(index)) out.push('\n');
    else out.push(src.slice(prev, op.end));
    prev = op.end;
  });
  out.push('\n');
  if (inText) out.push('ET\n');
  out.push('Q\n'.repeat(unclosed + 1));

  // Order.
  const lines = order(moved, mode, seed);
  const drawn = lines.flat();
  const reordered = drawn.some((r, k) => r !== moved[k]);
  for (const r of drawn) {
    const snippet = snippetOf(r);
    if (snippet.replayed) replayed++;
    out.push(snippet.text);
  }

  const why: Record<string, number> = {};
  for (const w of pinned.values()) why[w] = (why[w] ?? 0) + 1;
  return {
    text: out.join(''),
    stats: { runs: moved.length, lines: lines.length, pinned: why, pinnedShows, replayed, reordered },
  };
}

/** Display coordinates (x right, y down) of a user-space point on a page shown with /Rotate. */
function display(x: number, y: number, rotation: number): [number, number] {
  switch (rotation) {
    case 90:
      return [y, x];
    case 180:
      return [-x, y];
    case 270:
      return [-y, -x];
    default:
      return [x, -y];
  }
}
/** A direction in display coordinates (the same map, without translation). */
function direction(x: number, y: number, rotation: number): [number, number] {
  return display(x, y, rotation);
}

function snippetOf(r: Run): { text: string; replayed: boolean } {
  const g = r.gs;
  const lines: string[] = ['q'];
  let step = 0;
  for (let k = 0; k <= g.cms.length; k++) {
    for (; step < g.steps.length && g.steps[step].at <= k; step++) lines.push(g.steps[step].ops);
    if (k < g.cms.length) lines.push(g.cms[k]);
  }
  for (const op of g.general.values()) lines.push(op);
  lines.push(...g.stroke, ...g.fill);
  lines.push('BT');
  if (g.font) lines.push(g.font);
  lines.push(`${fmt(g.tc)} Tc ${fmt(g.tw)} Tw ${fmt(g.tz)} Tz ${fmt(g.tl)} TL ${fmt(g.ts)} Ts ${fmt(g.tr)} Tr`);
  // The start: replayed from the original's own line moves when they are few, or when the start lies near a subpixel
  // boundary (a computed Tm can land a glyph a quarter pixel off there); otherwise one Tm.
  const trm = mul(r.tm, g.ctm);
  const replay = r.chain.length <= 24 || nearBoundary(trm[4]) || nearBoundary(trm[5]);
  lines.push(...(replay ? r.chain : [textMatrix(r.tm)]));
  lines.push(...r.items);
  for (let k = 0; k < r.open; k++) lines.push('EMC');
  lines.push('ET', 'Q', '');
  return { text: lines.join('\n'), replayed: replay };
}

/** Within 1e-6 of a multiple of 1/8 unit (a quarter pixel at 72 and 144 dpi). */
function nearBoundary(v: number): boolean {
  const t = v * 8;
  return Math.abs(t - Math.round(t)) < 8e-6;
}

/**
 * The Tm of a snippet. With an identity linear part (the common case: size set by Tf), the translation is split into
 * an integer Tm and a fractional Td. Renderers parse decimals with their own rounding (poppler sums digit by digit),
 * and a start 1e-14 below an integer can then land on the other side of a subpixel boundary; integers and tiny
 * offsets parse exactly enough, and integer + offset gives back the exact sum the original's Td chain produced.
 */
function textMatrix(tm: M): string {
  const [a, b, c, d, e, f] = tm;
  if (a === 1 && b === 0 && c === 0 && d === 1) {
    const ie = Math.round(e);
    const jf = Math.round(f);
    const de = e - ie;
    const df = f - jf;
    return de === 0 && df === 0 ? `1 0 0 1 ${fmt(ie)} ${fmt(jf)} Tm` : `1 0 0 1 ${fmt(ie)} ${fmt(jf)} Tm ${fmt(de)} ${fmt(df)} Td`;
  }
  return `${tm.map(fmt).join(' ')} Tm`;
}

/** Lines of runs, in drawing order. */
function order(runs: Run[], mode: RedrawMode, seed: string): Run[][] {
  // Layered text (the same string drawn again at nearly the same place: outline under fill, shadows, fake bold) stays
  // together and in its original order, so what was on top stays on top.
  const units: Run[][] = [];
  const byText = new Map<string, Run[][]>();
  for (const r of runs) {
    const key = r.items.filter((item) => /T[jJ]$/.test(item)).join('\n');
    const same = byText.get(key) ?? [];
    const near = same.find((u) => Math.abs(u[0].x - r.x) <= u[0].size && Math.abs(u[0].y - r.y) <= u[0].size);
    if (near) near.push(r);
    else {
      const unit = [r];
      units.push(unit);
      byText.set(key, [...same, unit]);
    }
  }
  return orderUnits(units, mode, seed).map((line) => line.flat());
}

function orderUnits(units: Run[][], mode: RedrawMode, seed: string): Run[][][] {
  const head = (u: Run[]) => u[0];
  if (mode === 'rows') {
    // Straight across the page: baselines top to bottom (a new line when one is more than 0.3 font size lower), then x.
    const sorted = units.slice().sort((a, b) => head(a).y - head(b).y || head(a).x - head(b).x);
    const lines: Run[][][] = [];
    let top = -Infinity;
    for (const u of sorted) {
      const r = head(u);
      const last = lines[lines.length - 1];
      const first = last ? head(last[0]) : undefined;
      if (first && r.horizontal && first.horizontal && r.y - top <= 0.3 * Math.max(r.size, first.size)) last.push(u);
      else {
        lines.push([u]);
        top = r.y;
      }
    }
    for (const line of lines) line.sort((a, b) => head(a).x - head(b).x);
    return lines;
  }
  // rand: a line is a stretch of runs, consecutive in the original, on one horizontal baseline.
  const lines: Run[][][] = [];
  for (const u of units) {
    const r = head(u);
    const last = lines[lines.length - 1];
    const first = last ? head(last[0]) : undefined;
    if (first && r.horizontal && first.horizontal && Math.abs(r.y - first.y) <= 0.3 * Math.max(r.size, first.size)) last.push(u);
    else lines.push([u]);
  }
  return new Rng(seed).shuffle(lines);
}
