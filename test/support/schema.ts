/** The published JSON Schema of DocumentResult, compiled once with ajv's draft 2020-12 build. */
import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';

export const SCHEMA_URL = new URL('../../schema/document.schema.json', import.meta.url);

export function loadSchema(): Record<string, unknown> {
  return JSON.parse(readFileSync(SCHEMA_URL, 'utf8')) as Record<string, unknown>;
}

/** Strict mode: an unknown keyword or a typo in the schema is an error, not a silently ignored rule. */
export function compileSchema(schema: Record<string, unknown> = loadSchema()): ValidateFunction {
  return new Ajv2020({ strict: true, allErrors: true }).compile(schema);
}

let validator: ValidateFunction | undefined;

/** Schema errors of a value as readable lines (`/pages/0/source must be equal to one of the allowed values`); [] when valid. */
export function schemaErrors(value: unknown): string[] {
  validator ??= compileSchema();
  if (validator(value)) return [];
  return (validator.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
}
