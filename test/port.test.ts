/**
 * readflow's worker port (lib/pdf/port.ts): text chunks are shared, everything else is copied as pdf.js' own port
 * copies it, and pdf.js answers every request readflow makes exactly as it does on its own port.
 */
import { describe, expect, it } from 'vitest';
import { fixture } from '../fixtures/index.js';
import { DirectPort, inProcessWorker, isTextChunk } from '../lib/pdf/port.js';
import { pdfjs } from '../lib/pdf/pdfjs.js';
import { documentParams } from '../lib/pdf/open.js';

/** Post one message from a second handle on the port and resolve with what a listener receives. */
function roundTrip(post: (port: DirectPort) => void): Promise<unknown> {
  const port = new DirectPort();
  return new Promise((resolve) => {
    port.addEventListener('message', (e) => resolve(e.data));
    post(port);
  });
}

const textChunk = () => ({
  sourceName: 'd0_worker',
  targetName: 'd0',
  stream: 4,
  streamId: 1,
  chunk: {
    items: [{ str: 'alpha', dir: 'ltr', width: 20, height: 10, transform: [10, 0, 0, 10, 72, 700], fontName: 'g_d0_f1', hasEOL: false }],
    styles: Object.assign(Object.create(null) as object, { g_d0_f1: { fontFamily: 'serif', ascent: 0.8, descent: -0.2, vertical: false } }),
    lang: null,
  },
});

describe('DirectPort', () => {
  it('recognises text-content chunks and nothing else', () => {
    expect(isTextChunk(textChunk())).toBe(true);
    expect(isTextChunk({ ...textChunk(), stream: 6 })).toBe(false);
    expect(isTextChunk({ ...textChunk(), chunk: { fnArray: [], argsArray: [], lastChunk: true, separateAnnots: null, length: 0 } })).toBe(false);
    expect(isTextChunk({ ...textChunk(), chunk: { ...textChunk().chunk, extra: 1 } })).toBe(false);
    expect(isTextChunk({ ...textChunk(), chunk: { items: 'x', styles: {}, lang: null } })).toBe(false);
    expect(isTextChunk(null)).toBe(false);
  });

  it("hands a text chunk's items over by reference, although the worker gives its chunk new items once it is queued", async () => {
    const message = textChunk();
    const items = message.chunk.items;
    const got = (await roundTrip((port) => {
      port.postMessage(message);
      // What pdf.js' worker does right after queueing a chunk (enqueueChunk in its getTextContent).
      (message.chunk as { items: unknown[] }).items = [];
      (message.chunk as { styles: object }).styles = Object.create(null) as object;
    })) as ReturnType<typeof textChunk>;
    expect(got.chunk.items).toBe(items);
    expect(got.chunk.items).toHaveLength(1);
    expect(Object.keys(got.chunk.styles)).toEqual(['g_d0_f1']);
  });

  it('copies an operator-list chunk, whose arrays the worker empties after sending', async () => {
    const fnArray = [1, 2, 3];
    const argsArray = [null, [new Float32Array([1, 2])], null];
    const got = (await roundTrip((port) => {
      port.postMessage({
        sourceName: 'a',
        targetName: 'b',
        stream: 4,
        streamId: 2,
        chunk: { fnArray, argsArray, lastChunk: true, separateAnnots: null, length: 3 },
      });
      fnArray.length = 0;
      argsArray.length = 0;
    })) as { chunk: { fnArray: number[]; argsArray: unknown[] } };
    expect(got.chunk.fnArray).toEqual([1, 2, 3]);
    expect(got.chunk.argsArray).toHaveLength(3);
    expect(got.chunk.argsArray[1]).toEqual([new Float32Array([1, 2])]);
  });

  it('copies plain control messages deeply, and class instances, typed arrays and transfers as structuredClone does', async () => {
    const data = { pageIndex: 3, view: [0, 0, 612, 792], ref: { num: 6, gen: 0 } };
    const plain = (await roundTrip((port) => {
      port.postMessage({ sourceName: 'a', targetName: 'b', action: 'GetPage', callbackId: 1, data });
      data.view[2] = 0;
      data.ref.num = 0;
    })) as { data: typeof data };
    expect(plain.data).toEqual({ pageIndex: 3, view: [0, 0, 612, 792], ref: { num: 6, gen: 0 } });

    const bytes = new Uint8Array([1, 2, 3]);
    const binary = (await roundTrip((port) => {
      port.postMessage({ action: 'FetchBinaryData', data: bytes });
      bytes[0] = 9;
    })) as { data: Uint8Array };
    expect([...binary.data]).toEqual([1, 2, 3]);

    const moved = new Uint8Array([4, 5]);
    const transferred = (await roundTrip((port) => port.postMessage({ action: 'GetDocRequest', data: moved }, [moved.buffer]))) as {
      data: Uint8Array;
    };
    expect([...transferred.data]).toEqual([4, 5]);
    expect(moved.byteLength).toBe(0); // detached, as a transfer leaves it

    class Box {
      constructor(readonly v: number) {}
    }
    const instance = (await roundTrip((port) => port.postMessage({ action: 'x', data: new Box(1) }))) as { data: object };
    expect(instance.data).not.toBeInstanceOf(Box); // structuredClone's copy: a plain object
    expect(instance.data).toEqual({ v: 1 });

    expect(() => new DirectPort().postMessage({ action: 'x', data: () => 1 })).toThrow(/could not be cloned/i);
  });

  it("drops a listener when its abort signal aborts, as pdf.js' own port does (a destroyed message handler)", async () => {
    const port = new DirectPort();
    const got: string[] = [];
    const early = new AbortController();
    early.abort();
    port.addEventListener('message', () => got.push('aborted before'), { signal: early.signal });
    const later = new AbortController();
    port.addEventListener('message', () => got.push('aborted later'), { signal: later.signal });
    port.addEventListener('message', () => got.push('plain'));
    port.postMessage({ n: 1 });
    await Promise.resolve();
    later.abort();
    port.postMessage({ n: 2 });
    await Promise.resolve();
    expect(got).toEqual(['aborted later', 'plain', 'plain']);
  });

  it('delivers messages in the order they were posted, after the posting code has run', async () => {
    const port = new DirectPort();
    const seen: unknown[] = [];
    port.addEventListener('message', (e) => {
      const data = e.data as { n?: number; chunk?: { items: number[] } };
      seen.push(data.n ?? data.chunk!.items[0]);
    });
    // Shared text chunks (even n) and copied messages (odd n), interleaved.
    for (let n = 0; n < 5; n++) port.postMessage(n % 2 ? { n } : { ...textChunk(), chunk: { items: [n], styles: {}, lang: null } });
    expect(seen).toEqual([]);
    await Promise.resolve();
    await Promise.resolve();
    expect(seen).toEqual([0, 1, 2, 3, 4]);
  });
});

