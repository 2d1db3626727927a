/** Plain text rendition: the main flow only (no furniture, no footnotes). */
import type { DocumentResult } from '../types.js';

export function renderText(doc: DocumentResult): string {
  return doc.text.endsWith('\n') || doc.text === '' ? doc.text : doc.text + '\n';
}
