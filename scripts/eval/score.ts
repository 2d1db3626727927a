/**
 * Reading-order scorer: an exact TypeScript port of ../shared/eval/score.py (Python 3.11, standard library), so that
 * `npm run eval` needs no Python. Given a truth folder (truth.md + furniture.json) and a tool's plain-text output it
 * computes the same fields as score.py's score_doc, to the last digit:
 *
 *   order / order_strict / order_adj   relative order of truth sentence-units found in the output (olmOCR style)
 *   presence                           share of truth units found (fuzzy: 15% character edits)
 *   leak_flow / leak_any / leak_by_cat furniture (running heads, folios, footnotes) inside the main flow / anywhere
 *   ned                                word-level Levenshtein distance over the longer length
 *
 * What it takes to be exact:
 * - Unicode: Python 3.11 knows Unicode 14, Node 20's ICU a later version. Every character assigned after Unicode 14
 *   is masked (Python sees it as unassigned: no case, no decomposition, not a word character); for characters
 *   assigned in 14, Node's NFKC/NFKD/NFC, toLowerCase and [\p{L}\p{N}_] agree with Python's unicodedata, str.lower
 *   and re's \w (checked code point by code point). Canonical combining classes and str.isdigit come from tables.
 * - Python indexes strings by code point, JS by UTF-16 unit: word characters outside the BMP are mapped to single
 *   private BMP units (per document) before any position, length or slice is taken.
 * - random.Random(seed).sample: Mersenne Twister, init_by_array, getrandbits and CPython 3.11's sample algorithm.
 * - Python's round() (half to even), floor division, str.find, str.strip/\s whitespace.
 * - The bit-parallel Myers searches run on 32-bit word arrays, emulating Python's unbounded ints operation by
 *   operation.
 *
 *   npx tsx scripts/eval/score.ts TRUTH_DIR OUTPUT.txt [--seed N] [--pairs N] [--json]
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

// ------------------------------------------------------------------------------------------------ Unicode tables

/** Code points with a non-zero canonical combining class in Python 3.11's unicodedata (Unicode 14.0.0). */
const CCC_RANGES =
  '300-34e 350-36f 483-487 591-5bd 5bf 5c1-5c2 5c4-5c5 5c7 610-61a 64b-65f 670 6d6-6dc 6df-6e4 6e7-6e8 ' +
  '6ea-6ed 711 730-74a 7eb-7f3 7fd 816-819 81b-823 825-827 829-82d 859-85b 898-89f 8ca-8e1 8e3-8ff 93c ' +
  '94d 951-954 9bc 9cd 9fe a3c a4d abc acd b3c b4d bcd c3c c4d c55-c56 cbc ccd d3b-d3c d4d dca e38-e3a ' +
  'e48-e4b eb8-eba ec8-ecb f18-f19 f35 f37 f39 f71-f72 f74 f7a-f7d f80 f82-f84 f86-f87 fc6 1037 ' +
  '1039-103a 108d 135d-135f 1714-1715 1734 17d2 17dd 18a9 1939-193b 1a17-1a18 1a60 1a75-1a7c 1a7f ' +
  '1ab0-1abd 1abf-1ace 1b34 1b44 1b6b-1b73 1baa-1bab 1be6 1bf2-1bf3 1c37 1cd0-1cd2 1cd4-1ce0 1ce2-1ce8 ' +
  '1ced 1cf4 1cf8-1cf9 1dc0-1dff 20d0-20dc 20e1 20e5-20f0 2cef-2cf1 2d7f 2de0-2dff 302a-302f 3099-309a ' +
  'a66f a674-a67d a69e-a69f a6f0-a6f1 a806 a82c a8c4 a8e0-a8f1 a92b-a92d a953 a9b3 a9c0 aab0 aab2-aab4 ' +
  'aab7-aab8 aabe-aabf aac1 aaf6 abed fb1e fe20-fe2f 101fd 102e0 10376-1037a 10a0d 10a0f 10a38-10a3a ' +
  '10a3f 10ae5-10ae6 10d24-10d27 10eab-10eac 10f46-10f50 10f82-10f85 11046 11070 1107f 110b9-110ba ' +
  '11100-11102 11133-11134 11173 111c0 111ca 11235-11236 112e9-112ea 1133b-1133c 1134d 11366-1136c ' +
  '11370-11374 11442 11446 1145e 114c2-114c3 115bf-115c0 1163f 116b6-116b7 1172b 11839-1183a ' +
  '1193d-1193e 11943 119e0 11a34 11a47 11a99 11c3f 11d42 11d44-11d45 11d97 16af0-16af4 16b30-16b36 ' +
  '16ff0-16ff1 1bc9e 1d165-1d169 1d16d-1d172 1d17b-1d182 1d185-1d18b 1d1aa-1d1ad 1d242-1d244 ' +
  '1e000-1e006 1e008-1e018 1e01b-1e021 1e023-1e024 1e026-1e02a 1e130-1e136 1e2ae 1e2ec-1e2ef ' +
  '1e8d0-1e8d6 1e944-1e94a';

