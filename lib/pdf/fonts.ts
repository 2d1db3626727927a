/**
 * What a font's name says about its weight and style. The real name (`ABCDEF+NimbusRomNo9L-Medi`) is only known
 * to pdf.js after it has built a page's operator list; readflow asks once per new font, not once per page.
 */

export interface FontFacts {
  name: string;
  bold: boolean;
  italic: boolean;
  /** The name says fixed-pitch (Courier, CMTT, ...Mono). */
  monospace: boolean;
  /**
   * pdf.js flags the font fixed-pitch (its descriptor says so, or all its glyphs have one width). Weaker evidence: a
   * subset holding only leader dots has one width too, so a run counts as fixed-pitch on this alone only when it
   * shows several different characters.
   */
  fixedWidths?: boolean;
  /**
   * Characters pdf.js gives for glyphs it cannot name, and what the glyphs are (`glyphRepairs`): set only for a font
   * that has such glyphs.
   */
  repair?: Map<string, string>;
}

/** The glyph names a font names its glyphs by that are not in the Adobe Glyph List: written digits. */
const DIGIT_NAMES = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

/** A glyph name's characters from its Unicode value ("uni0E48", "uni00660301", "u1D44B"), or null. */
function unicodeName(name: string): string | null {
  let m = /^uni((?:[0-9A-F]{4})+)$/.exec(name);
  if (m) {
    let out = '';
    for (let i = 0; i < m[1].length; i += 4) {
      const code = Number.parseInt(m[1].slice(i, i + 4), 16);
      if (code >= 0xd800 && code <= 0xdfff) return null;
      out += String.fromCharCode(code);
    }
    return out;
  }
  m = /^u([0-9A-F]{4,6})$/.exec(name);
  if (!m) return null;
  const code = Number.parseInt(m[1], 16);
  return code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : null;
}

/**
 * What pdf.js gets wrong in a simple font without a Unicode map of its own: a glyph named with a suffix ("uni0E48.low",
 * a Thai tone mark set low; "two.oldstyle", "D.c2sc", "uni1FF6.alt") or as a ligature of names ("t_t") is not looked up
 * (the Adobe Glyph List's rule is to drop the suffix and read each part), and pdf.js gives the character whose number
 * is the glyph's code in the font: "è" for a Thai tone mark at 0xE8, "2" for an old-style zero at 0x32, a control
 * character (then dropped) for a ligature at 0x1D. Returned: each such character and the text the glyph stands for,
 * read from its name (a Unicode value, a letter, a written digit, or a name the font maps elsewhere), when nothing
 * else in the font gives that character. `toUnicode` is what pdf.js maps each code to.
 */
export function glyphRepairs(differences: readonly (string | undefined)[], toUnicode: readonly unknown[]): Map<string, string> | null {
  const given = new Set<string>();
  const named = new Map<string, string>();
  differences.forEach((name, code) => {
    const text = toUnicode[code];
    if (typeof text !== 'string' || !text) return;
    given.add(text);
    if (name) named.set(name, text);
  });
  let repairs: Map<string, string> | null = null;
  differences.forEach((name, code) => {
    if (!name || toUnicode[code] !== undefined || code > 0xff) return;
    const dot = name.indexOf('.');
    if (dot === 0 || (dot < 0 && !name.includes('_'))) return;
    const parts = (dot > 0 ? name.slice(0, dot) : name).split('_');
    let text = '';
    for (const part of parts) {
      const read =
        unicodeName(part) ??
        (/^[A-Za-z]$/.test(part) ? part : null) ??
        (DIGIT_NAMES.includes(part) ? String(DIGIT_NAMES.indexOf(part)) : null) ??
        named.get(part) ??
        null;
      if (read === null) return;
      text += read;
    }
    const shown = String.fromCharCode(code);
    if (text === shown || given.has(shown)) return;
    (repairs ??= new Map()).set(shown, text);
  });
  return repairs;
}

/** A run's text with the characters pdf.js gave for glyphs it could not name put right (`glyphRepairs`). */
export function repairGlyphs(text: string, repairs: Map<string, string>): string {
  let out = '';
  for (const c of text) out += repairs.get(c) ?? c;
  return out;
}

// Weight words in PostScript names, including TeX's abbreviations (CMBX = bold extended, NimbusRomNo9L-Medi) and the
// suffixes of publishers' renamed faces ("AdvOTc022ae45.B", ".I", ".BI" in Wiley's and Elsevier's typesetting).
const BOLD = /bold|black|heavy|semibold|demibold|demi\b|-medi\b|medium|-bd\b|\bbd\b|cmbx|cmb\d|extrabold|ultrabold|,bold|\.bi?$/i;
const ITALIC = /italic|oblique|-ital|ital\b|-it\b|cmti|cmsl|slanted|inclined|kursiv|\.b?i$/i;
// Not Monotype Corsiva, Garamond...; programmers' faces named without "Mono" (Fira Code, Source Code Pro, Cascadia
// Code, Menlo, Monaco, Iosevka but its quasi-proportional Aile and Etoile, Cousine) are fixed-pitch too, their ligatures ("===") breaking the pitch test.
const MONO =
  /mono(?!type)|courier|consol|inconsolata|cmtt|fixed|typewriter|fira[ _-]?code|source[ _-]?code|cascadia|menlo|monaco|iosevka(?!aile|etoile)|cousine/i;

export function fontFacts(rawName: string): FontFacts {
  const name = rawName.replace(/^[A-Z]{6}\+/, '');
  return { name, bold: BOLD.test(name), italic: ITALIC.test(name), monospace: MONO.test(name) };
}
