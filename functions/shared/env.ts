/**
 * The pipeline's configuration, read once from the environment the stack (or the local runner) sets. Every value
 * has a documented default; nothing else in functions/ reads process.env. The names, types and defaults are
 * listed once, in `env-vars.ts`.
 */
import type { ReadflowOptions } from '../../lib/options.js';
import { boolVar, intVar, requireVar, stringVar } from './env-vars.js';

export interface PipelineConfig {
  /** Bucket results, job scratch and usage records are written to. */
  outputBucket: string;
  /** Queue of page batches for the page workers. */
  pagesQueueUrl: string;
  /** Queue of "every batch of this job is done" messages for the aggregator. */
  aggregateQueueUrl: string;
  /** Optional queue announcing every final result (complete, partial or failed) to a product built on top. */
  notifyQueueUrl: string | null;
  /** Engine options applied to every document (READFLOW_OPTIONS, JSON). @default {} */
  options: ReadflowOptions;
  /** Pages per message when no page of the batch needs OCR. @default 50 */
  digitalBatchPages: number;
  /** Pages per message when pages need OCR (a page can take seconds). @default 2 */
  ocrBatchPages: number;
  /** Prefix of result objects in the output bucket. @default 'results/' */
  resultPrefix: string;
  /** Prefix of job scratch (manifests, batch results), expired by a lifecycle rule. @default 'jobs/' */
  jobPrefix: string;
  /** Prefix of usage records. @default 'usage/' */
  usagePrefix: string;
  /** Only input keys that start with this are processed. @default '' */
  inputPrefix: string;
  /** Only input keys that end with this (case-insensitive) are processed. @default '.pdf' */
  inputSuffix: string;
  /** S3/SQS endpoint for local servers (unset on AWS). */
  endpoint: string | null;
  region: string;
  /** The HTTP API's state (tenants, documents, ledger), when the deployment has one (TABLE_NAME set); else null. */
  api: ApiConfig | null;
}

/** Settings of the HTTP API and of the pipeline's tenant-aware steps (functions/api/). */
export interface ApiConfig {
  /** DynamoDB table of tenants, documents, idempotency records, ledger entries and webhook deliveries. */
  tableName: string;
  /** DynamoDB endpoint for a local server (AWS_ENDPOINT_URL_DYNAMODB; unset on AWS). */
  dynamoEndpoint: string | null;
  /** Bucket uploads go to (the pipeline's input bucket). */
  inputBucket: string;
  /** Bucket results are read from. */
  outputBucket: string;
  /** Input keys of API documents: `<tenantPrefix><tenantId>/<documentId>.pdf`. @default 'tenants/' */
  tenantPrefix: string;
  resultPrefix: string;
  jobPrefix: string;
  usagePrefix: string;
  /** Queue of webhook deliveries (WEBHOOK_QUEUE_URL; null: no webhooks are sent). */
  webhookQueueUrl: string | null;
  /** Where deliveries that kept failing for `webhookRetrySeconds` end. */
  webhookDeadLetterQueueUrl: string | null;
  /** EventBridge bus for billing events (EVENT_BUS_NAME). */
  eventBusName: string | null;
  /** Local stand-in for the bus: the same entries sent to an SQS queue (EVENTS_QUEUE_URL). */
  eventsQueueUrl: string | null;
  /** Days inputs, results and document records are kept (S3 lifecycle and DynamoDB TTL). @default 30 */
  retentionDays: number;
  /** Seconds a presigned upload URL is valid. @default 900 */
  uploadUrlSeconds: number;
  /** Seconds a presigned result URL is valid. @default 3600 */
  resultUrlSeconds: number;
  /**
   * Seconds after its upload URL expired that a never-uploaded document stops holding an in-flight slot (it is then
   * failed as `upload-expired`, billed 0, when the tenant's in-flight count is next recounted). @default 300
   */
  uploadGraceSeconds: number;
  /** Largest declared upload, bytes (the engine's maxBytes). @default 256 MiB */
  maxBytes: number;
  /** Allow http:// and loopback webhook URLs (local mode only). @default false */
  allowLocalWebhooks: boolean;
  /** First retry delay of a failed webhook delivery, seconds; doubles per attempt. @default 30 */
  webhookBackoffSeconds: number;
  /** Longest delay between two attempts, seconds. @default 3600 */
  webhookMaxBackoffSeconds: number;
  /** A delivery is retried until this many seconds after its first attempt, then dead-lettered. @default 86400 */
  webhookRetrySeconds: number;
  /** Time one delivery attempt may take, milliseconds. @default 10000 */
  webhookTimeoutMs: number;
  /** Quotas a new tenant gets unless told otherwise. @default 10000 pages a month, 100 documents in flight */
  defaultPagesPerMonth: number;
  defaultDocumentsInFlight: number;
  endpoint: string | null;
  region: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): PipelineConfig {
  let options: ReadflowOptions = {};
  if (env.READFLOW_OPTIONS) {
    try {
      options = JSON.parse(env.READFLOW_OPTIONS) as ReadflowOptions;
    } catch {
      throw new Error('READFLOW_OPTIONS is not valid JSON');
    }
  }
  return {
    outputBucket: requireVar(env, 'OUTPUT_BUCKET'),
    pagesQueueUrl: requireVar(env, 'PAGES_QUEUE_URL'),
    aggregateQueueUrl: requireVar(env, 'AGGREGATE_QUEUE_URL'),
    notifyQueueUrl: stringVar(env, 'NOTIFY_QUEUE_URL'),
    options,
    digitalBatchPages: intVar(env, 'DIGITAL_BATCH_PAGES'),
    ocrBatchPages: intVar(env, 'OCR_BATCH_PAGES'),
    resultPrefix: stringVar(env, 'RESULT_PREFIX')!,
    jobPrefix: stringVar(env, 'JOB_PREFIX')!,
    usagePrefix: stringVar(env, 'USAGE_PREFIX')!,
    inputPrefix: stringVar(env, 'INPUT_PREFIX')!,
    inputSuffix: stringVar(env, 'INPUT_SUFFIX')!,
    endpoint: stringVar(env, 'AWS_ENDPOINT_URL'),
    region: env.AWS_REGION || env.AWS_DEFAULT_REGION || 'us-east-1',
    api: env.TABLE_NAME ? loadApiConfig(env) : null,
  };
}

