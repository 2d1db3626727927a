/**
 * Opening a PDF from bytes, with every way that can fail turned into a typed error, and closing it again.
 */
import { ReadflowError } from '../errors.js';
import { pdfjs, pdfjsAssets } from './pdfjs.js';
import { inProcessWorker } from './port.js';
import type { FontFacts } from './fonts.js';

type PDFDocumentProxy = Awaited<ReturnType<typeof pdfjs.getDocument>['promise']>;
export type PdfPage = Awaited<ReturnType<PDFDocumentProxy['getPage']>>;
export type PageTextContent = Awaited<ReturnType<PdfPage['getTextContent']>>;

export interface OpenPdf {
  doc: PDFDocumentProxy;
  numPages: number;
  /** `/MarkInfo` of the catalog: `Marked` says the file is tagged, `Suspects` that its tags may be unreliable. */
  marked: boolean;
  suspects: boolean;
  /** Facts about fonts by pdf.js' loaded name, filled as pages are read (fonts are shared across pages). */
  fonts: Map<string, FontFacts>;
  /** Warnings about the file as a whole (recovered damage). */
  warnings: string[];
  /**
   * The same file opened again without stopping at parse errors, for reading what can be recovered of a damaged
   * page. Opened on first use.
   */
  lenient: () => Promise<PDFDocumentProxy>;
  /** Text content already asked for, by page (see `prefetchPageText` in lib/pdf/runs.ts). */
  textAhead: WeakMap<PdfPage, Promise<PageTextContent>>;
  /** Destroys the document, the lenient copy if it was opened, and their workers (see `closePdf`). */
  close: () => Promise<void>;
}

/** How far into the file the `%PDF-` header may sit (readers accept leading junk up to 1 KiB). */
const HEADER_WINDOW = 1024;
/** How far from the end the `%%EOF` marker is looked for. */
const TRAILER_WINDOW = 2048;

function indexOfAscii(bytes: Uint8Array, needle: string, from: number, to: number): number {
  const n = needle.length;
  outer: for (let i = Math.max(0, from); i <= Math.min(bytes.length, to) - n; i++) {
    for (let j = 0; j < n; j++) if (bytes[i + j] !== needle.charCodeAt(j)) continue outer;
    return i;
  }
  return -1;
}

/** Checks that cost nothing and catch the commonest bad inputs before pdf.js sees them. */
export function checkPdfBytes(bytes: Uint8Array, maxBytes: number): { hasEof: boolean } {
  if (bytes.length > maxBytes) {
    throw new ReadflowError('too-large', `input is ${bytes.length} bytes, over the limit of ${maxBytes} (maxBytes)`, {
      bytes: bytes.length,
      maxBytes,
    });
  }
  if (bytes.length === 0) throw new ReadflowError('not-pdf', 'input is empty (0 bytes)');
  if (indexOfAscii(bytes, '%PDF-', 0, HEADER_WINDOW + 5) < 0) {
    throw new ReadflowError('not-pdf', 'input is not a PDF (no %PDF- header in its first 1 KiB)');
  }
  const hasEof = indexOfAscii(bytes, '%%EOF', bytes.length - TRAILER_WINDOW, bytes.length) >= 0;
  return { hasEof };
}

function classifyOpenError(e: unknown, hasEof: boolean): ReadflowError {
  const err = e as { name?: string; message?: string; code?: number };
  const message = err?.message ?? String(e);
  if (err?.name === 'PasswordException') {
    return err.code === 2
      ? new ReadflowError('encrypted', 'the password given for this encrypted PDF is wrong')
      : new ReadflowError('encrypted', 'the PDF is encrypted and needs a password (option password / --password)');
  }
  if (err?.name === 'InvalidPDFException' || err?.name === 'FormatError' || err?.name === 'UnknownErrorException') {
    return hasEof
      ? new ReadflowError('corrupt', `the PDF is damaged and could not be read: ${message}`)
      : new ReadflowError('truncated', `the PDF is truncated (no %%EOF at its end) and could not be read: ${message}`);
  }
  return new ReadflowError(hasEof ? 'corrupt' : 'truncated', `the PDF could not be opened: ${message}`);
}

