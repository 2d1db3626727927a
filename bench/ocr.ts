/**
 * OCR benchmark: readflow's OCR (pdf.js render → PNG → tesseract.js 7) at several DPIs against native tesseract on
 * the same page images: seconds per page, worker start-up, peak RSS, and accuracy against the source text, so the
 * `ocrDpi` default can be chosen on evidence.
 *
 *   npm run bench:ocr                                  150, 200 and 300 dpi, 3 timed runs each, then the degraded scans
 *   npm run bench:ocr -- --runs 5 --pages 2 --dpis 200,300 --no-breakdown
 *   npm run bench:ocr -- --degraded-only --runs 1      only the degraded scans (--no-degraded: only the clean ones)
 *   npm run bench:ocr -- --degraded-only --degraded-pages degraded-phone-one-col,degraded-lowres-two-col --no-split
 *
 * PAGES. The scanned fixtures' OCR pages (fixtures/scans.ts), built from 300 dpi scans so that rendering them at
 * 150/200/300 dpi starts from the same, sharper image: scan-two-col p1 (two columns, 10 pt), scan-mixed p2 and p3
 * (one column, 11 pt; p3 carries a digital stamp), scan-rotated p1 (landscape two columns behind /Rotate 90).
 * `--pages N` keeps the first N. scan-sideways is left out (its orientation check reads turned crops: a different
 * cost, and the tesseract CLI would read it sideways) and so is scan-ocr-layer (its invisible layer is read, not
 * OCRed).
 *
 * READFLOW. One fresh child process per DPI (bench/ocr-child.ts, bundled to bench/out/ocr-child.mjs and run by
 * plain node, like bench/child.ts): worker start timed on its own, one warm-up extraction of the first page (the
 * cold first recognition, reported), then `--runs` passes over every page, each page one
 * `extractDocument(bytes, { pages: [n], ocr: 'auto', ocrDpi })` on the reused worker. Per page the median of the
 * runs (wall and process CPU time); s/page is their mean over the pages. Peak RSS is the process' VmHWM (the
 * tesseract.js worker thread and its wasm heap live in the same process; why not maxRSS: see ocr-child.ts). Then
 * one more pass split into ocrPage, render, PNG encoding and recognition (--no-breakdown skips it).
 *
 * TESSERACT (optional: `apt-get install -y tesseract-ocr`; skipped with a line saying so when not on PATH). The
 * same pages rendered at the same DPI (`rasterise`: pdf.js onto @napi-rs/canvas, greyscale PNG) into a temp dir,
 * then `tesseract page.png - -l eng` with OMP_THREAD_LIMIT=1 (single thread, like the wasm core), one process per
 * page: one warm-up, median of `--runs`. Start-up (process, model load) is measured on a tiny blank image and
 * subtracted, so s/page compares with readflow's warm worker. Peak RSS and CPU from GNU time (/usr/bin/time) when
 * present, else peak RSS from /proc/<pid>/status (VmHWM), sampled. Run twice: with the system's eng model
 * (Debian ships tessdata_fast) and with the model tesseract.js uses (@tesseract.js-data/eng 4.0.0_best_int,
 * gunzipped), which separates engine speed from model size. Note the CLI segments the page itself (PSM 3, auto)
 * while tesseract.js keeps the API default (PSM 6, one block); readflow orders the words itself.
 *
 * ACCURACY, per page against the source digital fixture's page (pdf.js text items):
 *   words found     multiset intersection of words over the source's words; words lower-cased, punctuation
 *                   stripped, a word broken by a hyphen at a line end joined on every side, labels left out;
 *   labels found    the page's flow labels whose 4-digit number appears (3 digits: captions' c001), whatever letters come before it (OCR
 *                   reads q as g, O or gq, and the tesseract CLI splits the column of q's of a right-hand column of
 *                   text off as a block of its own: 'q' then '0055', '0056' … further down);
 *   labels in order the longest run of them in flow order (longest increasing subsequence) over the page's labels;
 *   labels exact    labels read letter for letter ('q0065', not 'gq0065'): the only character-level check, as the
 *                   labels are the only words mixing a letter and digits.
 * Pooled over the pages. Tesseract's labels-in-order is its own reading order (the CLI's, columns as it finds them).
 *
 * DEGRADED SCANS (the second part; `--degraded-only` runs just it, `--no-degraded` skips it). The pages of
 * fixtures/degrade.ts' DEGRADED_SCANS (image-only PDFs of labelled fixture pages: tilted, noisy, specked, JPEG,
 * photocopy grey, 120-300 dpi; `--degraded-pages a,b` keeps some), scored like the clean ones against their source
 * page (the fixture's `flow` in reading order), one page at a time, the three engines one after the other:
 *   readflow   `extractDocument(bytes, { pages: [n], ocr: 'auto' })` with every other option at its default (the
 *              engine chooses the DPI per page, at most ocrDpi's default, and levels and cleans the image), in one
 *              fresh child per page (bench/ocr-child.ts without --dpi): worker start, 1 warm-up extraction, median
 *              of `--runs`; peak RSS the child's VmHWM; the DPI chosen, skew levelled, specks, borders and junk
 *              words from the page's `page-ocr` diagnostic;
 *   tesseract  the page's image at the scan's own dpi (pdfimages -png, else a pdf.js render at that dpi),
 *              `tesseract img - -l eng --psm 3 --dpi D`, OMP_THREAD_LIMIT=1, start-up subtracted as above (system
 *              model only);
 *   ocrmypdf   `ocrmypdf --deskew --clean -l eng --jobs 1 --output-type pdf --optimize 0 in.pdf out.pdf` then
 *              `pdftotext out.pdf -` (its reading order), OMP_THREAD_LIMIT=1, both whole processes timed, peak RSS
 *              the largest process of the tree (GNU time). Skipped with a line saying so when ocrmypdf, unpaper
 *              (--clean) or pdftotext is not on PATH (`apt-get install -y ocrmypdf unpaper poppler-utils`).
 * Then where readflow's time goes on one page (`--split-page`, default degraded-tilt3-two-col, a 300 dpi scan) at
 * each of `--dpis` as ocrDpi (the engine caps its chosen DPI there), one child per DPI (`--no-split` skips it):
 * the child logs pdf.js' page renders and the worker's recognize calls on a timeline (lib/ is not touched; see
 * ocr-child.ts) and cuts each extraction into before OCR, render, DPI choice, preparation, recognition and after.
 *
 * The machine may be busy: the load average at start and end and the run-to-run spread are printed; re-run when
 * they are high. CPU seconds hold up better than wall seconds under load (not entirely: two hyperthreads share a
 * core). Prints Markdown tables and one JSON line `{...}` with every figure (the degraded part under `degraded`).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { fixture, labelsIn } from '../fixtures/index.js';
import { rasterise, scanFixtureAsync, type ScanFixtureName } from '../fixtures/scans.js';
import { benchScript, fixed, intFlag, median, mib, onPath } from './common.js';
import type { Degradation } from '../fixtures/degrade.js';
import type { OcrChildPage, OcrChildResult, OcrManifest, OcrSplit } from './ocr-child.js';

const HERE = dirname(fileURLToPath(import.meta.url));

// ---------------------------------------------------------------- options

const runs = intFlag('--runs', 3);
const dpisArg = process.argv.indexOf('--dpis');
const dpis = (dpisArg >= 0 ? process.argv[dpisArg + 1]! : '150,200,300').split(',').map(Number);
if (dpis.some((d) => !Number.isInteger(d) || d < 50 || d > 600)) throw new Error('--dpis wants DPIs like 150,200,300');
const breakdownOn = !process.argv.includes('--no-breakdown');
const listFlag = (name: string): string[] | null => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? (process.argv[i + 1] ?? '').split(',').filter(Boolean) : null;
};
/** --degraded-only: just the degraded scans; --no-degraded: just the clean ones; by default both. */
const degradedOnly = process.argv.includes('--degraded-only');
const cleanOn = !degradedOnly;
const degradedOn = degradedOnly || process.argv.includes('--degraded') || !process.argv.includes('--no-degraded');
const degradedNames = listFlag('--degraded-pages');
/** The degraded scan whose page time is split at each of --dpis: 300 dpi, so no DPI asked for is an upsampling. */
const splitPage = listFlag('--split-page')?.[0] ?? 'degraded-tilt3-two-col';
const splitOn = !process.argv.includes('--no-split');
/** Resolution of the scans themselves: the highest rendered, so lower DPIs are a downsampling of the same image. */
const INPUT_DPI = 300;

