/**
 * One webhook delivery message, handled: skipped if its event was delivered already; put back with a delay if it is
 * not due yet (SQS delays a message at most 15 minutes, so a longer backoff is waited out in hops); otherwise
 * checked (URL and every resolved address, again: DNS may have changed since submit), signed and POSTed. A failure is
 * re-enqueued with exponential backoff until `webhookRetrySeconds` after the first attempt, then sent to the webhook
 * dead-letter queue. A refused URL or address is dead-lettered at once (retrying cannot make it allowed); a host that
 * does not resolve (a DNS failure may be transient) is retried like any failed attempt.
 *
 * One attempt at a time per event: an attempt first takes a lease on the event's item (conditional put), so two
 * copies of one event (two aggregations raced and each announced it) cannot both POST; the copy that finds the
 * lease taken comes back when it ends and then finds the event delivered. A lease outlives a crashed sender by at
 * most the attempt timeout plus LEASE_MARGIN_MS.
 */
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import type { Clients } from '../shared/aws.js';
import type { ApiConfig } from '../shared/env.js';
import { keysOf, type Table } from './db.js';
import type { WebhookMessage } from './lifecycle.js';
import { getTenant } from './tenants.js';
import { backoffSeconds, checkWebhook, post, sign } from './webhooks.js';

/** The longest delay SQS allows on one message, seconds. */
export const SQS_MAX_DELAY_SECONDS = 900;

/** How much longer than one attempt's timeout a lease is held. */
export const LEASE_MARGIN_MS = 5_000;

interface HookItem {
  state: 'sending' | 'delivered';
  leaseUntil?: number;
  deliveredAt?: string;
  attempts?: number;
}

export type DeliveryResult = 'delivered' | 'duplicate' | 'not-due' | 'retry' | 'dead-letter' | 'dropped';

export interface DeliveryLog {
  info(msg: string, extra?: Record<string, unknown>): void;
  warn(msg: string, extra?: Record<string, unknown>): void;
}

async function enqueue(c: Clients, queueUrl: string, msg: WebhookMessage, delaySeconds: number): Promise<void> {
  await c.sqs.send(
    new SendMessageCommand({
      QueueUrl: queueUrl,
      MessageBody: JSON.stringify(msg),
      DelaySeconds: Math.max(0, Math.min(SQS_MAX_DELAY_SECONDS, Math.ceil(delaySeconds))),
    }),
  );
}

export async function deliverWebhook(
  c: Clients,
  table: Table,
  config: ApiConfig,
  msg: WebhookMessage,
  log: DeliveryLog,
  now = new Date(),
): Promise<DeliveryResult> {
  const at = { eventId: msg.eventId, documentId: msg.documentId, attempt: msg.attempt + 1 };
  const hookKey = keysOf.hook(msg.tenantId, msg.eventId);
  const queue = config.webhookQueueUrl!;
  if (msg.notBefore && Date.parse(msg.notBefore) > now.getTime()) {
    await enqueue(c, queue, msg, (Date.parse(msg.notBefore) - now.getTime()) / 1000);
    return 'not-due';
  }
  const ttl = Math.floor(now.getTime() / 1000) + config.retentionDays * 86_400;
  const leaseUntil = now.getTime() + config.webhookTimeoutMs + LEASE_MARGIN_MS;
  const leased = await table.put(
    { ...hookKey, state: 'sending', leaseUntil, ttl },
    'attribute_not_exists(pk) OR (#st = :sending AND leaseUntil < :now)',
    { '#st': 'state' },
    { ':sending': 'sending', ':now': now.getTime() },
  );
  if (!leased) {
    const seen = await table.get<HookItem>(hookKey);
    if (!seen || seen.state === 'delivered') {
      log.info('webhook already delivered; duplicate dropped', at);
      return 'duplicate';
    }
    // Another copy of this event is being attempted: look again when its lease ends.
    await enqueue(c, queue, msg, Math.max(1, ((seen.leaseUntil ?? now.getTime()) - now.getTime()) / 1000));
    return 'not-due';
  }
  const release = () =>
    table.delete(hookKey, '#st = :sending AND leaseUntil = :mine', { ':sending': 'sending', ':mine': leaseUntil }, { '#st': 'state' });
  const tenant = await getTenant(table, msg.tenantId);
  if (!tenant || tenant.revokedAt) {
    await release();
    log.warn('tenant gone or revoked; webhook dropped', at);
    return 'dropped';
  }
  const deadLetter = async (reason: string) => {
    await release();
    log.warn('webhook given up', { ...at, reason });
    if (config.webhookDeadLetterQueueUrl) {
      await c.sqs.send(
        new SendMessageCommand({
          QueueUrl: config.webhookDeadLetterQueueUrl,
          MessageBody: JSON.stringify({ ...msg, attempt: msg.attempt + 1, reason }),
        }),
      );
    }
    return 'dead-letter' as const;
  };
  const policy = { allowLocal: config.allowLocalWebhooks };
  // Only a refused URL or address is final; a host that does not resolve now is retried like a failed POST.
  const check = await checkWebhook(msg.url, policy, config.webhookTimeoutMs);
  if (check?.permanent) return deadLetter(`the webhook URL is refused: ${check.reason}`);
  const timestamp = Math.floor(now.getTime() / 1000);
  const headers = {
    'webhook-id': msg.eventId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': sign(tenant.webhookSecret, msg.eventId, timestamp, msg.body),
  };
  const outcome = check ? { ok: false, status: null, error: check.reason } : await post(msg.url, msg.body, headers, policy, config.webhookTimeoutMs);
  if (outcome.ok) {
    await table.put({ ...hookKey, state: 'delivered', deliveredAt: new Date().toISOString(), attempts: msg.attempt + 1, ttl });
    log.info('webhook delivered', { ...at, status: outcome.status });
    return 'delivered';
  }
  const first = msg.firstAttemptAt ?? now.toISOString();
  const delay = backoffSeconds(msg.attempt + 1, config.webhookBackoffSeconds, config.webhookMaxBackoffSeconds);
  const reason = outcome.error ?? `the receiver answered ${outcome.status}`;
  if (now.getTime() + delay * 1000 - Date.parse(first) > config.webhookRetrySeconds * 1000)
    return deadLetter(`${reason}; retried for ${config.webhookRetrySeconds} s`);
  const next: WebhookMessage = {
    ...msg,
    attempt: msg.attempt + 1,
    firstAttemptAt: first,
    notBefore: new Date(now.getTime() + delay * 1000).toISOString(),
  };
  await enqueue(c, queue, next, delay);
  await release();
  log.info('webhook failed; retry scheduled', { ...at, reason, retryInSeconds: delay });
  return 'retry';
}
