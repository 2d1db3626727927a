#!/usr/bin/env node
// The `readflow` command: runs the bundle that `npm ci` / `npm run build` writes to dist/.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const cli = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(fileURLToPath(cli))) {
  process.stderr.write('readflow: dist/cli.js is missing: run `npm run build` (npm ci runs it for you)\n');
  process.exit(1);
}
await import(cli.href);
