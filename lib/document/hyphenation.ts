/**
 * Rejoining words broken at line, column and page ends, decided by the document's own vocabulary (any language,
 * no dictionary): a soft break hyphen is removed, a real one (self-organising) kept. Where the evidence is
 * inconclusive the hyphen is kept at its line end: a wrong hyphen is visible to a reader, a wrongly deleted one
 * is not.
 */
import { runsOnCjk, UNSPACED_CHARS } from '../layout/words.js';

export { runsOnCjk };

/** Words of any script (letters and combining marks), hyphenated compounds as one token. */
const TOKEN = /[\p{L}\p{M}]+(?:['’][\p{L}\p{M}]+)*(?:[-\u2010\u2011][\p{L}\p{M}]+(?:['’][\p{L}\p{M}]+)*)*/gu;
const HYPHENS = /[-\u2010\u2011]$/;
const SOFT_HYPHEN = '\u00ad';

export class Vocabulary {
  private words = new Map<string, number>();
  private compounds = new Map<string, number>();

  /** Count the words of a line. Fragments at a hyphenated line end or a continued line start are not words. */
  add(text: string, opts: { endsBroken: boolean; startsContinued: boolean }): void {
    const matches = [...text.toLowerCase().matchAll(TOKEN)];
    matches.forEach((m, i) => {
      if (i === matches.length - 1 && opts.endsBroken && m.index! + m[0].length >= text.length - 1) return;
      if (i === 0 && opts.startsContinued && m.index === 0) return;
      const word = m[0];
      if (/[-\u2010\u2011]/.test(word)) {
        // A hyphenated compound inside a line is evidence for keeping such hyphens; its parts are words too.
        const compound = word.replace(/[\u2010\u2011]/g, '-');
        this.compounds.set(compound, (this.compounds.get(compound) ?? 0) + 1);
        for (const part of compound.split('-')) this.words.set(part, (this.words.get(part) ?? 0) + 1);
      } else this.words.set(word, (this.words.get(word) ?? 0) + 1);
    });
  }

  hasWord(w: string): boolean {
    return this.words.has(w.toLowerCase());
  }

  /** How many times the document uses a word. */
  count(w: string): number {
    return this.words.get(w.toLowerCase()) ?? 0;
  }

  hasCompound(w: string): boolean {
    return this.compounds.has(w.toLowerCase());
  }
}

/** Does this line end in a break hyphen (a letter, then a hyphen)? */
export function endsWithBreakHyphen(text: string): boolean {
  return text.endsWith(SOFT_HYPHEN) || (HYPHENS.test(text) && /[\p{L}\p{M}][-\u2010\u2011]$/u.test(text));
}

/** Longest word looked at when deciding a break hyphen. */
const WORD_TAIL = 128;

/** CJK characters set full width (ideographs, kana, hangul, full-width forms), every one in a text. */
const CJK_CHARS = `${UNSPACED_CHARS}\uac00-\ud7af`;
export const CJK_WIDE = new RegExp(`[${CJK_CHARS}]`, 'gu');

/**
 * Join two pieces of text that a line (or column, or page) break separated. Returns the joined text; a hyphen kept
 * for lack of evidence stays at the end of its line (`"some-\nthing"`).
 */
export function joinBroken(before: string, after: string, vocabulary: Vocabulary | (() => Vocabulary)): string {
  return joinParts(before, after, vocabulary).join('');
}

/**
 * A paragraph's lines joined one after the other: each join looks only at the line before (its end decides a
 * hyphen), so a paragraph of any length joins in linear time.
 */
export function joinLines(lines: Iterable<string>, vocabulary: Vocabulary | (() => Vocabulary)): string {
  const done: string[] = [];
  let last = '';
  for (const line of lines) {
    const [head, rest] = joinParts(last, line, vocabulary);
    done.push(head);
    last = rest;
  }
  done.push(last);
  return done.join('');
}

/** `before` and `after` joined, as the text up to the end of `before` and the rest (separator and `after`). */
function joinParts(before: string, after: string, vocabulary: Vocabulary | (() => Vocabulary)): [string, string] {
  const vocab = () => (typeof vocabulary === 'function' ? vocabulary() : vocabulary);
  const a = before.trimEnd();
  const b = after.trimStart();
  if (!a) return ['', b];
  // An empty line joins nothing: the text so far stays the end, for the next line to join.
  if (!b) return ['', a];
  if (a.endsWith(SOFT_HYPHEN)) return [a.slice(0, -1), b];
  if (endsWithBreakHyphen(a)) {
    const head = (a.slice(Math.max(0, a.length - WORD_TAIL), -1).match(/[\p{L}\p{M}]+$/u) ?? [''])[0];
    const tail = (b.match(/^[\p{L}\p{M}]+/u) ?? [''])[0];
    if (head && tail) {
      const joined = head + tail;
      const stem = a.slice(0, -1);
      if (vocab().hasWord(joined)) return [stem, b];
      if (vocab().hasCompound(`${head}-${tail}`)) return [a, b];
      // An upper-case continuation (Anglo-/Saxon) is a compound.
      if (/^\p{Lu}/u.test(tail)) return [a, b];
      // Both halves are words of the document: a compound, or a word the document never shows whole.
      if (vocab().hasWord(head) && vocab().hasWord(tail)) return [a, '\n' + b];
      // One half is no word anywhere in the document: a syllable break.
      return [stem, b];
    }
    return [a, b];
  }
  // URLs and paths broken after a slash continue without a space, and so does a web address broken after a dot
  // ("www.freesoftwaremagazine." / "com/articles").
  if ((a.endsWith('/') && /^\S/.test(b)) || (a.endsWith('.') && /^[\p{Ll}\p{Nd}]/u.test(b))) {
    const lastWord = a.slice(a.lastIndexOf(' ') + 1);
    if (!/\s/.test(lastWord) && /https?:\/\/|www\./.test(lastWord)) return [a, b];
  }
  // An em dash set close between words ("reversed—" / "something") breaks the line without a space, and so does an en
  // dash between numbers ("245–" / "273").
  if ((/\p{L}—$/u.test(a) && /^\p{L}/u.test(b)) || (/\p{Nd}–$/u.test(a) && /^\p{Nd}/u.test(b))) return [a, b];
  if (runsOnCjk(a, b)) return [a, b];
  return [a, ' ' + b];
}
