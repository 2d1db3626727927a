/**
 * Quotas per tenant: pages per calendar month (a counter per month, reserved at the split: see below) and documents
 * in flight.
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
import { pagesBilledInMonth } from './ledger.js';
import type { DocumentRecord, TenantRecord } from './types.js';

/** Takes one in-flight slot; false when the tenant has none left. */
export async function takeSlot(table: Table, tenant: TenantRecord, uploadGraceSeconds: number, now = new Date()): Promise<boolean> {
  const take = () =>
    table.update(
      keysOf.tenant(tenant.tenantId),
      'SET inFlight = if_not_exists(inFlight, :zero) + :one',
      undefined,
      { ':one': 1, ':zero': 0, ':max': tenant.documentsInFlight },
      'attribute_not_exists(inFlight) OR inFlight < :max',
    );
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
      {
        ':failed': 'failed',
        ':error': error,
        ':usage': { pages: 0, ocrPages: 0, bytes: 0, billedPages: 0 },
        ':zero': 0,
        ':now': at,
        ':await': 'awaiting-upload',
      },
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
  for (const doc of await table.queryAll<DocumentRecord>({
    IndexName: GSI,
    KeyConditionExpression: 'gsi1pk = :pk',
    values: { ':pk': `INFLIGHT#${tenantId}` },
  })) {
    const abandoned = doc.status === 'awaiting-upload' && Date.parse(doc.uploadExpiresAt) + uploadGraceSeconds * 1000 < now.getTime();
    if (abandoned && (await expireUpload(table, doc, now))) continue;
    count += 1;
  }
  if (count >= t.inFlight) return false;
  // Only if nobody changed the counter meanwhile (else their change wins and the next refusal recounts again).
  return (
    (await table.update(keysOf.tenant(tenantId), 'SET inFlight = :n', undefined, { ':n': count, ':was': t.inFlight }, 'inFlight = :was')) !== null
  );
}

// --- pages per month -------------------------------------------------------------------------------------------

/**
 * The monthly page quota is a counter item per tenant and month (MONTH#<YYYY-MM>): `used` = `billed` + `reserved`.
 * The splitter reserves a job's pages with one conditional update (`used <= quota - n`), so documents split at the
 * same moment cannot together pass the quota; settling the job (lifecycle.ts) turns the reservation into what the
 * ledger billed (0 when it failed) with one more update. The submit-time check reads the counter. A month's counter
 * is seeded once from the ledger when first touched (entries written before the counter existed).
 *
 * No transactions (DynamoDB Local stand-ins have none): the updates are ordered so that a crash between two of them
 * can only leave the counter too high, never too low: a splitter dying between the counter's reservation and the
 * document's record of it, or a settle dying between taking the document's reservation and settling it on the
 * counter, leaves those pages counted as used for the rest of the month (the tenant is refused early by that many
 * pages; nobody is billed for them, the ledger is the bill).
 */
export interface MonthCounter {
  used: number;
  billed: number;
  reserved: number;
}

/** The tenant's counter for a month, seeded from the ledger if this is its first use. */
export async function monthCounter(table: Table, tenantId: string, month: string): Promise<MonthCounter> {
  const key = keysOf.month(tenantId, month);
  const seen = await table.get<MonthCounter>(key);
  if (seen) return seen;
  const billed = await pagesBilledInMonth(table, tenantId, month);
  // Kept well past the month, then expired (DynamoDB TTL).
  const ttl = Math.floor(Date.parse(`${month}-01T00:00:00Z`) / 1000) + 400 * 86_400;
  await table.put({ ...key, used: billed, billed, reserved: 0, ttl }, 'attribute_not_exists(pk)');
  return (await table.get<MonthCounter>(key))!;
}

/** Reserves `pages` on the month's counter; the counter after, or null when the quota has not that many left. */
export async function reservePages(
  table: Table,
  tenant: Pick<TenantRecord, 'tenantId' | 'pagesPerMonth'>,
  month: string,
  pages: number,
): Promise<MonthCounter | null> {
  await monthCounter(table, tenant.tenantId, month);
  if (pages > tenant.pagesPerMonth) return null;
  return table.update<MonthCounter>(
    keysOf.month(tenant.tenantId, month),
    'SET used = used + :n, reserved = reserved + :n',
    undefined,
    { ':n': pages, ':limit': tenant.pagesPerMonth - pages },
    'used <= :limit',
  );
}

/** Turns a reservation of `reserved` pages into `billed` pages (billed 0: released). Call once per reservation. */
export async function settlePages(table: Table, tenantId: string, month: string, reserved: number, billed: number): Promise<void> {
  await table.update(keysOf.month(tenantId, month), 'SET used = used + :delta, reserved = reserved - :r, billed = billed + :b', undefined, {
    ':delta': billed - reserved,
    ':r': reserved,
    ':b': billed,
  });
}
