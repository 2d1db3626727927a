/**
 * Splitter: an S3 ObjectCreated event (delivered through the intake queue so bursts buffer) becomes a job: the
 * object is checked (size, PDF signature, readable, page count), planned, and its pages sent to the pages queue in
 * batches. Input that cannot be read ends at once as a `failed` result. Idempotent: a redelivered event finds the
 * job's final marker or manifest and at most re-sends the batches that have no result yet.
 */
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { basename } from 'node:path';
import { planDocument, sourceInfo } from '../lib/plan.js';
import { failedResult } from '../lib/document/assemble.js';
import { isReadflowError } from '../lib/errors.js';
import { resolveOptions } from '../lib/options.js';
import { clients } from './shared/aws.js';
import { loadConfig, withoutSecrets, type PipelineConfig } from './shared/env.js';
import { objectsOf } from './shared/events.js';
import { jobIdOf, keys, makeBatches, resultKeyFor, type Manifest, type PagesMessage, type SourceRef } from './shared/jobs.js';
import { logger as makeLogger } from './shared/log.js';
import { count } from './shared/metrics.js';
import { writeFinal } from './shared/output.js';
import { requestAggregationIfComplete } from './shared/completion.js';
import { exists, getBytes, getJson, head, putJson } from './shared/store.js';

const log = makeLogger('readflow-splitter');

export async function splitObject(ref: SourceRef, config: PipelineConfig): Promise<string | null> {
  const c = clients(config);
  if (!ref.key.startsWith(config.inputPrefix) || !ref.key.toLowerCase().endsWith(config.inputSuffix.toLowerCase())) return null;
  const started = performance.now();
  const h = await head(c.s3, ref.bucket, ref.key, ref.versionId);
  if (!h) {
    log.warn('object is gone; nothing to do', { bucket: ref.bucket, key: ref.key });
    return null;
  }
  const src: SourceRef = { ...ref, versionId: h.versionId ?? ref.versionId, etag: h.etag ?? ref.etag };
  const jobId = jobIdOf(src, config.options);
  const k = keys(config, jobId);
  const at = { jobId, key: src.key };
  if (await exists(c.s3, config.outputBucket, k.final)) {
    log.info('job already finished; redelivery ignored', at);
    return jobId;
  }
  const o = resolveOptions(config.options);
  const resultKey = resultKeyFor(config, src.key);
  let manifest = await getJson<Manifest>(c.s3, config.outputBucket, k.manifest);
  if (!manifest) {
    const identity = { name: basename(src.key), bucket: src.bucket, key: src.key, versionId: src.versionId, etag: src.etag };
    if (h.bytes > o.maxBytes) {
      const fake = { ...sourceInfo(new Uint8Array(), identity), bytes: h.bytes, sha256: '0'.repeat(64) };
      const message = `input is ${h.bytes} bytes, over the limit of ${o.maxBytes} (maxBytes)`;
      await writeFinal(c, config, jobId, src, resultKey, failedResult(fake, o, { code: 'too-large', message }, performance.now() - started));
      log.warn('input rejected', { ...at, reason: message });
      count('Documents', 1, { status: 'failed' });
      return jobId;
    }
    const bytes = await getBytes(c.s3, src.bucket, src.key, src);
    const source = sourceInfo(bytes, identity);
    let plan;
    try {
      plan = await planDocument(bytes, config.options, { sparsePages: true });
    } catch (e) {
      if (!isReadflowError(e) || !e.isInputError) throw e;
      await writeFinal(c, config, jobId, src, resultKey, failedResult(source, o, e, performance.now() - started));
      log.warn('input rejected', { ...at, reason: e.message, code: e.code });
      count('Documents', 1, { status: 'failed' });
      return jobId;
    }
    const batches = makeBatches(plan.pages, new Set(plan.sparsePages ?? []), config.digitalBatchPages, config.ocrBatchPages);
    manifest = { v: 1, jobId, source, options: withoutSecrets(config.options), plan, batches, resultKey, ms: Math.round(performance.now() - started) };
    await putJson(c.s3, config.outputBucket, k.manifest, manifest);
  }
  // Send every batch that has no result yet (all of them the first time; the missing ones on a redelivery).
  const pending: PagesMessage[] = [];
  for (const b of manifest.batches) {
    if (await exists(c.s3, config.outputBucket, k.batch(b.index))) continue;
    pending.push({ v: 1, kind: 'pages', jobId, batch: b.index, batches: manifest.batches.length, pages: b.pages, source: src, options: withoutSecrets(config.options) });
  }
  for (let i = 0; i < pending.length; i += 10) {
    const chunk = pending.slice(i, i + 10);
    const r = await c.sqs.send(
      new SendMessageBatchCommand({
        QueueUrl: config.pagesQueueUrl,
        Entries: chunk.map((m) => ({ Id: String(m.batch), MessageBody: JSON.stringify(m) })),
      }),
    );
    if (r.Failed?.length) throw new Error(`could not queue ${r.Failed.length} page batch(es): ${r.Failed[0].Message}`);
  }
  if (manifest.batches.length === 0) await requestAggregationIfComplete(c, config, jobId, 0);
  log.info('job planned', { ...at, pages: manifest.plan.pages.length, batches: manifest.batches.length, queued: pending.length });
  return jobId;
}

const processor = new BatchProcessor(EventType.SQS);

export async function handler(event: SQSEvent, context: Context): Promise<SQSBatchResponse> {
  const config = loadConfig();
  const record = async (r: SQSRecord) => {
    for (const ref of objectsOf(r.body)) await splitObject(ref, config);
  };
  return processPartialResponse(event, record, processor, { context, processInParallel: false, throwOnFullBatchFailure: false });
}
