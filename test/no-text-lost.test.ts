/**
 * Nothing is lost: every letter and digit of a page's text layer ends up in the result exactly once (in the flow,
 * the running heads and feet, or the footnotes), over every generated fixture, the samples, the real documents of
 * `corpus/` and, when it is there, the shared evaluation corpus.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allFixtures } from '../fixtures/index.js';
import { extractDocument } from '../lib/extract.js';
import { censusGaps, countChars, textLayerCensus } from './support/census.js';

const root = join(import.meta.dirname, '..');

/** Real PDFs in a corpus folder (one sub-folder per document, each with doc.pdf). */
function corpusFiles(dir: string, label: string): [string, () => Uint8Array][] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((d) => existsSync(join(dir, d, 'doc.pdf')))
    .sort()
    .map((d) => [`${label}/${d}`, () => new Uint8Array(readFileSync(join(dir, d, 'doc.pdf')))]);
}

const documents: [string, () => Uint8Array][] = [
  ...allFixtures().map((f) => [`fixture ${f.name}`, () => f.pdf] as [string, () => Uint8Array]),
  ...readdirSync(join(root, 'fixtures/samples'))
    .filter((f) => f.endsWith('.pdf'))
    .map((f) => [`sample ${f}`, () => new Uint8Array(readFileSync(join(root, 'fixtures/samples', f)))] as [string, () => Uint8Array]),
  ...corpusFiles(join(root, 'corpus'), 'corpus'),
  // Not in a user's clone: there the list is simply shorter.
  ...corpusFiles(join(root, '../shared/corpus'), 'shared'),
];

describe('every letter of the text layer is in the result exactly once', () => {
  it.each(documents)('%s', async (_name, bytesOf) => {
    const bytes = bytesOf();
    const layer = await textLayerCensus(bytes);
    // OCR is not what is counted here (its pages are left out of the census): off, so no page waits on it.
    const doc = await extractDocument(bytes, { ocr: 'off' });
    expect(censusGaps(layer, doc)).toEqual([]);
    // And the flow's text holds every letter of the flow's segments: no block is dropped on the way.
    const flow = doc.segments.flatMap((s) => s.lines.map((l) => l.text)).join('\n');
    expect(Object.fromEntries(countChars(doc.text))).toEqual(Object.fromEntries(countChars(flow)));
  });
});
