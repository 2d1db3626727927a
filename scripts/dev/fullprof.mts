// Dev helper: extractDocument on the 200-page book, warm, for a CPU profile of readflow's own code.
import { book } from '../../fixtures/index.js';
import { extractDocument } from '../../lib/extract.js';
const bytes = book(200);
for (let i = 0; i < 4; i++) {
  const t0 = performance.now();
  await extractDocument(bytes);
  console.log(Math.round(performance.now() - t0));
}
