/**
 * What a page draws besides text, from its operator list: how much of the page images cover, and how much of its
 * text is drawn invisibly (render mode 3). Only asked for pages whose text layer is sparse.
 */
import { pdfjs } from '../pdf/pdfjs.js';
import type { PdfPage } from '../pdf/open.js';
import { IDENTITY, multiply as mul, type Matrix } from '../pdf/matrix.js';

export interface PageGraphics {
  /** Share of the page covered by images (0..1). */
  imageCoverage: number;
  /** Share of text-showing operators drawn in render mode 3 (invisible). */
  invisibleTextShare: number;
}

/** Coverage is measured on a grid of this many cells a side: overlapping images are counted once. */
const GRID = 32;

export async function pageGraphics(page: PdfPage): Promise<PageGraphics> {
  const ops = await page.getOperatorList();
  const OPS = pdfjs.OPS;
  const viewport = page.getViewport({ scale: 1 });
  const vt = viewport.transform as Matrix;
  const covered = new Uint8Array(GRID * GRID);
  let ctm: Matrix = IDENTITY;
  const stack: Matrix[] = [];
  let mode = 0;
  const modes: number[] = [];
  let shown = 0;
  let invisible = 0;
  const paintUnitSquare = () => {
    const m = mul(vt, ctm);
    const xs: number[] = [];
    const ys: number[] = [];
    for (const [u, v] of [
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
    ]) {
      xs.push(m[0] * u + m[2] * v + m[4]);
      ys.push(m[1] * u + m[3] * v + m[5]);
    }
    const cell = (v: number, size: number) => Math.max(0, Math.min(GRID, Math.round((v / size) * GRID)));
    const c0 = cell(Math.min(...xs), viewport.width);
    const c1 = cell(Math.max(...xs), viewport.width);
    const r0 = cell(Math.min(...ys), viewport.height);
    const r1 = cell(Math.max(...ys), viewport.height);
    for (let r = r0; r < r1; r++) for (let c = c0; c < c1; c++) covered[r * GRID + c] = 1;
  };
  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i];
    const args = ops.argsArray[i] as unknown[];
    switch (fn) {
      case OPS.save:
        stack.push(ctm);
        modes.push(mode);
        break;
      case OPS.restore:
        ctm = stack.pop() ?? IDENTITY;
        mode = modes.pop() ?? 0;
        break;
      case OPS.transform:
        ctm = mul(ctm, args as Matrix);
        break;
      case OPS.paintFormXObjectBegin:
        stack.push(ctm);
        // pdf.js hands the form's /Matrix over as a Float32Array.
        if (args[0]) ctm = mul(ctm, Array.from(args[0] as ArrayLike<number>) as Matrix);
        break;
      case OPS.paintFormXObjectEnd:
        ctm = stack.pop() ?? IDENTITY;
        break;
      case OPS.setTextRenderingMode:
        mode = Number(args[0]);
        break;
      case OPS.showText:
      case OPS.showSpacedText:
      case OPS.nextLineShowText:
      case OPS.nextLineSetSpacingShowText:
        shown++;
        if (mode === 3 || mode === 7) invisible++;
        break;
      case OPS.paintImageXObject:
      case OPS.paintInlineImageXObject:
      case OPS.paintImageMaskXObject:
      case OPS.paintImageXObjectRepeat:
      case OPS.paintInlineImageXObjectGroup:
      case OPS.paintImageMaskXObjectGroup:
      case OPS.paintSolidColorImageMask:
        paintUnitSquare();
        break;
    }
  }
  let n = 0;
  for (const v of covered) n += v;
  return { imageCoverage: n / (GRID * GRID), invisibleTextShare: shown ? invisible / shown : 0 };
}