/** Code points unassigned in Unicode 14 but assigned in Node's ICU (Unicode 17): Python treats them as unknown. */
const NEWER_THAN_14_RANGES =
  '88f 897 c5c cdc cf3 ece 1acf-1add 1ae0-1aeb 1b4e-1b4f 1b7f 1c89-1c8a 20c1 2427-2429 2b96 2ffc-2fff ' +
  '31e4-31e5 31ef a7cb-a7cf a7d2 a7d4 a7da-a7dc a7f1 fbc3-fbd2 fd90-fd91 fdc8-fdce 105c0-105f3 ' +
  '10940-10959 10d40-10d65 10d69-10d85 10d8e-10d8f 10ec2-10ec7 10ed0-10ed8 10efa-10eff 1123f-11241 ' +
  '11380-11389 1138b 1138e 11390-113b5 113b7-113c0 113c2 113c5 113c7-113ca 113cc-113d5 113d7-113d8 ' +
  '113e1-113e2 116d0-116e3 11b00-11b09 11b60-11b67 11bc0-11be1 11bf0-11bf9 11db0-11ddb 11de0-11de9 ' +
  '11f00-11f10 11f12-11f3a 11f3e-11f5a 1342f 13439-13455 13460-143fa 16100-16139 16d40-16d79 ' +
  '16ea0-16eb8 16ebb-16ed3 16ff2-16ff6 187f8-187ff 18cff 18d09-18d1e 18d80-18df2 1b132 1b155 ' +
  '1cc00-1ccfc 1cd00-1ceb3 1ceba-1ced0 1cee0-1cef0 1d2c0-1d2d3 1df25-1df2a 1e030-1e06d 1e08f ' +
  '1e4d0-1e4f9 1e5d0-1e5fa 1e5ff 1e6c0-1e6de 1e6e0-1e6f5 1e6fe-1e6ff 1f6d8 1f6dc 1f774-1f77f 1f7d9 ' +
  '1f8b2-1f8bb 1f8c0-1f8c1 1f8d0-1f8d8 1fa54-1fa57 1fa75-1fa77 1fa87-1fa8a 1fa8e-1fa8f 1faad-1faaf ' +
  '1fabb-1fabf 1fac6 1fac8 1facd-1facf 1fada-1fadc 1fadf 1fae8-1faea 1faef 1faf7-1faf8 1fbcb-1fbef ' +
  '1fbfa 2b739-2b73f 2cea2-2cead 2ebf0-2ee5d 31350-33479';

/** Code points outside category Nd for which Python's str.isdigit() is true (superscripts, circled digits...). */
const DIGIT_EXTRA_RANGES =
  'b2-b3 b9 1369-1371 19da 2070 2074-2079 2080-2089 2460-2468 2474-247c 2488-2490 24ea 24f5-24fd 24ff ' +
  '2776-277e 2780-2788 278a-2792 10a40-10a43 10e60-10e68 11052-1105a 1f100-1f10a';

/** A regex character class body from 'a-b c ...' (hex code point ranges). */
function rangeClass(ranges: string): string {
  const cp = (h: string) => `\\u{${h}}`;
  return ranges
    .split(' ')
    .map((r) => (r.includes('-') ? r.split('-').map(cp).join('-') : cp(r)))
    .join('');
}

/** Python's str.isspace() / re's \s for str patterns. */
const WS = '\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
/** re's \w for str patterns: str.isalnum() or '_' (letters and numbers, NOT combining marks). */
const W = '\\p{L}\\p{N}_';

/** Masked while normalising: characters newer than Unicode 14, and the mask character itself when it occurs. */
const MASK_RE = new RegExp(`[${rangeClass(NEWER_THAN_14_RANGES)}\\uf8ff]`, 'gu');
const UNKNOWN_RE = /\uf8ff/g;
const COMBINING_RE = new RegExp(`[${rangeClass(CCC_RANGES)}\\u00a8]`, 'gu');
const DIGITS_RE = new RegExp(`^[\\p{Nd}${rangeClass(DIGIT_EXTRA_RANGES)}]+$`, 'u');
/** A run of \w as Python 3.11 sees it: characters newer than Unicode 14 are not word characters there. */
const WORD_RE = new RegExp(`[[${W}]--[${rangeClass(NEWER_THAN_14_RANGES)}]]+`, 'gv');
const HYPH_RE = new RegExp(`([${W}])-[ \\t]*\\n[ \\t]*([${W}])`, 'gu');
const MD_NOISE_RE = /<!--[\s\S]*?-->|!\[[^\]]*\]\([^)]*\)/g;
const PAGE_RE = new RegExp(`^[${WS}]*<!--[${WS}]*page[${WS}]+([\\p{Nd}--[${rangeClass(NEWER_THAN_14_RANGES)}]]+)[${WS}]*-->[${WS}]*$`, 'iv');
const SENT_RE = new RegExp(`(?<=[.!?\\u3002])[${WS}]+`, 'u');
const STRIP_RE = new RegExp(`^[${WS}]+|[${WS}]+$`, 'gu');
const LSTRIP_RE = new RegExp(`^[${WS}]+`, 'u');

/** A private-use character standing for any character Python's Unicode 14 does not know. */
const UNKNOWN_CHAR = '\uf8ff';

