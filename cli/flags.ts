/**
 * The command line's flags, in one list: the parser's table, the `--help` text, the mapping to the library's options
 * and the README's options table (`npm run docs`) are all made from it.
 */
import { FORMATS } from './render.js';
import type { ExtractOptions } from '../lib/extract.js';

export type FlagGroup = 'Output' | 'Reading' | 'Limits' | 'Other';

export interface Flag {
  name: string;
  short?: string;
  type: 'string' | 'boolean';
  /** What the value is called in the help (`--format FORMAT`). */
  arg?: string;
  group: FlagGroup;
  /** The help text, one entry per line (the README joins them). */
  help: string[];
  /** The default as the help and the README show it. */
  default?: string;
  /** The library option the flag sets, read as a whole number or as given. */
  option?: { key: keyof ExtractOptions; int?: boolean };
}

export const FLAGS = [
  {
    name: 'format',
    short: 'f',
    type: 'string',
    arg: 'FORMAT',
    group: 'Output',
    help: ['text (main flow only), json (the full DocumentResult), md (Markdown),', 'chunks (retrieval chunks with page boxes, JSON Lines)'],
    default: 'text',
  },
  { name: 'chunk-tokens', type: 'string', arg: 'N', group: 'Output', help: ['target chunk size for --format chunks, in tokens'], default: '400' },
  {
    name: 'output',
    short: 'o',
    type: 'string',
    arg: 'PATH',
    group: 'Output',
    help: ['write to PATH instead of stdout; with several files, PATH is a folder', 'and each result is written as <name>.<ext> inside it'],
  },
  {
    name: 'debug',
    type: 'string',
    arg: 'DIR',
    group: 'Output',
    help: [
      'also write the debug view to DIR: page-<n>.png per page (gutters, bands,',
      'segments in reading order, furniture, OCR lines, diagnostics drawn over',
      'the page) and index.html; with several files, one subfolder per file',
    ],
  },
  { name: 'pages', type: 'string', arg: 'RANGES', group: 'Reading', help: ['pages to read, e.g. 3-7,9'], default: 'all', option: { key: 'pages' } },
  {
    name: 'direction',
    type: 'string',
    arg: 'DIR',
    group: 'Reading',
    help: ['column order: ltr, rtl or auto (from the script)'],
    default: 'auto',
    option: { key: 'direction' },
  },
  {
    name: 'order',
    type: 'string',
    arg: 'SOURCE',
    group: 'Reading',
    help: ['auto (tags when coherent, else geometry), tags, geometry'],
    default: 'auto',
    option: { key: 'order' },
  },
  { name: 'strict', type: 'boolean', group: 'Reading', help: ['fail instead of making any conservative choice (exit 4)'], option: { key: 'strict' } },
  {
    name: 'partial-spans',
    type: 'string',
    arg: 'M',
    group: 'Reading',
    help: ['refuse (break only the columns it covers, report) or band', '(break the whole page)'],
    default: 'refuse',
    option: { key: 'partialSpans' },
  },
  { name: 'ocr', type: 'string', arg: 'MODE', group: 'Reading', help: ['auto, off or force'], default: 'auto', option: { key: 'ocr' } },
  {
    name: 'ocr-lang',
    type: 'string',
    arg: 'LANGS',
    group: 'Reading',
    help: ['tesseract languages, e.g. eng or eng+deu'],
    default: 'eng',
    option: { key: 'ocrLang' },
  },
  {
    name: 'ocr-dpi',
    type: 'string',
    arg: 'DPI',
    group: 'Reading',
    help: ["highest OCR resolution, each page's by type size"],
    default: '300',
    option: { key: 'ocrDpi', int: true },
  },
  {
    name: 'ocr-data',
    type: 'string',
    arg: 'DIR',
    group: 'Reading',
    help: ['folder with <lang>.traineddata.gz for every OCR language (needed for', 'several languages at once)'],
    default: '@tesseract.js-data/<lang>',
    option: { key: 'ocrDataPath' },
  },
  { name: 'password', type: 'string', arg: 'PW', group: 'Reading', help: ['password of an encrypted PDF'], option: { key: 'password' } },
  {
    name: 'max-bytes',
    type: 'string',
    arg: 'N',
    group: 'Limits',
    help: ['largest input in bytes'],
    default: '268435456',
    option: { key: 'maxBytes', int: true },
  },
  {
    name: 'max-pages',
    type: 'string',
    arg: 'N',
    group: 'Limits',
    help: ['most pages read per document'],
    default: '5000',
    option: { key: 'maxPages', int: true },
  },
  {
    name: 'page-timeout',
    type: 'string',
    arg: 'MS',
    group: 'Limits',
    help: ['longest time spent on one page'],
    default: '120000',
    option: { key: 'pageTimeoutMs', int: true },
  },
  { name: 'quiet', short: 'q', type: 'boolean', group: 'Other', help: ['no progress or diagnostics on stderr'] },
  { name: 'help', short: 'h', type: 'boolean', group: 'Other', help: ['this help'] },
  { name: 'version', short: 'v', type: 'boolean', group: 'Other', help: ['the engine version'] },
] as const satisfies readonly Flag[];