interface PageDef {
  id: string;
  scan: ScanFixtureName;
  page: number;
  /** The digital fixture the scan was made from, and its page. */
  source: string;
  sourcePage: number;
}

const ALL_PAGES: PageDef[] = [
  { id: 'scan-two-col p1', scan: 'scan-two-col', page: 1, source: 'two-col-gutter-24pt-rows', sourcePage: 1 },
  { id: 'scan-mixed p2', scan: 'scan-mixed', page: 2, source: 'single-col-3pp-in-order', sourcePage: 2 },
  { id: 'scan-mixed p3', scan: 'scan-mixed', page: 3, source: 'single-col-3pp-in-order', sourcePage: 3 },
  { id: 'scan-rotated p1', scan: 'scan-rotated', page: 1, source: 'rotate-90-two-col-rows', sourcePage: 1 },
];
const pages = ALL_PAGES.slice(0, Math.min(ALL_PAGES.length, intFlag('--pages', ALL_PAGES.length)));

// ---------------------------------------------------------------- accuracy

/** Words for matching: hyphen breaks joined, lower case, punctuation stripped, labels (a letter and 3+ digits) left out. */
export function words(text: string): string[] {
  return text
    .replace(/(\p{L})[-\u2010\u2011\u00ad]\s+(\p{L})/gu, '$1$2')
    .split(/\s+/)
    .map((w) => w.toLowerCase().replace(/[^\p{L}\p{N}]/gu, ''))
    .filter((w) => w !== '' && !/^\p{L}\d{3,}$/u.test(w));
}

function multiset(xs: string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const x of xs) m.set(x, (m.get(x) ?? 0) + 1);
  return m;
}

/** How many of `ref`'s words `got` has (multiset intersection). */
function wordsFound(ref: string[], got: string[]): number {
  const have = multiset(got);
  let n = 0;
  for (const [w, k] of multiset(ref)) n += Math.min(k, have.get(w) ?? 0);
  return n;
}

/** Longest strictly increasing subsequence. */
function lis(xs: number[]): number {
  const tails: number[] = [];
  for (const x of xs) {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (tails[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    tails[lo] = x;
  }
  return tails.length;
}

interface Score {
  refWords: number;
  wordsFound: number;
  labels: number;
  labelsFound: number;
  labelsInOrder: number;
  /** Labels read letter for letter (q0001 as q0001): a character-level check the word count cannot make. */
  labelsExact: number;
}

/** Words and labels of an OCR text against the source page (its words and flow labels in order). */
function score(ref: Reference, text: string): Score {
  const flowIndex = new Map(ref.flow.map((l, i) => [l.replace(/^\D+/, ''), i]));
  const seen = new Set<number>();
  const order: number[] = [];
  // A label is known by its 4-digit number, whatever letters come before it: OCR reads q as g or O or gq, and the
  // tesseract CLI's page segmentation can split the aligned column of q's off a column of text as a block of its own.
  // (A figure caption's labels, c001, have three digits: a whole run of 3 or 4 digits is looked up.)
  for (const m of text.matchAll(/(?<!\p{N})(\d{3,4})(?!\p{N})/gu)) {
    const i = flowIndex.get(m[1]!);
    if (i === undefined || seen.has(i)) continue;
    seen.add(i);
    order.push(i);
  }
  const tokens = new Set(text.split(/\s+/));
  const labelsExact = ref.flow.filter((l) => tokens.has(l)).length;
  return {
    refWords: ref.words.length,
    wordsFound: wordsFound(ref.words, words(text)),
    labels: ref.flow.length,
    labelsFound: seen.size,
    labelsInOrder: lis(order),
    labelsExact,
  };
}

function pooled(scores: Score[]): Score {
  const sum = (k: keyof Score) => scores.reduce((n, s) => n + s[k], 0);
  return {
    refWords: sum('refWords'),
    wordsFound: sum('wordsFound'),
    labels: sum('labels'),
    labelsFound: sum('labelsFound'),
    labelsInOrder: sum('labelsInOrder'),
    labelsExact: sum('labelsExact'),
  };
}

interface Reference {
  text: string;
  words: string[];
  /** The page's flow labels in reading order. */
  flow: string[];
}

/**
 * The source page's text: pdf.js text items (every word drawn on the page, running heads included), and the flow
 * labels on it in reading order (of `flow`, by default the source fixture's).
 */
async function reference(def: Pick<PageDef, 'source' | 'sourcePage'>, flow?: readonly string[]): Promise<Reference> {
  const { pdfjs, pdfjsAssets } = await import('../lib/pdf/pdfjs.js');
  const f = fixture(def.source);
  const doc = await pdfjs.getDocument({ data: new Uint8Array(f.pdf), ...pdfjsAssets(), verbosity: 0 }).promise;
  try {
    const content = await (await doc.getPage(def.sourcePage)).getTextContent();
    const text = content.items.map((i) => ('str' in i ? i.str : '')).join(' ');
    const onPage = new Set(labelsIn(text));
    return { text, words: words(text), flow: (flow ?? f.flow).filter((l) => onPage.has(l)) };
  } finally {
    await doc.destroy();
  }
}

// ---------------------------------------------------------------- readflow

function runReadflow(manifest: string, dpi: number): OcrChildResult {
  return runOcrChild(manifest, ['--dpi', String(dpi), ...(breakdownOn ? ['--breakdown'] : [])], `at ${dpi} dpi`);
}

/** The bundled bench/ocr-child.ts in a fresh node process on `manifest`: 1 warm-up, `--runs` timed runs. */
function runOcrChild(manifest: string, extra: string[], what: string): OcrChildResult {
  const args = [benchScript('ocr-child'), manifest, '--warmup', '1', '--runs', String(runs), ...extra];
  const r = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 256 << 20, stdio: ['ignore', 'pipe', 'pipe'] });
  const line = r.stdout?.split('\n').find((l) => l.startsWith('OCRBENCH '));
  if (r.status !== 0 || !line) throw new Error(`readflow OCR child ${what} failed (status ${r.status}):\n${r.stderr}`);
  return JSON.parse(line.slice('OCRBENCH '.length)) as OcrChildResult;
}

// ---------------------------------------------------------------- native tesseract

interface Measured {
  wallMs: number;
  /** user + system CPU of the process, ms (null without GNU time). */
  cpuMs: number | null;
  maxRssKiB: number | null;
  stdout: string;
}

const GNU_TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;