/** The parameters readflow opens every document with (the benchmark's raw pdf.js contender uses them too). */
export function documentParams(bytes: Uint8Array, password: string | null, stopAtErrors: boolean) {
  return {
    data: new Uint8Array(bytes),
    ...pdfjsAssets(),
    cMapPacked: true,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
    // Parse errors reject instead of silently yielding a page with less text: a damaged page must be reported.
    stopAtErrors,
    ...(password !== null ? { password } : {}),
  };
}

/**
 * Start loading a document on a worker of its own (lib/pdf/port.ts). `close` lets a load still running finish (pdf.js'
 * worker, terminated in the middle of loading, throws where nothing can catch it), destroys the document, and then
 * the worker, which pdf.js leaves running when it was given one.
 */
function loadingTask(bytes: Uint8Array, password: string | null, stopAtErrors: boolean) {
  const channel = inProcessWorker(0);
  const task = pdfjs.getDocument({ ...documentParams(bytes, password, stopAtErrors), worker: channel.worker });
  let closed: Promise<void> | undefined;
  const close = (): Promise<void> =>
    (closed ??= task.promise
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => task.destroy())
      .catch(() => undefined)
      .finally(() => channel.close()));
  return { task, close };
}

/**
 * Open a PDF. The bytes are copied: pdf.js detaches the buffer it is given.
 * Throws `ReadflowError` with code not-pdf, too-large, truncated, corrupt, encrypted or empty.
 */
export async function openPdf(bytes: Uint8Array, opts: { maxBytes: number; password: string | null }): Promise<OpenPdf> {
  const { hasEof } = checkPdfBytes(bytes, opts.maxBytes);
  const { task, close } = loadingTask(bytes, opts.password, true);
  // Without a handler pdf.js would wait for a password forever; with none given the first request is final.
  task.onPassword = (_update: unknown, reason: number) => {
    void task.destroy();
    void reason;
  };
  let doc: PDFDocumentProxy;
  try {
    doc = await task.promise;
  } catch (e) {
    await close();
    if ((e as { name?: string })?.name === 'AbortException' || /destroyed|Worker was terminated/i.test(String(e))) {
      throw new ReadflowError(
        'encrypted',
        opts.password === null
          ? 'the PDF is encrypted and needs a password (option password / --password)'
          : 'the password given for this encrypted PDF is wrong',
      );
    }
    throw classifyOpenError(e, hasEof);
  }
  const numPages = doc.numPages;
  if (!numPages) {
    await close();
    throw new ReadflowError('empty', 'the PDF has no pages');
  }
  let marked = false;
  let suspects = false;
  try {
    const info = (await doc.getMarkInfo()) as { Marked?: boolean; Suspects?: boolean } | null;
    marked = Boolean(info?.Marked);
    suspects = Boolean(info?.Suspects);
  } catch {
    // A broken MarkInfo only means the file says nothing reliable about its tags.
  }
  const warnings = hasEof ? [] : ['the file has no %%EOF marker at its end (truncated); pdf.js recovered what it could'];
  let lenient: ReturnType<typeof loadingTask> | undefined;
  let closing = false;
  const pdf: OpenPdf = {
    doc,
    numPages,
    marked,
    suspects,
    fonts: new Map(),
    textAhead: new WeakMap(),
    warnings,
    lenient: () => {
      // Not after closing: nothing would close it.
      if (closing) return Promise.reject(new Error('the document is closed'));
      if (!lenient) lenient = loadingTask(bytes, opts.password, false);
      return lenient.task.promise;
    },
    close: async () => {
      closing = true;
      await close();
      await lenient?.close();
    },
  };
  return pdf;
}

export async function closePdf(pdf: OpenPdf): Promise<void> {
  await pdf.close();
}
