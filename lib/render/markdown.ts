/**
 * Markdown rendition: headings, paragraphs, lists, captions, tables and fenced code from the document's blocks; furniture left
 * out; footnotes at the end of the document, linked from the flow by their markers where the marker can be found.
 */
import type { Block, DocumentResult, Footnote } from '../types.js';

const BULLET = /^([•◦▪▫■□●○‣⁃∙·*–—-]|█)\s+/u;
const ENUMERATOR = /^(\d{1,3}[.)]|[a-z][.)]|\(\w{1,3}\))\s+/u;

const escapeCell = (s: string) =>
  s
    .replace(/\|/g, '\\|')
    .replace(/\s*\n\s*/g, ' ')
    .trim();
/** Characters that would start Markdown syntax at the beginning of a paragraph. */
const escapeLead = (s: string) => s.replace(/^(#{1,6}\s|>\s|[-+*]\s|\d+[.)]\s)/, '\\$1');

function table(rows: string[][]): string {
  const width = Math.max(...rows.map((r) => r.length));
  if (rows.length < 2 || width < 2) return rows.map((r) => r.join(' ')).join('  \n');
  const pad = (r: string[]) => [...r, ...Array(width - r.length).fill('')].map(escapeCell);
  const lines = [`| ${pad(rows[0]).join(' | ')} |`, `|${' --- |'.repeat(width)}`];
  for (const r of rows.slice(1)) lines.push(`| ${pad(r).join(' | ')} |`);
  return lines.join('\n');
}

function block(b: Block): string {
  switch (b.kind) {
    case 'heading':
      return `${'#'.repeat(b.level ?? 2)} ${b.text.replace(/\s*\n\s*/g, ' ')}`;
    case 'list-item':
      if (BULLET.test(b.text)) return `- ${b.text.replace(BULLET, '')}`;
      if (ENUMERATOR.test(b.text)) return b.text.replace(/^\((\w{1,3})\)\s+/, '$1. ').replace(/^([a-z\d]{1,3})\)\s+/, '$1. ');
      return `- ${b.text}`;
    case 'caption':
      return `*${b.text.replace(/\*/g, '\\*')}*`;
    case 'table':
      return table(b.rows ?? [[b.text]]);
    case 'code': {
      const fence = '`'.repeat(Math.max(3, ...[...b.text.matchAll(/`+/g)].map((m) => m[0].length + 1)));
      return `${fence}\n${b.text}\n${fence}`;
    }
    default:
      return escapeLead(b.text);
  }
}

const noteLabel = (n: Footnote, i: number) => `p${n.page}-${n.marker ?? `n${i + 1}`}`.replace(/[^\w-]/g, '');

/** Link a note's marker where it stands once, right after a word, in the flow of its page. */
function linkMarkers(blocks: Block[], notes: Footnote[]): string[] {
  const rendered = blocks.map(block);
  notes.forEach((n, i) => {
    if (!n.marker) return;
    const re = new RegExp(`(?<=[\\p{L}.,;:)\\]])${n.marker.replace(/[*+?^$()[\]{}|\\]/g, '\\$&')}(?=[\\s,.;:]|$)`, 'gu');
    const candidates = blocks
      .map((b, k) => (b.kind !== 'table' && b.kind !== 'code' && b.sources.some((s) => s.page === n.page) ? k : -1))
      .filter((k) => k >= 0);
    const hits = candidates.filter((k) => (rendered[k].match(re) ?? []).length === 1);
    if (hits.length === 1) rendered[hits[0]] = rendered[hits[0]].replace(re, `[^${noteLabel(n, i)}]`);
  });
  return rendered;
}

export function renderMarkdown(doc: DocumentResult): string {
  const parts = linkMarkers(doc.blocks, doc.footnotes);
  if (doc.footnotes.length) {
    parts.push(doc.footnotes.map((n, i) => `[^${noteLabel(n, i)}]: ${n.text.replace(/\s*\n\s*/g, ' ')}`).join('\n'));
  }
  const out = parts.join('\n\n');
  return out ? out + '\n' : '';
}
