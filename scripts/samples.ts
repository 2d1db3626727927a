// Writes the sample PDFs shipped in fixtures/samples/ (the README's first command reads one of them).
// They are generated fixtures: regenerate with `npm run samples`; test/samples.test.ts checks they are current.
import { writeFileSync } from 'node:fs';
import { fixture } from '../fixtures/index.js';

export const SAMPLES: Record<string, string> = {
  'two-column-table.pdf': 'wide-table-rows',
  'chapter-with-notes.pdf': 'chapter-furniture-5pp-rows',
};

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  for (const [file, name] of Object.entries(SAMPLES)) writeFileSync(`fixtures/samples/${file}`, fixture(name).pdf);
}
