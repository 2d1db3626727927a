/**
 * Every setting of the deployment, as typed props with documented defaults, and how they are read from CDK context
 * (`cdk deploy -c architecture=x86_64 -c ocrLang=eng+deu …`, or the `context` block of cdk.json).
 */
import { DEFAULT_OPTIONS, type ReadflowOptions } from '../lib/options.js';
import { ENV_VARS, type EnvName, type EnvVar, type Environment } from '../functions/shared/env-vars.js';
import type { LambdaArch } from './bundling/runtime-assets.js';

/** The engine's own limit per page (lib/options.ts). */
const DEFAULT_PAGE_TIMEOUT_MS = DEFAULT_OPTIONS.pageTimeoutMs;

export type FunctionName = 'splitter' | 'pageWorker' | 'aggregator' | 'deadLetter' | 'reprocess' | 'api' | 'webhookSender';

/** Each function's entry file under functions/ (the stack bundles it; infra/bundling/measure.ts measures it). */
export const FUNCTION_ENTRIES: Record<FunctionName, string> = {
  splitter: 'splitter',
  pageWorker: 'page-worker',
  aggregator: 'aggregator',
  deadLetter: 'dead-letter',
  reprocess: 'reprocess',
  api: 'api',
  webhookSender: 'webhook-sender',
};

/** Size and pace of one function. */
export interface FunctionSettings {
  /** Memory in MB (CPU share grows with it: 1,769 MB is one full vCPU). */
  memoryMb: number;
  /** Timeout in seconds. The queue feeding the function keeps messages invisible for 6× this. */
  timeoutSeconds: number;
  /** Most concurrent invocations the queue's event source mapping starts (2–1000; ignored for reprocess). */
  maxConcurrency: number;
  /** Messages per invocation (ignored for reprocess). */
  batchSize: number;
}

/**
 * The defaults, from the measurements in the README's cost section (one page of OCR ≈ 4–5 s of one core at
 * 300 dpi; a digital page ≈ 6–10 ms).
 */
export const DEFAULT_FUNCTIONS: Record<FunctionName, FunctionSettings> = {
  // Opens the PDF and plans it (page count, which pages look scanned): fast, but a large file is held in memory.
  splitter: { memoryMb: 1024, timeoutSeconds: 300, maxConcurrency: 5, batchSize: 1 },
  // OCR is single-threaded CPU work: Lambda gives one full vCPU at 1,769 MB, so anything less makes every OCR
  // page slower in proportion and costs the same. 2,048 MB adds headroom for a 300 dpi page bitmap (~35 MB), its
  // PNG and the tesseract wasm heap. The timeout covers a whole OCR batch even when each of its pages runs into
  // the engine's own page timeout (2 pages × 120 s, pageTimeoutMs): then the slow page ends as a page diagnostic
  // instead of the whole batch being killed and retried (validateSettings checks this).
  pageWorker: { memoryMb: 2048, timeoutSeconds: 300, maxConcurrency: 20, batchSize: 1 },
  // The document stage over every page result of one document (no rendering, no OCR).
  aggregator: { memoryMb: 1024, timeoutSeconds: 300, maxConcurrency: 5, batchSize: 1 },
  deadLetter: { memoryMb: 512, timeoutSeconds: 60, maxConcurrency: 2, batchSize: 10 },
  // Lists the input bucket; resumable, so a run that reaches the Lambda maximum of 900 s just stops there.
  reprocess: { memoryMb: 512, timeoutSeconds: 900, maxConcurrency: 1, batchSize: 1 },
  // The HTTP API: small JSON requests and a few DynamoDB calls each; 29 s is API Gateway's integration limit, 10 s
  // is plenty (maxConcurrency and batchSize do not apply: the API stage's throttling caps the rate).
  api: { memoryMb: 512, timeoutSeconds: 10, maxConcurrency: 2, batchSize: 1 },
  // One POST per message, each bounded by webhookTimeoutMs (10 s); ten in parallel per invocation.
  webhookSender: { memoryMb: 256, timeoutSeconds: 60, maxConcurrency: 10, batchSize: 10 },
};

