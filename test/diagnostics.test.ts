/**
 * The diagnostic codes have one home, lib/diagnostics.ts: the JSON Schema and the README are generated from it
 * (npm run docs). Codes emitted at run time are checked against the schema's list wherever a test validates a result.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DIAGNOSTIC_CODES, DIAGNOSTICS } from '../lib/diagnostics.js';
import { README_PATH, readmeWithTable, SCHEMA_PATH, schemaWithCodes } from '../scripts/docs.js';

describe('diagnostic codes', () => {
  it('are listed in the JSON Schema as generated from the table (run npm run docs after a change)', () => {
    const schema = readFileSync(SCHEMA_PATH, 'utf8');
    expect(schema).toBe(schemaWithCodes(schema));
  });

  it('are listed in the README as generated from the table', () => {
    const readme = readFileSync(README_PATH, 'utf8');
    expect(readme).toBe(readmeWithTable(readme));
  });

  it('each have a severity, an origin and a meaning, and look like codes', () => {
    for (const code of DIAGNOSTIC_CODES) {
      expect(code).toMatch(/^[a-z][a-z0-9-]*$/);
      expect(DIAGNOSTICS[code].severity.length).toBeGreaterThan(0);
      expect(DIAGNOSTICS[code].meaning.length).toBeGreaterThan(20);
    }
  });
});
