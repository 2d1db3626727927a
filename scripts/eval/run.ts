/**
 * `npm run eval`: score readflow, beside peers, on real documents with a known reading order.
 *
 * Sets: `corpus/` (the repo's own documents) and `../shared/corpus` when that folder exists beside the repo. A
 * document is a folder with doc.pdf, truth.md, furniture.json and meta.json; a folder without doc.pdf or truth.md is
 * skipped. Each document is extracted by readflow in this process (`extractDocument`, OCR auto, one document at a
 * time; an error scores as empty output), by pdf.js raw and by pdftotext when installed, and scored with score.ts
 * (the TypeScript port of ../shared/eval/score.py). One markdown table per set, with mean rows over the documents that
 * have a text layer and over all; furniture leak as the share of furniture items, summed over documents.
 *
 *   npm run eval -- [--set repo|shared|all] [--only id,id] [--json FILE] [--no-peers] [--variants]
 *                   [--timeout-ms N] [--cmd 'TEMPLATE {pdf}']
 *
 * --cmd scores any command's stdout instead of readflow ({pdf} is replaced by the quoted PDF path).
 * --variants also scores each text-layer document redrawn in 'rows' and 'rand' order by scripts/corpus/redraw.ts
 * (rows `<id>__rows`, `<id>__rand`, truth from the original folder), when that module is present.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { extractDocument, terminateOcr } from '../../lib/index.js';
import { availablePeers, runProgram, timedOut, withTimeout, type Peer } from './peers.js';
import { scoreDoc, type DocScore } from './score.js';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SETS = { repo: join(REPO, 'corpus'), shared: join(REPO, '..', 'shared', 'corpus') } as const;
type SetName = keyof typeof SETS;

// ------------------------------------------------------------------------------------------------ arguments

interface Args {
  sets: SetName[];
  only: Set<string> | null;
  json: string | null;
  peers: boolean;
  variants: boolean;
  timeoutMs: number;
  cmd: string | null;
}

function usage(message?: string): never {
  if (message) process.stderr.write(`eval: ${message}\n`);
  process.stderr.write(
    'usage: npm run eval -- [--set repo|shared|all] [--only id,id] [--json FILE] [--no-peers] [--variants] ' +
      "[--timeout-ms N] [--cmd 'TEMPLATE {pdf}']\n",
  );
  process.exit(2);
}

function parseArgs(argv: string[]): Args {
  const args: Args = { sets: ['repo', 'shared'], only: null, json: null, peers: true, variants: false, timeoutMs: 600_000, cmd: null };
  const value = (i: number) => argv[i + 1] ?? usage(`${argv[i]} needs a value`);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--set') {
      const v = value(i++);
      if (v === 'all') args.sets = ['repo', 'shared'];
      else if (v === 'repo' || v === 'shared') args.sets = [v];
      else usage(`unknown set: ${v}`);
    } else if (a === '--only') args.only = new Set(value(i++).split(',').filter(Boolean));
    else if (a === '--json') args.json = value(i++);
    else if (a === '--no-peers') args.peers = false;
    else if (a === '--variants') args.variants = true;
    else if (a === '--timeout-ms') {
      args.timeoutMs = Number(value(i++));
      if (!(args.timeoutMs > 0)) usage('--timeout-ms needs a positive number');
    } else if (a === '--cmd') {
      args.cmd = value(i++);
      if (!args.cmd.includes('{pdf}')) usage('--cmd needs {pdf} in its template');
    } else usage(`unknown argument: ${a}`);
  }
  return args;
}

// ------------------------------------------------------------------------------------------------ documents

interface Doc {
  set: SetName;
  id: string;
  /** The folder with truth.md and furniture.json. */
  truthDir: string;
  pdf: string;
  /** An image-only document that needs OCR (meta.json layout.scanned, see isScanned). */
  scanned: boolean;
  /** A hostile-order redraw made by --variants ('rows' | 'rand'). */
  variant?: string;
}

function readMeta(dir: string): { layout?: { scanned?: unknown }; variant?: unknown } {
  try {
    return JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8'));
  } catch {
    return {};
  }
}

/** meta.json layout.scanned: `true`, or (as the corpora write it) a string describing the scan ('image-only ...'). */
function isScanned(value: unknown): boolean {
  return value === true || (typeof value === 'string' && value.trim() !== '');
}

/** The complete documents of a set (doc.pdf and truth.md present), sorted by id. */
function listDocs(set: SetName, only: Set<string> | null): { docs: Doc[]; incomplete: string[] } {
  const root = SETS[set];
  const docs: Doc[] = [];
  const incomplete: string[] = [];
  for (const id of readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()) {
    if (only && !only.has(id)) continue;
    const dir = join(root, id);
    if (!existsSync(join(dir, 'doc.pdf')) || !existsSync(join(dir, 'truth.md'))) {
      incomplete.push(id);
      continue;
    }
    docs.push({ set, id, truthDir: dir, pdf: join(dir, 'doc.pdf'), scanned: isScanned(readMeta(dir).layout?.scanned) });
  }
  return { docs, incomplete };
}

