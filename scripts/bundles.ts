/**
 * `npm run bundles`: each Lambda function's bundle, built in memory with the stack's esbuild options: its size and
 * the packages in it (AWS SDK and Smithy packages counted, not listed).
 */
import { bundleContents, FUNCTION_ENTRIES } from '../infra/bundling/measure.js';
import type { FunctionName } from '../infra/config.js';

process.stdout.write('| function | bundle (MB) | packages beside the AWS SDK |\n|---|---:|---|\n');
for (const fn of Object.keys(FUNCTION_ENTRIES) as FunctionName[]) {
  const c = await bundleContents(fn);
  const sdk = c.packages.filter((p) => p.startsWith('@aws-sdk/') || p.startsWith('@smithy/')).length;
  const rest = c.packages.filter((p) => !p.startsWith('@aws-sdk/') && !p.startsWith('@smithy/'));
  process.stdout.write(`| ${fn} | ${(c.bytes / 1e6).toFixed(2)} | ${rest.join(', ')} (+ ${sdk} SDK) |\n`);
}
