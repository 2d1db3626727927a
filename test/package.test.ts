/**
 * The Lambda packages are complete: the stack's assets are bundled as `cdk synth` bundles them, copied to a
 * read-only folder with no node_modules anywhere above it, and run there in child processes against a real local
 * S3/SQS — a digital document and a scanned one go through the packaged splitter, page worker and aggregator; the
 * dead-letter and reprocess packages run too, and so do the API's (the API function answers HTTP events against a
 * real dynalite; the webhook sender signs and POSTs to a receiver on 127.0.0.1). A missing wasm, font, language
 * file or native binary fails here.
 */
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { DeleteMessageCommand, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import type { SQSBatchResponse } from 'aws-lambda';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, labelsIn } from '../fixtures/index.js';
import { scanFixtureAsync } from '../fixtures/scans.js';
import { clients } from '../functions/shared/aws.js';
import { s3EventBody } from '../functions/shared/events.js';
import type { ReprocessReport } from '../functions/reprocess.js';
import type { FunctionName } from '../infra/config.js';
import type { DocumentResult } from '../lib/types.js';
import { startLocalAws, type LocalAws } from '../local/server.js';
import { createResources, type LocalResources } from '../local/resources.js';
import { createApiTable, startDynamo, type LocalDynamo } from '../local/dynamo.js';
import { Table } from '../functions/api/db.js';
import { createTenant } from '../functions/api/tenants.js';
import { verifyStandardWebhook, WebhookReceiver } from './support/api.js';
import {
  bundleAssets,
  folderBytes,
  folderIsWritable,
  importBundle,
  invokeBundle,
  packageArch,
  readOnlyCopy,
  relaxedSimdFlags,
  slowdown,
  sqsEvent,
  type Bundled,
} from './support/infra-package.js';

/** Per-test time limits, stretched when the packages run on an emulated Node. */
const LIMIT = (ms: number) => ms * slowdown();
const FUNCTIONS: FunctionName[] = ['splitter', 'pageWorker', 'aggregator', 'deadLetter', 'reprocess', 'api', 'webhookSender'];
const TABLE = 'readflow-package-test';
/** Messages a packaged function logs when a runtime file is missing but it carries on (pdf.js, tesseract, canvas). */
const MISSING_FILE = /Unable to load|Cannot load "@napi-rs|fetchStandardFontData|ENOENT|failed to fetch|Cannot find (module|package)/i;

let outdir: string;
let bundled: Bundled;
let copies: Record<FunctionName, { dir: string; remove(): void }>;
let aws: LocalAws;
let res: LocalResources;
let dynamo: LocalDynamo;

beforeAll(async () => {
  outdir = mkdtempSync(join(tmpdir(), 'readflow-cdk-out-'));
  // The host's architecture, so the shipped canvas binary runs here (arm64 differs only in that binary; see
  // packageArch for running the arm64 package under emulation).
  bundled = bundleAssets(outdir, packageArch());
  copies = Object.fromEntries(FUNCTIONS.map((f) => [f, readOnlyCopy(bundled.dirs[f])])) as typeof copies;
  aws = await startLocalAws();
  res = await createResources(aws.endpoint);
  dynamo = await startDynamo();
  await createApiTable(dynamo.endpoint, TABLE);
}, LIMIT(300_000));

afterAll(async () => {
  await aws?.stop();
  await dynamo?.stop();
  for (const c of Object.values(copies ?? {})) c.remove();
  if (outdir) rmSync(outdir, { recursive: true, force: true });
});

/** A function's environment as the stack sets it, with the local buckets and queues in place of AWS ones. */
function envFor(fn: FunctionName): Record<string, string> {
  const local: Record<string, string> = {
    OUTPUT_BUCKET: res.outputBucket,
    INPUT_BUCKET: res.inputBucket,
    PAGES_QUEUE_URL: res.pagesQueueUrl,
    AGGREGATE_QUEUE_URL: res.aggregateQueueUrl,
    NOTIFY_QUEUE_URL: res.notifyQueueUrl,
    INTAKE_QUEUE_URL: res.intakeQueueUrl,
    TABLE_NAME: TABLE,
    WEBHOOK_QUEUE_URL: res.webhookQueueUrl,
    WEBHOOK_DLQ_URL: res.webhookDeadLetterQueueUrl,
  };
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(bundled.env[fn])) {
    // No EventBridge here: billing events go to the local stand-in queue instead (functions/api/events.ts).
    if (k === 'EVENT_BUS_NAME') env.EVENTS_QUEUE_URL = res.eventsQueueUrl;
    else if (typeof v === 'string') env[k] = v;
    else if (local[k]) env[k] = local[k];
    else throw new Error(`${fn}: no local value for ${k}`);
  }
  // An emulated Node is slower than the engine's page timeout allows for; stretch that limit with the others.
  if (slowdown() > 1) env.READFLOW_OPTIONS = JSON.stringify({ ...JSON.parse(env.READFLOW_OPTIONS ?? '{}'), pageTimeoutMs: 120_000 * slowdown() });
  return {
    ...env,
    AWS_ENDPOINT_URL: aws.endpoint,
    AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
    WEBHOOK_ALLOW_LOCAL: 'true',
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
  };
}

