/**
 * Cleaning a scanned page for recognition, on plain grey pixel arrays (no canvas, no I/O): the skew of its text
 * lines, the paper flattened to white under photocopy grey and uneven light, the scanner's dark borders and
 * shadows cut away, and isolated specks removed. Real scans are never straight or clean; tesseract reads
 * level, black-on-white text best, and every speck it is shown costs it time and comes back as junk.
 */

/** 8-bit grey pixels, row-major, 0 black. */
export interface Grey {
  width: number;
  height: number;
  data: Uint8Array;
}

/** Grey from RGBA (canvas image data): the mean of the three channels. */
export function greyFromRgba(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): Grey {
  const data = new Uint8Array(width * height);
  for (let i = 0, j = 0; i < data.length; i++, j += 4) data[i] = (rgba[j] + rgba[j + 1] + rgba[j + 2]) / 3;
  return { width, height, data };
}

/** RGBA (opaque) from grey, for a canvas. */
export function rgbaFromGrey(g: Grey): Uint8ClampedArray {
  const out = new Uint8ClampedArray(g.width * g.height * 4);
  for (let i = 0, j = 0; i < g.data.length; i++, j += 4) {
    out[j] = out[j + 1] = out[j + 2] = g.data[i];
    out[j + 3] = 255;
  }
  return out;
}

/** Otsu's threshold: the grey level that best parts the histogram in two classes. */
export function otsu(g: Grey): number {
  const hist = new Float64Array(256);
  for (const v of g.data) hist[v]++;
  const total = g.data.length;
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * hist[i];
  let sumB = 0;
  let wB = 0;
  let best = 0;
  let at = 127;
  for (let t = 0; t < 256; t++) {
    wB += hist[t];
    if (wB === 0) continue;
    const wF = total - wB;
    if (wF === 0) break;
    sumB += t * hist[t];
    const mB = sumB / wB;
    const mF = (sum - sumB) / wF;
    const between = wB * wF * (mB - mF) * (mB - mF);
    if (between > best) {
      best = between;
      at = t;
    }
  }
  return at;
}

/** Shrink by an integer factor, averaging each block. */
function shrink(g: Grey, factor: number): Grey {
  const f = Math.max(1, Math.floor(factor));
  if (f === 1) return g;
  const width = Math.floor(g.width / f);
  const height = Math.floor(g.height / f);
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let s = 0;
      for (let dy = 0; dy < f; dy++) {
        const row = (y * f + dy) * g.width + x * f;
        for (let dx = 0; dx < f; dx++) s += g.data[row + dx];
      }
      data[y * width + x] = s / (f * f);
    }
  }
  return { width, height, data };
}

/** Skew is searched over this many degrees either way. */
const MAX_SKEW = 5;
/** The ink is sampled on an image at most this many pixels on its long side (enough to resolve lines' slopes). */
const SKEW_SAMPLE = 1400;
/** The page is projected in this many vertical strips. */
const SKEW_STRIPS = 4;
/** At most this many ink pixels are projected per angle. */
const SKEW_POINTS = 120_000;

export interface Skew {
  /** Degrees the text lines run clockwise from level (turn the image this much counter-clockwise to level it). */
  angle: number;
  /** How sharply the best angle stands out: the profile's energy at it over the lowest one searched (1 = no lines). */
  strength: number;
}

/**
 * The skew of a page's text lines, by projection profiles: projected along the lines' own slope, the ink falls into
 * narrow bands with blank between them, and the profile's energy (sum of squared counts) peaks. Searched coarse to
 * fine over ±MAX_SKEW; columns with different baselines still share the slope, so they still agree.
 */
