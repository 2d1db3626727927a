/**
 * Ruby: readings set in small type over the characters they read (Japanese furigana over kanji, Chinese pinyin over
 * hanzi). Taken as lines of their own, a passage's readings make a line of scattered syllables over each of its lines
 * ("たか うぐいす" over "鷹 … 鶯"): the passage is cut in two and the readings are read apart from what they read. Each
 * reading is read into its line instead, just before the first character it stands over, as a reader who needs it
 * takes it (and as the text layer of a ruby passage gives it when the typesetter draws reading and base in turn).
 *
 * A reading spells out sounds: kana, bopomofo, or pinyin syllables in small letters (no figure: a raised note number
 * is no reading; no capital: a heading's "BACKGROUND" or a cover's "Master Thesis" over a Chinese title is none; no
 * Han character: small type holding Han characters is a note or a caption). It is horizontal, set at most MAX_SIZE
 * and at least MIN_SIZE of a run's size whose baseline stands MIN_RISE to MAX_RISE of that size under it, over that
 * run's Han characters: the first character it overlaps by half of the narrower of the two is Han (or, for kana, a
 * Latin letter: a word of English glossed in katakana), and the reading
 * spans at most MAX_SPAN of the characters' width it overlaps (a line of small type over a heading is no reading).
 * The base run is parted where the reading goes in; every character stays.
 */
import type { Run } from '../types.js';
import { isHorizontal } from './lines.js';

/** A reading's size is between these shares of its base's. */
const MIN_SIZE = 0.3;
const MAX_SIZE = 0.65;
/** The base's baseline stands between these shares of its size under the reading's. */
const MIN_RISE = 0.6;
const MAX_RISE = 1.4;
/** A reading spans at most this many times the base characters it overlaps (a mono-ruby of four kana over a kanji). */
const MAX_SPAN = 3;
/** Kana, with the long-vowel mark and the middle dots that part syllables. */
const KANA = /^[\p{Script=Hiragana}\p{Script=Katakana}ー・･\s]+$/u;
/** Bopomofo with its tone marks. */
const BOPOMOFO = /^[\p{Script=Bopomofo}ˊˇˋ˙\s]+$/u;
/** Pinyin: syllables of at most six small letters, with their tones (composed or combining). */
const PINYIN = /^(?:(?:[a-zü\u00e0-\u00fc\u0101-\u01dc]\p{M}*){1,6}(?:\s+|$))+$/u;
const HAN = /\p{Script=Han}/u;
const LATIN = /\p{Script=Latin}/u;
/** Kana glossing a Latin phrase stand at most this many of their sizes apart (one gloss's syllables, set apart to
 * spread over the phrase; two words glossed each on its own stand further apart, most often). */
const GLOSS_GAP = 1;
/** A character set a full size wide (Han, kana, Hangul, CJK punctuation, full-width forms); others count half. */
const FULL_WIDTH = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u;
/** A reading is set this far (points) before the character it goes in before, so it sorts before it. */
const NUDGE = 0.02;

const isReading = (text: string) => KANA.test(text) || BOPOMOFO.test(text) || PINYIN.test(text.normalize('NFC'));

export interface Ruby {
  /** The page's runs with each reading read into its line: base runs parted, readings moved onto their baselines. */
  runs: Run[];
  /** How many readings were read into their lines. */
  readings: number;
}

/** Where a reading goes into a base run: before its character `at`. */
type Reading = { base: Run; at: number; run: Run };

/** Where each character of a run starts, and where the last one ends: full-width characters a full share, others half. */
function charEdges(run: Run): number[] {
  const weights = Array.from(run.text).map((c) => (FULL_WIDTH.test(c) ? 1 : 0.5));
  const total = weights.reduce((a, b) => a + b, 0);
  const edges = [run.x0];
  for (const w of weights) edges.push(edges[edges.length - 1] + ((run.x1 - run.x0) * w) / total);
  return edges;
}

/** The reading's place over a candidate base run: the index of the first Han character under it, or -1. Kana may
 * read Latin letters too (pxrubrica's \aruby, "ゲラウツ" over "Get out"). */
