/**
 * Throughput benchmark: readflow's full extraction against raw pdf.js text extraction (and pdftotext, if installed)
 * on the generated two-column book.
 *
 *   npm run bench                          200 pages, 3 rounds of 5 timed runs each
 *   npm run bench -- --pages 500 --runs 9 --rounds 5 --json
 *   npm run bench -- --cpu 1               every contender pinned to CPU 1 (taskset): one core, as on Lambda
 *
 * The book (fixtures `book(pages)`: two columns drawn row by row, running heads, folios) is generated in memory
 * and written to a temp file. Each Node contender (bench/contenders.ts) runs in its own fresh child process
 * (bench/child.ts): one warm-up pass discarded, then N timed passes; the figure is the median wall time of a pass,
 * in process (Node start-up and module loading not included), and the process' peak RSS (maxRSS).
 * The Node contenders run in rounds, each round starting with the next one, and a ratio is the median of the
 * rounds' own ratios: on a shared machine whose speed drifts by tens of percent from one minute to the next,
 * contenders measured back to back are comparable where two blocks a minute apart are not. Three contenders: pdf.js
 * raw as any user runs it (its own in-process worker), the same raw pass on readflow's worker port
 * (lib/pdf/port.ts: text chunks handed over without pdf.js' structured clone), and readflow. readflow / raw is the
 * figure a user sees; readflow / raw-on-the-same-port is readflow's own layout and document work.
 * pdftotext (poppler, optional: `apt-get install -y poppler-utils`) is timed as `pdftotext file.pdf -`, process
 * start-up included, the same way (one warm-up, median of N).
 *
 * Prints a Markdown table (for the README); --json adds one line `{...}` with every figure.
 */
import { cpus, loadavg } from 'node:os';
import { fixed, intFlag, median, mib, runChild, runPdftotext, writeBook } from './common.js';
import type { ChildResult } from './child.js';

interface Row {
  name: string;
  pages: number;
  medianMs: number;
  timesMs: number[];
  /** Median CPU time of a pass (Node contenders only). */
  medianCpuMs: number | null;
  pagesPerSec: number;
  peakRssKiB: number | null;
  baselineRssKiB: number | null;
  chars: number;
}

function row(
  name: string,
  pages: number,
  timesMs: number[],
  peakRssKiB: number | null,
  baselineRssKiB: number | null,
  chars: number,
  cpuMs: number[] = [],
): Row {
  const medianMs = median(timesMs);
  const medianCpuMs = cpuMs.length ? median(cpuMs) : null;
  return { name, pages, medianMs, timesMs, medianCpuMs, pagesPerSec: pages / (medianMs / 1000), peakRssKiB, baselineRssKiB, chars };
}

/** One contender over several rounds: every timed pass pooled, the highest peak RSS. */
function fromChildren(name: string, rs: ChildResult[]): Row {
  const r0 = rs[0]!;
  const peaks = rs.map((r) => r.peakRssKiB).filter((k): k is number => k !== null);
  return row(
    name,
    r0.pages,
    rs.flatMap((r) => r.timesMs),
    peaks.length ? Math.max(...peaks) : null,
    r0.baselineRssKiB,
    r0.chars,
    rs.flatMap((r) => r.cpuMs),
  );
}

const pages = intFlag('--pages', 200);
const runs = intFlag('--runs', 5);
const rounds = intFlag('--rounds', 3);
const cpu = process.argv.includes('--cpu') ? intFlag('--cpu', 0) : undefined;
const json = process.argv.includes('--json');

