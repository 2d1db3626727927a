/**
 * Metering: one ledger entry per job, written with a conditional put on the job id, so a redelivered message, two
 * aggregations racing, or a retried submit can never bill twice: whoever writes second finds the entry there.
 * Failed and rejected documents get an entry too (they were seen), billed 0. Usage per day is a range query on the
 * sparse index (USAGE#<tenant>, <day>#<jobId>). The monthly quota is kept on a per-month counter (quotas.ts), seeded
 * once from the same query over the month.
 */
import { GSI, keysOf, type Table } from './db.js';
import type { DocumentUsage, LedgerEntry, UsageDay } from './types.js';

export const dayOf = (d: Date) => d.toISOString().slice(0, 10);
export const monthOf = (d: Date) => d.toISOString().slice(0, 7);

export interface JobUsage extends DocumentUsage {
  status: string;
  billedOcrPages: number;
}

/** What a finished job bills: nothing when it failed (bad input, over quota, given up), else every page read. */
export function billing(status: string, pages: number, ocrPages: number, bytes: number): JobUsage {
  const billed = status !== 'failed';
  return { status, pages, ocrPages, bytes, billedPages: billed ? pages : 0, billedOcrPages: billed ? ocrPages : 0 };
}

/** Writes the job's ledger entry unless it exists; true when this call wrote it. */
export async function recordUsage(
  table: Table,
  e: {
    tenantId: string;
    jobId: string;
    documentId: string | null;
    key: string;
    engineVersion: string;
    usage: JobUsage;
    error?: { code: string; message: string };
    at?: Date;
  },
): Promise<boolean> {
  const at = e.at ?? new Date();
  const day = dayOf(at);
  const entry: LedgerEntry = {
    ...keysOf.ledger(e.tenantId, e.jobId),
    tenantId: e.tenantId,
    jobId: e.jobId,
    documentId: e.documentId,
    key: e.key,
    day,
    status: e.usage.status,
    pages: e.usage.pages,
    ocrPages: e.usage.ocrPages,
    bytes: e.usage.bytes,
    billedPages: e.usage.billedPages,
    billedOcrPages: e.usage.billedOcrPages,
    engineVersion: e.engineVersion,
    ...(e.error ? { error: e.error } : {}),
    recordedAt: at.toISOString(),
    gsi1pk: `USAGE#${e.tenantId}`,
    gsi1sk: `${day}#${e.jobId}`,
  };
  return table.put({ ...entry }, 'attribute_not_exists(pk)');
}

/** Every ledger entry of a tenant from day `from` to day `to`, inclusive (YYYY-MM-DD). */
export function ledgerEntries(table: Table, tenantId: string, from: string, to: string): Promise<LedgerEntry[]> {
  return table.queryAll<LedgerEntry>({
    IndexName: GSI,
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
    values: { ':pk': `USAGE#${tenantId}`, ':from': `${from}#`, ':to': `${to}#~` },
  });
}

/** Usage per day (days without documents left out), with the total. */
export async function usageByDay(
  table: Table,
  tenantId: string,
  from: string,
  to: string,
): Promise<{ days: UsageDay[]; total: Omit<UsageDay, 'day'> }> {
  const byDay = new Map<string, UsageDay>();
  for (const e of await ledgerEntries(table, tenantId, from, to)) {
    const d = byDay.get(e.day) ?? { day: e.day, documents: 0, pages: 0, ocrPages: 0, bytes: 0, billedPages: 0 };
    d.documents += 1;
    d.pages += e.pages;
    d.ocrPages += e.ocrPages;
    d.bytes += e.bytes;
    d.billedPages += e.billedPages;
    byDay.set(e.day, d);
  }
  const days = [...byDay.values()].sort((a, b) => a.day.localeCompare(b.day));
  const total = days.reduce(
    (t, d) => ({
      documents: t.documents + d.documents,
      pages: t.pages + d.pages,
      ocrPages: t.ocrPages + d.ocrPages,
      bytes: t.bytes + d.bytes,
      billedPages: t.billedPages + d.billedPages,
    }),
    {
      documents: 0,
      pages: 0,
      ocrPages: 0,
      bytes: 0,
      billedPages: 0,
    },
  );
  return { days, total };
}

/** Pages billed to a tenant in a calendar month (UTC, YYYY-MM), summed from the ledger. */
export async function pagesBilledInMonth(table: Table, tenantId: string, month: string): Promise<number> {
  const entries = await ledgerEntries(table, tenantId, `${month}-01`, `${month}-31`);
  return entries.reduce((s, e) => s + e.billedPages, 0);
}

/** Seconds until the first day of the next month (UTC), when the monthly page quota starts again. */
export function secondsToNextMonth(at = new Date()): number {
  const next = Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1);
  return Math.max(1, Math.ceil((next - at.getTime()) / 1000));
}
