/**
 * Writes corpus/SOURCES.md, the list of the real-document set's files with where each comes from and its licence,
 * from the folders' meta.json (run after adding or changing a document: `npx tsx scripts/corpus/sources.ts`).
 */
import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

export interface CorpusMeta {
  id: string;
  truth_quality: string;
  source: { repo: string; path: string; url_note?: string };
  licence: string;
  licence_note?: string;
  pages: string;
  layout: { kind: string; columns?: number; scanned?: boolean; tagged?: boolean; lang?: string; script?: string };
  truth_made?: string;
}

export const corpusDir = join(import.meta.dirname, '../../corpus');

/** Every document folder of the set with its meta.json. */
export function corpusMetas(dir = corpusDir): CorpusMeta[] {
  return readdirSync(dir)
    .filter((d) => existsSync(join(dir, d, 'meta.json')))
    .sort()
    .map((d) => JSON.parse(readFileSync(join(dir, d, 'meta.json'), 'utf8')) as CorpusMeta);
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();

export function sourcesMarkdown(metas: CorpusMeta[]): string {
  const lines = [
    '# Sources of the real-document set',
    '',
    "Generated from each folder's `meta.json` by `npx tsx scripts/corpus/sources.ts`; the notes there say how each",
    "licence was established and how the truth was made. `debian:PACKAGE` files come from Debian's package of that name",
    '(`apt-get download PACKAGE`), the others from the public git repository named.',
    '',
    '| id | kind | language | pages kept | source | licence |',
    '|---|---|---|---|---|---|',
  ];
  for (const m of metas) {
    const lang = [m.layout.lang, m.layout.script].filter(Boolean).join(', ');
    lines.push(
      `| ${m.id} | ${cell(m.layout.kind)}${m.layout.scanned ? ' (scan)' : ''} | ${cell(lang)} | ${cell(String(m.pages))} | ${cell(`${m.source.repo}: ${m.source.path}`)} | ${cell(m.licence)} |`,
    );
  }
  return lines.join('\n') + '\n';
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(join(corpusDir, 'SOURCES.md'), sourcesMarkdown(corpusMetas()));
  console.log(`corpus/SOURCES.md: ${corpusMetas().length} documents`);
}
