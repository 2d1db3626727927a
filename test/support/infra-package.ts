/**
 * The packaging test's machinery: bundle the stack's function assets exactly as `cdk synth` does, copy one into a
 * read-only folder with no node_modules above it, and invoke its handler there in a child process, the way Lambda
 * loads `index.mjs` from a read-only /var/task.
 */
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LambdaArch } from '../../infra/bundling/runtime-assets.js';
import type { FunctionName } from '../../infra/config.js';
import { buildStack } from './infra.js';

/**
 * The architecture to bundle for: the one whose canvas binary runs here, unless READFLOW_PACKAGE_ARCH names another
 * that READFLOW_PACKAGE_NODE can run (e.g. arm64 under `qemu-aarch64 -L <arm64 sysroot> <arm64 node>`).
 */
export const packageArch = (): LambdaArch =>
  (process.env.READFLOW_PACKAGE_ARCH as LambdaArch | undefined) ?? (process.arch === 'arm64' ? 'arm64' : 'x86_64');

/** The command that runs the packaged code: this Node, or READFLOW_PACKAGE_NODE (e.g. Node 22, or an emulated one). */
const nodeCommand = (): string[] => process.env.READFLOW_PACKAGE_NODE?.split(/\s+/).filter(Boolean) ?? [process.execPath];

/** How much slower than native the packaged code may run (an emulated Node is 10–20× slower). */
export const slowdown = (): number => Number(process.env.READFLOW_PACKAGE_SLOWDOWN ?? (process.env.READFLOW_PACKAGE_NODE ? 20 : 1));

/**
 * Synthesizes the stack with bundling on (the same NodejsFunction bundling and copy step as `npm run synth`) and
 * returns each function's asset folder in the cloud assembly.
 */
export interface Bundled {
  /** Each function's asset folder. */
  dirs: Record<FunctionName, string>;
  /** Each function's environment as the template sets it (references to resources left as objects). */
  env: Record<FunctionName, Record<string, unknown>>;
}

export function bundleAssets(outdir: string, arch: LambdaArch): Bundled {
  const { stack, app } = buildStack({ architecture: arch }, { bundle: true, outdir, nag: false });
  const assembly = app.synth();
  const template = JSON.parse(readFileSync(join(assembly.directory, `${stack.artifactId}.template.json`), 'utf8')) as {
    Resources: Record<string, { Properties: { Code?: { S3Key?: string }; Environment?: { Variables: Record<string, unknown> } } }>;
  };
  const out: Bundled = { dirs: {} as Bundled['dirs'], env: {} as Bundled['env'] };
  for (const [name, f] of Object.entries(stack.functions) as [FunctionName, (typeof stack.functions)[FunctionName]][]) {
    const { Code, Environment } = template.Resources[stack.getLogicalId(f.fn.node.defaultChild as never)].Properties;
    const dir = join(assembly.directory, `asset.${Code!.S3Key!.replace(/\.zip$/, '')}`);
    if (!existsSync(join(dir, 'index.mjs'))) throw new Error(`no bundle for ${name} at ${dir}`);
    out.dirs[name] = dir;
    out.env[name] = Environment?.Variables ?? {};
  }
  return out;
}

/**
 * Node flags that make the packaged Node load tesseract's relaxed-SIMD wasm core, as Node 22 (Lambda's runtime)
 * does by default: `--experimental-wasm-relaxed-simd` where the flag exists (Node 20), nothing where it is gone
 * because the feature is on (Node 22).
 */
export function relaxedSimdFlags(): string[] {
  const [node, ...pre] = nodeCommand();
  const r = spawnSync(node, [...pre, '--experimental-wasm-relaxed-simd', '-e', '0'], { stdio: 'ignore' });
  return r.status === 0 ? ['--experimental-wasm-relaxed-simd'] : [];
}

/** Lambda runs the code as an unprivileged user; root ignores file modes, so children run as `nobody` then. */
const asUnprivileged = () => (process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {});

