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
