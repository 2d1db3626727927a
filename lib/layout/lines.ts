/**
 * Turning the runs of one row in one column into a line of text: order, spaces recovered from gaps, boxes.
 */
import type { Box, Direction, Line, Run } from '../types.js';

/** A gap wider than this share of the font size is a word space when the file has no space character there. */
const WORD_GAP = 0.2;
/**
 * In letter-spaced text every glyph is placed on its own with a small even gap; a word space is then a gap clearly
 * wider than the letter gap. Lines whose runs are mostly single glyphs use the letter gap as the baseline.
 */
const LETTER_SPACED_SHARE = 0.6;
const LETTER_GAP_FACTOR = 1.5;
/** Cells of a table row are separated by gaps at least this many times the font size. */
const CELL_GAP = 1.0;
/** A line is code when its fixed-pitch characters are at least this share of them and the other runs' characters. */
const MONO_SHARE = 0.9;

/** Characters (code points, as `[...s].length` counts them) of `s` up to `end`, without building the array. */
export function codePoints(s: string, end = s.length): number {
  let n = 0;
  for (let i = 0; i < end; i++, n++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < end) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
  }
  return n;
}

/**
 * Characters of a proportional run that weigh against a line being code: not a line number standing alone, and not
 * text in a script a code font lacks (a CJK comment falls back to another face).
 */
function proseChars(text: string): number {
  const t = text.trim();
  if (/^\d{1,5}[.:]?$/.test(t)) return 0;
  let n = 0;
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c > 0x20 && c < 0x2e80) n++;
  }
  return n;
}

const RTL_CHAR = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;

/** The letters of the texts, and how many of them are in a right-to-left script. */
function letterCounts(texts: string[]): { rtl: number; all: number } {
  let rtl = 0;
  let all = 0;
  for (const t of texts) {
    for (const ch of t) {
      if (/\p{L}/u.test(ch)) {
        all++;
        if (RTL_CHAR.test(ch)) rtl++;
      }
    }
  }
  return { rtl, all };
}

/** Right to left when most letters of the texts are in a right-to-left script. */
function direction(texts: string[]): Direction {
  // Most text has no right-to-left letter at all: one regex test per text settles it.
  if (!texts.some((t) => RTL_CHAR.test(t))) return 'ltr';
  const { rtl, all } = letterCounts(texts);
  return all > 0 && rtl * 2 > all ? 'rtl' : 'ltr';
}

/** A line whose right-to-left letters are between these shares of its letters is mixed... */
const MIXED = [0.35, 0.65];

/** The first letter of a text: right to left, left to right, or none. */
function firstStrong(text: string): Direction | null {
  for (const ch of text) {
    if (/\p{L}/u.test(ch)) return RTL_CHAR.test(ch) ? 'rtl' : 'ltr';
    // Arabic-Indic digits (a section number "٢.١") are set in right-to-left text only.
    if (ARABIC_DIGIT.test(ch)) return 'rtl';
  }
  return null;
}
const ARABIC_DIGIT = /[\u0660-\u0669\u06f0-\u06f9]/u;

/**
 * A line's direction: that of most of its letters, or for a mixed line (a Hebrew sentence with long English phrases
 * in parentheses, an English one quoting Hebrew) that of the text it opens with, as the Unicode bidirectional
 * algorithm takes a paragraph's: a right-to-left line opens at its right end with a right-to-left letter, a
 * left-to-right line at its left end with a left-to-right one. When both ends say so, or neither, the majority rules.
 */
