/** Process entry point of the `readflow` command. */
import { main } from './readflow.js';
import { terminateOcr } from '../lib/ocr/engine.js';

main(process.argv.slice(2))
  .then(
    (code) => {
      process.exitCode = code;
    },
    (e) => {
      process.stderr.write(`readflow: internal error: ${(e as Error)?.stack ?? String(e)}\n`);
      process.exitCode = 1;
    },
  )
  // OCR workers are threads: stop them so the process can exit.
  .finally(() => terminateOcr());
