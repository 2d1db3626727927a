/** The renditions the CLI can print. */
import { renderText } from '../lib/render/text.js';
import type { DocumentResult } from '../lib/types.js';

export const FORMATS = ['text', 'json'] as const;
export type Format = (typeof FORMATS)[number];

/** Render a result; `compact` JSON is one line (several documents on stdout are JSON Lines). */
export function render(doc: DocumentResult, format: Format, opts: { compact?: boolean } = {}): string {
  switch (format) {
    case 'json':
      return JSON.stringify(doc, null, opts.compact ? undefined : 2) + '\n';
    case 'text':
      return renderText(doc);
  }
}
