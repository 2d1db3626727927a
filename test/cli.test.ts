/**
 * The `readflow` command as a user runs it: only the requested output on stdout, diagnostics and errors on
 * stderr, and an exit code for every outcome (0 ok, 2 usage, 3 bad input, 4 strict refusal).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badInputs, fixture, labelsIn } from '../fixtures/index.js';
import { ENGINE_VERSION } from '../lib/constants.js';
import { extractDocument } from '../lib/extract.js';
import type { DocumentResult } from '../lib/types.js';
import type { DiagnosticCode } from '../lib/diagnostics.js';
import { summariseDiagnostics } from '../cli/readflow.js';
import { ensureCliBuilt, readflow, scratch } from './support/cli.js';
import { naiveOrders } from './support/naive.js';
import { stableJson } from './support/results.js';
import { schemaErrors } from './support/schema.js';

/** Two columns drawn row by row; reads with no diagnostics at all. */
const twoCol = fixture('two-col-gutter-12pt-rows');
/** Three one-column pages. */
const threePages = fixture('single-col-3pp-in-order');
/** Reads with an ambiguous-gutter warning; refused under --strict. */
const ambiguous = fixture('ambiguous-gutter-rows');
const notPdf = badInputs().find((b) => b.name === 'not-pdf')!;

let tmp: Awaited<ReturnType<typeof scratch>>;
const files = { twoCol: '', threePages: '', ambiguous: '', notPdf: '' };

/** What the library gives for a file, with the name the CLI records as the source. */
const library = (bytes: Uint8Array, name: string): Promise<DocumentResult> => extractDocument(bytes, { source: { name } });

const lines = (s: string) => s.split('\n').filter((l) => l !== '');

beforeAll(async () => {
  await ensureCliBuilt();
  tmp = await scratch();
  files.twoCol = await tmp.put('two-col.pdf', twoCol.pdf);
  files.threePages = await tmp.put('three-pages.pdf', threePages.pdf);
  files.ambiguous = await tmp.put('ambiguous.pdf', ambiguous.pdf);
  files.notPdf = await tmp.put('not-found.pdf', notPdf.bytes);
});

afterAll(async () => {
  await tmp?.remove();
});

describe('output', () => {
  it('prints only the main flow text for --format text', async () => {
    const r = await readflow(files.twoCol, '--format', 'text');
    const doc = await library(twoCol.pdf, 'two-col.pdf');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(doc.text + '\n');
    expect(labelsIn(r.stdout)).toEqual(twoCol.flow);
    expect(r.stderr).toBe('');
  });

  it('prints the library’s DocumentResult for --format json, valid against the schema', async () => {
    const r = await readflow(files.twoCol, '--format', 'json');
    expect(r.code).toBe(0);
    const parsed = JSON.parse(r.stdout) as DocumentResult;
    expect(schemaErrors(parsed)).toEqual([]);
    expect(stableJson(parsed)).toBe(stableJson(await library(twoCol.pdf, 'two-col.pdf')));
  });

  it('prints one JSON line per file for several files (JSON Lines)', async () => {
    const r = await readflow(files.twoCol, files.threePages, '--format', 'json');
    expect(r.code).toBe(0);
    const docs = lines(r.stdout).map((l) => JSON.parse(l) as DocumentResult);
    expect(docs.map((d) => d.source.name)).toEqual(['two-col.pdf', 'three-pages.pdf']);
    for (const d of docs) expect(schemaErrors(d)).toEqual([]);
    expect(labelsIn(docs[1].text)).toEqual(threePages.flow);
  });

  it('prints each file’s text under a header for several files', async () => {
    const r = await readflow(files.twoCol, files.threePages);
    const a = await library(twoCol.pdf, 'two-col.pdf');
    const b = await library(threePages.pdf, 'three-pages.pdf');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`==> ${files.twoCol} <==\n${a.text}\n==> ${files.threePages} <==\n${b.text}\n`);
  });

  it('writes to the -o file and prints nothing', async () => {
    const out = join(tmp.dir, 'out.txt');
    const r = await readflow(files.twoCol, '-o', out);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(await readFile(out, 'utf8')).toBe((await library(twoCol.pdf, 'two-col.pdf')).text + '\n');
  });
});

describe('reading options', () => {
  it('reads only page 2 with --pages 2', async () => {
    const r = await readflow(files.threePages, '--pages', '2', '--format', 'json');
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout) as DocumentResult;
    expect(doc.pages.map((p) => p.page)).toEqual([2]);
    const { byPage } = await naiveOrders(threePages.pdf);
    expect(labelsIn(doc.text)).toEqual(byPage[1]);
  });

  it('exits 4 under --strict on an ambiguous gutter, printing nothing on stdout', async () => {
    const r = await readflow(files.ambiguous, '--strict');
    expect(r.code).toBe(4);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('ambiguous-gutter');
  });

  it('reports diagnostics on stderr, and -q silences them without changing stdout', async () => {
    const loud = await readflow(files.ambiguous);
    const quiet = await readflow(files.ambiguous, '-q');
    expect(loud.stderr).toContain('ambiguous-gutter');
    expect(quiet.stderr).toBe('');
    expect(quiet.code).toBe(loud.code);
    expect(quiet.stdout).toBe(loud.stdout);
    expect(labelsIn(quiet.stdout).length).toBeGreaterThan(0);
  });
});

describe('diagnostics on stderr', () => {
  it('prints one line per code and page with a count, and no info', () => {
    const warn = (page: number, code: DiagnosticCode) => ({ code, severity: 'warning' as const, page, message: `${code} message` });
    const diagnostics = [
      ...Array.from({ length: 60 }, () => warn(1, 'partial-span')),
      warn(1, 'ambiguous-gutter'),
      warn(2, 'partial-span'),
      { code: 'page-ocr' as const, severity: 'info' as const, page: 1, message: 'read by OCR' },
    ];
    expect(summariseDiagnostics(diagnostics)).toEqual([
      ': page 1: warning: partial-span (60 times): partial-span message',
      ': page 1: warning: ambiguous-gutter: ambiguous-gutter message',
      ': page 2: warning: partial-span: partial-span message',
    ]);
  });
});

describe('failures and usage', () => {
  it('exits 3 with one line on stderr for a file that is not a PDF', async () => {
    const r = await readflow(files.notPdf);
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
    expect(lines(r.stderr)).toHaveLength(1);
    expect(r.stderr).toMatch(/not a PDF/i);
  });

  it('exits 2 for an unknown option', async () => {
    const r = await readflow(files.twoCol, '--no-such-option');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/no-such-option/);
  });

  it('exits 2 when no file is given', async () => {
    const r = await readflow('--format', 'json');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).not.toBe('');
  });

  it('prints help on stdout and exits 0 for --help', async () => {
    const r = await readflow('--help');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: readflow /m);
    expect(r.stderr).toBe('');
  });

  it('prints the engine version for --version', async () => {
    const r = await readflow('--version');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(ENGINE_VERSION + '\n');
  });
});
