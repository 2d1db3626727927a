/**
 * The channel between pdf.js' API and its worker, both in this process.
 *
 * Left to itself, pdf.js runs its worker in process on Node through a `LoopbackPort` that passes every message
 * through `structuredClone`, as if it crossed a thread. For text extraction that copy is most of the messaging
 * cost: every text item of every page is cloned once on its way to the API side (about 13% of a CPU profile of a raw
 * pdf.js text pass over a book, `npx tsx bench/profile.ts --contender pdfjs`), and the copies are garbage at once.
 *
 * `DirectPort` hands over by reference the one kind of message known to be safe to share: a chunk of a page's text
 * content (`{ items, styles, lang }` on a stream). pdf.js' worker builds each chunk's items and styles from fresh
 * objects and, once the chunk is queued, gives its running chunk object new `items` and `styles` (it never empties
 * or reuses the old ones), so a shallow copy of the chunk object made at posting time is all that must be copied;
 * the API side only reads the items and copies them into its own arrays. Every other message (document and page
 * requests, fonts, operator lists, whose arrays the worker does empty after sending, structure trees, errors) is
 * cloned as pdf.js' own port does, transfers included; those built only of plain objects, arrays and primitives (the
 * protocol's many small control messages) are copied in JavaScript, the same copy at a fraction of structuredClone's
 * fixed cost. Messages are delivered asynchronously, in order, as there.
 */
import { pdfjs, pdfjsWorker } from './pdfjs.js';

type Listener = (event: { data: unknown }) => void;

/** pdf.js' `StreamKind.ENQUEUE` (src/shared/message_handler.js): a chunk sent down a stream. */
const STREAM_ENQUEUE = 4;

/** A text-content chunk: exactly `{ items: [...], styles: {...}, lang }`, sent down a stream. */
export function isTextChunk(message: unknown): boolean {
  const m = message as { stream?: unknown; chunk?: unknown } | null;
  if (!m || typeof m !== 'object' || m.stream !== STREAM_ENQUEUE) return false;
  const chunk = m.chunk as Record<string, unknown> | null;
  if (!chunk || typeof chunk !== 'object' || !Array.isArray(chunk.items)) return false;
  let keys = 0;
  for (const key in chunk) {
    if (key !== 'items' && key !== 'styles' && key !== 'lang') return false;
    keys++;
  }
  return keys === 3 && typeof chunk.styles === 'object' && chunk.styles !== null;
}

interface TextChunkMessage {
  chunk: { items: unknown[]; styles: object; lang: unknown };
}

/**
 * The message with a chunk of its own: the worker queues its running `{ items, styles, lang }` object itself and
 * then gives it new `items` and `styles`, so the object must be copied at once (its arrays need not be).
 */
function shallowChunk(message: TextChunkMessage): TextChunkMessage {
  const { items, styles, lang } = message.chunk;
  return { ...message, chunk: { items, styles, lang } };
}

/** Values a plain copy handles: more than this many and the message goes to structuredClone. */
const PLAIN_BUDGET = 256;
const NOT_PLAIN = Symbol('not plain');

/**
 * What structuredClone would make of a message built only of plain objects, arrays and primitives, copied in
 * JavaScript: for the small control messages of pdf.js' protocol (a stream's pull, a page request, a reply with a
 * page's size) structuredClone's fixed cost is about 20 µs a message, several times the copy. It differs from
 * structuredClone only for shapes pdf.js does not send: holes in arrays, one object referenced twice. Anything else
 * (typed arrays, class instances, functions, symbols) makes it give up: the caller then clones as pdf.js' port does.
 */
function plainCopy(value: unknown, budget: { left: number }): object | false {
  const out = copyValue(value, budget);
  return out === NOT_PLAIN || typeof out !== 'object' || out === null ? false : out;
}

function copyValue(value: unknown, budget: { left: number }): unknown {
  if (--budget.left < 0) return NOT_PLAIN;
  if (value === null) return null;
  const type = typeof value;
  if (type === 'string' || type === 'number' || type === 'boolean' || type === 'undefined' || type === 'bigint') return value;
  if (type !== 'object') return NOT_PLAIN;
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) {
      const v = copyValue(value[i], budget);
      if (v === NOT_PLAIN) return NOT_PLAIN;
      out[i] = v;
    }
    return out;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return NOT_PLAIN;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value as object)) {
    const v = copyValue((value as Record<string, unknown>)[key], budget);
    if (v === NOT_PLAIN) return NOT_PLAIN;
    out[key] = v;
  }
  return out;
}

export class DirectPort {
  /** Listeners, each with what unhooks it from its abort signal. */
  #listeners = new Map<Listener, (() => void) | null>();
  #deferred = Promise.resolve();

  postMessage(message: unknown, transfer?: ArrayBuffer[]): void {
    const data = isTextChunk(message)
      ? shallowChunk(message as TextChunkMessage)
      : (!transfer?.length && plainCopy(message, { left: PLAIN_BUDGET })) || structuredClone(message, transfer?.length ? { transfer } : undefined);
    const event = { data };
    void this.#deferred.then(() => {
      for (const listener of this.#listeners.keys()) listener.call(this, event);
    });
  }

  /** As pdf.js' own port: a listener given an abort signal is removed when it aborts (a destroyed MessageHandler). */
  addEventListener(_type: string, listener: Listener, options?: { signal?: AbortSignal } | null): void {
    const signal = options?.signal;
    if (signal?.aborted) return;
    const onAbort = () => this.removeEventListener(_type, listener);
    signal?.addEventListener('abort', onAbort, { once: true });
    this.#listeners.set(listener, signal ? () => signal.removeEventListener('abort', onAbort) : null);
  }

  removeEventListener(_type: string, listener: Listener): void {
    this.#listeners.get(listener)?.();
    this.#listeners.delete(listener);
  }

  terminate(): void {
    for (const unhook of this.#listeners.values()) unhook?.();
    this.#listeners.clear();
  }
}

export interface InProcessWorker {
  worker: InstanceType<typeof pdfjs.PDFWorker>;
  /** Ends the worker: call after the document opened on it is destroyed (pdf.js leaves a given worker running). */
  close: () => void;
}

/** A pdf.js worker running in this process behind a `DirectPort`, for one document. */
export function inProcessWorker(verbosity: number): InProcessWorker {
  const port = new DirectPort();
  // The worker side listens first, so the API side's first message ("configure") finds it.
  pdfjsWorker.WorkerMessageHandler.initializeFromPort(port);
  const worker = new pdfjs.PDFWorker({ port: port as never, verbosity });
  return {
    worker,
    close: () => {
      worker.destroy();
      port.terminate();
    },
  };
}