/** A copy of `src` in a fresh temporary folder, made read-only. Throws if a node_modules is reachable above it. */
export function readOnlyCopy(src: string): { dir: string; remove(): void } {
  const root = mkdtempSync(join(tmpdir(), 'readflow-pkg-'));
  const dir = join(root, 'task');
  cpSync(src, dir, { recursive: true });
  for (let d = dirname(dir); ; d = dirname(d)) {
    if (existsSync(join(d, 'node_modules'))) throw new Error(`${d} has a node_modules: the copy would not be isolated`);
    if (dirname(d) === d) break;
  }
  execFileSync('chmod', ['-R', 'a-w,a+rX', dir]);
  chmodSync(root, 0o755);
  return {
    dir,
    remove: () => {
      execFileSync('chmod', ['-R', 'u+w', root]);
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Can the invoked code write into its folder? (It must not be able to, as on Lambda.) */
export function folderIsWritable(dir: string): boolean {
  try {
    const [node, ...pre] = nodeCommand();
    execFileSync(node, [...pre, '-e', `require('fs').writeFileSync(${JSON.stringify(join(dir, 'probe'))}, 'x')`], {
      ...asUnprivileged(),
      stdio: 'ignore',
    });
    return true;
  } catch {
    return false;
  }
}

/** Imports `<dir>/index.mjs` in a fresh process: the type of its `handler` and anything it printed to stderr. */
export function importBundle(dir: string): { handler: string; warnings: string } {
  const url = pathToFileURL(join(dir, 'index.mjs')).href;
  const [node, ...pre] = nodeCommand();
  const r = spawnSync(node, [...pre, '--input-type=module', '-e', `const m = await import(${JSON.stringify(url)}); console.log(typeof m.handler);`], {
    cwd: dir,
    ...asUnprivileged(),
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir, LAMBDA_TASK_ROOT: dir },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`importing ${url} failed:\n${r.stderr}`);
  return { handler: r.stdout.trim(), warnings: r.stderr.trim() };
}

export interface Invocation<T> {
  result: T;
  logs: string;
  ms: number;
}

const RESULT = '@@readflow-result ';

/**
 * Loads `<dir>/index.mjs` in a fresh Node process (working directory `dir`, as Lambda's /var/task) and calls its
 * `handler` with the event; the process exits after the handler returns, like a frozen Lambda sandbox.
 */
export function invokeBundle<T>(
  dir: string,
  event: unknown,
  env: Record<string, string>,
  opts: { nodeFlags?: string[]; timeoutMs?: number } = {},
): Promise<Invocation<T>> {
  const script = `
    const m = await import(${JSON.stringify(pathToFileURL(join(dir, 'index.mjs')).href)});
    const event = JSON.parse(process.env.READFLOW_TEST_EVENT);
    const deadline = Date.now() + 900000;
    const context = { functionName: 'packaged', awsRequestId: 'test', callbackWaitsForEmptyEventLoop: false, getRemainingTimeInMillis: () => deadline - Date.now() };
    const result = await m.handler(event, context);
    process.stdout.write('\\n${RESULT}' + JSON.stringify(result ?? null) + '\\n');
    process.exit(0);`;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const [node, ...pre] = nodeCommand();
    const child = spawn(node, [...pre, ...(opts.nodeFlags ?? []), '--input-type=module', '-e', script], {
      cwd: dir,
      ...asUnprivileged(),
      // Only what Lambda would give the function (and the local endpoint): no NODE_PATH, no NODE_OPTIONS.
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir, LAMBDA_TASK_ROOT: dir, ...env, READFLOW_TEST_EVENT: JSON.stringify(event) },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: (opts.timeoutMs ?? 120_000) * slowdown(),
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const line = out.split('\n').find((l) => l.startsWith(RESULT));
      if (code !== 0 || !line) return reject(new Error(`the packaged handler failed (exit ${code}):\n${out.slice(-4000)}`));
      resolve({ result: JSON.parse(line.slice(RESULT.length)) as T, logs: out, ms: performance.now() - started });
    });
  });
}

/** An SQS event as Lambda's event source mapping delivers it. */
export function sqsEvent(bodies: string[], queue: string): SQSEvent {
  const now = String(Date.now());
  return {
    Records: bodies.map(
      (body): SQSRecord => ({
        messageId: randomUUID(),
        receiptHandle: randomUUID(),
        body,
        attributes: { ApproximateReceiveCount: '1', SentTimestamp: now, SenderId: 'test', ApproximateFirstReceiveTimestamp: now },
        messageAttributes: {},
        md5OfBody: '',
        eventSource: 'aws:sqs',
        eventSourceARN: `arn:aws:sqs:us-east-1:000000000000:${queue}`,
        awsRegion: 'us-east-1',
      }),
    ),
  };
}

/** Bytes under a folder (what Lambda counts against its 250 MB unzipped limit). */
export function folderBytes(dir: string): number {
  return Number(execFileSync('du', ['-sb', dir], { encoding: 'utf8' }).split('\t')[0]);
}
