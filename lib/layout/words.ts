/**
 * Counting words in a run of text. Chinese and Japanese are set without spaces between words, so a line of them is
 * one "word" to a count of spaces: a column of justified Japanese prose would look as terse as a table's cells.
 * Their characters are counted instead, two to a word (the usual length of a word in either language). Korean
 * spaces its words and is counted by its spaces.
 */

/** Ideographs, kana, CJK punctuation and full-width forms: the scripts set without spaces (Hangul is spaced). */
export const UNSPACED_CHARS = '\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef';
const UNSPACED = new RegExp(`[${UNSPACED_CHARS}]`, 'gu');
/** An e-mail address (a cell of its own in grid.ts, anywhere in a line in zones.ts). */
export const EMAIL_ADDRESS = String.raw`[\w.+-]+@[\w-]+(\.[\w-]+)+`;
/** An e-mail address anywhere in a text. */
export const MAIL = new RegExp(EMAIL_ADDRESS, 'u');
/** A run holding a word: three letters in a row, or two Chinese, Japanese or Korean characters. */
export const HOLDS_WORD = /\p{L}{3}|[\u3400-\u9fff\u3040-\u30ff\uac00-\ud7af]{2}/u;
/** A text holding a figure and nothing else (an amount, a page number, a count): a table's cell, not a sentence's words. */
export const FIGURE_ONLY = /^[\s\p{Nd}.,:%$€£()+\-–]+$/u;

/** Characters to a word of Chinese or Japanese. */
const CHARS_PER_WORD = 2;

/** The words in a text: its space-separated words, with unspaced CJK counted by its characters. */
export function wordCount(text: string): number {
  let unspaced = 0;
  const rest = text.replace(UNSPACED, () => {
    unspaced++;
    return ' ';
  });
  let spaced = 0;
  for (const w of rest.split(/\s+/)) if (w) spaced++;
  return spaced + Math.ceil(unspaced / CHARS_PER_WORD);
}

/** CJK characters set full width (ideographs, kana, hangul, full-width forms) and CJK punctuation... */
const CJK = new RegExp(`[${UNSPACED_CHARS}\uac00-\ud7af\u3000-\u303f]`);
/** ...but for Hangul syllables and jamo. */
const HANGUL = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/u;

/** Chinese and Japanese run on across a line break without a space; Korean separates its words with spaces and breaks lines at them. */
export function runsOnCjk(a: string, b: string): boolean {
  const [end, start] = [a.slice(-1), b.charAt(0)];
  return CJK.test(end) && CJK.test(start) && !HANGUL.test(end) && !HANGUL.test(start);
}

/**
 * A cell's lines as one text: a space between them, but none where the break falls between two characters of a
 * script set without spaces (a Chinese note turned in its cell, "歷年" / "資料", is one word run on).
 */
export function joinCellLines(texts: string[]): string {
  let out = '';
  for (const t of texts) {
    if (!out) out = t;
    else if (runsOnCjk(out, t)) out += t;
    else out += ` ${t}`;
  }
  return out;
}
