/**
 * Boxes parted by a drawn rule (pdf/rules.ts): a form's box 3 beside its box 4, a letterhead's cells. A few points
 * of white stand between their lines, too little for a gutter, and their lines sit on baselines of their own, so read
 * row by row the boxes splice at every line ("4 Exemptions (codes apply only to following seven boxes. certain
 * entities, not individuals; see"). Where a rule runs beside a stretch of rows, no run crosses it and lines stand on
 * both its sides, the stretch is a zone of its own whose gutters are the rules that run beside all of it (and any
 * strip inside a box that no line enters): each box is read whole, in turn, as a column is, and laid out on its own
 * where it holds columns of its own (page.ts). Where the boxes are a table's cells (the zone would read as a table)
 * nothing changes.
 *
 * A table's zone is left alone: its rows are read cell by cell already, its rules standing in its columns' gaps. In
 * a zone of columns of text, only a stretch whose rows run across the columns' gutter is taken (a form's boxes over
 * two columns of instructions): the columns' own lines are read apart already, and a rule inside one column stands
 * beside that column's lines only.
 *
 * Boxes of a ruled grid are the exception. The page's horizontal rules end a stretch where one crosses the rule
 * between two rows (a box's bottom over the next box's top), and a stretch closed over its first row and under its
 * last by rules across it and across all its rows' lines is a row of boxes (Form SS-5's item 1: its number in a grey
 * box beside its fields' labels, "NAME / TO BE SHOWN ON CARD", each field closed by rules). Such a stretch is taken in
 * any zone, a table's zone too (a ruled table's row whose cells wrap is read cell by cell); of a few rows, with one
 * row of lines on both sides of the rule (the item's number beside its label's two lines), but never where every
 * row's cells stand level. Rows of a table found before the gutter pass (tables.ts) stand across every rule, boxed or
 * not: a statistical table's ruled head stays the table's. A row of boxes of six rows at most is a grid's: each of
 * its boxes is cut again where a rule crosses it (`boxesOf`) and read box by box, top to bottom, and its segments are
 * marked as boxes (page.ts), in which no note is looked for (a form's numbered fields). A longer closed stretch (a
 * frame round two columns of text, a rule between them) is read as any ruled stretch. The page's top edge closes a box
 * over the page's first line as a rule would (`withPageTop`: a form's head, whose top no rule draws).
 */
import type { HRule, Interval, Line, Rule, Run } from '../types.js';
import { pieceRuns, sweep, type InkRow } from './gutters.js';
import { median } from './lines.js';
import type { Zone } from './zones.js';

/** A word: three letters running (marks between them: Arabic's vowels, Devanagari's matras). */
export const WORD = /\p{L}(?:\p{M}*\p{L}){2}/u;

/** A row masked whole: a table found before the gutter pass, full-width material for it. */
const masked = (r: InkRow) => r.ink.some((iv) => !Number.isFinite(iv[0]) || !Number.isFinite(iv[1]));

/** A rule runs beside a row when it reaches this many of the row's sizes over its baseline... */
const OVER = 0.6;
/** ...and this many under it. */
const UNDER = 0.1;
/** A run crosses a rule when it reaches past it by more than this many points on both sides. */
const CROSS = 0.5;
/** Lines stand on both sides of the rule on this many rows at least... */
const MIN_TWO_SIDED = 2;
/** ...or on one, and on each side on this many. */
const MIN_SIDE_ROWS = 2;
/** This share of the rows with lines beside the rule at least have lines on one side only, where they are
 * MIN_TABLE_ROWS or more: boxes' lines stand on baselines of their own, a table's cells level with one another. */
const ONE_SIDED_SHARE = 0.25;
const MIN_TABLE_ROWS = 5;
/** A strip of a ruled box this many of the rows' sizes wide that no line enters, lines on both its sides on two rows
 * at least, parts the box too (a box beside a ruled table's last column, no rule between them). */
