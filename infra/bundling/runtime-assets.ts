/**
 * Files a function needs at run time that esbuild cannot put into its bundle, copied beside `index.mjs` after
 * bundling (the NodejsFunction `afterBundling` hook runs copy-cli.ts, which calls `copyRuntimeAssets`). The layout
 * is the one the code looks for next to the bundled file:
 *
 *   pdfjs/standard_fonts/, pdfjs/cmaps/, pdfjs/wasm/       lib/pdf/pdfjs.ts (fonts, CMaps, image decoders)
 *   node_modules/@napi-rs/canvas/                          external import of the bundle (native, cannot be bundled)
 *   node_modules/@napi-rs/canvas-linux-<arch>-gnu/         its binary for the function's architecture
 *   tesseract/worker-script/node/index.js                  lib/ocr/engine.ts: the tesseract.js worker thread script,
 *   tesseract/worker-script/node/tesseract-core-*.wasm       bundled into one file with the wasm cores it loads
 *   tessdata/<lang>/<lang>.traineddata.gz                  lib/ocr/engine.ts (one language)
 *   tessdata/all/<lang>.traineddata.gz                     several languages: READFLOW_OPTIONS.ocrDataPath points here
 *
 * Why the worker script is bundled: tesseract.js starts it as a worker thread from a file path, and the file as
 * published requires its package's own sources and dependencies (regenerator-runtime, is-url, bmp-js,
 * wasm-feature-detect, tesseract.js-core), none of which exist in a Lambda package. Bundled, it needs only the wasm
 * files, which the core's loader reads from `__dirname`, i.e. beside the bundled script.
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';

/** The repository root (this file is infra/bundling/runtime-assets.ts). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export type LambdaArch = 'arm64' | 'x86_64';

/** What one function's package needs beside its bundle. */
export interface RuntimeAssetSpec {
  /** pdf.js standard fonts, CMaps and wasm decoders (any function that opens a PDF). */
  pdfjs: boolean;
  /** The native canvas package for this architecture (any bundle that imports @napi-rs/canvas), or null. */
  canvas: LambdaArch | null;
  /** OCR languages to ship with the tesseract worker and cores; empty for no OCR. */
  ocrLangs: string[];
}

/** The traineddata flavour lib/ocr/engine.ts reads from @tesseract.js-data packages. */
const DATA_FLAVOUR = '4.0.0_best_int';

const pkgDir = (root: string, name: string) => join(root, 'node_modules', ...name.split('/'));

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

/** `@napi-rs/canvas-linux-arm64-gnu` for arm64, `…-x64-gnu` for x86_64 (Lambda runs Amazon Linux, glibc). */
export function canvasPlatformPackage(arch: LambdaArch): string {
  return `@napi-rs/canvas-linux-${arch === 'arm64' ? 'arm64' : 'x64'}-gnu`;
}

/**
 * The folder of the canvas binary package for `arch`. npm installs only the host's binary, so the other one is
 * fetched once with `npm pack` (the ordinary npm client; npm's cache makes later runs offline), checked against the
 * sha512 recorded in package-lock.json, and unpacked under node_modules/.cache.
 */