const load = loadavg()[0]!;
const t0 = performance.now();
const pdf = writeBook(pages);
const genMs = performance.now() - t0;
try {
  const args = [pdf.file, '--warmup', '1', '--runs', String(runs)];
  const names = ['pdfjs', 'pdfjs-direct', 'readflow'] as const;
  const runsOf: Record<(typeof names)[number], ChildResult[]> = { pdfjs: [], 'pdfjs-direct': [], readflow: [] };
  const wallRatios: number[] = [];
  const cpuRatios: number[] = [];
  const ownRatios: number[] = [];
  for (let i = 0; i < rounds; i++) {
    // Each round starts with the next contender, so none is always first (or last) on a machine whose speed drifts.
    const order = [...names.slice(i % names.length), ...names.slice(0, i % names.length)];
    const got = Object.fromEntries(order.map((name) => [name, runChild([name, ...args], [], cpu)])) as Record<(typeof names)[number], ChildResult>;
    for (const name of names) runsOf[name].push(got[name]);
    const { pdfjs: rawR, 'pdfjs-direct': directR, readflow: rfR } = got;
    wallRatios.push(median(rfR.timesMs) / median(rawR.timesMs));
    ownRatios.push(median(rfR.timesMs) / median(directR.timesMs));
    if (rfR.cpuMs.length && rawR.cpuMs.length) cpuRatios.push(median(rfR.cpuMs) / median(rawR.cpuMs));
  }
  const raw = fromChildren('pdf.js raw (getTextContent)', runsOf.pdfjs);
  const direct = fromChildren("pdf.js raw on readflow's worker port", runsOf['pdfjs-direct']);
  const rf = fromChildren('readflow extractDocument', runsOf.readflow);
  const p2t = runPdftotext(pdf.file, 1, runs);
  const poppler = p2t ? row(`pdftotext (${p2t.version})`, pages, p2t.timesMs, p2t.peakRssKiB, null, p2t.chars) : null;
  const ratio = median(wallRatios);

  const lines = [
    `Book: ${pages} pages, two columns drawn row by row, running heads and folios; ${(pdf.bytes / 1024).toFixed(0)} KiB (generated in ${fixed(genMs / 1000, 1)} s).`,
    `Node ${process.version}, ${cpus()[0]?.model ?? 'cpu'} (${cpus().length} threads, load ${fixed(load, 1)}); ${rounds} alternating rounds of ${runs} runs after 1 warm-up, each contender in a fresh process per round${cpu !== undefined ? `, pinned to CPU ${cpu}` : ''}.`,
    '',
    '| contender | median time (ms) | pages/s | peak RSS (MiB) | time vs pdf.js raw |',
    '| --- | ---: | ---: | ---: | ---: |',
  ];
  const ownRatio = median(ownRatios);
  for (const r of [raw, direct, rf, poppler]) {
    if (!r) continue;
    const vs = r === raw ? '1.00×' : r === rf ? `${fixed(ratio, 2)}×` : `${fixed(r.medianMs / raw.medianMs, 2)}×`;
    lines.push(`| ${r.name} | ${fixed(r.medianMs, 0)} | ${fixed(r.pagesPerSec, 0)} | ${r.peakRssKiB === null ? 'n/a' : mib(r.peakRssKiB)} | ${vs} |`);
  }
  lines.push('');
  if (load > cpus().length / 2)
    lines.push(`Busy machine (load ${fixed(load, 1)} on ${cpus().length} threads): wall times are unreliable, compare the CPU ratio.`);
  const cpuRatio = median(cpuRatios);
  lines.push(
    `readflow / pdf.js raw, median of the rounds' ratios: ${fixed(ratio, 2)}× wall (rounds: ${wallRatios.map((x) => fixed(x, 2)).join(', ')}), ${fixed(cpuRatio, 2)}× CPU. Node times are in process (start-up and module loading excluded); peak RSS includes Node and the loaded pdf.js (${mib(raw.baselineRssKiB!)} MiB before the first pass).`,
  );
  lines.push(
    `readflow's own work: readflow / pdf.js raw on the same worker port (lib/pdf/port.ts), median of the rounds' ratios: ${fixed(ownRatio, 2)}× (rounds: ${ownRatios.map((x) => fixed(x, 2)).join(', ')}).`,
  );
  lines.push(
    poppler
      ? 'pdftotext (optional) is timed as a whole process, start-up included; its peak RSS is from GNU time.'
      : 'pdftotext: skipped, not on PATH (optional: apt-get install -y poppler-utils).',
  );
  console.log(lines.join('\n'));
  if (json) {
    console.log(
      JSON.stringify({
        book: { pages, bytes: pdf.bytes },
        runs,
        rounds,
        cpu: cpu ?? null,
        warmup: 1,
        node: process.version,
        loadAverage: load,
        contenders: { pdfjsRaw: raw, pdfjsDirect: direct, readflow: rf, pdftotext: poppler },
        ratioReadflowToRaw: ratio,
        ratioReadflowToDirect: ownRatio,
        ownRoundRatios: ownRatios,
        roundRatios: wallRatios,
        cpuRatioReadflowToRaw: cpuRatio,
      }),
    );
  }
} finally {
  pdf.dispose();
}