describe("pdf.js on readflow's port", () => {
  /** Everything readflow asks pdf.js for, on a page: text with marked content, the structure tree, the operators. */
  async function readAll(bytes: Uint8Array, direct: boolean) {
    const channel = direct ? inProcessWorker(0) : null;
    const task = pdfjs.getDocument({ ...documentParams(bytes, null, true), ...(channel ? { worker: channel.worker } : {}) });
    const doc = await task.promise;
    try {
      const pages = [];
      for (let n = 1; n <= doc.numPages; n++) {
        const page = await doc.getPage(n);
        const text = await page.getTextContent({ includeMarkedContent: true });
        const tree = await page.getStructTree();
        const ops = await page.getOperatorList();
        pages.push({
          text: { items: text.items, styles: { ...text.styles } },
          tree,
          fnArray: [...ops.fnArray],
          args: ops.argsArray.length,
          view: page.view,
          rotate: page.rotate,
        });
      }
      return { markInfo: await doc.getMarkInfo(), pages };
    } finally {
      await doc.destroy();
      channel?.close();
    }
  }

  it.each(['tagged-correct-rows', 'rtl-hebrew-two-col-rows', 'ligatures-rows', 'rotate-90-two-col-random', 'chapter-furniture-5pp-rows'])(
    'answers as on its own port: %s',
    async (name) => {
      const { pdf } = fixture(name);
      const own = await readAll(pdf, false);
      const direct = await readAll(pdf, true);
      expect(direct.pages.length).toBeGreaterThan(0);
      expect(direct.pages.every((p) => p.fnArray.length > 0 && p.text.items.length > 0)).toBe(true);
      // Font names carry the document's id (g_d8_f3), which differs between two opened documents.
      const same = (r: unknown) => JSON.parse(JSON.stringify(r).replace(/g_d\d+_f/g, 'g_f'));
      expect(same(direct)).toEqual(same(own));
    },
  );
});
