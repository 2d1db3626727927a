/**
 * The API's pure parts, without the pipeline: Standard Webhooks signing against the specification's published test
 * vector and against the independent verifier, where webhooks may point (cloud and local policy), backoff, which
 * tenant an input key belongs to, request canonicalisation, the local S3 server's presigned-URL check, one list of operations (OpenAPI, router, HTTP API
 * routes), and `npm run tenant` against a real dynalite.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { presignedRefusal } from '../local/presigned.js';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { Table } from '../functions/api/db.js';
import { ownerOfKey } from '../functions/api/lifecycle.js';
import { billing, secondsToNextMonth } from '../functions/api/ledger.js';
import { authenticate, hashKey } from '../functions/api/tenants.js';
import { canonicalJson } from '../functions/api/validate.js';
import { addressRefusal, backoffSeconds, checkWebhook, post, sign, webhookRefusal } from '../functions/api/webhooks.js';
import { createServer } from 'node:http';
import { createApiTable, startDynamo } from '../local/dynamo.js';
import { verifyStandardWebhook } from './support/api.js';
import { OPENAPI_URL } from './support/openapi.js';
import { API_ROUTES } from '../infra/constructs/api.js';
import { depsOf, handleHttp } from '../functions/api/router.js';
import { loadApiConfig } from '../functions/shared/env.js';
import { REPO_ROOT } from './support/pipeline.js';

const run = promisify(execFile);
const cloud = { allowLocal: false };
const local = { allowLocal: true };

describe('webhook signatures', () => {
  it('reproduce the Standard Webhooks test vector exactly', () => {
    expect(sign('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}')).toBe(
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    );
  });

  it('verify with the independent verifier, and fail it when the body, id or timestamp changes', () => {
    const secret = 'whsec_' + Buffer.from('a secret of twenty-four b').toString('base64');
    const now = 1_800_000_000;
    const headers = { 'webhook-id': 'evt_1', 'webhook-timestamp': String(now), 'webhook-signature': sign(secret, 'evt_1', now, '{"a":1}') };
    expect(verifyStandardWebhook(secret, headers, '{"a":1}', now)).toBeNull();
    expect(verifyStandardWebhook(secret, headers, '{"a":2}', now)).not.toBeNull();
    expect(verifyStandardWebhook(secret, { ...headers, 'webhook-id': 'evt_2' }, '{"a":1}', now)).not.toBeNull();
    expect(verifyStandardWebhook(secret, headers, '{"a":1}', now + 301)).toMatch(/tolerance/);
  });
});

describe('where a webhook may point', () => {
  it('in the cloud: https to public addresses only', async () => {
    expect(await webhookRefusal('http://93.184.215.14/hook', cloud)).toMatch(/https/);
    expect(await webhookRefusal('https://93.184.215.14/hook', cloud)).toBeNull();
    for (const host of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.9',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '[::1]',
      '[fe80::1]',
      '[fd00::1]',
      '[::ffff:127.0.0.1]',
    ]) {
      expect(await webhookRefusal(`https://${host}/hook`, cloud), host).toMatch(/private|loopback|reserved/);
    }
    expect(await webhookRefusal('https://user:pw@93.184.215.14/', cloud)).toMatch(/credentials/);
    // A name that resolves to loopback is refused by what it resolves to (no network needed: localhost).
    expect(await webhookRefusal('https://localhost/hook', cloud)).toMatch(/resolves to/);
    expect(await webhookRefusal('not a url', cloud)).toMatch(/not a URL/);
  });

  it('a host that does not resolve is a transient failure, a refused address or scheme a permanent one', async () => {
    const dns = await checkWebhook('https://nothing-here.invalid/hook', cloud);
    expect(dns).toMatchObject({ permanent: false, reason: expect.stringMatching(/does not resolve/) });
    expect(await checkWebhook('https://10.1.2.3/hook', cloud)).toMatchObject({ permanent: true });
    expect(await checkWebhook('https://localhost/hook', cloud)).toMatchObject({ permanent: true });
    expect(await checkWebhook('http://93.184.215.14/hook', cloud)).toMatchObject({ permanent: true });
    expect(await checkWebhook('https://93.184.215.14/hook', cloud)).toBeNull();
  });

  it('in local mode: http to loopback too, still nothing private', async () => {
    expect(await webhookRefusal('http://127.0.0.1:9999/hook', local)).toBeNull();
    expect(addressRefusal('::1', local)).toBeNull();
    expect(await webhookRefusal('http://10.0.0.1/hook', local)).toMatch(/private/);
    expect(await webhookRefusal('ftp://127.0.0.1/hook', local)).toMatch(/https/);
  });
});

describe('a webhook POST', () => {
  it('has a hard deadline: a receiver trickling its answer cannot hold it open; an endless answer is read only so far', async () => {
    const timers: NodeJS.Timeout[] = [];
    const server = createServer((req, res) => {
      req.resume();
      if (req.url === '/trickle') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        // One byte every 50 ms, forever: never idle long enough for a socket timeout.
        timers.push(setInterval(() => res.write('.'), 50));
      } else {
        const chunk = Buffer.alloc(16 * 1024, 0x61);
        const pump = () => {
          while (!res.destroyed && res.write(chunk));
          if (!res.destroyed) res.once('drain', pump);
        };
        res.writeHead(200);
        pump();
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      const started = Date.now();
      const slow = await post(`${base}/trickle`, '{}', {}, local, 500);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(slow).toMatchObject({ ok: false, status: null });
      expect(slow.error).toMatch(/within 500 ms/);
      const endless = await post(`${base}/flood`, '{}', {}, local, 5000);
      expect(endless).toMatchObject({ ok: true, status: 200 });
    } finally {
      for (const t of timers) clearInterval(t);
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  }, 15_000);
});

describe('the small rules', () => {
  it('backoff doubles from the base up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((a) => backoffSeconds(a, 30, 3600))).toEqual([30, 60, 120, 240, 480, 960, 1920, 3600]);
  });

  it('input keys under the tenant prefix belong to their tenant and document; others to the default tenant', () => {
    const c = { tenantPrefix: 'tenants/' };
    expect(ownerOfKey(c, 'tenants/acme/doc_0abc123.pdf')).toEqual({ tenantId: 'acme', documentId: 'doc_0abc123' });
    expect(ownerOfKey(c, 'in/report.pdf')).toEqual({ tenantId: 'default', documentId: null });
    expect(ownerOfKey(c, 'tenants/acme/other/x.pdf')).toEqual({ tenantId: 'default', documentId: null });
  });

  it('failed documents bill nothing; others bill every page read', () => {
    expect(billing('failed', 4, 1, 100)).toMatchObject({ billedPages: 0, billedOcrPages: 0, pages: 4 });
    expect(billing('partial', 4, 1, 100)).toMatchObject({ billedPages: 4, billedOcrPages: 1 });
  });

  it('the monthly quota restarts on the first of next month', () => {
    expect(secondsToNextMonth(new Date('2026-12-31T23:59:00Z'))).toBe(60);
  });

  it('two bodies that mean the same hash the same', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: 'x' } })).toBe(canonicalJson({ a: { c: 'x', d: [1, { x: 1, y: 2 }] }, b: 1 }));
  });
});

describe('presigned URLs on the local S3 server', () => {
  it('are checked as S3 checks them: signature over key and Content-Length, and expiry', async () => {
    const s3 = new S3Client({
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9',
      forcePathStyle: true,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const url = new URL(
      await getSignedUrl(s3, new PutObjectCommand({ Bucket: 'b', Key: 'tenants/a/doc_1.pdf', ContentLength: 10, ContentType: 'application/pdf' }), {
        expiresIn: 60,
        signableHeaders: new Set(['content-length', 'content-type']),
      }),
    );
    const raw = url.pathname + url.search;
    const headers = (n: number) => ({ host: url.host, 'content-length': String(n), 'content-type': 'application/pdf' });
    expect(presignedRefusal('PUT', raw, headers(10), 'local')).toBeNull();
    expect(presignedRefusal('PUT', raw, headers(11), 'local')?.code).toBe('SignatureDoesNotMatch');
    expect(presignedRefusal('PUT', raw.replace('/a/', '/b/'), headers(10), 'local')?.code).toBe('SignatureDoesNotMatch');
    expect(presignedRefusal('PUT', raw, headers(10), 'another secret')?.code).toBe('SignatureDoesNotMatch');
    expect(presignedRefusal('GET', raw, headers(10), 'local')?.code).toBe('SignatureDoesNotMatch');
    expect(presignedRefusal('PUT', raw, headers(10), 'local', Date.now() + 61_000)?.code).toBe('AccessDenied');
    // Not presigned (an SDK call signs with an Authorization header): not this check's business.
    expect(presignedRefusal('PUT', '/b/k.pdf', headers(10), 'local')).toBeNull();
  });
});

describe('one list of operations', () => {
  it('the OpenAPI document, the router and the HTTP API routes name the same operations', async () => {
    const spec = JSON.parse(readFileSync(OPENAPI_URL, 'utf8')) as { paths: Record<string, Record<string, unknown>> };
    const ops = Object.entries(spec.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((k) => ['get', 'post', 'put', 'patch', 'delete'].includes(k))
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(ops.sort()).toEqual(API_ROUTES.map(([m, path]) => `${m} ${path}`).sort());
    // The router serves each of them (asks for a key: 401, never 404 or 405) and nothing else.
    const deps = depsOf(loadApiConfig({ TABLE_NAME: 'unused' }));
    const call = (method: string, path: string) =>
      handleHttp(deps, { rawPath: path, headers: {}, requestContext: { http: { method } } } as unknown as APIGatewayProxyEventV2);
    for (const [m, path] of API_ROUTES) expect((await call(m, path.replace('{id}', 'doc_1'))).statusCode, `${m} ${path}`).toBe(401);
    expect((await call('PUT', '/v1/documents')).statusCode).toBe(405);
    expect((await call('GET', '/v1/other')).statusCode).toBe(404);
  });
});

describe('npm run tenant', () => {
  it('creates, lists and revokes tenants in the table; a revoked key no longer authenticates', async () => {
    const db = await startDynamo();
    try {
      await createApiTable(db.endpoint, 'tenants-test');
      const env = {
        ...process.env,
        TABLE_NAME: 'tenants-test',
        AWS_ENDPOINT_URL_DYNAMODB: db.endpoint,
        AWS_REGION: 'us-east-1',
        NODE_NO_WARNINGS: '1',
      };
      const tenant = (...args: string[]) => run(process.execPath, ['--import', 'tsx', 'scripts/tenant.ts', ...args], { cwd: REPO_ROOT, env });
      const created = JSON.parse((await tenant('create', '--name', 'Acme', '--id', 'acme', '--pages-per-month', '500')).stdout);
      expect(created).toMatchObject({ tenantId: 'acme', name: 'Acme', pagesPerMonth: 500 });
      expect(created.apiKey).toMatch(/^rf_[A-Za-z0-9_-]{43}$/);
      expect(created.webhookSecret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
      const table = new Table({ tableName: 'tenants-test', dynamoEndpoint: db.endpoint, region: 'us-east-1' });
      // Only the hash is stored.
      const stored = await table.get<Record<string, unknown>>({ pk: 'TENANT#acme', sk: 'PROFILE' });
      expect(stored!.keyHash).toBe(hashKey(created.apiKey));
      expect(JSON.stringify(stored)).not.toContain(created.apiKey);
      expect((await authenticate(table, `Bearer ${created.apiKey}`)).tenantId).toBe('acme');
      const listed = (await tenant('list')).stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      expect(listed.map((t) => t.tenantId)).toEqual(['acme']);
      expect((await tenant('revoke', 'acme')).stdout).toContain('revoked acme');
      await expect(authenticate(table, `Bearer ${created.apiKey}`)).rejects.toMatchObject({ code: 'unauthorized' });
      await expect(tenant('create', '--name', 'Again', '--id', 'acme')).rejects.toMatchObject({ stderr: expect.stringContaining('exists already') });
    } finally {
      await db.stop();
    }
  }, 120_000);
});
