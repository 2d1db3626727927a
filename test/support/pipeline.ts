/**
 * Helpers for the pipeline tests (test/pipeline*.test.ts) and the pipeline benchmark: what a LocalPipeline wrote to
 * its output bucket, its queues' depths, real SQS sends and receives, page workers in child processes
 * (local/worker-main.ts) that can be killed, the in-process result to compare with, and a peak-RSS sampler.
 * Nothing here mocks S3 or SQS: every call goes over the wire to the pipeline's local server. No vitest import
 * (bench/pipeline.ts uses these too); the assertions are in pipeline-expect.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import {
  DeleteMessageBatchCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  type Message,
} from '@aws-sdk/client-sqs';
import { clients, type Clients } from '../../functions/shared/aws.js';
import { loadConfig, type PipelineConfig } from '../../functions/shared/env.js';
import { keys, resultKeyFor, type Manifest, type SourceRef, type UsageRecord } from '../../functions/shared/jobs.js';
import type { FinalMarker } from '../../functions/shared/output.js';
import { getBytes, getJson, listKeys } from '../../functions/shared/store.js';
import { extractDocument } from '../../lib/extract.js';
import type { ReadflowOptions } from '../../lib/options.js';
import type { DocumentResult } from '../../lib/types.js';
import { LocalPipeline, type LocalPipelineOptions } from '../../local/pipeline.js';
import type { WorkerLine } from '../../local/worker-main.js';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

// --- configuration, clients, keys --------------------------------------------------------------------------------

export const configOf = (p: LocalPipeline): PipelineConfig => loadConfig(p.env);
export const clientsOf = (p: LocalPipeline): Clients => clients(configOf(p));

/** Every key under a prefix of the output bucket. */
export function outputKeys(p: LocalPipeline, prefix: string): Promise<string[]> {
  return listKeys(clientsOf(p).s3, configOf(p).outputBucket, prefix);
}

export async function outputText(p: LocalPipeline, key: string): Promise<string> {
  return Buffer.from(await getBytes(clientsOf(p).s3, configOf(p).outputBucket, key)).toString('utf8');
}

export function outputJson<T>(p: LocalPipeline, key: string): Promise<T | null> {
  return getJson<T>(clientsOf(p).s3, configOf(p).outputBucket, key);
}

export const jobKeys = (p: LocalPipeline, ref: SourceRef) => keys(configOf(p), p.jobId(ref));
export const resultKeyOf = (p: LocalPipeline, ref: SourceRef) => resultKeyFor(configOf(p), ref.key);

export const manifestOf = (p: LocalPipeline, ref: SourceRef) => outputJson<Manifest>(p, jobKeys(p, ref).manifest);
export const finalOf = (p: LocalPipeline, ref: SourceRef) => outputJson<FinalMarker>(p, jobKeys(p, ref).final);
export const usageOf = (p: LocalPipeline, ref: SourceRef) => outputJson<UsageRecord>(p, jobKeys(p, ref).usage);

/** The three stored renditions of a job's result, as the bytes in the bucket (decoded as UTF-8). */
export async function storedResult(p: LocalPipeline, ref: SourceRef): Promise<{ json: string; md: string; txt: string; doc: DocumentResult }> {
  const base = resultKeyOf(p, ref);
  const [json, md, txt] = await Promise.all(['json', 'md', 'txt'].map((ext) => outputText(p, `${base}.${ext}`)));
  return { json, md, txt, doc: JSON.parse(json) as DocumentResult };
}

/**
 * Runs `fn` against a pipeline of its own (free port, fresh buckets and queues) and stops it afterwards, whatever
 * happens; `defer` registers clean-ups (child workers, extra consumers) run before the pipeline stops, last first.
 */
export async function withPipeline<T>(
  o: LocalPipelineOptions,
  fn: (p: LocalPipeline, defer: (cleanup: () => unknown) => void) => Promise<T>,
): Promise<T> {
  const p = await LocalPipeline.start(o);
  const cleanups: (() => unknown)[] = [];
  try {
    return await fn(p, (c) => cleanups.push(c));
  } finally {
    // A clean-up that fails must not leave the server and its consumers running: the test's own error wins.
    for (const c of cleanups.reverse())
      await Promise.resolve()
        .then(c)
        .catch(() => undefined);
    await p.stop();
  }
}

