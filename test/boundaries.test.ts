/**
 * The import graph's rules, read from the source: `lib/` (the engine) never imports the layers built on it
 * (`functions/`, `cli/`, `infra/`, `local/`) nor the AWS SDK; `functions/` never imports `cli/`, `infra/` or `local/`;
 * and no module imports itself through a cycle (type-only imports aside: they leave no trace at run time).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const LAYERS = ['lib', 'functions', 'cli', 'infra', 'local', 'bench', 'scripts', 'fixtures', 'test'];

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'node_modules' && name !== 'out') out.push(...sources(path));
    } else if (/\.(ts|mts)$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

interface Edge {
  from: string;
  to: string;
  typeOnly: boolean;
}

/** Every import and re-export of a file: static, `import type`, and dynamic `import('…')` with a literal. */
function importsOf(file: string): { spec: string; typeOnly: boolean }[] {
  const text = readFileSync(file, 'utf8');
  const out: { spec: string; typeOnly: boolean }[] = [];
  for (const m of text.matchAll(/^\s*(import|export)\s+(type\s+)?(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)) {
    out.push({ spec: m[3], typeOnly: Boolean(m[2]) });
  }
  for (const m of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) out.push({ spec: m[1], typeOnly: false });
  return out;
}

/** A relative specifier resolved to a source file of the repository (`.js` written for `.ts`, as ESM wants). */
function resolveSpec(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec);
  for (const candidate of [base.replace(/\.js$/, '.ts'), base.replace(/\.mjs$/, '.mts'), base, `${base}.ts`, join(base, 'index.ts')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}

const files = LAYERS.flatMap((layer) => sources(join(ROOT, layer)));
const layerOf = (file: string) => relative(ROOT, file).split('/')[0];
const edges: Edge[] = [];
const packages: { from: string; spec: string }[] = [];
for (const from of files) {
  for (const { spec, typeOnly } of importsOf(from)) {
    const to = resolveSpec(from, spec);
    if (to) edges.push({ from, to, typeOnly });
    else if (!spec.startsWith('.')) packages.push({ from, spec });
  }
}

describe('import boundaries', () => {
  it('reads the import graph (a sanity check of the reader itself)', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(edges.some((e) => layerOf(e.from) === 'functions' && layerOf(e.to) === 'lib')).toBe(true);
  });

  it.each([
    ['lib', ['functions', 'cli', 'infra', 'local', 'bench', 'scripts', 'test', 'fixtures']],
    ['functions', ['cli', 'infra', 'local', 'bench', 'scripts', 'test', 'fixtures']],
    ['cli', ['functions', 'infra', 'local', 'test']],
  ])('%s imports none of %j', (layer, forbidden) => {
    const bad = edges.filter((e) => layerOf(e.from) === layer && forbidden.includes(layerOf(e.to)));
    expect(bad.map((e) => `${relative(ROOT, e.from)} -> ${relative(ROOT, e.to)}`)).toEqual([]);
  });

  it('the layout and document stages do not import the PDF adapter (lib/pdf) nor OCR', () => {
    const stage = (f: string) => /^lib\/(layout|document)\//.test(relative(ROOT, f));
    const bad = edges.filter((e) => !e.typeOnly && stage(e.from) && /^lib\/(pdf|ocr)\//.test(relative(ROOT, e.to)));
    expect(bad.map((e) => `${relative(ROOT, e.from)} -> ${relative(ROOT, e.to)}`)).toEqual([]);
  });

  it('lib imports no AWS SDK and no Lambda tooling', () => {
    const bad = packages.filter((p) => layerOf(p.from) === 'lib' && /^(@aws-sdk\/|@aws-lambda-powertools\/|aws-cdk-lib|aws-lambda)/.test(p.spec));
    expect(bad.map((p) => `${relative(ROOT, p.from)} -> ${p.spec}`)).toEqual([]);
  });

  it('lib writes nothing to the console and reads no environment variable (no I/O of its own, no hidden switches)', () => {
    const bad = files
      .filter((f) => layerOf(f) === 'lib')
      .flatMap((f) =>
        readFileSync(f, 'utf8')
          .split('\n')
          .map((line, i) => ({ f, line, i }))
          .filter(({ line }) => /\bconsole\.|\bprocess\.env\b/.test(line) && !/^\s*(\/\/|\*)/.test(line)),
      );
    expect(bad.map(({ f, i }) => `${relative(ROOT, f)}:${i + 1}`)).toEqual([]);
  });

  it('has no cycles among run-time imports', () => {
    const next = new Map<string, string[]>();
    for (const e of edges) if (!e.typeOnly) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
    const state = new Map<string, 'open' | 'done'>();
    const cycles: string[] = [];
    const visit = (f: string, path: string[]) => {
      state.set(f, 'open');
      for (const t of next.get(f) ?? []) {
        if (state.get(t) === 'open') cycles.push([...path.slice(path.indexOf(t)), t].map((p) => relative(ROOT, p)).join(' -> '));
        else if (!state.has(t)) visit(t, [...path, t]);
      }
      state.set(f, 'done');
    };
    for (const f of files) if (!state.has(f)) visit(f, [f]);
    expect(cycles).toEqual([]);
  });
});