export function estimateSkew(g: Grey): Skew {
  const small = shrink(g, Math.max(g.width, g.height) / SKEW_SAMPLE);
  const t = otsu(small);
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < small.height; y++) {
    for (let x = 0; x < small.width; x++) {
      if (small.data[y * small.width + x] < t) {
        xs.push(x - small.width / 2);
        ys.push(y);
      }
    }
  }
  if (xs.length < 50) return { angle: 0, strength: 1 };
  const step = Math.max(1, Math.ceil(xs.length / SKEW_POINTS));
  // Each vertical strip is projected on its own: two columns on baselines of their own would otherwise pull the
  // estimate to the slope that lines one column's lines up with the other's.
  const strip = Math.max(1, Math.ceil(small.width / SKEW_STRIPS));
  const span = small.height + small.width;
  const bins = new Float64Array(span * SKEW_STRIPS);
  const offset = small.width / 2;
  const energy = (deg: number) => {
    const tan = Math.tan((deg * Math.PI) / 180);
    bins.fill(0);
    for (let i = 0; i < xs.length; i += step) {
      // Clockwise-running lines go down to the right: y - x·tan is constant along them.
      const b = Math.round(ys[i] - xs[i] * tan + offset);
      if (b >= 0 && b < span) bins[Math.floor((xs[i] + offset) / strip) * span + b]++;
    }
    let e = 0;
    for (const c of bins) e += c * c;
    return e;
  };
  let best = 0;
  let bestE = -1;
  let floor = Infinity;
  const scan = (from: number, to: number, by: number) => {
    for (let a = from; a <= to + 1e-9; a += by) {
      const e = energy(a);
      floor = Math.min(floor, e);
      if (e > bestE) {
        bestE = e;
        best = a;
      }
    }
  };
  scan(-MAX_SKEW, MAX_SKEW, 0.25);
  const coarse = best;
  scan(coarse - 0.25, coarse + 0.25, 0.025);
  // `floor`: the energy at the angle of the search that lines the ink up worst.
  return { angle: Math.round(best * 1000) / 1000, strength: floor > 0 ? bestE / floor : 1 };
}

/** A block whose brightest value is below this share of its neighbours' is all ink (see `flatten`). */
const FILLED_BLOCK = 0.8;

/** The paper's brightness per block of `block` pixels (see `flatten`): `bw` × `bh` values. */
function paperMap(g: Grey, block: number): { paper: Float64Array; b: number; bw: number; bh: number } {
  const b = Math.max(4, Math.round(block));
  const bw = Math.ceil(g.width / b);
  const bh = Math.ceil(g.height / b);
  const peak = new Float64Array(bw * bh);
  for (let y = 0; y < g.height; y++) {
    const row = Math.floor(y / b) * bw;
    for (let x = 0; x < g.width; x++) {
      const v = g.data[y * g.width + x];
      const k = row + Math.floor(x / b);
      if (v > peak[k]) peak[k] = v;
    }
  }
  const paper = new Float64Array(bw * bh);
  for (let y = 0; y < bh; y++) {
    for (let x = 0; x < bw; x++) {
      let m = 0;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const yy = y + dy;
          const xx = x + dx;
          if (yy >= 0 && xx >= 0 && yy < bh && xx < bw) m = Math.max(m, peak[yy * bw + xx]);
        }
      }
      // A block's own brightest value, unless it is far darker than its neighbours' (a block all ink).
      const own = peak[y * bw + x];
      paper[y * bw + x] = Math.max(1, own >= FILLED_BLOCK * m ? own : m);
    }
  }
  return { paper, b, bw, bh };
}

/** The darker blocks of `paperUnevenness`: this share of them (a binding shadow is a narrow band down one side). */
const UNEVEN_SHARE = 0.03;

/**
 * How uneven the paper is: how far below the median block its darker blocks' paper lies (the UNEVEN_SHARE
 * percentile), as a share of the median. Flat paper is near 0 however grey; a binding shadow, a phone's falling light or a dark
 * border are not.
 */
export function paperUnevenness(g: Grey, block: number): number {
  const { paper } = paperMap(g, block);
  const sorted = Float64Array.from(paper).sort();
  const median = sorted[sorted.length >> 1];
  const low = sorted[Math.floor(sorted.length * UNEVEN_SHARE)];
  return median > 0 ? (median - low) / median : 0;
}