// ------------------------------------------------------------------------------------------------ extractors

interface Extractor {
  name: string;
  extract(doc: Doc, bytes: Uint8Array, timeoutMs: number): Promise<string>;
}

const readflow: Extractor = {
  name: 'readflow',
  extract: async (_doc, bytes, timeoutMs) => (await withTimeout(extractDocument(bytes.slice(), { ocr: 'auto' }), timeoutMs, 'readflow')).text,
};

function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

function commandExtractor(template: string): Extractor {
  return {
    name: 'cmd',
    extract: (doc, _bytes, timeoutMs) => runProgram(template.replaceAll('{pdf}', shellQuote(doc.pdf)), [], timeoutMs, true),
  };
}

function peerExtractor(peer: Peer): Extractor {
  return { name: peer.name, extract: (doc, bytes, timeoutMs) => peer.extract(doc.pdf, bytes, timeoutMs) };
}

// ------------------------------------------------------------------------------------------------ scoring

interface ToolResult extends DocScore {
  seconds: number;
  error?: string;
}

interface Row {
  set: SetName;
  doc: string;
  scanned: boolean;
  variant: string | null;
  tools: Record<string, ToolResult>;
}

async function scoreWith(tool: Extractor, doc: Doc, bytes: Uint8Array, timeoutMs: number): Promise<ToolResult> {
  const t0 = performance.now();
  let text = '';
  let error: string | undefined;
  try {
    text = await tool.extract(doc, bytes, timeoutMs);
  } catch (e) {
    error = e instanceof Error ? e.message : String(e);
  }
  const seconds = Math.round(performance.now() - t0) / 1000;
  return { ...scoreDoc(doc.truthDir, text), seconds, ...(error !== undefined ? { error } : {}) };
}

async function scoreDocument(doc: Doc, tools: Extractor[], timeoutMs: number): Promise<Row> {
  const bytes = new Uint8Array(readFileSync(doc.pdf));
  const row: Row = {
    set: doc.set,
    doc: doc.variant ? `${doc.id}__${doc.variant}` : doc.id,
    scanned: doc.scanned,
    variant: doc.variant ?? null,
    tools: {},
  };
  for (const tool of tools) {
    const r = await scoreWith(tool, doc, bytes, timeoutMs);
    row.tools[tool.name] = r;
    process.stderr.write(`  ${row.doc} ${tool.name} ${r.seconds.toFixed(1)}s${r.error ? ` error: ${r.error}` : ''}\n`);
  }
  return row;
}

// ------------------------------------------------------------------------------------------------ variants

type Redraw = (bytes: Uint8Array, mode: 'rows' | 'rand', seed: string) => Promise<Uint8Array>;

/** scripts/corpus/redraw.ts's redraw, or null when the module is missing or fails to load. */
async function loadRedraw(): Promise<Redraw | null> {
  const path = join(REPO, 'scripts', 'corpus', 'redraw.ts');
  if (!existsSync(path)) return null;
  try {
    const mod = (await import(pathToFileURL(path).href)) as { redraw?: unknown };
    return typeof mod.redraw === 'function' ? (mod.redraw as Redraw) : null;
  } catch (e) {
    process.stderr.write(`eval: scripts/corpus/redraw.ts failed to load, no variants: ${(e as Error).message}\n`);
    return null;
  }
}

/** Redrawn copies of a text-layer document, written to a temp folder; a mode that fails is skipped. */
async function variantsOf(doc: Doc, redraw: Redraw, dir: string): Promise<Doc[]> {
  if (doc.scanned || readMeta(doc.truthDir).variant) return [];
  const bytes = new Uint8Array(readFileSync(doc.pdf));
  const out: Doc[] = [];
  for (const mode of ['rows', 'rand'] as const) {
    try {
      const pdf = join(dir, `${doc.set}__${doc.id}__${mode}.pdf`);
      writeFileSync(pdf, await redraw(bytes, mode, doc.id));
      out.push({ ...doc, pdf, variant: mode });
    } catch (e) {
      process.stderr.write(`eval: redraw ${doc.id} ${mode} failed, skipped: ${(e as Error).message}\n`);
    }
  }
  return out;
}

// ------------------------------------------------------------------------------------------------ table

const pct = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '–');

function mean(values: number[]): number {
  const ok = values.filter(Number.isFinite);
  return ok.length ? ok.reduce((a, b) => a + b, 0) / ok.length : NaN;
}

