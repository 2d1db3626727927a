/**
 * The HTTP API as one function of an API Gateway HTTP API (payload format 2.0) event: routes, authentication, JSON
 * in and out, problem details for every error. The Lambda entry (functions/api.ts) and the local HTTP adapter
 * (local/api-server.ts) both call `handleHttp`.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { clients } from '../shared/aws.js';
import type { ApiConfig } from '../shared/env.js';
import { logger as makeLogger } from '../shared/log.js';
import { Table } from './db.js';
import { list, read, remove, submit, type ApiAnswer, type ApiDeps } from './documents.js';
import { dayOf } from './ledger.js';
import { usageByDay } from './ledger.js';
import { Problem } from './problems.js';
import { authenticate } from './tenants.js';
import type { TenantRecord } from './types.js';
import { checkIdempotencyKey, parseSubmit } from './validate.js';

const log = makeLogger('readflow-api');

/** Largest request body, bytes (a submit is a few hundred bytes; the upload itself goes to S3). */
export const MAX_BODY_BYTES = 64 * 1024;
/** Longest usage range one request may ask for, days. */
export const MAX_USAGE_DAYS = 366;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function depsOf(config: ApiConfig): ApiDeps {
  return { config, table: new Table(config), c: clients(config) };
}

function bodyOf(event: APIGatewayProxyEventV2): unknown {
  const ct = (event.headers?.['content-type'] ?? '').toLowerCase();
  if (!/^application\/(.+\+)?json\b/.test(ct)) throw new Problem('unsupported-media-type', 'send the body as application/json');
  const raw = event.body ? (event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body) : '';
  if (Buffer.byteLength(raw) > MAX_BODY_BYTES) throw new Problem('invalid-request', `the body is over ${MAX_BODY_BYTES} bytes`);
  try {
    return JSON.parse(raw);
  } catch {
    throw new Problem('invalid-request', 'the body is not valid JSON');
  }
}

async function usage(d: ApiDeps, tenant: TenantRecord, q: Record<string, string | undefined>): Promise<ApiAnswer> {
  const today = dayOf(d.now?.() ?? new Date());
  const from = q.from ?? `${today.slice(0, 7)}-01`;
  const to = q.to ?? today;
  for (const [name, v] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (!DAY.test(v) || Number.isNaN(Date.parse(`${v}T00:00:00Z`))) throw new Problem('invalid-request', `${name} must be a day, YYYY-MM-DD`);
  }
  const span = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  if (span < 0 || span >= MAX_USAGE_DAYS)
    throw new Problem('invalid-request', `from must not be after to, and the range at most ${MAX_USAGE_DAYS} days`);
  const u = await usageByDay(d.table, tenant.tenantId, from, to);
  return { status: 200, body: { tenantId: tenant.tenantId, from, to, days: u.days, total: u.total } };
}

async function route(d: ApiDeps, event: APIGatewayProxyEventV2): Promise<ApiAnswer> {
  const method = event.requestContext?.http?.method ?? 'GET';
  const path = (event.rawPath ?? '/').replace(/\/+$/, '') || '/';
  const q = event.queryStringParameters ?? {};
  const documents = path === '/v1/documents';
  const one = /^\/v1\/documents\/([^/]+)$/.exec(path);
  const isUsage = path === '/v1/usage';
  if (!documents && !one && !isUsage) throw new Problem('not-found', `no route ${path}`);
  const allowed = documents ? ['GET', 'POST'] : one ? ['GET', 'DELETE'] : ['GET'];
  if (!allowed.includes(method))
    throw new Problem('method-not-allowed', `${method} is not allowed on ${path}`, { headers: { allow: allowed.join(', ') } });
  const tenant = await authenticate(d.table, event.headers?.authorization);
  if (documents && method === 'POST') {
    const idem = checkIdempotencyKey(event.headers?.['idempotency-key']);
    const req = await parseSubmit(bodyOf(event), d.config);
    return submit(d, tenant, req, idem);
  }
  if (documents) return list(d, tenant, q);
  if (one) {
    let id: string;
    try {
      id = decodeURIComponent(one[1]);
    } catch {
      // A malformed escape (%E0%A4%A) names no document.
      throw new Problem('not-found', `no document ${one[1]}`);
    }
    return method === 'DELETE' ? remove(d, tenant, id) : read(d, tenant, id);
  }
  return usage(d, tenant, q);
}

export async function handleHttp(d: ApiDeps, event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> {
  const base = { 'cache-control': 'no-store' };
  try {
    const a = await route(d, event);
    if (a.status === 204) return { statusCode: 204, headers: { ...base, ...a.headers } };
    return { statusCode: a.status, headers: { ...base, 'content-type': 'application/json', ...a.headers }, body: JSON.stringify(a.body) };
  } catch (e) {
    const p = e instanceof Problem ? e : new Problem('internal', 'something went wrong on our side; the request can be retried');
    if (!(e instanceof Problem)) log.error('request failed', { error: e as Error, path: event.rawPath });
    return {
      statusCode: p.status,
      headers: { ...base, 'content-type': 'application/problem+json', ...p.extra.headers },
      body: JSON.stringify(p.body(event.rawPath)),
    };
  }
}
