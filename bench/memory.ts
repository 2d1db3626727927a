/**
 * Memory against page count: does peak memory stay flat as the book grows?
 *
 *   npm run bench:memory                        books of 50, 200 and 1000 pages
 *   npm run bench:memory -- --books 50,500 --json
 *
 * For each book and each of pdf.js raw and readflow (bench/contenders.ts), two fresh child processes
 * (bench/child.ts):
 *   peak   one pass, no warm-up: the process' peak RSS (VmHWM, see rss.ts), Node and pdf.js included;
 *   probe  node --expose-gc, a warm pass then a pass with a forced GC at every tenth of the book: the live heap
 *          (heapUsed + external + arrayBuffers) the pass holds, so growth is seen apart from the GC's slack.
 * Prints peak RSS per book, its growth per 100 pages from one book to the next, and the live heap a pass
 * holds per 100 pages (probe: end of page loop minus its start, over the pages read).
 */
import { fixed, median, mib, runChild, writeBook } from './common.js';
import type { ChildResult } from './child.js';

const booksArg = process.argv.indexOf('--books');
const books = (booksArg >= 0 ? process.argv[booksArg + 1]! : '50,200,1000').split(',').map(Number);
if (books.some((n) => !Number.isInteger(n) || n < 1)) throw new Error('--books wants page counts like 50,200,1000');
const json = process.argv.includes('--json');
const names = { pdfjs: 'pdf.js raw', readflow: 'readflow' } as const;
type Name = keyof typeof names;

interface Figures {
  peakRssKiB: number;
  baselineRssKiB: number;
  /** Live heap held per 100 pages within one pass (probe), bytes. */
  livePer100: number;
  live: { page: number; bytes: number }[];
}

/** Bytes held per 100 pages: the median slope between successive probe points, so one GC-timing outlier does not decide. */
function livePer100(live: ChildResult['live']): number {
  const pts = live ?? [];
  const slopes: number[] = [];
  for (let i = 2; i < pts.length; i++) slopes.push(((pts[i]!.bytes - pts[i - 1]!.bytes) / (pts[i]!.page - pts[i - 1]!.page)) * 100);
  return slopes.length ? median(slopes) : 0;
}

const results: { pages: number; bytes: number; figures: Record<Name, Figures> }[] = [];
for (const pages of books) {
  const pdf = writeBook(pages);
  try {
    const figures = {} as Record<Name, Figures>;
    for (const name of Object.keys(names) as Name[]) {
      const peak = runChild([name, pdf.file, '--warmup', '0', '--runs', '1']);
      const probe = runChild([name, pdf.file, '--probe'], ['--expose-gc']);
      figures[name] = {
        peakRssKiB: peak.peakRssKiB,
        baselineRssKiB: peak.baselineRssKiB,
        livePer100: livePer100(probe.live),
        live: probe.live ?? [],
      };
      process.stderr.write(`  ${pages} pp ${names[name]}: peak ${mib(peak.peakRssKiB)} MiB\n`);
    }
    results.push({ pages, bytes: pdf.bytes, figures });
  } finally {
    pdf.dispose();
  }
}

const mb = (b: number): string => `${b < 0 ? '−' : ''}${fixed(Math.abs(b) / 1048576, 1)}`;
const growth = (i: number, name: Name): string => {
  if (i === 0) return '–';
  const a = results[i - 1]!;
  const b = results[i]!;
  return mb(((b.figures[name].peakRssKiB - a.figures[name].peakRssKiB) * 1024 * 100) / (b.pages - a.pages));
};
const lines = [
  `Peak RSS per book, each figure from a fresh process (Node and pdf.js loaded: ${mib(results[0]!.figures.pdfjs.baselineRssKiB)} MiB before the first page).`,
  '',
  '| pages | peak RSS, pdf.js raw (MiB) | peak RSS, readflow (MiB) | RSS growth / 100 pp, pdf.js raw (MiB) | RSS growth / 100 pp, readflow (MiB) | live heap / 100 pp, pdf.js raw (MiB) | live heap / 100 pp, readflow (MiB) |',
  '| ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...results.map(
    (r, i) =>
      `| ${r.pages} | ${mib(r.figures.pdfjs.peakRssKiB)} | ${mib(r.figures.readflow.peakRssKiB)} | ${growth(i, 'pdfjs')} | ${growth(i, 'readflow')} | ${mb(r.figures.pdfjs.livePer100)} | ${mb(r.figures.readflow.livePer100)} |`,
  ),
  '',
  'RSS growth: change of peak RSS from the book above, per 100 pages. Live heap: what one pass still holds after a forced',
  'GC, per 100 pages read (median slope over the book; from a separate --expose-gc process).',
];
console.log(lines.join('\n'));
if (json) console.log(JSON.stringify({ node: process.version, books: results }));
