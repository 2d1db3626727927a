/** Extraction results shared between the assertions of one test file: each fixture is read once per options. */
import type { Fixture } from '../../fixtures/index.js';
import { extractDocument, type ExtractOptions } from '../../lib/extract.js';
import type { DocumentResult } from '../../lib/types.js';

const cache = new Map<string, Promise<DocumentResult>>();

/** The result for a fixture with the given options, computed on first use. */
export function resultFor(f: Fixture, options: ExtractOptions = {}): Promise<DocumentResult> {
  const key = `${f.name} ${JSON.stringify(options)}`;
  let p = cache.get(key);
  if (!p) {
    p = extractDocument(f.pdf, options);
    cache.set(key, p);
  }
  return p;
}

/** The result as JSON with the only field allowed to vary between runs (`usage.ms`) removed. */
export function stableJson(doc: DocumentResult): string {
  const { usage, ...rest } = doc;
  const { ms: _ms, ...stableUsage } = usage;
  return JSON.stringify({ ...rest, usage: stableUsage });
}

/** Whether two closed intervals share more than a point. */
export function overlaps([a0, a1]: readonly [number, number], [b0, b1]: readonly [number, number]): boolean {
  return Math.max(a0, b0) < Math.min(a1, b1);
}
