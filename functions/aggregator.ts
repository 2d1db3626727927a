/**
 * Aggregator: when every batch of a job has a result, the document stage of lib/ runs over all pages and the final
 * result is written (JSON, Markdown, text), with the usage record and the completion announcement. Idempotent: the
 * same stored inputs give the same bytes at the same keys, so a repeated aggregation changes nothing.
 */
import { finishDocument } from '../lib/finish.js';
import { failedResult } from '../lib/document/assemble.js';
import { isReadflowError } from '../lib/errors.js';
import { resolveOptions } from '../lib/options.js';
import { clients } from './shared/aws.js';
import { loadConfig, withSecrets, type PipelineConfig } from './shared/env.js';
import { keys, type AggregateMessage, type BatchResult, type Manifest } from './shared/jobs.js';
import { logger as makeLogger } from './shared/log.js';
import { count, millis } from './shared/metrics.js';
import { writeFinal } from './shared/output.js';
import { getJson } from './shared/store.js';
import { sqsHandler } from './shared/sqs.js';

const log = makeLogger('readflow-aggregator');

export async function aggregate(jobId: string, config: PipelineConfig): Promise<void> {
  const c = clients(config);
  const k = keys(config, jobId);
  const manifest = await getJson<Manifest>(c.s3, config.outputBucket, k.manifest);
  if (!manifest) throw new Error(`job ${jobId} has no manifest`);
  const results: BatchResult[] = [];
  for (const b of manifest.batches) {
    const r = await getJson<BatchResult>(c.s3, config.outputBucket, k.batch(b.index));
    if (!r) throw new Error(`job ${jobId}: batch ${b.index} has no result yet`);
    results.push(r);
  }
  const pages = results.flatMap((r) => r.pages);
  // Time spent: the splitter's plus every batch's (stored, so a repeated aggregation reports the same).
  const ms = manifest.ms + results.reduce((s, r) => s + r.ms, 0);
  const { source } = manifest;
  let doc;
  try {
    doc = finishDocument(manifest.plan, pages, source, withSecrets(manifest.options, config), ms);
  } catch (e) {
    // Under `strict`, a conservative choice is a refusal: the result says so instead of retrying forever.
    if (!isReadflowError(e)) throw e;
    doc = failedResult(source, resolveOptions(manifest.options), e, ms);
  }
  const ref = { bucket: source.bucket!, key: source.key!, versionId: source.versionId, etag: source.etag };
  await writeFinal(c, config, jobId, ref, manifest.resultKey, doc);
  count('Documents', 1, { status: doc.status });
  millis('DocumentDuration', doc.usage.ms);
  log.info('result written', { jobId, key: source.key, status: doc.status, pages: doc.usage.pages, ocrPages: doc.usage.ocrPages });
}

export const handler = sqsHandler({
  setup: () => loadConfig(),
  record: (r, config) => aggregate((JSON.parse(r.body) as AggregateMessage).jobId, config),
});