const QUOTES: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u201b': "'",
  '\u2032': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u00ab': '"',
  '\u00bb': '"',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2212': '-',
  '\u00ad': '',
  '\u200b': '',
  '\ufeff': '',
};
const QUOTES_RE = new RegExp(`[${Object.keys(QUOTES).join('')}]`, 'g');

// ------------------------------------------------------------------------------------------------ Python helpers

/** Python's str.strip() with no argument. */
export function pyStrip(s: string): string {
  return s.replace(STRIP_RE, '');
}

/** Python's round(x) for a float: half to even. */
export function pyRound(x: number): number {
  const f = Math.floor(x);
  const d = x - f;
  if (d > 0.5) return f + 1;
  if (d < 0.5) return f;
  return f % 2 === 0 ? f : f + 1;
}

/** Python's str.find(sub, start). */
function pyFind(s: string, sub: string, start = 0): number {
  return start > s.length ? -1 : s.indexOf(sub, start);
}

/** Python's int() of a string of Unicode decimal digits (each script's digits are runs of ten code points). */
function pyInt(digits: string): number {
  const isNd = (cp: number) => /\p{Nd}/u.test(String.fromCodePoint(cp));
  let n = 0;
  for (const ch of digits) {
    const cp = ch.codePointAt(0)!;
    let zero = cp;
    while (isNd(zero - 1)) zero--;
    n = n * 10 + ((cp - zero) % 10);
  }
  return n;
}

/** Python's str.isdigit() on a token (the token's original characters, see `unmapToken`). */
function isDigitToken(t: string): boolean {
  return DIGITS_RE.test(unmapToken(t));
}

// ------------------------------------------------------------------------------------------------ code points

/**
 * Word characters outside the BMP (CJK extension B, Osmanya digits...) take two UTF-16 units in JS but one index in
 * Python. Tokens replace each by one private BMP unit (surrogate halves and the private-use area: never word
 * characters themselves), so lengths, positions and slices count as Python's do. Reset for each document.
 */
const astralToUnit = new Map<string, string>();
const unitToAstral = new Map<string, string>();
const ASTRAL_RE = /[\u{10000}-\u{10ffff}]/gu;

function resetAstralMap(): void {
  astralToUnit.clear();
  unitToAstral.clear();
}

function astralUnit(ch: string): string {
  let u = astralToUnit.get(ch);
  if (u === undefined) {
    const i = astralToUnit.size;
    if (i >= 0x18ff + 0x800) throw new Error('more than 8447 distinct astral word characters in one document');
    u = String.fromCharCode(i < 0x18ff ? 0xe000 + i : 0xd800 + (i - 0x18ff));
    astralToUnit.set(ch, u);
    unitToAstral.set(u, ch);
  }
  return u;
}

function mapToken(t: string): string {
  return t.length > 1 && /[\ud800-\udfff]/.test(t) ? t.replace(ASTRAL_RE, astralUnit) : t;
}

function unmapToken(t: string): string {
  if (unitToAstral.size === 0) return t;
  let out = '';
  for (const ch of t.split('')) out += unitToAstral.get(ch) ?? ch;
  return out;
}

// ------------------------------------------------------------------------------------------------ normalising

/**
 * NFKC (expands ligatures), unify quotes/dashes, drop soft hyphens, re-join words hyphenated at a line break, strip
 * diacritics ('F\u00a8arber' == 'F\u00e4rber' == 'farber'), lower-case. As score.py's normalize_text.
 */
export function normalizeText(s: string): string {
  const masked: string[] = [];
  s = s
    .replace(MASK_RE, (c) => {
      masked.push(c);
      return UNKNOWN_CHAR;
    })
    .normalize('NFKC')
    .replace(QUOTES_RE, (c) => QUOTES[c]!);
  s = s.replace(/\r\n/g, '\n').replace(/\r/g, '\n');
  s = s.replace(HYPH_RE, '$1$2');
  s = s.normalize('NFKD').replace(COMBINING_RE, '');
  s = s.normalize('NFC').toLowerCase();
  // the masked characters are starters nothing composes with: they come back in order, one for one
  return masked.length ? s.replace(UNKNOWN_RE, () => masked.shift()!) : s;
}

/** re.findall(r'\w+', s), each token with astral characters mapped to one unit. */
function words(s: string): string[] {
  return (s.match(WORD_RE) ?? []).map(mapToken);
}

export function tokens(s: string): string[] {
  return words(normalizeText(s));
}

/** Matching key: word characters only, spaces and '_' removed ('L A T E X' matches 'LATEX'). */
function squash(toks: string[]): string {
  return toks.join('').replaceAll('_', '');
}

// ------------------------------------------------------------------------------------------------ truth

export const MIN_UNIT = 5; // tokens; shorter units are too ambiguous to locate
export const MAX_UNIT = 24; // longer sentences are cut into chunks of <= this many tokens

type Block = [page: number, text: string];
type FurnitureItem = string | { text?: unknown; [k: string]: unknown };
type Furniture = Partial<Record<string, FurnitureItem[]>>;

export interface Unit {
  page: number;
  block: number;
  toks: string[];
  dup?: boolean;
  status?: Status;
  pos?: number | null;
}

