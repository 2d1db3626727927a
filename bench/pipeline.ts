/**
 * `npm run bench:pipeline`: the generated 1,000-page book through the local pipeline (local S3/SQS server,
 * splitter, page workers, aggregator, exactly as `LocalPipeline` runs them) with 1, 2 and 4 page workers, and with
 * page workers in child processes, beside `extractDocument` in process on the same file. Prints a Markdown table and
 * one `BENCH_PIPELINE {json}` line.
 *
 *   npm run bench:pipeline -- [--pages 1000] [--workers 1,2,4] [--children 2] [--runs 1]
 *
 * Every configuration runs in a fresh node process (an esbuild bundle of this file in bench/out/pipeline/, git-ignored,
 * dependencies external, run by plain node: tsx's loader alone adds hundreds of MiB of RSS), so each peak RSS
 * (`process.resourceUsage().maxRSS`) is that configuration's own.
 *
 * What is measured:
 *  - wall: from the upload of the book to the job's final marker in the output bucket (the bucket watcher's
 *    250 ms poll and the consumers' long polls included); the in-process run: the `extractDocument` call.
 *    Median of `--runs`.
 *  - splitter: the time the splitter recorded in the job's manifest (opening the PDF and reading every page's
 *    text to size the batches; no batch is queued before it ends).
 *  - peak RSS of the process running the server and the handlers; with child workers, each worker's own, and the
 *    aggregation of the finished job run once more in a fresh process (what the aggregator function needs).
 *
 * Read the numbers for what they are: in-process page workers (`workers: n`) are n SQS consumers sharing one Node
 * event loop with the server, the splitter and the aggregator, so more of them overlap S3/SQS waits but never
 * compute two pages at once; child-process workers are separate processes and can use both cores of a 2-core
 * machine. On AWS each page worker is a Lambda invocation of its own, so the pipeline's speed-up there comes from
 * the number of concurrent invocations, which a single machine cannot show.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { book } from '../fixtures/index.js';
import { aggregate } from '../functions/aggregator.js';
import { loadConfig } from '../functions/shared/env.js';
import { extractDocument } from '../lib/extract.js';
import { LocalPipeline } from '../local/pipeline.js';
import { NODE_BUNDLE } from './bundle-options.js';
import { finalOf, manifestOf, RssSampler, startWorker, waitFor, type WorkerProcess } from '../test/support/pipeline.js';

const HERE = dirname(fileURLToPath(import.meta.url));
/** When running as the bundle, HERE is bench/out/pipeline; the sources are two levels up. */
const BENCH_DIR = basename(HERE) === 'pipeline' && basename(dirname(HERE)) === 'out' ? resolve(HERE, '..', '..') : HERE;
const OUT = join(BENCH_DIR, 'out', 'pipeline');
const LINE = 'BENCH ';

interface Measured {
  /** 'in-process', 'workers', 'children' or 'aggregate'. */
  mode: string;
  workers: number;
  pages: number;
  status: string;
  wallMs: number;
  maxRssKiB: number;
  /** Highest RSS seen by sampling every 50 ms (the sampler itself sees what maxRSS sees, less precisely). */
  sampledPeakMiB: number;
  splitterMs?: number;
  batches?: number;
  workerMaxRssKiB?: (number | null)[];
  /** children: the aggregation re-run in a fresh process. */
  aggregate?: { ms: number; maxRssKiB: number };
}

const say = (m: Measured) => process.stdout.write(LINE + JSON.stringify(m) + '\n');

// --- one configuration, in its own process ------------------------------------------------------------------------

async function inProcessRun(file: string): Promise<Measured> {
  const bytes = new Uint8Array(readFileSync(file));
  const rss = new RssSampler();
  const t0 = performance.now();
  const doc = await extractDocument(bytes, { source: { name: basename(file) } });
  const wallMs = performance.now() - t0;
  return {
    mode: 'in-process',
    workers: 0,
    pages: doc.usage.pages,
    status: doc.status,
    wallMs,
    maxRssKiB: process.resourceUsage().maxRSS,
    sampledPeakMiB: rss.stop(),
  };
}