async function drain(queueUrl: string): Promise<string[]> {
  const { sqs } = clients({ endpoint: aws.endpoint, region: 'us-east-1' });
  const bodies: string[] = [];
  for (;;) {
    const r = await sqs.send(new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 0 }));
    if (!r.Messages?.length) return bodies;
    for (const m of r.Messages) {
      bodies.push(m.Body!);
      await sqs.send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: m.ReceiptHandle! }));
    }
  }
}

async function invokeSqs(fn: FunctionName, bodies: string[], queue: string, nodeFlags: string[] = []) {
  const r = await invokeBundle<SQSBatchResponse>(copies[fn].dir, sqsEvent(bodies, queue), envFor(fn), { nodeFlags });
  expect(r.result, r.logs).toEqual({ batchItemFailures: [] });
  expect(r.logs).not.toMatch(MISSING_FILE);
  return r;
}

async function putInput(key: string, bytes: Uint8Array): Promise<string> {
  const { s3 } = clients({ endpoint: aws.endpoint, region: 'us-east-1' });
  await s3.send(new PutObjectCommand({ Bucket: res.inputBucket, Key: key, Body: bytes }));
  const h = await s3.send(new HeadObjectCommand({ Bucket: res.inputBucket, Key: key }));
  return s3EventBody({ bucket: res.inputBucket, key, versionId: h.VersionId ?? null, etag: h.ETag?.replace(/"/g, '') ?? null }, bytes.length);
}

async function getResult(key: string): Promise<DocumentResult> {
  const { s3 } = clients({ endpoint: aws.endpoint, region: 'us-east-1' });
  const r = await s3.send(new GetObjectCommand({ Bucket: res.outputBucket, Key: `results/${key.replace(/\.pdf$/, '')}.json` }));
  return JSON.parse(await r.Body!.transformToString()) as DocumentResult;
}

/** S3 event → packaged splitter → each page batch through the packaged page worker → packaged aggregator. */
async function throughPipeline(key: string, bytes: Uint8Array, nodeFlags: string[] = []): Promise<{ doc: DocumentResult; pageWorkerMs: number[] }> {
  await invokeSqs('splitter', [await putInput(key, bytes)], 'readflow-intake');
  const batches = await drain(res.pagesQueueUrl);
  expect(batches.length).toBeGreaterThan(0);
  const pageWorkerMs: number[] = [];
  // One message per invocation, as the deployed event source mapping delivers them (batchSize 1).
  for (const b of batches) pageWorkerMs.push((await invokeSqs('pageWorker', [b], 'readflow-pages', nodeFlags)).ms);
  const aggregate = await drain(res.aggregateQueueUrl);
  expect(aggregate.length).toBeGreaterThan(0);
  await invokeSqs('aggregator', aggregate, 'readflow-aggregate');
  return { doc: await getResult(key), pageWorkerMs };
}

describe('the bundled Lambda packages', () => {
  it('are self-contained and within Lambda limits', () => {
    for (const f of FUNCTIONS) expect(folderIsWritable(copies[f].dir), `${f} copy must be read-only`).toBe(false);
    const bytes = folderBytes(bundled.dirs.pageWorker);
    console.log(`page-worker asset (${packageArch()}): ${(bytes / 1e6).toFixed(1)} MB unzipped`);
    // Lambda's limit for the unzipped function package (with layers) is 250 MB.
    expect(bytes).toBeLessThan(250 * 1024 * 1024);
  });

  it(
    'each load from a read-only folder without node_modules',
    () => {
      // Importing runs every static import, the native canvas among them, and pdf.js' own optional require of it.
      for (const f of FUNCTIONS) expect(importBundle(copies[f].dir), f).toEqual({ handler: 'function', warnings: '' });
    },
    LIMIT(60_000),
  );

  it(
    'read a digital document end to end',
    async () => {
      const f = fixture('book-6pp-rows');
      const { doc } = await throughPipeline('books/book-6pp.pdf', f.pdf);
      expect(doc.status).toBe('complete');
      expect(doc.usage).toMatchObject({ pages: 6, ocrPages: 0 });
      expect(labelsIn(doc.text)).toEqual(f.flow);
      const notes = (await drain(res.notifyQueueUrl)).map((b) => JSON.parse(b) as { jobId: string; status: string });
      expect(notes).toEqual([expect.objectContaining({ status: 'complete' })]);
    },
    LIMIT(180_000),
  );

  it(
    'read a scanned page with OCR (tesseract worker, wasm core, language data, canvas)',
    async () => {
      const f = await scanFixtureAsync('scan-two-col');
      const { doc, pageWorkerMs } = await throughPipeline('scans/two-col.pdf', f.pdf);
      console.log(`packaged OCR page-worker invocation: ${pageWorkerMs.map((ms) => (ms / 1000).toFixed(1)).join(', ')} s (cold process)`);
      expect(doc.status).toBe('complete');
      expect(doc.usage).toMatchObject({ pages: 1, ocrPages: 1 });
      // OCR quality is lib/'s concern (test/ocr.test.ts); here it is enough that the engine read the page: a missing
      // core, language file or canvas fails the invocation outright instead of lowering the count.
      const found = labelsIn(doc.text).filter((l) => f.flow.includes(l));
      expect(found.length).toBeGreaterThan(f.flow.length / 2);
      await drain(res.notifyQueueUrl);
    },
    LIMIT(180_000),
  );

  it(
    'run OCR with the relaxed-SIMD wasm core that Node 22 (the Lambda runtime) loads',
    async () => {
      // tesseract.js picks its core by wasm feature detection: Node 22's V8 has relaxed SIMD, Node 20's does not
      // unless asked, so on Node 20 a flag makes the packaged worker load tesseract-core-relaxedsimd*.wasm as Lambda will.
      const f = await scanFixtureAsync('scan-two-col');
      const { doc } = await throughPipeline('scans/two-col-relaxed-simd.pdf', f.pdf, relaxedSimdFlags());
      expect(doc.usage).toMatchObject({ pages: 1, ocrPages: 1 });
      expect(labelsIn(doc.text).length).toBeGreaterThan(f.flow.length / 2);
      await drain(res.notifyQueueUrl);
    },
    LIMIT(180_000),
  );

  it(
    'settle a dead letter and reprocess from the packaged functions',
    async () => {
      const event = await putInput('broken/never-split.pdf', fixture('book-6pp-rows').pdf);
      await invokeSqs('deadLetter', [event], 'readflow-dead-letter');
      expect((await getResult('broken/never-split.pdf')).status).toBe('failed');
      // Every document so far has its result; the one never split has its `failed` one, so nothing is enqueued.
      const run = await invokeBundle<ReprocessReport>(copies.reprocess.dir, {}, envFor('reprocess'));
      expect(run.result).toMatchObject({ enqueued: 0, upToDate: 4, done: true });
      await drain(res.notifyQueueUrl);
    },
    LIMIT(120_000),
  );

  it(
    'serve the API and send a signed webhook from the packaged functions',
    async () => {
      const table = new Table({ tableName: TABLE, dynamoEndpoint: dynamo.endpoint, region: 'us-east-1' });
      const { tenant, apiKey } = await createTenant(table, { name: 'Packaged', pagesPerMonth: 100, documentsInFlight: 5 });
      const http = (headers: Record<string, string>, method = 'GET', path = '/v1/usage', body?: string) => ({
        version: '2.0',
        routeKey: '$default',
        rawPath: path,
        rawQueryString: '',
        headers,
        requestContext: { http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' } },
        ...(body ? { body } : {}),
        isBase64Encoded: false,
      });
      const denied = await invokeBundle<{ statusCode: number; headers: Record<string, string> }>(copies.api.dir, http({}), envFor('api'));
      expect(denied.result.statusCode, denied.logs).toBe(401);
      expect(denied.result.headers['content-type']).toBe('application/problem+json');
      const submitted = await invokeBundle<{ statusCode: number; body: string }>(
        copies.api.dir,
        http(
          { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
          'POST',
          '/v1/documents',
          JSON.stringify({ filename: 'p.pdf', bytes: 10 }),
        ),
        envFor('api'),
      );
      expect(submitted.result.statusCode, submitted.logs).toBe(201);
      expect(JSON.parse(submitted.result.body).upload.url).toContain(`/tenants/${tenant.tenantId}/`);

      const receiver = await WebhookReceiver.start();
      try {
        const msg = {
          v: 1,
          eventId: 'evt_packaged',
          tenantId: tenant.tenantId,
          documentId: 'doc_x',
          url: receiver.url,
          body: '{"type":"document.finished"}',
          attempt: 0,
          firstAttemptAt: null,
          notBefore: null,
        };
        await invokeSqs('webhookSender', [JSON.stringify(msg)], 'readflow-webhooks');
        expect(receiver.received).toHaveLength(1);
        expect(verifyStandardWebhook(tenant.webhookSecret, receiver.received[0].headers, receiver.received[0].body)).toBeNull();
      } finally {
        await receiver.stop();
      }
    },
    LIMIT(120_000),
  );
});
