/**
 * What each function's bundle holds: its entry bundled by esbuild with the stack's own options (bundlingFor), in
 * memory, with the packages it pulls in and its size. Used by test/bundles.test.ts (each function carries only what
 * its stage needs) and `npm run bundles` (the sizes, quoted in the README).
 */
import { build } from 'esbuild';
import { join } from 'node:path';
import { FUNCTION_ENTRIES, type FunctionName } from '../config.js';

export { FUNCTION_ENTRIES };
import { bundlingFor } from '../constructs/function.js';
import { REPO_ROOT } from './runtime-assets.js';

export interface BundleContents {
  /** Bytes of the bundled JavaScript (index.mjs), before the runtime assets are copied beside it. */
  bytes: number;
  /** npm packages with code in the bundle (scoped names whole). */
  packages: string[];
}

export async function bundleContents(fn: FunctionName): Promise<BundleContents> {
  const b = bundlingFor({ pdfjs: false, canvas: null, ocrLangs: [] });
  const r = await build({
    entryPoints: [join(REPO_ROOT, 'functions', `${FUNCTION_ENTRIES[fn]}.ts`)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: b.target,
    mainFields: b.mainFields,
    banner: { js: b.banner ?? '' },
    external: b.externalModules,
    minify: b.minify,
    write: false,
    metafile: true,
    outfile: 'index.mjs',
    logLevel: 'error',
  });
  const packages = new Set<string>();
  for (const input of Object.keys(r.metafile.inputs)) {
    const m = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (m) packages.add(m[1]);
  }
  return { bytes: r.outputFiles.reduce((n, f) => n + f.contents.length, 0), packages: [...packages].sort() };
}