const OPEN_GAP_EM = 2;

/** In a zone of text columns, this share of the stretch's rows at least, and two, run across the columns' gutters. */
const SPANNING_SHARE = 0.25;
const MIN_SPANNING = 2;

const beside = (rule: Rule, r: InkRow) => rule.y0 <= r.row.baseline - OVER * r.row.size && rule.y1 >= r.row.baseline + UNDER * r.row.size;

/** A row's lines stand on both sides of a rule when the white around it is this many of the row's sizes wide at
 * least: a box's lines keep clear of its edge (and the page's rules are asked for only where rows have such white:
 * `roomForRules`). */
const ROOM_EM = 0.5;

/** The row's lines against the rule: on its left, on its right, on both with room between them, across it. A row
 * masked whole (a table found before the gutter pass) stands across every rule. */
interface Sides {
  left: boolean;
  right: boolean;
  both: boolean;
  across: boolean;
  leftWord: boolean;
  rightWord: boolean;
}

function sides(rule: Rule, r: InkRow): Sides {
  if (masked(r)) return { left: false, right: false, both: false, across: true, leftWord: false, rightWord: false };
  let leftEnd = -Infinity;
  let rightStart = Infinity;
  let across = false;
  let leftWord = false;
  let rightWord = false;
  for (const q of r.row.runs) {
    if (q.x0 < rule.x - CROSS && q.x1 > rule.x + CROSS) across = true;
    else if (q.x1 <= rule.x + CROSS) {
      leftEnd = Math.max(leftEnd, q.x1);
      leftWord ||= WORD.test(q.text);
    } else {
      rightStart = Math.min(rightStart, q.x0);
      rightWord ||= WORD.test(q.text);
    }
  }
  const left = leftEnd > -Infinity;
  const right = rightStart < Infinity;
  return { left, right, both: left && right && rightStart - leftEnd >= ROOM_EM * r.row.size, across, leftWord, rightWord };
}

/** A row has white between two of its runs wide enough for a rule (ROOM_EM); a row masked whole (a table's) has
 * none a rule could use. */
function hasRoom(r: InkRow): boolean {
  if (masked(r)) return false;
  const runs = r.row.runs.slice().sort((a, b) => a.x0 - b.x0);
  let end = Number.POSITIVE_INFINITY;
  for (const q of runs) {
    if (q.x0 - end >= ROOM_EM * r.row.size) return true;
    end = end === Number.POSITIVE_INFINITY ? q.x1 : Math.max(end, q.x1);
  }
  return false;
}

/** The rows of a zone that a stretch may take: all of a zone without gutters, and of a table's (a box of a ruled
 * grid); of a zone of text columns, all where two of its rows run across its gutters (fits in `ruledZones` asks for
 * more). A zone of text columns that no row crosses asks for no rules: a page of two columns has room by its gutter
 * on every row, and a box of a grid there is rare beside the cost of asking for every such page's rules. */
function mayTake(z: Zone): boolean {
  if (z.tabular) return true;
  return z.gutters.length === 0 || z.rows.filter((r) => crossesGutters(r, z)).length >= MIN_SPANNING;
}

const crossesGutters = (r: InkRow, z: Zone) => r.ink.some((iv) => z.gutters.some((g) => iv[0] < g[1] && iv[1] > g[0]));

/** Rows a stretch may take have white wide enough for a rule between two of their runs: two such rows, or one in a
 * zone of three rows or more. The layout asks for the page's rules only then, and reads the page again with them: a
 * cheap test that depends on the page alone and lets through the pages whose rules could matter (a stretch whose only
 * such row stands in a zone of two rows is let go). */
export function roomForRules(zones: Zone[]): boolean {
  let n = 0;
  for (const z of zones) {
    if (!mayTake(z)) continue;
    const k = z.rows.filter(hasRoom).length;
    if (k && z.rows.length >= MIN_SIDE_ROWS + 1) return true;
    n += k;
    if (n >= MIN_TWO_SIDED) return true;
  }
  return false;
}

