/**
 * The whole pipeline on one machine: a local S3/SQS server, the stack's buckets and queues, and every handler run
 * in process by SQS consumers exactly as Lambda would call it. Used by the integration tests, the benchmark and
 * `npm run local`. S3 event notifications are delivered by a bucket watcher (the local server has none): every new
 * object version in the input bucket becomes an ObjectCreated event on the intake queue, whoever uploaded it.
 */
import { ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import type { ReadflowOptions } from '../lib/options.js';
import type { DocumentResult } from '../lib/types.js';
import { clients } from '../functions/shared/aws.js';
import { jobIdOf, keys, type SourceRef } from '../functions/shared/jobs.js';
import type { FinalMarker } from '../functions/shared/output.js';
import { getJson } from '../functions/shared/store.js';
import { s3EventBody } from '../functions/shared/events.js';
import { handler as splitter } from '../functions/splitter.js';
import { handler as pageWorker } from '../functions/page-worker.js';
import { handler as aggregator } from '../functions/aggregator.js';
import { handler as deadLetter } from '../functions/dead-letter.js';
import { handler as webhookSender } from '../functions/webhook-sender.js';
import { depsOf } from '../functions/api/router.js';
import { loadApiConfig, loadConfig } from '../functions/shared/env.js';
import { ENV_VARS, LOCAL_API_VARS, type Environment } from '../functions/shared/env-vars.js';
import { startApiServer, type LocalApi } from './api-server.js';
import { createApiTable, startDynamo, type LocalDynamo } from './dynamo.js';
import { Consumer, type SqsHandler } from './consumer.js';

/** The API's table name in local mode. */
export const LOCAL_TABLE = 'readflow-api';
import { createResources, type LocalResources } from './resources.js';
import { startLocalAws, type LocalAws } from './server.js';

export interface LocalPipelineOptions {
  /** Port of the local S3/SQS endpoint; 0 picks a free one. @default 0 */
  port?: number;
  /** Page-worker consumers running side by side. @default 2 */
  workers?: number;
  /** Start page workers in process (false: the caller runs them, e.g. in child processes). @default true */
  inProcessWorkers?: boolean;
  /** Queue visibility timeout, seconds. @default 180 */
  visibilityTimeout?: number;
  /** Receives before the dead-letter queue. @default 3 */
  maxReceiveCount?: number;
  /** Engine options for every document. @default {} */
  options?: ReadflowOptions;
  /** Pages per message for digital and for OCR pages. @default 50 and 2 */
  digitalBatchPages?: number;
  ocrBatchPages?: number;
  /** Turn new objects in the input bucket into S3 events (as the bucket notification does on AWS). @default true */
  watchBucket?: boolean;
  /** Log level of the handlers' structured logs. @default 'SILENT' */
  logLevel?: string;
  /** Also run the HTTP API: DynamoDB (dynalite), the API server on 127.0.0.1 and the webhook sender. @default off */
  api?: LocalApiOptions;
}

/** The HTTP API in local mode. Every field has the deployment's default unless set. */
export interface LocalApiOptions {
  /** Port of the API; 0 picks a free one. @default 0 */
  port?: number;
  /** Port of DynamoDB (dynalite); 0 picks a free one. @default 0 */
  dynamoPort?: number;
  /** Extra environment for the API and the pipeline (e.g. WEBHOOK_BACKOFF_SECONDS, RETENTION_DAYS). @default {} */
  env?: Environment;
}

/** An ObjectCreated event as S3 delivers it to a queue. */
export const s3Event = s3EventBody;

export class LocalPipeline {
  readonly consumers: Consumer[] = [];
  private watcher: NodeJS.Timeout | null = null;
  private seen = new Set<string>();

  /** The API, when started with `api`. */
  api: LocalApi | null = null;
  dynamo: LocalDynamo | null = null;

  private constructor(
    readonly aws: LocalAws,
    readonly resources: LocalResources,
    readonly env: Record<string, string>,
  ) {}

  get endpoint(): string {
    return this.aws.endpoint;
  }

  static async start(o: LocalPipelineOptions = {}): Promise<LocalPipeline> {
    const aws = await startLocalAws(o.port ?? 0);
    const resources = await createResources(aws.endpoint, { visibilityTimeout: o.visibilityTimeout, maxReceiveCount: o.maxReceiveCount });
    const dynamo = o.api ? await startDynamo(o.api.dynamoPort ?? 0) : null;
    const apiEnv: Environment = {};
    if (o.api && dynamo) {
      await createApiTable(dynamo.endpoint, LOCAL_TABLE);
      Object.assign(apiEnv, {
        TABLE_NAME: LOCAL_TABLE,
        AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
        WEBHOOK_QUEUE_URL: resources.webhookQueueUrl,
        WEBHOOK_DLQ_URL: resources.webhookDeadLetterQueueUrl,
        EVENTS_QUEUE_URL: resources.eventsQueueUrl,
        // Local mode: receivers on this machine (http://127.0.0.1) are allowed.
        WEBHOOK_ALLOW_LOCAL: 'true',
        ...o.api.env,
      } satisfies Environment);
    } else {
      // Variables only an API-enabled pipeline sets, cleared otherwise (tests share one process).
      for (const k of LOCAL_API_VARS) delete process.env[k];
    }
    const env: Record<string, string> = {
      ...resources.env,
      ...apiEnv,
      ...({
        READFLOW_OPTIONS: JSON.stringify(o.options ?? {}),
        DIGITAL_BATCH_PAGES: String(o.digitalBatchPages ?? ENV_VARS.DIGITAL_BATCH_PAGES.default),
        OCR_BATCH_PAGES: String(o.ocrBatchPages ?? ENV_VARS.OCR_BATCH_PAGES.default),
      } satisfies Environment),
      POWERTOOLS_LOG_LEVEL: o.logLevel ?? 'SILENT',
      LOG_LEVEL: o.logLevel ?? 'SILENT',
      POWERTOOLS_METRICS_DISABLED: 'true',
    };
    // The handlers read their configuration from the environment, as on Lambda.
    Object.assign(process.env, env);
    const p = new LocalPipeline(aws, resources, env);
    p.dynamo = dynamo;
    const consume = (name: string, queueUrl: string, handler: SqsHandler, batchSize: number) =>
      p.consumers.push(new Consumer({ name, endpoint: aws.endpoint, queueUrl, handler, batchSize }).start());
    consume('readflow-splitter', resources.intakeQueueUrl, splitter, 1);
    if (o.inProcessWorkers ?? true) {
      for (let i = 0; i < (o.workers ?? 2); i++) consume(`readflow-page-worker-${i}`, resources.pagesQueueUrl, pageWorker, 1);
    }
    consume('readflow-aggregator', resources.aggregateQueueUrl, aggregator, 1);
    consume('readflow-dead-letter', resources.deadLetterQueueUrl, deadLetter, 10);
    if (o.api) {
      consume('readflow-webhook-sender', resources.webhookQueueUrl, webhookSender, 10);
      p.api = await startApiServer(depsOf(loadApiConfig(env)), o.api.port ?? 0);
    }
    if (o.watchBucket ?? true) p.watch();
    return p;
  }

  /** Poll the input bucket and announce every new object version on the intake queue. */
  private watch(): void {
    const { s3, sqs } = clients({ endpoint: this.endpoint, region: 'us-east-1' });
    let busy = false;
    this.watcher = setInterval(async () => {
      if (busy) return;
      busy = true;
      try {
        let token: string | undefined;
        do {
          const r = await s3.send(new ListObjectsV2Command({ Bucket: this.resources.inputBucket, ContinuationToken: token }));
          for (const obj of r.Contents ?? []) {
            const etag = obj.ETag?.replace(/"/g, '') ?? null;
            const id = `${obj.Key}|${etag}`;
            if (this.seen.has(id)) continue;
            this.seen.add(id);
            const ref: SourceRef = { bucket: this.resources.inputBucket, key: obj.Key!, versionId: null, etag };
            await sqs.send(new SendMessageCommand({ QueueUrl: this.resources.intakeQueueUrl, MessageBody: s3Event(ref, obj.Size ?? 0) }));
          }
          token = r.IsTruncated ? r.NextContinuationToken : undefined;
        } while (token);
      } catch {
        // The server is stopping, or busy: the next round tries again.
      } finally {
        busy = false;
      }
    }, 250);
  }

  /** Upload a PDF to the input bucket (as any S3 client would); returns the object's reference. */
  async put(key: string, bytes: Uint8Array): Promise<SourceRef> {
    const { s3 } = clients({ endpoint: this.endpoint, region: 'us-east-1' });
    const r = await s3.send(new PutObjectCommand({ Bucket: this.resources.inputBucket, Key: key, Body: bytes, ContentType: 'application/pdf' }));
    return { bucket: this.resources.inputBucket, key, versionId: r.VersionId ?? null, etag: r.ETag?.replace(/"/g, '') ?? null };
  }

  /** Announce an object on the intake queue directly (an S3 event, delivered once more if called again). */
  async announce(ref: SourceRef, size: number): Promise<void> {
    await this.announceTo(this.resources.intakeQueueUrl, ref, size);
  }

  /** Send an object's S3 event to any queue (e.g. the dead-letter queue, as if splitting it had kept failing). */
  async announceTo(queueUrl: string, ref: SourceRef, size: number): Promise<void> {
    const { sqs } = clients({ endpoint: this.endpoint, region: 'us-east-1' });
    await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: s3Event(ref, size) }));
  }

  jobId(ref: SourceRef): string {
    return jobIdOf(ref, loadConfig(this.env).options);
  }

  /** Wait for a job's final result and return it. */
  async result(ref: SourceRef, timeoutMs = 120_000): Promise<DocumentResult> {
    const config = loadConfig(this.env);
    const { s3 } = clients(config);
    const k = keys(config, this.jobId(ref));
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      const marker = await getJson<FinalMarker>(s3, config.outputBucket, k.final);
      if (marker) {
        const doc = await getJson<DocumentResult>(s3, config.outputBucket, `${marker.resultKey}.json`);
        if (doc) return doc;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no result for ${ref.key} within ${timeoutMs} ms`);
  }

  async stop(): Promise<void> {
    if (this.watcher) clearInterval(this.watcher);
    await this.api?.stop();
    await Promise.all(this.consumers.map((c) => c.stop()));
    await this.dynamo?.stop();
    await this.aws.stop();
  }
}
