/**
 * The value of a number written in any script's decimal digits. A Persian or Arabic page numbers its notes "۲", "۳"
 * and its pages "۱۲"; JavaScript's Number() reads ASCII digits only and gives NaN for them.
 */

const DIGIT = /\p{Nd}/u;
/** The mathematical digits (bold, double-struck, sans-serif, …) are five sets of ten in one run of code points. */
const MATH_DIGITS: [number, number] = [0x1d7ce, 0x1d7ff];

/** The value 0–9 of one decimal digit of any script: its distance from the zero of its set of ten. */
function digitValue(cp: number): number {
  if (cp >= MATH_DIGITS[0] && cp <= MATH_DIGITS[1]) return (cp - MATH_DIGITS[0]) % 10;
  let zero = cp;
  while (cp - zero < 9 && DIGIT.test(String.fromCodePoint(zero - 1))) zero--;
  return cp - zero;
}

/** The number a string of decimal digits of one script writes ("12", "۱۲", "١٢", "१२"); NaN for anything else. */
export function decimal(text: string): number {
  if (!/^\p{Nd}+$/u.test(text)) return Number.NaN;
  let n = 0;
  for (const ch of text) n = 10 * n + digitValue(ch.codePointAt(0)!);
  return n;
}