/** Read a text file as Python's open(encoding='utf-8') does: universal newlines. */
function readText(path: string): string {
  return readFileSync(path, 'utf8').replace(/\r\n?/g, '\n');
}

export function readTruth(truthDir: string): { blocks: Block[]; furn: Furniture } {
  let path = join(truthDir, 'truth.md');
  if (!existsSync(path)) path = join(truthDir, 'truth.txt');
  const blocks: Block[] = [];
  let page = 0;
  let cur: string[] = [];
  for (const line of readText(path).split('\n')) {
    const m = PAGE_RE.exec(line);
    if (m || !pyStrip(line)) {
      if (cur.length) blocks.push([page, cur.join('\n')]);
      cur = [];
      if (m) page = pyInt(m[1]!);
      continue;
    }
    cur.push(line);
  }
  if (cur.length) blocks.push([page, cur.join('\n')]);
  const fp = join(truthDir, 'furniture.json');
  const furn = existsSync(fp) ? (JSON.parse(readFileSync(fp, 'utf8')) as Furniture) : {};
  return { blocks, furn };
}

/** Split blocks into sentence units (chunks of <= MAX_UNIT tokens); tables and figures are skipped. */
export function unitsFromBlocks(blocks: Block[]): Unit[] {
  const units: Unit[] = [];
  blocks.forEach(([page, text], bi) => {
    const head = text.replace(LSTRIP_RE, '');
    if (head.startsWith('<!-- table -->') || head.startsWith('<!-- figure -->')) return;
    const t = normalizeText(text.replace(MD_NOISE_RE, ' '));
    const merged: string[][] = [];
    for (const s of t.split(SENT_RE).map(tokens)) {
      if (!s.length) continue;
      if (merged.length && (s.length < MIN_UNIT || merged[merged.length - 1]!.length < MIN_UNIT)) {
        merged[merged.length - 1] = merged[merged.length - 1]!.concat(s);
      } else merged.push(s);
    }
    for (const s of merged) {
      if (s.length < MIN_UNIT) continue;
      const k = Math.floor((s.length + MAX_UNIT - 1) / MAX_UNIT);
      const step = Math.floor((s.length + k - 1) / k);
      for (let j = 0; j < s.length; j += step) {
        const chunk = s.slice(j, j + step);
        if (chunk.length >= MIN_UNIT || (j && chunk.length >= 3)) units.push({ page, block: bi, toks: chunk });
      }
    }
  });
  return units;
}

// ------------------------------------------------------------------------------------------------ bit-parallel

/**
 * Myers/Hyyro bit-parallel edit distance over symbols (pattern `pat` against `text`), emulating score.py's Python
 * big-int arithmetic on arrays of 32-bit words. `search`: free start and end in text (min over substrings, as
 * search_dist); otherwise the full Levenshtein distance (as levenshtein, where a row-0 carry of 1 enters each step).
 * `best` is the minimum score seen (search) and `score` the final one (Levenshtein).
 */
const NONE: number[] = [];

function myers(pat: readonly number[], text: readonly number[], alphabet: number, search: boolean): { best: number; score: number } {
  const m = pat.length;
  const nw = Math.ceil(m / 32);
  const topBits = m - 32 * (nw - 1);
  const topMask = topBits === 32 ? 0xffffffff : (1 << topBits) - 1;
  const hiBit = (1 << (topBits - 1)) >>> 0;
  const occurrences: number[][] = Array.from({ length: alphabet }, () => []);
  pat.forEach((c, i) => occurrences[c]!.push(i));
  const eqv = new Uint32Array(nw); // the pattern-match vector of the current text symbol
  const pv = new Uint32Array(nw).fill(0xffffffff);
  pv[nw - 1] = topMask;
  const mv = new Uint32Array(nw);
  let score = m;
  let best = m;
  for (const c of text) {
    const bits = c < 0 ? NONE : occurrences[c]!;
    for (const i of bits) eqv[i >> 5]! |= 1 << (i & 31);
    let addCarry = 0;
    let phCarry = search ? 0 : 1;
    let mhCarry = 0;
    for (let w = 0; w < nw; w++) {
      const full = w === nw - 1 ? topMask : 0xffffffff;
      const eq = eqv[w]!;
      const p = pv[w]!;
      const xv = (eq | mv[w]!) >>> 0;
      const sum = ((eq & p) >>> 0) + p + addCarry;
      addCarry = sum > 0xffffffff ? 1 : 0;
      const xh = ((((sum >>> 0) & full) ^ p) | eq) >>> 0;
      const ph = (mv[w]! | (~(xh | p) & full)) >>> 0;
      const mh = (p & xh) >>> 0;
      if (w === nw - 1) {
        if (ph & hiBit) score += 1;
        else if (mh & hiBit) score -= 1;
      }
      const phs = (((ph << 1) | phCarry) & full) >>> 0;
      const mhs = (((mh << 1) | mhCarry) & full) >>> 0;
      phCarry = ph >>> 31;
      mhCarry = mh >>> 31;
      pv[w] = mhs | (~(xv | phs) & full);
      mv[w] = phs & xv;
    }
    for (const i of bits) eqv[i >> 5] = 0;
    if (score < best) best = score;
  }
  return { best, score };
}

