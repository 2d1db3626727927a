/**
 * The serverless pipeline on the local S3/SQS server (LocalPipeline: splitter, page workers, aggregator and
 * dead-letter handler run as SQS consumers, exactly as Lambda would call them) gives, for a PDF dropped in the input
 * bucket, the result `extractDocument` gives in process: the same JSON byte for byte, timings and where the source
 * object lives aside, and the same Markdown and text renditions. And every finished document is announced once on
 * the notify queue.
 *
 * Each test starts and stops a pipeline of its own on a free port. Delivery faults (duplicates, crashes, dead
 * letters, bad input) are in pipeline-delivery.test.ts; volume in pipeline-load.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { badInputs, bookFixture, fixture } from '../fixtures/index.js';
import type { SourceRef } from '../functions/shared/jobs.js';
import { ENGINE_VERSION } from '../lib/constants.js';
import type { ReadflowOptions } from '../lib/options.js';
import type { LocalPipeline } from '../local/pipeline.js';
import { flowLabelsOf } from './support/labels.js';
import {
  CORPUS_DIR,
  manifestOf,
  notices,
  outputKeys,
  resultKeyOf,
  resultsOf,
  storedResult,
  textCorpus,
  waitForIdle,
  withPipeline,
} from './support/pipeline.js';
import { expectSameAsInProcess } from './support/pipeline-expect.js';
import { schemaErrors } from './support/schema.js';

/** Uploads documents at once (the bucket watcher turns each into an S3 event) and waits for all their results. */
async function run(p: LocalPipeline, docs: { key: string; bytes: Uint8Array }[], timeoutMs = 120_000): Promise<SourceRef[]> {
  const refs = await Promise.all(docs.map((d) => p.put(d.key, d.bytes)));
  await resultsOf(p, refs, timeoutMs);
  return refs;
}

/** Checks every document against extractDocument with the pipeline's options, and against the published schema. */
async function expectAllSameAsInProcess(p: LocalPipeline, refs: SourceRef[], docs: { bytes: Uint8Array }[], options: ReadflowOptions = {}) {
  for (const [i, ref] of refs.entries()) {
    const doc = await expectSameAsInProcess(p, ref, docs[i].bytes, options);
    expect(schemaErrors(doc), `${ref.key}: schema`).toEqual([]);
  }
}

