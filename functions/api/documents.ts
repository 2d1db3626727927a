/**
 * Documents: submit (a record and a presigned upload), read (status, pages done, presigned results), list (a
 * tenant's documents, newest first, with a cursor), delete (input, scratch, results and records). Every read is
 * scoped to the caller's tenant: another tenant's document id is simply not found (404).
 */
import { DeleteObjectCommand, DeleteObjectsCommand, GetObjectCommand, ListObjectVersionsCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { createHash, randomBytes } from 'node:crypto';
import type { Clients } from '../shared/aws.js';
import type { ApiConfig } from '../shared/env.js';
import { keys, resultKeyFor } from '../shared/jobs.js';
import { listKeys } from '../shared/store.js';
import { keysOf, type Table } from './db.js';
import { inputKeyOf } from './lifecycle.js';
import { monthOf, secondsToNextMonth } from './ledger.js';
import { Problem } from './problems.js';
import { giveSlot, monthCounter, takeSlot } from './quotas.js';
import {
  DOCUMENT_STATUSES,
  isFinished,
  type DocumentRecord,
  type DocumentStatus,
  type DocumentView,
  type SubmitRequest,
  type TenantRecord,
  type UploadInstructions,
} from './types.js';
import { canonicalJson } from './validate.js';
import { PIPELINE_FORMATS, RENDITIONS } from '../../lib/render/formats.js';

export interface ApiDeps {
  config: ApiConfig;
  table: Table;
  c: Clients;
  now?: () => Date;
}

/** Seconds a client waits before retrying a submit refused for documents in flight. */
export const IN_FLIGHT_RETRY_AFTER_SECONDS = 30;
/** An idempotency record still "pending" after this long is from a request that died half-way: it may be taken over. */
const ABANDONED_PENDING_MS = 60_000;
/** Documents per page of a listing. @default 20, at most 100 */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** Document ids sort by creation time (base-36 milliseconds, fixed width), then 64 random bits. */
export function newDocumentId(at: Date): string {
  const time = at.getTime().toString(36).padStart(9, '0');
  const rand = BigInt('0x' + randomBytes(8).toString('hex'))
    .toString(36)
    .padStart(13, '0');
  return `doc_${time}${rand}`;
}

const iso = (ms: number) => new Date(ms).toISOString();

interface IdempotencyRecord {
  pk: string;
  sk: string;
  requestHash: string;
  state: 'pending' | 'done';
  createdAt: string;
  statusCode?: number;
  response?: string;
  ttl: number;
}

export interface ApiAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

async function presignUpload(d: ApiDeps, doc: DocumentRecord): Promise<UploadInstructions> {
  const url = await getSignedUrl(
    d.c.s3,
    new PutObjectCommand({
      Bucket: d.config.inputBucket,
      Key: doc.inputKey,
      ContentLength: doc.bytes,
      ContentType: 'application/pdf',
      IfNoneMatch: '*',
    }),
    // Content-Length is signed: S3 refuses an upload of any other size (403), and the key is signed: the upload can
    // only land at this document's place under the tenant's prefix. `If-None-Match: *` is signed too: the URL
    // uploads once (S3's conditional write answers a second PUT 412 PreconditionFailed), so a retried upload cannot
    // replace the object the document's job is reading.
    { expiresIn: d.config.uploadUrlSeconds, signableHeaders: new Set(['content-length', 'content-type', 'if-none-match']) },
  );
  return {
    url,
    method: 'PUT',
    headers: { 'content-type': 'application/pdf', 'content-length': String(doc.bytes), 'if-none-match': '*' },
    expiresAt: doc.uploadExpiresAt,
  };
}

/** Pages whose batch result is stored, from the job's batch folder. */
async function pagesDone(d: ApiDeps, doc: DocumentRecord): Promise<number> {
  if (isFinished(doc.status)) return doc.pagesTotal ?? 0;
  if (doc.status !== 'running' || !doc.jobId || !doc.batchPages) return 0;
  const present = await listKeys(d.c.s3, d.config.outputBucket, keys(d.config, doc.jobId).batchPrefix);
  return present.map((k) => Number(/(\d+)\.json$/.exec(k)?.[1] ?? -1)).reduce((s, i) => s + (doc.batchPages![i] ?? 0), 0);
}

export async function viewOf(d: ApiDeps, doc: DocumentRecord, o: { results: boolean; upload?: UploadInstructions }): Promise<DocumentView> {
  const view: DocumentView = {
    id: doc.documentId,
    status: doc.status,
    filename: doc.filename,
    bytes: doc.bytes,
    pages: { total: doc.pagesTotal ?? null, done: await pagesDone(d, doc) },
    metadata: doc.metadata,
    options: doc.options,
    ...(doc.webhook ? { webhook: doc.webhook } : {}),
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
    expiresAt: doc.expiresAt,
    ...(o.upload ? { upload: o.upload } : {}),
    ...(doc.usage ? { usage: doc.usage } : {}),
    ...(doc.error ? { error: doc.error } : {}),
  };
  if (o.results && doc.resultKey && isFinished(doc.status)) {
    const get = (ext: string) =>
      getSignedUrl(d.c.s3, new GetObjectCommand({ Bucket: d.config.outputBucket, Key: `${doc.resultKey}.${ext}` }), {
        expiresIn: d.config.resultUrlSeconds,
      });
    const [json, md, txt] = await Promise.all([get(RENDITIONS.json.ext), get(RENDITIONS.md.ext), get(RENDITIONS.text.ext)]);
    view.result = { json, md, txt, expiresAt: iso((d.now?.() ?? new Date()).getTime() + d.config.resultUrlSeconds * 1000) };
  }
  return view;
}

/** The caller's document, or 404 (another tenant's, deleted, expired and not yet swept by the TTL, or never). */
export async function ownDocument(d: ApiDeps, tenant: TenantRecord, id: string): Promise<DocumentRecord> {
  const doc = /^doc_[0-9a-z]{1,40}$/.test(id) ? await d.table.get<DocumentRecord>(keysOf.document(tenant.tenantId, id)) : null;
  const now = (d.now?.() ?? new Date()).getTime();
  if (!doc || doc.ttl * 1000 <= now) throw new Problem('not-found', `no document ${id}`);
  return doc;
}

export async function submit(d: ApiDeps, tenant: TenantRecord, req: SubmitRequest, idempotencyKey: string | undefined): Promise<ApiAnswer> {
  const now = d.now?.() ?? new Date();
  const ttl = Math.floor(now.getTime() / 1000) + d.config.retentionDays * 86_400;
  const requestHash = createHash('sha256').update(canonicalJson(req)).digest('hex');
  const idemKey = idempotencyKey ? keysOf.idempotency(tenant.tenantId, idempotencyKey) : null;
  if (idemKey) {
    for (;;) {
      const fresh: IdempotencyRecord = { ...idemKey, requestHash, state: 'pending', createdAt: now.toISOString(), ttl };
      if (await d.table.put({ ...fresh }, 'attribute_not_exists(pk)')) break;
      const seen = await d.table.get<IdempotencyRecord>(idemKey);
      if (!seen) continue;
      if (seen.requestHash !== requestHash) {
        throw new Problem('idempotency-key-reused', `Idempotency-Key ${idempotencyKey} was used with a different request body`);
      }
      if (seen.state === 'done' && seen.response)
        return { status: seen.statusCode ?? 201, body: JSON.parse(seen.response), headers: { 'idempotent-replayed': 'true' } };
      if (now.getTime() - Date.parse(seen.createdAt) < ABANDONED_PENDING_MS) {
        throw new Problem('idempotency-in-progress', 'a request with this Idempotency-Key is still being processed; retry shortly', {
          headers: { 'retry-after': '1' },
        });
      }
      // Abandoned half-way (the process died): take it over, if nobody else did first.
      await d.table.delete(idemKey, 'createdAt = :c', { ':c': seen.createdAt });
    }
  }
  const forget = async () => {
    if (idemKey) await d.table.delete(idemKey, 'attribute_exists(pk) AND #st = :p', { ':p': 'pending' }, { '#st': 'state' });
  };
  try {
    const { used } = await monthCounter(d.table, tenant.tenantId, monthOf(now));
    if (used >= tenant.pagesPerMonth) {
      throw new Problem('quota-pages', `the monthly quota of ${tenant.pagesPerMonth} pages is used up (${used} billed or being read this month)`, {
        headers: { 'retry-after': String(secondsToNextMonth(now)) },
      });
    }
    if (!(await takeSlot(d.table, tenant, d.config.uploadGraceSeconds, now))) {
      throw new Problem('quota-in-flight', `${tenant.documentsInFlight} documents are already in flight; submit more when some finish`, {
        headers: { 'retry-after': String(IN_FLIGHT_RETRY_AFTER_SECONDS) },
      });
    }
  } catch (e) {
    await forget();
    throw e;
  }
  const documentId = newDocumentId(now);
  const doc: DocumentRecord = {
    ...keysOf.document(tenant.tenantId, documentId),
    tenantId: tenant.tenantId,
    documentId,
    status: 'awaiting-upload',
    filename: req.filename,
    bytes: req.bytes,
    options: { ...req.options, ...(req.pages !== undefined ? { pages: req.pages } : {}) },
    metadata: req.metadata ?? {},
    ...(req.webhook ? { webhook: req.webhook } : {}),
    inputKey: inputKeyOf(d.config, tenant.tenantId, documentId),
    ...(idempotencyKey ? { idempotencyKey } : {}),
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    uploadExpiresAt: iso(now.getTime() + d.config.uploadUrlSeconds * 1000),
    expiresAt: iso(ttl * 1000),
    ttl,
    gsi1pk: `INFLIGHT#${tenant.tenantId}`,
    gsi1sk: documentId,
  };
  try {
    await d.table.put({ ...doc }, 'attribute_not_exists(pk)');
  } catch (e) {
    await giveSlot(d.table, tenant.tenantId);
    await forget();
    throw e;
  }
  const body = await viewOf(d, doc, { results: false, upload: await presignUpload(d, doc) });
  if (idemKey)
    await d.table.update(
      idemKey,
      'SET #st = :done, statusCode = :code, #r = :resp',
      { '#st': 'state', '#r': 'response' },
      { ':done': 'done', ':code': 201, ':resp': JSON.stringify(body) },
    );
  return { status: 201, body, headers: { location: `/v1/documents/${documentId}` } };
}

export interface ListQuery {
  status?: string;
  cursor?: string;
  limit?: string;
}

export async function list(d: ApiDeps, tenant: TenantRecord, q: ListQuery): Promise<ApiAnswer> {
  if (q.status !== undefined && !DOCUMENT_STATUSES.includes(q.status as DocumentStatus)) {
    throw new Problem('invalid-request', `status must be one of ${DOCUMENT_STATUSES.join(', ')}`, {
      errors: [{ path: 'status', message: 'unknown status' }],
    });
  }
  const limit = q.limit === undefined ? DEFAULT_PAGE_SIZE : Number(q.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE)
    throw new Problem('invalid-request', `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`);
  const pk = keysOf.tenant(tenant.tenantId).pk;
  let start;
  if (q.cursor) {
    try {
      const c = JSON.parse(Buffer.from(q.cursor, 'base64url').toString('utf8')) as { pk?: unknown; sk?: unknown };
      if (c.pk !== pk || typeof c.sk !== 'string' || !c.sk.startsWith('DOC#')) throw new Error('foreign cursor');
      start = { pk: { S: c.pk }, sk: { S: c.sk } };
    } catch {
      throw new Problem('invalid-request', 'the cursor is not one this API gave you');
    }
  }
  const now = Math.floor((d.now?.() ?? new Date()).getTime() / 1000);
  // Limit counts the documents read before the status filter: a page can be short (even empty) and still have a
  // cursor; the listing ends when nextCursor is null.
  const r = await d.table.query<DocumentRecord>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :doc)',
    FilterExpression: q.status ? '#s = :status AND #t > :now' : '#t > :now',
    ExpressionAttributeNames: { ...(q.status ? { '#s': 'status' } : {}), '#t': 'ttl' },
    values: { ':pk': pk, ':doc': 'DOC#', ':now': now, ...(q.status ? { ':status': q.status } : {}) },
    ScanIndexForward: false,
    Limit: limit,
    start,
  });
  const items = await Promise.all(r.items.map((doc) => viewOf(d, doc, { results: false })));
  const next = r.next ? Buffer.from(JSON.stringify({ pk: r.next.pk.S, sk: r.next.sk.S })).toString('base64url') : null;
  return { status: 200, body: { items, nextCursor: next } };
}