/** Symbols of pattern and text as small integers (-1: not in the pattern). */
function symbolize<T>(pat: readonly T[], text: readonly T[]): { p: number[]; t: number[]; n: number } {
  const ids = new Map<T, number>();
  const p = pat.map((c) => {
    let id = ids.get(c);
    if (id === undefined) ids.set(c, (id = ids.size));
    return id;
  });
  const t = text.map((c) => ids.get(c) ?? -1);
  return { p, t, n: ids.size };
}

/** Min edit distance of pat against any substring of text (score.py's search_dist). */
export function searchDist(pat: string, text: string): number {
  if (pat.length === 0) return 0;
  const { p, t, n } = symbolize(pat.split(''), text.split('')); // units: astral chars are mapped
  return myers(p, t, n, true).best;
}

/** Token Levenshtein distance (score.py's levenshtein). */
export function levenshtein(a: readonly string[], b: readonly string[]): number {
  if (a.length < b.length) [a, b] = [b, a];
  if (b.length === 0) return a.length;
  const { p, t, n } = symbolize(b, a);
  return myers(p, t, n, false).score;
}

// ------------------------------------------------------------------------------------------------ output index

type Status = 'found' | 'ambiguous' | 'missing';

/** The output text prepared for locating units: squashed word characters with line offsets and q-grams. */
export class OutputIndex {
  static readonly Q = 8; // q-gram length used as anchors for fuzzy search
  static readonly COMMON = 40; // ignore q-grams occurring more often than this
  static readonly ERR = 0.15; // allowed char edit distance, fraction of the unit length

  readonly lines: string[];
  readonly lineOff: number[] = [];
  readonly lineWords: string[];
  s: string;
  readonly toks: string[];
  private gramsCache: Map<string, number[]> | null = null;

  constructor(text: string) {
    const norm = normalizeText(text);
    this.lines = norm.split('\n');
    const parts: string[] = [];
    let off = 0;
    this.lineWords = this.lines.map((line) => {
      const w = words(line);
      this.lineOff.push(off);
      const sq = squash(w);
      parts.push(sq);
      off += sq.length;
      return w.join(' ');
    });
    this.s = parts.join('');
    this.toks = words(norm);
  }

  private get grams(): Map<string, number[]> {
    if (this.gramsCache === null) {
      const g = new Map<string, number[]>();
      const { s } = this;
      const q = OutputIndex.Q;
      for (let i = 0; i < s.length - q + 1; i++) {
        const k = s.slice(i, i + q);
        const list = g.get(k);
        if (list) list.push(i);
        else g.set(k, [i]);
      }
      this.gramsCache = g;
    }
    return this.gramsCache;
  }

  /** Locate a unit (token list): exact first, then q-gram voting and bounded approximate search. */
  find(u: string[], err: number | null = null): [Status, number | null] {
    const key = squash(u);
    const n = key.length;
    if (n === 0) return ['missing', null];
    const p = pyFind(this.s, key);
    if (p >= 0) return [pyFind(this.s, key, p + 1) >= 0 ? 'ambiguous' : 'found', p];
    const maxd = Math.max(1, pyRound((err ?? OutputIndex.ERR) * n));
    const q = OutputIndex.Q;
    if (n < q + 2) return ['missing', null];
    const votes = this.vote(key);
    const good: [number, number][] = [];
    const ranked = [...votes.entries()].sort((x, y) => y[1] - x[1]).slice(0, 8);
    for (const [b] of ranked) {
      const st = b * 8;
      if (good.some(([g]) => Math.abs(st - g) < n)) continue;
      const lo = Math.max(0, st - maxd - 8);
      const d = searchDist(key, pySlice(this.s, lo, st + n + maxd + 8));
      if (d <= maxd) good.push([st, d]);
    }
    if (!good.length) return ['missing', null];
    good.sort((x, y) => x[1] - y[1]);
    if (good.length > 1 && good[1]![1] <= good[0]![1]) return ['ambiguous', good[0]![0]];
    return ['found', good[0]![0]];
  }

  /** Votes for 8-character blocks of the output where the key's q-grams would put its start. */
  private vote(key: string): Map<number, number> {
    const n = key.length;
    const q = OutputIndex.Q;
    const votes = new Map<number, number>();
    const step = Math.max(1, Math.floor((n - q) / 12));
    for (let k = 0; k < n - q + 1; k += step) {
      const ps = this.grams.get(key.slice(k, k + q));
      if (!ps || ps.length > OutputIndex.COMMON) continue;
      for (const at of ps) {
        const b = Math.floor((at - k) / 8);
        votes.set(b, (votes.get(b) ?? 0) + 1);
      }
    }
    return votes;
  }

  findAll(key: string): number[] {
    const out: number[] = [];
    let p = pyFind(this.s, key);
    while (p >= 0) {
      out.push(p);
      p = pyFind(this.s, key, p + 1);
    }
    return out;
  }

  /** Char positions of output lines whose words equal s's. */
  findLine(s: string): number[] {
    const target = tokens(s).join(' ');
    if (!target) return [];
    const out: number[] = [];
    this.lineWords.forEach((w, li) => {
      if (w === target) out.push(this.lineOff[li]!);
    });
    return out;
  }
}

