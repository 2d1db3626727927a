/**
 * Quotas per tenant: pages per calendar month (from the ledger, see ledger.ts) and documents in flight.
 *
 * Documents in flight are a counter on the tenant item, taken with a conditional increment (`inFlight <
 * documentsInFlight`), so submits racing each other cannot overshoot the limit, and given back when a document
 * finishes or is deleted (by whoever wins that document's one conditional status change, so once). DynamoDB Local
 * stand-ins have no transactions, and a crash between the status change and the give-back would leave the
 * counter one too high; so when the counter says "full", it is recounted from the sparse index of documents in
 * flight (INFLIGHT#<tenant>) before the submit is refused. (A recount can miss a submit that has taken its slot but
 * not yet written its document, letting that many more through once: bounded by the submits in progress at that
 * instant, and only after a crash left the counter high.)
 */
import { GSI, keysOf, type Table } from './db.js';
import type { DocumentRecord, TenantRecord } from './types.js';

/** Takes one in-flight slot; false when the tenant has none left. */
export async function takeSlot(table: Table, tenant: TenantRecord, uploadGraceSeconds: number, now = new Date()): Promise<boolean> {
  const take = () =>
    table.update(keysOf.tenant(tenant.tenantId), 'SET inFlight = if_not_exists(inFlight, :zero) + :one', undefined, { ':one': 1, ':zero': 0, ':max': tenant.documentsInFlight }, 'attribute_not_exists(inFlight) OR inFlight < :max');
  if (await take()) return true;
  if (!(await recount(table, tenant.tenantId, uploadGraceSeconds, now))) return false;
  return (await take()) !== null;
}

/**
 * A document whose upload URL expired `uploadGraceSeconds` ago and that was never uploaded will never run: it is
 * failed as `upload-expired` (billed 0, no ledger entry: nothing was read) so it stops holding a slot. An upload
 * arriving after this is ignored by the splitter (the document is no longer awaiting one).
 */
async function expireUpload(table: Table, doc: DocumentRecord, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const error = { code: 'upload-expired', message: `the PDF was not uploaded before the upload URL expired (${doc.uploadExpiresAt})` };
  return (
    (await table.update(
      keysOf.document(doc.tenantId, doc.documentId),
      'SET #s = :failed, #e = :error, #u = :usage, pagesTotal = :zero, updatedAt = :now, finishedAt = :now REMOVE gsi1pk, gsi1sk',
      { '#s': 'status', '#e': 'error', '#u': 'usage' },
      { ':failed': 'failed', ':error': error, ':usage': { pages: 0, ocrPages: 0, bytes: 0, billedPages: 0 }, ':zero': 0, ':now': at, ':await': 'awaiting-upload' },
      '#s = :await',
    )) !== null
  );
}

/** Gives a slot back (never below zero). */
export async function giveSlot(table: Table, tenantId: string): Promise<void> {
  await table.update(keysOf.tenant(tenantId), 'SET inFlight = inFlight - :one', undefined, { ':one': 1, ':zero': 0 }, 'inFlight > :zero');
}

/** Sets the counter to the documents actually in flight (expiring abandoned uploads); true when that freed a slot. */
async function recount(table: Table, tenantId: string, uploadGraceSeconds: number, now: Date): Promise<boolean> {
  const t = await table.get<TenantRecord>(keysOf.tenant(tenantId));
  if (!t) return false;
  let count = 0;
  for (const doc of await table.queryAll<DocumentRecord>({ IndexName: GSI, KeyConditionExpression: 'gsi1pk = :pk', values: { ':pk': `INFLIGHT#${tenantId}` } })) {
    const abandoned = doc.status === 'awaiting-upload' && Date.parse(doc.uploadExpiresAt) + uploadGraceSeconds * 1000 < now.getTime();
    if (abandoned && (await expireUpload(table, doc, now))) continue;
    count += 1;
  }
  if (count >= t.inFlight) return false;
  // Only if nobody changed the counter meanwhile (else their change wins and the next refusal recounts again).
  return (await table.update(keysOf.tenant(tenantId), 'SET inFlight = :n', undefined, { ':n': count, ':was': t.inFlight }, 'inFlight = :was')) !== null;
}
