/**
 * The PNG container: the signature and the CRC-checked IHDR, PLTE, IDAT and IEND chunks around image data the
 * caller has already filtered and compressed (the debug view's palette pages, the scan fixtures' greyscale pages).
 * Pure bytes, no I/O.
 */

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  let c = 0xffffffff;
  for (let i = 4; i < 8 + data.length; i++) c = CRC_TABLE[(c ^ out[i]) & 0xff] ^ (c >>> 8);
  view.setUint32(8 + data.length, (c ^ 0xffffffff) >>> 0);
  return out;
}

export interface PngImage {
  width: number;
  height: number;
  /** 0 greyscale, 3 palette (8 bits per sample either way). */
  colourType: 0 | 3;
  /** RGB triples, for colour type 3. */
  palette?: Uint8Array;
  /** Filtered scanlines, zlib-compressed. */
  idat: Uint8Array;
}

export function pngFile(img: PngImage): Uint8Array {
  const ihdr = new Uint8Array(13);
  const view = new DataView(ihdr.buffer);
  view.setUint32(0, img.width);
  view.setUint32(4, img.height);
  ihdr.set([8, img.colourType, 0, 0, 0], 8); // 8-bit, deflate, adaptive filtering, no interlace
  const parts = [
    Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a),
    chunk('IHDR', ihdr),
    ...(img.palette ? [chunk('PLTE', img.palette)] : []),
    chunk('IDAT', img.idat),
    chunk('IEND', new Uint8Array(0)),
  ];
  const png = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    png.set(p, at);
    at += p.length;
  }
  return png;
}
