/** The renditions the CLI can print. */
import { renderText } from '../lib/render/text.js';
import { renderMarkdown } from '../lib/render/markdown.js';
import { renderChunks } from '../lib/render/chunks.js';
import type { DocumentResult } from '../lib/types.js';

export const FORMATS = ['text', 'json', 'md', 'chunks'] as const;
export type Format = (typeof FORMATS)[number];

export interface RenderOptions {
  /** One-line JSON (several documents on stdout are JSON Lines). */
  compact?: boolean;
  /** Target chunk size in tokens for `chunks`. */
  chunkTokens?: number;
}

export function render(doc: DocumentResult, format: Format, opts: RenderOptions = {}): string {
  switch (format) {
    case 'json':
      return JSON.stringify(doc, null, opts.compact ? undefined : 2) + '\n';
    case 'text':
      return renderText(doc);
    case 'md':
      return renderMarkdown(doc);
    case 'chunks':
      return renderChunks(doc, { targetTokens: opts.chunkTokens })
        .map((c) => JSON.stringify(c) + '\n')
        .join('');
  }
}

export function extensionOf(format: Format): string {
  return format === 'text' ? 'txt' : format === 'chunks' ? 'jsonl' : format;
}