/** The rule parts the rows (their lines against it): none crosses it; lines stand on both its sides on two rows at least, or on one and on
 * each side on two (a framed example's one long line beside its source); words stand on each side (a chart's axis
 * has figures beside it: its ticks' labels); and, of five rows or more, a quarter stand on one side only (a table's
 * cells stand level). A closed row of boxes (`boxed`) of MAX_BOX_ROWS rows at most needs less (below). */
function parts(rows: Sides[], boxed = false): boolean {
  let two = 0;
  let level = 0;
  let left = 0;
  let right = 0;
  let leftWord = false;
  let rightWord = false;
  for (const s of rows) {
    if (s.across) return false;
    if (s.both) two++;
    if (s.left && s.right) level++;
    if (s.left) left++;
    if (s.right) right++;
    leftWord ||= s.leftWord;
    rightWord ||= s.rightWord;
  }
  // Lines level on both sides on nearly every one of five rows or more are a table's rows (its cells, read row by
  // row), not boxes (an example's few lines of source beside the lines they make are).
  const lined = left + right - level;
  if (lined >= MIN_TABLE_ROWS && left + right - 2 * level < ONE_SIDED_SHARE * lined) return false;
  // A row of boxes of a ruled grid, closed over and under, of a few rows, needs one row with lines on both sides (its
  // number beside a label of two lines), words on one side, and some row with lines on one side only (a table's row
  // of cells stands level).
  if (boxed && rows.length <= MAX_BOX_ROWS) return rows.length >= 2 && two >= 1 && (leftWord || rightWord) && lined > level;
  return leftWord && rightWord && (two >= MIN_TWO_SIDED || (two >= 1 && left >= MIN_SIDE_ROWS && right >= MIN_SIDE_ROWS));
}

/** A horizontal rule reaches this many points past a vertical one on each side to cross it (a box's edge meeting
 * it at a corner or a T stops at it). */
const CROSS_H = 2;

/** A stretch of rows a rule parts, [from, to] inclusive; boxed where rules across it close it over and under. */
interface Stretch {
  span: [number, number];
  boxed: boolean;
}

/** A box's top and bottom rules stand within this many of its first and last rows' sizes of their baselines. */
const BOX_REACH = 2.5;
/** A closed stretch of this many rows at most is a row of boxes of a grid (a field's label, a few lines): it needs only
 * one row with lines on both sides of the rule, and its boxes are cut and marked as boxes. A longer one needs as many
 * as any stretch (a form's grid of dependents, rows of cells beside a box of check boxes, is no row of boxes). */
const MAX_BOX_ROWS = 6;

/** A horizontal rule crosses a vertical one at x. */
const crossesAt = (h: HRule, x: number) => h.x0 < x - CROSS_H && h.x1 > x + CROSS_H;
/** A horizontal rule reaches over lo..hi (lines' ink). */
const reachesOver = (h: HRule, lo: number, hi: number) => h.x0 <= lo + CROSS_H && h.x1 >= hi - CROSS_H;

/** A horizontal rule between y0 and y1 crosses the rule and reaches over lo..hi (the rows' ink). */
const crossedWithin = (rule: Rule, hrules: HRule[], y0: number, y1: number, [lo, hi]: Interval) =>
  hrules.some((h) => h.y > y0 && h.y < y1 && crossesAt(h, rule.x) && reachesOver(h, lo, hi));

/** The rows are closed over the first and under the last by rules across this one and over all the rows' lines: a
 * row of boxes of a ruled grid, nothing beside it. Given `below` (the next row's top; +Infinity when no row follows),
 * the bottom may stand lower, where the rule ends, above that row: a signature's box, its label at the top and blank
 * under it. Without it, the bottom stands within BOX_REACH of the last row. */
