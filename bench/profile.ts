/**
 * Where readflow's time goes: a CPU profile of one extraction of the generated book, summarised by self time.
 *
 *   npx tsx bench/profile.ts                    200 pages, one cold pass (module loading and JIT included)
 *   npx tsx bench/profile.ts --pages 500 --runs 3 --top 30 [--contender pdfjs] [--cpu 1 (pinned to one CPU)]
 *
 * Runs bench/child.ts (bundled, see common.ts) under `node --cpu-prof` in a fresh process, then reads the
 * .cpuprofile: self time per source file and the top functions by self time. Bundle positions are mapped back to
 * lib/*.ts through the bundle's source map; pdf.js is reported by its own file (pdf.worker.mjs is the parser and
 * text extraction, pdf.mjs the API side). The raw profile is kept in bench/out/ for Chrome DevTools or speedscope.
 */
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { childScript, fixed, intFlag, runChild, writeBook } from './common.js';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface Profile {
  nodes: { id: number; callFrame: CallFrame }[];
  samples: number[];
  timeDeltas: number[];
}

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const pages = intFlag('--pages', 200);
const runs = intFlag('--runs', 1);
const top = intFlag('--top', 20);
const ci = process.argv.indexOf('--contender');
const contender = ci >= 0 ? process.argv[ci + 1]! : 'readflow';
const cpu = process.argv.includes('--cpu') ? intFlag('--cpu', 0) : undefined;

const script = childScript();
const map = new SourceMap(JSON.parse(readFileSync(`${script}.map`, 'utf8')));
const dir = mkdtempSync(join(tmpdir(), 'readflow-prof-'));
const pdf = writeBook(pages);
let profile: Profile;
try {
  runChild([contender, pdf.file, '--warmup', '0', '--runs', String(runs)], ['--cpu-prof', '--cpu-prof-dir', dir], cpu);
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error('node wrote no .cpuprofile');
  copyFileSync(join(dir, file), join(dirname(script), `${contender}-${pages}pp.cpuprofile`));
  profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Profile;
} finally {
  pdf.dispose();
  rmSync(dir, { recursive: true, force: true });
}

/** A frame's place: lib/… file and line through the source map, else the file (node_modules/…, node:…), else (name). */
function place(f: CallFrame): { file: string; line: number } {
  if (!f.url) return { file: f.functionName || '(native)', line: 0 };
  if (f.url.endsWith('/child.mjs')) {
    const e = map.findEntry(f.lineNumber, f.columnNumber) as { originalSource?: string; originalLine?: number };
    if (e.originalSource)
      return { file: relative(ROOT, fileURLToPath(new URL(e.originalSource, `file://${script}`))), line: (e.originalLine ?? 0) + 1 };
  }
  const path = f.url.startsWith('file://') ? relative(ROOT, fileURLToPath(f.url)) : f.url;
  return { file: path.replace(/^node_modules\/pdfjs-dist\/legacy\/build\//, 'pdfjs:'), line: f.lineNumber + 1 };
}

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const byFunction = new Map<string, number>();
const byFile = new Map<string, number>();
let total = 0;
for (let i = 0; i < profile.samples.length; i++) {
  const us = profile.timeDeltas[i + 1] ?? 0; // a sample lasts until the next one
  const frame = byId.get(profile.samples[i]!)!.callFrame;
  const { file, line } = place(frame);
  const fn = `${frame.functionName || '(anonymous)'}  ${file}${line ? `:${line}` : ''}`;
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
  byFile.set(file, (byFile.get(file) ?? 0) + us);
  total += us;
}

const ms = (us: number): string => fixed(us / 1000, 0);
const pct = (us: number): string => `${fixed((100 * us) / total, 1)}%`;
const sorted = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
console.log(
  `CPU profile of ${contender} on the ${pages}-page book (${runs} cold pass${runs > 1 ? 'es' : ''}, in a fresh process): ${ms(total)} ms sampled.`,
);
console.log('\n| file | self ms | share |\n| --- | ---: | ---: |');
for (const [file, us] of sorted(byFile, 15)) console.log(`| ${file} | ${ms(us)} | ${pct(us)} |`);
console.log(`\n| function (top ${top} by self time) | self ms | share |\n| --- | ---: | ---: |`);
for (const [fn, us] of sorted(byFunction, top)) console.log(`| ${fn.replace(/\|/g, '\\|')} | ${ms(us)} | ${pct(us)} |`);
console.log(`\nRaw profile: ${relative(ROOT, join(dirname(script), `${contender}-${pages}pp.cpuprofile`))} (open in Chrome DevTools or speedscope).`);