/** Python's s[lo:hi] for lo >= 0 (a negative hi counts from the end, as in Python). */
function pySlice(s: string, lo: number, hi: number): string {
  return s.slice(lo, hi < 0 ? Math.max(0, s.length + hi) : hi);
}

// ------------------------------------------------------------------------------------------------ furniture

const CATEGORIES = ['running_heads', 'folios', 'footnotes'] as const;
type Category = (typeof CATEGORIES)[number];

/** Flatten furniture.json into [category, text] items. */
function furnitureItems(furn: Furniture): [Category, string][] {
  const items: [Category, string][] = [];
  for (const cat of CATEGORIES) {
    for (const it of furn[cat] ?? []) {
      const text = typeof it === 'object' && it !== null ? it.text : it;
      if (typeof text === 'string' && text && pyStrip(text)) items.push([cat, text]);
    }
  }
  return items;
}

function cutTokens(tk: string[], nchar: number): string[] {
  const out: string[] = [];
  let n = 0;
  for (const t of tk) {
    if (n >= nchar) break;
    out.push(t);
    n += t.length;
  }
  return out;
}

/** Output char positions where this furniture string occurs. */
function locateFurniture(idx: OutputIndex, cat: Category, text: string, exact = false): number[] {
  let tk = tokens(text);
  if (!tk.length) return [];
  if (cat === 'folios' || tk.length < 3) return idx.findLine(text);
  if (cat === 'footnotes') {
    // drop footnote markers (short numbers / single symbols) from the probe
    const kept = tk.filter((t) => !(t.length <= 2 && (isDigitToken(t) || t.length === 1)));
    if (kept.length) tk = kept;
  }
  const hits = idx.findAll(squash(tk).slice(0, 80));
  if (hits.length || exact || cat !== 'footnotes') return hits; // running heads: exact only
  const [st, pos] = idx.find(squash(tk).length <= 80 ? tk : cutTokens(tk, 80), 0.2);
  return st === 'missing' ? [] : [pos!];
}

// ------------------------------------------------------------------------------------------------ Python's random

/** CPython's random.Random: MT19937 seeded by init_by_array, getrandbits, _randbelow and sample (3.11). */
export class PyRandom {
  private readonly mt = new Uint32Array(624);
  private mti = 625;

  constructor(seed: number | bigint) {
    let n = BigInt(seed);
    if (n < 0n) n = -n;
    const key: number[] = [];
    while (n > 0n) {
      key.push(Number(n & 0xffffffffn));
      n >>= 32n;
    }
    this.initByArray(key.length ? key : [0]);
  }

  private initGenrand(s: number): void {
    const mt = this.mt;
    mt[0] = s >>> 0;
    for (let i = 1; i < 624; i++) {
      const prev = mt[i - 1]! ^ (mt[i - 1]! >>> 30);
      mt[i] = (Math.imul(1812433253, prev) + i) >>> 0;
    }
    this.mti = 624;
  }

  private initByArray(key: number[]): void {
    const mt = this.mt;
    const N = 624;
    this.initGenrand(19650218);
    let i = 1;
    let j = 0;
    for (let k = Math.max(N, key.length); k; k--) {
      const prev = mt[i - 1]! ^ (mt[i - 1]! >>> 30);
      mt[i] = ((mt[i]! ^ Math.imul(prev, 1664525)) + key[j]! + j) >>> 0;
      i++;
      j++;
      if (i >= N) {
        mt[0] = mt[N - 1]!;
        i = 1;
      }
      if (j >= key.length) j = 0;
    }
    for (let k = N - 1; k; k--) {
      const prev = mt[i - 1]! ^ (mt[i - 1]! >>> 30);
      mt[i] = ((mt[i]! ^ Math.imul(prev, 1566083941)) - i) >>> 0;
      i++;
      if (i >= N) {
        mt[0] = mt[N - 1]!;
        i = 1;
      }
    }
    mt[0] = 0x80000000;
  }