function closedBox(rule: Rule, rows: InkRow[], hrules: HRule[], below?: number): boolean {
  const [a, b] = [rows[0].row, rows[rows.length - 1].row];
  const runs = rows.flatMap((r) => r.row.runs);
  const extent: Interval = [Math.min(...runs.map((q) => q.x0)), Math.max(...runs.map((q) => q.x1))];
  const near = b.baseline + BOX_REACH * b.size;
  const bottom = below === undefined ? near : Math.max(near, Math.min(rule.y1 + CROSS_H, below));
  return (
    crossedWithin(rule, hrules, a.baseline - BOX_REACH * a.size, a.baseline - OVER * a.size, extent) &&
    crossedWithin(rule, hrules, b.baseline, bottom, extent)
  );
}

/** The horizontal rules between each row and the next: under the row's baseline, over the next row's x-height. */
function rulesBetween(rows: InkRow[], hrules: HRule[]): HRule[][] {
  const sorted = hrules.slice().sort((a, b) => a.y - b.y);
  return rows.slice(0, -1).map((r, i) => {
    const [lo, hi] = [r.row.baseline, rows[i + 1].row.baseline - OVER * rows[i + 1].row.size];
    return sorted.filter((h) => h.y > lo && h.y < hi);
  });
}

/** The stretches of rows some rule parts, [from, to] inclusive, longest first. A horizontal rule across the rule
 * between two rows ends a stretch (a box's bottom over the next box's top): the boxes above and below are others. */
function stretches(rows: InkRow[], rules: Rule[], hrules: HRule[]): Stretch[] {
  const between = rulesBetween(rows, hrules);
  // Each span once, boxed if any rule finds it closed.
  const found = new Map<string, Stretch>();
  for (const rule of rules) {
    // Each row's lines against the rule, where the rule runs beside it; the rows it parts run on from there.
    const at = rows.map((r) => (beside(rule, r) ? sides(rule, r) : null));
    const within = (i: number) => !!at[i] && !at[i]?.across;
    const closed = (i: number) => between[i].some((h) => crossesAt(h, rule.x));
    let i = 0;
    while (i < rows.length) {
      if (!within(i)) {
        i++;
        continue;
      }
      let j = i;
      while (j + 1 < rows.length && within(j + 1) && !closed(j)) j++;
      const span: [number, number] = [i, j];
      i = j + 1;
      const key = `${span[0]}:${span[1]}`;
      if (found.get(key)?.boxed) continue;
      const inside = rows.slice(span[0], span[1] + 1);
      const against = at.slice(span[0], span[1] + 1) as Sides[];
      const boxed = span[1] > span[0] && closedBox(rule, inside, hrules);
      // A row of boxes closed only where the rule ends, well under its rows, is taken as boxes when they tell so
      // (`parts`); else as any stretch (a box of two level lines beside another, read as the rule parts them).
      const next = rows[span[1] + 1]?.row;
      const tall =
        !boxed &&
        span[1] > span[0] &&
        inside.length <= MAX_BOX_ROWS &&
        closedBox(rule, inside, hrules, next ? next.baseline - next.size : Number.POSITIVE_INFINITY);
      if (tall && parts(against, true)) found.set(key, { span, boxed: true });
      else if ((boxed || !found.has(key)) && parts(against, boxed)) found.set(key, { span, boxed });
    }
  }
  return [...found.values()].sort((a, b) => b.span[1] - b.span[0] - (a.span[1] - a.span[0]) || a.span[0] - b.span[0]);
}

