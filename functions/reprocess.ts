/**
 * Bulk reprocessing: list the input bucket and enqueue every PDF whose result is missing or was made by another
 * engine version or other options (its job id, which covers all three, has no usage record). Paced: a run stops
 * enqueueing when the pages queue is deep or its quota is used, and resumable: the listing position is saved in the
 * output bucket after every listing page, so the next run (schedule or on demand) carries on where this one stopped,
 * also when a run times out mid-listing.
 */
import { DeleteObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { GetQueueAttributesCommand, SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import { clients } from './shared/aws.js';
import { loadConfig, type PipelineConfig } from './shared/env.js';
import { intVar, requireVar } from './shared/env-vars.js';
import { jobIdOf, keys, type SourceRef } from './shared/jobs.js';
import { logger as makeLogger } from './shared/log.js';
import { exists, getJson, head, putJson } from './shared/store.js';
import { s3EventBody } from './shared/events.js';
import type { Context } from 'aws-lambda';
import { invocation } from './shared/sqs.js';

const log = makeLogger('readflow-reprocess');

export interface ReprocessRequest {
  /** Input bucket to list. @default INPUT_BUCKET */
  bucket?: string;
  /** Only keys under this prefix. @default INPUT_PREFIX */
  prefix?: string;
  /** Most documents enqueued in one run. @default REPROCESS_MAX_PER_RUN or 1000 */
  maxPerRun?: number;
  /** Stop enqueueing while the pages queue holds more than this many messages. @default REPROCESS_MAX_QUEUE_DEPTH or 500 */
  maxQueueDepth?: number;
  /** Start the listing from the beginning, forgetting a saved position. @default false */
  restart?: boolean;
}

export interface ReprocessReport {
  scanned: number;
  enqueued: number;
  upToDate: number;
  /** The whole bucket (prefix) has been listed; false means the next run continues. */
  done: boolean;
  /** Why the run stopped early, when it did. */
  paused?: string;
}

interface Cursor {
  bucket: string;
  prefix: string;
  startAfter: string;
}

const cursorKey = (config: PipelineConfig) => `${config.jobPrefix.replace(/[^/]+\/$/, '')}reprocess/cursor.json`;

async function queueDepth(config: PipelineConfig): Promise<number> {
  const { sqs } = clients(config);
  const r = await sqs.send(new GetQueueAttributesCommand({ QueueUrl: config.pagesQueueUrl, AttributeNames: ['ApproximateNumberOfMessages'] }));
  return Number(r.Attributes?.ApproximateNumberOfMessages ?? 0);
}

export async function reprocess(
  req: ReprocessRequest,
  config: PipelineConfig,
  intakeQueueUrl: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ReprocessReport> {
  const c = clients(config);
  const bucket = req.bucket ?? env.INPUT_BUCKET;
  if (!bucket) throw new Error('no input bucket: pass bucket or set INPUT_BUCKET');
  const prefix = req.prefix ?? config.inputPrefix;
  const maxPerRun = req.maxPerRun ?? intVar(env, 'REPROCESS_MAX_PER_RUN');
  const maxDepth = req.maxQueueDepth ?? intVar(env, 'REPROCESS_MAX_QUEUE_DEPTH');
  const saved = req.restart ? null : await getJson<Cursor>(c.s3, config.outputBucket, cursorKey(config));
  let startAfter = saved && saved.bucket === bucket && saved.prefix === prefix ? saved.startAfter : undefined;
  const report: ReprocessReport = { scanned: 0, enqueued: 0, upToDate: 0, done: false };
  for (;;) {
    if (report.enqueued >= maxPerRun) return { ...report, paused: `enqueued ${report.enqueued} documents, the most one run may (maxPerRun)` };
    const depth = await queueDepth(config);
    if (depth > maxDepth) return { ...report, paused: `the pages queue holds ${depth} messages, more than ${maxDepth} (maxQueueDepth)` };
    const page = await c.s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, StartAfter: startAfter, MaxKeys: 100 }));
    const batch: { ref: SourceRef; size: number }[] = [];
    let position: string | undefined = startAfter;
    let full = false;
    for (const obj of page.Contents ?? []) {
      if (report.enqueued + batch.length >= maxPerRun) {
        full = true;
        break;
      }
      position = obj.Key;
      if (!obj.Key?.toLowerCase().endsWith(config.inputSuffix.toLowerCase())) continue;
      report.scanned++;
      // The current version, as the splitter will see it (the job id uses the version id on versioned buckets).
      const h = await head(c.s3, bucket, obj.Key);
      if (!h) continue;
      const ref: SourceRef = { bucket, key: obj.Key, versionId: h.versionId, etag: h.etag };
      // The usage record exists exactly when this version was read by this engine with these options.
      if (await exists(c.s3, config.outputBucket, keys(config, jobIdOf(ref, config.options)).usage)) report.upToDate++;
      else batch.push({ ref, size: obj.Size ?? 0 });
    }
    for (let i = 0; i < batch.length; i += 10) {
      const chunk = batch.slice(i, i + 10);
      await c.sqs.send(
        new SendMessageBatchCommand({
          QueueUrl: intakeQueueUrl,
          Entries: chunk.map((b, j) => ({ Id: String(j), MessageBody: s3EventBody(b.ref, b.size) })),
        }),
      );
      report.enqueued += chunk.length;
    }
    if (!full && !page.IsTruncated) {
      await c.s3.send(new DeleteObjectCommand({ Bucket: config.outputBucket, Key: cursorKey(config) }));
      return { ...report, done: true };
    }
    startAfter = position;
    // Saved after every step, so a run that times out resumes here.
    if (startAfter) await putJson(c.s3, config.outputBucket, cursorKey(config), { bucket, prefix, startAfter } satisfies Cursor);
  }
}

/** Scheduled (EventBridge) or invoked on demand with a ReprocessRequest as the event. */
export async function handler(event: ReprocessRequest & Record<string, unknown> = {}, context?: Context): Promise<ReprocessReport> {
  return invocation(context, async () => {
    const config = loadConfig();
    const intake = requireVar(process.env, 'INTAKE_QUEUE_URL');
    const { bucket, prefix, maxPerRun, maxQueueDepth, restart } = event;
    const report = await reprocess({ bucket, prefix, maxPerRun, maxQueueDepth, restart }, config, intake);
    log.info('reprocess run', { ...report });
    return report;
  });
}