  /** genrand_uint32 */
  nextUint32(): number {
    const mt = this.mt;
    if (this.mti >= 624) {
      for (let kk = 0; kk < 624; kk++) {
        const y = (mt[kk]! & 0x80000000) | (mt[(kk + 1) % 624]! & 0x7fffffff);
        mt[kk] = mt[(kk + 397) % 624]! ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
      }
      this.mti = 0;
    }
    let y = mt[this.mti++]!;
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  getrandbits(k: number): number {
    if (k === 0) return 0;
    if (k <= 32) return this.nextUint32() >>> (32 - k);
    let r = 0n;
    for (let shift = 0n; k > 0; k -= 32, shift += 32n) {
      let w = this.nextUint32();
      if (k < 32) w >>>= 32 - k;
      r |= BigInt(w) << shift;
    }
    return Number(r);
  }

  randbelow(n: number): number {
    const k = n.toString(2).length; // n.bit_length(), n > 0
    let r = this.getrandbits(k);
    while (r >= n) r = this.getrandbits(k);
    return r;
  }

  sample<T>(population: readonly T[], k: number): T[] {
    const n = population.length;
    if (!(k >= 0 && k <= n)) throw new RangeError('Sample larger than population or is negative');
    const result: T[] = new Array(k);
    let setsize = 21;
    if (k > 5) setsize += 4 ** Math.ceil(Math.log(k * 3) / Math.log(4));
    if (n <= setsize) {
      const pool = population.slice();
      for (let i = 0; i < k; i++) {
        const j = this.randbelow(n - i);
        result[i] = pool[j]!;
        pool[j] = pool[n - i - 1]!;
      }
    } else {
      const selected = new Set<number>();
      for (let i = 0; i < k; i++) {
        let j = this.randbelow(n);
        while (selected.has(j)) j = this.randbelow(n);
        selected.add(j);
        result[i] = population[j]!;
      }
    }
    return result;
  }
}

// ------------------------------------------------------------------------------------------------ scoring

export interface ScoreOptions {
  seed?: number;
  maxPairs?: number;
  windowIfNoPages?: number;
}

export interface CategoryLeak {
  items: number;
  any: number;
  flow: number;
}

/** The fields of score.py's score_doc, same names. NaN where Python gives nan, null where it gives None. */
export interface DocScore {
  units: number;
  found: number;
  ambiguous: number;
  truth_dups: number;
  presence: number;
  order: number;
  order_pairs: number;
  order_adj: number;
  order_strict: number;
  furniture_items: number;
  leak_flow: number;
  leak_any: number;
  furniture_skipped: number;
  leak_flow_pct: number | null;
  leak_any_pct: number | null;
  leak_by_cat: Partial<Record<Category, CategoryLeak>>;
  ned: number;
  gt_tokens: number;
  out_tokens: number;
}

type Pair = [number, number];

/** All pairs (a < b in list order) within each page, pages in first-seen order; or windowed without pages. */
function pairsOf(ids: number[], units: Unit[], hasPages: boolean, window: number): Pair[] {
  const pairs: Pair[] = [];
  if (hasPages) {
    const byPage = new Map<number, number[]>();
    for (const ui of ids) {
      const list = byPage.get(units[ui]!.page);
      if (list) list.push(ui);
      else byPage.set(units[ui]!.page, [ui]);
    }
    for (const list of byPage.values()) {
      for (let a = 0; a < list.length; a++) for (let b = a + 1; b < list.length; b++) pairs.push([list[a]!, list[b]!]);
    }
  } else {
    for (let a = 0; a < ids.length; a++) {
      for (let b = a + 1; b < Math.min(ids.length, a + 1 + window); b++) pairs.push([ids[a]!, ids[b]!]);
    }
  }
  return pairs;
}

function percent(num: number, den: number): number {
  return den ? (100.0 * num) / den : NaN;
}

/** Is output position p strictly inside one of the in-order spans between consecutive found units? */
function inFlowTest(spans: Pair[]): (p: number) => boolean {
  const starts = spans.map(([s]) => s);
  return (p) => {
    let lo = 0;
    let hi = starts.length;
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      if (starts[mid]! < p) lo = mid + 1;
      else hi = mid;
    }
    const k = lo - 1;
    for (let j = k; j > Math.max(-1, k - 8); j--) {
      const [s, e] = spans[j]!;
      if (s < p && p < e) return true;
    }
    return false;
  };
}

/** Furniture leak counts: [items, anywhere, in flow] per category, and how many items were skipped. */
function furnitureLeak(furn: Furniture, tix: OutputIndex, idx: OutputIndex, inFlow: (p: number) => boolean) {
  const leak: Record<Category, [number, number, number]> = { running_heads: [0, 0, 0], folios: [0, 0, 0], footnotes: [0, 0, 0] };
  const groups = new Map<string, [Category, string, number]>();
  for (const [cat, text] of furnitureItems(furn)) {
    const norm = tokens(text).join(' ');
    if (!norm) continue;
    const key = `${cat}\u0000${norm}`;
    const g = groups.get(key);
    if (g) g[2] += 1;
    else groups.set(key, [cat, text, 1]);
  }
  let skipped = 0;
  for (const [cat, text, k] of groups.values()) {
    // furniture text that also occurs in the truth's main flow cannot be told apart from content
    if (locateFurniture(tix, cat, text, cat !== 'footnotes').length) {
      skipped += k;
      continue;
    }
    const pos = [...new Set(locateFurniture(idx, cat, text))].sort((a, b) => a - b);
    leak[cat][0] += k;
    leak[cat][1] += Math.min(k, pos.length);
    leak[cat][2] += Math.min(k, pos.filter(inFlow).length);
  }
  return { leak, skipped };
}

