/**
 * Hostile-order copy of a PDF (see redraw.ts): same pixels, text drawn in another order, tags removed.
 *
 *   npx tsx scripts/corpus/redraw-cli.ts IN OUT --mode rows|rand [--seed S] [--stats]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { redrawWithStats, type RedrawMode } from './redraw.js';

const args = process.argv.slice(2);
const positional: string[] = [];
let mode: RedrawMode | undefined;
let seed = 'redraw';
let stats = false;
for (let k = 0; k < args.length; k++) {
  const a = args[k];
  if (a === '--mode') {
    const m = args[++k];
    if (m !== 'rows' && m !== 'rand') usage(`unknown mode: ${m}`);
    mode = m as RedrawMode;
  } else if (a === '--seed') seed = args[++k] ?? usage('--seed needs a value');
  else if (a === '--stats') stats = true;
  else if (a.startsWith('--')) usage(`unknown option: ${a}`);
  else positional.push(a);
}
if (positional.length !== 2 || !mode) usage();

const result = await redrawWithStats(new Uint8Array(readFileSync(positional[0])), mode!, seed);
writeFileSync(positional[1], result.bytes);
if (stats) process.stderr.write(JSON.stringify(result.pages) + '\n');

function usage(message?: string): never {
  if (message) process.stderr.write(message + '\n');
  process.stderr.write('usage: redraw-cli.ts IN OUT --mode rows|rand [--seed S] [--stats]\n');
  process.exit(2);
}