export async function read(d: ApiDeps, tenant: TenantRecord, id: string): Promise<ApiAnswer> {
  return { status: 200, body: await viewOf(d, await ownDocument(d, tenant, id), { results: true }) };
}

/** Deletes every version of one object (the input bucket is versioned on AWS). */
async function deleteAllVersions(d: ApiDeps, bucket: string, key: string): Promise<void> {
  let versions: { Key: string; VersionId?: string }[] = [];
  try {
    const r = await d.c.s3.send(new ListObjectVersionsCommand({ Bucket: bucket, Prefix: key }));
    versions = [...(r.Versions ?? []), ...(r.DeleteMarkers ?? [])]
      .filter((v) => v.Key === key)
      .map((v) => ({ Key: key, VersionId: v.VersionId ?? undefined }));
  } catch {
    versions = [];
  }
  const real = versions.filter((v) => v.VersionId && v.VersionId !== 'null');
  if (real.length) await d.c.s3.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: real, Quiet: true } }));
  await d.c.s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
}

export async function remove(d: ApiDeps, tenant: TenantRecord, id: string): Promise<ApiAnswer> {
  const doc = await ownDocument(d, tenant, id);
  if (doc.status === 'queued' || doc.status === 'running') {
    throw new Problem('document-busy', `document ${id} is ${doc.status}; delete it once it has finished`, { headers: { 'retry-after': '5' } });
  }
  // The record goes first, on condition it is still not being read: an upload arriving after this is ignored by the
  // splitter (no record), and the files below are removed whatever happens next.
  const gone = await d.table.delete(
    keysOf.document(tenant.tenantId, id),
    '#s IN (:a, :c, :p, :f)',
    {
      ':a': 'awaiting-upload',
      ':c': 'complete',
      ':p': 'partial',
      ':f': 'failed',
    },
    { '#s': 'status' },
  );
  if (!gone)
    throw new Problem('document-busy', `document ${id} started processing; delete it once it has finished`, { headers: { 'retry-after': '5' } });
  if (doc.status === 'awaiting-upload') await giveSlot(d.table, tenant.tenantId);
  const s3 = d.c.s3;
  await deleteAllVersions(d, d.config.inputBucket, doc.inputKey);
  const resultKey = doc.resultKey ?? resultKeyFor(d.config, doc.inputKey);
  const outputKeys = PIPELINE_FORMATS.map((f) => `${resultKey}.${RENDITIONS[f].ext}`);
  if (doc.jobId) {
    const k = keys(d.config, doc.jobId);
    outputKeys.push(k.usage, ...(await listKeys(s3, d.config.outputBucket, `${d.config.jobPrefix}${doc.jobId}/`)));
    await d.table.delete(keysOf.hook(tenant.tenantId, `evt_${doc.jobId}`));
  }
  for (let i = 0; i < outputKeys.length; i += 1000) {
    await s3.send(
      new DeleteObjectsCommand({
        Bucket: d.config.outputBucket,
        Delete: { Objects: outputKeys.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true },
      }),
    );
  }
  if (doc.idempotencyKey) await d.table.delete(keysOf.idempotency(tenant.tenantId, doc.idempotencyKey));
  return { status: 204, body: null };
}
