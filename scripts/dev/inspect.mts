// Dev helper: a page's table blocks, gutter candidates and zones, step by step (npx tsx scripts/dev/inspect.mts FILE PAGE)
import { readFileSync } from 'node:fs';
import { openPdf } from '../../lib/pdf/open.js';
import { readPageText, isHorizontal } from '../../lib/pdf/runs.js';
import { buildRows, inkIntervals } from '../../lib/layout/rows.js';
import { findCandidates } from '../../lib/layout/gutters.js';
import { partition } from '../../lib/layout/zones.js';
import { dominantSize } from '../../lib/layout/lines.js';
const [file, pg] = process.argv.slice(2);
const pdf = await openPdf(new Uint8Array(readFileSync(file)), { maxBytes: 1e9, password: null });
const page = await pdf.doc.getPage(Number(pg ?? 1));
const t = await readPageText(pdf, page, 1e6);
const { turnUpright } = await import('../../lib/layout/sideways.js');
// A sideways page is inspected turned upright, as the layout reads it.
const upright = turnUpright(t.runs, t.width, t.height);
const { findLineNumbers } = await import('../../lib/layout/line-numbers.js');
const numbered = findLineNumbers(upright?.runs ?? t.runs);
const flat = (upright?.runs ?? t.runs).filter((r) => isHorizontal(r) && !numbered.has(r));
const body = dominantSize(flat);
const minGutter = 0.7 * body;
const rows0 = buildRows(flat).map((row) => ({ row, ink: inkIntervals(row.runs, minGutter) }));
const { findTableBlocks } = await import('../../lib/layout/tables.js');
const tb = findTableBlocks(rows0, body);
console.log('tables', JSON.stringify(tb));
const tset = new Set<number>();
for (const t of tb) for (let i = t.from; i <= t.to; i++) tset.add(i);
const rows = rows0.map((r, i) => (tset.has(i) ? { row: r.row, ink: [[-Infinity, Infinity] as [number, number]] } : r));
console.log('body', body, 'rows', rows.length, 'size', t.width, t.height);
for (const r of rows)
  console.log(
    r.row.index,
    r.row.baseline.toFixed(1),
    r.row.size.toFixed(1),
    r.ink.map(([a, b]) => `${a.toFixed(0)}-${b.toFixed(0)}`).join(' '),
    '|',
    r.row.runs
      .map((x) => x.text)
      .join(' ')
      .slice(0, 80),
  );
const c = findCandidates(rows, minGutter);
for (const x of c)
  console.log(
    'cand',
    x.gutter.map((v) => v.toFixed(1)),
    'zone',
    x.zone,
    'support',
    x.support,
    'cross',
    [...x.crossing].join(','),
  );
const zones = partition(rows, { minGutter, bodySize: body, tolerance: 0.15, rejectFloor: 0.4 });
for (const z of zones)
  console.log(
    'zone rows',
    z.rows[0].row.index,
    '-',
    z.rows[z.rows.length - 1].row.index,
    'gutters',
    JSON.stringify(z.gutters.map((g) => g.map((v) => +v.toFixed(1)))),
    'share',
    z.crossingShare.toFixed(2),
    z.ambiguous,
    z.tabular,
  );
{
  const { sweep } = await import('../../lib/layout/gutters.js');
  const gaps = rows.flatMap((r) => {
    const g: [number, number][] = [];
    for (let i = 1; i < r.ink.length; i++) g.push([r.ink[i - 1][1], r.ink[i][0]]);
    return g;
  });
  const prof = sweep(gaps);
  console.log(
    'gap profile',
    prof
      .filter((s) => s.count >= 3)
      .map((s) => `${s.x0.toFixed(0)}-${s.x1.toFixed(0)}:${s.count}`)
      .join(' '),
  );
}
{
  const { votedCores } = await import('../../lib/layout/gutters.js');
  console.log(
    'centres',
    votedCores(rows)
      .map((v) => v.map((x) => x.toFixed(1)).join('-'))
      .join(' '),
    'valleys',
    (await import('../../lib/layout/gutters.js'))
      .valleyCores(rows, minGutter)
      .map((v) => v.map((x) => x.toFixed(1)).join('-'))
      .join(' '),
  );
}
