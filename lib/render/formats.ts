/**
 * The renditions of a result, in one list: the CLI's `--format`, the files the pipeline writes beside each result
 * (json, md, txt), local mode's outbox and the API's result links are all made from it.
 */
import type { DocumentResult } from '../types.js';
import { renderChunks } from './chunks.js';
import { renderMarkdown } from './markdown.js';
import { renderText } from './text.js';

export interface RenderOptions {
  /** One-line JSON (several documents on stdout are JSON Lines). */
  compact?: boolean;
  /** Target chunk size in tokens for `chunks`. */
  chunkTokens?: number;
}

export const RENDITIONS = {
  text: { ext: 'txt', contentType: 'text/plain; charset=utf-8', pipeline: true },
  json: { ext: 'json', contentType: 'application/json', pipeline: true },
  md: { ext: 'md', contentType: 'text/markdown; charset=utf-8', pipeline: true },
  chunks: { ext: 'jsonl', contentType: 'application/jsonl', pipeline: false },
} as const;

export type Format = keyof typeof RENDITIONS;
export const FORMATS = Object.keys(RENDITIONS) as Format[];
/** What the pipeline writes beside every result, in this order. */
export const PIPELINE_FORMATS = (['json', 'md', 'text'] as const).filter((f) => RENDITIONS[f].pipeline);

export function render(doc: DocumentResult, format: Format, opts: RenderOptions = {}): string {
  switch (format) {
    case 'json':
      return `${JSON.stringify(doc, null, opts.compact ? undefined : 2)}\n`;
    case 'text':
      return renderText(doc);
    case 'md':
      return renderMarkdown(doc);
    case 'chunks':
      return renderChunks(doc, { targetTokens: opts.chunkTokens })
        .map((c) => `${JSON.stringify(c)}\n`)
        .join('');
  }
}

export const extensionOf = (format: Format): string => RENDITIONS[format].ext;
