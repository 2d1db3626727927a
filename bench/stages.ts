/**
 * Where readflow's own time goes, stage by stage, beside pdf.js' text extraction of the same pages in the same
 * process:
 *
 *   npm run bench:stages                   the generated 200-page book, 9 passes of each stage after a warm-up
 *   npm run bench:stages -- --pages 500 --passes 15
 *
 * Stages, each timed over the whole book per pass (median of the passes; min beside it):
 *   pdf.js text   getPage + getTextContent of every page, on readflow's worker port (the peer: what any extractor
 *                 built on pdf.js pays)
 *   + runs        readPageText of every page: the same pdf.js text plus its conversion to runs
 *   layout        layoutPage of every page's runs (rows, gutters, zones, columns, lines)
 *   document      assembleDocument over the page analyses (furniture, footnotes, blocks, joining)
 * Layout and document are pure and timed on data already in memory, so their figures are readflow's own work
 * alone; extractDocument's wall time is less than the sum (the next page's text is read while a page is laid
 * out, see lib/extract.ts) and more (garbage collection, the page timers). Run by tsx, this file bundles itself
 * (bench/out/stages.mjs, as bench/child.ts is) and runs the bundle in a fresh node process.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { benchScript, fixed, intFlag, writeBook } from './common.js';

const CHILD = '--stages-child';

async function child(file: string, passes: number): Promise<void> {
  const { openPdf, closePdf } = await import('../lib/pdf/open.js');
  const { readPageText } = await import('../lib/pdf/runs.js');
  const { layoutPage } = await import('../lib/layout/page.js');
  const { extractPages } = await import('../lib/extract.js');
  const { assembleDocument } = await import('../lib/document/assemble.js');
  const { resolveOptions } = await import('../lib/options.js');
  type Run = Awaited<ReturnType<typeof readPageText>>['runs'][number];

  const bytes = new Uint8Array(readFileSync(file));
  const o = resolveOptions({});
  const params = {
    page: 1,
    direction: o.direction,
    gutterSpanTolerance: o.gutterSpanTolerance,
    gutterRejectFloor: o.gutterRejectFloor,
    minGutterWidth: o.minGutterWidth,
    partialSpans: o.partialSpans,
  };
  const source = { name: null, bucket: null, key: null, versionId: null, etag: null, bytes: bytes.length, sha256: '' };

  /** Every page's text, through pdf.js alone or through readPageText; the runs of the last pass are kept. */
  let runs: Run[][] = [];
  const text = async (convert: boolean) => {
    const pdf = await openPdf(bytes, { maxBytes: Infinity, password: null });
    try {
      const out: Run[][] = [];
      for (let n = 1; n <= pdf.numPages; n++) {
        const page = await pdf.doc.getPage(n);
        if (convert) out.push((await readPageText(pdf, page, o.maxRunsPerPage)).runs);
        else await page.getTextContent({ includeMarkedContent: true });
        page.cleanup();
      }
      if (convert) runs = out;
    } finally {
      await closePdf(pdf);
    }
  };
  const first = await openPdf(bytes, { maxBytes: Infinity, password: null });
  const numPages = first.numPages;
  await closePdf(first);
  const analyses = await extractPages(
    bytes,
    Array.from({ length: numPages }, (_, i) => i + 1),
    {},
  );
  const timed = async (f: () => unknown): Promise<number> => {
    const t0 = performance.now();
    await f();
    return performance.now() - t0;
  };
  /** Each stage's time for one pass over the book. */
  const stages: Record<string, () => Promise<number>> = {
    'pdf.js text': () => timed(() => text(false)),
    '+ runs': () => timed(() => text(true)),
    layout: () => {
      // Fresh copies, outside the timing: layout marks runs (drop caps) as it reads a page once.
      const copies = runs.map((page) => page.map((r) => ({ ...r })));
      return timed(() => copies.forEach((pageRuns, i) => layoutPage(pageRuns, { ...params, page: i + 1 })));
    },
    document: () => timed(() => assembleDocument(analyses, { source, numPages, diagnostics: [] }, o, 0)),
  };
  const timesOf: Record<string, number[]> = Object.fromEntries(Object.keys(stages).map((k) => [k, []]));
  for (let pass = 0; pass <= passes; pass++) {
    for (const [name, stage] of Object.entries(stages)) {
      const ms = await stage();
      if (pass > 0) timesOf[name]!.push(ms); // pass 0 warms up
    }
  }
  process.stdout.write(`STAGES ${JSON.stringify({ pages: analyses.length, timesOf })}\n`);
}

function main(): void {
  const pages = intFlag('--pages', 200);
  const passes = intFlag('--passes', 9);
  const book = writeBook(pages);
  try {
    const r = spawnSync(process.execPath, [benchScript('stages'), CHILD, book.file, String(passes)], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`stages child failed: ${r.stderr}`);
    const line = r.stdout.split('\n').find((l) => l.startsWith('STAGES '));
    if (!line) throw new Error(`stages child printed no result: ${r.stdout}`);
    const { pages: n, timesOf } = JSON.parse(line.slice(7)) as { pages: number; timesOf: Record<string, number[]> };
    const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
    const peer = med(timesOf['pdf.js text']!);
    const rows = Object.entries(timesOf).map(([name, xs]) => {
      const own = name === '+ runs' ? med(xs) - peer : med(xs);
      const label = name === '+ runs' ? 'runs (readPageText less pdf.js text)' : name;
      // A difference of two minima measured apart means nothing: the runs row has no minimum.
      const min = name === '+ runs' ? '–' : fixed(Math.min(...xs), 0);
      return `| ${label} | ${fixed(own, 0)} | ${min} | ${fixed(own / n, 2)} | ${name === 'pdf.js text' ? '1.00×' : `${fixed(own / peer, 2)}×`} |`;
    });
    console.log(
      [
        `Book: ${n} pages (two columns drawn row by row); ${passes} passes of each stage after a warm-up, in one fresh process.`,
        '',
        '| stage | median ms per pass | min ms | ms per page | vs pdf.js text |',
        '| --- | ---: | ---: | ---: | ---: |',
        ...rows,
      ].join('\n'),
    );
  } finally {
    book.dispose();
  }
}

if (process.argv[2] === CHILD) {
  child(process.argv[3]!, Number(process.argv[4])).catch((e) => {
    console.error(e);
    process.exit(1);
  });
} else main();
