/**
 * One contender in one fresh process, so its peak RSS (VmHWM, see rss.ts) is its own.
 * Started by bench/run.ts, bench/memory.ts and bench/profile.ts, bundled to bench/out/child.mjs (see common.ts);
 * by hand, after any of them has run once:
 *
 *   node bench/out/child.mjs <pdfjs|readflow> <file.pdf> [--warmup 1] [--runs 5] [--probe]
 *
 * Reads the file, notes the baseline RSS (node + modules + the file's bytes), runs `--warmup` discarded passes,
 * then `--runs` timed passes (wall time of the whole pass, performance.now(), and its CPU time), and prints one line
 * `BENCH {json}` with every time, the baseline and the peak RSS.
 *
 * --probe (needs node --expose-gc): one pass that forces a GC at ten points through the document and records
 * the live heap (heapUsed + external + arrayBuffers) there: what the pass retains as pages go by. Its GCs change
 * the process' peak RSS, so a probe's figures are never mixed with a timed or peak-RSS measurement.
 */
import { readFileSync } from 'node:fs';
import { contenders } from './contenders.js';
import { peakRssKiB } from './rss.js';

export interface ChildResult {
  contender: string;
  pages: number;
  chars: number;
  /** Wall time of each timed pass, ms (warm-up passes left out). */
  timesMs: number[];
  /** CPU time (user + system, all threads of the process) of each timed pass, ms: steadier than wall time on a busy machine. */
  cpuMs: number[];
  /** Peak RSS after loading modules and reading the file, before any pass (KiB). */
  baselineRssKiB: number;
  /** Peak RSS of the process at the end (KiB). */
  peakRssKiB: number;
  /** --probe only: live heap after a forced GC once `page` pages were done (page 0: before the pass). */
  live?: { page: number; bytes: number }[];
}

function flag(args: string[], name: string, fallback: number): number {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
}

function liveBytes(): number {
  (globalThis as { gc?: () => void }).gc!();
  const m = process.memoryUsage();
  return m.heapUsed + m.external + m.arrayBuffers;
}

async function main(): Promise<void> {
  const [name, file, ...rest] = process.argv.slice(2);
  const run = name ? contenders[name] : undefined;
  if (!run || !file) throw new Error(`usage: child.ts <${Object.keys(contenders).join('|')}> <file.pdf> [--warmup N] [--runs N] [--probe]`);
  const bytes = new Uint8Array(readFileSync(file));
  const baselineRssKiB = peakRssKiB();
  const result: ChildResult = { contender: name!, pages: 0, chars: 0, timesMs: [], cpuMs: [], baselineRssKiB, peakRssKiB: 0 };

  if (rest.includes('--probe')) {
    if (typeof (globalThis as { gc?: unknown }).gc !== 'function') throw new Error('--probe needs node --expose-gc');
    const total = (await run(bytes)).pages; // a first pass to know the page count and warm every lazy cache
    const at = new Set(Array.from({ length: 10 }, (_, i) => Math.round(((i + 1) * total) / 10)));
    const live = [{ page: 0, bytes: liveBytes() }];
    const pass = await run(bytes, (done) => {
      if (at.has(done)) live.push({ page: done, bytes: liveBytes() });
    });
    Object.assign(result, pass, { live });
  } else {
    const warmup = flag(rest, '--warmup', 1);
    const runs = flag(rest, '--runs', 5);
    for (let i = 0; i < warmup + runs; i++) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      const pass = await run(bytes);
      const ms = performance.now() - t0;
      const cpu = process.cpuUsage(c0);
      if (i >= warmup) {
        result.timesMs.push(ms);
        result.cpuMs.push((cpu.user + cpu.system) / 1000);
      }
      result.pages = pass.pages;
      result.chars = pass.chars;
    }
  }
  result.peakRssKiB = peakRssKiB();
  process.stdout.write(`BENCH ${JSON.stringify(result)}\n`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
