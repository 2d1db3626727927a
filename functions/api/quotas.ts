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
import type { TenantRecord } from './types.js';

/** Takes one in-flight slot; false when the tenant has none left. */
export async function takeSlot(table: Table, tenant: TenantRecord): Promise<boolean> {
  const take = () =>
    table.update(keysOf.tenant(tenant.tenantId), 'SET inFlight = if_not_exists(inFlight, :zero) + :one', undefined, { ':one': 1, ':zero': 0, ':max': tenant.documentsInFlight }, 'attribute_not_exists(inFlight) OR inFlight < :max');
  if (await take()) return true;
  if (!(await recount(table, tenant.tenantId))) return false;
  return (await take()) !== null;
}

/** Gives a slot back (never below zero). */
export async function giveSlot(table: Table, tenantId: string): Promise<void> {
  await table.update(keysOf.tenant(tenantId), 'SET inFlight = inFlight - :one', undefined, { ':one': 1, ':zero': 0 }, 'inFlight > :zero');
}

/** Sets the counter to the documents actually in flight; true when that freed a slot. */
async function recount(table: Table, tenantId: string): Promise<boolean> {
  const t = await table.get<TenantRecord>(keysOf.tenant(tenantId));
  if (!t) return false;
  let count = 0;
  let start: Record<string, import('@aws-sdk/client-dynamodb').AttributeValue> | undefined;
  do {
    const r: { count: number; next: typeof start } = await table.query({ IndexName: GSI, KeyConditionExpression: 'gsi1pk = :pk', values: { ':pk': `INFLIGHT#${tenantId}` }, Select: 'COUNT', start });
    count += r.count;
    start = r.next;
  } while (start);
  if (count >= t.inFlight) return false;
  // Only if nobody changed the counter meanwhile (else their change wins and the next refusal recounts again).
  return (await table.update(keysOf.tenant(tenantId), 'SET inFlight = :n', undefined, { ':n': count, ':was': t.inFlight }, 'inFlight = :was')) !== null;
}
