/**
 * Run by `npm ci` (the `prepare` script): puts the @napi-rs/canvas binary of every Lambda architecture in place, so
 * `npm run synth` and `npm run deploy` work offline afterwards. npm installs only the host's binary (the packages
 * declare their cpu), so the other one is fetched now, while the registry is reachable, checked against
 * package-lock.json and unpacked under node_modules/.cache (see canvasBinaryDir). Without the registry it warns and
 * leaves the install alone: only a synth for that architecture needs it.
 */
import { canvasBinaryDir, type LambdaArch } from './runtime-assets.js';

for (const arch of ['arm64', 'x86_64'] as LambdaArch[]) {
  try {
    canvasBinaryDir(arch);
  } catch (e) {
    process.stderr.write(`readflow: warning: ${(e as Error).message}\n`);
  }
}
