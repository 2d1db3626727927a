/**
 * Cleaning scans for recognition, on synthetic grey images whose truth is known: the skew of tilted text lines, an
 * adaptive threshold that keeps strokes on a copier's uneven grey, borders and specks cut while full stops stay, and
 * which OCR words are junk. Pure functions: no canvas, no OCR engine.
 */
import { describe, expect, it } from 'vitest';
import { clean, components, estimateSkew, flatten, linePitch, otsu, pictureRegions, threshold, type Grey } from '../lib/ocr/image.js';
import { keptWords } from '../lib/ocr/recognize.js';
import { Rng } from '../fixtures/rand.js';

/** A page of "text": rows of dashes (words) tilted clockwise by `deg`, dark on `paper`, with optional noise. */
function page(deg: number, opts: { paper?: number; ink?: number; noise?: number; w?: number; h?: number; columns?: number } = {}): Grey {
  const w = opts.w ?? 1200;
  const h = opts.h ?? 1500;
  const data = new Uint8Array(w * h).fill(opts.paper ?? 255);
  const tan = Math.tan((deg * Math.PI) / 180);
  const rng = new Rng('page');
  const columns = opts.columns ?? 1;
  const colW = (w - 200) / columns;
  for (let c = 0; c < columns; c++) {
    // Columns on baselines of their own: the second starts half a line lower.
    for (let line = 0; line < 40; line++) {
      const y0 = 120 + line * 30 + c * 15;
      let x = 100 + c * colW;
      while (x < 100 + (c + 1) * colW - 40) {
        const word = 20 + Math.floor(rng.next() * 60);
        for (let xx = x; xx < Math.min(x + word, 100 + (c + 1) * colW - 40); xx++) {
          for (let t = 0; t < 12; t++) {
            const y = Math.round(y0 + t + (xx - w / 2) * tan);
            if (y >= 0 && y < h) data[y * w + xx] = opts.ink ?? 0;
          }
        }
        x += word + 10;
      }
    }
  }
  if (opts.noise) for (let i = 0; i < data.length; i++) data[i] = Math.max(0, Math.min(255, data[i] + (rng.next() - 0.5) * 2 * opts.noise));
  return { width: w, height: h, data };
}

const inkIn = (g: Grey, x0: number, y0: number, x1: number, y1: number) => {
  let n = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (g.data[y * g.width + x] === 0) n++;
  return n;
};

describe('skew', () => {
  it.each([0, 0.4, 1.2, -2, 3, -4.5])('finds lines tilted %s° to within 0.1°', (deg) => {
    const s = estimateSkew(page(deg, { columns: 2, noise: 30, paper: 225, ink: 50 }));
    expect(Math.abs(s.angle - deg)).toBeLessThanOrEqual(0.1);
    expect(s.strength).toBeGreaterThan(1.5);
  });

  it('reports no structure on a blank page', () => {
    const blank: Grey = { width: 300, height: 300, data: new Uint8Array(90000).fill(255) };
    expect(estimateSkew(blank)).toEqual({ angle: 0, strength: 1 });
  });
});

describe('flattening the paper', () => {
  it('whitens a copier shadow and keeps the strokes in it, which a global threshold on the grey cannot', () => {
    // Paper darkens from 235 to 110 across the page (a binding shadow); ink is 20 darker than the paper under it.
    const w = 600;
    const h = 200;
    const data = new Uint8Array(w * h);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const paper = 235 - (125 * x) / w;
        const stroke = y >= 90 && y < 96 && x % 40 < 30;
        data[y * w + x] = stroke ? paper - 60 : paper;
      }
    }
    const g: Grey = { width: w, height: h, data };
    const flat = flatten(g, 30);
    const bin = threshold(flat, otsu(flat));
    // Paper stays paper everywhere, even in the shadow; strokes are ink on both sides.
    expect(inkIn(bin, 0, 0, w, 80)).toBe(0);
    expect(inkIn(bin, 0, 110, w, h)).toBe(0);
    expect(inkIn(bin, 10, 90, 30, 96)).toBeGreaterThan(100);
    expect(inkIn(bin, 560, 90, 590, 96)).toBeGreaterThan(100);
    // The paper is white, the ink keeps its contrast.
    expect(Math.min(...flat.data.subarray(20 * w, 21 * w))).toBeGreaterThanOrEqual(235);
    expect(flat.data[93 * w + 575]).toBeLessThan(150);
    // A global threshold on the grey takes the shadowed paper for ink.
    const t = otsu(g);
    let dark = 0;
    for (let x = 500; x < w; x++) if (g.data[20 * w + x] < t) dark++;
    expect(dark).toBeGreaterThan(50);
  });
});