/** A row's ink cut at the gutters: no piece reaches across a rule (no run does). */
function cutInk(r: InkRow, gutters: Interval[]): InkRow {
  const cuts = gutters.map((g) => (g[0] + g[1]) / 2);
  const ink: Interval[] = [];
  for (const iv of r.ink) {
    const runs = pieceRuns(r, iv);
    const edges = [-Infinity, ...cuts.filter((c) => c > iv[0] && c < iv[1]), Infinity];
    if (edges.length === 2 || runs.length === 0) {
      ink.push(iv);
      continue;
    }
    for (let k = 0; k + 1 < edges.length; k++) {
      const own = runs.filter((q) => (q.x0 + q.x1) / 2 > edges[k] && (q.x0 + q.x1) / 2 <= edges[k + 1]);
      // Clear of the rule's gutter on both sides (a run may end within CROSS of the rule).
      if (own.length)
        ink.push([Math.max(edges[k] + CROSS, Math.min(...own.map((q) => q.x0))), Math.min(edges[k + 1] - CROSS, Math.max(...own.map((q) => q.x1)))]);
    }
  }
  return { row: r.row, ink };
}

/** The strips inside the boxes between the gutters that no line of the rows enters, lines on both their sides. */
function openGaps(rows: InkRow[], gutters: Interval[]): Interval[] {
  const size = median(rows.map((r) => r.row.size));
  const edges = [-Infinity, ...gutters.map((g) => (g[0] + g[1]) / 2), Infinity];
  const found: Interval[] = [];
  for (let k = 0; k + 1 < edges.length; k++) {
    const inBox = (iv: Interval) => (iv[0] + iv[1]) / 2 > edges[k] && (iv[0] + iv[1]) / 2 < edges[k + 1];
    const covered = sweep(rows.flatMap((r) => r.ink.filter(inBox))).filter((c) => c.count > 0);
    for (let i = 1; i < covered.length; i++) {
      const gap: Interval = [covered[i - 1].x1, covered[i].x0];
      if (gap[1] - gap[0] < OPEN_GAP_EM * size) continue;
      const two = rows.filter((r) => r.ink.some((iv) => inBox(iv) && iv[1] <= gap[0]) && r.ink.some((iv) => inBox(iv) && iv[0] >= gap[1]));
      if (two.length >= MIN_TWO_SIDED) found.push(gap);
    }
  }
  return found;
}

/**
 * The page's zones (in the order of their rows), with the longest stretch of rows that drawn rules part made a zone
 * of its own, the zones it runs through cut around it, and the rows above and below it looked at again. A stretch
 * is taken where each zone it runs through is without gutters (not a table's), or of columns of text whose rows in the
 * stretch run across the columns' gutters (a quarter of them, two at least): there the gutter is the zone's below
 * the stretch, not the stretch's (a form's boxes over two columns of instructions). A stretch closed over and under
 * by rules across it and its rows' lines (a row of boxes of a ruled grid) is taken in any zone.
 */
