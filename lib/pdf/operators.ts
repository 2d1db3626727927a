/**
 * A walk through a page's operator list that keeps the current transformation matrix: `q`/`Q`, `cm` and form XObjects
 * (each drawn under its /Matrix, which pdf.js 5 hands over as a Float32Array, and inside its own save and restore).
 * The graphics state a caller tracks besides (a colour, a text render mode) is saved and restored with it.
 */
import { pdfjs } from './pdfjs.js';
import { IDENTITY, multiply as mul, type Matrix } from './matrix.js';

export interface OperatorList {
  fnArray: number[];
  argsArray: unknown[];
}

/**
 * Calls `visit` for every operator but those that move the matrix or the state stack, with the matrix in force (user
 * space to the page's, without the viewport). `state` is the caller's own, copied on every save and put back on the
 * restore; `visit` may change its fields. A `visit` that returns false ends the walk.
 */
export function walkOperators<S extends object>(
  ops: OperatorList,
  state: S,
  visit: (fn: number, args: unknown[], ctm: Matrix) => boolean | undefined,
): void {
  const OPS = pdfjs.OPS;
  const initial = { ...state };
  const stack: [Matrix, S][] = [];
  let ctm: Matrix = IDENTITY;
  const restore = () => {
    const [m, s] = stack.pop() ?? [IDENTITY, initial];
    ctm = m;
    Object.assign(state, s);
  };
  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i];
    const args = ops.argsArray[i] as unknown[];
    switch (fn) {
      case OPS.save:
        stack.push([ctm, { ...state }]);
        break;
      case OPS.restore:
      case OPS.paintFormXObjectEnd:
        restore();
        break;
      case OPS.transform:
        ctm = mul(ctm, args as Matrix);
        break;
      case OPS.paintFormXObjectBegin:
        stack.push([ctm, { ...state }]);
        if (args[0]) ctm = mul(ctm, Array.from(args[0] as ArrayLike<number>) as Matrix);
        break;
      default:
        if (visit(fn, args, ctm) === false) return;
    }
  }
}