// --- waiting -----------------------------------------------------------------------------------------------------

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Polls `probe` until it returns something truthy, and returns that; fails naming `what` after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  timeoutMs = 60_000,
  everyMs = 100,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}

/**
 * Every job's final marker, waited for with one listing of the job scratch per round (cheaper than a GET per job
 * per round when many documents are in flight); then their result documents.
 */
export async function resultsOf(p: LocalPipeline, refs: SourceRef[], timeoutMs = 120_000): Promise<DocumentResult[]> {
  const finals = refs.map((r) => jobKeys(p, r).final);
  const prefix = configOf(p).jobPrefix;
  await waitFor(
    `${refs.length} final marker(s)`,
    async () => {
      const have = new Set((await outputKeys(p, prefix)).filter((k) => k.endsWith('/final.json')));
      return finals.every((k) => have.has(k));
    },
    timeoutMs,
    250,
  );
  return Promise.all(refs.map(async (r) => (await storedResult(p, r)).doc));
}

// --- queues ------------------------------------------------------------------------------------------------------

export interface QueueDepth {
  visible: number;
  inFlight: number;
  delayed: number;
}

export async function queueDepth(p: LocalPipeline, queueUrl: string): Promise<QueueDepth> {
  const r = await clientsOf(p).sqs.send(
    new GetQueueAttributesCommand({
      QueueUrl: queueUrl,
      AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible', 'ApproximateNumberOfMessagesDelayed'],
    }),
  );
  const a = r.Attributes ?? {};
  return {
    visible: Number(a.ApproximateNumberOfMessages ?? 0),
    inFlight: Number(a.ApproximateNumberOfMessagesNotVisible ?? 0),
    delayed: Number(a.ApproximateNumberOfMessagesDelayed ?? 0),
  };
}

const total = (d: QueueDepth) => d.visible + d.inFlight + d.delayed;

/** The queues the handlers consume, by name. */
export const workQueues = (p: LocalPipeline) => ({
  intake: p.resources.intakeQueueUrl,
  pages: p.resources.pagesQueueUrl,
  aggregate: p.resources.aggregateQueueUrl,
  deadLetter: p.resources.deadLetterQueueUrl,
});

/** Messages left in each work queue (visible, in flight or delayed). */
export async function workQueueTotals(p: LocalPipeline): Promise<Record<keyof ReturnType<typeof workQueues>, number>> {
  const q = workQueues(p);
  const [intake, pages, aggregate, deadLetter] = await Promise.all([q.intake, q.pages, q.aggregate, q.deadLetter].map((u) => queueDepth(p, u)));
  return { intake: total(intake), pages: total(pages), aggregate: total(aggregate), deadLetter: total(deadLetter) };
}

/** Waits until no work queue holds a message, twice in a row `settleMs` apart (nothing left, nothing in flight). */
export async function waitForIdle(p: LocalPipeline, timeoutMs = 60_000, settleMs = 300): Promise<void> {
  let calm = 0;
  await waitFor(
    'every work queue to be empty',
    async () => {
      const t = await workQueueTotals(p);
      calm = Object.values(t).every((n) => n === 0) ? calm + 1 : 0;
      return calm >= 2;
    },
    timeoutMs,
    settleMs,
  );
}

/** Receives (and deletes) every message a queue holds now, through the SQS API. */
export async function drainQueue(p: LocalPipeline, queueUrl: string): Promise<Message[]> {
  const { sqs } = clientsOf(p);
  const out: Message[] = [];
  for (;;) {
    const r = await sqs.send(
      new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 0, MessageSystemAttributeNames: ['All'] }),
    );
    const got = r.Messages ?? [];
    if (got.length === 0) return out;
    out.push(...got);
    await sqs.send(
      new DeleteMessageBatchCommand({ QueueUrl: queueUrl, Entries: got.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle! })) }),
    );
  }
}