export function ruledZones(zones: Zone[], rules: Rule[], hrules: HRule[], tabular: (rows: InkRow[], gutters: Interval[]) => boolean): Zone[] {
  if (!rules.length) return zones;
  const rows = zones.flatMap((z) => z.rows);
  const owner = zones.flatMap((z, k) => z.rows.map(() => k));
  // The index of each zone's first row among the page's.
  const first: number[] = [];
  for (let k = 0, n = 0; k < zones.length; n += zones[k].rows.length, k++) first.push(n);
  const fits = ({ span: [from, to], boxed }: Stretch) => {
    for (let k = owner[from]; k <= owner[to]; k++) {
      const z = zones[k];
      // A table's zone reads its rows cell by cell already, its rules standing in its columns' gaps; but for a box
      // of a ruled grid, closed over and under (a form's box spliced row by row with the boxes beside it).
      if (boxed) continue;
      if (z.tabular) return false;
      if (z.gutters.length === 0) continue;
      const own = rows.slice(from, to + 1).filter((_, i) => owner[from + i] === k);
      if (own.filter((r) => crossesGutters(r, z)).length < Math.max(MIN_SPANNING, SPANNING_SHARE * own.length)) return false;
    }
    return true;
  };
  // The boxes are read box by box; where the rules are a table's column lines (its rows read as a table's), the
  // zones stay as they were, but for a closed row of boxes (its rows' cells do not all stand level, `parts`).
  let found: { stretch: [number, number]; zone: Zone } | null = null;
  for (const candidate of stretches(rows, rules, hrules)) {
    if (!fits(candidate)) continue;
    const { span: stretch, boxed } = candidate;
    const inside = rows.slice(stretch[0], stretch[1] + 1);
    const drawn: Interval[] = rules
      .filter(
        (rule) =>
          inside.every((r) => beside(rule, r)) &&
          parts(
            inside.map((r) => sides(rule, r)),
            boxed,
          ),
      )
      .map((rule) => [rule.x - CROSS, rule.x + CROSS] as Interval)
      .sort((a, b) => a[0] - b[0]);
    const cut = inside.map((r) => cutInk(r, drawn));
    // A box of a ruled grid is cut by the rules the page draws across it (page.ts' boxesOf), not by its white; nor is
    // it a table's cells (those stand level, `parts`).
    const gutters = [...drawn, ...(boxed ? [] : openGaps(cut, drawn))].sort((a, b) => a[0] - b[0]);
    if (!boxed && tabular(cut, gutters)) continue;
    const zone: Zone = { rows: cut, gutters, crossingShare: 0, ambiguous: false, tabular: false, ruled: drawn.map((g) => (g[0] + g[1]) / 2) };
    // A row of boxes of a few rows is a grid's (a form's fields); a longer stretch closed by rules is a frame's.
    if (boxed && inside.length <= MAX_BOX_ROWS) zone.boxed = true;
    found = { stretch, zone };
    break;
  }
  if (!found) return zones;
  const [from, to] = found.stretch;
  const ruled = found.zone;
  // The zones before the stretch, the first one it runs through cut short; the zones after it likewise.
  const before = zones.slice(0, owner[from]);
  const head = zones[owner[from]].rows.slice(0, from - first[owner[from]]);
  if (head.length) before.push({ ...zones[owner[from]], rows: head });
  const after = zones.slice(owner[to] + 1);
  const tail = zones[owner[to]].rows.slice(to + 1 - first[owner[to]]);
  if (tail.length) after.unshift({ ...zones[owner[to]], rows: tail });
  return [...ruledZones(before, rules, hrules, tabular), ruled, ...ruledZones(after, rules, hrules, tabular)];
}

/** The page's top stands as a rule this many of its first line's sizes over its baseline. */
const PAGE_TOP_EM = 1.2;

/**
 * The page's horizontal rules with its top edge as one more, over its first line (the runs' topmost baseline): a box
 * at the top of the page is closed over by the page's edge as by a rule (a form's head, Schedule A's name and agency
 * parted by a rule from its title, its top drawn by no rule).
 */
export function withPageTop(hrules: HRule[], runs: Run[]): HRule[] {
  if (!runs.length) return hrules;
  const baseline = Math.min(...runs.map((r) => r.baseline));
  const size = Math.max(...runs.filter((r) => Math.abs(r.baseline - baseline) <= 1).map((r) => r.size));
  return [...hrules, { y: baseline - PAGE_TOP_EM * size, x0: -Infinity, x1: Infinity }];
}

/**
 * A ruled zone's box cut where the page draws a horizontal rule across it between two of its lines (a form's box of
 * three fields one under another, each with its label): the boxes in turn, top to bottom, each read on its own.
 */
export function boxesOf(lines: Line[], hrules: HRule[]): Line[][] {
  if (lines.length < 2 || !hrules.length) return [lines];
  const lo = Math.min(...lines.map((l) => l.bbox[0]));
  const hi = Math.max(...lines.map((l) => l.bbox[2]));
  const out: Line[][] = [[lines[0]]];
  for (let k = 1; k < lines.length; k++) {
    const [a, b] = [lines[k - 1], lines[k]];
    const cut = hrules.some((h) => h.y > a.baseline && h.y < b.baseline - OVER * b.size && reachesOver(h, lo, hi));
    if (cut) out.push([b]);
    else out[out.length - 1].push(b);
  }
  return out;
}