export function runsDirection(runs: Run[], around?: Direction | (() => Direction | undefined)): Direction {
  // The common case without building the list of texts: no right-to-left letter in any run.
  if (!runs.some((r) => RTL_CHAR.test(r.text))) return 'ltr';
  // Counted once: the majority and the mixed band come from the same counts.
  const { rtl, all } = letterCounts(runs.map((x) => x.text));
  const majority: Direction = all > 0 && rtl * 2 > all ? 'rtl' : 'ltr';
  const mixed = rtl >= MIXED[0] * all && rtl <= MIXED[1] * all;
  if (runs.length < 2) return majority;
  // The ends are the outermost runs with a letter: a bullet or a comma at an end is neutral, as in the bidirectional
  // algorithm ("•" opening a right-to-left list item at the right).
  const strong = runs.filter((r) => firstStrong(r.text) !== null);
  // Right-to-left marks alone (a table's column of vowel signs on dotted circles) give no end a direction.
  if (strong.length === 0) return majority;
  const rightEnd = firstStrong(strong.reduce((a, b) => (b.x1 > a.x1 ? b : a)).text);
  const leftEnd = firstStrong(strong.reduce((a, b) => (b.x0 < a.x0 ? b : a)).text);
  // The direction of the text around it, asked for only where it settles the line (a function: the lines around it
  // are looked up then).
  const tie = () => (typeof around === 'function' ? around() : around);
  // Both ends against the line's majority, in the direction of the text around it (a Persian heading naming a long
  // English title, "به OWASP API Security Top 10 – 2019 خوش آمدید!"): a line in that direction opens and closes so.
  // (A mixed line whose ends agree goes their way below.)
  if (!mixed) return leftEnd === rightEnd && leftEnd !== majority && leftEnd !== null && tie() === leftEnd ? leftEnd : majority;
  const opensRight = rightEnd === 'rtl';
  const opensLeft = leftEnd === 'ltr';
  if (opensRight && !opensLeft) return 'rtl';
  if (opensLeft && !opensRight) return 'ltr';
  // Neither end settles it (a right-to-left line that opens with a file name and ends with a conjunction): the
  // direction of the text around it, when known, as the paragraph's direction settles a line's in the bidirectional
  // algorithm.
  return tie() ?? majority;
}
export const textDirection = (text: string): Direction => direction([text]);

/** The lines around a mixed line that settle its direction stand within this many of its sizes over or under it... */
const AROUND_ADVANCE = 2.5;
/** ...this many rows each way at most. */
const AROUND_ROWS = 2;

/**
 * The direction of the text around a line, as the paragraph's direction settles a line's in the bidirectional
 * algorithm: that of the nearest lines over it, then under it, each within AROUND_ADVANCE of its size and overlapping
 * the line's width, whose letters are not mixed (an Arabic paragraph's turned line "hyperref, bookmark, … تحتاج هذه
 * الحزمة إلى تواجد الحزم التالية:" under a line of Arabic); undefined when none does. `rows` in their top-to-bottom
 * order; the line is given by its runs and its baseline.
 */
export function directionAround(rows: { runs: Run[]; baseline: number }[]): (runs: Run[], baseline: number) => Direction | undefined {
  const baselines = rows.map((r) => r.baseline);
  return (runs, base) => {
    if (!runs.length) return undefined;
    const own = new Set(runs);
    let [x0, x1, size] = [Infinity, -Infinity, 0];
    for (const r of runs) [x0, x1, size] = [Math.min(x0, r.x0), Math.max(x1, r.x1), Math.max(size, r.size)];
    // The first row at or under the line's baseline.
    let lo = 0;
    let hi = baselines.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (baselines[mid] < base - 0.5) lo = mid + 1;
      else hi = mid;
    }
    const settled = (k: number): Direction | null => {
      const { rtl, all } = letterCounts(rows[k].runs.filter((r) => r.x1 > x0 && r.x0 < x1 && !own.has(r)).map((r) => r.text));
      if (all === 0 || (rtl >= MIXED[0] * all && rtl <= MIXED[1] * all)) return null;
      return rtl * 2 > all ? 'rtl' : 'ltr';
    };
    const reach = AROUND_ADVANCE * size;
    for (let k = lo - 1, n = 0; k >= 0 && n < AROUND_ROWS && base - baselines[k] <= reach; k--, n++) {
      const d = settled(k);
      if (d) return d;
    }
    for (let k = lo, n = 0; k < rows.length && n < AROUND_ROWS && baselines[k] - base <= reach; k++) {
      // (The line's own row, level with it, is none of those under it.)
      if (Math.abs(baselines[k] - base) <= 0.5) continue;
      n++;
      const d = settled(k);
      if (d) return d;
    }
    return undefined;
  };
}

/** A run whose direction is within this many degrees of horizontal is horizontal text. */
export const HORIZONTAL_TOLERANCE_DEG = 2;

export function isHorizontal(run: Run): boolean {
  return Math.abs(run.angle) <= HORIZONTAL_TOLERANCE_DEG;
}

/** Maximal runs of equal flags: [from, to, flag]. */
export function runsOf(flags: boolean[]): [number, number, boolean][] {
  const out: [number, number, boolean][] = [];
  flags.forEach((f, i) => {
    const last = out[out.length - 1];
    if (last && last[2] === f) last[1] = i;
    else out.push([i, i, f]);
  });
  return out;
}

