/**
 * Where the pipeline meets the API: documents submitted through the API are uploaded under
 * `<tenantPrefix><tenantId>/<documentId>.pdf`; the splitter reads their record for the engine options, checks the
 * declared size and the page quota and moves them to queued and running; whoever writes a job's final result
 * (aggregator, splitter for refused input, dead-letter handler) settles it here: one ledger entry, the billing
 * event, the webhook, and the document's final status. Objects dropped in the bucket outside the tenant prefix
 * belong to the `default` tenant: they are metered the same way and otherwise run exactly as before.
 *
 * Order, for at-least-once announcements and at-most-once billing: ledger entry (conditional put, once; whoever
 * writes it first decides what everything below says) → the page reservation settled (once) → the status change
 * (conditional on the document still being in flight for this job, so it happens once and gives back the in-flight
 * slot once) → billing event and webhook message (sent by every settle of the job, so a failure of either is made
 * good by the retry; both carry stable ids for the receiver to drop duplicates, and the webhook sender itself
 * skips an event id it has delivered). A receiver of either that reads the document finds it finished.
 */
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { ENGINE_VERSION } from '../../lib/constants.js';
import type { ReadflowOptions } from '../../lib/options.js';
import type { DocumentResult } from '../../lib/types.js';
import type { Clients } from '../shared/aws.js';
import type { ApiConfig } from '../shared/env.js';
import type { SourceRef } from '../shared/jobs.js';
import { keysOf, Table } from './db.js';
import { putBillingEvent } from './events.js';
import { billing, monthOf, recordUsage } from './ledger.js';
import { giveSlot, monthCounter, reservePages, settlePages } from './quotas.js';
import { getTenant } from './tenants.js';
import { documentOptions } from './validate.js';
import { DEFAULT_TENANT, isFinished, type DocumentRecord, type DocumentView, type LedgerEntry } from './types.js';

export interface Owner {
  tenantId: string;
  /** The API document the object is the upload of; null for objects dropped in the bucket. */
  documentId: string | null;
}

const DOCUMENT_FILE = /^([a-z0-9-]+)\/(doc_[0-9a-z]+)\.pdf$/;

export function ownerOfKey(config: Pick<ApiConfig, 'tenantPrefix'>, key: string): Owner {
  if (!key.startsWith(config.tenantPrefix)) return { tenantId: DEFAULT_TENANT, documentId: null };
  const m = DOCUMENT_FILE.exec(key.slice(config.tenantPrefix.length));
  return m ? { tenantId: m[1], documentId: m[2] } : { tenantId: DEFAULT_TENANT, documentId: null };
}

export const inputKeyOf = (config: Pick<ApiConfig, 'tenantPrefix'>, tenantId: string, documentId: string) =>
  `${config.tenantPrefix}${tenantId}/${documentId}.pdf`;

/** Is this key under the tenant prefix (an API upload, whether or not its document still exists)? */
export const isTenantKey = (config: Pick<ApiConfig, 'tenantPrefix'>, key: string) => key.startsWith(config.tenantPrefix);

export const tableOf = (config: ApiConfig) => new Table(config);

export function documentOf(config: ApiConfig, owner: Owner): Promise<DocumentRecord | null> {
  if (!owner.documentId) return Promise.resolve(null);
  return tableOf(config).get<DocumentRecord>(keysOf.document(owner.tenantId, owner.documentId));
}

/**
 * The engine options of an API document's job (the page selection is one of them): the deployment's options
 * (READFLOW_OPTIONS) with the document's allowed options over them, its resource limits capped at the deployment's.
 */
export const jobOptions = (doc: DocumentRecord, deployment: ReadflowOptions): ReadflowOptions => documentOptions(deployment, doc.options);

/**
 * Binds the document to this job and marks it queued: true when the document is this job's (now or already);
 * false when it finished or is bound to another upload (a second upload to the same URL), which is then ignored.
 */
export async function claimForJob(config: ApiConfig, doc: DocumentRecord, jobId: string): Promise<boolean> {
  const t = tableOf(config);
  const key = keysOf.document(doc.tenantId, doc.documentId);
  const now = new Date().toISOString();
  const won = await t.update(
    key,
    'SET #s = :queued, jobId = :job, updatedAt = :now',
    { '#s': 'status' },
    { ':queued': 'queued', ':job': jobId, ':now': now, ':await': 'awaiting-upload' },
    '#s = :await',
  );
  if (won) return true;
  const again = await t.get<DocumentRecord>(key);
  return Boolean(again && again.jobId === jobId && (again.status === 'queued' || again.status === 'running'));
}