function placeOver(reading: Run, base: Run, kana: boolean): number {
  const chars = Array.from(base.text);
  if (!chars.length || base.x1 <= base.x0) return -1;
  const edges = charEdges(base);
  const width = reading.x1 - reading.x0;
  let first = -1;
  let covered = 0;
  for (let i = 0; i < chars.length; i++) {
    const [lo, hi] = [edges[i], edges[i + 1]];
    const overlap = Math.min(hi, reading.x1) - Math.max(lo, reading.x0);
    if (overlap < 0.5 * Math.min(hi - lo, width)) continue;
    if (first < 0) first = i;
    covered += hi - lo;
  }
  if (first < 0 || width > MAX_SPAN * covered) return -1;
  if (HAN.test(chars[first])) return first;
  if (!kana || !LATIN.test(chars[first])) return -1;
  // Kana over a Latin word, syllable by syllable over its letters, go in before the word.
  while (first > 0 && (LATIN.test(chars[first - 1]) || (first > 1 && /['’-]/u.test(chars[first - 1]) && LATIN.test(chars[first - 2])))) first--;
  return first;
}

/** The base run a reading stands over, and where it goes in, if any (`kana`: the reading is kana, which may read Latin
 * letters; `bases` then hold the Latin runs too). */
function baseOf(reading: Run, bases: Run[], kana: boolean): Reading | null {
  let best: Reading | null = null;
  let bestOverlap = 0;
  for (const base of bases) {
    const ratio = reading.size / base.size;
    if (ratio < MIN_SIZE || ratio > MAX_SIZE) continue;
    const rise = base.baseline - reading.baseline;
    if (rise < MIN_RISE * base.size || rise > MAX_RISE * base.size) continue;
    const overlap = Math.min(base.x1, reading.x1) - Math.max(base.x0, reading.x0);
    if (overlap <= bestOverlap) continue;
    const at = placeOver(reading, base, kana);
    if (at < 0) continue;
    best = { base, at, run: reading };
    bestOverlap = overlap;
  }
  return best;
}

/** A base run parted at its readings' places, each reading moved onto the base's baseline just before its place. */
function part(base: Run, readings: Reading[]): Run[] {
  const chars = Array.from(base.text);
  const edges = charEdges(base);
  const out: Run[] = [];
  const sorted = [...readings].sort((a, b) => a.at - b.at || a.run.x0 - b.run.x0);
  let from = 0;
  for (const { at, run } of sorted) {
    const x = edges[at];
    if (at > from) {
      out.push({
        ...base,
        text: chars.slice(from, at).join(''),
        x0: edges[from],
        x1: x,
        spaceBefore: from === 0 ? base.spaceBefore : false,
        spaceAfter: false,
      });
      from = at;
    }
    // The reading takes next to no width of the line: it sits just before the place it goes in, level with the base,
    // a word apart from the characters beside it in the run ("liè 列 wèi 位"), as it stood apart over them. The
    // base's own space before it, if any, goes before the reading.
    out.push({
      ...run,
      text: `${at > 0 ? ' ' : ''}${run.text.trim()} `,
      x0: x - NUDGE,
      x1: x - NUDGE / 2,
      y0: base.y0,
      y1: base.y1,
      baseline: base.baseline,
      size: base.size,
      spaceBefore: at === 0 ? base.spaceBefore : false,
      spaceAfter: false,
    });
  }
  // (The reading before the rest carries the word space after it.)
  out.push({ ...base, text: chars.slice(from).join(''), x0: edges[from], spaceBefore: false });
  return out;
}

/** The page's runs with the readings set over Han characters (kana over Latin words too) read into their lines. */
export function readRuby(runs: Run[]): Ruby {
  const flat = runs.filter(isHorizontal);
  const han = flat.filter((r) => HAN.test(r.text));
  // Latin runs are bases for kana only (`placeOver`), gathered once on a page with a reading in kana: a page without
  // Chinese or Japanese costs a pass or two.
  if (!han.length && !flat.some((r) => KANA.test(r.text.trim()))) return { runs, readings: 0 };
  let withLatin: Run[] | null = null;
  const byBase = new Map<Run, Reading[]>();
  const moved = new Set<Run>();
  for (const c of flat) {
    const text = c.text.trim();
    if (!text || !isReading(text)) continue;
    const kana = KANA.test(text);
    const found = baseOf(c, kana ? (withLatin ??= flat.filter((r) => HAN.test(r.text) || LATIN.test(r.text))) : han, kana);
    if (!found) continue;
    byBase.set(found.base, [...(byBase.get(found.base) ?? []), found]);
    moved.add(c);
  }
  if (!moved.size) return { runs, readings: 0 };
  // Kana over Latin words, a gloss spread syllable by syllable over a phrase ("ゲ ラ ウ ツ" over "Get out"), go in
  // together before its first word: each reading set close after the one before it takes that one's place.
  // (Only where a kana reading was tried over Latin runs.)
  for (const [base, readings] of withLatin ? byBase : []) {
    const chars = Array.from(base.text);
    readings.sort((a, b) => a.run.x0 - b.run.x0);
    for (let i = 1; i < readings.length; i++) {
      const [prev, cur] = [readings[i - 1], readings[i]];
      if (LATIN.test(chars[prev.at]) && LATIN.test(chars[cur.at]) && cur.run.x0 - prev.run.x1 <= GLOSS_GAP * cur.run.size) cur.at = prev.at;
    }
  }
  const out: Run[] = [];
  for (const r of runs) {
    if (moved.has(r)) continue;
    const readings = byBase.get(r);
    if (readings) out.push(...part(r, readings));
    else out.push(r);
  }
  return { runs: out, readings: moved.size };
}