/** The size most characters of these runs are set in (a page's, a line's), to half a point; of two as common, the smaller. */
export function dominantSize(runs: Run[]): number {
  const votes = new Map<number, number>();
  for (const r of runs) {
    const k = Math.round(r.size * 2) / 2;
    votes.set(k, (votes.get(k) ?? 0) + r.text.length);
  }
  let size = 10;
  let best = -1;
  for (const [s, n] of votes) if (n > best || (n === best && s < size)) [size, best] = [s, n];
  return size;
}

/** The index of the first of some ascending values that is greater than `x` (their length when none is). */
export function firstAbove(sorted: number[], x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The median of some values (the upper one of an even count); 0 for none. */
export function median(values: number[]): number {
  if (values.length === 0) return 0;
  const s = [...values].sort((a, b) => a - b);
  return s[s.length >> 1];
}

/**
 * Runs of one line in reading order: across the line, and where pieces on baselines this many of their sizes apart
 * stand over one another (a fraction's numerator over its denominator), the upper piece before the lower one.
 */
const STACKED_OFFSET = 0.5;
/** A script or a limit stands at most this many of the line's sizes over or under it. */
const SCRIPT_OFFSET = 0.8;
/** Runs overlap across when they share more than this many of their sizes. */
const OVERLAP = 0.05;

export function orderRuns(runs: Run[], dir: Direction = runsDirection(runs)): Run[] {
  if (runs.length === 1) return [runs[0]];
  // A drop cap moved onto its paragraph's first line (rows.ts) opens it, though it sits on a lower baseline.
  const initial = runs.find((r) => r.initial);
  if (initial)
    return [
      initial,
      ...orderRuns(
        runs.filter((r) => r !== initial),
        dir,
      ),
    ];
  const byX = [...runs].sort(dir === 'rtl' ? (a, b) => b.x1 - a.x1 : (a, b) => a.x0 - b.x0);
  const sorted = dir === 'rtl' ? leftToRightIslands(byX) : byX;
  // Most lines have one baseline (scripts sit closer to it): nothing stands over anything.
  const b0 = sorted[0].baseline;
  if (sorted.every((r) => Math.abs(r.baseline - b0) < STACKED_OFFSET * Math.max(r.size, sorted[0].size))) return scriptsStacked(sorted);
  return stackedOrder(sorted, dir);
}

/**
 * Words of a left-to-right script inside a right-to-left line ("prepared statement" in a Hebrew sentence) are read
 * left to right among themselves: taken right to left with the line, a phrase drawn word by word comes out backwards
 * ("statement prepared"). Runs sorted right to left; each stretch from a run of left-to-right letters to the last
 * such run before the next right-to-left one (numbers and signs between them included) is turned round.
 */
function leftToRightIslands(sorted: Run[]): Run[] {
  const strong = sorted.map((r) => firstStrong(r.text));
  if (!strong.includes('ltr')) return sorted;
  const out: Run[] = [];
  for (let i = 0; i < sorted.length; ) {
    if (strong[i] !== 'ltr') {
      out.push(sorted[i++]);
      continue;
    }
    let last = i;
    for (let j = i + 1; j < sorted.length && strong[j] !== 'rtl'; j++) if (strong[j] === 'ltr') last = j;
    // Numbers set right of the phrase that the content stream draws after it end the phrase ("OWASP Top" then
    // "10 2010": a number after a left-to-right word takes its direction), though they stand at the island's right
    // end, where the run before it in right-to-left order sits. Already emitted, they move to the island's end.
    let first = i;
    while (first > 0 && strong[first - 1] === null && /\p{Nd}/u.test(sorted[first - 1].text) && sorted[first - 1].stream > sorted[i].stream) first--;
    if (first < i) out.splice(out.length - (i - first), i - first);
    for (let j = last; j >= first; j--) out.push(sorted[j]);
    i = last + 1;
  }
  return out;
}

/** Scripts are set at most this share of the line's largest size; a superscript stands over a subscript when their
 * baselines are this many of their sizes apart... */
const SCRIPT_SIZE = 0.85;
const SCRIPT_APART = 0.3;
/** ...and the runs of one letter's scripts follow one another across at most this many of their sizes, the upper and
 * the lower one starting within this many. */
const SCRIPT_GAP = 0.3;
const SCRIPT_START = 0.4;

/**
 * A superscript over a subscript on the same letter ("M" with "k−1" over "2", "T" with "MPC" over "s") starts where
 * the subscript does, give or take a kern: read by where each run starts, the subscript kerned a point further left
 * comes first, or inside the superscript. The scripts of one letter (script-sized runs following one another with
 * no gap) that stand on two baselines over one another are read the upper first, each left to right, as a
 * typesetter draws them and as a stack of a line's levels is read.
 */
function scriptsStacked(sorted: Run[], top = Math.max(...sorted.map((r) => r.size))): Run[] {
  if (sorted.length < 3) return sorted;
  const script = (r: Run) => r.size <= SCRIPT_SIZE * top;
  for (let i = 0; i < sorted.length; i++) {
    if (!script(sorted[i])) continue;
    let j = i + 1;
    let right = sorted[i].x1;
    while (j < sorted.length && script(sorted[j]) && sorted[j].x0 - right <= SCRIPT_GAP * sorted[j].size) right = Math.max(right, sorted[j++].x1);
    const group = sorted.slice(i, j);
    const lo = Math.min(...group.map((r) => r.baseline));
    const hi = Math.max(...group.map((r) => r.baseline));
    const size = Math.max(...group.map((r) => r.size));
    if (group.length >= 2 && hi - lo >= SCRIPT_APART * size) {
      const mid = (lo + hi) / 2;
      const upper = group.filter((r) => r.baseline < mid);
      const lower = group.filter((r) => r.baseline >= mid);
      // Over one another: both start at the letter, within a kern (not a subscript whose own superscript follows it,
      // "Q" then "obs" in Σ_{Q^obs}).
      if (Math.abs(upper[0].x0 - lower[0].x0) <= SCRIPT_START * size) sorted.splice(i, group.length, ...upper, ...lower);
    }
    i = j - 1;
  }
  return sorted;
}

/** The levels of a line (runs on baselines apart), their pieces across, and the pieces that stand over one another. */
function stackedOrder(sorted: Run[], dir: Direction): Run[] {
  const top = Math.max(...sorted.map((r) => r.size));
  const levels: { baseline: number; size: number }[] = [];
  const levelOf = sorted.map((r) => {
    let k = levels.findIndex((l) => Math.abs(r.baseline - l.baseline) < STACKED_OFFSET * Math.max(r.size, l.size));
    if (k < 0) k = levels.push({ baseline: r.baseline, size: r.size }) - 1;
    return k;
  });
  // Pieces: a level's runs next to one another, as extents.
  const pieces: { level: number; x0: number; x1: number; runs: Run[] }[] = [];
  sorted.forEach((r, i) => {
    const last = pieces[pieces.length - 1];
    if (last && last.level === levelOf[i] && r.x0 - last.x1 < STACKED_OFFSET * r.size) {
      last.x1 = Math.max(last.x1, r.x1);
      last.runs.push(r);
    } else pieces.push({ level: levelOf[i], x0: r.x0, x1: r.x1, runs: [r] });
  });
  // A piece of the line's own level (its most characters) stacks with a piece over or under it only where they
  // overlap: a word raised over a subscript at the end of a line's words ("vectors c" with "market" over "t") is read
  // after the words before it, not before the whole line, and a limit under "max" in the middle of a formula's row
  // after "max", not after the row. The piece is cut where the runs over or under another level's pieces start and end.
  const chars = levels.map(() => 0);
  sorted.forEach((r, i) => (chars[levelOf[i]] += r.text.length));
  const main = chars.indexOf(Math.max(...chars));
  // Only scripts and limits are such pieces: set smaller than the line and close over or under it (not the words of a
  // crooked line an OCR layer gives, of any size and a line's advance off).
  const others = pieces.filter(
    (p) =>
      p.level !== main &&
      Math.abs(levels[p.level].baseline - levels[main].baseline) <= SCRIPT_OFFSET * top &&
      p.runs.every((r) => r.size <= SCRIPT_SIZE * top),
  );
  // (Right to left, a line's pieces are not cut: its groups' order across the page is the older reading's.)
  if (others.length && dir !== 'rtl')
    for (let k = pieces.length - 1; k >= 0; k--) {
      const q = pieces[k];
      if (q.level !== main || q.runs.length < 2) continue;
      const key = (r: Run) => others.findIndex((p) => r.x0 < p.x1 - OVERLAP * r.size && r.x1 > p.x0 + OVERLAP * r.size);
      const cut: Run[][] = [];
      let last: number | null = null;
      for (const r of q.runs) {
        const at = key(r);
        if (at === last) cut[cut.length - 1].push(r);
        else cut.push([r]);
        last = at;
      }
      if (cut.length > 1)
        pieces.splice(
          k,
          1,
          ...cut.map((runs) => ({ level: main, x0: Math.min(...runs.map((r) => r.x0)), x1: Math.max(...runs.map((r) => r.x1)), runs })),
        );
    }
  // Stacks: pieces of different levels overlapping across, merged; each read top to bottom.
  const groups: (typeof pieces)[] = [];
  for (const p of [...pieces].sort((a, b) => a.x0 - b.x0)) {
    const g = groups[groups.length - 1];
    const tol = OVERLAP * levels[p.level].size;
    if (g?.some((q) => q.level !== p.level && p.x0 < q.x1 - tol && p.x1 > q.x0 + tol)) g.push(p);
    else groups.push([p]);
  }
  const out: Run[] = [];
  for (const g of groups) {
    g.sort((a, b) => levels[a.level].baseline - levels[b.level].baseline || a.x0 - b.x0);
    // (A piece's own scripts, a superscript over a subscript on its level, are read as on a line of one level.)
    for (const p of g) out.push(...scriptsStacked([...p.runs], top));
  }
  return out;
}

/** Word-space thresholds for a line, in points: between words, and between two single letters. */
function spaceThreshold(runs: Run[], size: number): { word: number; letter: number } {
  const single = (r: Run) => codePoints(r.text) === 1;
  const word = WORD_GAP * size;
  let letter = word;
  let singles = 0;
  for (const r of runs) if (single(r)) singles++;
  if (singles >= Math.max(4, LETTER_SPACED_SHARE * runs.length)) {
    const gaps: number[] = [];
    for (let i = 1; i < runs.length; i++) if (single(runs[i]) && single(runs[i - 1])) gaps.push(runs[i].x0 - runs[i - 1].x1);
    const letterGap = Math.max(0, median(gaps));
    letter = Math.max(word, letterGap * LETTER_GAP_FACTOR + 0.05 * size);
  }
  return { word, letter };
}

/** Runs this many of the line's size apart in height are on different levels of a display (limits, fraction parts). */
const LEVEL_STEP = 0.8;
/** ...unless glued to one another (a prime raised over a subscript's letter). */
const LEVEL_GAP = 0.1;

/**
 * Spacing accents and the combining marks they stand for. TeX sets an accented letter it has no glyph for as the
 * accent drawn over the letter ("Ostoji´" then "c"): the accent ends one run, the letter opens the next, under it.
 * Read as they come, NFKC would make the accent a space and a mark on nothing ("Ostoji ́c").
 */
export const SPACING_ACCENTS: Record<string, string> = {
  '\u00b4': '\u0301',
  '\u00a8': '\u0308',
  '\u00af': '\u0304',
  '\u00b8': '\u0327',
  '\u02c6': '\u0302',
  '\u02c7': '\u030c',
  '\u02d8': '\u0306',
  '\u02d9': '\u0307',
  '\u02da': '\u030a',
  '\u02db': '\u0328',
  '\u02dc': '\u0303',
  '\u02dd': '\u030b',
};

/** The letter `cur` opens, with the accent `prev` ends drawn over it, when it is; null otherwise. */
function accented(prev: Run, cur: Run): string | null {
  const mark = SPACING_ACCENTS[prev.text.slice(-1)];
  if (!mark || cur.x0 >= prev.x1) return null;
  const m = /^\p{L}/u.exec(cur.text);
  return m ? `${m[0]}${mark}`.normalize('NFC') + cur.text.slice(m[0].length) : null;
}

/**
 * A spacing accent drawn as a run of its own over a letter inside another run ("´" over the "E" of "Ecole normale"),
 * or over a run of one letter (a math hat over "Q", the letter's box starting left of the accent's):
 * the run it stands over, the index (in code points) of the letter under its centre by the run's average glyph
 * advance, and the combining mark. Null when the run is no lone accent or stands over no letter of the line.
 */
function accentOver(accent: Run, runs: Run[]): { host: Run; at: number; mark: string } | null {
  if (accent.text.length > 2) return null;
  const t = accent.text.trim();
  const mark = codePoints(t) === 1 ? SPACING_ACCENTS[t] : undefined;
  if (!mark) return null;
  const centre = (accent.x0 + accent.x1) / 2;
  const host = runs.find((r) => r !== accent && r.x0 <= centre && r.x1 >= centre && r.baseline >= accent.baseline && codePoints(r.text) >= 1);
  if (!host) return null;
  const n = codePoints(host.text);
  const at = Math.min(n - 1, Math.floor(((centre - host.x0) / (host.x1 - host.x0)) * n));
  return at >= 0 && /\p{L}/u.test([...host.text][at]) ? { host, at, mark } : null;
}

/** Join runs (already in reading order) into text, with a space where the file had one or the gap shows one. */
export function joinRuns(ordered: Run[], size: number, dir: Direction = runsDirection(ordered)): string {
  if (ordered.length === 0) return '';
  if (ordered.length === 1) return ordered[0].text;
  if (dir !== 'rtl') {
    // Lone accents over a letter of another run are set on that letter, and read no more as runs of their own.
    const placed = new Map<Run, string[]>();
    for (const r of ordered) {
      const on = accentOver(r, ordered);
      if (!on) continue;
      const chars = placed.get(on.host) ?? [...on.host.text];
      chars[on.at] = `${chars[on.at]}${on.mark}`.normalize('NFC');
      placed.set(on.host, chars);
      placed.set(r, []);
    }
    if (placed.size)
      return joinRuns(
        ordered.filter((r) => placed.get(r)?.length !== 0).map((r) => (placed.has(r) ? { ...r, text: placed.get(r)!.join('') } : r)),
        size,
        dir,
      );
  }
  const rtl = dir === 'rtl';
  const byX = rtl ? [...ordered].reverse() : ordered;
  const threshold = spaceThreshold(byX, size);
  let text = ordered[0].text;
  for (let i = 1; i < ordered.length; i++) {
    const prev = ordered[i - 1];
    const cur = ordered[i];
    const withAccent = rtl ? null : accented(prev, cur);
    if (withAccent !== null) {
      text = text.slice(0, -1) + withAccent;
      continue;
    }
    // Right to left, a left-to-right word follows the one before it on its right.
    const gap = rtl ? Math.max(prev.x0 - cur.x1, cur.x0 - prev.x1) : cur.x0 - prev.x1;
    // The file's own space characters count only between runs it drew one after the other.
    const explicit =
      (cur.stream === prev.stream + 1 && (prev.spaceAfter || cur.spaceBefore)) ||
      (prev.stream === cur.stream + 1 && (cur.spaceAfter || prev.spaceBefore));
    // An explicit space is trusted unless the glyphs overlap (a space drawn then backed over for kerning).
    const letters = codePoints(prev.text) === 1 && codePoints(cur.text) === 1;
    // After a drop cap only the file's own space counts: the gap beside it is the cap's margin, not a word gap.
    // A piece under the one before, read after it (a denominator after its numerator), is a word apart.
    const apart = Math.abs(cur.baseline - prev.baseline);
    const stacked = cur.x0 < prev.x1 && apart >= STACKED_OFFSET * Math.max(cur.size, prev.size);
    // A step of a whole level (from a sum's lower limit back to the formula's baseline) is a word apart too; a
    // script's rise is less.
    const level = apart >= LEVEL_STEP * Math.max(size, cur.size, prev.size) && gap > LEVEL_GAP * size;
    // (A step number moved there as one is a word of its own.)
    const space = prev.initial
      ? explicit || !/\p{L}/u.test(prev.text)
      : stacked || level || (explicit && gap > -0.05 * size) || gap > (letters ? threshold.letter : threshold.word);
    text += (space ? ' ' : '') + cur.text;
  }
  return text;
}

export function unionBox(boxes: Box[]): Box {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const b of boxes) {
    x0 = Math.min(x0, b[0]);
    y0 = Math.min(y0, b[1]);
    x1 = Math.max(x1, b[2]);
    y1 = Math.max(y1, b[3]);
  }
  return [x0, y0, x1, y1];
}