/** Rows parted by blank space this many of their sizes (baseline to baseline) at least: room for rules to stop. */
const BREAK_BLANK = 1.8;
/** A column rule stands amid the white between the lines on its two sides, at most this share of its width off the
 * middle, and that white is a size of the lines wide at least. */
const MIDDLE = 0.25;

/** The rule stands amid the columns' lines beside it, a column rule's white on each side (see MIDDLE): a box's edge, a
 * diagram's, a table's cell border stand near the lines on one side or in a narrow strip. */
function amidColumns(rule: Rule, rows: InkRow[]): boolean {
  let left = -Infinity;
  let right = Infinity;
  let size = 0;
  for (const r of rows) {
    if (!beside(rule, r)) continue;
    for (const iv of r.ink) {
      if (iv[1] <= rule.x) left = Math.max(left, iv[1]);
      else if (iv[0] >= rule.x) right = Math.min(right, iv[0]);
      else return false;
    }
    size = Math.max(size, r.row.size);
  }
  if (!Number.isFinite(left) || !Number.isFinite(right)) return false;
  return right - left >= size && Math.abs(rule.x - (left + right) / 2) <= MIDDLE * (right - left);
}

/** The rows of a column zone after which blank space stands (BREAK_BLANK), `each` rows at least on each side. */
function blanksIn(z: Zone, blank = BREAK_BLANK, each = 2): number[] {
  if (!z.gutters.length || z.tabular || z.ruled) return [];
  const out: number[] = [];
  for (let k = each - 1; k + each < z.rows.length; k++) {
    const [a, b] = [z.rows[k].row, z.rows[k + 1].row];
    if (b.baseline - a.baseline >= blank * Math.max(a.size, b.size)) out.push(k);
  }
  return out;
}

/**
 * Column rules that stop and start again (LaTeX's multicols with a rule between its columns: each environment draws
 * its own rules, and balances its own columns). Two stretches of columns one over the other, blank between them, each
 * column of the upper stretch is read to its foot before the next column, and the lower stretch after the upper one
 * ends: read down the columns across the blank, a column's first paragraph would run into the paragraph under it
 * and leave the rest of its text two columns over. Where every gutter of a column zone holds one rule, amid the white
 * between the lines on its two sides (amidColumns), that ends beside the two rows over the blank and starts again
 * beside the two rows under it, at one x, the zone is parted there. Without rules nothing says so: the columns of a
 * poster's boxes stand over blank space and run on under it. Returns the rows after which the zone is parted, in
 * order.
 */
export function columnRuleBreaks(z: Zone, rules: Rule[]): number[] {
  const blanks = blanksIn(z);
  if (!blanks.length) return [];
  const inGutter = z.gutters.map((g) => rules.filter((rule) => rule.x >= g[0] - CROSS && rule.x <= g[1] + CROSS && amidColumns(rule, z.rows)));
  if (inGutter.some((rs) => !rs.length)) return [];
  return blanks.filter((k) => {
    // Each runs beside two rows at least (a diagram's boxes, a row high, are no column rules).
    const [over, a, b, under] = [z.rows[k - 1].row, z.rows[k].row, z.rows[k + 1].row, z.rows[k + 2].row];
    const ends = (rule: Rule) => rule.y0 <= over.baseline - OVER * over.size && rule.y1 >= a.baseline && rule.y1 < b.baseline - b.size;
    const starts = (rule: Rule) => rule.y0 > a.baseline && rule.y0 <= b.baseline - OVER * b.size && rule.y1 >= under.baseline;
    // One rule in the middle of each gutter, stopping and going on at one x: a box's edges stand two to a gutter,
    // one at each box's side (a poster's boxes, whose columns run on under the blank).
    return inGutter.every((rs) => {
      const xs = rs.filter((rule) => ends(rule) || starts(rule)).map((rule) => rule.x);
      return rs.some(ends) && rs.some(starts) && Math.max(...xs) - Math.min(...xs) <= 2 * CROSS;
    });
  });
}