async function pipelineRun(file: string, workers: number, children: boolean): Promise<Measured> {
  const bytes = new Uint8Array(readFileSync(file));
  // Long-running handlers (a 1,000-page split or aggregation takes longer than 30 s on a busy machine) must not see
  // their message come back while they still work on it: a visibility timeout well above any of them.
  const p = await LocalPipeline.start({ workers, inProcessWorkers: !children, visibilityTimeout: 900 });
  const procs: WorkerProcess[] = [];
  try {
    if (children) {
      for (let i = 0; i < workers; i++) procs.push(startWorker(p, { READFLOW_WORKER_NAME: `bench-worker-${i}` }, [join(OUT, 'worker-main.mjs')]));
      await Promise.all(procs.map((w) => w.ready(120_000))); // warm workers, as Lambda's would be under load
    }
    const rss = new RssSampler();
    const t0 = performance.now();
    const ref = await p.put(`bench/${basename(file)}`, bytes);
    const marker = await waitFor('the final marker', () => finalOf(p, ref), 1_800_000, 100);
    const wallMs = performance.now() - t0;
    const sampledPeakMiB = rss.stop();
    const maxRssKiB = process.resourceUsage().maxRSS;
    const manifest = (await manifestOf(p, ref))!;
    const out: Measured = {
      mode: children ? 'children' : 'workers',
      workers,
      pages: manifest.plan.pages.length,
      status: marker.status,
      wallMs,
      maxRssKiB,
      sampledPeakMiB,
      splitterMs: manifest.ms,
      batches: manifest.batches.length,
    };
    if (children) {
      out.workerMaxRssKiB = [];
      for (const w of procs) out.workerMaxRssKiB.push((await w.stop()).maxRssKiB);
      // The aggregation once more, alone in a fresh process: the aggregator function's time and memory.
      // Not spawnSync: this process serves S3 and SQS to the probe, its event loop must keep running.
      const probe = await runOne(['--one', 'aggregate'], { ...p.env, BENCH_JOB_ID: p.jobId(ref) });
      out.aggregate = { ms: probe.wallMs, maxRssKiB: probe.maxRssKiB };
    }
    return out;
  } finally {
    for (const w of procs) w.kill('SIGKILL');
    await p.stop();
  }
}

async function aggregateRun(): Promise<Measured> {
  const t0 = performance.now();
  await aggregate(process.env.BENCH_JOB_ID!, loadConfig());
  return {
    mode: 'aggregate',
    workers: 0,
    pages: 0,
    status: 'rewritten',
    wallMs: performance.now() - t0,
    maxRssKiB: process.resourceUsage().maxRSS,
    sampledPeakMiB: 0,
  };
}

// --- the driver ---------------------------------------------------------------------------------------------------

/** This file and local/worker-main.ts bundled for plain node (esbuild is a dev dependency: imported here only). */
async function bundle(): Promise<void> {
  const { buildSync } = await import('esbuild');
  buildSync({
    entryPoints: { pipeline: join(BENCH_DIR, 'pipeline.ts'), 'worker-main': join(BENCH_DIR, '..', 'local', 'worker-main.ts') },
    outdir: OUT,
    outExtension: { '.js': '.mjs' },
    ...NODE_BUNDLE,
  });
}