/** One process, wall time from here; CPU and peak RSS from GNU time, else peak RSS sampled from /proc. */
async function measure(exe: string, args: string[], env: NodeJS.ProcessEnv, scratch: string): Promise<Measured> {
  if (GNU_TIME) {
    const out = join(scratch, 'time.txt');
    const t0 = performance.now();
    const r = spawnSync(GNU_TIME, ['-o', out, '-f', '%M %U %S', exe, ...args], { env, encoding: 'utf8', maxBuffer: 64 << 20 });
    const wallMs = performance.now() - t0;
    if (r.status !== 0) throw new Error(`${exe} ${args.join(' ')} failed (status ${r.status}): ${r.stderr}`);
    const [rss, user, sys] = readFileSync(out, 'utf8').trim().split('\n').pop()!.split(' ').map(Number);
    return { wallMs, cpuMs: (user! + sys!) * 1000, maxRssKiB: rss!, stdout: r.stdout };
  }
  return new Promise((resolvePromise, reject) => {
    const t0 = performance.now();
    const child = spawn(exe, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let hwm: number | null = null;
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const poll = setInterval(() => {
      try {
        const m = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        if (m) hwm = Math.max(hwm ?? 0, Number(m[1]));
      } catch {
        // gone already, or no /proc
      }
    }, 5);
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(poll);
      const wallMs = performance.now() - t0;
      if (code !== 0) reject(new Error(`${exe} ${args.join(' ')} failed (status ${code}): ${stderr}`));
      else resolvePromise({ wallMs, cpuMs: null, maxRssKiB: hwm, stdout });
    });
  });
}

interface NativeRow {
  model: string;
  dpi: number;
  startupMs: number;
  startupCpuMs: number | null;
  /** Per page: process time of each timed run, ms. */
  pages: { id: string; wallMs: number[]; cpuMs: (number | null)[]; text: string }[];
  peakRssKiB: number | null;
}

async function runTesseract(
  exe: string,
  model: { name: string; tessdataDir: string | null },
  dpi: number,
  images: string[],
  blank: string,
  scratch: string,
): Promise<NativeRow> {
  const env = { ...process.env, OMP_THREAD_LIMIT: '1' };
  const args = (img: string) => [img, '-', '-l', 'eng', ...(model.tessdataDir ? ['--tessdata-dir', model.tessdataDir] : [])];
  await measure(exe, args(images[0]!), env, scratch); // warm-up: binary, libraries and model into the page cache
  const startup: Measured[] = [];
  for (let i = 0; i < runs; i++) startup.push(await measure(exe, args(blank), env, scratch));
  const rows: NativeRow['pages'] = pages.map((p) => ({ id: p.id, wallMs: [], cpuMs: [], text: '' }));
  let peak: number | null = null;
  for (let r = 0; r < runs; r++) {
    for (const [i, img] of images.entries()) {
      const m = await measure(exe, args(img), env, scratch);
      rows[i]!.wallMs.push(m.wallMs);
      rows[i]!.cpuMs.push(m.cpuMs);
      rows[i]!.text = m.stdout;
      if (m.maxRssKiB !== null) peak = Math.max(peak ?? 0, m.maxRssKiB);
    }
  }
  const cpus = startup.map((s) => s.cpuMs);
  return {
    model: model.name,
    dpi,
    startupMs: median(startup.map((s) => s.wallMs)),
    startupCpuMs: cpus.every((c) => c !== null) ? median(cpus as number[]) : null,
    pages: rows,
    peakRssKiB: peak,
  };
}

/** A small white PNG: what the process costs with (almost) nothing to recognise. */
async function blankPng(file: string): Promise<void> {
  const { createCanvas } = await import('@napi-rs/canvas');
  const c = createCanvas(200, 100);
  const ctx = c.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, 200, 100);
  writeFileSync(file, c.toBuffer('image/png'));
}

// ---------------------------------------------------------------- the run

