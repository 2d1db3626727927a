/**
 * readflow's OCR at one DPI, in one fresh process, so its peak RSS (the tesseract.js worker thread and its wasm heap
 * included) is its own. Peak RSS is the process' VmHWM (/proc/self/status), not `process.resourceUsage().maxRSS`:
 * on Linux a process' maxRSS carries over the high-water mark of the process that forked it, so a child of a big
 * driver reports at least the driver's RSS; VmHWM belongs to the new address space. Off Linux, maxRSS it is. Started by bench/ocr.ts, bundled to
 * bench/out/ocr-child.mjs (dependencies external) and run by plain node, not tsx, whose loader transforms pdf.js
 * and reads its source maps, hundreds of MiB of RSS that are not readflow's. By hand, after `npm run bench:ocr` has
 * run once:
 *
 *   node bench/out/ocr-child.mjs <manifest.json> [--dpi 300] [--warmup 1] [--runs 3] [--breakdown]
 *
 * Without --dpi, extractDocument runs with the engine's defaults (no ocrDpi: it picks the page's DPI itself, up to
 * its default cap).
 * The manifest lists the pages: `{ pages: [{ id, file, page }] }` (scanned PDFs on disk, 1-based page numbers).
 * In order:
 *   1. modules loaded and files read: the baseline RSS;
 *   2. worker start: `ocrWorker('eng')` (tesseract.js worker thread, wasm core, language data), timed on its own;
 *      extractDocument then reuses that worker, as it does for every page of a document;
 *   3. `--warmup` discarded passes over the first page (the first recognition also compiles and warms the wasm
 *      core: its time is reported as the cold first page);
 *   4. `--runs` timed passes over every page: `extractDocument(bytes, { pages: [page], ocr: 'auto', ocrDpi })`,
 *      wall time (performance.now()) and process CPU time (process.cpuUsage(): main thread and worker thread);
 *      the peak RSS is read here, before anything else runs. Each timed pass is also split on a timeline without
 *      touching lib/: pdf.js' PDFPageProxy.prototype.render and the OCR worker's `recognize` (the cached worker
 *      ocrWorker('eng') returns, the one ocrPage uses) are wrapped to log when each call starts and ends (wall and
 *      process CPU). From the log: before OCR (open, text layer, the page's graphics, the decision), render
 *      (every pdf.js render: the quick 100 dpi one when there is one, then the one at the chosen DPI; the first
 *      decodes the scan's image), DPI choice (the line pitch measured on the quick render; none when ocrDpi <= 150),
 *      preparation (line direction, grey, paper flattening, skew estimate and levelling, threshold, specks and
 *      borders, the PNG handed to the worker), recognition (every `recognize` call: PNG decode and tesseract in
 *      the worker thread) and after (orientation crops between recognitions, word filtering and placing, layout,
 *      the document pass). The page's `page-ocr` diagnostic detail (DPI chosen, skew, specks, borders, junk words)
 *      is returned with it;
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
import type { Worker } from 'tesseract.js';

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
  /** The `page-ocr` diagnostic's detail from the last timed run: what the engine chose and cleaned. */
  ocr: OcrDetail | null;
  /** Each timed run split on the render/recognize timeline (null when the log did not show both). */
  splits: (OcrSplit | null)[];
}

export interface OcrDetail {
  dpi: number | null;
  skew: number | null;
  specks: number | null;
  borders: number | null;
  junkWords: number | null;
  words: number | null;
  confidence: number | null;
}