export function canvasBinaryDir(arch: LambdaArch, root = REPO_ROOT): string {
  const name = canvasPlatformPackage(arch);
  const installed = pkgDir(root, name);
  if (existsSync(join(installed, 'package.json'))) return installed;
  const lock = readJson<{ packages: Record<string, { version?: string; integrity?: string }> }>(join(root, 'package-lock.json'));
  const entry = lock.packages[`node_modules/${name}`];
  if (!entry?.version || !entry.integrity) throw new Error(`${name} is not in package-lock.json: is @napi-rs/canvas installed?`);
  const cache = join(root, 'node_modules', '.cache', 'readflow-canvas', `${name.replace('/', '+')}-${entry.version}`);
  const unpacked = join(cache, 'package');
  if (existsSync(join(unpacked, 'package.json'))) return unpacked;
  mkdirSync(cache, { recursive: true });
  let out: string;
  try {
    out = execFileSync('npm', ['pack', `${name}@${entry.version}`, '--pack-destination', cache, '--prefer-offline', '--silent'], {
      cwd: cache,
      encoding: 'utf8',
    });
  } catch (e) {
    throw new Error(
      `the ${arch} canvas binary (${name}@${entry.version}) is not installed and npm could not fetch it (${String(e)}); ` +
        `run this once with access to the npm registry, or deploy with -c architecture=${arch === 'arm64' ? 'x86_64' : 'arm64'}`,
    );
  }
  const tgz = join(cache, out.trim().split('\n').pop()!);
  const [algo, expected] = entry.integrity.split(/-(.*)/s);
  const actual = createHash(algo).update(readFileSync(tgz)).digest('base64');
  if (actual !== expected) throw new Error(`${tgz}: ${algo} ${actual} does not match package-lock.json (${expected})`);
  execFileSync('tar', ['-xzf', tgz, '-C', cache]);
  return unpacked;
}

/** Copies the files a function needs at run time into its bundle folder (see the layout above). */
export function copyRuntimeAssets(outDir: string, spec: RuntimeAssetSpec, root = REPO_ROOT): void {
  if (spec.pdfjs) {
    const pdfjs = pkgDir(root, 'pdfjs-dist');
    for (const sub of ['standard_fonts', 'cmaps', 'wasm']) cpSync(join(pdfjs, sub), join(outDir, 'pdfjs', sub), { recursive: true });
  }
  if (spec.canvas) {
    const nm = join(outDir, 'node_modules');
    cpSync(pkgDir(root, '@napi-rs/canvas'), join(nm, '@napi-rs', 'canvas'), { recursive: true });
    cpSync(canvasBinaryDir(spec.canvas, root), join(nm, ...canvasPlatformPackage(spec.canvas).split('/')), { recursive: true });
  }
  if (spec.ocrLangs.length) {
    copyTesseract(outDir, root);
    copyLanguages(outDir, spec.ocrLangs, root);
  }
}

function copyTesseract(outDir: string, root: string): void {
  const scriptDir = join(outDir, 'tesseract', 'worker-script', 'node');
  buildSync({
    entryPoints: [join(pkgDir(root, 'tesseract.js'), 'src', 'worker-script', 'node', 'index.js')],
    outfile: join(scriptDir, 'index.js'),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    // Only loaded when the runtime has no global fetch (Node < 18); the worker never fetches (langPath is local).
    external: ['node-fetch'],
    logLevel: 'warning',
  });
  // Every wasm core the loader may pick (SIMD, relaxed SIMD — Node 22's V8 has it, Node 20's does not — or plain;
  // LSTM-only or not): which one depends on the runtime, so all ship.
  const core = pkgDir(root, 'tesseract.js-core');
  for (const f of readdirSync(core).filter((n) => n.endsWith('.wasm'))) cpSync(join(core, f), join(scriptDir, f));
}

function copyLanguages(outDir: string, langs: string[], root: string): void {
  for (const lang of langs) {
    if (!/^[a-z_]{3,}$/i.test(lang)) throw new Error(`not an OCR language code: ${lang}`);
    const src = join(pkgDir(root, `@tesseract.js-data/${lang}`), DATA_FLAVOUR, `${lang}.traineddata.gz`);
    if (!existsSync(src)) throw new Error(`OCR language data for "${lang}" is not installed: npm install @tesseract.js-data/${lang}`);
    // One language: where lib/ocr/engine.ts looks by default. Several: one folder (tesseract.js reads all the
    // languages of a worker from one folder), named by READFLOW_OPTIONS.ocrDataPath.
    const dest = langs.length === 1 ? join(outDir, 'tessdata', lang) : join(outDir, 'tessdata', 'all');
    cpSync(src, join(dest, `${lang}.traineddata.gz`));
  }
}
