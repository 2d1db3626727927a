/** The vitest projects' lists (test/projects.ts) name real test files, each in one project only. */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HEAVY, UNIT } from './projects.js';

const files = readdirSync(fileURLToPath(new URL('.', import.meta.url))).filter((f) => f.endsWith('.test.ts'));

describe('test projects', () => {
  it('list only test files that exist, none twice', () => {
    for (const f of [...UNIT, ...HEAVY]) expect(files, f).toContain(f);
    expect(new Set([...UNIT, ...HEAVY]).size).toBe(UNIT.length + HEAVY.length);
  });

  it('keep servers, real pipelines and OCR out of the unit project (it is the seconds-long edit loop)', () => {
    const heavyImport = /from '(\.\.\/local\/|\.\/support\/(pipeline|api|infra-package)|fauxqs|dynalite|tesseract\.js)|\.\.\/lib\/ocr\/engine/;
    const offenders = UNIT.filter((f) => heavyImport.test(readFileSync(fileURLToPath(new URL(f, import.meta.url)), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
