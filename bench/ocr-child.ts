/**
 * readflow's OCR at one DPI, in one fresh process, so its peak RSS (the tesseract.js worker thread and its wasm heap
 * included) is its own. Peak RSS is the process' VmHWM (/proc/self/status), not `process.resourceUsage().maxRSS`:
 * on Linux a process' maxRSS carries over the high-water mark of the process that forked it, so a child of a big
 * driver reports at least the driver's RSS; VmHWM belongs to the new address space. Off Linux, maxRSS it is. Started by bench/ocr.ts, bundled to
 * bench/out/ocr-child.mjs (dependencies external) and run by plain node, not tsx, whose loader transforms pdf.js
 * and reads its source maps, hundreds of MiB of RSS that are not readflow's. By hand, after `npm run bench:ocr` has
 * run once:
 *
 *   node bench/out/ocr-child.mjs <manifest.json> --dpi 300 [--warmup 1] [--runs 3] [--breakdown]
 *
 * The manifest lists the pages: `{ pages: [{ id, file, page }] }` (scanned PDFs on disk, 1-based page numbers).
 * In order:
 *   1. modules loaded and files read: the baseline RSS;
 *   2. worker start: `ocrWorker('eng')` (tesseract.js worker thread, wasm core, language data), timed on its own;
 *      extractDocument then reuses that worker, as it does for every page of a document;
 *   3. `--warmup` discarded passes over the first page (the first recognition also compiles and warms the wasm
 *      core: its time is reported as the cold first page);
 *   4. `--runs` timed passes over every page: `extractDocument(bytes, { pages: [page], ocr: 'auto', ocrDpi })`,
 *      wall time (performance.now()) and process CPU time (process.cpuUsage(): main thread and worker thread);
 *      the peak RSS is read here, before anything else runs;
 *   5. --breakdown: one more pass split into its steps with the lib functions readflow calls: `ocrPage` as a
 *      whole (everything OCR does for a page), then its main steps one by one: render (`renderPage`: pdf.js onto
 *      @napi-rs/canvas, the scan's image decoded and scaled), PNG encoding (`canvas.toBuffer('image/png')`) and one
 *      recognition of the full page (`worker.recognize`, blocks output as readflow asks for it). ocrPage minus the
 *      three is its other work (the orientation check on a central crop, the word boxes); the timed page minus
 *      ocrPage is the rest of extractDocument (opening the file, the text layer, detection, layout).
 * Prints one line `OCRBENCH {json}`.
 */
import { readFileSync } from 'node:fs';
import { peakRssKiB, rssSource } from './rss.js';
import { dirname, resolve } from 'node:path';
import { extractDocument } from '../lib/extract.js';
import { ocrWorker, terminateOcr } from '../lib/ocr/engine.js';
import { ocrPage, renderPage } from '../lib/ocr/recognize.js';
import { closePdf, openPdf } from '../lib/pdf/open.js';

export interface OcrManifest {
  pages: { id: string; file: string; page: number }[];
}

export interface OcrChildPage {
  id: string;
  /** Wall time of each timed extraction of the page, ms. */
  wallMs: number[];
  /** Process CPU time (user + system, every thread) of each timed extraction, ms. */
  cpuMs: number[];
  /** The page's text as readflow returns it (flow, then furniture), from the last timed run. */
  text: string;
  /** Every timed run returned the same text (OCR is deterministic for one input). */
  stable: boolean;
  confidence: number | null;
}

export interface OcrChildBreakdown {
  id: string;
  renderMs: number;
  pngMs: number;
  pngBytes: number;
  width: number;
  height: number;
  recognizeMs: number;
  /** `ocrPage` as a whole. */
  ocrPageMs: number;
  ocrPageCpuMs: number;
  /** Process CPU time (every thread) of each step, ms. */
  renderCpuMs: number;
  pngCpuMs: number;
  recognizeCpuMs: number;
}

export interface OcrChildResult {
  dpi: number;
  node: string;
  /** Where the RSS figures come from: 'VmHWM' (Linux) or 'maxRSS'. */
  rssSource: 'VmHWM' | 'maxRSS';
  /** Peak RSS once modules are loaded and the files read (KiB). */
  baselineRssKiB: number;
  /** Peak RSS once the worker has started (KiB). */
  workerRssKiB: number;
  workerStartMs: number;
  /** The first (warm-up) extraction of the first page: the cold first recognition, ms. */
  firstPageMs: number;
  pages: OcrChildPage[];
  /** Peak RSS after the timed runs (KiB): the figure reported; the breakdown pass runs after it is read. */
  peakRssKiB: number;
  /** `process.resourceUsage().maxRSS` at the same moment, for comparison (see above why it is not the figure). */
  rusageMaxRssKiB: number;
  breakdown?: OcrChildBreakdown[];
}

function flag(args: string[], name: string, fallback: number): number {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
}

const peakRss = peakRssKiB;

const cpuMsSince = (start: NodeJS.CpuUsage): number => {
  const d = process.cpuUsage(start);
  return (d.user + d.system) / 1000;
};