/** A column zone has blank space between two of its rows where its rules could stop (columnRuleBreaks): the page's
 * rules are asked for. */
export const roomForBreaks = (z: Zone): boolean => blanksIn(z).length > 0;

/** A rule across a zone's columns stands in blank space this many of the larger line's sizes (baseline to baseline)... */
const ACROSS_BLANK = 5;
/** ...and reaches within this share of the zone's width of its text's left and right edges. */
const ACROSS_REACH = 0.1;
/**
 * Rules across the columns in this many places at least, in any blank space between rows (BREAK_BLANK), part the zone
 * at each: a table ruled between its rows, or bands of boxes ruled apart, whose cells side by side were read down as
 * columns ("Boris Dolley" over "Anne Tilloy" before either's company).
 */
const MIN_RULED_ROWS = 5;

/**
 * Rules drawn across all of a column zone's columns, between two of its rows: what stands over each is read before
 * what stands under it, column by column in each. Two kinds:
 * - one in wide blank space (ACROSS_BLANK, two rows of text at least on each side): a report's editorial over its table
 *   of contents, a newsletter's story over the next, set in the same columns. Read down the columns across the rule,
 *   the editorial's first column would run into the contents' first column and leave its sentence's end two columns
 *   over. Without a rule nothing says so (a poster's columns run on under blank space); with less blank space a rule
 *   or two across the columns is as often a table's top or foot;
 * - rules in five places at least (MIN_RULED_ROWS), in blank space of BREAK_BLANK or more, one row at least on each
 *   side: a table ruled between its rows (a slide's members, a name, a company and a role to a row), each row read
 *   across, not its cells down as columns.
 * Returns the rows after which the zone is parted, in order.
 */
export function rulesAcross(z: Zone, hrules: HRule[]): number[] {
  const blanks = hrules.length ? blanksIn(z, BREAK_BLANK, 1) : [];
  if (!blanks.length) return [];
  let lo = Infinity;
  let hi = -Infinity;
  for (const r of z.rows)
    for (const iv of r.ink)
      if (Number.isFinite(iv[0]) && Number.isFinite(iv[1])) {
        lo = Math.min(lo, iv[0]);
        hi = Math.max(hi, iv[1]);
      }
  const reach = ACROSS_REACH * (hi - lo);
  const across = (h: HRule) => h.x0 <= lo + reach && h.x1 >= hi - reach && z.gutters.every((g) => h.x0 < g[0] && h.x1 > g[1]);
  const ruled = blanks.filter((k) => {
    const [a, b] = [z.rows[k].row, z.rows[k + 1].row];
    // (Rows of text on each side: a table's rules, over and under its rows, stand between it and the text.)
    if (z.rows.slice(Math.max(0, k - 1), k + 3).some(masked)) return false;
    return hrules.some((h) => h.y > a.baseline && h.y < b.baseline - OVER * b.size && across(h));
  });
  if (ruled.length >= MIN_RULED_ROWS) return ruled;
  // (Else in wide blank space, two rows at least on each side.)
  const wide = new Set(blanksIn(z, ACROSS_BLANK));
  return ruled.filter((k) => wide.has(k));
}

/** A column zone has blank space between two of its rows wide enough for a rule across its columns to part it, or
 * blank space between five rows or more for rules across them to part (rulesAcross): the page's rules are asked for. */
export const roomForAcross = (z: Zone): boolean => blanksIn(z, ACROSS_BLANK).length > 0 || blanksIn(z, BREAK_BLANK, 1).length >= MIN_RULED_ROWS;
