/**
 * What a page draws besides text, from its operator list: how much of the page images cover, and how much of its
 * text is drawn invisibly (render mode 3). Only asked for pages whose text layer is sparse.
 */
import { pdfjs } from '../pdf/pdfjs.js';
import type { PdfPage } from '../pdf/open.js';
import { multiply as mul, type Matrix } from '../pdf/matrix.js';
import { walkOperators } from '../pdf/operators.js';

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
  // The text render mode, saved and restored with the graphics state.
  const state = { mode: 0 };
  let shown = 0;
  let invisible = 0;
  const paintUnitSquare = (ctm: Matrix) => {
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
  walkOperators(ops, state, (fn, args, ctm) => {
    switch (fn) {
      case OPS.setTextRenderingMode:
        state.mode = Number(args[0]);
        break;
      case OPS.showText:
      case OPS.showSpacedText:
      case OPS.nextLineShowText:
      case OPS.nextLineSetSpacingShowText:
        shown++;
        if (state.mode === 3 || state.mode === 7) invisible++;
        break;
      case OPS.paintImageXObject:
      case OPS.paintInlineImageXObject:
      case OPS.paintImageMaskXObject:
      case OPS.paintImageXObjectRepeat:
      case OPS.paintInlineImageXObjectGroup:
      case OPS.paintImageMaskXObjectGroup:
      case OPS.paintSolidColorImageMask:
        paintUnitSquare(ctm);
        break;
    }
    return true;
  });
  let n = 0;
  for (const v of covered) n += v;
  return { imageCoverage: n / (GRID * GRID), invisibleTextShare: shown ? invisible / shown : 0 };
}