export interface ReadflowSettings {
  /** CPU architecture of every function (the canvas binary shipped matches it). @default 'arm64' */
  architecture: LambdaArch;
  /** Only objects whose key starts with this are read (S3 notification filter and INPUT_PREFIX). @default '' */
  inputPrefix: string;
  /** Only keys ending with this, case-insensitive (checked by the splitter; S3 filters are case-sensitive). @default '.pdf' */
  inputSuffix: string;
  /** Output bucket prefix of results (`<prefix><input key without .pdf>.json/.md/.txt`). @default 'results/' */
  resultPrefix: string;
  /** Output bucket prefix of job scratch (manifests, page batch results), expired by a lifecycle rule. @default 'jobs/' */
  jobPrefix: string;
  /** Output bucket prefix of usage records (one per job). @default 'usage/' */
  usagePrefix: string;
  /** Days job scratch is kept before the lifecycle rule deletes it. @default 7 */
  jobScratchDays: number;
  /** Days server access logs are kept. @default 90 */
  accessLogDays: number;
  /** Engine options for every document (READFLOW_OPTIONS), e.g. `{ "ocr": "auto", "ocrDpi": 300 }`. @default {} */
  readflowOptions: ReadflowOptions;
  /** OCR language(s), `+`-separated; each needs its `@tesseract.js-data/<lang>` package installed. @default 'eng' */
  ocrLang: string;
  /** Pages per page-worker message when no page needs OCR. @default 50 */
  digitalBatchPages: number;
  /** Pages per page-worker message when pages need OCR. @default 2 */
  ocrBatchPages: number;
  /** Receives before a message moves to the dead-letter queue. @default 3 */
  maxReceiveCount: number;
  /** Memory, timeout and pace per function; each field overrides DEFAULT_FUNCTIONS. @default DEFAULT_FUNCTIONS */
  functions: Partial<Record<FunctionName, Partial<FunctionSettings>>>;
  /** Run the reprocess function on a schedule. @default false */
  reprocessScheduleEnabled: boolean;
  /** EventBridge schedule expression of the reprocess run. @default 'rate(1 day)' */
  reprocessSchedule: string;
  /** Most documents one reprocess run enqueues (REPROCESS_MAX_PER_RUN). @default 1000 */
  reprocessMaxPerRun: number;
  /** A reprocess run stops enqueueing while the pages queue holds more messages than this. @default 500 */
  reprocessMaxQueueDepth: number;
  /** Alarm when the oldest message of the pages queue is older than this many seconds. @default 900 */
  pagesQueueAgeAlarmSeconds: number;
  /** SNS topic ARN the alarms notify (they are visible in CloudWatch either way). @default none */
  alarmTopicArn?: string;
  /** Log level of the functions (Powertools and Lambda's JSON logs). @default 'INFO' */
  logLevel: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
  /** CloudWatch metrics namespace (POWERTOOLS_METRICS_NAMESPACE). @default 'Readflow' */
  metricsNamespace: string;
  /** Days function logs are kept. @default 30 */
  logRetentionDays: number;
  /** `cdk destroy` deletes the buckets and everything in them (else they are retained). @default false */
  destroyData: boolean;
  /** Folder of uploads through the API, under inputPrefix (`<inputPrefix><tenantPrefix><tenant>/<document>.pdf`). @default 'tenants/' */
  tenantPrefix: string;
  /** Days API documents, their inputs and results are kept (S3 lifecycle and DynamoDB TTL). @default 30 */
  retentionDays: number;
  /** Seconds a presigned upload URL is valid. @default 900 */
  uploadUrlSeconds: number;
  /** Seconds a presigned result URL is valid. @default 3600 */
  resultUrlSeconds: number;
  /** Seconds after its upload URL expired that a never-uploaded document gives its in-flight slot back. @default 300 */
  uploadGraceSeconds: number;
  /** First webhook retry delay, seconds (doubling per attempt). @default 30 */
  webhookBackoffSeconds: number;
  /** Longest delay between two webhook attempts, seconds. @default 3600 */
  webhookMaxBackoffSeconds: number;
  /** Webhooks are retried until this many seconds after the first attempt, then dead-lettered. @default 86400 */
  webhookRetrySeconds: number;
  /** Quotas of a tenant created without explicit ones. @default 10000 pages a month, 100 documents in flight */
  defaultPagesPerMonth: number;
  defaultDocumentsInFlight: number;
  /** Steady requests per second the API stage admits (API Gateway throttling, all clients together). @default 50 */
  apiRateLimit: number;
  /** Burst of requests the API stage admits. @default 100 */
  apiBurstLimit: number;
}

