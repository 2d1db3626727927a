/**
 * Dead letters: a message that exhausted its retries (a worker killed, out of memory, timed out) must not leave its
 * document waiting forever. A page batch becomes failed-page records, named in diagnostics, and the document
 * completes as `partial`; an intake event whose splitting kept failing, or an aggregation that kept failing,
 * becomes a `failed` result.
 */
import { basename } from 'node:path';
import { failedResult } from '../lib/document/assemble.js';
import { resolveOptions } from '../lib/options.js';
import { failedPage } from '../lib/failed.js';
import { clients } from './shared/aws.js';
import { loadConfig, type PipelineConfig } from './shared/env.js';
import { jobIdOf, keys, resultKeyFor, type AggregateMessage, type BatchResult, type Manifest, type PagesMessage } from './shared/jobs.js';
import { logger as makeLogger } from './shared/log.js';
import { count } from './shared/metrics.js';
import { requestAggregationIfComplete } from './shared/completion.js';
import { writeFinal, type FinalMarker } from './shared/output.js';
import { exists, getJson, putJson } from './shared/store.js';
import { objectsOf } from './shared/events.js';
import { claimForJob, documentOf, isTenantKey, jobOptions, ledgerEntryOf, ownerOfKey, settleJob } from './api/lifecycle.js';
import { sqsHandler } from './shared/sqs.js';

const log = makeLogger('readflow-dead-letter');

const givenUp = (page: number) =>
  failedPage(
    page,
    'page-batch-failed',
    "the page's batch exhausted its retries (the worker was killed, ran out of memory or timed out); the page was given up",
  );

async function deadPages(msg: PagesMessage, receives: number, config: PipelineConfig): Promise<void> {
  const c = clients(config);
  const k = keys(config, msg.jobId);
  if (!(await exists(c.s3, config.outputBucket, k.batch(msg.batch)))) {
    const result: BatchResult = { v: 1, jobId: msg.jobId, batch: msg.batch, pages: msg.pages.map(givenUp), ms: 0 };
    await putJson(c.s3, config.outputBucket, k.batch(msg.batch), result);
    log.warn('page batch given up', { jobId: msg.jobId, batch: msg.batch, pages: msg.pages, receives });
    count('GivenUpPages', msg.pages.length);
  }
  await requestAggregationIfComplete(c, config, msg.jobId, msg.batches);
}

async function deadJob(
  jobId: string,
  reason: string,
  config: PipelineConfig,
  fallback?: { bucket: string; key: string; versionId: string | null; etag: string | null },
): Promise<void> {
  const c = clients(config);
  const k = keys(config, jobId);
  if (await exists(c.s3, config.outputBucket, k.final)) return;
  const manifest = await getJson<Manifest>(c.s3, config.outputBucket, k.manifest);
  const ref = manifest
    ? { bucket: manifest.source.bucket!, key: manifest.source.key!, versionId: manifest.source.versionId, etag: manifest.source.etag }
    : fallback;
  if (!ref) return;
  const resultKey = manifest?.resultKey ?? resultKeyFor(config, ref.key);
  // First writer wins: a job with a ledger entry was finished by a writer that then failed (its result is written,
  // the ledger has billed it). It is settled from that entry, and its result is not overwritten with a failure.
  const entry = config.api ? await ledgerEntryOf(config.api, ref.key, jobId) : null;
  if (config.api && entry) {
    const o = resolveOptions(manifest?.options ?? config.options);
    const source = manifest?.source ?? { name: basename(ref.key), ...ref, bytes: 0, sha256: '0'.repeat(64) };
    await settleJob(c, config.api, jobId, ref, resultKey, failedResult(source, o, { code: 'pipeline-failed', message: reason }, 0));
    const marker: FinalMarker = { jobId, resultKey, status: entry.status as FinalMarker['status'] };
    await putJson(c.s3, config.outputBucket, k.final, marker);
    log.warn('job had been billed before it failed; settled from its ledger entry', { jobId, key: ref.key, status: entry.status, reason });
    return;
  }
  const source = manifest?.source ?? { name: basename(ref.key), ...ref, bytes: 0, sha256: '0'.repeat(64) };
  const o = resolveOptions(manifest?.options ?? config.options);
  await writeFinal(c, config, jobId, ref, resultKey, failedResult(source, o, { code: 'pipeline-failed', message: reason }, 0));
  log.error('job given up', { jobId, key: ref.key, reason });
  count('GivenUpDocuments', 1);
}

export async function handleDeadLetter(body: string, receives: number, config: PipelineConfig): Promise<void> {
  const parsed = JSON.parse(body) as Partial<PagesMessage | AggregateMessage> & { Records?: unknown };
  if (parsed.kind === 'pages') return deadPages(parsed as PagesMessage, receives, config);
  if (parsed.kind === 'aggregate') {
    return deadJob(parsed.jobId!, 'the aggregation of this document exhausted its retries', config);
  }
  for (const ref of objectsOf(body)) {
    // An API upload is read with its document's options, so its job id derives from those.
    const doc = config.api && isTenantKey(config.api, ref.key) ? await documentOf(config.api, ownerOfKey(config.api, ref.key)) : null;
    if (config.api && isTenantKey(config.api, ref.key) && !doc) continue;
    const jobId = jobIdOf(ref, doc ? jobOptions(doc, config.options) : config.options);
    // The splitter may have died before binding the document to this job: bind it here, so the failure settles it
    // (unless it finished or belongs to another upload).
    if (doc && config.api && !(await claimForJob(config.api, doc, jobId))) continue;
    await deadJob(jobId, 'splitting this document exhausted its retries (the splitter was killed or timed out)', config, ref);
  }
}

export const handler = sqsHandler({
  setup: () => loadConfig(),
  record: (r, config) => handleDeadLetter(r.body, Number(r.attributes?.ApproximateReceiveCount ?? 0), config),
});
