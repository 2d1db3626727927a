import { describe, expect, it } from 'vitest';
import { type PDFDict, PDFDocument, PDFName, PDFArray, StandardFonts } from 'pdf-lib';
import { pdfjs } from '../lib/pdf/pdfjs.js';
import { documentParams } from '../lib/pdf/open.js';
import { redraw, tokenize } from '../scripts/corpus/redraw.js';

const W = 612;
const H = 792;
const LINES = 12;

/** Two columns, drawn one column after the other, with a stand-in structure tree. */
async function twoColumns(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([W, H]);
  for (const [column, x] of [
    ['left', 72],
    ['right', 330],
  ] as const) {
    for (let k = 0; k < LINES; k++) page.drawText(`${column} line ${k + 1} words here`, { x, y: 700 - 14 * k, size: 11, font });
  }
  page.drawText('Page footer', { x: 280, y: 40, size: 9, font });
  const root = doc.context.obj({ Type: 'StructTreeRoot' });
  doc.catalog.set(PDFName.of('StructTreeRoot'), doc.context.register(root));
  doc.catalog.set(PDFName.of('MarkInfo'), doc.context.obj({ Marked: true }));
  page.node.set(PDFName.of('StructParents'), doc.context.obj(0));
  return doc.save();
}

interface Item {
  str: string;
  x: number;
  y: number;
}

async function items(bytes: Uint8Array): Promise<Item[]> {
  const doc = await pdfjs.getDocument(documentParams(bytes, null, false)).promise;
  const page = await doc.getPage(1);
  const out: Item[] = [];
  for (const item of (await page.getTextContent()).items) {
    if (!('str' in item) || item.str.trim() === '') continue;
    out.push({ str: item.str, x: item.transform[4], y: item.transform[5] });
  }
  await doc.destroy();
  return out;
}

const strings = (list: Item[]) => list.map((i) => i.str).sort();
const positions = (list: Item[]) => list.map((i) => `${i.x.toFixed(3)},${i.y.toFixed(3)}`).sort();

describe('redraw', async () => {
  const original = await twoColumns();
  const before = await items(original);

  it('the fixture draws one column after the other', () => {
    expect(
      before
        .map((i) => i.str.split(' ')[0])
        .slice(0, LINES)
        .every((w) => w === 'left'),
    ).toBe(true);
  });

  for (const mode of ['rows', 'rand'] as const) {
    describe(mode, async () => {
      const bytes = await redraw(original, mode, 'test-seed');
      const after = await items(bytes);

      it('keeps every text item and its position', () => {
        expect(strings(after)).toEqual(strings(before));
        expect(positions(after)).toEqual(positions(before));
      });

      it('changes the drawing order', () => {
        expect(after.map((i) => i.str)).not.toEqual(before.map((i) => i.str));
        if (mode === 'rows') {
          const body = after.filter((i) => i.str !== 'Page footer');
          for (let k = 0; k < body.length; k++) {
            expect(body[k].str.startsWith(k % 2 === 0 ? 'left' : 'right')).toBe(true);
            expect(body[k].str.includes(`line ${Math.floor(k / 2) + 1} `)).toBe(true);
          }
          expect(after[after.length - 1].str).toBe('Page footer');
        }
      });

      it('removes the tag structure', async () => {
        const doc = await PDFDocument.load(bytes);
        expect(doc.catalog.get(PDFName.of('StructTreeRoot'))).toBeUndefined();
        expect(doc.catalog.get(PDFName.of('MarkInfo'))).toBeUndefined();
        expect(doc.getPages()[0].node.get(PDFName.of('StructParents'))).toBeUndefined();
      });

      it('is deterministic for a seed', async () => {
        expect(Buffer.from(await redraw(original, mode, 'test-seed')).equals(Buffer.from(bytes))).toBe(true);
      });
    });
  }

  it('rand orders differ between seeds', async () => {
    const a = await items(await redraw(original, 'rand', 'one'));
    const b = await items(await redraw(original, 'rand', 'two'));
    expect(a.map((i) => i.str)).not.toEqual(b.map((i) => i.str));
  });
});

describe('content streams', () => {
  it('tokenizes strings with escapes and nested parentheses, hex strings, arrays, dicts, comments, inline images', () => {
    const ops = tokenize(
      '% a comment\nBT /F1 12 Tf (a \\) b (c) d) Tj [(x) -20 <4142>] TJ ET /P <</MCID 3 /A [1 2]>> BDC EMC\n' +
        'BI /W 2 /H 1 /BPC 8 /CS /G ID \x00EI\xff\nEI Q',
    );
    expect(ops.map((o) => o.op)).toEqual(['BT', 'Tf', 'Tj', 'TJ', 'ET', 'BDC', 'EMC', 'BI', 'Q']);
    expect(ops[2].args[0].raw).toBe('(a \\) b (c) d)');
    expect(ops[3].args[0].raw).toBe('[(x) -20 <4142>]');
    expect(ops[5].args[1].raw).toBe('<</MCID 3 /A [1 2]>>');
  });

  it('moves text out of marked content, keeps paths and inline images in place', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([300, 200]);
    page.drawText('x', { x: 10, y: 10, size: 10, font });
    const fonts = (page.node.Resources()!.lookup(PDFName.of('Font')) as PDFDict).keys();
    const name = fonts[0].asString();
    const content =
      `q 0 0 1 rg 10 10 100 50 re f Q\n` +
      `/P <</MCID 0>> BDC BT ${name} 10 Tf 1 0 0 1 20 150 Tm (first \\(one\\)) Tj 0 -20 Td (second) Tj ET EMC\n` +
      `q 20 0 0 10 150 100 cm BI /W 2 /H 1 /BPC 8 /CS /G ID \x80\x40\nEI Q\n` +
      `BT ${name} 10 Tf 14 TL 150 150 Td (third) Tj (fourth) ' ET\n`;
    page.node.set(PDFName.of('Contents'), doc.context.register(doc.context.flateStream(Buffer.from(content, 'latin1'))));
    const original = await doc.save();
    const before = await items(original);
    const out = await redraw(original, 'rows', 's');
    const after = await items(out);
    expect(strings(after)).toEqual(strings(before));
    expect(positions(after)).toEqual(positions(before));
    expect(after.map((i) => i.str)).toEqual(['first (one)', 'third', 'fourth', 'second']); // fourth: 150 - 14 = 136, above second at 130
    const redrawn = await PDFDocument.load(out);
    const contents = redrawn.getPages()[0].node.get(PDFName.of('Contents'));
    expect(contents instanceof PDFArray).toBe(false);
  });
});
