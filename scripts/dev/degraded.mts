// Dev helper: OCR the degraded scan presets and score them from their labels (npx tsx scripts/dev/degraded.mts [name...]).
// presence: flow labels found; order: longest in-order run of them over those found; junk: output words that are not
// words of the source page (OCR misreadings count too, so it is an upper bound on junk).
import { fixture } from '../../fixtures/index.js';
import { DEGRADED_SCANS, degradedScanFixturesAsync } from '../../fixtures/degrade.js';
import { extractDocument } from '../../lib/extract.js';
import { terminateOcr } from '../../lib/ocr/engine.js';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
const names = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const list = await degradedScanFixturesAsync(names.length ? names : undefined);
const words = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 1);
function lis(xs: number[]): number {
  const tails: number[] = [];
  for (const x of xs) {
    let lo = 0,
      hi = tails.length;
    while (lo < hi) {
      const m = (lo + hi) >> 1;
      if (tails[m] < x) lo = m + 1;
      else hi = m;
    }
    tails[lo] = x;
  }
  return tails.length;
}
for (const f of list) {
  const preset = DEGRADED_SCANS.find((p) => p.name === f.name)!;
  const src = await extractDocument(fixture(preset.source).pdf, { pages: preset.pages, ocr: 'off' });
  const vocab = new Set(words(src.text));
  const t0 = Date.now();
  const doc = await extractDocument(f.pdf, { ocr: 'auto', pageTimeoutMs: 600_000 });
  const ms = Date.now() - t0;
  // A label counts when its four digits are read, whatever OCR makes of the letter before them (q read as g, O, gq).
  const byNumber = new Map(f.flow.map((l) => [l.slice(-4), l]));
  const got = [...doc.text.matchAll(/(?<![\p{L}\p{N}])\p{L}{0,2}(\d{4})(?![\p{N}])/gu)]
    .map((m) => byNumber.get(m[1]))
    .filter((l): l is string => Boolean(l));
  const uniq = [...new Set(got)];
  const order = uniq.length ? lis(got.map((l) => f.flow.indexOf(l))) / got.length : 0;
  const out = words(doc.text).filter((w) => !/^[a-z]?\d{3,4}$/.test(w));
  const junk = out.filter((w) => !vocab.has(w)).length;
  const ocr = doc.diagnostics.find((d) => d.code === 'page-ocr')?.detail as Record<string, unknown> | undefined;
  // The shared scorer on the words (fuzzy, as ../shared/eval scores any extractor), with the digital source's text as truth.
  let scored: Record<string, number> = {};
  try {
    const dir = mkdtempSync(join(tmpdir(), 'deg-'));
    // A figure's own labels (x001 …) have no reading order: marked as the shared truths mark them.
    const blocks = src.text.split(/\n\s*\n/).map((b) => (/^x\d{3}\b/.test(b.trim()) ? `<!-- figure --> ${b.trim()}` : b));
    writeFileSync(join(dir, 'truth.md'), `<!-- page 1 -->\n\n${blocks.join('\n\n')}\n`);
    writeFileSync(join(dir, 'out.txt'), doc.text);
    scored = JSON.parse(
      execFileSync('python3', ['../shared/eval/score.py', dir, join(dir, 'out.txt'), '--json'], { encoding: 'utf8' }).replace(/\bNaN\b/g, 'null'),
    );
  } catch {
    // no ../shared here
  }
  console.log(
    JSON.stringify({
      name: f.name,
      s: +(ms / 1000).toFixed(1),
      presence: +((100 * uniq.length) / f.flow.length).toFixed(1),
      order: +(100 * order).toFixed(1),
      evalPresence: scored.presence,
      evalOrder: scored.order,
      evalStrict: scored.order_strict,
      junkPct: +((100 * junk) / Math.max(1, out.length)).toFixed(1),
      cols: doc.pages.map((p) => p.columnCount),
      warn: [...new Set(doc.diagnostics.filter((d) => d.severity !== 'info').map((d) => d.code))],
      dpi: ocr?.dpi,
      skew: ocr?.skew,
      specks: ocr?.specks,
      junkWords: ocr?.junkWords,
    }),
  );
  if (process.argv.includes('--text')) console.log(doc.text.slice(0, 2000));
}
await terminateOcr();
