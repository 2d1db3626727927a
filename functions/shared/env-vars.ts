/**
 * The one list of environment variables the functions read: name, type, default and meaning. The functions read
 * them through `functions/shared/env.ts`, the stack sets them from this list (`infra/stack.ts`: resources by
 * name, settings through `setting`), and the local pipeline writes the same names (`local/`). A variable is added
 * here first; the type of `Environment` then makes the stack and the local runner name it correctly.
 *
 * `source` says who sets a variable:
 * - `resource`: a bucket, queue or table the stack (or `local/resources.ts`) creates;
 * - `setting`: a deployment setting of `infra/config.ts`, named by `setting`, whose default is the one here;
 * - `local`: only the local runner sets it (local servers, local stand-ins); on AWS it stays unset;
 * - `fixed`: nobody sets it; the default holds unless an operator overrides it on the function.
 */
export type EnvKind = 'string' | 'int' | 'bool' | 'json';

export interface EnvVar {
  kind: EnvKind;
  source: 'resource' | 'setting' | 'local' | 'fixed';
  /** The `ReadflowSettings` key a `setting` variable is written from. */
  setting?: string;
  /** The configuration that reads it cannot start without it (TABLE_NAME: the API's). */
  required?: true;
  /** Used when the variable is unset (empty, for a number); none: unset means "none" (or "off"). */
  default?: string | number | boolean;
  /** Which configuration reads it: the pipeline's, the API's, or the reprocess function's. */
  scope: 'pipeline' | 'api' | 'both' | 'reprocess';
  doc: string;
}