/** Sends message bodies to a queue, in the order given, ten per SendMessageBatch. */
export async function sendBodies(p: LocalPipeline, queueUrl: string, bodies: string[]): Promise<void> {
  const { sqs } = clientsOf(p);
  for (let i = 0; i < bodies.length; i += 10) {
    const chunk = bodies.slice(i, i + 10);
    const r = await sqs.send(new SendMessageBatchCommand({ QueueUrl: queueUrl, Entries: chunk.map((b, k) => ({ Id: String(k), MessageBody: b })) }));
    if (r.Failed?.length) throw new Error(`could not send ${r.Failed.length} message(s): ${r.Failed[0].Message}`);
  }
}

/** A completion announcement as the aggregator (or the splitter, for refused input) sends it. */
export interface ResultNotice {
  type: string;
  jobId: string;
  status: DocumentResult['status'];
  source: SourceRef;
  result: { bucket: string; json: string; markdown: string; text: string } | null;
  /** The input key holds a newer version than the one this job read. */
  superseded?: boolean;
  usage: DocumentResult['usage'];
  engineVersion: string;
}

/** Every announcement on the notify queue so far (taken off the queue). */
export async function notices(p: LocalPipeline): Promise<ResultNotice[]> {
  return (await drainQueue(p, p.resources.notifyQueueUrl)).map((m) => JSON.parse(m.Body!) as ResultNotice);
}