describe('the pipeline gives the result extractDocument gives', () => {
  it('for furniture and footnotes, a wide table, tagged PDFs, three columns and more, two pages per batch', async () => {
    const names = [
      'chapter-furniture-5pp-random', // running heads, folios, footnotes, a hyphenated word across a page break
      'page-of-footer-3pp-random',
      'wide-table-table-interleaved',
      'tagged-correct-rows',
      'tagged-wrong-rows',
      'three-col-random',
      'three-col-partial-span-rows',
      'rtl-hebrew-two-col-left-first',
      'rotate-90-two-col-random',
      'ligatures-right-first',
    ];
    // Keys with a space, a plus and a non-ASCII letter: S3 events carry them URL-encoded.
    const docs = names.map((n, i) => ({ key: i === 0 ? `in/chapter one+notes é/${n}.pdf` : `in/${n}.pdf`, bytes: fixture(n).pdf }));
    await withPipeline({ digitalBatchPages: 2 }, async (p) => {
      const refs = await run(p, docs);
      await expectAllSameAsInProcess(p, refs, docs);
      // Multi-page fixtures really were split: the chapter's five pages in three batches.
      expect((await manifestOf(p, refs[0]))!.batches.map((b) => b.pages)).toEqual([[1, 2], [3, 4], [5]]);
    });
  }, 120_000);

  it('for a 40-page book in 14 batches of 3 pages, its flow read in order across every batch boundary', async () => {
    const f = bookFixture(40);
    await withPipeline({ digitalBatchPages: 3, workers: 3 }, async (p) => {
      const [ref] = await run(p, [{ key: 'books/book-40.pdf', bytes: f.pdf }]);
      expect((await manifestOf(p, ref))!.batches).toHaveLength(14);
      const doc = await expectSameAsInProcess(p, ref, f.pdf);
      expect(doc.status).toBe('complete');
      expect(flowLabelsOf(f, doc.text)).toEqual(f.flow);
    });
  }, 120_000);

  it('with non-default engine options (READFLOW_OPTIONS): a password, a page selection and partial spans as bands', async () => {
    const options: ReadflowOptions = { password: 'harbour', pages: '1,3', partialSpans: 'band' };
    const encrypted = badInputs().find((b) => b.name === 'encrypted')!;
    const docs = [
      { key: 'opts/encrypted.pdf', bytes: encrypted.bytes },
      { key: 'opts/three-col-partial-span.pdf', bytes: fixture('three-col-partial-span-random').pdf },
      { key: 'opts/chapter.pdf', bytes: fixture('chapter-furniture-5pp-rows').pdf },
    ];
    await withPipeline({ options, digitalBatchPages: 1 }, async (p) => {
      const refs = await run(p, docs);
      await expectAllSameAsInProcess(p, refs, docs, options);
      const enc = (await storedResult(p, refs[0])).doc;
      expect(enc.status).toBe('complete');
      expect(enc.text).toContain(encrypted.flow![0]);
      expect((await storedResult(p, refs[2])).doc.pages.map((pg) => pg.page)).toEqual([1, 3]);
      // The password opens the document but is never written into a result's options.
      expect(enc.engine.options).not.toHaveProperty('password');
    });
  }, 120_000);

  // ../shared/corpus (real and synthetic documents with known reading order) exists on the project's own machines,
  // next to the repository; a user's clone has no ../shared, so there the test is skipped.
  it.skipIf(textCorpus().length === 0)(
    `for every corpus PDF with a text layer (${CORPUS_DIR}), one page per batch`,
    async () => {
      const docs = textCorpus().map(([name, bytes]) => ({ key: `corpus/${name}.pdf`, bytes }));
      await withPipeline({ digitalBatchPages: 1 }, async (p) => {
        const refs = await run(p, docs, 240_000);
        await expectAllSameAsInProcess(p, refs, docs);
        for (const ref of refs) expect((await storedResult(p, ref)).doc.usage.ocrPages, ref.key).toBe(0);
      });
    },
    300_000,
  );
});

describe('the completion notification', () => {
  it('announces each finished document once, whatever its status, with its job id, status, source and usage', async () => {
    const broken = badInputs().find((b) => b.name === 'bad-page-tree')!;
    const notPdf = badInputs().find((b) => b.name === 'not-pdf')!;
    const docs = [
      { key: 'n/chapter.pdf', bytes: fixture('chapter-furniture-5pp-rows').pdf, status: 'complete' },
      { key: 'n/table.pdf', bytes: fixture('wide-table-rows').pdf, status: 'complete' },
      { key: 'n/bad-page-tree.pdf', bytes: broken.bytes, status: 'partial' },
      { key: 'n/not-a-pdf.pdf', bytes: notPdf.bytes, status: 'failed' },
    ];
    // One page worker: the last batch of a job is finished by one worker only, so one aggregation per job and no
    // race that could announce a document twice.
    await withPipeline({ workers: 1, digitalBatchPages: 2 }, async (p) => {
      const refs = await run(p, docs);
      // The announcement is sent after the final marker is written: wait until every handler has returned.
      await waitForIdle(p);
      const got = await notices(p);
      expect(got.map((n) => n.jobId).sort()).toEqual(refs.map((r) => p.jobId(r)).sort());
      for (const [i, ref] of refs.entries()) {
        const n = got.find((m) => m.jobId === p.jobId(ref))!;
        const { doc } = await storedResult(p, ref);
        const base = resultKeyOf(p, ref);
        expect(n).toEqual({
          type: 'readflow.result',
          jobId: p.jobId(ref),
          status: docs[i].status,
          source: { bucket: ref.bucket, key: ref.key, versionId: ref.versionId, etag: ref.etag },
          result: { bucket: p.env.OUTPUT_BUCKET, json: `${base}.json`, markdown: `${base}.md`, text: `${base}.txt` },
          usage: doc.usage,
          engineVersion: ENGINE_VERSION,
        });
        expect(await outputKeys(p, base), 'the announced objects exist').toEqual([`${base}.json`, `${base}.md`, `${base}.txt`]);
      }
      expect(await notices(p), 'nothing more announced').toEqual([]);
    });
  }, 120_000);
});