export const runBox = (r: Run): Box => [r.x0, r.y0, r.x1, r.y1];

/** Round coordinates for output: hundredths of a point are far below any visible difference. */
export const round2 = (v: number) => Math.round(v * 100) / 100;
export const roundBox = (b: Box): Box => [round2(b[0]), round2(b[1]), round2(b[2]), round2(b[3])];

/** Average advance of a glyph, in ems, for the width-implied size check below, when the line gives no measure. */
const MEAN_ADVANCE_EM = 0.5;

/**
 * The size a run's characters are set in. pdf.js keeps the size of a run's first glyph when a size change happens
 * inside it (a fraction's small denominator followed by body text), so a run much wider than its size allows, on a
 * line that has runs of the size its width implies, is taken at that size. `em` is the line's own average advance
 * per character in ems, measured on its runs of the largest size.
 */
function effectiveSize(r: Run, largest: number, em: number): number {
  const chars = r.text.length;
  if (chars < 4) return r.size;
  const implied = (r.x1 - r.x0) / (em * chars);
  return implied > 1.5 * r.size && Math.abs(largest - implied) < 0.35 * largest ? largest : r.size;
}

/** Plausible average advances per character, in ems, of a proportional or fixed-pitch font. */
const ADVANCE_RANGE: [number, number] = [0.35, 0.7];