/** The API's configuration (the API function, the webhook sender, the tenant command, and the pipeline when TABLE_NAME is set). */
export function loadApiConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  return {
    tableName: requireVar(env, 'TABLE_NAME'),
    dynamoEndpoint: stringVar(env, 'AWS_ENDPOINT_URL_DYNAMODB'),
    inputBucket: env.INPUT_BUCKET ?? '',
    outputBucket: env.OUTPUT_BUCKET ?? '',
    tenantPrefix: stringVar(env, 'TENANT_PREFIX')!,
    resultPrefix: stringVar(env, 'RESULT_PREFIX')!,
    jobPrefix: stringVar(env, 'JOB_PREFIX')!,
    usagePrefix: stringVar(env, 'USAGE_PREFIX')!,
    webhookQueueUrl: stringVar(env, 'WEBHOOK_QUEUE_URL'),
    webhookDeadLetterQueueUrl: stringVar(env, 'WEBHOOK_DLQ_URL'),
    eventBusName: stringVar(env, 'EVENT_BUS_NAME'),
    eventsQueueUrl: stringVar(env, 'EVENTS_QUEUE_URL'),
    retentionDays: intVar(env, 'RETENTION_DAYS'),
    uploadUrlSeconds: intVar(env, 'UPLOAD_URL_SECONDS'),
    resultUrlSeconds: intVar(env, 'RESULT_URL_SECONDS'),
    uploadGraceSeconds: intVar(env, 'UPLOAD_GRACE_SECONDS'),
    maxBytes: intVar(env, 'MAX_UPLOAD_BYTES'),
    allowLocalWebhooks: boolVar(env, 'WEBHOOK_ALLOW_LOCAL'),
    webhookBackoffSeconds: intVar(env, 'WEBHOOK_BACKOFF_SECONDS'),
    webhookMaxBackoffSeconds: intVar(env, 'WEBHOOK_MAX_BACKOFF_SECONDS'),
    webhookRetrySeconds: intVar(env, 'WEBHOOK_RETRY_SECONDS'),
    webhookTimeoutMs: intVar(env, 'WEBHOOK_TIMEOUT_MS'),
    defaultPagesPerMonth: intVar(env, 'DEFAULT_PAGES_PER_MONTH'),
    defaultDocumentsInFlight: intVar(env, 'DEFAULT_DOCUMENTS_IN_FLIGHT'),
    endpoint: stringVar(env, 'AWS_ENDPOINT_URL'),
    region: env.AWS_REGION || env.AWS_DEFAULT_REGION || 'us-east-1',
  };
}

/** Options as they may be written to messages and manifests: without secrets. */
export function withoutSecrets(options: ReadflowOptions): ReadflowOptions {
  const { password: _password, ...rest } = options;
  return rest;
}

/** Options as a function uses them: the stored ones plus the secrets from its own configuration. */
export function withSecrets(options: ReadflowOptions, config: PipelineConfig): ReadflowOptions {
  return config.options.password === undefined ? options : { ...options, password: config.options.password };
}
