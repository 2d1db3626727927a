/**
 * Helpers shared by the benchmark drivers (bench/run.ts, bench/memory.ts, bench/profile.ts): the book written to
 * a temp file, a contender run in a fresh child process, pdftotext when it is installed, and number formatting.
 * Nothing here measures on its own.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { buildSync } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { book } from '../fixtures/index.js';
import { NODE_BUNDLE } from './bundle-options.js';
import type { ChildResult } from './child.js';

const HERE = dirname(fileURLToPath(import.meta.url));

/**
 * bench/child.ts bundled by esbuild into bench/out/child.mjs (git-ignored), dependencies left external, the way
 * dist/cli.js is built, and run by plain node. Not run under tsx: its loader transforms pdf.js (3 MB of .mjs)
 * and reads its source maps, which alone adds ~400 MiB of RSS and would swamp every memory figure.
 */
export function childScript(): string {
  // child.mjs.map is for bench/profile.ts; not linked, so node never loads it.
  return benchScript('child', true);
}

const bundled = new Map<string, string>();

/** bench/NAME.ts bundled once per process into bench/out/NAME.mjs (with an external source map when asked). */
export function benchScript(name: string, sourcemap = false): string {
  let file = bundled.get(name);
  if (!file) {
    file = join(HERE, 'out', `${name}.mjs`);
    buildSync({ ...NODE_BUNDLE, entryPoints: [join(HERE, `${name}.ts`)], outfile: file, ...(sourcemap ? { sourcemap: 'external' as const } : {}) });
    bundled.set(name, file);
  }
  return file;
}

export function intFlag(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  if (i < 0) return fallback;
  const v = Number(process.argv[i + 1]);
  if (!Number.isInteger(v) || v < 1) throw new Error(`${name} wants a positive integer, got ${process.argv[i + 1]}`);
  return v;
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** A temp folder holding the generated book; `dispose()` removes it. */
export function writeBook(pages: number): { file: string; bytes: number; dispose: () => void } {
  const pdf = book(pages);
  const dir = mkdtempSync(join(tmpdir(), 'readflow-bench-'));
  const file = join(dir, `book-${pages}pp.pdf`);
  writeFileSync(file, pdf);
  return { file, bytes: pdf.length, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Run the bundled bench/child.ts in a fresh node process (extra node flags first) and return its result. With `cpu`
 * the process is pinned to that one CPU (`taskset`, util-linux), as a Lambda function of up to ~1.8 GB nearly is:
 * garbage collection that runs on a second core otherwise runs on the same one.
 */
export function runChild(args: string[], nodeFlags: string[] = [], cpu?: number): ChildResult {
  const command = [process.execPath, ...nodeFlags, childScript(), ...args];
  if (cpu !== undefined && !onPath('taskset')) throw new Error('--cpu needs taskset (apt-get install -y util-linux)');
  const [exe, ...argv] = cpu !== undefined ? ['taskset', '-c', String(cpu), ...command] : command;
  const r = spawnSync(exe!, argv, {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const line = r.stdout?.split('\n').find((l) => l.startsWith('BENCH '));
  if (r.status !== 0 || !line) throw new Error(`child ${args.join(' ')} failed (status ${r.status}):\n${r.stderr}`);
  return JSON.parse(line.slice(6)) as ChildResult;
}

export function onPath(cmd: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const p = join(dir, cmd);
    if (dir && existsSync(p)) return p;
  }
  return null;
}

/**
 * `pdftotext file.pdf -` (poppler), optional: null when it is not on PATH. One discarded warm-up, then `runs`
 * timed runs (wall time of the whole process, start-up included). Peak RSS comes from GNU time (`-f %M`) when
 * /usr/bin/time exists, else it is left out.
 */
export function runPdftotext(
  file: string,
  warmup: number,
  runs: number,
): { timesMs: number[]; peakRssKiB: number | null; chars: number; version: string } | null {
  const exe = onPath('pdftotext');
  if (!exe) return null;
  const version = (spawnSync(exe, ['-v'], { encoding: 'utf8' }).stderr ?? '').split('\n')[0]!.trim();
  const timesMs: number[] = [];
  let chars = 0;
  for (let i = 0; i < warmup + runs; i++) {
    const t0 = performance.now();
    const r = spawnSync(exe, [file, '-'], { encoding: 'utf8', maxBuffer: 256 << 20 });
    const ms = performance.now() - t0;
    if (r.status !== 0) throw new Error(`pdftotext failed: ${r.stderr}`);
    chars = r.stdout.replace(/\s+/g, '').length;
    if (i >= warmup) timesMs.push(ms);
  }
  let peakRssKiB: number | null = null;
  if (existsSync('/usr/bin/time')) {
    const r = spawnSync('/usr/bin/time', ['-f', 'MAXRSS %M', exe, file, '/dev/null'], { encoding: 'utf8' });
    const m = /MAXRSS (\d+)/.exec(r.stderr ?? '');
    if (m) peakRssKiB = Number(m[1]);
  }
  return { timesMs, peakRssKiB, chars, version };
}

export const mib = (kib: number): string => (kib / 1024).toFixed(0);
export const fixed = (x: number, digits: number): string => x.toFixed(digits);