/**
 * Average advance per character, in ems, of the line's runs set at the largest size (the font's own measure),
 * kept within ADVANCE_RANGE: a run whose size pdf.js took from one large first glyph would measure narrow.
 */
function advanceEm(runs: Run[], largest: number): number {
  let width = 0;
  let ems = 0;
  for (const r of runs) {
    if (r.size !== largest || r.text.length < 4) continue;
    width += r.x1 - r.x0;
    ems += r.text.length * r.size;
  }
  if (!(ems > 0 && width > 0)) return MEAN_ADVANCE_EM;
  return Math.min(ADVANCE_RANGE[1], Math.max(ADVANCE_RANGE[0], width / ems));
}

/** Dominant size and weight of a set of runs, by characters. */
function dominant(runs: Run[]): { size: number; bold: boolean } {
  if (runs.length === 1) return { size: runs[0].size, bold: runs[0].bold };
  let boldChars = 0;
  let chars = 0;
  let largest = -Infinity;
  for (const r of runs) if (r.size > largest) largest = r.size;
  const em = advanceEm(runs, largest);
  // Most lines are set in one size: the tally by size is only built when a second one turns up.
  let sizes: Map<number, number> | null = null;
  let only = NaN;
  for (const r of runs) {
    const n = r.text.length;
    const key = Math.round(effectiveSize(r, largest, em) * 10) / 10;
    if (!sizes && (Number.isNaN(only) || key === only)) only = key;
    else {
      if (!sizes) sizes = new Map([[only, chars]]);
      sizes.set(key, (sizes.get(key) ?? 0) + n);
    }
    chars += n;
    if (r.bold) boldChars += n;
  }
  if (!sizes) return { size: only, bold: boldChars * 2 > chars };
  let size = runs[0].size;
  let best = -1;
  for (const [s, n] of sizes) if (n > best || (n === best && s > size)) [size, best] = [s, n];
  return { size, bold: boldChars * 2 > chars };
}