/** A deterministic shuffle (mulberry32), so a failing order can be replayed. */
export function shuffled<T>(xs: readonly T[], seed: number): T[] {
  let a = seed >>> 0;
  const rand = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

// --- comparing with the in-process run ---------------------------------------------------------------------------

/**
 * What `extractDocument` gives for the same bytes and options, with the source named as the splitter names it
 * (the key's base name).
 */
export function inProcess(bytes: Uint8Array, key: string, options: ReadflowOptions = {}): Promise<DocumentResult> {
  return extractDocument(bytes, { ...options, source: { name: basename(key) } });
}

// --- the shared corpus -------------------------------------------------------------------------------------------

/** ../shared/corpus beside the repository, when this machine has it (a user's clone does not). */
export const CORPUS_DIR = resolve(REPO_ROOT, '..', 'shared', 'corpus');

/** Corpus documents whose pages have a text layer (scan_* and syn_l_* are scans: OCR, slow), as [name, bytes]. */
export function textCorpus(): [string, Uint8Array][] {
  if (!existsSync(CORPUS_DIR)) return [];
  return readdirSync(CORPUS_DIR)
    .filter((d) => !/^(scan_|syn_l_)/.test(d) && existsSync(join(CORPUS_DIR, d, 'doc.pdf')))
    .sort()
    .map((d) => [d, new Uint8Array(readFileSync(join(CORPUS_DIR, d, 'doc.pdf')))]);
}

// --- memory ------------------------------------------------------------------------------------------------------

/** Samples this process' resident set size until stopped; `peakMiB` is the highest sample. */
export class RssSampler {
  private peak = process.memoryUsage().rss;
  private readonly timer: NodeJS.Timeout;

  constructor(everyMs = 50) {
    this.timer = setInterval(() => {
      this.peak = Math.max(this.peak, process.memoryUsage().rss);
    }, everyMs);
    this.timer.unref();
  }

  /** Stops sampling; the peak in MiB. */
  stop(): number {
    clearInterval(this.timer);
    this.peak = Math.max(this.peak, process.memoryUsage().rss);
    return this.peakMiB;
  }

  get peakMiB(): number {
    return Math.round(this.peak / 2 ** 20);
  }
}

// --- page workers in child processes -----------------------------------------------------------------------------

const WORKER_ENTRY = join(REPO_ROOT, 'local', 'worker-main.ts');
const LINE_PREFIX = 'WORKER ';

export interface WorkerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A page worker running local/worker-main.ts in a child process, and what it has said on stdout. */
export class WorkerProcess {
  readonly child: ChildProcess;
  readonly lines: WorkerLine[] = [];
  readonly exited: Promise<WorkerExit>;
  private exit: WorkerExit | null = null;
  private stderr = '';
  private readonly listeners = new Set<() => void>();

  /**
   * `nodeArgs`: how node runs the worker. @default ['--import', 'tsx', 'local/worker-main.ts'] (the benchmark runs an
   * esbuild bundle of it instead, without tsx's loader and its memory).
   */
  constructor(p: LocalPipeline, env: Record<string, string> = {}, nodeArgs: string[] = ['--import', 'tsx', WORKER_ENTRY]) {
    // A small environment of its own: the pipeline's, not the test runner's (no NODE_OPTIONS, no VITEST_*).
    const base: Record<string, string> = {};
    for (const k of ['PATH', 'HOME', 'TMPDIR', 'LANG']) if (process.env[k]) base[k] = process.env[k]!;
    this.child = spawn(process.execPath, nodeArgs, {
      cwd: REPO_ROOT,
      env: { ...base, NODE_NO_WARNINGS: '1', ...p.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    createInterface({ input: this.child.stdout! }).on('line', (l) => {
      if (!l.startsWith(LINE_PREFIX)) return;
      this.lines.push(JSON.parse(l.slice(LINE_PREFIX.length)) as WorkerLine);
      this.notify();
    });
    this.child.stderr!.on('data', (d: Buffer) => {
      this.stderr = (this.stderr + d.toString('utf8')).slice(-4000);
    });
    this.exited = new Promise((res) => {
      this.child.on('exit', (code, signal) => {
        this.exit = { code, signal };
        this.notify();
        res(this.exit);
      });
    });
  }

  get pid(): number {
    return this.child.pid!;
  }

  get running(): boolean {
    return this.exit === null;
  }

  /** The last lines the worker wrote on stderr (for failure messages). */
  get errorOutput(): string {
    return this.stderr;
  }

  private notify(): void {
    for (const l of [...this.listeners]) l();
  }

  /** The first line (from index `from` on) that matches; waits for it; fails if the worker exits first. */
  line<K extends WorkerLine['event']>(
    event: K,
    match: (l: Extract<WorkerLine, { event: K }>) => boolean = () => true,
    timeoutMs = 60_000,
    from = 0,
  ): Promise<Extract<WorkerLine, { event: K }>> {
    return new Promise((res, rej) => {
      const check = () => {
        for (let i = from; i < this.lines.length; i++) {
          const l = this.lines[i];
          if (l.event === event && match(l as Extract<WorkerLine, { event: K }>)) return done(() => res(l as Extract<WorkerLine, { event: K }>));
        }
        if (this.exit)
          done(() => rej(new Error(`worker ${this.pid} exited (${JSON.stringify(this.exit)}) before a '${event}' line; stderr:\n${this.stderr}`)));
      };
      const timer = setTimeout(
        () => done(() => rej(new Error(`no '${event}' line from worker ${this.pid} within ${timeoutMs} ms; stderr:\n${this.stderr}`))),
        timeoutMs,
      );
      const done = (f: () => void) => {
        clearTimeout(timer);
        this.listeners.delete(check);
        f();
      };
      this.listeners.add(check);
      check();
    });
  }

  /** Resolves once the worker is consuming. */
  ready(timeoutMs = 60_000): Promise<unknown> {
    return this.line('ready', () => true, timeoutMs);
  }

  kill(signal: NodeJS.Signals = 'SIGKILL'): void {
    if (this.running) this.child.kill(signal);
  }

  /** SIGTERM: the worker finishes the invocation in flight, reports its peak RSS and exits. */
  async stop(): Promise<{ exit: WorkerExit; maxRssKiB: number | null }> {
    this.kill('SIGTERM');
    const exit = await this.exited;
    const last = this.lines.findLast((l) => l.event === 'exit');
    return { exit, maxRssKiB: last?.event === 'exit' ? last.maxRssKiB : null };
  }
}

export const startWorker = (p: LocalPipeline, env: Record<string, string> = {}, nodeArgs?: string[]) => new WorkerProcess(p, env, nodeArgs);
