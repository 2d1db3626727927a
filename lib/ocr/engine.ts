/**
 * One tesseract.js worker per language set, started on first use, reused across pages and across invocations of
 * the same process (a warm Lambda), and terminated cleanly. Language data comes from the npm packages
 * `@tesseract.js-data/<lang>`: nothing is downloaded at run time and nothing is written to the working directory
 * (read-only on Lambda).
 */
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWorker, OEM, type Worker } from 'tesseract.js';
import { ReadflowError } from '../errors.js';

/** The traineddata flavour shipped in @tesseract.js-data packages: LSTM, integer weights (fast, accurate). */
const DATA_FLAVOUR = '4.0.0_best_int';

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));

/**
 * Where a language's data lives: a `tessdata/<lang>/` folder beside a Lambda bundle, or the installed
 * `@tesseract.js-data/<lang>` package.
 */
export function langPathFor(lang: string): string {
  const bundled = join(here, 'tessdata', lang);
  if (existsSync(join(bundled, `${lang}.traineddata.gz`))) return bundled;
  try {
    return join(dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`)), DATA_FLAVOUR);
  } catch {
    throw new ReadflowError('bad-option', `OCR language data for "${lang}" is not installed: npm install @tesseract.js-data/${lang}`);
  }
}

/** The worker script and wasm core: beside a Lambda bundle when shipped there, else from the installed packages. */
function enginePaths(): { workerPath?: string; corePath?: string } {
  const worker = join(here, 'tesseract', 'worker-script', 'node', 'index.js');
  const core = join(here, 'tesseract-core');
  return {
    ...(existsSync(worker) ? { workerPath: worker } : {}),
    ...(existsSync(core) ? { corePath: core } : {}),
  };
}

const workers = new Map<string, Promise<Worker>>();

/**
 * The folder holding every requested language's `<lang>.traineddata.gz`. tesseract.js reads all languages of a
 * worker from one folder: a single language comes from its npm package; several need `ocrDataPath` (a folder with
 * all of them, as the Lambda bundle ships) unless they already sit together.
 */
export function dataFolderFor(langs: string, dataPath: string | null): string {
  const list = langs.split('+');
  if (dataPath) {
    const missing = list.filter((l) => !existsSync(join(dataPath, `${l}.traineddata.gz`)));
    if (missing.length) throw new ReadflowError('bad-option', `ocrDataPath has no ${missing.map((l) => `${l}.traineddata.gz`).join(', ')}`);
    return dataPath;
  }
  const folders = [...new Set(list.map(langPathFor))];
  if (folders.length > 1) {
    throw new ReadflowError(
      'bad-option',
      `OCR in several languages (${langs}) needs their data in one folder: copy each <lang>.traineddata.gz into one folder and pass it as ocrDataPath (--ocr-data)`,
    );
  }
  return folders[0];
}

/** The worker for a language set (`eng`, `eng+deu`), started once. Rejects (never crashes) if it cannot start. */
export function ocrWorker(langs: string, dataPath: string | null = null): Promise<Worker> {
  const key = `${langs}|${dataPath ?? ''}`;
  let w = workers.get(key);
  if (!w) {
    let folder: string;
    try {
      folder = dataFolderFor(langs, dataPath);
    } catch (e) {
      return Promise.reject(e);
    }
    let failure: unknown;
    w = createWorker(langs.split('+'), OEM.LSTM_ONLY, {
      langPath: folder,
      gzip: true,
      cacheMethod: 'none',
      ...enginePaths(),
      // Without a handler tesseract.js throws from its message listener, which would crash the process.
      errorHandler: (e: unknown) => {
        failure = e;
      },
      logger: () => undefined,
    }).then(
      (worker) => worker,
      (e: unknown) => {
        workers.delete(key);
        throw new Error(`the OCR engine could not start: ${String((e as Error)?.message ?? e ?? failure)}`);
      },
    );
    workers.set(key, w);
  }
  return w;
}

/** Stop every OCR worker (end of a CLI run, a test, a Lambda shutdown). */
export async function terminateOcr(): Promise<void> {
  const all = [...workers.values()];
  workers.clear();
  await Promise.all(all.map((w) => w.then((x) => x.terminate()).catch(() => undefined)));
}
