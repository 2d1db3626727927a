/**
 * OCR benchmark: readflow's OCR (pdf.js render → PNG → tesseract.js 7) at several DPIs against native tesseract on
 * the same page images: seconds per page, worker start-up, peak RSS, and accuracy against the source text, so the
 * `ocrDpi` default can be chosen on evidence.
 *
 *   npm run bench:ocr                                  150, 200 and 300 dpi, 3 timed runs each
 *   npm run bench:ocr -- --runs 5 --pages 2 --dpis 200,300 --no-breakdown
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
 *   labels found    the page's flow labels whose 4-digit number appears, whatever letters come before it (OCR
 *                   reads q as g, O or gq, and the tesseract CLI splits the column of q's of a right-hand column of
 *                   text off as a block of its own: 'q' then '0055', '0056' … further down);
 *   labels in order the longest run of them in flow order (longest increasing subsequence) over the page's labels;
 *   labels exact    labels read letter for letter ('q0065', not 'gq0065'): the only character-level check, as the
 *                   labels are the only words mixing a letter and digits.
 * Pooled over the pages. Tesseract's labels-in-order is its own reading order (the CLI's, columns as it finds them).
 *
 * The machine may be busy: the load average at start and end and the run-to-run spread are printed; re-run when
 * they are high. CPU seconds hold up better than wall seconds under load (not entirely: two hyperthreads share a
 * core). Prints Markdown tables and one JSON line `{...}` with every figure.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { fixture, labelsIn, rasterise, scanFixtureAsync, type ScanFixtureName } from '../fixtures/index.js';
import { benchScript, fixed, intFlag, median, mib, onPath } from './common.js';
import type { OcrChildResult, OcrManifest } from './ocr-child.js';

const HERE = dirname(fileURLToPath(import.meta.url));

// ---------------------------------------------------------------- options

const runs = intFlag('--runs', 3);
const dpisArg = process.argv.indexOf('--dpis');
const dpis = (dpisArg >= 0 ? process.argv[dpisArg + 1]! : '150,200,300').split(',').map(Number);
if (dpis.some((d) => !Number.isInteger(d) || d < 50 || d > 600)) throw new Error('--dpis wants DPIs like 150,200,300');
const breakdownOn = !process.argv.includes('--no-breakdown');
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
  for (const m of text.matchAll(/(?<!\p{N})(\d{4})(?!\p{N})/gu)) {
    const i = flowIndex.get(m[1]!);
    if (i === undefined || seen.has(i)) continue;
    seen.add(i);
    order.push(i);
  }
  const tokens = new Set(text.split(/\s+/));
  const labelsExact = ref.flow.filter((l) => tokens.has(l)).length;
  return { refWords: ref.words.length, wordsFound: wordsFound(ref.words, words(text)), labels: ref.flow.length, labelsFound: seen.size, labelsInOrder: lis(order), labelsExact };
}

function pooled(scores: Score[]): Score {
  const sum = (k: keyof Score) => scores.reduce((n, s) => n + s[k], 0);
  return { refWords: sum('refWords'), wordsFound: sum('wordsFound'), labels: sum('labels'), labelsFound: sum('labelsFound'), labelsInOrder: sum('labelsInOrder'), labelsExact: sum('labelsExact') };
}

interface Reference {
  text: string;
  words: string[];
  /** The page's flow labels in reading order. */
  flow: string[];
}

/** The source page's text: pdf.js text items (every word drawn on the page, running heads included). */
async function reference(def: PageDef): Promise<Reference> {
  const { pdfjs, pdfjsAssets } = await import('../lib/pdf/pdfjs.js');
  const f = fixture(def.source);
  const doc = await pdfjs.getDocument({ data: new Uint8Array(f.pdf), ...pdfjsAssets(), verbosity: 0 }).promise;
  try {
    const content = await (await doc.getPage(def.sourcePage)).getTextContent();
    const text = content.items.map((i) => ('str' in i ? i.str : '')).join(' ');
    const onPage = new Set(labelsIn(text));
    return { text, words: words(text), flow: f.flow.filter((l) => onPage.has(l)) };
  } finally {
    await doc.destroy();
  }
}

// ---------------------------------------------------------------- readflow

function runReadflow(manifest: string, dpi: number): OcrChildResult {
  const args = [benchScript('ocr-child'), manifest, '--dpi', String(dpi), '--warmup', '1', '--runs', String(runs), ...(breakdownOn ? ['--breakdown'] : [])];
  const r = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 256 << 20, stdio: ['ignore', 'pipe', 'pipe'] });
  const line = r.stdout?.split('\n').find((l) => l.startsWith('OCRBENCH '));
  if (r.status !== 0 || !line) throw new Error(`readflow OCR child at ${dpi} dpi failed (status ${r.status}):\n${r.stderr}`);
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

async function runTesseract(exe: string, model: { name: string; tessdataDir: string | null }, dpi: number, images: string[], blank: string, scratch: string): Promise<NativeRow> {
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
  const dirty = (git(['status', '--porcelain', '--', 'lib']).stdout ?? '').split('\n').filter(Boolean).map((l) => l.slice(3));
  return { commit: head.stdout.trim(), dirty };
}

const started = new Date().toISOString();
const lib = libState();
const load0 = loadavg();
const work = mkdtempSync(join(tmpdir(), 'readflow-ocrbench-'));
try {
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

  const tesseract = onPath('tesseract');
  let tesseractVersion: string | null = null;
  const models: { name: string; tessdataDir: string | null }[] = [];
  const blank = join(work, 'blank.png');
  if (tesseract) {
    tesseractVersion = (spawnSync(tesseract, ['--version'], { encoding: 'utf8' }).stdout ?? '').split('\n')[0]!.trim();
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
      dpi: r.dpi,
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
      Math.max(load0[0]!, load1[0]!) > cpus().length * 0.5 ? 'OTHER WORK WAS RUNNING, times are inflated and noisier than on an idle machine' : 'the machine was mostly idle'
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
  else lines.push(`tesseract: ${tesseractVersion}; "system eng" is the distribution's model (Debian: tessdata_fast), "tesseract.js eng" the one readflow uses. The CLI segments the page itself (PSM 3); tesseract.js keeps PSM 6 (one block) and readflow orders the words, so "labels in order" for tesseract is the CLI's own reading order.`);

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
      for (const [measure, page, k] of [['CPU', s.cpuMsPerPage!, 'Cpu'], ['wall', s.wallMsPerPage, '']] as const) {
        const get = (step: 'render' | 'png' | 'recognize' | 'ocrPage') => mean(b.map((x) => x[`${step}${k}Ms` as keyof typeof x] as number));
        const [render, enc, rec, ocr] = [get('render'), get('png'), get('recognize'), get('ocrPage')];
        lines.push(
          `| ${r.dpi} | ${px} | ${png} | ${measure} | ${sec(render)} | ${sec(enc)} | ${sec(rec)} | ${sec(ocr - render - enc - rec)} | ${sec(page - ocr)} | ${sec(page)} | ${fixed((100 * rec) / page, 0)}% |`,
        );
      }
    }
    lines.push('', 'Image size of the first page (portrait Letter; scan-rotated is landscape). The steps are timed in a separate pass from the page times, so under load the columns need not add up exactly.');
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

  console.log(
    JSON.stringify({
      started,
      node: process.version,
      cpu: cpus()[0]?.model ?? null,
      threads: cpus().length,
      loadAverage: { start: load0, end: load1 },
      lib,
      runs,
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
    }),
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