/**
 * A line made from runs, which it keeps for the page stage only, in a private field: neither JSON, structuredClone
 * nor a copy (`{ ...line }`) carries them out of the page stage. (A WeakMap did the same, but every line became an
 * ephemeron the garbage collector must trace at each scavenge; a non-enumerable property cost a slow
 * Object.defineProperty per line, 15 times the cost of making the line.)
 */
class RunLine implements Line {
  readonly #runs: Run[];
  declare cells?: string[];
  declare mcids?: string[];
  declare confidence?: number;
  declare mono?: boolean;
  declare initial?: number;
  declare mark?: number;
  constructor(
    public text: string,
    public bbox: Box,
    public baseline: number,
    public size: number,
    public bold: boolean,
    runs: Run[],
  ) {
    this.#runs = runs;
  }

  static runsOf(line: Line): Run[] {
    return #runs in line ? (line as RunLine).#runs : [];
  }
}

export const runsOfLine = (line: Line): Run[] => RunLine.runsOf(line);

/**
 * Build a line from runs of one row in one column. `drawn`: the runs are already in reading order (a formula read in
 * the order the file drew it, lib/layout/formulas.ts), not to be ordered by position.
 */
export function makeLine(
  runs: Run[],
  baseline: number,
  opts: { cells?: boolean; drawn?: boolean; tie?: Direction | ((runs: Run[], baseline: number) => Direction | undefined) } = {},
): Line {
  const { tie } = opts;
  const dir = runsDirection(runs, typeof tie === 'function' ? () => tie(runs, baseline) : tie);
  const ordered = opts.drawn ? runs : orderRuns(runs, dir);
  const { size, bold } = dominant(ordered);
  // One pass for the box and the per-run facts (this runs for every line of every page).
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  let monoChars = 0;
  let allChars = 0;
  let confSum = 0;
  let confN = 0;
  let mcid = false;
  for (const r of ordered) {
    if (r.x0 < x0) x0 = r.x0;
    if (r.y0 < y0) y0 = r.y0;
    if (r.x1 > x1) x1 = r.x1;
    if (r.y1 > y1) y1 = r.y1;
    // Fixed-pitch characters against the rest: a proportional line number or a comment in a CJK fallback font does
    // not make a listing's line prose.
    if (r.mono) monoChars += r.text.length;
    else allChars += proseChars(r.text);
    if (r.confidence !== undefined) {
      confSum += r.confidence;
      confN++;
    }
    if (r.mcid) mcid = true;
  }
  const line: Line = new RunLine(joinRuns(ordered, size, dir), roundBox([x0, y0, x1, y1]), round2(baseline), round2(size), bold, ordered);
  if (opts.cells) line.cells = splitCells(ordered, size);
  if (mcid) line.mcids = [...new Set(ordered.map((r) => r.mcid).filter((m): m is string => Boolean(m)))];
  // Code is set wholly in a fixed-pitch face; prose with identifiers in it (most of a line, at times) is not.
  if (monoChars > 0 && monoChars >= MONO_SHARE * (monoChars + allChars)) line.mono = true;
  if (confN) line.confidence = round2(confSum / confN);
  // Recorded on the line itself, so the document stage sees it also after the page analysis crossed a process
  // boundary as JSON (the pipeline's page workers and aggregator).
  if (ordered[0]?.initial) line.initial = codePoints(ordered[0].text.trim());
  const first = ordered[0];
  const raised = (r: Run | undefined) =>
    !!r && r.size <= RAISED_MARK_SIZE * size && baseline - r.baseline >= RAISED_MARK_RISE * size && RAISED_MARK.test(r.text.trim());
  if (first && ordered.length > 1 && raised(first)) line.mark = codePoints(first.text.trim());
  // A raised number between parentheses on the baseline ("(1) EUT C 155, …"): the mark is all three.
  else if (first?.text.trim() === '(' && ordered.length > 3 && raised(ordered[1]) && ordered[2].text.trim() === ')')
    line.mark = codePoints(`(${ordered[1].text.trim()})`);
  return line;
}