/** The cells of one tool: full for the main tool, presence / order_strict / leak for a peer. */
function toolCells(results: ToolResult[], main: boolean, summary: boolean): string[] {
  const pick = (f: (r: ToolResult) => number) => (summary ? mean(results.map(f)) : f(results[0]!));
  const items = results.reduce((a, r) => a + r.furniture_items, 0);
  const flow = results.reduce((a, r) => a + r.leak_flow, 0);
  const leak = summary ? (items ? `${((100 * flow) / items).toFixed(1)}%` : '–') : `${flow}/${items}`;
  const presence = pct(pick((r) => r.presence));
  const strict = pct(pick((r) => r.order_strict));
  if (!main) return [presence, strict, leak];
  const ned = pick((r) => r.ned);
  return [pct(pick((r) => r.order)), strict, presence, leak, Number.isFinite(ned) ? ned.toFixed(3) : '–'];
}

function tableRow(label: string, rows: Row[], tools: string[], summary: boolean): string {
  const cells = tools.flatMap((t, i) => {
    const results = rows.map((r) => r.tools[t]).filter((r): r is ToolResult => r !== undefined);
    return results.length ? toolCells(results, i === 0, summary) : i === 0 ? ['–', '–', '–', '–', '–'] : ['–', '–', '–'];
  });
  return `| ${label} | ${cells.join(' | ')} |`;
}

function printTable(set: SetName, rows: Row[], tools: string[]): void {
  const [main, ...peers] = tools;
  const head = [`${main} order`, 'order_strict', 'presence', 'leak', 'ned', ...peers.flatMap((p) => [`${p} presence`, 'order_strict', 'leak'])];
  const lines = [`### ${set}: ${relative(REPO, SETS[set])}`, '', `| doc | ${head.join(' | ')} |`, `|---${'|---:'.repeat(head.length)}|`];
  for (const r of rows) {
    const failed = tools.filter((t) => r.tools[t]?.error);
    lines.push(tableRow(`${r.doc}${r.scanned ? ' (scan)' : ''}${failed.length ? ` (failed: ${failed.join(', ')})` : ''}`, [r], tools, false));
  }
  const originals = rows.filter((r) => !r.variant);
  const textLayer = originals.filter((r) => !r.scanned);
  lines.push(tableRow(`**mean, text layer (${textLayer.length})**`, textLayer, tools, true));
  lines.push(tableRow(`**mean, all (${originals.length})**`, originals, tools, true));
  const variants = rows.filter((r) => r.variant);
  if (variants.length) lines.push(tableRow(`**mean, redrawn variants (${variants.length})**`, variants, tools, true));
  lines.push(
    '',
    'order, order_strict, presence: %, mean over documents; leak: furniture items inside the main flow / items (mean rows: % of items summed over documents); ned: word edit distance, 0 is best.',
    '',
  );
  process.stdout.write(lines.join('\n') + '\n');
  for (const r of rows) {
    for (const t of tools) if (r.tools[t]?.error) process.stdout.write(`- ${r.doc} ${t}: ${r.tools[t]!.error}\n`);
  }
}

// ------------------------------------------------------------------------------------------------ main

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const tools: Extractor[] = [args.cmd ? commandExtractor(args.cmd) : readflow];
  if (args.peers) tools.push(...availablePeers().map(peerExtractor));
  const redraw = args.variants ? await loadRedraw() : null;
  if (args.variants && !redraw) process.stderr.write('eval: scripts/corpus/redraw.ts not available: no variants\n');
  const variantDir = redraw ? mkdtempSync(join(tmpdir(), 'readflow-eval-')) : null;
  const all: Row[] = [];
  try {
    for (const set of args.sets) {
      if (!existsSync(SETS[set])) {
        process.stdout.write(`${set}: ${relative(REPO, SETS[set])} not found, skipped\n\n`);
        continue;
      }
      const { docs, incomplete } = listDocs(set, args.only);
      if (incomplete.length) process.stderr.write(`eval: ${set}: incomplete, skipped: ${incomplete.join(', ')}\n`);
      const rows: Row[] = [];
      for (const doc of docs) {
        process.stderr.write(`[${set}] ${doc.id}\n`);
        const variants = redraw && variantDir ? await variantsOf(doc, redraw, variantDir) : [];
        for (const d of [doc, ...variants]) {
          try {
            rows.push(await scoreDocument(d, tools, args.timeoutMs));
          } catch (e) {
            // the folder changed under us (a truth being rewritten): leave the document out
            process.stderr.write(`eval: ${d.id}: could not be scored, skipped: ${(e as Error).message}\n`);
          }
        }
      }
      printTable(
        set,
        rows,
        tools.map((t) => t.name),
      );
      all.push(...rows);
    }
  } finally {
    if (variantDir) rmSync(variantDir, { recursive: true, force: true });
    await terminateOcr();
  }
  if (args.json) writeFileSync(args.json, JSON.stringify(all, null, 1) + '\n');
}

await main();
// an extraction that timed out is still running in this process: do not wait for it
if (timedOut.any) process.exit(0);
