/**
 * Degraded scans (fixtures/degrade.ts): deterministic, image only, tilted as declared, labelled like their source.
 * Light on purpose (no OCR): a few presets at their own dpi, measured on 72 dpi renders. Set READFLOW_DEGRADED_ALL=1
 * to check every preset (about 10 s more).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { DEGRADED_SCANS, degradedScanAsync, degradedScanFixturesAsync, measureTilt } from '../fixtures/degrade.js';
import { fixture, labelsIn, type Fixture } from '../fixtures/index.js';
import { renderGrey } from '../fixtures/scans.js';
import { openPdf, type OpenPdf } from '../lib/pdf/open.js';

const LIGHT = ['degraded-phone-one-col', 'degraded-tilt-neg3-one-col', 'degraded-copier-two-col'];
const presets = DEGRADED_SCANS.filter((p) => process.env.READFLOW_DEGRADED_ALL === '1' || LIGHT.includes(p.name));

const opened: OpenPdf[] = [];
async function open(bytes: Uint8Array): Promise<OpenPdf> {
  const pdf = await openPdf(bytes, { maxBytes: Number.POSITIVE_INFINITY, password: null });
  opened.push(pdf);
  return pdf;
}
afterAll(async () => {
  for (const pdf of opened) await pdf.close();
});

async function built(name: string): Promise<Fixture> {
  const [f] = await degradedScanFixturesAsync([name]);
  return f;
}

describe('degraded scans', () => {
  it('builds byte for byte the same twice, and the seed matters', async () => {
    const p = DEGRADED_SCANS.find((x) => x.name === 'degraded-phone-one-col')!;
    const first = await built(p.name);
    const again = await degradedScanAsync(p.name, p.source, p.pages, p.degradation, p.description);
    expect(Buffer.from(again.pdf).equals(Buffer.from(first.pdf))).toBe(true);
    expect(again.description).toBe(first.description);
    // at 60 dpi to keep it cheap: another seed, other noise and specks
    const small = { ...p.degradation, dpi: 60 };
    const [a, b] = await Promise.all([
      degradedScanAsync('a', p.source, p.pages, small),
      degradedScanAsync('a', p.source, p.pages, { ...small, seed: 'another' }),
    ]);
    expect(a.pdf.length).toBeGreaterThan(1000);
    expect(Buffer.from(a.pdf).equals(Buffer.from(b.pdf))).toBe(false);
  });

  it.each(presets.map((p) => [p.name, p] as const))('%s: image only, tilted as declared, the source labels', async (name, p) => {
    const f = await built(name);
    expect(f.drawOrder).toBe('scan');
    expect(f.degradation).toEqual(p.degradation);
    const src = fixture(p.source);
    const pdf = await open(f.pdf);
    const srcPdf = await open(src.pdf);
    expect(pdf.numPages).toBe(p.pages.length);
    const onPages = new Set<string>();
    for (const [i, pageNo] of p.pages.entries()) {
      const page = await pdf.doc.getPage(i + 1);
      // no text at all (the image is there: the tilt below is measured on it)
      expect((await page.getTextContent()).items).toEqual([]);
      // the source page's size, in points
      const srcPage = await srcPdf.doc.getPage(pageNo);
      expect(page.view).toEqual(srcPage.view);
      // the declared tilt, measured on a 72 dpi render
      const tilt = measureTilt(await renderGrey(pdf.doc, i + 1, 72));
      expect(Math.abs(tilt - p.degradation.tilt), `page ${i + 1}: measured ${tilt}, declared ${p.degradation.tilt}`).toBeLessThanOrEqual(0.3);
      for (const item of (await srcPage.getTextContent()).items) if ('str' in item) for (const l of labelsIn(item.str)) onPages.add(l);
    }
    expect(f.flow.length).toBeGreaterThan(0);
    expect(f.flow).toEqual(src.flow.filter((l) => onPages.has(l)));
    expect(f.geometry?.map((g) => [g.width, g.height])).toEqual(p.pages.map((n) => [src.geometry![n - 1].width, src.geometry![n - 1].height]));
  });

  it('measures no tilt on the straight digital page', async () => {
    const pdf = await open(fixture('two-col-gutter-24pt-rows').pdf);
    expect(Math.abs(measureTilt(await renderGrey(pdf.doc, 1, 72)))).toBeLessThanOrEqual(0.1);
  });
});