export const ENV_VARS = {
  OUTPUT_BUCKET: {
    kind: 'string',
    source: 'resource',
    required: true,
    scope: 'both',
    doc: 'Bucket results, job scratch and usage records are written to.',
  },
  INPUT_BUCKET: { kind: 'string', source: 'resource', scope: 'both', doc: 'Bucket PDFs are dropped in and uploaded to.' },
  PAGES_QUEUE_URL: { kind: 'string', source: 'resource', required: true, scope: 'pipeline', doc: 'Queue of page batches for the page workers.' },
  AGGREGATE_QUEUE_URL: {
    kind: 'string',
    source: 'resource',
    required: true,
    scope: 'pipeline',
    doc: 'Queue of "every batch of this job is done" messages.',
  },
  NOTIFY_QUEUE_URL: { kind: 'string', source: 'resource', scope: 'pipeline', doc: 'Optional queue announcing every final result.' },
  INTAKE_QUEUE_URL: {
    kind: 'string',
    source: 'resource',
    required: true,
    scope: 'reprocess',
    doc: 'Queue the splitter reads; reprocessing enqueues into it.',
  },
  TABLE_NAME: { kind: 'string', source: 'resource', required: true, scope: 'api', doc: 'DynamoDB table of the HTTP API; unset: no API state.' },
  WEBHOOK_QUEUE_URL: { kind: 'string', source: 'resource', scope: 'api', doc: 'Queue of webhook deliveries; unset: no webhooks are sent.' },
  WEBHOOK_DLQ_URL: { kind: 'string', source: 'resource', scope: 'api', doc: 'Where webhook deliveries that kept failing end.' },
  EVENT_BUS_NAME: { kind: 'string', source: 'resource', scope: 'api', doc: 'EventBridge bus for billing events.' },
  READFLOW_OPTIONS: {
    kind: 'json',
    source: 'setting',
    setting: 'readflowOptions',
    default: '{}',
    scope: 'pipeline',
    doc: 'Engine options applied to every document (JSON).',
  },
  DIGITAL_BATCH_PAGES: {
    kind: 'int',
    source: 'setting',
    setting: 'digitalBatchPages',
    default: 50,
    scope: 'pipeline',
    doc: 'Pages per message when no page of the batch needs OCR.',
  },
  OCR_BATCH_PAGES: {
    kind: 'int',
    source: 'setting',
    setting: 'ocrBatchPages',
    default: 2,
    scope: 'pipeline',
    doc: 'Pages per message when pages need OCR.',
  },
  RESULT_PREFIX: {
    kind: 'string',
    source: 'setting',
    setting: 'resultPrefix',
    default: 'results/',
    scope: 'both',
    doc: 'Prefix of result objects in the output bucket.',
  },
  JOB_PREFIX: {
    kind: 'string',
    source: 'setting',
    setting: 'jobPrefix',
    default: 'jobs/',
    scope: 'both',
    doc: 'Prefix of job scratch, expired by a lifecycle rule.',
  },
  USAGE_PREFIX: { kind: 'string', source: 'setting', setting: 'usagePrefix', default: 'usage/', scope: 'both', doc: 'Prefix of usage records.' },
  INPUT_PREFIX: {
    kind: 'string',
    source: 'setting',
    setting: 'inputPrefix',
    default: '',
    scope: 'pipeline',
    doc: 'Only input keys that start with this are processed.',
  },
  INPUT_SUFFIX: {
    kind: 'string',
    source: 'setting',
    setting: 'inputSuffix',
    default: '.pdf',
    scope: 'pipeline',
    doc: 'Only input keys that end with this (case-insensitive) are processed.',
  },
  POWERTOOLS_METRICS_NAMESPACE: {
    kind: 'string',
    source: 'setting',
    setting: 'metricsNamespace',
    default: 'Readflow',
    scope: 'both',
    doc: 'CloudWatch metrics namespace.',
  },
  TENANT_PREFIX: {
    kind: 'string',
    source: 'setting',
    setting: 'tenantPrefix',
    default: 'tenants/',
    scope: 'api',
    doc: 'Input keys of API documents: `<prefix><tenant>/<document>.pdf` (after INPUT_PREFIX).',
  },
  RETENTION_DAYS: {
    kind: 'int',
    source: 'setting',
    setting: 'retentionDays',
    default: 30,
    scope: 'api',
    doc: 'Days inputs, results and document records are kept.',
  },
  UPLOAD_URL_SECONDS: {
    kind: 'int',
    source: 'setting',
    setting: 'uploadUrlSeconds',
    default: 900,
    scope: 'api',
    doc: 'Seconds a presigned upload URL is valid.',
  },
  RESULT_URL_SECONDS: {
    kind: 'int',
    source: 'setting',
    setting: 'resultUrlSeconds',
    default: 3600,
    scope: 'api',
    doc: 'Seconds a presigned result URL is valid.',
  },
  UPLOAD_GRACE_SECONDS: {
    kind: 'int',
    source: 'setting',
    setting: 'uploadGraceSeconds',
    default: 300,
    scope: 'api',
    doc: "Seconds past an upload URL's expiry a never-uploaded document holds its in-flight slot.",
  },
  MAX_UPLOAD_BYTES: {
    kind: 'int',
    source: 'setting',
    setting: 'readflowOptions.maxBytes',
    default: 256 * 1024 * 1024,
    scope: 'api',
    doc: "Largest declared upload, bytes (the engine's maxBytes).",
  },
  WEBHOOK_BACKOFF_SECONDS: {
    kind: 'int',
    source: 'setting',
    setting: 'webhookBackoffSeconds',
    default: 30,
    scope: 'api',
    doc: 'First retry delay of a failed webhook delivery; doubles per attempt.',
  },
  WEBHOOK_MAX_BACKOFF_SECONDS: {
    kind: 'int',
    source: 'setting',
    setting: 'webhookMaxBackoffSeconds',
    default: 3600,
    scope: 'api',
    doc: 'Longest delay between two delivery attempts.',
  },
  WEBHOOK_RETRY_SECONDS: {
    kind: 'int',
    source: 'setting',
    setting: 'webhookRetrySeconds',
    default: 86_400,
    scope: 'api',
    doc: 'A delivery is retried until this many seconds after its first attempt.',
  },
  DEFAULT_PAGES_PER_MONTH: {
    kind: 'int',
    source: 'setting',
    setting: 'defaultPagesPerMonth',
    default: 10_000,
    scope: 'api',
    doc: 'Pages a month a new tenant may submit unless told otherwise.',
  },
  DEFAULT_DOCUMENTS_IN_FLIGHT: {
    kind: 'int',
    source: 'setting',
    setting: 'defaultDocumentsInFlight',
    default: 100,
    scope: 'api',
    doc: 'Documents a new tenant may have in flight unless told otherwise.',
  },
  REPROCESS_MAX_PER_RUN: {
    kind: 'int',
    source: 'setting',
    setting: 'reprocessMaxPerRun',
    default: 1000,
    scope: 'reprocess',
    doc: 'Most documents one reprocess run enqueues.',
  },
  REPROCESS_MAX_QUEUE_DEPTH: {
    kind: 'int',
    source: 'setting',
    setting: 'reprocessMaxQueueDepth',
    default: 500,
    scope: 'reprocess',
    doc: 'Reprocessing pauses while the pages queue holds more messages than this.',
  },
  WEBHOOK_TIMEOUT_MS: {
    kind: 'int',
    source: 'fixed',
    default: 10_000,
    scope: 'api',
    doc: 'Time one webhook delivery attempt may take, milliseconds.',
  },
  AWS_ENDPOINT_URL: { kind: 'string', source: 'local', scope: 'both', doc: 'S3/SQS endpoint of the local servers.' },
  AWS_ENDPOINT_URL_DYNAMODB: { kind: 'string', source: 'local', scope: 'api', doc: 'DynamoDB endpoint of the local server.' },
  EVENTS_QUEUE_URL: {
    kind: 'string',
    source: 'local',
    scope: 'api',
    doc: 'Local stand-in for the billing bus: the same entries sent to an SQS queue.',
  },
  WEBHOOK_ALLOW_LOCAL: {
    kind: 'bool',
    source: 'local',
    default: false,
    scope: 'api',
    doc: 'Allow http:// and loopback webhook URLs (local mode only).',
  },
} as const satisfies Record<string, EnvVar>;

