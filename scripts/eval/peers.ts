/**
 * Peer extractors for the evaluation table (`npm run eval`), each a function from a PDF to its text:
 *
 *   pdfjs-raw   pdf.js' own text in content-stream order (getTextContent items, a newline at each end of line and a
 *               blank line after each page): no ordering, no furniture removal, no OCR. In process, with the same
 *               pdf.js build and parameters as readflow (the logic of scripts/raw-text.ts).
 *   pdftotext   poppler's `pdftotext -enc UTF-8 DOC -`, when `pdftotext` is on PATH (otherwise absent).
 */
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { pdfjs } from '../../lib/pdf/pdfjs.js';
import { documentParams } from '../../lib/pdf/open.js';

export interface Peer {
  name: string;
  /** The PDF's text; rejects on failure or after `timeoutMs`. */
  extract(pdfPath: string, bytes: Uint8Array, timeoutMs: number): Promise<string>;
}

/** pdf.js text items in stream order, as scripts/raw-text.ts prints them. */
export async function pdfjsRawText(bytes: Uint8Array): Promise<string> {
  const doc = await pdfjs.getDocument(documentParams(bytes, null, false)).promise; // documentParams copies the bytes
  try {
    let out = '';
    for (let p = 1; p <= doc.numPages; p++) {
      const page = await doc.getPage(p);
      for (const item of (await page.getTextContent()).items) {
        if (!('str' in item)) continue;
        out += item.str + (item.hasEOL ? '\n' : '');
      }
      out += '\n\n';
      page.cleanup();
    }
    return out;
  } finally {
    await doc.destroy();
  }
}

/** The full path of an executable on PATH, or null. */
export function onPath(command: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, command);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/** Run a program (no shell) and resolve with its stdout as UTF-8; reject on a non-zero exit or timeout. */
export function runProgram(file: string, args: string[], timeoutMs: number, shell = false): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { shell, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => {
      err = (err + d.toString('utf8')).slice(-400);
    });
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
      else reject(new Error(signal ? `killed by ${signal} (timeout ${timeoutMs} ms?)` : `exit ${code}: ${err.trim()}`));
    });
  });
}

/** Set once an in-process extraction timed out: its work goes on, so the process must exit explicitly. */
export const timedOut = { any: false };

/** Reject after `ms` unless the promise settles first (the work itself is not cancelled). */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timedOut.any = true;
      reject(new Error(`${what}: timeout after ${ms} ms`));
    }, ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export const pdfjsRaw: Peer = {
  name: 'pdfjs-raw',
  extract: (_path, bytes, timeoutMs) => withTimeout(pdfjsRawText(bytes), timeoutMs, 'pdfjs-raw'),
};

/** The pdftotext peer, or null when pdftotext is not installed. */
export function pdftotextPeer(): Peer | null {
  const exe = onPath('pdftotext');
  if (!exe) return null;
  return {
    name: 'pdftotext',
    extract: (pdfPath, _bytes, timeoutMs) => runProgram(exe, ['-enc', 'UTF-8', pdfPath, '-'], timeoutMs),
  };
}

/** The peers available on this machine, in table order. */
export function availablePeers(): Peer[] {
  const peers: Peer[] = [pdfjsRaw];
  const pdftotext = pdftotextPeer();
  if (pdftotext) peers.push(pdftotext);
  return peers;
}
