/**
 * A filled form's entries are drawn by its fields' appearances, not by the page's content: readflow reads them where
 * the page shows them, beside their labels, with a diagnostic; hidden fields and check boxes give no text.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { extractDocument } from '../lib/extract.js';
import { censusGaps, textLayerCensus } from './support/census.js';

async function filledForm(appearances: boolean): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  page.drawText('Application for a reader card', { x: 72, y: 720, size: 16, font });
  page.drawText('Full name:', { x: 72, y: 660, size: 10, font });
  page.drawText('Address:', { x: 72, y: 620, size: 10, font });
  page.drawText('Sign below only after reading the conditions printed overleaf.', { x: 72, y: 520, size: 10, font });
  const form = pdf.getForm();
  const name = form.createTextField('name');
  name.setText('Ada Lovelace');
  name.addToPage(page, { x: 140, y: 654, width: 250, height: 18, font, borderWidth: 0 });
  name.setFontSize(10);
  const address = form.createTextField('address');
  address.enableMultiline();
  address.setText('12 St James Square\nLondon');
  address.addToPage(page, { x: 140, y: 580, width: 250, height: 52, font, borderWidth: 0 });
  address.setFontSize(10);
  const secret = form.createTextField('secret');
  secret.setText('Hidden remark');
  secret.addToPage(page, { x: 400, y: 654, width: 150, height: 18, font, borderWidth: 0, hidden: true });
  const agree = form.createCheckBox('agree');
  agree.check();
  agree.addToPage(page, { x: 72, y: 490, width: 12, height: 12 });
  return pdf.save({ updateFieldAppearances: appearances });
}

describe('form fields', () => {
  it.each([
    ['drawn by their appearances', true],
    ['without appearances (values only)', false],
  ])('a filled form is read with its entries beside their labels: %s', async (_label, appearances) => {
    const bytes = await filledForm(appearances as boolean);
    const doc = await extractDocument(bytes, { ocr: 'off' });
    expect(doc.text).toContain('Full name: Ada Lovelace');
    expect(doc.text).toMatch(/Address:\s+12 St James Square\s+London/);
    expect(doc.text.indexOf('Ada Lovelace')).toBeLessThan(doc.text.indexOf('Sign below'));
    expect(doc.text).not.toContain('Hidden remark');
    const d = doc.diagnostics.find((x) => x.code === 'form-field-text');
    expect(d?.detail).toEqual({ lines: 3 });
    // The census counts the fields' text as part of what the page shows: nothing lost, nothing added.
    expect(censusGaps(await textLayerCensus(bytes), doc)).toEqual([]);
  });

  it('a form without entries has no such diagnostic', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const page = pdf.addPage([612, 792]);
    page.drawText('Full name:', { x: 72, y: 660, size: 10, font });
    pdf.getForm().createTextField('name').addToPage(page, { x: 140, y: 654, width: 250, height: 18, font });
    const doc = await extractDocument(await pdf.save(), { ocr: 'off' });
    expect(doc.text.trim()).toBe('Full name:');
    expect(doc.diagnostics.some((x) => x.code === 'form-field-text')).toBe(false);
  });
});