export type EnvName = keyof typeof ENV_VARS;
/** Values for the variables, as strings, by name: what a function's environment holds. */
export type Environment = Partial<Record<EnvName, string>>;
type NamesWhere<C> = { [K in EnvName]: (typeof ENV_VARS)[K] extends C ? K : never }[EnvName];
/** The variables a deployment fills from the resources it creates (buckets, queues, the table, the bus). */
export type ResourceName = NamesWhere<{ source: 'resource' }>;
/** The variables written from deployment settings. */
export type SettingName = NamesWhere<{ source: 'setting' }>;
/** The variables only the local runner sets, cleared when a local pipeline starts without the API. */
export const LOCAL_API_VARS = (Object.keys(ENV_VARS) as EnvName[]).filter((n) => ENV_VARS[n].scope === 'api' && ENV_VARS[n].source !== 'setting');

type IntName = NamesWhere<{ kind: 'int' }>;
type StringName = NamesWhere<{ kind: 'string' }>;

/** A string variable: its value, else its default, else null. */
export function stringVar(env: NodeJS.ProcessEnv, name: StringName): string | null {
  const v = env[name];
  if (v !== undefined && (v !== '' || 'default' in ENV_VARS[name])) return v;
  const d: EnvVar = ENV_VARS[name];
  return typeof d.default === 'string' ? d.default : null;
}

export function requireVar(env: NodeJS.ProcessEnv, name: NamesWhere<{ required: true }>): string {
  const v = env[name];
  if (!v) throw new Error(`the environment variable ${name} is not set`);
  return v;
}

/** A positive whole number, else the variable's default. */
export function intVar(env: NodeJS.ProcessEnv, name: IntName): number {
  const v = env[name];
  if (v === undefined || v === '') return ENV_VARS[name].default;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive whole number (got ${v})`);
  return n;
}

export function boolVar(env: NodeJS.ProcessEnv, name: NamesWhere<{ kind: 'bool' }>): boolean {
  const v = env[name];
  return v === undefined || v === '' ? ENV_VARS[name].default : v === 'true';
}