/** A line of some runs (a piece of a row) on the lowest of their baselines: a raised mark or numerator does not lift it. */
export const pieceLine = (runs: Run[]): Line => makeLine(runs, Math.max(...runs.map((r) => r.baseline)));

/**
 * A note's mark set small and raised at the start of its line, the note itself in the body's size (a word
 * processor's footnote, "¹ Assessing Program Maturity"): at most this share of the line's size...
 */
const RAISED_MARK_SIZE = 0.8;
/** ...its baseline at least this share of the line's size above the line's. */
const RAISED_MARK_RISE = 0.15;
const RAISED_MARK = /^(\p{Nd}{1,3}|[*∗†‡§¶]{1,3})$/u;

/** A leader's dot drawn a glyph a run (a form's "check this box . . . . . 5a")... */
const LEADER_DOT = /^\s*[.·…]\s*$/u;
/** ...its dots this many sizes apart at most, wider than a cell gap at times: a leader is one cell with its label... */
const LEADER_GAP = 2;
/** ...when it runs to this many dots at least (a narrow table's "." for a missing value, a column apart, is a cell). */
const LEADER_DOTS = 4;

/**
 * The runs of a table row's cells, in reading order: runs grouped where the gap is narrower than a cell gap, or
 * where a leader's dots go on from its label.
 */
