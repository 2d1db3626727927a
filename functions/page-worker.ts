/**
 * Page worker: each message is a batch of pages of one job. The pages are read and laid out by lib/ (OCR where a
 * page needs it), the batch result is written to the job's scratch, and the last batch to finish asks for the
 * aggregation. A page that throws is a page diagnostic inside the batch result, not a retry; a message whose
 * processing fails (the object is gone, S3 is unreachable) is reported in batchItemFailures so only it is retried.
 */
import { extractPages } from '../lib/pages.js';
import { clients } from './shared/aws.js';
import { loadConfig, type PipelineConfig } from './shared/env.js';
import { keys, type BatchResult, type PagesMessage } from './shared/jobs.js';
import { logger as makeLogger } from './shared/log.js';
import { count, millis } from './shared/metrics.js';
import { requestAggregationIfComplete } from './shared/completion.js';
import { exists, getBytes, isPreconditionFailed, putJson } from './shared/store.js';
import { failedPage } from '../lib/failed.js';
import { withSecrets } from './shared/env.js';
import { sqsHandler } from './shared/sqs.js';

const log = makeLogger('readflow-page-worker');

export async function processBatch(msg: PagesMessage, config: PipelineConfig): Promise<void> {
  const c = clients(config);
  const k = keys(config, msg.jobId);
  const at = { jobId: msg.jobId, batch: msg.batch, pages: `${msg.pages[0]}-${msg.pages[msg.pages.length - 1]}` };
  if (!(await exists(c.s3, config.outputBucket, k.batch(msg.batch)))) {
    const started = performance.now();
    const bytes = await getBytes(c.s3, msg.source.bucket, msg.source.key, msg.source).catch((e: unknown) => {
      if (isPreconditionFailed(e)) return null;
      throw e;
    });
    // Secrets travel in the functions' configuration, never in messages or manifests.
    const options = withSecrets(msg.options, config);
    const pages = bytes
      ? await extractPages(bytes, msg.pages, options)
      : msg.pages.map((p) =>
          failedPage(
            p,
            'source-changed',
            'the input object was replaced while the document was being read (its ETag no longer matches); this version can no longer be read',
          ),
        );
    const result: BatchResult = { v: 1, jobId: msg.jobId, batch: msg.batch, pages, ms: Math.round(performance.now() - started) };
    await putJson(c.s3, config.outputBucket, k.batch(msg.batch), result);
    const ocrPages = pages.filter((p) => p.info.source === 'ocr').length;
    log.info('batch done', { ...at, ms: result.ms, ocrPages });
    count('PagesRead', pages.length);
    count('OcrPages', ocrPages);
    count('FailedPages', pages.filter((p) => p.info.failed).length);
    millis('BatchDuration', result.ms);
  } else {
    log.info('batch already done; redelivery ignored', at);
    // A late duplicate of a finished job asks for nothing more.
    if (await exists(c.s3, config.outputBucket, k.final)) return;
  }
  await requestAggregationIfComplete(c, config, msg.jobId, msg.batches);
}

export const handler = sqsHandler({
  setup: () => loadConfig(),
  record: (r, config) => processBatch(JSON.parse(r.body) as PagesMessage, config),
});
