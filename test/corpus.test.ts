/**
 * The real-document set is well formed: every folder has its PDF (small), a truth with page markers, furniture as
 * the scorer reads it, and a meta.json naming the file's source and licence; corpus/SOURCES.md lists them all.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusDir, corpusMetas, sourcesMarkdown } from '../scripts/corpus/sources.js';

const folders = readdirSync(corpusDir)
  .filter((d) => statSync(join(corpusDir, d)).isDirectory())
  .sort();

describe('the real-document set', () => {
  it('holds at least 30 documents', () => {
    expect(folders.length).toBeGreaterThanOrEqual(30);
  });

  it.each(folders)('%s is complete and says where it comes from', (id) => {
    const dir = join(corpusDir, id);
    for (const f of ['doc.pdf', 'truth.md', 'furniture.json', 'meta.json']) expect(existsSync(join(dir, f)), f).toBe(true);
    expect(statSync(join(dir, 'doc.pdf')).size).toBeLessThan(1.5 * 2 ** 20);
    expect(readFileSync(join(dir, 'doc.pdf')).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(readFileSync(join(dir, 'truth.md'), 'utf8')).toMatch(/^<!-- page 1 -->/m);
    const furniture = JSON.parse(readFileSync(join(dir, 'furniture.json'), 'utf8'));
    for (const k of ['running_heads', 'folios', 'footnotes']) expect(Array.isArray(furniture[k] ?? []), k).toBe(true);
    const meta = JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8'));
    expect(meta.id).toBe(id);
    expect(meta.licence, 'licence').toMatch(/\S/);
    expect(meta.source?.repo, 'source repository').toMatch(/\S/);
    expect(meta.source?.path, 'source path').toMatch(/\S/);
    expect(meta.layout?.kind, 'layout kind').toMatch(/\S/);
  });

  it('is listed in corpus/SOURCES.md as scripts/corpus/sources.ts writes it', () => {
    expect(readFileSync(join(corpusDir, 'SOURCES.md'), 'utf8')).toBe(sourcesMarkdown(corpusMetas()));
  });
});
