/**
 * Webhook sender: consumes the webhook queue (functions/api/deliver.ts does the work). A message is settled by
 * the handler itself (delivered, re-enqueued with its backoff, or dead-lettered), so it is deleted once handled;
 * only an unexpected error (the table or the queue unreachable) leaves it to SQS to deliver again.
 */
import { clients } from './shared/aws.js';
import { loadApiConfig } from './shared/env.js';
import { logger as makeLogger } from './shared/log.js';
import { Table } from './api/db.js';
import { deliverWebhook } from './api/deliver.js';
import type { WebhookMessage } from './api/lifecycle.js';
import { sqsHandler } from './shared/sqs.js';

const log = makeLogger('readflow-webhook-sender');
export const handler = sqsHandler({
  setup: () => {
    const config = loadApiConfig();
    return { config, table: new Table(config), c: clients(config) };
  },
  record: (r, { config, table, c }) => deliverWebhook(c, table, config, JSON.parse(r.body) as WebhookMessage, log),
  parallel: true,
});
