/**
 * A page worker in a process of its own: one `Consumer` running the page-worker handler on the pages queue, as an
 * SQS event source mapping would run the Lambda function. The tests and the pipeline benchmark start it beside a
 * `LocalPipeline` started with `inProcessWorkers: false`, so that a worker can be killed outright (SIGKILL, the way
 * Lambda ends a function that ran out of memory or time) and so that page work can use more than one core.
 *
 *   node --import tsx local/worker-main.ts        (environment: the pipeline's `env`, e.g. LocalPipeline.env)
 *
 * Environment, besides the handler's own (AWS_ENDPOINT_URL, OUTPUT_BUCKET, PAGES_QUEUE_URL, ...):
 *   READFLOW_WORKER_NAME           the function name in the Lambda context. @default readflow-page-worker-<pid>
 *   READFLOW_WORKER_BATCH_SIZE     records per invocation. @default 1
 *   READFLOW_WORKER_CRASH_ON_BATCH a batch index: the process kills itself (SIGKILL) once it has started on that
 *                                  batch, every time it receives it: a batch that always kills its worker, for the
 *                                  dead-letter path. @default none
 *
 * stdout carries one line per event, `WORKER ` and a JSON object, for the process that started it (the handlers'
 * structured logs, when a log level is set, are JSON lines on stdout too; they do not start with `WORKER `):
 *   {"event":"ready","pid":…}                                        consuming
 *   {"event":"begin","jobId":…,"batch":…,"pages":[first,last],"receiveCount":…}   a record handed to the handler
 *   {"event":"end","records":…,"failures":…,"ms":…}                   the invocation returned
 *   {"event":"exit","maxRssKiB":…,"batches":…}                        SIGTERM or SIGINT: stopped after the invocation in flight
 */
import type { Context, SQSEvent } from 'aws-lambda';
import { handler as pageWorker } from '../functions/page-worker.js';
import type { PagesMessage } from '../functions/shared/jobs.js';
import { Consumer } from './consumer.js';

/** Lines on stdout: what the parent reads. */
export type WorkerLine =
  | { event: 'ready'; pid: number }
  | { event: 'begin'; jobId: string; batch: number; pages: [number, number]; receiveCount: number }
  | { event: 'end'; records: number; failures: number; ms: number }
  | { event: 'exit'; maxRssKiB: number; batches: number };

/** Import only the types from this module: importing it starts a worker. */
const WORKER_LINE_PREFIX = 'WORKER ';

// stdout is a pipe: written synchronously on POSIX, so a line is out before a kill that follows it.
const say = (line: WorkerLine) => process.stdout.write(WORKER_LINE_PREFIX + JSON.stringify(line) + '\n');

function wholeNumber(name: string, fallback: number | null): number | null {
  const v = process.env[name];
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number (got ${v})`);
  return n;
}

const endpoint = process.env.AWS_ENDPOINT_URL;
const queueUrl = process.env.PAGES_QUEUE_URL;
if (!endpoint || !queueUrl) throw new Error('worker-main needs AWS_ENDPOINT_URL and PAGES_QUEUE_URL (a LocalPipeline env)');
const name = process.env.READFLOW_WORKER_NAME || `readflow-page-worker-${process.pid}`;
const crashOn = wholeNumber('READFLOW_WORKER_CRASH_ON_BATCH', null);
let batches = 0;

async function handler(event: SQSEvent, context: Context) {
  const started = performance.now();
  for (const r of event.Records) {
    const msg = JSON.parse(r.body) as PagesMessage;
    say({
      event: 'begin',
      jobId: msg.jobId,
      batch: msg.batch,
      pages: [msg.pages[0], msg.pages[msg.pages.length - 1]],
      receiveCount: Number(r.attributes.ApproximateReceiveCount),
    });
    // The kill lands at the handler's first await (reading S3): received, not finished, no result written.
    if (msg.batch === crashOn) setImmediate(() => process.kill(process.pid, 'SIGKILL'));
  }
  const response = await pageWorker(event, context);
  batches += event.Records.length;
  say({
    event: 'end',
    records: event.Records.length,
    failures: response?.batchItemFailures.length ?? 0,
    ms: Math.round(performance.now() - started),
  });
  return response;
}

const consumer = new Consumer({
  name,
  endpoint,
  queueUrl,
  handler,
  batchSize: wholeNumber('READFLOW_WORKER_BATCH_SIZE', 1) ?? 1,
}).start();
say({ event: 'ready', pid: process.pid });

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await consumer.stop();
  say({ event: 'exit', maxRssKiB: process.resourceUsage().maxRSS, batches });
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