export const DEFAULTS: ReadflowSettings = {
  architecture: 'arm64',
  inputPrefix: ENV_VARS.INPUT_PREFIX.default,
  inputSuffix: ENV_VARS.INPUT_SUFFIX.default,
  resultPrefix: ENV_VARS.RESULT_PREFIX.default,
  jobPrefix: ENV_VARS.JOB_PREFIX.default,
  usagePrefix: ENV_VARS.USAGE_PREFIX.default,
  jobScratchDays: 7,
  accessLogDays: 90,
  readflowOptions: {},
  ocrLang: 'eng',
  digitalBatchPages: ENV_VARS.DIGITAL_BATCH_PAGES.default,
  ocrBatchPages: ENV_VARS.OCR_BATCH_PAGES.default,
  maxReceiveCount: 3,
  functions: {},
  reprocessScheduleEnabled: false,
  reprocessSchedule: 'rate(1 day)',
  reprocessMaxPerRun: ENV_VARS.REPROCESS_MAX_PER_RUN.default,
  reprocessMaxQueueDepth: ENV_VARS.REPROCESS_MAX_QUEUE_DEPTH.default,
  pagesQueueAgeAlarmSeconds: 900,
  logLevel: 'INFO',
  metricsNamespace: ENV_VARS.POWERTOOLS_METRICS_NAMESPACE.default,
  logRetentionDays: 30,
  destroyData: false,
  tenantPrefix: ENV_VARS.TENANT_PREFIX.default,
  retentionDays: ENV_VARS.RETENTION_DAYS.default,
  uploadUrlSeconds: ENV_VARS.UPLOAD_URL_SECONDS.default,
  resultUrlSeconds: ENV_VARS.RESULT_URL_SECONDS.default,
  uploadGraceSeconds: ENV_VARS.UPLOAD_GRACE_SECONDS.default,
  webhookBackoffSeconds: ENV_VARS.WEBHOOK_BACKOFF_SECONDS.default,
  webhookMaxBackoffSeconds: ENV_VARS.WEBHOOK_MAX_BACKOFF_SECONDS.default,
  webhookRetrySeconds: ENV_VARS.WEBHOOK_RETRY_SECONDS.default,
  defaultPagesPerMonth: ENV_VARS.DEFAULT_PAGES_PER_MONTH.default,
  defaultDocumentsInFlight: ENV_VARS.DEFAULT_DOCUMENTS_IN_FLIGHT.default,
  apiRateLimit: 50,
  apiBurstLimit: 100,
};

/**
 * The value of every setting variable of the functions' environment (functions/shared/env-vars.ts), from the
 * setting it names (a dotted path for a field of an object setting) or, when that is unset, the variable's default.
 */
export function settingEnvironment(s: ReadflowSettings): Environment {
  const out: Environment = {};
  for (const name of Object.keys(ENV_VARS) as EnvName[]) {
    const v: EnvVar = ENV_VARS[name];
    if (v.source !== 'setting' || !v.setting) continue;
    const value = v.setting.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], s) ?? v.default;
    out[name] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  return out;
}

export function functionSettings(s: ReadflowSettings, name: FunctionName): FunctionSettings {
  return { ...DEFAULT_FUNCTIONS[name], ...s.functions[name] };
}

/**
 * Settings from CDK context values (strings on the command line, any JSON type in cdk.json): every key of
 * ReadflowSettings by its own name; `readflowOptions` and `functions` as JSON objects.
 */
