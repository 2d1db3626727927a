/**
 * Checks real API answers against schema/openapi.json: the operation's response for the answer's status must exist,
 * and the body must validate against its schema (ajv, draft 2020-12, as OpenAPI 3.1 uses). Throws with the ajv
 * errors; no vitest import (the load test uses it too).
 */
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ApiResult } from '../../functions/api/client.js';

export const OPENAPI_URL = new URL('../../schema/openapi.json', import.meta.url);
const DOC_ID = 'https://readflow.dev/openapi.json';

let ajv: Ajv2020 | null = null;
let spec: {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>>;
  components: { schemas: Record<string, unknown> };
};

function load() {
  if (ajv) return;
  spec = JSON.parse(readFileSync(OPENAPI_URL, 'utf8'));
  // The OpenAPI document is added whole, so `#/components/schemas/…` references resolve inside it; strict mode is
  // off only for its non-schema keywords (openapi, paths, …).
  ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema({ ...spec, $id: DOC_ID });
}

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** Validates an answer of `method path` against the document; throws naming every mismatch. */
export function expectOpenApi(method: string, path: string, r: ApiResult<unknown>): void {
  load();
  const status = String(r.status);
  const op = spec.paths[path]?.[method];
  if (!op) throw new Error(`openapi.json has no operation ${method.toUpperCase()} ${path}`);
  const response = op.responses[status];
  if (!response) throw new Error(`openapi.json: ${method.toUpperCase()} ${path} has no ${status} response`);
  if (!response.content) return;
  const ct = r.ok ? 'application/json' : 'application/problem+json';
  if (!response.content[ct]) throw new Error(`openapi.json: ${method.toUpperCase()} ${path} ${status} has no ${ct} body`);
  const got = r.headers.get('content-type') ?? '';
  if (!got.startsWith(ct)) throw new Error(`${method.toUpperCase()} ${path} ${status}: content-type ${got}, expected ${ct}`);
  const validate = ajv!.getSchema(`${DOC_ID}#/${pointer('paths', path, method, 'responses', status, 'content', ct, 'schema')}`);
  if (!validate) throw new Error('could not compile the response schema');
  const body = r.ok ? r.body : r.problem;
  if (!validate(body))
    throw new Error(
      `${method.toUpperCase()} ${path} ${status} does not match openapi.json: ${ajv!.errorsText(validate.errors)}\n${JSON.stringify(body)}`,
    );
}
