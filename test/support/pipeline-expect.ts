/** Assertions shared by the pipeline tests: the pipeline's stored result against the in-process one. */
import { expect } from 'vitest';
import type { SourceRef } from '../../functions/shared/jobs.js';
import type { ReadflowOptions } from '../../lib/options.js';
import { renderMarkdown } from '../../lib/render/markdown.js';
import { renderText } from '../../lib/render/text.js';
import type { DocumentResult } from '../../lib/types.js';
import type { LocalPipeline } from '../../local/pipeline.js';
import { inProcess, storedResult } from './pipeline.js';

/**
 * Asserts the stored result equals the in-process one byte for byte: the JSON as the aggregator writes it, once the
 * only fields allowed to differ (timings, and where the source object lives) are copied over from the pipeline's,
 * and the Markdown and text renditions as lib/render renders the in-process result.
 */
export async function expectSameAsInProcess(
  p: LocalPipeline,
  ref: SourceRef,
  bytes: Uint8Array,
  options: ReadflowOptions = {},
): Promise<DocumentResult> {
  const stored = await storedResult(p, ref);
  const local = await inProcess(bytes, ref.key, options);
  const { bucket, key, versionId, etag } = stored.doc.source;
  const aligned: DocumentResult = {
    ...local,
    source: { ...local.source, bucket, key, versionId, etag },
    usage: { ...local.usage, ms: stored.doc.usage.ms },
  };
  const expected = JSON.stringify(aligned, null, 2) + '\n';
  // toEqual first: on a difference it shows where (a string comparison of two large JSONs does not).
  if (stored.json !== expected) expect(stored.doc, `${ref.key}: pipeline JSON vs extractDocument`).toEqual(aligned);
  expect(stored.json, `${ref.key}: pipeline JSON bytes vs extractDocument`).toBe(expected);
  expect(stored.md, `${ref.key}: Markdown rendition`).toBe(renderMarkdown(local));
  expect(stored.txt, `${ref.key}: text rendition`).toBe(renderText(local));
  expect({ bucket, key }).toEqual({ bucket: ref.bucket, key: ref.key });
  return stored.doc;
}