export function settingsFromContext(get: (key: string) => unknown): Partial<ReadflowSettings> {
  const out: Record<string, unknown> = {};
  for (const [key, fallback] of Object.entries(DEFAULTS) as [keyof ReadflowSettings, unknown][]) {
    const raw = get(key);
    if (raw === undefined) continue;
    out[key] = coerce(key, raw, fallback);
  }
  const topic = get('alarmTopicArn');
  if (typeof topic === 'string' && topic) out.alarmTopicArn = topic;
  return out as Partial<ReadflowSettings>;
}

function coerce(key: string, raw: unknown, fallback: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  if (typeof fallback === 'number') {
    const n = Number(raw);
    if (!Number.isFinite(n)) throw new Error(`context ${key} must be a number (got ${raw})`);
    return n;
  }
  if (typeof fallback === 'boolean') {
    if (raw !== 'true' && raw !== 'false') throw new Error(`context ${key} must be true or false (got ${raw})`);
    return raw === 'true';
  }
  if (typeof fallback === 'object') {
    try {
      return JSON.parse(raw);
    } catch {
      throw new Error(`context ${key} must be JSON (got ${raw})`);
    }
  }
  return raw;
}

/** Checks that fail at synth rather than in a deployed function. */
export function validateSettings(s: ReadflowSettings): void {
  if (s.architecture !== 'arm64' && s.architecture !== 'x86_64') throw new Error(`architecture must be arm64 or x86_64 (got ${s.architecture})`);
  if (!/^[a-z_]{3,}(\+[a-z_]{3,})*$/i.test(s.ocrLang)) throw new Error(`ocrLang must be language codes joined by + (got ${s.ocrLang})`);
  for (const p of [s.resultPrefix, s.jobPrefix, s.usagePrefix]) {
    if (!p.endsWith('/') || p === '/') throw new Error(`output prefixes must be non-empty folders ending in / (got "${p}")`);
  }
  if (new Set([s.resultPrefix, s.jobPrefix, s.usagePrefix]).size !== 3) throw new Error('resultPrefix, jobPrefix and usagePrefix must differ');
  if (!/^([a-z0-9-]+\/)+$/.test(s.tenantPrefix))
    throw new Error(`tenantPrefix must be a folder of a-z, 0-9 and dashes ending in / (got "${s.tenantPrefix}")`);
  if (s.retentionDays < 1) throw new Error('retentionDays must be at least 1');
  if (s.uploadUrlSeconds < 60 || s.uploadUrlSeconds > 43_200)
    throw new Error('uploadUrlSeconds must be 60–43200 (a presigned URL lasts at most as long as the role session, 12 h)');
  // A page the engine gives up on (pageTimeoutMs) must end as a page diagnostic, not as a killed invocation.
  const pageTimeoutS = (s.readflowOptions.pageTimeoutMs ?? DEFAULT_PAGE_TIMEOUT_MS) / 1000;
  const worker = functionSettings(s, 'pageWorker');
  if (worker.timeoutSeconds < s.ocrBatchPages * pageTimeoutS + 30) {
    throw new Error(
      `pageWorker.timeoutSeconds (${worker.timeoutSeconds}) must cover an OCR batch whose pages all reach pageTimeoutMs: ` +
        `at least ocrBatchPages × pageTimeoutMs + 30 s = ${s.ocrBatchPages * pageTimeoutS + 30} s`,
    );
  }
  for (const name of Object.keys(DEFAULT_FUNCTIONS) as FunctionName[]) {
    const f = functionSettings(s, name);
    if (f.memoryMb < 128 || f.memoryMb > 10240) throw new Error(`${name}: memoryMb must be 128–10240`);
    if (f.timeoutSeconds < 1 || f.timeoutSeconds > 900) throw new Error(`${name}: timeoutSeconds must be 1–900`);
    if (name !== 'reprocess' && name !== 'api' && (f.maxConcurrency < 2 || f.maxConcurrency > 1000))
      throw new Error(`${name}: maxConcurrency must be 2–1000`);
    if (f.batchSize < 1 || f.batchSize > 10) throw new Error(`${name}: batchSize must be 1–10`);
  }
}