describe('cleaning', () => {
  it('cuts a scanner border and isolated specks, and keeps a full stop beside its word', () => {
    const w = 400;
    const h = 300;
    const data = new Uint8Array(w * h).fill(255);
    const box = (x0: number, y0: number, x1: number, y1: number) => {
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) data[y * w + x] = 0;
    };
    box(0, 0, 12, h); // the dark frame down the left edge
    box(100, 100, 160, 112); // a word
    box(163, 108, 166, 111); // its full stop, 3 px away
    box(300, 200, 302, 202); // a speck in the open
    box(250, 40, 253, 42); // another
    const r = clean({ width: w, height: h, data }, { borderReach: 60, speckArea: 12, speckIsolation: 8 });
    // The page with what was cut painted over with paper.
    const cleaned: Grey = { width: w, height: h, data: data.map((v, i) => (r.removed[i] ? 255 : v)) };
    expect(r.borders).toBe(1);
    expect(r.specks).toBe(2);
    expect(inkIn(cleaned, 0, 0, 12, h)).toBe(0);
    expect(inkIn(cleaned, 100, 100, 160, 112)).toBe(60 * 12);
    expect(inkIn(cleaned, 163, 108, 166, 111)).toBe(9);
    expect(inkIn(cleaned, 290, 190, 310, 210)).toBe(0);
  });

  it("finds a drawing's joined strokes as a picture, and no letter or line of text", () => {
    const w = 600;
    const h = 400;
    const data = new Uint8Array(w * h).fill(255);
    const put = (x: number, y: number) => (data[y * w + x] = 0);
    // A drawing: a frame 200 × 200 with a diagonal stroke, all one component.
    for (let x = 50; x <= 250; x++) {
      put(x, 100);
      put(x, 300);
    }
    for (let y = 100; y <= 300; y++) {
      put(50, y);
      put(250, y);
      put(50 + (y - 100), y);
    }
    // Letters: blobs 20 × 28 in a row (a line pitch of 40).
    for (let k = 0; k < 8; k++) for (let y = 340; y < 368; y++) for (let x = 300 + k * 30; x < 320 + k * 30; x++) put(x, y);
    const found = pictureRegions(components({ width: w, height: h, data }).list, 40);
    expect(found.map((p) => [p.x0, p.y0, p.x1, p.y1])).toEqual([[50, 100, 250, 300]]);
  });

  it('measures the pitch of text lines', () => {
    expect(linePitch(threshold(page(0), 128))).toBe(30);
  });
});

describe('junk words', () => {
  const line = (spec: [string, number][], gapAt = -1) => {
    let x = 0;
    return spec.map(([text, confidence], i) => {
      if (i === gapAt) x += 200;
      const w = { text, confidence, x0: x, x1: x + 10 * text.length };
      x = w.x1 + 8;
      return w;
    });
  };
  const kept = (words: ReturnType<typeof line>) =>
    keptWords(words, 30)
      .map((i) => words[i].text)
      .join(' ');

  it("drops a drawing's strokes read at the start of a line and keeps the text after them", () => {
    const words = line([
      ['es', 25],
      ['in', 39],
      ['oy', 28],
      ['9', 0],
      ['Miss', 95],
      ["Watson's", 0],
      ['big', 91],
      ['servant', 90],
    ]);
    expect(kept(words)).toBe("Miss Watson's big servant");
  });

  it('drops a piece across a wide gap that is all fragments read unsure', () => {
    const words = line(
      [
        ['Sl', 30],
        [':', 20],
        ['E', 25],
        [';', 10],
        ['The', 96],
        ['harbour', 95],
        ['was', 93],
      ],
      4,
    );
    expect(kept(words)).toBe('The harbour was');
  });

  it("drops a drawing's fragments read fairly sure, alone or run into a line, and keeps sure short words", () => {
    expect(kept(line([['iy', 63]]))).toBe('');
    expect(
      kept(
        line([
          ['7', 54],
          ['6,', 17],
          ['gi:', 7],
          ['i', 11],
          ['come', 95],
          ['tip-toeing', 94],
          ['down', 95],
        ]),
      ),
    ).toBe('come tip-toeing down');
    expect(
      kept(
        line([
          ['I', 93],
          ['am', 95],
        ]),
      ),
    ).toBe('I am');
    expect(
      kept(
        line([
          ['Oh', 88],
          ['it', 90],
          ['is', 91],
        ]),
      ),
    ).toBe('Oh it is');
  });

  it('keeps a doubtful word between sure ones, and a sure dash, but not an unsure mark', () => {
    const words = line([
      ['The', 96],
      ['quay', 20],
      ['—', 91],
      ['a', 90],
      ['|', 40],
      ['wall', 95],
    ]);
    expect(kept(words)).toBe('The quay — a wall');
  });
});
