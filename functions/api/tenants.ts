/**
 * Tenants and their API keys. A key is `rf_` + 32 random bytes (base64url): 256 bits of entropy, so a plain SHA-256
 * of it is as good as a slow password hash (nothing to guess from a dictionary; a preimage is out of reach), and
 * unlike a salted slow hash it can be looked up directly: the key's hash is the item key. Only the hash is stored;
 * the key is shown once, at creation. The stored hash is compared with the presented key's hash in constant time.
 */
import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { keysOf, type Table } from './db.js';
import { Problem } from './problems.js';
import { DEFAULT_TENANT, type TenantRecord } from './types.js';

export const API_KEY_PREFIX = 'rf_';
const KEY_BYTES = 32;
const SECRET_BYTES = 24;
/** Tenant ids: lower-case letters, digits and dashes (they are S3 key segments). */
const TENANT_ID = /^[a-z0-9][a-z0-9-]{1,62}$/;

export const hashKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');
export const newApiKey = () => API_KEY_PREFIX + randomBytes(KEY_BYTES).toString('base64url');
export const newWebhookSecret = () => 'whsec_' + randomBytes(SECRET_BYTES).toString('base64');

export interface NewTenant {
  /** Tenant id; generated when omitted. */
  tenantId?: string;
  name: string;
  pagesPerMonth: number;
  documentsInFlight: number;
}

/** Creates a tenant and its first key; the key is returned once and never stored. */
export async function createTenant(table: Table, t: NewTenant): Promise<{ tenant: TenantRecord; apiKey: string }> {
  const tenantId = t.tenantId ?? `t-${randomBytes(6).toString('hex')}`;
  if (!TENANT_ID.test(tenantId) || tenantId === DEFAULT_TENANT)
    throw new Error(`tenant id "${tenantId}" is not allowed (a-z, 0-9, dashes; not "${DEFAULT_TENANT}")`);
  const apiKey = newApiKey();
  const keyHash = hashKey(apiKey);
  const tenant: TenantRecord = {
    ...keysOf.tenant(tenantId),
    sk: 'PROFILE',
    tenantId,
    name: t.name,
    keyHash,
    keyHint: apiKey.slice(0, 7),
    webhookSecret: newWebhookSecret(),
    pagesPerMonth: t.pagesPerMonth,
    documentsInFlight: t.documentsInFlight,
    inFlight: 0,
    createdAt: new Date().toISOString(),
  };
  if (!(await table.put({ ...tenant }, 'attribute_not_exists(pk)'))) throw new Error(`tenant ${tenantId} exists already`);
  await table.put({ ...keysOf.apiKey(keyHash), tenantId }, 'attribute_not_exists(pk)');
  return { tenant, apiKey };
}

export async function listTenants(table: Table): Promise<TenantRecord[]> {
  const out: TenantRecord[] = [];
  let start: Record<string, import('@aws-sdk/client-dynamodb').AttributeValue> | undefined;
  do {
    const r = await table.db.send(
      new ScanCommand({
        TableName: table.config.tableName,
        FilterExpression: 'sk = :p',
        ExpressionAttributeValues: { ':p': { S: 'PROFILE' } },
        ExclusiveStartKey: start,
      }),
    );
    out.push(...(r.Items ?? []).map((i) => unmarshall(i) as TenantRecord));
    start = r.LastEvaluatedKey;
  } while (start);
  return out.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** Revokes a tenant: its key stops working at once; its documents are kept until they expire. */
export async function revokeTenant(table: Table, tenantId: string): Promise<boolean> {
  const t = await table.get<TenantRecord>(keysOf.tenant(tenantId));
  if (!t) return false;
  await table.update(keysOf.tenant(tenantId), 'SET revokedAt = :now', undefined, { ':now': new Date().toISOString() });
  await table.delete(keysOf.apiKey(t.keyHash));
  return true;
}

export const getTenant = (table: Table, tenantId: string) => table.get<TenantRecord>(keysOf.tenant(tenantId));

/** The tenant an `Authorization: Bearer rf_…` header belongs to; 401 for anything else. */
export async function authenticate(table: Table, authorization: string | undefined): Promise<TenantRecord> {
  const m = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  const key = m?.[1] ?? '';
  if (!key.startsWith(API_KEY_PREFIX))
    throw new Problem('unauthorized', 'send the API key as "Authorization: Bearer rf_…"', { headers: { 'www-authenticate': 'Bearer' } });
  const hash = hashKey(key);
  const link = await table.get<{ tenantId: string }>(keysOf.apiKey(hash));
  const tenant = link ? await getTenant(table, link.tenantId) : null;
  // The item was found by the hash; comparing the stored hash in constant time as well keeps the check itself from
  // leaking how much of a guess matched, whatever the store's lookup does.
  const ok = tenant !== null && !tenant.revokedAt && timingSafeEqual(Buffer.from(tenant.keyHash, 'hex'), Buffer.from(hash, 'hex'));
  if (!ok) throw new Problem('unauthorized', 'the API key is not valid or was revoked', { headers: { 'www-authenticate': 'Bearer' } });
  return tenant;
}