/** The job is planned: its page count and batches are known, its pages are being read. */
export async function markRunning(config: ApiConfig, doc: DocumentRecord, jobId: string, batchPages: number[]): Promise<void> {
  await tableOf(config).update(
    keysOf.document(doc.tenantId, doc.documentId),
    'SET #s = :running, pagesTotal = :total, batchPages = :batches, updatedAt = :now',
    { '#s': 'status' },
    {
      ':running': 'running',
      ':queued': 'queued',
      ':total': batchPages.reduce((a, b) => a + b, 0),
      ':batches': batchPages,
      ':now': new Date().toISOString(),
      ':job': jobId,
    },
    'jobId = :job AND #s IN (:queued, :running)',
  );
}

/**
 * Reserves the job's pages on the tenant's monthly counter (quotas.ts) and records the reservation on the document,
 * once per job (a redelivered split finds it recorded). Null when reserved (now or already); else the pages the month
 * has left, and the document is to fail as `quota-exceeded`.
 */
export async function reserveForJob(config: ApiConfig, doc: DocumentRecord, jobId: string, pages: number, now = new Date()): Promise<number | null> {
  const t = tableOf(config);
  const key = keysOf.document(doc.tenantId, doc.documentId);
  const current = await t.get<DocumentRecord>(key);
  if (current?.jobId === jobId && current.reservedPages !== undefined) return null;
  const tenant = await getTenant(t, doc.tenantId);
  if (!tenant) return 0;
  const month = monthOf(now);
  if (!(await reservePages(t, tenant, month, pages))) return Math.max(0, tenant.pagesPerMonth - (await monthCounter(t, doc.tenantId, month)).used);
  const recorded = await t.update(
    key,
    'SET reservedPages = :n, reservedMonth = :m',
    undefined,
    { ':n': pages, ':m': month, ':job': jobId },
    'jobId = :job AND attribute_not_exists(reservedPages)',
  );
  // A copy of this split raced us and recorded its own reservation first: ours goes back.
  if (!recorded) await settlePages(t, doc.tenantId, month, pages, 0);
  return null;
}

/** Settles the job's page reservation, once: what the ledger billed stays on the counter, the rest is released. */
async function settleReservation(t: Table, record: DocumentRecord, jobId: string, billedPages: number): Promise<void> {
  if (record.jobId !== jobId || record.reservedPages === undefined || !record.reservedMonth) return;
  const took = await t.update(
    keysOf.document(record.tenantId, record.documentId),
    'REMOVE reservedPages, reservedMonth',
    undefined,
    { ':job': jobId },
    'jobId = :job AND attribute_exists(reservedPages)',
  );
  if (took) await settlePages(t, record.tenantId, record.reservedMonth, record.reservedPages, billedPages);
}

/** The error of a failed result: its first error diagnostic. */
export function errorOf(doc: DocumentResult): { code: string; message: string } | undefined {
  if (doc.status !== 'failed') return undefined;
  const d = doc.diagnostics.find((x) => x.severity === 'error') ?? doc.diagnostics[0];
  return d ? { code: d.code, message: d.message } : { code: 'failed', message: 'the document could not be read' };
}

/** A webhook delivery waiting on the webhook queue. */
export interface WebhookMessage {
  v: 1;
  /** `webhook-id`: the same for every attempt and every duplicate of this event. */
  eventId: string;
  tenantId: string;
  documentId: string;
  url: string;
  body: string;
  /** Attempts made so far. */
  attempt: number;
  /** When the first attempt was made (retries stop `webhookRetrySeconds` after it). */
  firstAttemptAt: string | null;
  /** Not to be attempted before this time (delays longer than SQS's 15 minutes are waited out in hops). */
  notBefore: string | null;
}

export interface WebhookPayload {
  type: 'document.finished';
  timestamp: string;
  data: Pick<DocumentView, 'id' | 'status' | 'filename' | 'pages' | 'metadata' | 'usage' | 'error'>;
}

/** The job's ledger entry, if it has one. */
export function ledgerEntryOf(config: ApiConfig, key: string, jobId: string): Promise<LedgerEntry | null> {
  return tableOf(config).get<LedgerEntry>(keysOf.ledger(ownerOfKey(config, key).tenantId, jobId));
}

