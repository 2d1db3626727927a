// Builds dist/cli.js, the bundle behind the `readflow` command. Runs on `npm ci` (prepare) and `npm run build`.
import { build } from 'esbuild';

await build({
  entryPoints: { cli: 'cli/main.ts', index: 'lib/index.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
