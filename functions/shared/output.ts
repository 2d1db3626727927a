/**
 * Writing a job's final result: the DocumentResult JSON with its text and Markdown renditions, the usage record,
 * the job's final marker, and the announcement for products built on top.
 *
 * Exactly one result and one usage record per job: their keys derive from the job id and the input key alone, and
 * their content from the job's stored manifest and batch results alone, so a second writer (a redelivered message,
 * two aggregations racing) writes the same bytes to the same keys.
 */
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { ENGINE_VERSION } from '../../lib/constants.js';
import { PIPELINE_FORMATS, RENDITIONS, render } from '../../lib/render/formats.js';
import type { DocumentResult } from '../../lib/types.js';
import type { Clients } from './aws.js';
import type { PipelineConfig } from './env.js';
import { keys, type SourceRef, type UsageRecord } from './jobs.js';
import { head, putJson, putText } from './store.js';
import { isTenantKey, settleJob } from '../api/lifecycle.js';

export interface FinalMarker {
  jobId: string;
  resultKey: string;
  status: DocumentResult['status'];
  /**
   * The input key holds a newer version than the one this job read: the result was not written over the newer
   * version's (results are keyed by input key).
   */
  superseded?: boolean;
}

/** Is the object at the source key now another version than the one the job read? */
async function superseded(c: Clients, src: SourceRef): Promise<boolean> {
  const now = await head(c.s3, src.bucket, src.key);
  if (!now) return false;
  if (src.versionId && now.versionId) return src.versionId !== now.versionId;
  return Boolean(src.etag && now.etag && src.etag !== now.etag);
}

export async function writeFinal(
  c: Clients,
  config: PipelineConfig,
  jobId: string,
  src: SourceRef,
  resultKey: string,
  doc: DocumentResult,
): Promise<void> {
  const k = keys(config, jobId);
  // Results are keyed by input key: a job that read a version since replaced must not overwrite the newer result.
  // Except an API upload: its document is bound to the one job that claimed it (a later object at its key is never
  // read), so that job's result is the document's and is always written.
  const bound = config.api !== null && isTenantKey(config.api, src.key);
  const stale = bound ? false : await superseded(c, src);
  if (!stale) {
    for (const f of PIPELINE_FORMATS)
      await putText(c.s3, config.outputBucket, `${resultKey}.${RENDITIONS[f].ext}`, render(doc, f), RENDITIONS[f].contentType);
  }
  const usage: UsageRecord = {
    jobId,
    bucket: src.bucket,
    key: src.key,
    versionId: src.versionId,
    etag: src.etag,
    status: doc.status,
    pages: doc.usage.pages,
    ocrPages: doc.usage.ocrPages,
    bytes: doc.source.bytes,
    ms: doc.usage.ms,
    engineVersion: ENGINE_VERSION,
  };
  await putJson(c.s3, config.outputBucket, k.usage, usage);
  // The announcement goes before the final marker: a crash between the two repeats the announcement on
  // redelivery (at least once) instead of losing it.
  if (config.notifyQueueUrl) {
    await c.sqs.send(
      new SendMessageCommand({
        QueueUrl: config.notifyQueueUrl,
        MessageBody: JSON.stringify({
          type: 'readflow.result',
          jobId,
          status: doc.status,
          source: src,
          result: stale
            ? null
            : {
                bucket: config.outputBucket,
                json: `${resultKey}.${RENDITIONS.json.ext}`,
                markdown: `${resultKey}.${RENDITIONS.md.ext}`,
                text: `${resultKey}.${RENDITIONS.text.ext}`,
              },
          ...(stale ? { superseded: true } : {}),
          usage: doc.usage,
          engineVersion: ENGINE_VERSION,
        }),
      }),
    );
  }
  // With the API: the ledger entry (once), the billing event, the webhook and the document's final status.
  if (config.api) await settleJob(c, config.api, jobId, src, resultKey, doc);
  // Last: once the marker exists, a redelivered event for this job does nothing.
  const marker: FinalMarker = { jobId, resultKey, status: doc.status, ...(stale ? { superseded: true } : {}) };
  await putJson(c.s3, config.outputBucket, k.final, marker);
}