/** Parsed flag values, typed by the list: strings for flags with a value, booleans for the others. */
export type FlagValues = { [F in (typeof FLAGS)[number] as F['name']]?: F['type'] extends 'boolean' ? boolean : string };

const flags: readonly Flag[] = FLAGS;

/** The flag as the help and the README name it: `-f, --format FORMAT`. */
export const flagLabel = (f: Flag) => `${f.short ? `-${f.short}, ` : '    '}--${f.name}${f.arg ? ` ${f.arg}` : ''}`;

/** `node:util` parseArgs' table. */
export const parseTable = () =>
  Object.fromEntries(flags.map((f) => [f.name, { type: f.type, ...(f.short ? { short: f.short } : {}) }])) as Record<
    string,
    { type: 'string' | 'boolean'; short?: string }
  >;

const LABEL_WIDTH = 25;
const HELP_WIDTH = 76;

/** The flags part of `--help`, grouped. */
export function flagsHelp(): string {
  const out: string[] = [];
  for (const group of ['Output', 'Reading', 'Limits', 'Other'] as FlagGroup[]) {
    if (group !== 'Other') out.push(group);
    for (const f of flags.filter((x) => x.group === group)) {
      f.help.forEach((text, i) => {
        const left = i === 0 ? `  ${flagLabel(f)}` : '';
        let row = left.padEnd(LABEL_WIDTH) + text;
        if (i === f.help.length - 1 && f.default !== undefined) row = `${row.padEnd(HELP_WIDTH)} [default: ${f.default}]`;
        out.push(row.trimEnd());
      });
    }
    if (group !== 'Other') out.push('');
  }
  return out.join('\n');
}

/** The README's options table (generated by `npm run docs`). */
export function flagsTable(): string {
  const rows = flags
    .filter((f) => f.name !== 'help' && f.name !== 'version')
    .map(
      (f) =>
        `| \`${flagLabel(f).trim()}\` | ${f.help.join(' ').replace(/\|/g, '\\|').replace(/</g, '&lt;').replace(/>/g, '&gt;')} | ${f.default !== undefined ? `\`${f.default}\`` : '–'} |`,
    );
  return ['| option | meaning | default |', '|---|---|---|', ...rows].join('\n');
}

export class UsageError extends Error {}

function wholeNumber(name: string, value: string): number {
  if (!/^\d+$/.test(value)) throw new UsageError(`--${name} must be a whole number (got ${value})`);
  return Number(value);
}

/** The library options the parsed flags set. */
export function optionsOf(values: FlagValues): ExtractOptions {
  const options: Record<string, unknown> = {};
  for (const f of flags) {
    const v = (values as Record<string, string | boolean | undefined>)[f.name];
    if (!f.option || v === undefined) continue;
    options[f.option.key] = f.option.int && typeof v === 'string' ? wholeNumber(f.name, v) : v;
  }
  return options as ExtractOptions;
}

/** A whole-number flag that is not a library option (`--chunk-tokens`). */
export const intFlag = (name: string, value: string | undefined) => (value === undefined ? undefined : wholeNumber(name, value));

export { FORMATS };
