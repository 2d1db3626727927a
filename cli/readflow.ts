/**
 * `readflow FILE.pdf [FILE …] [options]`: the command line. Reads files, calls the library, writes the requested
 * rendition to stdout (or -o), diagnostics and progress to stderr. Nothing but the requested output goes to stdout.
 */
import { readFile, writeFile, mkdir, stat } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { extractDocument, type ExtractOptions } from '../lib/extract.js';
import { ReadflowError, isReadflowError } from '../lib/errors.js';
import { ENGINE_VERSION } from '../lib/constants.js';
import { render, extensionOf, FORMATS, type Format } from './render.js';
import { flagsHelp, intFlag, optionsOf, parseTable, UsageError, type FlagValues } from './flags.js';
import type { Diagnostic, DocumentResult } from '../lib/types.js';

export const EXIT = {
  ok: 0,
  internal: 1,
  usage: 2,
  badInput: 3,
  strict: 4,
  partial: 5,
} as const;

const HELP = `readflow ${ENGINE_VERSION}: PDF text in the order a person reads it

Usage: readflow FILE.pdf [FILE.pdf ...] [options]

${flagsHelp()}

Exit codes: 0 done; 2 usage error; 3 input rejected (not a PDF, damaged, encrypted, empty, too large);
4 refused under --strict; 5 done but some pages failed (partial); 1 internal error.
`;

export interface CliIO {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
}

export async function main(argv: string[], io: CliIO = { stdout: process.stdout, stderr: process.stderr }): Promise<number> {
  const err = (line: string) => io.stderr.write(line + '\n');
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: parseTable() });
  } catch (e) {
    err(`readflow: ${(e as Error).message} (see readflow --help)`);
    return EXIT.usage;
  }
  const { positionals: files } = parsed;
  const v = parsed.values as FlagValues;
  if (v.help) {
    io.stdout.write(HELP);
    return EXIT.ok;
  }
  if (v.version) {
    io.stdout.write(ENGINE_VERSION + '\n');
    return EXIT.ok;
  }
  let options: ExtractOptions;
  let format: Format;
  let chunkTokens: number | undefined;
  try {
    if (files.length === 0) throw new UsageError('no input file (see readflow --help)');
    format = (v.format ?? 'text') as Format;
    if (!FORMATS.includes(format)) throw new UsageError(`--format must be one of ${FORMATS.join(', ')} (got ${v.format})`);
    chunkTokens = intFlag('chunk-tokens', v['chunk-tokens']);
    if (v.debug === '') throw new UsageError('--debug needs a folder');
    options = optionsOf(v);
  } catch (e) {
    err(`readflow: ${(e as Error).message}`);
    return EXIT.usage;
  }

  const many = files.length > 1;
  if (many && v.output) {
    await mkdir(v.output, { recursive: true });
  }
  /** Debug subfolders written so far (several files), by file: names made unique. */
  const debugFolders: { name: string; folder: string }[] = [];
  let exit: number = EXIT.ok;
  const worse = (code: number) => {
    // The most serious outcome decides the exit code: internal > usage > bad input > strict > partial.
    const rank = [EXIT.ok, EXIT.partial, EXIT.strict, EXIT.badInput, EXIT.usage, EXIT.internal];
    if (rank.indexOf(code as (typeof rank)[number]) > rank.indexOf(exit as (typeof rank)[number])) exit = code;
  };

  for (const file of files) {
    let doc: DocumentResult;
    let bytes: Uint8Array;
    try {
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) throw new ReadflowError('not-pdf', `no such file: ${file}`);
      bytes = new Uint8Array(await readFile(file));
      const showProgress = !v.quiet && Boolean(io.stderr.isTTY);
      doc = await extractDocument(bytes, {
        ...options,
        source: { name: basename(file) },
        onProgress: showProgress
          ? (done, total) => {
              if (total > 3) io.stderr.write(`\r${basename(file)}: page ${done}/${total}${done === total ? '\n' : ''}`);
            }
          : undefined,
      });
    } catch (e) {
      if (isReadflowError(e)) {
        if (e.code === 'bad-option') {
          err(`readflow: ${e.message}`);
          return EXIT.usage;
        }
        err(`readflow: ${file}: ${e.message}`);
        worse(e.code === 'strict' ? EXIT.strict : e.isInputError ? EXIT.badInput : EXIT.internal);
      } else {
        err(`readflow: ${file}: internal error: ${(e as Error)?.stack ?? String(e)}`);
        worse(EXIT.internal);
      }
      continue;
    }
    if (!v.quiet) {
      for (const line of summariseDiagnostics(doc.diagnostics)) err(`readflow: ${file}${line}`);
    }
    if (doc.status !== 'complete') worse(EXIT.partial);
    const out = render(doc, format, { compact: many && !v.output, chunkTokens });
    if (v.output) {
      const target = many ? join(v.output, `${basename(file, extname(file))}.${extensionOf(format)}`) : v.output;
      await writeFile(target, out);
    } else {
      if (many && (format === 'text' || format === 'md')) io.stdout.write(`==> ${file} <==\n`);
      io.stdout.write(out);
    }
    if (v.debug !== undefined) {
      try {
        // Loaded only when asked for: without --debug nothing of the debug view runs.
        const { writeDebug } = await import('./debug.js');
        let dir = v.debug;
        if (many) {
          const stem = basename(file, extname(file)) || 'document';
          let folder = stem;
          for (let i = 2; debugFolders.some((d) => d.folder === folder); i++) folder = `${stem}-${i}`;
          debugFolders.push({ name: file, folder });
          dir = join(v.debug, folder);
        }
        await writeDebug(bytes, doc, dir, { password: v.password });
      } catch (e) {
        err(`readflow: ${file}: could not write the debug view: ${(e as Error)?.message ?? String(e)}`);
        worse(EXIT.internal);
      }
    }
  }
  if (many && v.debug !== undefined && debugFolders.length) {
    const { writeDebugIndex } = await import('./debug.js');
    await writeDebugIndex(v.debug, debugFolders).catch((e) => {
      err(`readflow: could not write ${join(v.debug!, 'index.html')}: ${(e as Error)?.message ?? String(e)}`);
      worse(EXIT.internal);
    });
  }
  return exit;
}

/**
 * Warnings and errors for stderr: one line per code and page, with how many there were ("60 × partial-span" is
 * one line, not sixty); the message is the first one's. The JSON keeps every diagnostic with its detail.
 */
export function summariseDiagnostics(diagnostics: readonly Diagnostic[]): string[] {
  const groups = new Map<string, { d: Diagnostic; n: number }>();
  for (const d of diagnostics) {
    if (d.severity === 'info') continue;
    const key = `${d.page ?? ''}|${d.code}|${d.severity}`;
    const g = groups.get(key);
    if (g) g.n++;
    else groups.set(key, { d, n: 1 });
  }
  return [...groups.values()].map(
    ({ d, n }) => `${d.page ? `: page ${d.page}` : ''}: ${d.severity}: ${d.code}${n > 1 ? ` (${n} times)` : ''}: ${d.message}`,
  );
}