async function extractPage(bytes: Uint8Array, page: number, dpi: number): Promise<{ text: string; confidence: number | null }> {
  const doc = await extractDocument(bytes, { pages: [page], ocr: 'auto', ocrDpi: dpi });
  const info = doc.pages.find((p) => p.page === page);
  // A page that was not OCRed would make every figure meaningless: stop rather than report it.
  if (info?.source !== 'ocr') {
    throw new Error(`page ${page} was not read by OCR (source ${info?.source}): ${JSON.stringify(doc.diagnostics.slice(0, 3))}`);
  }
  const furniture = [...doc.headers, ...doc.footers, ...doc.footnotes].map((f) => f.text);
  return { text: [doc.text, ...furniture].join('\n'), confidence: info.ocrConfidence ?? null };
}

async function main(): Promise<void> {
  const [manifestFile, ...rest] = process.argv.slice(2);
  if (!manifestFile) throw new Error('usage: ocr-child.mjs <manifest.json> --dpi N [--warmup N] [--runs N] [--breakdown]');
  const dpi = flag(rest, '--dpi', 300);
  const warmup = flag(rest, '--warmup', 1);
  const runs = flag(rest, '--runs', 3);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as OcrManifest;
  const base = dirname(resolve(manifestFile));
  const files = new Map<string, Uint8Array>();
  for (const p of manifest.pages) if (!files.has(p.file)) files.set(p.file, new Uint8Array(readFileSync(resolve(base, p.file))));
  const bytesOf = (file: string) => new Uint8Array(files.get(file)!); // a fresh copy each time: pdf.js detaches what it is given
  const baselineRssKiB = peakRss();

  let t0 = performance.now();
  const worker = await ocrWorker('eng');
  const workerStartMs = performance.now() - t0;
  const workerRssKiB = peakRss();

  const first = manifest.pages[0]!;
  let firstPageMs = 0;
  for (let i = 0; i < warmup; i++) {
    t0 = performance.now();
    await extractPage(bytesOf(first.file), first.page, dpi);
    if (i === 0) firstPageMs = performance.now() - t0;
  }

  const pages: OcrChildPage[] = manifest.pages.map((p) => ({ id: p.id, wallMs: [], cpuMs: [], text: '', stable: true, confidence: null }));
  for (let r = 0; r < runs; r++) {
    for (const [i, p] of manifest.pages.entries()) {
      const bytes = bytesOf(p.file);
      const c0 = process.cpuUsage();
      t0 = performance.now();
      const got = await extractPage(bytes, p.page, dpi);
      const out = pages[i]!;
      out.wallMs.push(performance.now() - t0);
      out.cpuMs.push(cpuMsSince(c0));
      if (r > 0 && got.text !== out.text) out.stable = false;
      out.text = got.text;
      out.confidence = got.confidence;
    }
  }
  const peakRssKiB = peakRss();
  const rusageMaxRssKiB = process.resourceUsage().maxRSS;

  let breakdown: OcrChildBreakdown[] | undefined;
  if (rest.includes('--breakdown')) {
    breakdown = [];
    for (const p of manifest.pages) {
      const pdf = await openPdf(bytesOf(p.file), { maxBytes: 1 << 30, password: null });
      try {
        const page = await pdf.doc.getPage(p.page);
        let c0 = process.cpuUsage();
        t0 = performance.now();
        await ocrPage(page, { dpi, langs: 'eng', dataPath: null });
        const ocrPageMs = performance.now() - t0;
        const ocrPageCpuMs = cpuMsSince(c0);
        c0 = process.cpuUsage();
        t0 = performance.now();
        const canvas = await renderPage(page, dpi);
        const renderMs = performance.now() - t0;
        const renderCpuMs = cpuMsSince(c0);
        c0 = process.cpuUsage();
        t0 = performance.now();
        const png = canvas.toBuffer('image/png');
        const pngMs = performance.now() - t0;
        const pngCpuMs = cpuMsSince(c0);
        c0 = process.cpuUsage();
        t0 = performance.now();
        await worker.recognize(png, {}, { blocks: true, text: false, hocr: false, tsv: false });
        const recognizeMs = performance.now() - t0;
        const recognizeCpuMs = cpuMsSince(c0);
        breakdown.push({
          id: p.id, renderMs, pngMs, pngBytes: png.length, width: canvas.width, height: canvas.height, recognizeMs, renderCpuMs, pngCpuMs, recognizeCpuMs, ocrPageMs, ocrPageCpuMs,
        });
        page.cleanup();
      } finally {
        await closePdf(pdf);
      }
    }
  }
  await terminateOcr();

  const result: OcrChildResult = {
    dpi,
    node: process.version,
    rssSource,
    baselineRssKiB,
    workerRssKiB,
    workerStartMs,
    firstPageMs,
    pages,
    peakRssKiB,
    rusageMaxRssKiB,
    ...(breakdown ? { breakdown } : {}),
  };
  process.stdout.write(`OCRBENCH ${JSON.stringify(result)}\n`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
