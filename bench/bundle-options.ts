/**
 * esbuild options for every bench bundle: plain node 20 ESM with dependencies left external, the way dist/cli.js is
 * built. No imports here, so bench/pipeline.ts (itself bundled for child processes) can use it without pulling
 * esbuild into its bundle.
 */
export const NODE_BUNDLE = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  logLevel: 'warning',
} as const;
