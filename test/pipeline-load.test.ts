/**
 * Volume through the local pipeline: fifty documents dropped in the input bucket at once, and one book of a
 * thousand pages. Every document completes, none is lost or finished twice, and the flow reads in order. Wall time
 * and peak memory go to the log (console.log) so CI keeps a record; they are not asserted beyond generous ceilings,
 * which catch a pipeline that stalls, not one that is a little slower.
 *
 * The RSS figures are this test process's: the local S3/SQS server, the bucket watcher and every handler (splitter,
 * two page workers, aggregator, dead-letter) share it, as they share one event loop. `npm run bench:pipeline`
 * measures the book with 1, 2 and 4 workers and with workers in child processes.
 */
import { loadavg } from 'node:os';
import { describe, expect, it } from 'vitest';
import { allFixtures, bookFixture } from '../fixtures/index.js';
import { flowLabelsOf } from './support/labels.js';
import { manifestOf, notices, outputKeys, resultsOf, RssSampler, waitForIdle, withPipeline } from './support/pipeline.js';

const load = () => loadavg()[0].toFixed(1);

describe('the pipeline under load', () => {
  it('fifty documents dropped at once all complete, none lost, none finished twice', async () => {
    const fixtures = allFixtures().slice(0, 50);
    expect(fixtures).toHaveLength(50);
    await withPipeline({ workers: 2 }, async (p) => {
      const rss = new RssSampler();
      const started = performance.now();
      const refs = await Promise.all(fixtures.map((f) => p.put(`load/${f.name}.pdf`, f.pdf)));
      const docs = await resultsOf(p, refs, 600_000);
      const wallMs = performance.now() - started;
      const peak = rss.stop();
      const pages = docs.reduce((s, d) => s + d.usage.pages, 0);
      console.log(
        `[pipeline-load] 50 documents (${pages} pages) at once, 2 in-process page workers: ${(wallMs / 1000).toFixed(1)} s wall, peak RSS ${peak} MiB (test process: server and every handler), load average ${load()}`,
      );

      for (const [i, doc] of docs.entries()) {
        const f = fixtures[i];
        expect(doc.status, f.name).toBe('complete');
        expect(doc.source.key, f.name).toBe(refs[i].key);
        if (!f.expectDiagnostics) expect(flowLabelsOf(f, doc.text), f.name).toEqual(f.flow);
      }
      await waitForIdle(p, 60_000);
      // One result set and one usage record per document: nothing lost, nothing doubled.
      expect(await outputKeys(p, 'results/')).toHaveLength(3 * 50);
      expect(await outputKeys(p, 'usage/')).toHaveLength(50);
      const announced = await notices(p);
      expect(new Set(announced.map((n) => n.jobId))).toEqual(new Set(refs.map((r) => p.jobId(r))));
      expect(announced.every((n) => n.status === 'complete')).toBe(true);
      expect(wallMs, 'fifty small documents within five minutes').toBeLessThan(300_000);
    });
  }, 660_000);

  it('a 1,000-page book completes, in order, in batches of 50', async () => {
    const f = bookFixture(1000);
    await withPipeline({ workers: 2 }, async (p) => {
      const rss = new RssSampler();
      const started = performance.now();
      const ref = await p.put('load/book-1000.pdf', f.pdf);
      const [doc] = await resultsOf(p, [ref], 600_000);
      const wallMs = performance.now() - started;
      const peak = rss.stop();
      const manifest = (await manifestOf(p, ref))!;
      console.log(
        `[pipeline-load] 1,000-page book (${(f.pdf.length / 2 ** 20).toFixed(1)} MiB), ${manifest.batches.length} batches, 2 in-process page workers: ` +
          `${(wallMs / 1000).toFixed(1)} s wall (${((1000 * 1000) / wallMs).toFixed(1)} pages/s; splitter ${(manifest.ms / 1000).toFixed(1)} s), ` +
          `peak RSS ${peak} MiB (test process: server and every handler), load average ${load()}`,
      );
      expect(doc.status).toBe('complete');
      expect(doc.usage).toMatchObject({ pages: 1000, ocrPages: 0 });
      expect(manifest.batches).toHaveLength(20);
      expect(flowLabelsOf(f, doc.text)).toEqual(f.flow);
      expect(doc.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      await waitForIdle(p, 60_000);
      expect(await outputKeys(p, 'usage/')).toHaveLength(1);
      expect(wallMs, 'a thousand pages within five minutes').toBeLessThan(300_000);
    });
  }, 660_000);
});