/**
 * Settles a finished job for the API (see the header). Called by writeFinal before the job's final marker.
 *
 * First writer wins: the ledger entry is written once, and when this call finds it written already (a retry after a
 * failure further on, a racing aggregation, the dead-letter handler), the document's status, usage and error, the
 * billing event and the webhook are all built from that entry, not from `doc`, so they never disagree with the bill.
 */
export async function settleJob(c: Clients, config: ApiConfig, jobId: string, src: SourceRef, resultKey: string, doc: DocumentResult): Promise<void> {
  const t = tableOf(config);
  const owner = ownerOfKey(config, src.key);
  const mine = billing(doc.status, doc.usage.pages, doc.usage.ocrPages, doc.source.bytes);
  await recordUsage(t, {
    tenantId: owner.tenantId,
    jobId,
    documentId: owner.documentId,
    key: src.key,
    engineVersion: ENGINE_VERSION,
    usage: mine,
    error: errorOf(doc),
  });
  const entry = await t.get<LedgerEntry>(keysOf.ledger(owner.tenantId, jobId));
  if (!entry) throw new Error(`job ${jobId}: the ledger entry is missing after its conditional put`);
  const usage = billing(entry.status, entry.pages, entry.ocrPages, entry.bytes);
  const status = entry.status as DocumentResult['status'];
  const error = status === 'failed' ? (entry.error ?? { code: 'failed', message: 'the document could not be read' }) : undefined;
  const finishedAt = entry.recordedAt;
  const record = await documentOf(config, owner);
  const event = {
    ledgerId: jobId,
    tenantId: owner.tenantId,
    documentId: owner.documentId,
    key: src.key,
    status,
    pages: usage.pages,
    ocrPages: usage.ocrPages,
    bytes: usage.bytes,
    billedPages: usage.billedPages,
    billedOcrPages: usage.billedOcrPages,
    engineVersion: entry.engineVersion,
    finishedAt,
  };
  if (!record) {
    // Always, not only when this call wrote the entry: a writer that failed after its ledger put has not sent it.
    // At least once; consumers drop a duplicate by its ledgerId.
    await putBillingEvent(c, config, event);
    return;
  }
  await settleReservation(t, record, jobId, usage.billedPages);
  if (record.jobId !== jobId) return;
  const documentUsage = { pages: usage.pages, ocrPages: usage.ocrPages, bytes: usage.bytes, billedPages: usage.billedPages };
  // The document's status first (once: conditional on it still being in flight for this job, which also gives the
  // in-flight slot back once), so whoever receives the event or the webhook and reads the document sees it finished.
  if (record.status === 'queued' || record.status === 'running') {
    const won = await t.update(
      keysOf.document(record.tenantId, record.documentId),
      'SET #s = :status, finishedAt = :now, updatedAt = :now, resultKey = :rk, #u = :usage, pagesTotal = :pages' +
        (error ? ', #e = :error' : '') +
        ' REMOVE gsi1pk, gsi1sk',
      { '#s': 'status', '#u': 'usage', ...(error ? { '#e': 'error' } : {}) },
      {
        ':status': status,
        ':now': finishedAt,
        ':rk': resultKey,
        ':usage': documentUsage,
        ':pages': usage.pages,
        ...(error ? { ':error': error } : {}),
        ':job': jobId,
        ':queued': 'queued',
        ':running': 'running',
      },
      'jobId = :job AND #s IN (:queued, :running)',
    );
    if (won) await giveSlot(t, record.tenantId);
  } else if (!isFinished(record.status)) {
    return;
  }
  // Then the announcements, on every settle of this job (a retry after one of them failed sends both again): the
  // billing event carries the ledgerId and the webhook a stable webhook-id, and the sender skips a delivered one.
  await putBillingEvent(c, config, event);
  if (record.webhook && config.webhookQueueUrl) {
    const payload: WebhookPayload = {
      type: 'document.finished',
      timestamp: finishedAt,
      data: {
        id: record.documentId,
        status,
        filename: record.filename,
        pages: { total: usage.pages, done: usage.pages },
        metadata: record.metadata,
        usage: documentUsage,
        ...(error ? { error } : {}),
      },
    };
    const msg: WebhookMessage = {
      v: 1,
      eventId: `evt_${jobId}`,
      tenantId: record.tenantId,
      documentId: record.documentId,
      url: record.webhook,
      body: JSON.stringify(payload),
      attempt: 0,
      firstAttemptAt: null,
      notBefore: null,
    };
    await c.sqs.send(new SendMessageCommand({ QueueUrl: config.webhookQueueUrl, MessageBody: JSON.stringify(msg) }));
  }
}
