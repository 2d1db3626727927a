/**
 * Splitter: an S3 ObjectCreated event (delivered through the intake queue so bursts buffer) becomes a job: the
 * object is checked (size, PDF signature, readable, page count), planned, and its pages sent to the pages queue in
 * batches. Input that cannot be read ends at once as a `failed` result. Idempotent: a redelivered event finds the
 * job's final marker or manifest and at most re-sends the batches that have no result yet.
 */
import { SendMessageBatchCommand } from '@aws-sdk/client-sqs';
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
import { claimForJob, documentOf, isTenantKey, jobOptions, markRunning, ownerOfKey, reserveForJob } from './api/lifecycle.js';
import type { DocumentRecord } from './api/types.js';
import type { ReadflowOptions } from '../lib/options.js';
import type { DiagnosticCode } from '../lib/diagnostics.js';
import { sqsHandler } from './shared/sqs.js';

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
  // An upload through the API: its document record says whose it is and with which options it is read.
  let doc: DocumentRecord | null = null;
  if (config.api && isTenantKey(config.api, src.key)) {
    doc = await documentOf(config.api, ownerOfKey(config.api, src.key));
    if (!doc) {
      log.warn('upload under the tenant prefix without a document (deleted, expired or never submitted); ignored', { key: src.key });
      return null;
    }
  }
  const options: ReadflowOptions = doc ? jobOptions(doc, config.options) : config.options;
  const jobId = jobIdOf(src, options);
  const k = keys(config, jobId);
  const at = { jobId, key: src.key };
  if (await exists(c.s3, config.outputBucket, k.final)) {
    log.info('job already finished; redelivery ignored', at);
    return jobId;
  }
  if (doc && config.api && !(await claimForJob(config.api, doc, jobId))) {
    log.warn('document finished or bound to another upload; this upload is ignored', { ...at, documentId: doc.documentId, status: doc.status });
    return null;
  }
  const o = resolveOptions(options);
  const resultKey = resultKeyFor(config, src.key);
  let manifest = await getJson<Manifest>(c.s3, config.outputBucket, k.manifest);
  if (!manifest) {
    // An API document is named by the file name it was submitted with, as the CLI names it.
    const identity = { name: doc ? doc.filename : basename(src.key), bucket: src.bucket, key: src.key, versionId: src.versionId, etag: src.etag };
    const refuse = async (
      code: DiagnosticCode,
      message: string,
      source = { ...sourceInfo(new Uint8Array(), identity), bytes: h.bytes, sha256: '0'.repeat(64) },
    ) => {
      await writeFinal(c, config, jobId, src, resultKey, failedResult(source, o, { code, message }, performance.now() - started));
      log.warn('input rejected', { ...at, reason: message, code });
      count('Documents', 1, { status: 'failed' });
      return jobId;
    };
    // The upload must be exactly the size declared at submit (S3 enforces the presigned Content-Length; this
    // catches any server or client that does not).
    if (doc && h.bytes !== doc.bytes) return refuse('size-mismatch', `the upload is ${h.bytes} bytes but ${doc.bytes} were declared`);
    if (h.bytes > o.maxBytes) return refuse('too-large', `input is ${h.bytes} bytes, over the limit of ${o.maxBytes} (maxBytes)`);
    const bytes = await getBytes(c.s3, src.bucket, src.key, src);
    const source = sourceInfo(bytes, identity);
    let plan;
    try {
      plan = await planDocument(bytes, options, { sparsePages: true });
    } catch (e) {
      if (!isReadflowError(e) || !e.isInputError) throw e;
      await writeFinal(c, config, jobId, src, resultKey, failedResult(source, o, e, performance.now() - started));
      log.warn('input rejected', { ...at, reason: e.message, code: e.code });
      count('Documents', 1, { status: 'failed' });
      return jobId;
    }
    if (doc && config.api) {
      // The pages are reserved on the tenant's monthly counter now, so documents split together cannot pass it.
      const remaining = await reserveForJob(config.api, doc, jobId, plan.pages.length);
      if (remaining !== null) {
        return refuse(
          'quota-exceeded',
          `the document has ${plan.pages.length} pages to read but the tenant's monthly quota has ${remaining} left`,
          source,
        );
      }
    }
    const batches = makeBatches(plan.pages, new Set(plan.sparsePages ?? []), config.digitalBatchPages, config.ocrBatchPages);
    manifest = { v: 1, jobId, source, options: withoutSecrets(options), plan, batches, resultKey, ms: Math.round(performance.now() - started) };
    await putJson(c.s3, config.outputBucket, k.manifest, manifest);
  }
  if (doc && config.api)
    await markRunning(
      config.api,
      doc,
      jobId,
      manifest.batches.map((b) => b.pages.length),
    );
  // Send every batch that has no result yet (all of them the first time; the missing ones on a redelivery).
  const pending: PagesMessage[] = [];
  for (const b of manifest.batches) {
    if (await exists(c.s3, config.outputBucket, k.batch(b.index))) continue;
    pending.push({
      v: 1,
      kind: 'pages',
      jobId,
      batch: b.index,
      batches: manifest.batches.length,
      pages: b.pages,
      source: src,
      options: withoutSecrets(options),
    });
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

export const handler = sqsHandler({
  setup: () => loadConfig(),
  record: async (r, config) => {
    for (const ref of objectsOf(r.body)) await splitObject(ref, config);
  },
});
