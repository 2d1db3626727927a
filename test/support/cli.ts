/** Running the real `readflow` command (bin/readflow.js → dist/cli.js) as a child process. */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../../', import.meta.url));
const BUNDLE = join(REPO, 'dist', 'cli.js');
/** What the bundle is built from: if any of these is newer than dist/cli.js, the bundle is stale. */
const SOURCES = ['cli', 'lib', 'scripts/build.mjs'];

async function newestMtime(path: string): Promise<number> {
  const info = await stat(path);
  if (!info.isDirectory()) return /\.(ts|mjs)$/.test(path) ? info.mtimeMs : 0;
  let newest = 0;
  for (const entry of await readdir(path)) newest = Math.max(newest, await newestMtime(join(path, entry)));
  return newest;
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

function run(file: string, args: string[]): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { cwd: REPO, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' }, (err, stdout, stderr) => {
      if (err && typeof err.code !== 'number') return reject(err);
      resolve({ code: err ? Number(err.code) : 0, stdout, stderr });
    });
  });
}

/** Build dist/cli.js when it is missing or older than its sources (a fresh clone after `npm ci` already has it). */
export async function ensureCliBuilt(): Promise<void> {
  const built = await stat(BUNDLE).then(
    (s) => s.mtimeMs,
    () => -1,
  );
  const sources = Math.max(...(await Promise.all(SOURCES.map((s) => newestMtime(join(REPO, s))))));
  if (built >= sources) return;
  const r = await run(process.execPath, ['scripts/build.mjs']);
  if (r.code !== 0) throw new Error(`npm run build failed (${r.code}): ${r.stderr}`);
}

/** `node bin/readflow.js ARGS…` from the repository root. */
export function readflow(...args: string[]): Promise<CliResult> {
  return run(process.execPath, ['bin/readflow.js', ...args]);
}

/** A fresh folder under the OS temp dir for input PDFs and outputs; `remove` deletes it. */
export async function scratch(): Promise<{ dir: string; put: (name: string, bytes: Uint8Array) => Promise<string>; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'readflow-cli-'));
  return {
    dir,
    put: async (name, bytes) => {
      const path = join(dir, name);
      await writeFile(path, bytes);
      return path;
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
