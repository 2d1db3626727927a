/**
 * The billing event of a finished document, for billing integrations: an EventBridge event (source `readflow`,
 * detail-type `readflow.document.finished`) on AWS. Locally there is no EventBridge; the same entry (Source,
 * DetailType, Detail) goes to an SQS queue on the local server, which tests read. Sent at least once: a consumer
 * keeps the `ledgerId` (the job id) to drop a duplicate.
 */
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import type { Clients } from '../shared/aws.js';
import type { ApiConfig } from '../shared/env.js';
import type { LedgerEntry } from './types.js';

export const EVENT_SOURCE = 'readflow';
export const EVENT_DETAIL_TYPE = 'readflow.document.finished';

/** The ledger entry's billing facts, named by the ledger id (the job id), with when the job finished. */
export type BillingEventDetail = Pick<
  LedgerEntry,
  'tenantId' | 'documentId' | 'key' | 'status' | 'pages' | 'ocrPages' | 'bytes' | 'billedPages' | 'billedOcrPages' | 'engineVersion'
> & { ledgerId: string; finishedAt: string };

let bridge: EventBridgeClient | null = null;

export async function putBillingEvent(c: Clients, config: ApiConfig, detail: BillingEventDetail): Promise<void> {
  const entry = { Source: EVENT_SOURCE, DetailType: EVENT_DETAIL_TYPE, Detail: JSON.stringify(detail) };
  if (config.eventBusName) {
    bridge ??= new EventBridgeClient({ region: config.region });
    const r = await bridge.send(new PutEventsCommand({ Entries: [{ ...entry, EventBusName: config.eventBusName }] }));
    if (r.FailedEntryCount) throw new Error(`EventBridge refused the billing event: ${r.Entries?.[0]?.ErrorMessage ?? 'unknown'}`);
  } else if (config.eventsQueueUrl) {
    await c.sqs.send(new SendMessageCommand({ QueueUrl: config.eventsQueueUrl, MessageBody: JSON.stringify(entry) }));
  }
}