/**
 * Flatten the paper: each pixel divided by the paper's brightness around it, so grey paper, a copier's binding shadow
 * or a phone's uneven light all become white while the ink keeps its contrast and its anti-aliased edges (a hard
 * threshold would thicken or break strokes; tesseract reads grey edges better). The paper's brightness is the
 * brightest value in each block of `block` pixels (blocks are about a line high, so every one holds some paper),
 * or, in a block far darker than its neighbours (filled by a bold heading or a photo), the brightest of theirs;
 * interpolated between block centres.
 */
export function flatten(g: Grey, block: number): Grey {
  const { paper, b, bw, bh } = paperMap(g, block);
  const out = new Uint8Array(g.data.length);
  for (let y = 0; y < g.height; y++) {
    const fy = Math.min(bh - 1, Math.max(0, (y + 0.5) / b - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(bh - 1, y0 + 1);
    const ty = fy - y0;
    for (let x = 0; x < g.width; x++) {
      const fx = Math.min(bw - 1, Math.max(0, (x + 0.5) / b - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(bw - 1, x0 + 1);
      const tx = fx - x0;
      const top = paper[y0 * bw + x0] * (1 - tx) + paper[y0 * bw + x1] * tx;
      const bottom = paper[y1 * bw + x0] * (1 - tx) + paper[y1 * bw + x1] * tx;
      const bg = top * (1 - ty) + bottom * ty;
      out[y * g.width + x] = Math.min(255, Math.round((g.data[y * g.width + x] * 255) / bg));
    }
  }
  return { width: g.width, height: g.height, data: out };
}

/** Ink (0) where the grey is at or below `threshold`, paper (255) elsewhere. */
export function threshold(g: Grey, t: number): Grey {
  return { width: g.width, height: g.height, data: g.data.map((v) => (v <= t ? 0 : 255)) };
}

export interface Component {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  area: number;
}

/** Connected components (8-connected) of ink (0) in a binary image, with a label image (0 = paper). */
export function components(bin: Grey): { list: Component[]; labels: Int32Array } {
  const { width: w, height: h, data } = bin;
  const labels = new Int32Array(w * h);
  const list: Component[] = [];
  const stack: number[] = [];
  for (let start = 0; start < data.length; start++) {
    if (data[start] !== 0 || labels[start] !== 0) continue;
    const id = list.length + 1;
    const c: Component = { x0: w, y0: h, x1: -1, y1: -1, area: 0 };
    labels[start] = id;
    stack.push(start);
    while (stack.length) {
      const p = stack.pop()!;
      const x = p % w;
      const y = (p - x) / w;
      c.area++;
      if (x < c.x0) c.x0 = x;
      if (x > c.x1) c.x1 = x;
      if (y < c.y0) c.y0 = y;
      if (y > c.y1) c.y1 = y;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= h) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= w) continue;
          const q = yy * w + xx;
          if (data[q] === 0 && labels[q] === 0) {
            labels[q] = id;
            stack.push(q);
          }
        }
      }
    }
    list.push(c);
  }
  return { list, labels };
}

export interface Cleaning {
  /** Ink components touching the image's edge and reaching this far along it: a scanner's border or shadow. */
  borderReach: number;
  /** Components of at most this many pixels are specks... */
  speckArea: number;
  /** ...when no other ink lies within about this many pixels of them (a full stop or an i's dot sits by its letters). */
  speckIsolation: number;
}

/**
 * Cut a binary page's borders and specks: components that touch the image's edge and run a long way along it
 * (the dark frame of a scan, a copier's binding shadow, which text never does), and small components with no ink
 * near them. Returns the pixels to paint over with paper, the components that stay, and how many were cut.
 */
