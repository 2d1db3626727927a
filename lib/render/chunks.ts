/**
 * Retrieval chunks: the flow cut into pieces of about a target size, never running on across a section heading,
 * each with the heading path it sits under and the page boxes of its sources, so an answer can cite where it came
 * from.
 */
import type { Block, Box, DocumentResult } from '../types.js';

export interface ChunkOptions {
  /**
   * Target size of a chunk in tokens (estimated at four characters a token). Paragraphs are kept whole up to this
   * size; longer ones are cut at sentence ends.
   * @default 400
   */
  targetTokens?: number;
}

export interface Chunk {
  id: string;
  /** Headings above the chunk, outermost first. */
  headings: string[];
  text: string;
  pages: number[];
  sources: { page: number; bbox: Box }[];
  tokens: number;
}

/** Characters per token for the estimate (English-like text with common tokenizers). */
const CHARS_PER_TOKEN = 4;
export const estimateTokens = (s: string) => Math.ceil(s.length / CHARS_PER_TOKEN);

/** Pieces of a block no longer than `max` tokens, cut at sentence ends (or words, for a very long sentence). */
function pieces(b: Block, max: number): string[] {
  if (estimateTokens(b.text) <= max) return [b.text];
  const sentences = b.text.match(/[^.!?。]+(?:[.!?。]+["”’)]*\s*|$)/gu) ?? [b.text];
  const out: string[] = [];
  let cur = '';
  const push = (s: string) => {
    if (estimateTokens(cur + s) > max && cur) {
      out.push(cur.trim());
      cur = '';
    }
    cur += s;
  };
  for (const s of sentences) {
    if (estimateTokens(s) <= max) push(s);
    else for (const w of s.split(/(?<=\s)/)) push(w);
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

export function renderChunks(doc: DocumentResult, opts: ChunkOptions = {}): Chunk[] {
  const max = opts.targetTokens ?? 400;
  const chunks: Chunk[] = [];
  const path: { level: number; text: string }[] = [];
  let cur: { parts: string[]; sources: { page: number; bbox: Box }[]; headings: string[]; headingOnly: boolean } | null = null;
  const flush = () => {
    if (!cur || cur.parts.length === 0) return;
    const text = cur.parts.join('\n\n');
    const sources = cur.sources;
    chunks.push({
      id: `${doc.source.sha256.slice(0, 12)}-${chunks.length + 1}`,
      headings: cur.headings,
      text,
      pages: [...new Set(sources.map((s) => s.page))].sort((a, b) => a - b),
      sources,
      tokens: estimateTokens(text),
    });
    cur = null;
  };
  for (const b of doc.blocks) {
    if (b.kind === 'heading') {
      // A heading starts a new chunk and sets the path for what follows.
      flush();
      const level = b.level ?? 6;
      while (path.length && path[path.length - 1].level >= level) path.pop();
      path.push({ level, text: b.text.replace(/\s+/g, ' ') });
      cur = { parts: [b.text], sources: [...b.sources], headings: path.map((p) => p.text), headingOnly: true };
      continue;
    }
    for (const piece of pieces(b, max)) {
      const size = cur ? estimateTokens(cur.parts.join('\n\n')) : 0;
      // A chunk that holds only its heading always takes the first piece after it.
      if (cur && !cur.headingOnly && size + estimateTokens(piece) > max) flush();
      cur ??= { parts: [], sources: [], headings: path.map((p) => p.text), headingOnly: false };
      cur.parts.push(piece);
      cur.headingOnly = false;
      for (const s of b.sources) if (!cur.sources.some((x) => x.page === s.page && x.bbox.join() === s.bbox.join())) cur.sources.push(s);
    }
  }
  flush();
  return chunks;
}
