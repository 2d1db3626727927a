/**
 * Command run by each function's `afterBundling` hook (see function.ts): `copy-cli.ts <bundle folder> <spec JSON>`.
 * A separate process because CDK runs bundling hooks as shell commands.
 */
import { copyRuntimeAssets, type RuntimeAssetSpec } from './runtime-assets.js';

const [outDir, spec] = process.argv.slice(2);
if (!outDir || !spec) {
  console.error('usage: copy-cli.ts <bundle folder> <runtime asset spec as JSON>');
  process.exit(2);
}
copyRuntimeAssets(outDir, JSON.parse(spec) as RuntimeAssetSpec);
