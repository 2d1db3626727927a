/**
 * pdf.js, loaded once per process: the legacy build (it runs on Node 20), its worker run in process (so it also
 * bundles with esbuild), standard fonts, CMaps and wasm decoders from the package's own folders.
 */
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * pdf.js' legacy build bundles polyfills that replace Array.prototype.push, JSON.stringify and JSON.parse for the
 * whole process on Node 20 with versions measured 2.5 times (push) to 20-60 times (stringify of a large result)
 * slower. pdf.js does not need them (they implement proposals it does not use), so the originals are captured
 * before pdf.js loads and put back after. pdf.js is imported dynamically so that this holds in esbuild bundles too,
 * where static imports of external packages are hoisted above all bundled code.
 */
const natives = { push: Array.prototype.push, stringify: JSON.stringify, parse: JSON.parse };
const pdfjsWorker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
Array.prototype.push = natives.push;
JSON.stringify = natives.stringify;
JSON.parse = natives.parse;

// The in-process worker: pdf.js looks for `globalThis.pdfjsWorker.WorkerMessageHandler` before it tries to spawn one.
(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = pdfjsWorker;

export { pdfjs, pdfjsWorker };

/**
 * Folder holding pdf.js' `standard_fonts/`, `cmaps/` and `wasm/`: the installed package, or (in a Lambda bundle
 * where node_modules is gone) a `pdfjs/` folder copied beside the bundle.
 */
function assetRoot(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const bundled = join(here, 'pdfjs');
  if (existsSync(join(bundled, 'standard_fonts'))) return bundled;
  const require = createRequire(import.meta.url);
  return dirname(require.resolve('pdfjs-dist/package.json'));
}

let assets: { standardFontDataUrl: string; cMapUrl: string; wasmUrl: string } | undefined;

/** pdf.js wants folder paths with trailing slashes. */
export function pdfjsAssets(): { standardFontDataUrl: string; cMapUrl: string; wasmUrl: string } {
  if (!assets) {
    const root = assetRoot();
    assets = {
      standardFontDataUrl: join(root, 'standard_fonts') + '/',
      cMapUrl: join(root, 'cmaps') + '/',
      wasmUrl: join(root, 'wasm') + '/',
    };
  }
  return assets;
}
