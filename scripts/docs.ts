/**
 * `npm run docs`: writes what is generated from lib/diagnostics.ts, the one table of diagnostic codes: the JSON
 * Schema's list of codes (schema/document.schema.json) and the README's table (between the diagnostics markers),
 * from cli/flags.ts the README's table of command-line options, and from functions/shared/env-vars.ts the
 * functions' environment (docs/environment.md). test/diagnostics.test.ts and test/env-vars.test.ts fail when one is
 * out of date.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { flagsTable } from '../cli/flags.js';
import { DIAGNOSTIC_CODES, DIAGNOSTICS } from '../lib/diagnostics.js';
import { ENV_VARS, type EnvName, type EnvVar } from '../functions/shared/env-vars.js';

export const SCHEMA_PATH = fileURLToPath(new URL('../schema/document.schema.json', import.meta.url));
export const README_PATH = fileURLToPath(new URL('../README.md', import.meta.url));
export const START = '<!-- diagnostics:start (generated from lib/diagnostics.ts by npm run docs) -->';
export const END = '<!-- diagnostics:end -->';

/** The schema with its diagnostic codes listed. */
export function schemaWithCodes(schemaText: string): string {
  const schema = JSON.parse(schemaText) as { $defs: { diagnostic: { properties: Record<string, unknown> } } };
  schema.$defs.diagnostic.properties.code = {
    type: 'string',
    description: 'One of the codes of lib/diagnostics.ts; the README lists their severities and meanings.',
    enum: DIAGNOSTIC_CODES,
  };
  return JSON.stringify(schema, null, 2) + '\n';
}

/** The README's table of codes, markers included. */
export function diagnosticsTable(): string {
  const rows = DIAGNOSTIC_CODES.map((code) => {
    const d = DIAGNOSTICS[code];
    return `| \`${code}\` | ${d.severity.join(', ')} | ${d.from} | ${d.meaning.replace(/\|/g, '\\|')} |`;
  });
  return [START, '', '| code | severity | from | meaning |', '|---|---|---|---|', ...rows, '', END].join('\n');
}

export const FLAGS_START = '<!-- options:start (generated from cli/flags.ts by npm run docs) -->';
export const FLAGS_END = '<!-- options:end -->';

function replaceSection(text: string, start: string, end: string, body: string): string {
  const a = text.indexOf(start);
  const b = text.indexOf(end);
  if (a < 0 || b < a) throw new Error(`README.md has no ${start} … ${end} section`);
  return text.slice(0, a) + body + text.slice(b + end.length);
}

/** The README with its generated tables replaced: the diagnostic codes and the command line's options. */
export function readmeWithTable(readme: string): string {
  const withCodes = replaceSection(readme, START, END, diagnosticsTable());
  return replaceSection(withCodes, FLAGS_START, FLAGS_END, [FLAGS_START, '', flagsTable(), '', FLAGS_END].join('\n'));
}

export const ENV_DOC_PATH = fileURLToPath(new URL('../docs/environment.md', import.meta.url));

/** docs/environment.md: every variable the functions read, who sets it, its default. */
export function environmentDoc(): string {
  const rows = (Object.keys(ENV_VARS) as EnvName[]).map((name) => {
    const v: EnvVar = ENV_VARS[name];
    const from =
      v.source === 'setting'
        ? `setting \`${v.setting}\``
        : v.source === 'resource'
          ? 'the stack (a resource)'
          : v.source === 'local'
            ? 'local mode only'
            : 'nobody (operator override)';
    const dflt = v.required ? 'required' : v.default === undefined ? 'unset' : `\`${JSON.stringify(v.default)}\``;
    return `| \`${name}\` | ${v.kind} | ${dflt} | ${from} | ${v.scope} | ${v.doc.replace(/\|/g, '\\|')} |`;
  });
  return [
    "# The functions' environment",
    '',
    'Generated from `functions/shared/env-vars.ts` by `npm run docs`; do not edit. The stack sets every variable from',
    'its resource or setting (`infra/stack.ts`), the local pipeline sets the same names (`local/`), and the functions',
    'read them only through `functions/shared/env.ts`.',
    '',
    '| variable | type | default | set from | read by | meaning |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(ENV_DOC_PATH, environmentDoc());
  writeFileSync(SCHEMA_PATH, schemaWithCodes(readFileSync(SCHEMA_PATH, 'utf8')));
  writeFileSync(README_PATH, readmeWithTable(readFileSync(README_PATH, 'utf8')));
  process.stdout.write(`wrote the ${DIAGNOSTIC_CODES.length} diagnostic codes to ${SCHEMA_PATH} and ${README_PATH}\n`);
}