/** One extraction on the timeline; `…Ms` wall, `…CpuMs` process CPU (every thread), milliseconds. */
export interface OcrSplit {
  /** DPI of the render that was recognised, and its size in pixels. */
  renderDpi: number;
  width: number;
  height: number;
  renders: number;
  recognitions: number;
  beforeOcrMs: number;
  /** The line pitch measured on the quick 100 dpi render (its render is in renderMs). */
  dpiChoiceMs: number;
  /** Every pdf.js render of the page: the quick one when there is one, and the one at the chosen DPI. */
  renderMs: number;
  /** The render at the chosen DPI alone. */
  mainRenderMs: number;
  prepareMs: number;
  recognizeMs: number;
  afterMs: number;
  totalMs: number;
  beforeOcrCpuMs: number;
  dpiChoiceCpuMs: number;
  renderCpuMs: number;
  mainRenderCpuMs: number;
  prepareCpuMs: number;
  recognizeCpuMs: number;
  afterCpuMs: number;
  totalCpuMs: number;
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
  /** The ocrDpi passed (the engine's cap on the DPI it chooses); null: the engine's default. */
  dpi: number | null;
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

async function extractPage(
  bytes: Uint8Array,
  page: number,
  dpi: number | null,
): Promise<{ text: string; confidence: number | null; ocr: OcrDetail | null }> {
  const doc = await extractDocument(bytes, { pages: [page], ocr: 'auto', ...(dpi === null ? {} : { ocrDpi: dpi }) });
  const info = doc.pages.find((p) => p.page === page);
  // A page that was not OCRed would make every figure meaningless: stop rather than report it.
  if (info?.source !== 'ocr') {
    throw new Error(`page ${page} was not read by OCR (source ${info?.source}): ${JSON.stringify(doc.diagnostics.slice(0, 3))}`);
  }
  const furniture = [...doc.headers, ...doc.footers, ...doc.footnotes].map((f) => f.text);
  const d = doc.diagnostics.find((x) => x.code === 'page-ocr' && x.page === page)?.detail;
  const num = (k: string) => (typeof d?.[k] === 'number' ? (d[k] as number) : null);
  const ocr = d
    ? {
        dpi: num('dpi'),
        skew: num('skew'),
        specks: num('specks'),
        borders: num('borders'),
        junkWords: num('junkWords'),
        words: num('words'),
        confidence: num('confidence'),
      }
    : null;
  return { text: [doc.text, ...furniture].join('\n'), confidence: info.ocrConfidence ?? null, ocr };
}

// ---------------------------------------------------------------- the timeline

interface Mark {
  kind: 'render' | 'recognize';
  dpi: number;
  width: number;
  height: number;
  t0: number;
  t1: number;
  c0: number;
  c1: number;
}

/** Where marks go while a timed extraction runs (null: not recording). */
let marks: Mark[] | null = null;
const cpuNow = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

type RenderFn = (this: unknown, params: { viewport: { scale: number; width: number; height: number } }) => { promise: Promise<unknown> };

/**
 * Log every pdf.js page render and every recognition of `worker` while `marks` is set. pdf.js' page class is not
 * exported: its prototype is taken from a page of `sample`.
 */
async function installTimeline(worker: Worker, sample: Uint8Array): Promise<void> {
  const pdf = await openPdf(sample, { maxBytes: 1 << 30, password: null });
  try {
    const proto = Object.getPrototypeOf(await pdf.doc.getPage(1)) as { render: RenderFn };
    const render = proto.render;
    proto.render = function (this: unknown, params) {
      const log = marks;
      const [t0, c0] = [performance.now(), cpuNow()];
      const task = render.call(this, params);
      // Attached before the caller awaits the promise, so this runs first: t1 is when the render ended.
      task.promise.then(
        () =>
          log?.push({
            kind: 'render',
            dpi: Math.round(params.viewport.scale * 72),
            width: Math.ceil(params.viewport.width),
            height: Math.ceil(params.viewport.height),
            t0,
            t1: performance.now(),
            c0,
            c1: cpuNow(),
          }),
        () => undefined,
      );
      return task;
    };
  } finally {
    await closePdf(pdf);
  }
  const recognize = worker.recognize.bind(worker);
  worker.recognize = (async (...args: Parameters<Worker['recognize']>) => {
    const log = marks;
    const [t0, c0] = [performance.now(), cpuNow()];
    try {
      return await recognize(...args);
    } finally {
      log?.push({ kind: 'recognize', dpi: 0, width: 0, height: 0, t0, t1: performance.now(), c0, c1: cpuNow() });
    }
  }) as Worker['recognize'];
}

/**
 * One extraction's marks cut into its steps: the render recognised is the last before the first recognition, a render
 * before it is the DPI probe. Upright pages: a sideways scan recognises crops before its main preparation.
 */
function splitOf(log: Mark[], t0: number, c0: number, t1: number, c1: number): OcrSplit | null {
  const renders = log.filter((m) => m.kind === 'render').sort((a, b) => a.t0 - b.t0);
  const recs = log.filter((m) => m.kind === 'recognize').sort((a, b) => a.t0 - b.t0);
  if (!recs.length) return null;
  const main = renders.filter((r) => r.t1 <= recs[0]!.t0).at(-1);
  if (!main) return null;
  const first = renders[0]!;
  const probe = first !== main ? first : null;
  const sum = (f: (m: Mark) => number) => recs.reduce((n, m) => n + f(m), 0);
  const recognizeMs = sum((m) => m.t1 - m.t0);
  const recognizeCpuMs = sum((m) => m.c1 - m.c0);
  const last = recs.at(-1)!;
  return {
    renderDpi: main.dpi,
    width: main.width,
    height: main.height,
    renders: renders.length,
    recognitions: recs.length,
    beforeOcrMs: first.t0 - t0,
    dpiChoiceMs: probe ? main.t0 - probe.t1 : 0,
    renderMs: main.t1 - main.t0 + (probe ? probe.t1 - probe.t0 : 0),
    mainRenderMs: main.t1 - main.t0,
    prepareMs: recs[0]!.t0 - main.t1,
    recognizeMs,
    afterMs: t1 - last.t1 + (last.t1 - recs[0]!.t0 - recognizeMs),
    totalMs: t1 - t0,
    beforeOcrCpuMs: first.c0 - c0,
    dpiChoiceCpuMs: probe ? main.c0 - probe.c1 : 0,
    renderCpuMs: main.c1 - main.c0 + (probe ? probe.c1 - probe.c0 : 0),
    mainRenderCpuMs: main.c1 - main.c0,
    prepareCpuMs: recs[0]!.c0 - main.c1,
    recognizeCpuMs,
    afterCpuMs: c1 - last.c1 + (last.c1 - recs[0]!.c0 - recognizeCpuMs),
    totalCpuMs: c1 - c0,
  };
}

async function main(): Promise<void> {
  const [manifestFile, ...rest] = process.argv.slice(2);
  if (!manifestFile) throw new Error('usage: ocr-child.mjs <manifest.json> [--dpi N] [--warmup N] [--runs N] [--breakdown]');
  const dpi = rest.includes('--dpi') ? flag(rest, '--dpi', 300) : null;
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
  await installTimeline(worker, bytesOf(manifest.pages[0]!.file));

  const first = manifest.pages[0]!;
  let firstPageMs = 0;
  for (let i = 0; i < warmup; i++) {
    t0 = performance.now();
    await extractPage(bytesOf(first.file), first.page, dpi);
    if (i === 0) firstPageMs = performance.now() - t0;
  }

  const pages: OcrChildPage[] = manifest.pages.map((p) => ({
    id: p.id,
    wallMs: [],
    cpuMs: [],
    text: '',
    stable: true,
    confidence: null,
    ocr: null,
    splits: [],
  }));
  for (let r = 0; r < runs; r++) {
    for (const [i, p] of manifest.pages.entries()) {
      const bytes = bytesOf(p.file);
      const log: Mark[] = [];
      marks = log;
      const c0 = process.cpuUsage();
      const cAt0 = cpuNow();
      t0 = performance.now();
      const got = await extractPage(bytes, p.page, dpi);
      const t1 = performance.now();
      const cpu = cpuMsSince(c0);
      marks = null;
      const out = pages[i]!;
      out.wallMs.push(t1 - t0);
      out.cpuMs.push(cpu);
      out.splits.push(splitOf(log, t0, cAt0, t1, cAt0 + cpu));
      if (r > 0 && got.text !== out.text) out.stable = false;
      out.text = got.text;
      out.confidence = got.confidence;
      out.ocr = got.ocr;
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
        await ocrPage(page, { dpi: dpi ?? 300, langs: 'eng', dataPath: null });
        const ocrPageMs = performance.now() - t0;
        const ocrPageCpuMs = cpuMsSince(c0);
        c0 = process.cpuUsage();
        t0 = performance.now();
        const canvas = await renderPage(page, dpi ?? 300);
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
          id: p.id,
          renderMs,
          pngMs,
          pngBytes: png.length,
          width: canvas.width,
          height: canvas.height,
          recognizeMs,
          renderCpuMs,
          pngCpuMs,
          recognizeCpuMs,
          ocrPageMs,
          ocrPageCpuMs,
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
