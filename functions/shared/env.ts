/**
 * The pipeline's configuration, read once from the environment the stack (or the local runner) sets. Every value
 * has a documented default; nothing else in functions/ reads process.env.
 */
import type { ReadflowOptions } from '../../lib/options.js';

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
}

function required(env: NodeJS.ProcessEnv, name: string): string {
  const v = env[name];
  if (!v) throw new Error(`the environment variable ${name} is not set`);
  return v;
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const v = env[name];
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive whole number (got ${v})`);
  return n;
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
    outputBucket: required(env, 'OUTPUT_BUCKET'),
    pagesQueueUrl: required(env, 'PAGES_QUEUE_URL'),
    aggregateQueueUrl: required(env, 'AGGREGATE_QUEUE_URL'),
    notifyQueueUrl: env.NOTIFY_QUEUE_URL || null,
    options,
    digitalBatchPages: int(env, 'DIGITAL_BATCH_PAGES', 50),
    ocrBatchPages: int(env, 'OCR_BATCH_PAGES', 2),
    resultPrefix: env.RESULT_PREFIX ?? 'results/',
    jobPrefix: env.JOB_PREFIX ?? 'jobs/',
    usagePrefix: env.USAGE_PREFIX ?? 'usage/',
    inputPrefix: env.INPUT_PREFIX ?? '',
    inputSuffix: env.INPUT_SUFFIX ?? '.pdf',
    endpoint: env.AWS_ENDPOINT_URL || null,
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