/** Score one output against a truth folder: score.py's score_doc. */
export function scoreDoc(truthDir: string, outputText: string, opts: ScoreOptions = {}): DocScore {
  const seed = opts.seed ?? 20240601;
  const maxPairs = opts.maxPairs ?? 2000;
  const window = opts.windowIfNoPages ?? 30;
  resetAstralMap();
  const { blocks, furn } = readTruth(truthDir);
  const units = unitsFromBlocks(blocks);
  // units occurring more than once in the truth count for presence but never for order
  const tix = new OutputIndex(blocks.map((b) => b[1]).join('\n'));
  tix.s = blocks.map((b) => squash(tokens(b[1].replace(MD_NOISE_RE, ' ')))).join('\u0000');
  for (const u of units) {
    const key = squash(u.toks);
    const p = pyFind(tix.s, key);
    u.dup = p >= 0 && pyFind(tix.s, key, p + 1) >= 0;
  }
  const idx = new OutputIndex((outputText || '').replace(MD_NOISE_RE, ' '));
  const found: number[] = [];
  let nFound = 0;
  let nAmb = 0;
  units.forEach((u, ui) => {
    const [st, pos] = idx.find(u.toks);
    u.status = st;
    u.pos = pos;
    if (st !== 'missing') nFound++;
    if (st === 'ambiguous') nAmb++;
    if (st === 'found' && !u.dup) found.push(ui);
  });
  const presence = percent(nFound, units.length);
  const posOf = (ui: number) => units[ui]!.pos!;
  const before = ([a, b]: Pair) => posOf(a) < posOf(b);

  const hasPages = blocks.some((b) => b[0] !== 0);
  let pairs = pairsOf(found, units, hasPages, window);
  if (pairs.length > maxPairs) pairs = new PyRandom(seed).sample(pairs, maxPairs);
  const order = percent(pairs.filter(before).length, pairs.length);

  // olmOCR-style strict variant: pairs over ALL non-duplicate units; a missing or ambiguous unit fails the pair
  const nonDup = units.flatMap((u, i) => (u.dup ? [] : [i]));
  let allPairs = pairsOf(nonDup, units, hasPages, window);
  if (allPairs.length > maxPairs) allPairs = new PyRandom(seed + 1).sample(allPairs, maxPairs);
  const isFound = (ui: number) => units[ui]!.status === 'found';
  const oks = allPairs.filter(([a, b]) => isFound(a) && isFound(b) && posOf(a) < posOf(b)).length;
  const orderStrict = percent(oks, allPairs.length);
  const adj: Pair[] = found.slice(0, -1).map((a, k) => [a, found[k + 1]!]);
  const orderAdj = percent(adj.filter(before).length, adj.length);

  // furniture leak: an occurrence strictly between two units consecutive in truth order and in output order
  const spans: Pair[] = adj.filter(before).map(([a, b]) => [posOf(a), posOf(b)]);
  spans.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  const { leak, skipped } = furnitureLeak(furn, tix, idx, inFlowTest(spans));
  const sum = (i: number) => CATEGORIES.reduce((acc, c) => acc + leak[c][i]!, 0);
  const [tot, totAny, totFlow] = [sum(0), sum(1), sum(2)];
  const leakByCat: Partial<Record<Category, CategoryLeak>> = {};
  for (const c of CATEGORIES) if (leak[c][0]) leakByCat[c] = { items: leak[c][0], any: leak[c][1], flow: leak[c][2] };

  const gtToks = blocks.flatMap((b) => tokens(b[1].replace(MD_NOISE_RE, ' ')));
  const outToks = idx.toks;
  const ned = levenshtein(gtToks, outToks) / Math.max(gtToks.length, outToks.length, 1);

  return {
    units: units.length,
    found: nFound,
    ambiguous: nAmb,
    truth_dups: units.filter((u) => u.dup).length,
    presence,
    order,
    order_pairs: pairs.length,
    order_adj: orderAdj,
    order_strict: orderStrict,
    furniture_items: tot,
    leak_flow: totFlow,
    leak_any: totAny,
    furniture_skipped: skipped,
    leak_flow_pct: tot ? (100.0 * totFlow) / tot : null,
    leak_any_pct: tot ? (100.0 * totAny) / tot : null,
    leak_by_cat: leakByCat,
    ned,
    gt_tokens: gtToks.length,
    out_tokens: outToks.length,
  };
}

// ------------------------------------------------------------------------------------------------ CLI

function fmt(v: number, digits = 1): string {
  return Number.isNaN(v) ? 'nan' : v.toFixed(digits);
}

function main(argv: string[]): void {
  const positional: string[] = [];
  const opts: ScoreOptions = {};
  let json = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--json') json = true;
    else if (a === '--seed') opts.seed = Number(argv[++i]);
    else if (a === '--pairs') opts.maxPairs = Number(argv[++i]);
    else positional.push(a);
  }
  if (positional.length !== 2) {
    process.stderr.write('usage: score.ts TRUTH_DIR OUTPUT.txt [--seed N] [--pairs N] [--json]\n');
    process.exit(2);
  }
  const r = scoreDoc(positional[0]!, readText(positional[1]!), opts);
  if (json) {
    process.stdout.write(JSON.stringify(r, (_k, v: unknown) => (typeof v === 'number' && Number.isNaN(v) ? 'NaN' : v), 1) + '\n');
    return;
  }
  process.stdout.write(
    `order ${fmt(r.order)}% (${r.order_pairs} pairs)  order_adj ${fmt(r.order_adj)}%  presence ${fmt(r.presence)}% ` +
      `(${r.found}/${r.units} units)  leak ${r.leak_flow}/${r.furniture_items} in flow (${r.leak_any} anywhere)  ned ${fmt(r.ned, 3)}\n`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main(process.argv.slice(2));