/** This file's bundle in a fresh node process, with `args`; its one result line. */
function runOne(args: string[], env: Record<string, string> = {}): Promise<Measured> {
  return new Promise((res, rej) => {
    const child = spawn(process.execPath, [join(OUT, 'pipeline.mjs'), ...args], {
      env: { ...process.env, NODE_NO_WARNINGS: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
    child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString('utf8')).slice(-8000)));
    child.on('error', rej);
    child.on('exit', (code) => {
      const line = stdout.split('\n').find((l) => l.startsWith(LINE));
      if (code !== 0 || !line) rej(new Error(`${args.join(' ')} failed (exit ${code}):\n${stderr}`));
      else res(JSON.parse(line.slice(LINE.length)) as Measured);
    });
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const mib = (kib: number) => Math.round(kib / 1024);

async function driver(o: { pages: number; workers: number[]; children: number[]; runs: number }): Promise<void> {
  await bundle();
  const dir = mkdtempSync(join(tmpdir(), 'readflow-bench-pipeline-'));
  try {
    const file = join(dir, `book-${o.pages}pp.pdf`);
    process.stderr.write(`generating the ${o.pages}-page book…\n`);
    writeFileSync(file, book(o.pages));
    const configs: { label: string; args: string[] }[] = [
      { label: 'extractDocument, in process', args: ['--one', 'in-process', '--file', file] },
      ...o.workers.map((n) => ({
        label: `pipeline, ${n} in-process worker${n > 1 ? 's' : ''}`,
        args: ['--one', 'workers', '--workers', String(n), '--file', file],
      })),
      ...o.children.map((n) => ({
        label: `pipeline, ${n} child-process worker${n > 1 ? 's' : ''}`,
        args: ['--one', 'children', '--workers', String(n), '--file', file],
      })),
    ];
    const rows: { label: string; runs: Measured[]; wallMs: number }[] = [];
    for (const c of configs) {
      const runs: Measured[] = [];
      for (let i = 0; i < o.runs; i++) {
        process.stderr.write(`${c.label}: run ${i + 1}/${o.runs} (load average ${loadavg()[0].toFixed(1)})…\n`);
        const m = await runOne(c.args);
        if (m.status !== 'complete') throw new Error(`${c.label}: the document ended ${m.status}`);
        runs.push(m);
      }
      rows.push({ label: c.label, runs, wallMs: median(runs.map((r) => r.wallMs)) });
    }
    const base = rows[0].wallMs;
    const lines = [
      `| run | wall s | pages/s | × in-process wall | splitter s | peak RSS MiB (handlers + server) | peak RSS MiB per child worker | aggregation alone: s, peak RSS MiB |`,
      `|---|---:|---:|---:|---:|---:|---:|---:|`,
    ];
    for (const r of rows) {
      const last = r.runs[r.runs.length - 1];
      const rss = Math.max(...r.runs.map((m) => m.maxRssKiB));
      lines.push(
        `| ${r.label} | ${(r.wallMs / 1000).toFixed(1)} | ${((o.pages * 1000) / r.wallMs).toFixed(1)} | ${(r.wallMs / base).toFixed(2)} | ` +
          `${last.splitterMs !== undefined ? (median(r.runs.map((m) => m.splitterMs!)) / 1000).toFixed(1) : '–'} | ${mib(rss)} | ` +
          `${last.workerMaxRssKiB ? last.workerMaxRssKiB.map((k) => (k === null ? '?' : mib(k))).join(', ') : '–'} | ` +
          `${last.aggregate ? `${(last.aggregate.ms / 1000).toFixed(1)}, ${mib(last.aggregate.maxRssKiB)}` : '–'} |`,
      );
    }
    const machine = { cpus: cpus().length, cpu: cpus()[0]?.model ?? '?', node: process.version, loadavg1: Number(loadavg()[0].toFixed(2)) };
    console.log(
      `\n${o.pages}-page book (${(readFileSync(file).length / 2 ** 20).toFixed(1)} MiB), median of ${o.runs} run(s); ${machine.cpus} CPU(s), ${machine.cpu}, node ${machine.node}\n`,
    );
    console.log(lines.join('\n'));
    console.log(
      `\nIn-process workers share one event loop (with the server, splitter and aggregator): more of them overlap I/O, never compute two pages at once. ` +
        `Child-process workers can use every core (${machine.cpus} here). The splitter reads every page's text before queueing any batch.`,
    );
    console.log(
      'BENCH_PIPELINE ' +
        JSON.stringify({
          pages: o.pages,
          runs: o.runs,
          machine,
          results: rows.map((r) => ({ label: r.label, wallMs: Math.round(r.wallMs), ratio: Number((r.wallMs / base).toFixed(3)), runs: r.runs })),
        }),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const { values: v } = parseArgs({
  options: {
    one: { type: 'string' },
    file: { type: 'string' },
    workers: { type: 'string' },
    children: { type: 'string' },
    pages: { type: 'string' },
    runs: { type: 'string' },
  },
});
const list = (s: string | undefined, fallback: number[]) => (s === undefined ? fallback : s === '' ? [] : s.split(',').map(Number));

if (v.one === 'in-process') say(await inProcessRun(v.file!));
else if (v.one === 'workers' || v.one === 'children') say(await pipelineRun(v.file!, Number(v.workers), v.one === 'children'));
else if (v.one === 'aggregate') say(await aggregateRun());
else if (v.one) throw new Error(`unknown --one ${v.one}`);
else {
  if (!existsSync(join(BENCH_DIR, 'pipeline.ts'))) throw new Error('run the benchmark from its source: npm run bench:pipeline');
  await driver({ pages: Number(v.pages ?? 1000), workers: list(v.workers, [1, 2, 4]), children: list(v.children, [2]), runs: Number(v.runs ?? 1) });
}
// The SDK clients keep sockets alive; the work is done.
process.exit(0);
