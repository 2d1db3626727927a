/**
 * "Every batch of this job is done", decided without a database. Each batch writes its result to a key of its own
 * and only then lists the job's batch folder. S3 is strongly consistent for reads after writes and for listings,
 * so whichever writer finishes last sees every batch result (its own write and all earlier ones) and asks for the
 * aggregation. Writers finishing at the same moment may both see the full set and both ask: the aggregation is
 * idempotent (same inputs, same keys, same bytes), so a second one changes nothing. No batch can be missed: the
 * last write is followed by its own listing.
 */
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import type { Clients } from './aws.js';
import type { PipelineConfig } from './env.js';
import { keys, type AggregateMessage } from './jobs.js';
import { listKeys } from './store.js';

export async function requestAggregationIfComplete(c: Clients, config: PipelineConfig, jobId: string, batchCount: number): Promise<boolean> {
  const k = keys(config, jobId);
  const done = (await listKeys(c.s3, config.outputBucket, k.batchPrefix)).length;
  if (done < batchCount) return false;
  const msg: AggregateMessage = { v: 1, kind: 'aggregate', jobId };
  await c.sqs.send(new SendMessageCommand({ QueueUrl: config.aggregateQueueUrl, MessageBody: JSON.stringify(msg) }));
  return true;
}