export function cellRuns(ordered: Run[], size: number): Run[][] {
  const rtl = runsDirection(ordered) === 'rtl';
  const cells: Run[][] = [];
  const gapOf = (a: Run, b: Run) => (rtl ? a.x0 - b.x1 : b.x0 - a.x1);
  // A dot of a leader: one of a chain of at least LEADER_DOTS dots, each within a leader's gap of the next.
  const isDot = (k: number) => !!ordered[k] && LEADER_DOT.test(ordered[k].text);
  const chain: number[] = ordered.map(() => 0);
  for (let k = 0; k < ordered.length; ) {
    if (!isDot(k)) {
      k++;
      continue;
    }
    let e = k;
    while (isDot(e + 1) && gapOf(ordered[e], ordered[e + 1]) < LEADER_GAP * size) e++;
    for (let j = k; j <= e; j++) chain[j] = e - k + 1;
    k = e + 1;
  }
  const dot = (k: number) => chain[k] >= LEADER_DOTS;
  ordered.forEach((r, k) => {
    const cur = cells[cells.length - 1];
    const prev = cur?.[cur.length - 1];
    const gap = prev ? gapOf(prev, r) : Infinity;
    if (cur && (gap < CELL_GAP * size || (gap < LEADER_GAP * size && dot(k)))) cur.push(r);
    else cells.push([r]);
  });
  return cells;
}

/** Cells of a table row: runs grouped where the gap is wider than a cell gap. */
export function splitCells(ordered: Run[], size: number): string[] {
  return cellRuns(ordered, size).map((c) => joinRuns(c, size));
}
