/**
 * The peer baseline for the corpus table: pdf.js' own text in content-stream order (getTextContent items, a newline
 * at each end of line), no ordering, no furniture removal, no OCR. Same pdf.js build and parameters as readflow.
 *
 *   python3 ../shared/eval/run.py --cmd 'npx tsx scripts/raw-text.ts {pdf}'
 */
import { readFileSync } from 'node:fs';
import { pdfjsRawText } from './eval/peers.js';

process.stdout.write(await pdfjsRawText(new Uint8Array(readFileSync(process.argv[2]))));
