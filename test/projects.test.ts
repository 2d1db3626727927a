/** The vitest projects' lists (test/projects.ts) name real test files, each in one project only. */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HEAVY, UNIT } from './projects.js';

const files = readdirSync(fileURLToPath(new URL('.', import.meta.url))).filter((f) => f.endsWith('.test.ts'));

describe('test projects', () => {
  it('list only test files that exist, none twice', () => {
    for (const f of [...UNIT, ...HEAVY]) expect(files, f).toContain(f);
    expect(new Set([...UNIT, ...HEAVY]).size).toBe(UNIT.length + HEAVY.length);
  });

  it('leave the integration project most of the files that start servers or read real PDFs', () => {
    // Every file not listed runs as integration; the lists are the exceptions, not the rule.
    expect(files.length - UNIT.length - HEAVY.length).toBeGreaterThan(0);
  });
});
