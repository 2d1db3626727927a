/**
 * Webhook sender: consumes the webhook queue (functions/api/deliver.ts does the work). A message is settled by
 * the handler itself (delivered, re-enqueued with its backoff, or dead-lettered), so it is deleted once handled;
 * only an unexpected error (the table or the queue unreachable) leaves it to SQS to deliver again.
 */
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { clients } from './shared/aws.js';
import { loadApiConfig } from './shared/env.js';
import { logger as makeLogger } from './shared/log.js';
import { Table } from './api/db.js';
import { deliverWebhook } from './api/deliver.js';
import type { WebhookMessage } from './api/lifecycle.js';

const log = makeLogger('readflow-webhook-sender');
const processor = new BatchProcessor(EventType.SQS);

export async function handler(event: SQSEvent, context: Context): Promise<SQSBatchResponse> {
  const config = loadApiConfig();
  const table = new Table(config);
  const c = clients(config);
  const record = async (r: SQSRecord) => {
    await deliverWebhook(c, table, config, JSON.parse(r.body) as WebhookMessage, log);
  };
  return processPartialResponse(event, record, processor, { context, processInParallel: true, throwOnFullBatchFailure: false });
}