interface Summary {
  engine: string;
  dpi: number;
  startupMs: number;
  /** readflow only: the first (cold) page after the worker started. */
  firstPageMs: number | null;
  /** Mean over pages of the per-page median, ms (tesseract: start-up subtracted). */
  wallMsPerPage: number;
  cpuMsPerPage: number | null;
  /** Tesseract: the whole process per page, start-up included. */
  processMsPerPage: number | null;
  peakRssKiB: number | null;
  /** Median over pages of (max/min − 1) across the runs: the run-to-run noise. */
  spread: number;
  accuracy: Score;
  perPage: { id: string; wallMs: number; cpuMs: number | null; score: Score; confidence?: number | null; stable?: boolean }[];
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const spreadOf = (xss: number[][]) => median(xss.map((xs) => Math.max(...xs) / Math.min(...xs) - 1));

/** What was measured: the commit, and any uncommitted change under lib/ (the child bundles the working tree). */
function libState(): { commit: string | null; dirty: string[] } {
  const git = (args: string[]) => spawnSync('git', args, { cwd: join(HERE, '..'), encoding: 'utf8' });
  const head = git(['rev-parse', '--short', 'HEAD']);
  if (head.status !== 0) return { commit: null, dirty: [] };
  const dirty = (git(['status', '--porcelain', '--', 'lib']).stdout ?? '')
    .split('\n')
    .filter(Boolean)
    .map((l) => l.slice(3));
  return { commit: head.stdout.trim(), dirty };
}

const started = new Date().toISOString();
const lib = libState();
const work = mkdtempSync(join(tmpdir(), 'readflow-ocrbench-'));
const tesseract = onPath('tesseract');
const tesseractVersion = tesseract ? (spawnSync(tesseract, ['--version'], { encoding: 'utf8' }).stdout ?? '').split('\n')[0]!.trim() : null;

/** The clean scans at each DPI (the part this bench started with): prints its tables, returns its JSON fields. */
async function cleanPart(): Promise<Record<string, unknown>> {
  const load0 = loadavg();
  process.stderr.write(`building the scans at ${INPUT_DPI} dpi and the references...\n`);
  const manifest: OcrManifest = { pages: [] };
  const scans = new Map<ScanFixtureName, Uint8Array>();
  for (const p of pages) {
    if (!scans.has(p.scan)) {
      const f = await scanFixtureAsync(p.scan, INPUT_DPI);
      scans.set(p.scan, f.pdf);
      writeFileSync(join(work, `${p.scan}.pdf`), f.pdf);
    }
    manifest.pages.push({ id: p.id, file: `${p.scan}.pdf`, page: p.page });
  }
  const manifestFile = join(work, 'manifest.json');
  writeFileSync(manifestFile, JSON.stringify(manifest));
  const refs = new Map<string, Reference>();
  for (const p of pages) {
    const ref = await reference(p);
    // The measure checked on the source text itself: every word and label found, every label exact (not the order:
    // the source pages draw their columns row by row).
    const self = score(ref, ref.text);
    if (self.wordsFound !== self.refWords || self.labelsFound !== self.labels || self.labelsExact !== self.labels) {
      throw new Error(`the accuracy measure does not score ${p.source} p${p.sourcePage} perfect against itself: ${JSON.stringify(self)}`);
    }
    refs.set(p.id, ref);
  }

  const models: { name: string; tessdataDir: string | null }[] = [];
  const blank = join(work, 'blank.png');
  if (tesseract) {
    models.push({ name: 'system eng', tessdataDir: null });
    const { langPathFor } = await import('../lib/ocr/engine.js');
    const jsData = join(work, 'tessdata-js');
    mkdirSync(jsData);
    writeFileSync(join(jsData, 'eng.traineddata'), gunzipSync(readFileSync(join(langPathFor('eng'), 'eng.traineddata.gz'))));
    models.push({ name: 'tesseract.js eng (4.0.0_best_int)', tessdataDir: jsData });
    await blankPng(blank);
  }

  const readflow: OcrChildResult[] = [];
  const native: NativeRow[] = [];
  // DPI by DPI, readflow then tesseract: each comparison is made close in time, whatever else the machine does.
  for (const dpi of dpis) {
    process.stderr.write(`readflow at ${dpi} dpi (${pages.length} pages × ${runs} runs)...\n`);
    readflow.push(runReadflow(manifestFile, dpi));
    if (tesseract) {
      const dir = join(work, `png-${dpi}`);
      mkdirSync(dir);
      const images: string[] = [];
      for (const p of pages) {
        const file = join(dir, `${p.id.replace(/\W+/g, '-')}.png`);
        writeFileSync(file, await rasterise(scans.get(p.scan)!, p.page, dpi));
        images.push(file);
      }
      for (const model of models) {
        process.stderr.write(`tesseract (${model.name}) at ${dpi} dpi...\n`);
        native.push(await runTesseract(tesseract, model, dpi, images, blank, work));
      }
    }
  }
  const load1 = loadavg();

  // ---------------------------------------------------------------- figures

  const summaries: Summary[] = [];
  for (const r of readflow) {
    const perPage = r.pages.map((p) => ({
      id: p.id,
      wallMs: median(p.wallMs),
      cpuMs: median(p.cpuMs),
      score: score(refs.get(p.id)!, p.text),
      confidence: p.confidence,
      stable: p.stable,
    }));
    summaries.push({
      engine: 'readflow (tesseract.js)',
      dpi: r.dpi!,
      startupMs: r.workerStartMs,
      firstPageMs: r.firstPageMs,
      wallMsPerPage: mean(perPage.map((p) => p.wallMs)),
      cpuMsPerPage: mean(perPage.map((p) => p.cpuMs)),
      processMsPerPage: null,
      peakRssKiB: r.peakRssKiB,
      spread: spreadOf(r.pages.map((p) => p.wallMs)),
      accuracy: pooled(perPage.map((p) => p.score)),
      perPage,
    });
  }
  for (const n of native) {
    const perPage = n.pages.map((p) => {
      const cpu = p.cpuMs.every((c) => c !== null) && n.startupCpuMs !== null ? median(p.cpuMs as number[]) - n.startupCpuMs : null;
      return { id: p.id, wallMs: median(p.wallMs) - n.startupMs, processMs: median(p.wallMs), cpuMs: cpu, score: score(refs.get(p.id)!, p.text) };
    });
    summaries.push({
      engine: `tesseract CLI, ${n.model}`,
      dpi: n.dpi,
      startupMs: n.startupMs,
      firstPageMs: null,
      wallMsPerPage: mean(perPage.map((p) => p.wallMs)),
      cpuMsPerPage: perPage.every((p) => p.cpuMs !== null) ? mean(perPage.map((p) => p.cpuMs!)) : null,
      processMsPerPage: mean(perPage.map((p) => p.processMs)),
      peakRssKiB: n.peakRssKiB,
      spread: spreadOf(n.pages.map((p) => p.wallMs)),
      accuracy: pooled(perPage.map((p) => p.score)),
      perPage: perPage.map(({ processMs: _, ...p }) => p),
    });
  }
  const anchor = (dpi: number) => summaries.find((s) => s.dpi === dpi && s.engine.includes('system eng'));
  const sameModel = (dpi: number) => summaries.find((s) => s.dpi === dpi && s.engine.includes('tesseract.js eng'));

  const pct = (a: number, b: number) => (b ? `${fixed((100 * a) / b, 1)}%` : 'n/a');
  const sec = (ms: number | null) => (ms === null ? 'n/a' : fixed(ms / 1000, 2));
  const ratio = (a: number | null | undefined, b: number | null | undefined) => (a && b ? `${fixed(a / b, 2)}×` : 'n/a');
  const totalWords = [...refs.values()].reduce((n, r) => n + r.words.length, 0);
  const totalLabels = [...refs.values()].reduce((n, r) => n + r.flow.length, 0);

  const lines: string[] = [
    `OCR on ${pages.length} scanned page${pages.length > 1 ? 's' : ''} (${pages.map((p) => p.id).join(', ')}; ${totalWords} words, ${totalLabels} flow labels), scanned at ${INPUT_DPI} dpi and rendered for OCR at each DPI.`,
    `Node ${process.version}, ${cpus()[0]?.model ?? 'cpu'} (${cpus().length} threads); load average (1 min) ${fixed(load0[0]!, 1)} at start, ${fixed(load1[0]!, 1)} at end: ${
      Math.max(load0[0]!, load1[0]!) > cpus().length * 0.5
        ? 'OTHER WORK WAS RUNNING, times are inflated and noisier than on an idle machine'
        : 'the machine was mostly idle'
    }.`,
    `readflow: ${lib.commit ? `commit ${lib.commit}` : 'not a git checkout'}${lib.dirty.length ? ` with uncommitted changes in ${lib.dirty.join(', ')} (the working tree is what ran)` : ''}.`,
    `Median of ${runs} runs per page after 1 warm-up; readflow: one fresh process per DPI, worker reused across pages; tesseract: one process per page, OMP_THREAD_LIMIT=1.`,
    '',
    '| engine | dpi | start-up (s) | first page, cold (s) | s/page | CPU s/page | peak RSS (MiB) | words found | labels found | labels in order | labels exact | vs tesseract, system eng (wall · CPU) | vs tesseract, same model (wall · CPU) | run spread |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const dpi of dpis) {
    for (const s of summaries.filter((x) => x.dpi === dpi)) {
      const a = s.accuracy;
      lines.push(
        `| ${s.engine} | ${dpi} | ${sec(s.startupMs)} | ${sec(s.firstPageMs)} | ${sec(s.wallMsPerPage)} | ${sec(s.cpuMsPerPage)} | ${s.peakRssKiB === null ? 'n/a' : mib(s.peakRssKiB)} | ${pct(a.wordsFound, a.refWords)} | ${pct(a.labelsFound, a.labels)} | ${pct(a.labelsInOrder, a.labels)} | ${pct(a.labelsExact, a.labels)} | ${ratio(s.wallMsPerPage, anchor(dpi)?.wallMsPerPage)} · ${ratio(s.cpuMsPerPage, anchor(dpi)?.cpuMsPerPage)} | ${ratio(s.wallMsPerPage, sameModel(dpi)?.wallMsPerPage)} · ${ratio(s.cpuMsPerPage, sameModel(dpi)?.cpuMsPerPage)} | ${fixed(100 * s.spread, 0)}% |`,
      );
    }
  }
  lines.push('');
  lines.push(
    `start-up: readflow, the tesseract.js worker (wasm core, language data); tesseract, a process on a blank image. first page, cold: readflow's first extraction after the worker started (the wasm core still warming). s/page: readflow, one extractDocument of the page on the warm worker (open, render, PNG, recognise, layout); tesseract, its process time on the page minus start-up (the whole process: start-up + s/page). CPU: every thread of the process. Peak RSS: readflow, the whole process (Node, pdf.js, the worker and its wasm heap) over every page, from VmHWM (${mib(readflow[0]!.baselineRssKiB)} MiB of it before the worker started: Node, pdf.js, canvas, tesseract.js loaded and the scans read); tesseract, the largest page process (GNU time). run spread: max/min − 1 over the runs, median over pages.`,
  );
  if (!tesseract) lines.push('tesseract: skipped, not on PATH (optional anchor: apt-get install -y tesseract-ocr).');
  else
    lines.push(
      `tesseract: ${tesseractVersion}; "system eng" is the distribution's model (Debian: tessdata_fast), "tesseract.js eng" the one readflow uses. The CLI segments the page itself (PSM 3); tesseract.js keeps PSM 6 (one block) and readflow orders the words, so "labels in order" for tesseract is the CLI's own reading order.`,
    );

  if (breakdownOn) {
    lines.push(
      '',
      "Where readflow's page time goes: one extra pass per DPI, mean per page, CPU seconds (every thread; steady under load) and wall seconds. ocrPage is one call of lib/ocr/recognize.ts' ocrPage; render, PNG encode and recognise are one call each of what it runs (renderPage, canvas.toBuffer, worker.recognize of the whole page); other OCR = ocrPage minus those (the orientation check: line direction from the ink, a central crop recognised; the word boxes); outside OCR = the timed page minus ocrPage (opening the file, text layer, detection, layout).",
      '',
    );
    lines.push('| dpi | image (px) | PNG (MiB) | measure | render | PNG encode | recognise | other OCR | outside OCR | page | recognise share |');
    lines.push('| ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const r of readflow) {
      const b = r.breakdown ?? [];
      if (!b.length) continue;
      const s = summaries.find((x) => x.dpi === r.dpi && x.engine.startsWith('readflow'))!;
      const px = `${b[0]!.width}×${b[0]!.height}`;
      const png = fixed(mean(b.map((x) => x.pngBytes)) / 1048576, 2);
      for (const [measure, page, k] of [
        ['CPU', s.cpuMsPerPage!, 'Cpu'],
        ['wall', s.wallMsPerPage, ''],
      ] as const) {
        const get = (step: 'render' | 'png' | 'recognize' | 'ocrPage') => mean(b.map((x) => x[`${step}${k}Ms` as keyof typeof x] as number));
        const [render, enc, rec, ocr] = [get('render'), get('png'), get('recognize'), get('ocrPage')];
        lines.push(
          `| ${r.dpi} | ${px} | ${png} | ${measure} | ${sec(render)} | ${sec(enc)} | ${sec(rec)} | ${sec(ocr - render - enc - rec)} | ${sec(page - ocr)} | ${sec(page)} | ${fixed((100 * rec) / page, 0)}% |`,
        );
      }
    }
    lines.push(
      '',
      'Image size of the first page (portrait Letter; scan-rotated is landscape). The steps are timed in a separate pass from the page times, so under load the columns need not add up exactly.',
    );
  }

  lines.push('', 'Accuracy per page (words found · labels found / in order / exact):', '');
  const cols = summaries.filter((s) => s.engine.startsWith('readflow') || s.engine.includes('system eng'));
  lines.push(`| page | words | labels | ${cols.map((s) => `${s.engine.startsWith('readflow') ? 'readflow' : 'tesseract'} ${s.dpi}`).join(' | ')} |`);
  lines.push(`| --- | ---: | ---: | ${cols.map(() => '---:').join(' | ')} |`);
  for (const p of pages) {
    const ref = refs.get(p.id)!;
    const cells = cols.map((s) => {
      const x = s.perPage.find((q) => q.id === p.id)!.score;
      return `${pct(x.wordsFound, x.refWords)} · ${x.labelsFound}/${x.labelsInOrder}/${x.labelsExact}`;
    });
    lines.push(`| ${p.id} | ${ref.words.length} | ${ref.flow.length} | ${cells.join(' | ')} |`);
  }
  const unstable = summaries.flatMap((s) => s.perPage.filter((p) => p.stable === false).map((p) => `${p.id} at ${s.dpi} dpi`));
  if (unstable.length) lines.push('', `Note: readflow's text differed between runs on ${unstable.join(', ')} (the last run is scored).`);
  console.log(lines.join('\n'));

  return {
    loadAverage: { start: load0, end: load1 },
    warmup: 1,
    inputDpi: INPUT_DPI,
    pages: pages.map((p) => ({ ...p, words: refs.get(p.id)!.words.length, labels: refs.get(p.id)!.flow.length })),
    tesseract: tesseract ? { version: tesseractVersion, threads: 1, models: models.map((m) => m.name) } : null,
    results: summaries,
    readflowRaw: readflow.map(({ pages: ps, ...r }) => ({ ...r, pages: ps.map(({ text: _, ...p }) => p) })),
    ratios: dpis.map((dpi) => {
      const rf = summaries.find((s) => s.dpi === dpi && s.engine.startsWith('readflow'))!;
      return {
        dpi,
        timeVsTesseract: anchor(dpi) ? rf.wallMsPerPage / anchor(dpi)!.wallMsPerPage : null,
        timeVsTesseractSameModel: sameModel(dpi) ? rf.wallMsPerPage / sameModel(dpi)!.wallMsPerPage : null,
        cpuVsTesseract: anchor(dpi)?.cpuMsPerPage && rf.cpuMsPerPage ? rf.cpuMsPerPage / anchor(dpi)!.cpuMsPerPage! : null,
        cpuVsTesseractSameModel: sameModel(dpi)?.cpuMsPerPage && rf.cpuMsPerPage ? rf.cpuMsPerPage / sameModel(dpi)!.cpuMsPerPage! : null,
        rssVsTesseract: anchor(dpi)?.peakRssKiB && rf.peakRssKiB ? rf.peakRssKiB / anchor(dpi)!.peakRssKiB! : null,
      };
    }),
  };
}

// ---------------------------------------------------------------- degraded scans
interface DegradedPage {
  id: string;
  /** The degraded fixture (DEGRADED_SCANS name), its PDF on disk and the page in it (1-based). */
  name: string;
  file: string;
  page: number;
  source: string;
  sourcePage: number;
  degradation: Degradation;
  ref: Reference;
}

/** One engine on one degraded page: medians of the timed runs. */
interface DegradedRow {
  engine: 'readflow' | 'tesseract' | 'ocrmypdf';
  id: string;
  /** The DPI read at: readflow's choice (its page-ocr diagnostic), else the scan's own. */
  dpi: number | null;
  /** Skew readflow measured and levelled (degrees clockwise; 0 = left as it was). */
  skew: number | null;
  /** readflow: one extraction on the warm worker; tesseract: the process minus its start-up; ocrmypdf: the whole processes. */
  wallMs: number;
  cpuMs: number | null;
  wallRunsMs: number[];
  peakRssKiB: number | null;
  score: Score;
  /** readflow: specks and borders removed, junk words dropped (page-ocr detail). */
  cleaned?: { specks: number | null; borders: number | null; junkWords: number | null };
  confidence?: number | null;
  stable?: boolean;
}

/** The degradation in a few words: dpi, tilt, optics, noise, specks, coding, paper. */
function scanSummary(d: Degradation): string {
  const parts = [`${d.dpi} dpi`, `tilt ${d.tilt > 0 ? '+' : ''}${d.tilt}°`];
  if (d.blur) parts.push(`blur ${d.blur}`);
  if (d.noise) parts.push(`noise ${d.noise}`);
  if (d.speckles) parts.push(`${d.speckles} specks/MP`);
  parts.push(d.jpeg === null ? 'Flate' : `JPEG q${d.jpeg}`);
  if (d.paper !== 255 || d.ink !== 0) parts.push(`paper ${d.paper}/ink ${d.ink}`);
  if (d.shadow) parts.push('binding shadow');
  return parts.join(', ');
}

/** The page image at the scan's own resolution: the embedded image itself (pdfimages), else a pdf.js render. */
async function scanImage(p: DegradedPage, pdf: Uint8Array, dir: string): Promise<string> {
  const base = join(dir, p.id.replace(/\W+/g, '-'));
  const pdfimages = onPath('pdfimages');
  if (pdfimages) {
    const r = spawnSync(pdfimages, ['-png', '-f', String(p.page), '-l', String(p.page), p.file, base], { encoding: 'utf8' });
    if (r.status === 0 && existsSync(`${base}-000.png`)) return `${base}-000.png`;
  }
  writeFileSync(`${base}.png`, await rasterise(pdf, p.page, p.degradation.dpi));
  return `${base}.png`;
}

const firstLine = (exe: string, args: string[]): string => {
  const r = spawnSync(exe, args, { encoding: 'utf8' });
  return `${r.stdout ?? ''}${r.stderr ?? ''}`.split('\n')[0]!.trim();
};

/** The degraded scans: readflow's defaults beside tesseract and ocrmypdf, page by page; prints its tables, returns its JSON. */
async function degradedPart(): Promise<Record<string, unknown>> {
  const load0 = loadavg();
  const { DEGRADED_SCANS, degradedScanFixturesAsync } = await import('../fixtures/degrade.js');
  process.stderr.write('building the degraded scans and their references...\n');
  const names = degradedNames ?? DEGRADED_SCANS.map((p) => p.name);
  const built = await degradedScanFixturesAsync([...new Set([...names, ...(splitOn ? [splitPage] : [])])]);
  const dir = join(work, 'degraded');
  mkdirSync(dir);
  const pdfs = new Map<string, Uint8Array>();
  const all: DegradedPage[] = [];
  for (const f of built) {
    const preset = DEGRADED_SCANS.find((x) => x.name === f.name)!;
    const file = join(dir, `${f.name}.pdf`);
    writeFileSync(file, f.pdf);
    pdfs.set(f.name, f.pdf);
    for (const [i, sourcePage] of preset.pages.entries()) {
      const ref = await reference({ source: preset.source, sourcePage }, f.flow);
      const self = score(ref, ref.text);
      if (self.wordsFound !== self.refWords || self.labelsFound !== self.labels || !ref.flow.length) {
        throw new Error(`the accuracy measure does not score ${preset.source} p${sourcePage} perfect against itself: ${JSON.stringify(self)}`);
      }
      const id = preset.pages.length > 1 ? `${f.name} p${i + 1}` : f.name;
      all.push({ id, name: f.name, file, page: i + 1, source: preset.source, sourcePage, degradation: f.degradation ?? preset.degradation, ref });
    }
  }
  const dpages = all.filter((p) => names.includes(p.name));

  // The peers: tesseract on the page image, ocrmypdf on the PDF (with unpaper for --clean) and pdftotext on its output.
  const env = { ...process.env, OMP_THREAD_LIMIT: '1' };
  const ocrmypdf = onPath('ocrmypdf');
  const pdftotext = onPath('pdftotext');
  const unpaper = onPath('unpaper');
  const ocrmypdfMissing = !ocrmypdf ? 'ocrmypdf' : !unpaper ? 'unpaper (needed by --clean)' : !pdftotext ? 'pdftotext' : null;
  const ocrmypdfVersion = ocrmypdf && !ocrmypdfMissing ? firstLine(ocrmypdf, ['--version']) : null;
  const unpaperVersion = unpaper && !ocrmypdfMissing ? firstLine(unpaper, ['--version']) : null;
  const tessArgs = (img: string, dpi: number) => [img, '-', '-l', 'eng', '--psm', '3', '--dpi', String(dpi)];
  const ocrmypdfArgs = (p: DegradedPage, out: string) => [
    '--deskew',
    '--clean',
    '-l',
    'eng',
    '--jobs',
    '1',
    '--output-type',
    'pdf',
    '--optimize',
    '0',
    '--quiet',
    ...(p.page > 1 || all.filter((q) => q.name === p.name).length > 1 ? ['--pages', String(p.page)] : []),
    p.file,
    out,
  ];
  let tessStartup: { wallMs: number; cpuMs: number | null } | null = null;
  if (tesseract) {
    const blank = join(dir, 'blank.png');
    await blankPng(blank);
    await measure(tesseract, tessArgs(blank, 300), env, dir);
    const ms: Measured[] = [];
    for (let i = 0; i < runs; i++) ms.push(await measure(tesseract, tessArgs(blank, 300), env, dir));
    const c = ms.map((m) => m.cpuMs);
    tessStartup = { wallMs: median(ms.map((m) => m.wallMs)), cpuMs: c.every((x) => x !== null) ? median(c as number[]) : null };
  }

  const rows: DegradedRow[] = [];
  const raw: Record<string, unknown>[] = [];
  const errors: string[] = [];
  let warmedTess = false;
  let warmedOcrmypdf = false;
  // Page by page, the three engines one after the other: each comparison is made close in time.
  for (const p of dpages) {
    const manifestFile = join(dir, `${p.id.replace(/\W+/g, '-')}.json`);
    const manifest: OcrManifest = { pages: [{ id: p.id, file: `${p.name}.pdf`, page: p.page }] };
    writeFileSync(manifestFile, JSON.stringify(manifest));
    process.stderr.write(`readflow on ${p.id} (1 warm-up, ${runs} runs)...\n`);
    const r = runOcrChild(manifestFile, [], `on ${p.id}`);
    const rp = r.pages[0]!;
    rows.push({
      engine: 'readflow',
      id: p.id,
      dpi: rp.ocr?.dpi ?? null,
      skew: rp.ocr?.skew ?? null,
      wallMs: median(rp.wallMs),
      cpuMs: median(rp.cpuMs),
      wallRunsMs: rp.wallMs,
      peakRssKiB: r.peakRssKiB,
      score: score(p.ref, rp.text),
      cleaned: { specks: rp.ocr?.specks ?? null, borders: rp.ocr?.borders ?? null, junkWords: rp.ocr?.junkWords ?? null },
      confidence: rp.confidence,
      stable: rp.stable,
    });
    raw.push({
      id: p.id,
      workerStartMs: r.workerStartMs,
      firstPageMs: r.firstPageMs,
      baselineRssKiB: r.baselineRssKiB,
      workerRssKiB: r.workerRssKiB,
      peakRssKiB: r.peakRssKiB,
      rssSource: r.rssSource,
      cpuMs: rp.cpuMs,
      wallMs: rp.wallMs,
      ocr: rp.ocr,
      splits: rp.splits,
    });

    if (tesseract && tessStartup) {
      process.stderr.write(`tesseract on ${p.id}...\n`);
      const img = await scanImage(p, pdfs.get(p.name)!, dir);
      const args = tessArgs(img, p.degradation.dpi);
      if (!warmedTess) {
        await measure(tesseract, args, env, dir); // binary, libraries and model into the page cache
        warmedTess = true;
      }
      const ms: Measured[] = [];
      for (let i = 0; i < runs; i++) ms.push(await measure(tesseract, args, env, dir));
      const cpu = ms.map((m) => m.cpuMs);
      const rss = ms.map((m) => m.maxRssKiB).filter((x): x is number => x !== null);
      rows.push({
        engine: 'tesseract',
        id: p.id,
        dpi: p.degradation.dpi,
        skew: null,
        wallMs: median(ms.map((m) => m.wallMs)) - tessStartup.wallMs,
        cpuMs: cpu.every((c) => c !== null) && tessStartup.cpuMs !== null ? median(cpu as number[]) - tessStartup.cpuMs : null,
        wallRunsMs: ms.map((m) => m.wallMs),
        peakRssKiB: rss.length ? Math.max(...rss) : null,
        score: score(p.ref, ms.at(-1)!.stdout),
      });
    }

    if (ocrmypdf && !ocrmypdfMissing) {
      process.stderr.write(`ocrmypdf on ${p.id}...\n`);
      const out = join(dir, `${p.id.replace(/\W+/g, '-')}.ocr.pdf`);
      try {
        if (!warmedOcrmypdf) {
          await measure(ocrmypdf, ocrmypdfArgs(p, out), env, dir); // Python, Ghostscript, unpaper, tesseract into the page cache
          warmedOcrmypdf = true;
        }
        const ms: { wallMs: number; cpuMs: number | null; rss: number | null; text: string }[] = [];
        for (let i = 0; i < runs; i++) {
          const o = await measure(ocrmypdf, ocrmypdfArgs(p, out), env, dir);
          const t = await measure(pdftotext!, ['-f', String(p.page), '-l', String(p.page), out, '-'], env, dir);
          ms.push({
            wallMs: o.wallMs + t.wallMs,
            cpuMs: o.cpuMs !== null && t.cpuMs !== null ? o.cpuMs + t.cpuMs : null,
            rss: o.maxRssKiB === null ? t.maxRssKiB : Math.max(o.maxRssKiB, t.maxRssKiB ?? 0),
            text: t.stdout,
          });
        }
        const cpu = ms.map((m) => m.cpuMs);
        const rss = ms.map((m) => m.rss).filter((x): x is number => x !== null);
        rows.push({
          engine: 'ocrmypdf',
          id: p.id,
          dpi: p.degradation.dpi,
          skew: null,
          wallMs: median(ms.map((m) => m.wallMs)),
          cpuMs: cpu.every((c) => c !== null) ? median(cpu as number[]) : null,
          wallRunsMs: ms.map((m) => m.wallMs),
          peakRssKiB: rss.length ? Math.max(...rss) : null,
          score: score(p.ref, ms.at(-1)!.text),
        });
      } catch (e) {
        errors.push(
          `ocrmypdf failed on ${p.id}: ${String((e as Error).message ?? e)
            .split('\n')
            .slice(0, 3)
            .join(' ')}`,
        );
      }
    }
  }

  // Where the time goes: one page at each --dpis as ocrDpi (the engine's cap on the DPI it chooses).
  const split: { ocrDpi: number; peakRssKiB: number; wallMs: number; cpuMs: number; splits: (OcrSplit | null)[]; ocr: OcrChildPage['ocr'] }[] = [];
  const sp = all.find((p) => p.name === splitPage);
  if (splitOn && sp) {
    const manifestFile = join(dir, 'split.json');
    writeFileSync(manifestFile, JSON.stringify({ pages: [{ id: sp.id, file: `${sp.name}.pdf`, page: sp.page }] } satisfies OcrManifest));
    for (const dpi of dpis) {
      process.stderr.write(`readflow on ${sp.id} with ocrDpi ${dpi} (1 warm-up, ${runs} runs)...\n`);
      const r = runOcrChild(manifestFile, ['--dpi', String(dpi)], `on ${sp.id} at ${dpi} dpi`);
      const rp = r.pages[0]!;
      split.push({ ocrDpi: dpi, peakRssKiB: r.peakRssKiB, wallMs: median(rp.wallMs), cpuMs: median(rp.cpuMs), splits: rp.splits, ocr: rp.ocr });
    }
  }
  const load1 = loadavg();

  // ---------------------------------------------------------------- tables

  const pct = (a: number, b: number) => (b ? `${fixed((100 * a) / b, 1)}%` : 'n/a');
  const sec = (ms: number | null) => (ms === null ? 'n/a' : fixed(ms / 1000, 2));
  const engines = [
    { key: 'readflow', label: 'readflow (tesseract.js, its defaults)' },
    { key: 'tesseract', label: `tesseract CLI${tesseractVersion ? ` ${tesseractVersion.replace(/^tesseract\s*/, '')}` : ''}, system eng, PSM 3` },
    { key: 'ocrmypdf', label: `ocrmypdf --deskew --clean${ocrmypdfVersion ? ` ${ocrmypdfVersion}` : ''} + pdftotext` },
  ] as const;
  const _label = (k: DegradedRow['engine']) => engines.find((e) => e.key === k)!.label;
  const totalWords = dpages.reduce((n, p) => n + p.ref.words.length, 0);
  const totalLabels = dpages.reduce((n, p) => n + p.ref.flow.length, 0);
  const busy = Math.max(load0[0]!, load1[0]!) > cpus().length * 0.5;
  const lines: string[] = [
    `## Degraded scans`,
    '',
    `${dpages.length} degraded scan page${dpages.length === 1 ? '' : 's'} (fixtures/degrade.ts: image-only, ${Math.min(...dpages.map((p) => p.degradation.dpi))}–${Math.max(...dpages.map((p) => p.degradation.dpi))} dpi; ${totalWords} words, ${totalLabels} flow labels). Load average (1 min) ${fixed(load0[0]!, 1)} at start, ${fixed(load1[0]!, 1)} at end: ${busy ? 'OTHER WORK WAS RUNNING, times are inflated and noisier than on an idle machine' : 'the machine was mostly idle'}.`,
    `readflow: extractDocument(page, { ocr: 'auto' }) with its defaults (it chooses the DPI per page, at most 300, levels and cleans the image); one fresh process per page: worker start, 1 warm-up extraction, median of ${runs} run${runs > 1 ? 's' : ''}; peak RSS the process' VmHWM. tesseract: the page's image at the scan's own dpi (${onPath('pdfimages') ? 'extracted with pdfimages' : 'rendered by pdf.js'}), \`tesseract img - -l eng --psm 3 --dpi D\`, OMP_THREAD_LIMIT=1, median of ${runs}, start-up (a blank image) subtracted. ocrmypdf: \`ocrmypdf --deskew --clean -l eng --jobs 1 --output-type pdf --optimize 0\` then \`pdftotext\`, OMP_THREAD_LIMIT=1, the whole processes (start-up, Ghostscript, unpaper, tesseract, PDF writing), median of ${runs}. Peak RSS of the peers: GNU time (the largest process of the tree).`,
    '',
    '| page | source | scan | words | labels |',
    '| --- | --- | --- | ---: | ---: |',
    ...dpages.map((p) => `| ${p.id} | ${p.source} p${p.sourcePage} | ${scanSummary(p.degradation)} | ${p.ref.words.length} | ${p.ref.flow.length} |`),
    '',
    '| page | engine | dpi | skew (°) | s/page | CPU s/page | peak RSS (MiB) | words found | labels found | labels in order | specks · borders · junk words |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const p of dpages) {
    for (const r of rows.filter((x) => x.id === p.id)) {
      const c = r.cleaned;
      lines.push(
        `| ${p.id} | ${r.engine} | ${r.dpi ?? 'n/a'} | ${r.skew === null ? '–' : `${r.skew > 0 ? '+' : ''}${fixed(r.skew, 2)}`} | ${sec(r.wallMs)} | ${sec(r.cpuMs)} | ${r.peakRssKiB === null ? 'n/a' : mib(r.peakRssKiB)} | ${pct(r.score.wordsFound, r.score.refWords)} | ${pct(r.score.labelsFound, r.score.labels)} | ${pct(r.score.labelsInOrder, r.score.labels)} | ${c ? `${c.specks ?? '?'} · ${c.borders ?? '?'} · ${c.junkWords ?? '?'}` : '–'} |`,
      );
    }
  }
  lines.push(
    '',
    `dpi: readflow's choice (page-ocr diagnostic), the scan's own for the others; the scan's tilt is in the first table (positive = clockwise). skew: what readflow measured and levelled (0: left as it was). s/page: readflow, one extractDocument of the page on the warm worker; tesseract, its process minus ${tessStartup ? `${sec(tessStartup.wallMs)} s` : 'its'} start-up; ocrmypdf + pdftotext, the whole processes. labels found: the flow labels whose four digits are read, whatever letters come before them; labels in order: the longest run of them in flow order (its own reading order for each engine; pdftotext's for ocrmypdf).`,
  );

  const pooledRows = engines.map((e) => ({ e, rs: rows.filter((r) => r.engine === e.key) })).filter(({ rs }) => rs.length);
  const startupOf = (k: DegradedRow['engine']) =>
    k === 'readflow' ? sec(mean(raw.map((x) => x.workerStartMs as number))) : k === 'tesseract' ? sec(tessStartup?.wallMs ?? null) : 'included';
  lines.push(
    '',
    '| engine | pages | start-up (s) | s/page | CPU s/page | peak RSS, max (MiB) | words found | labels found | labels in order |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  );
  const pooledJson = [];
  for (const { e, rs } of pooledRows) {
    const a = pooled(rs.map((r) => r.score));
    const cpu = rs.every((r) => r.cpuMs !== null) ? mean(rs.map((r) => r.cpuMs!)) : null;
    const rss = rs.map((r) => r.peakRssKiB).filter((x): x is number => x !== null);
    const peak = rss.length ? Math.max(...rss) : null;
    lines.push(
      `| ${e.label} | ${rs.length} | ${startupOf(e.key)} | ${sec(mean(rs.map((r) => r.wallMs)))} | ${sec(cpu)} | ${peak === null ? 'n/a' : mib(peak)} | ${pct(a.wordsFound, a.refWords)} | ${pct(a.labelsFound, a.labels)} | ${pct(a.labelsInOrder, a.labels)} |`,
    );
    pooledJson.push({
      engine: e.label,
      pages: rs.length,
      wallMsPerPage: mean(rs.map((r) => r.wallMs)),
      cpuMsPerPage: cpu,
      peakRssKiB: peak,
      accuracy: a,
    });
  }
  lines.push('');
  if (!tesseract) lines.push('tesseract: skipped, not on PATH (apt-get install -y tesseract-ocr).');
  if (ocrmypdfMissing) lines.push(`ocrmypdf: skipped, ${ocrmypdfMissing} not on PATH (apt-get install -y ocrmypdf unpaper poppler-utils).`);
  else lines.push(`ocrmypdf ${ocrmypdfVersion}, unpaper ${unpaperVersion}, ${firstLine(pdftotext!, ['-v'])}.`);
  lines.push(...errors);
  const unstable = rows.filter((r) => r.stable === false).map((r) => r.id);
  if (unstable.length) lines.push(`Note: readflow's text differed between runs on ${unstable.join(', ')} (the last run is scored).`);

  const splitJson = [];
  if (split.length) {
    const keys = ['beforeOcr', 'dpiChoice', 'render', 'prepare', 'recognize', 'after', 'total'] as const;
    lines.push(
      '',
      `Where readflow's page time goes on ${sp!.id} (${scanSummary(sp!.degradation)}), extractDocument with ocrDpi set (the engine caps its chosen DPI there), one fresh process per ocrDpi, median of ${runs} run${runs > 1 ? 's' : ''} per step after 1 warm-up. Cut on a timeline of pdf.js' page renders and the worker's recognize calls (bench/ocr-child.ts; lib/ untouched): before OCR = open, text layer, the page's graphics, the decision; render = every pdf.js render of the page (a quick one at 100 dpi when ocrDpi > 150, then the one at the chosen DPI; the first decodes the scan's JPEG, about half a second here); DPI choice = the line pitch measured on the quick render; preparation = line direction, grey, paper flattening, skew estimate and levelling, threshold, specks and borders, the PNG for the worker; recognition = tesseract.js (PNG decode and recognition in its worker thread); after = words filtered and placed, layout, the document pass.`,
      '',
      '| ocrDpi | dpi read | image (px) | measure | before OCR | render | DPI choice | preparation | recognition | after OCR | page | recognition share | peak RSS (MiB) |',
      '| ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    );
    for (const x of split) {
      const ok = x.splits.filter((v): v is OcrSplit => v !== null);
      const med = (k: (typeof keys)[number], cpu: boolean) => median(ok.map((v) => v[`${k}${cpu ? 'Cpu' : ''}Ms` as keyof OcrSplit] as number));
      const px = ok.length ? `${ok[0]!.width}×${ok[0]!.height}` : 'n/a';
      const dpiRead = x.ocr?.dpi ?? ok[0]?.renderDpi ?? 'n/a';
      if (!ok.length) {
        lines.push(`| ${x.ocrDpi} | ${dpiRead} | n/a | wall | – | – | – | – | – | – | ${sec(x.wallMs)} | n/a | ${mib(x.peakRssKiB)} |`);
        lines.push(`| ${x.ocrDpi} | ${dpiRead} | n/a | CPU | – | – | – | – | – | – | ${sec(x.cpuMs)} | n/a | |`);
        splitJson.push({ ...x, median: null });
        continue;
      }
      const medians: Record<string, number> = {};
      for (const cpu of [false, true]) {
        const v = Object.fromEntries(keys.map((k) => [k, med(k, cpu)])) as Record<(typeof keys)[number], number>;
        for (const k of keys) medians[`${k}${cpu ? 'Cpu' : ''}Ms`] = v[k];
        lines.push(
          `| ${x.ocrDpi} | ${dpiRead} | ${px} | ${cpu ? 'CPU' : 'wall'} | ${sec(v.beforeOcr)} | ${sec(v.render)} | ${sec(v.dpiChoice)} | ${sec(v.prepare)} | ${sec(v.recognize)} | ${sec(v.after)} | ${sec(v.total)} | ${fixed((100 * v.recognize) / v.total, 0)}% | ${cpu ? '' : mib(x.peakRssKiB)} |`,
        );
      }
      splitJson.push({ ...x, median: medians });
    }
    lines.push(
      '',
      'CPU: every thread of the process (the main thread and the tesseract.js worker). The columns are medians taken one by one, so they need not add up to the page exactly.',
    );
  } else if (splitOn) {
    lines.push('', `DPI split: skipped, no degraded scan named ${splitPage}.`);
  }
  console.log(`\n${lines.join('\n')}`);

  return {
    loadAverage: { start: load0, end: load1 },
    runs,
    warmup: 1,
    pages: dpages.map((p) => ({
      id: p.id,
      source: p.source,
      sourcePage: p.sourcePage,
      degradation: p.degradation,
      words: p.ref.words.length,
      labels: p.ref.flow.length,
    })),
    tesseract: tesseract
      ? {
          version: tesseractVersion,
          model: 'system eng',
          threads: 1,
          psm: 3,
          startupMs: tessStartup?.wallMs ?? null,
          startupCpuMs: tessStartup?.cpuMs ?? null,
        }
      : null,
    ocrmypdf: ocrmypdfMissing
      ? { skipped: `${ocrmypdfMissing} not on PATH` }
      : {
          version: ocrmypdfVersion,
          unpaper: unpaperVersion,
          args: ['--deskew', '--clean', '-l', 'eng', '--jobs', '1', '--output-type', 'pdf', '--optimize', '0'],
          errors,
        },
    results: rows,
    pooled: pooledJson,
    readflowRaw: raw,
    split: split.length ? { page: sp!.id, rows: splitJson } : null,
  };
}

try {
  const json: Record<string, unknown> = { started, node: process.version, cpu: cpus()[0]?.model ?? null, threads: cpus().length, lib, runs };
  if (cleanOn) Object.assign(json, await cleanPart());
  if (degradedOn) json.degraded = await degradedPart();
  console.log(JSON.stringify(json));
} finally {
  rmSync(work, { recursive: true, force: true });
}
