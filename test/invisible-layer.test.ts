/**
 * An earlier OCR's invisible text layer (lib/ocr/page.ts) is read as it is, but its stand-in face (Courier,
 * GlyphLessFont) says nothing of the type printed on the image: its words are not fixed-pitch code. Real pages:
 * patent_fujijukogyo_us8427103_front_description_claims and patent_clarios_us11394072_front_description (an OCR
 * layer in Courier, read as listings before).
 */
import { describe, expect, it } from 'vitest';
import { textOrOcr } from '../lib/ocr/page.js';
import { resolveOptions } from '../lib/options.js';
import type { PdfPage } from '../lib/pdf/open.js';
import { run } from './support/runs.js';

describe('an invisible OCR layer', () => {
  const words = [
    run('The disclosure of Japanese Patent Application', 78, 153, 12, { font: 'Courier', mono: true }),
    run('is incorporated herein', 78, 163, 12, { font: 'Courier', mono: true }),
  ];
  // The page is never asked for: the graphics are known and no OCR runs.
  const page = null as unknown as PdfPage;

  it('is read with its words in no fixed-pitch face', async () => {
    const read = await textOrOcr(page, 1, words, 612, 792, resolveOptions({}), { imageCoverage: 1, invisibleTextShare: 1 });
    expect(read.source).toBe('text');
    expect(read.diagnostics.map((d) => d.code)).toEqual(['invisible-text-layer']);
    expect(read.runs.map((r) => r.text)).toEqual(words.map((r) => r.text));
    expect(read.runs.some((r) => r.mono)).toBe(false);
  });

  it('leaves a visible text layer in Courier fixed-pitch (a listing is code)', async () => {
    const read = await textOrOcr(page, 1, words, 612, 792, resolveOptions({}), { imageCoverage: 0, invisibleTextShare: 0 });
    expect(read.runs.every((r) => r.mono)).toBe(true);
  });
});
