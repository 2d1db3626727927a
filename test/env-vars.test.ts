/**
 * The functions' environment has one list, functions/shared/env-vars.ts. The stack writes every variable from it,
 * the deployment settings take their defaults from it, the functions read no other name, and docs/environment.md is
 * generated from it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENV_VARS, type EnvName, type EnvVar, intVar, stringVar } from '../functions/shared/env-vars.js';
import { loadApiConfig, loadConfig } from '../functions/shared/env.js';
import { DEFAULTS, settingEnvironment } from '../infra/config.js';
import { ENV_DOC_PATH, environmentDoc } from '../scripts/docs.js';

const NAMES = Object.keys(ENV_VARS) as EnvName[];
const root = fileURLToPath(new URL('..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : [];
  });
}

describe("the functions' environment", () => {
  it('is documented as generated (run npm run docs after a change)', () => {
    expect(readFileSync(ENV_DOC_PATH, 'utf8')).toBe(environmentDoc());
  });

  it('gives every setting variable the deployment default of its setting', () => {
    for (const name of NAMES) {
      const v: EnvVar = ENV_VARS[name];
      if (v.source !== 'setting') continue;
      const [top, field] = v.setting!.split('.');
      expect(top in DEFAULTS, `${name}: setting ${top}`).toBe(true);
      if (!field && name !== 'READFLOW_OPTIONS') expect(DEFAULTS[top as keyof typeof DEFAULTS], name).toBe(v.default);
    }
  });

  it('is what the configuration reads back from the deployment defaults', () => {
    const env = {
      ...settingEnvironment(DEFAULTS),
      OUTPUT_BUCKET: 'out',
      PAGES_QUEUE_URL: 'pages',
      AGGREGATE_QUEUE_URL: 'agg',
      TABLE_NAME: 'table',
    };
    expect(env.READFLOW_OPTIONS).toBe('{}');
    expect(env.MAX_UPLOAD_BYTES).toBe(String(256 * 1024 * 1024));
    const c = loadConfig(env);
    expect(c).toMatchObject({ digitalBatchPages: 50, ocrBatchPages: 2, resultPrefix: 'results/', inputSuffix: '.pdf', options: {} });
    expect(c.api).toMatchObject({ tenantPrefix: 'tenants/', retentionDays: 30, webhookRetrySeconds: 86_400, maxBytes: 256 * 1024 * 1024 });
    // A setting changed in the deployment reaches the function.
    expect(loadConfig({ ...env, ...settingEnvironment({ ...DEFAULTS, ocrBatchPages: 4, readflowOptions: { maxBytes: 1000 } }) })).toMatchObject({
      ocrBatchPages: 4,
      options: { maxBytes: 1000 },
      api: { maxBytes: 1000 },
    });
  });

  it('reads defaults, keeps an empty prefix, and refuses a bad number', () => {
    expect(stringVar({}, 'RESULT_PREFIX')).toBe('results/');
    expect(stringVar({ INPUT_SUFFIX: '' }, 'INPUT_SUFFIX')).toBe('');
    expect(stringVar({ NOTIFY_QUEUE_URL: '' }, 'NOTIFY_QUEUE_URL')).toBeNull();
    expect(intVar({ RETENTION_DAYS: '' }, 'RETENTION_DAYS')).toBe(30);
    expect(() => intVar({ RETENTION_DAYS: '1.5' }, 'RETENTION_DAYS')).toThrow(/RETENTION_DAYS must be a positive whole number/);
    expect(() => loadApiConfig({})).toThrow(/TABLE_NAME is not set/);
    expect(loadApiConfig({ TABLE_NAME: 't', WEBHOOK_ALLOW_LOCAL: 'true' }).allowLocalWebhooks).toBe(true);
  });

  it('is the only list: functions/ and the stack name no variable outside it', () => {
    const known = new Set<string>([...NAMES, 'AWS_REGION', 'AWS_DEFAULT_REGION', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY']);
    const files = [
      ...sources(join(root, 'functions')),
      join(root, 'infra/stack.ts'),
      join(root, 'infra/config.ts'),
      join(root, 'local/pipeline.ts'),
      join(root, 'local/resources.ts'),
    ];
    const unknown: string[] = [];
    for (const f of files) {
      const text = readFileSync(f, 'utf8');
      // process.env.NAME, env.NAME, env['NAME'], and NAME: values in environment objects.
      for (const m of text.matchAll(/\b(?:process\.env|env)(?:\.([A-Z][A-Z0-9_]+)|\[['"]([A-Z][A-Z0-9_]+)['"]\])/g)) {
        const name = m[1] ?? m[2];
        if (!known.has(name) && !name.startsWith('POWERTOOLS_') && name !== 'LOG_LEVEL') unknown.push(`${f.slice(root.length)}: ${name}`);
      }
    }
    expect(unknown).toEqual([]);
  });

  it('has a meaning for every variable and names that look like variables', () => {
    for (const name of NAMES) {
      expect(name).toMatch(/^[A-Z][A-Z0-9_]+$/);
      expect(ENV_VARS[name].doc.length).toBeGreaterThan(15);
      if (ENV_VARS[name].source === 'setting') expect(ENV_VARS[name]).toHaveProperty('setting');
    }
  });
});
