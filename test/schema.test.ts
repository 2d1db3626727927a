/**
 * The published JSON Schema (schema/document.schema.json) is what users build on: it must compile under draft
 * 2020-12 in strict mode, accept a well-formed result and reject malformed ones.
 */
import { describe, expect, it } from 'vitest';
import { compileSchema, loadSchema, schemaErrors } from './support/schema.js';

/** A small well-formed result: one page, one column segment, one paragraph block, one diagnostic. */
function minimalResult(): Record<string, unknown> {
  return {
    schemaVersion: '1.0',
    engine: { name: 'readflow', version: '0.1.0', options: {} },
    source: { name: 'a.pdf', bucket: null, key: null, versionId: null, etag: null, bytes: 1234, sha256: 'ab'.repeat(32) },
    status: 'complete',
    text: 'q0001 The harbour works',
    blocks: [{ kind: 'paragraph', text: 'q0001 The harbour works', sources: [{ page: 1, bbox: [72, 72, 300, 84] }] }],
    segments: [
      {
        kind: 'column',
        page: 1,
        band: 0,
        column: 0,
        text: 'q0001 The harbour works',
        bbox: [72, 72, 300, 84],
        lines: [{ text: 'q0001 The harbour works', bbox: [72, 72, 300, 84], baseline: 82, size: 10, bold: false }],
      },
    ],
    headers: [],
    footers: [],
    footnotes: [],
    pages: [
      {
        page: 1,
        width: 612,
        height: 792,
        rotation: 0,
        source: 'text',
        columnCount: 1,
        gutters: [],
        bands: [{ top: 72, bottom: 84, kind: 'columns', columnCount: 1 }],
        spanLines: 0,
      },
    ],
    diagnostics: [{ code: 'page-limit', severity: 'error', page: null, message: 'pages after 1 were not read' }],
    usage: { pages: 1, ocrPages: 0, ms: 12 },
  };
}

describe('the published JSON Schema', () => {
  it('compiles under draft 2020-12 in strict mode', () => {
    expect(loadSchema().$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(() => compileSchema()).not.toThrow();
  });

  it('accepts a minimal well-formed result', () => {
    expect(schemaErrors(minimalResult())).toEqual([]);
  });

  it('rejects an unknown top-level field', () => {
    const doc = { ...minimalResult(), pageCount: 1 };
    expect(schemaErrors(doc).join('\n')).toMatch(/additional properties/);
  });

  it('rejects a status outside complete, partial and failed', () => {
    const doc = { ...minimalResult(), status: 'done' };
    expect(schemaErrors(doc).join('\n')).toMatch(/^\/status /m);
  });

  it('rejects a result missing its diagnostics', () => {
    const { diagnostics: _d, ...doc } = minimalResult();
    expect(schemaErrors(doc).join('\n')).toMatch(/diagnostics/);
  });

  it('rejects a segment of an unknown kind and a box of three numbers', () => {
    const doc = minimalResult();
    const [segment] = doc.segments as Record<string, unknown>[];
    segment.kind = 'paragraph';
    segment.bbox = [72, 72, 300];
    const errors = schemaErrors(doc).join('\n');
    expect(errors).toMatch(/^\/segments\/0\/kind /m);
    expect(errors).toMatch(/^\/segments\/0\/bbox /m);
  });
});
