/** The body of POST /v1/documents, checked field by field; every problem is named with its JSON path. */
import { isReadflowError } from '../../lib/errors.js';
import { resolveOptions, type ReadflowOptions } from '../../lib/options.js';
import type { ApiConfig } from '../shared/env.js';
import { Problem } from './problems.js';
import type { SubmitRequest } from './types.js';
import { webhookRefusal } from './webhooks.js';

export const MAX_FILENAME = 255;
export const MAX_METADATA_KEYS = 20;
export const MAX_METADATA_VALUE = 512;
/** Options a request may not set: secrets stay out of the table, and paths on the server are not the caller's. */
const FORBIDDEN_OPTIONS = ['password', 'ocrDataPath', 'source'];
/** Engine options a request may set (anything else is refused with 400). */
export const API_OPTIONS = [
  'pages',
  'direction',
  'order',
  'strict',
  'partialSpans',
  'gutterSpanTolerance',
  'gutterRejectFloor',
  'minGutterWidth',
  'minFurnitureRepeats',
  'maxBytes',
  'maxPages',
  'maxRunsPerPage',
  'pageTimeoutMs',
  'ocr',
  'ocrLang',
  'ocrDpi',
] as const satisfies readonly (keyof ReadflowOptions)[];
/** Resource limits a request may lower but never raise above the deployment's (READFLOW_OPTIONS or the defaults). */
export const CAPPED_OPTIONS = [
  'maxBytes',
  'maxPages',
  'maxRunsPerPage',
  'pageTimeoutMs',
  'ocrDpi',
] as const satisfies readonly (keyof ReadflowOptions)[];

/** The options an API document is read with: the deployment's, then the request's allowed ones, limits capped. */
export function documentOptions(deployment: ReadflowOptions, requested: ReadflowOptions): ReadflowOptions {
  const own: Record<string, unknown> = {};
  for (const k of API_OPTIONS) if (requested[k] !== undefined) own[k] = requested[k];
  const limits = resolveOptions({ ...deployment, pages: undefined });
  for (const k of CAPPED_OPTIONS) if (typeof own[k] === 'number') own[k] = Math.min(own[k] as number, limits[k]);
  return { ...deployment, ...(own as ReadflowOptions) };
}
/** Idempotency-Key: printable ASCII, as long as a UUID or a little more. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function checkIdempotencyKey(key: string | undefined): string | undefined {
  if (key === undefined) return undefined;
  if (!IDEMPOTENCY_KEY.test(key)) throw new Problem('invalid-request', 'Idempotency-Key must be 1 to 255 printable ASCII characters');
  return key;
}

export async function parseSubmit(body: unknown, config: ApiConfig): Promise<SubmitRequest> {
  const errors: { path: string; message: string }[] = [];
  if (!isObject(body))
    throw new Problem('invalid-request', 'the body must be a JSON object', { errors: [{ path: '', message: 'expected an object' }] });
  const known = new Set(['filename', 'bytes', 'options', 'pages', 'metadata', 'webhook']);
  for (const k of Object.keys(body)) if (!known.has(k)) errors.push({ path: `/${k}`, message: 'unknown field' });
  const { filename, bytes, options, pages, metadata, webhook } = body;
  if (typeof filename !== 'string' || filename.length === 0 || filename.length > MAX_FILENAME || /[\u0000-\u001f\u007f/\\]/.test(filename)) {
    errors.push({ path: '/filename', message: `a file name of 1 to ${MAX_FILENAME} characters, without slashes or control characters` });
  }
  if (typeof bytes !== 'number' || !Number.isSafeInteger(bytes) || bytes < 1)
    errors.push({ path: '/bytes', message: 'the size in bytes, a whole number of at least 1' });
  if (options !== undefined && !isObject(options)) errors.push({ path: '/options', message: 'an object of engine options' });
  if (isObject(options)) {
    for (const k of Object.keys(options)) {
      if (FORBIDDEN_OPTIONS.includes(k)) errors.push({ path: `/options/${k}`, message: 'may not be set through the API' });
      else if (!(API_OPTIONS as readonly string[]).includes(k)) errors.push({ path: `/options/${k}`, message: 'unknown option' });
    }
  }
  if (pages !== undefined && (typeof pages !== 'string' || pages.length > 1000))
    errors.push({ path: '/pages', message: 'a page selection such as "1-3,7"' });
  if (metadata !== undefined) {
    if (!isObject(metadata) || Object.keys(metadata).length > MAX_METADATA_KEYS)
      errors.push({ path: '/metadata', message: `an object of at most ${MAX_METADATA_KEYS} string values` });
    else
      for (const [k, v] of Object.entries(metadata))
        if (typeof v !== 'string' || v.length > MAX_METADATA_VALUE || k.length > 100)
          errors.push({ path: `/metadata/${k}`, message: `a string of at most ${MAX_METADATA_VALUE} characters` });
  }
  if (webhook !== undefined && typeof webhook !== 'string') errors.push({ path: '/webhook', message: 'a URL' });
  let resolvedOptions: ReadflowOptions = {};
  if (errors.length === 0) {
    resolvedOptions = { ...(options as ReadflowOptions | undefined), ...(pages !== undefined ? { pages: pages as string } : {}) };
    try {
      resolveOptions(resolvedOptions);
    } catch (e) {
      if (!isReadflowError(e)) throw e;
      errors.push({ path: pages !== undefined && /page/.test(e.message) ? '/pages' : '/options', message: e.message });
    }
  }
  if (errors.length)
    throw new Problem('invalid-request', `the request has ${errors.length} problem(s): ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}`, {
      errors,
    });
  if ((bytes as number) > config.maxBytes)
    throw new Problem('too-large', `the declared size, ${bytes} bytes, is over the limit of ${config.maxBytes} bytes`);
  if (typeof webhook === 'string') {
    const why = await webhookRefusal(webhook, { allowLocal: config.allowLocalWebhooks });
    if (why) throw new Problem('invalid-webhook', `webhook ${webhook}: ${why}`);
  }
  return {
    filename: filename as string,
    bytes: bytes as number,
    ...(options !== undefined ? { options: options as ReadflowOptions } : {}),
    ...(pages !== undefined ? { pages: pages as string } : {}),
    ...(metadata !== undefined ? { metadata: metadata as Record<string, string> } : {}),
    ...(webhook !== undefined ? { webhook: webhook as string } : {}),
  };
}

/** JSON with object keys sorted, so two bodies that mean the same hash the same. */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (isObject(v))
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(v[k])}`)
      .join(',')}}`;
  return JSON.stringify(v);
}