export function clean(
  bin: Grey,
  c: Cleaning,
  found: { list: Component[]; labels: Int32Array } = components(bin),
): { removed: Uint8Array; kept: Component[]; specks: number; borders: number } {
  const { list, labels } = found;
  const w = bin.width;
  const h = bin.height;
  const drop = new Uint8Array(list.length + 1);
  let borders = 0;
  for (let i = 0; i < list.length; i++) {
    const k = list[i];
    const touches = k.x0 === 0 || k.y0 === 0 || k.x1 === w - 1 || k.y1 === h - 1;
    if (touches && Math.max(k.x1 - k.x0, k.y1 - k.y0) >= c.borderReach) {
      drop[i + 1] = 1;
      borders++;
    }
  }
  // How many components touch each cell of a grid, for the isolation test. Any ink counts as company, specks too:
  // faint text that noise and thresholding broke into crumbs has no large component near, but has its crumbs.
  const cell = Math.max(1, c.speckIsolation);
  const gw = Math.ceil(w / cell);
  const gh = Math.ceil(h / cell);
  const count = new Uint16Array(gw * gh);
  for (let i = 0; i < list.length; i++) {
    const k = list[i];
    if (drop[i + 1]) continue;
    for (let gy = Math.floor(k.y0 / cell); gy <= Math.floor(k.y1 / cell); gy++) {
      for (let gx = Math.floor(k.x0 / cell); gx <= Math.floor(k.x1 / cell); gx++) count[gy * gw + gx] = Math.min(65535, count[gy * gw + gx] + 1);
    }
  }
  let specks = 0;
  for (let i = 0; i < list.length; i++) {
    const k = list[i];
    if (drop[i + 1] || k.area > c.speckArea) continue;
    // A speck spans one cell or two; alone means no other component in the cells around it.
    const gx0 = Math.floor(k.x0 / cell);
    const gx1 = Math.floor(k.x1 / cell);
    const gy0 = Math.floor(k.y0 / cell);
    const gy1 = Math.floor(k.y1 / cell);
    let others = -(gx1 - gx0 + 1) * (gy1 - gy0 + 1);
    for (let y = gy0 - 1; y <= gy1 + 1; y++) {
      for (let x = gx0 - 1; x <= gx1 + 1; x++) if (x >= 0 && y >= 0 && x < gw && y < gh) others += count[y * gw + x];
    }
    if (others <= 0) {
      drop[i + 1] = 1;
      specks++;
    }
  }
  const removed = new Uint8Array(bin.data.length);
  for (let p = 0; p < removed.length; p++) if (labels[p] && drop[labels[p]]) removed[p] = 1;
  return { removed, kept: list.filter((_, i) => !drop[i + 1]), specks, borders };
}

/**
 * The pitch of the text lines in pixels, from the level image's row profile: the most common distance between the
 * starts of consecutive inked bands. Null when there are too few lines to say.
 */
export function linePitch(bin: Grey): number | null {
  // The central part of the width only: a scanner's frame or a binding shadow down a side would ink every row.
  const x0 = Math.floor(0.1 * bin.width);
  const x1 = Math.ceil(0.9 * bin.width);
  const rows = new Float64Array(bin.height);
  for (let y = 0; y < bin.height; y++) {
    let n = 0;
    for (let x = x0; x < x1; x++) if (bin.data[y * bin.width + x] === 0) n++;
    rows[y] = n;
  }
  const max = Math.max(...rows);
  if (max === 0) return null;
  const starts: number[] = [];
  let inside = false;
  for (let y = 0; y < bin.height; y++) {
    const ink = rows[y] > 0.05 * max;
    if (ink && !inside) starts.push(y);
    inside = ink;
  }
  if (starts.length < 4) return null;
  const steps = starts
    .slice(1)
    .map((s, i) => s - starts[i])
    .sort((a, b) => a - b);
  return steps[steps.length >> 1];
}

/** A component at least this many line pitches wide and high is a picture: no letter is (a drop cap is three). */
const PICTURE_PITCHES = 4;

/**
 * Where a page's pictures are, among its ink components (`components`, after `clean`): those at least
 * PICTURE_PITCHES line pitches wide and high (a drawing's joined strokes, a photo's blob, a chart's axes, a ruled
 * table's grid). Words read inside them may be the picture itself read as text; whether they are is for the caller
 * to judge (a chart's labels and a table's cells are real, and read with confidence).
 */
export function pictureRegions(found: Component[], pitch: number): Component[] {
  const min = PICTURE_PITCHES * pitch;
  return found.filter((k) => k.x1 - k.x0 >= min && k.y1 - k.y0 >= min);
}
