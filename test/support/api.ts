/**
 * Helpers for the API tests (test/api*.test.ts) and the API load test: a LocalPipeline with the API on (dynalite,
 * the API server on 127.0.0.1, the webhook sender), tenants made as `npm run tenant -- create` makes them, a real
 * webhook receiver on 127.0.0.1 that can be told to fail, and a Standard Webhooks verifier written from the
 * specification (standardwebhooks.com), independent of functions/api/webhooks.ts. No vitest import.
 */
import { ScanCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { ReadflowClient } from '../../functions/api/client.js';
import { Table } from '../../functions/api/db.js';
import { createTenant } from '../../functions/api/tenants.js';
import type { TenantRecord } from '../../functions/api/types.js';
import { loadApiConfig, type ApiConfig } from '../../functions/shared/env.js';
import type { LocalPipeline, LocalPipelineOptions } from '../../local/pipeline.js';
import { withPipeline } from './pipeline.js';

export const apiConfigOf = (p: LocalPipeline): ApiConfig => loadApiConfig(p.env);
export const tableOf = (p: LocalPipeline) => new Table(apiConfigOf(p));

export interface TestTenant {
  tenant: TenantRecord;
  apiKey: string;
  client: ReadflowClient;
}

export async function makeTenant(
  p: LocalPipeline,
  name: string,
  quotas: { pagesPerMonth?: number; documentsInFlight?: number } = {},
): Promise<TestTenant> {
  const { tenant, apiKey } = await createTenant(tableOf(p), {
    name,
    pagesPerMonth: quotas.pagesPerMonth ?? 100_000,
    documentsInFlight: quotas.documentsInFlight ?? 1000,
  });
  return { tenant, apiKey, client: new ReadflowClient(p.api!.url, apiKey) };
}

/** A pipeline with the API on; `env` adds API settings (e.g. a short webhook backoff). */
export function withApi<T>(
  o: LocalPipelineOptions & { env?: Record<string, string> },
  fn: (p: LocalPipeline, defer: (c: () => unknown) => void) => Promise<T>,
): Promise<T> {
  const { env, ...rest } = o;
  return withPipeline({ ...rest, api: { env: { WEBHOOK_BACKOFF_SECONDS: '1', ...env } } }, fn);
}

/** Every item in the API's table (for "nothing is left" checks). */
export async function tableItems(p: LocalPipeline): Promise<Record<string, unknown>[]> {
  const t = tableOf(p);
  const out: Record<string, unknown>[] = [];
  let start: Record<string, AttributeValue> | undefined;
  do {
    const r: { Items?: Record<string, AttributeValue>[]; LastEvaluatedKey?: Record<string, AttributeValue> } = await t.db.send(
      new ScanCommand({ TableName: t.config.tableName, ExclusiveStartKey: start }),
    );
    out.push(...(r.Items ?? []).map((i) => unmarshall(i)));
    start = r.LastEvaluatedKey;
  } while (start);
  return out;
}

// --- webhooks --------------------------------------------------------------------------------------------------

export interface ReceivedHook {
  headers: IncomingHttpHeaders;
  body: string;
  /** The status the receiver answered. */
  answered: number;
}

/** A webhook receiver on 127.0.0.1: answers 500 to the first `failures` requests, then 204. */
export class WebhookReceiver {
  readonly received: ReceivedHook[] = [];
  private constructor(
    readonly url: string,
    private readonly close: () => Promise<void>,
    private readonly state: { failures: number },
  ) {}

  static async start(failures = 0): Promise<WebhookReceiver> {
    const state = { failures };
    let self: WebhookReceiver | null = null;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const answered = state.failures > 0 ? 500 : 204;
        if (state.failures > 0) state.failures -= 1;
        self!.received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), answered });
        res.writeHead(answered).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const port = (server.address() as { port: number }).port;
    self = new WebhookReceiver(
      `http://127.0.0.1:${port}/hooks`,
      () =>
        new Promise((r) => {
          server.closeAllConnections();
          server.close(() => r());
        }),
      state,
    );
    return self;
  }

  failNext(n: number): void {
    this.state.failures = n;
  }

  stop(): Promise<void> {
    return this.close();
  }
}

/**
 * Standard Webhooks verification, from the specification: the signed content is `${webhook-id}.${webhook-timestamp}.${body}`;
 * the key is the base64 part of the `whsec_` secret, decoded; `webhook-signature` is a space-separated list of
 * `v1,<base64 HMAC-SHA256>` entries, any one of which may match; the timestamp must be within the tolerance
 * (5 minutes) of now. Returns the reason it fails, or null.
 */
export function verifyStandardWebhook(
  secret: string,
  headers: IncomingHttpHeaders,
  body: string,
  nowSeconds = Math.floor(Date.now() / 1000),
  toleranceSeconds = 300,
): string | null {
  const id = headers['webhook-id'];
  const ts = headers['webhook-timestamp'];
  const sigs = headers['webhook-signature'];
  if (typeof id !== 'string' || typeof ts !== 'string' || typeof sigs !== 'string')
    return 'missing webhook-id, webhook-timestamp or webhook-signature';
  const t = Number(ts);
  if (!/^\d+$/.test(ts) || Math.abs(nowSeconds - t) > toleranceSeconds) return `timestamp ${ts} outside the tolerance`;
  if (!secret.startsWith('whsec_')) return 'secret is not whsec_';
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${ts}.${body}`, 'utf8').digest();
  for (const entry of sigs.split(' ')) {
    const [version, value] = entry.split(',', 2);
    if (version !== 'v1' || !value) continue;
    const got = Buffer.from(value, 'base64');
    if (got.length === expected.length && timingSafeEqual(got, expected)) return null;
  }
  return 'no v1 signature matches';
}
