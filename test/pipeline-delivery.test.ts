/**
 * The pipeline under the faults SQS and Lambda really produce: at-least-once delivery (every message twice, batches
 * out of order, aggregations racing), a page worker killed in the middle of a batch, a batch that kills its worker
 * every time until it lands in the dead-letter queue, a page that throws, and input that cannot be read. Each ends
 * in exactly one result (`complete`, `partial` or `failed`), never in a retry loop and never in a lost document.
 *
 * Page workers that must die for real run in child processes (local/worker-main.ts) and are killed with SIGKILL;
 * every S3 and SQS call goes to the pipeline's local server. Each test starts and stops a pipeline of its own.
 */
import { describe, expect, it } from 'vitest';
import { badInputs, bookFixture, fixture, labelsIn } from '../fixtures/index.js';
import { aggregate, handler as aggregator } from '../functions/aggregator.js';
import { handler as pageWorker } from '../functions/page-worker.js';
import type { AggregateMessage, BatchResult, PagesMessage } from '../functions/shared/jobs.js';
import { Consumer, type SqsHandler } from '../local/consumer.js';
import type { LocalPipeline } from '../local/pipeline.js';
import { CODE_FOR_INPUT } from './support/bad.js';
import { naiveOrders } from './support/naive.js';
import {
  configOf,
  drainQueue,
  finalOf,
  jobKeys,
  manifestOf,
  notices,
  outputJson,
  outputKeys,
  queueDepth,
  resultKeyOf,
  sendBodies,
  shuffled,
  sleep,
  startWorker,
  storedResult,
  usageOf,
  waitFor,
  waitForIdle,
  workQueueTotals,
  withPipeline,
  type WorkerProcess,
} from './support/pipeline.js';
import { expectSameAsInProcess } from './support/pipeline-expect.js';
import { schemaErrors } from './support/schema.js';

/** An in-process consumer of one of the pipeline's queues, stopped when the test's pipeline stops. */
function consume(p: LocalPipeline, defer: (c: () => unknown) => void, name: string, queueUrl: string, handler: SqsHandler): Consumer {
  const c = new Consumer({ name, endpoint: p.endpoint, queueUrl, handler, batchSize: 1 }).start();
  defer(() => c.stop());
  return c;
}

/** A child-process page worker, killed when the test's pipeline stops (if still running). */
function worker(p: LocalPipeline, defer: (c: () => unknown) => void, env: Record<string, string> = {}): WorkerProcess {
  const w = startWorker(p, env);
  defer(async () => {
    w.kill('SIGKILL');
    await w.exited;
  });
  return w;
}

/** The flow labels (main text, furniture left out) drawn on the given pages of a fixture. */
async function flowOfPages(f: { pdf: Uint8Array; flow: string[] }, pages: number[]): Promise<string[]> {
  const { byPage } = await naiveOrders(f.pdf);
  const flow = new Set(f.flow);
  return pages.flatMap((n) => byPage[n - 1].filter((l) => flow.has(l)));
}

describe('at-least-once delivery changes nothing', () => {
  it('every message twice, batches out of order, aggregations racing: one result set, one usage record, the same JSON, complete', async () => {
    const f = bookFixture(12);
    // No bucket watcher (the test announces the object itself) and no page workers until every batch is queued.
    await withPipeline({ inProcessWorkers: false, watchBucket: false, digitalBatchPages: 2 }, async (p, defer) => {
      const q = p.resources;
      const ref = await p.put('dup/book twelve.pdf', f.pdf);
      const jobId = p.jobId(ref);

      // The S3 event, delivered twice. With no page worker running, the second delivery finds the manifest and
      // queues every batch again (none has a result yet).
      await p.announce(ref, f.pdf.length);
      await p.announce(ref, f.pdf.length);
      const manifest = await waitFor('the manifest', () => manifestOf(p, ref));
      const n = manifest.batches.length;
      expect(n).toBe(6);
      await waitFor('both deliveries split', async () => {
        const [intake, pages] = await Promise.all([queueDepth(p, q.intakeQueueUrl), queueDepth(p, q.pagesQueueUrl)]);
        return intake.visible + intake.inFlight === 0 && pages.visible === 2 * n;
      });

      // Every pages message re-sent a second time (real SendMessage of the same bodies), the lot shuffled: each
      // batch now waits four times, in no particular order.
      const queued = (await drainQueue(p, q.pagesQueueUrl)).map((m) => m.Body!);
      expect(queued).toHaveLength(2 * n);
      expect(new Set(queued).size, 'both deliveries queued the same bodies').toBe(n);
      await sendBodies(p, q.pagesQueueUrl, shuffled([...queued, ...queued], 20261130));

      // Three page workers, started only now, and a second aggregator beside the pipeline's own.
      const begun: number[] = [];
      const recording: SqsHandler = async (event, context) => {
        for (const r of event.Records) begun.push((JSON.parse(r.body) as PagesMessage).batch);
        return pageWorker(event, context);
      };
      for (let i = 0; i < 3; i++) consume(p, defer, `readflow-page-worker-${i}`, q.pagesQueueUrl, recording);
      consume(p, defer, 'readflow-aggregator-2', q.aggregateQueueUrl, aggregator);

      await p.result(ref, 90_000);
      await waitForIdle(p, 90_000);
      const firstSeen = [...new Set(begun)];
      expect(firstSeen, 'batches taken up out of order').not.toEqual([...firstSeen].sort((a, b) => a - b));
      expect(begun.length, 'every copy of every batch was delivered').toBe(4 * n);
      const settled = await storedResult(p, ref);
      const settledUsage = await usageOf(p, ref);

      // Two more aggregations through the queue (one per aggregator consumer), and two more racing in process.
      const again: AggregateMessage = { v: 1, kind: 'aggregate', jobId };
      await sendBodies(p, q.aggregateQueueUrl, [JSON.stringify(again), JSON.stringify(again)]);
      await Promise.all([aggregate(jobId, configOf(p)), aggregate(jobId, configOf(p))]);
      // And the S3 event once more, after the end: the splitter finds the final marker and queues nothing.
      await p.announce(ref, f.pdf.length);
      await waitForIdle(p, 60_000);
      expect(begun.length, 'no batch queued by the late event').toBe(4 * n);

      // Exactly one result object set, one usage record, one batch result per batch, one manifest, one final marker.
      const base = resultKeyOf(p, ref);
      expect(await outputKeys(p, 'results/')).toEqual([`${base}.json`, `${base}.md`, `${base}.txt`]);
      expect(await outputKeys(p, 'usage/')).toEqual([jobKeys(p, ref).usage]);
      expect(await outputKeys(p, 'jobs/')).toEqual(
        [...manifest.batches.map((b) => jobKeys(p, ref).batch(b.index)), jobKeys(p, ref).final, jobKeys(p, ref).manifest].sort(),
      );
      // The same stored inputs give the same bytes: the racing aggregations rewrote the result and usage record identically.
      const final = await storedResult(p, ref);
      expect(final.json).toBe(settled.json);
      expect(final.md).toBe(settled.md);
      expect(final.txt).toBe(settled.txt);
      expect(await usageOf(p, ref)).toEqual(settledUsage);
      expect(settledUsage).toMatchObject({ jobId, status: 'complete', pages: 12, key: ref.key });
      expect(await finalOf(p, ref)).toEqual({ jobId, resultKey: base, status: 'complete' });
      // And they equal the in-process result.
      await expectSameAsInProcess(p, ref, f.pdf);

      // Announced at least once, and only ever for this job, complete; five aggregations at least (one or more
      // from the workers, four sent above) each announce.
      const sent = await notices(p);
      expect(sent.length).toBeGreaterThanOrEqual(5);
      expect(new Set(sent.map((m) => `${m.jobId} ${m.status} ${m.source.key}`))).toEqual(new Set([`${jobId} complete ${ref.key}`]));
      console.log(
        `[pipeline] at-least-once: ${begun.length} deliveries of ${n} page batches, ${sent.length} aggregations (completion announcements) of one document, one result`,
      );
    });
  }, 150_000);
});

describe('a page worker killed in the middle of a batch', () => {
  it('leaves the batch to come back after the visibility timeout; another worker finishes it and the document completes', async () => {
    const f = bookFixture(60);
    // Two batches of 30 pages (a second or more each in a fresh process): the kill lands long before one ends.
    await withPipeline({ inProcessWorkers: false, visibilityTimeout: 3, maxReceiveCount: 5, digitalBatchPages: 30 }, async (p, defer) => {
      const first = worker(p, defer);
      await first.ready();
      const ref = await p.put('crash/book.pdf', f.pdf);
      const begin = await first.line('begin', () => true, 60_000);
      const depth = await queueDepth(p, p.resources.pagesQueueUrl);
      expect(depth.inFlight, 'the batch is in flight (received, not deleted)').toBeGreaterThanOrEqual(1);
      first.kill('SIGKILL');
      expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
      expect(
        first.lines.some((l) => l.event === 'end'),
        'killed before the batch ended',
      ).toBe(false);
      expect(await outputJson<BatchResult>(p, jobKeys(p, ref).batch(begin.batch)), 'no result for the killed batch').toBeNull();

      const second = worker(p, defer);
      const doc = await p.result(ref, 120_000);
      expect(doc.status).toBe('complete');
      const redelivered = await second.line('begin', (l) => l.batch === begin.batch, 5_000);
      expect(redelivered.receiveCount, 'the killed batch came back, one receive later').toBeGreaterThanOrEqual(2);
      await expectSameAsInProcess(p, ref, f.pdf);
      await waitForIdle(p, 30_000);
      const stopped = await second.stop();
      expect(stopped.exit).toEqual({ code: 0, signal: null });
      console.log(
        `[pipeline] crash mid-batch: batch ${begin.batch} (pages ${begin.pages.join('-')}) redelivered with receive count ${redelivered.receiveCount}; child worker peak RSS ${Math.round(stopped.maxRssKiB! / 1024)} MiB`,
      );
    });
  }, 150_000);
});

describe('a page that cannot be read', () => {
  it.each(
    badInputs()
      .filter((b) => b.expectError === 'page-failed')
      .map((b) => [b.name, b] as const),
  )(
    '%s: the document completes as partial, the page named in an error diagnostic, the other pages read',
    async (_name, b) => {
      await withPipeline({ digitalBatchPages: 1 }, async (p) => {
        const ref = await p.put(`poison/${b.name}.pdf`, b.bytes);
        const doc = await p.result(ref, 60_000);
        expect(doc.status).toBe('partial');
        const errors = doc.diagnostics.filter((d) => d.severity === 'error' && d.page === b.badPage);
        expect(errors.length, JSON.stringify(doc.diagnostics)).toBeGreaterThan(0);
        expect(labelsIn(doc.text)).toEqual(b.flow);
        expect(schemaErrors(doc)).toEqual([]);
        await expectSameAsInProcess(p, ref, b.bytes);
        // A page diagnostic, not a retry: nothing went to the dead-letter queue.
        await waitForIdle(p, 30_000);
      });
    },
    90_000,
  );
});

describe('a batch that kills its worker every time', () => {
  it('ends in the dead-letter queue; its pages become failed-page records and the document completes as partial', async () => {
    const f = fixture('chapter-furniture-5pp-rows');
    // Batches [1,2] [3,4] [5]; batch 1 (pages 3 and 4) kills whichever worker takes it. Two receives, then the
    // dead-letter queue.
    await withPipeline({ inProcessWorkers: false, visibilityTimeout: 2, maxReceiveCount: 2, digitalBatchPages: 2 }, async (p, defer) => {
      const workers: WorkerProcess[] = [];
      let done = false;
      let finish!: () => void;
      const finished = new Promise<void>((r) => (finish = r));
      // Two workers at all times, as Lambda keeps invoking: another starts whenever one dies.
      const keep = async () => {
        while (!done && workers.length < 8) {
          const w = worker(p, defer, { READFLOW_WORKER_CRASH_ON_BATCH: '1' });
          workers.push(w);
          await Promise.race([w.exited, finished]);
        }
      };
      const keeping = Promise.all([keep(), keep()]);
      const ref = await p.put('dead/chapter.pdf', f.pdf);
      const doc = await p.result(ref, 120_000).finally(() => {
        done = true;
        finish();
      });
      await keeping;

      const killed = (await Promise.all(workers.filter((w) => !w.running).map((w) => w.exited))).filter((e) => e.signal === 'SIGKILL');
      expect(killed.length, 'workers killed by batch 1').toBe(2);
      const receives = workers.flatMap((w) => w.lines).filter((l) => l.event === 'begin' && l.batch === 1);
      expect(receives.map((l) => (l.event === 'begin' ? l.receiveCount : 0)).sort()).toEqual([1, 2]);

      expect(doc.status).toBe('partial');
      const failed = doc.diagnostics.filter((d) => d.code === 'page-batch-failed');
      expect(failed.map((d) => [d.page, d.severity])).toEqual([
        [3, 'error'],
        [4, 'error'],
      ]);
      expect(schemaErrors(doc)).toEqual([]);
      // The given-up batch is stored as failed pages, written by the dead-letter handler.
      const stored = await outputJson<BatchResult>(p, jobKeys(p, ref).batch(1));
      expect(stored!.pages.map((pg) => [pg.info.page, pg.info.failed])).toEqual([
        [3, true],
        [4, true],
      ]);
      // The other pages' text is all there; the given-up pages' is not.
      const text = new Set(labelsIn(doc.text));
      const kept = await flowOfPages(f, [1, 2, 5]);
      expect(
        kept.filter((l) => !text.has(l)),
        'labels of pages 1, 2 and 5 missing',
      ).toEqual([]);
      expect(
        (await flowOfPages(f, [3, 4])).filter((l) => text.has(l)),
        'labels of pages 3 and 4 present',
      ).toEqual([]);
      expect(await usageOf(p, ref)).toMatchObject({ status: 'partial', pages: 5 });

      await waitForIdle(p, 30_000);
      const n = await notices(p);
      expect(n.map((m) => [m.jobId, m.status])).toEqual([[p.jobId(ref), 'partial']]);
    });
  }, 150_000);
});

describe('input that cannot be read', () => {
  const refused = badInputs().filter((b) => b.expectError !== 'page-failed');

  it(`ends at once as a failed result with a diagnostic, no retry: ${refused.map((b) => b.name).join(', ')}`, async () => {
    await withPipeline({ visibilityTimeout: 2, maxReceiveCount: 2 }, async (p) => {
      const refs = await Promise.all(refused.map((b) => p.put(`bad/${b.name}.pdf`, b.bytes)));
      for (const [i, ref] of refs.entries()) {
        const b = refused[i];
        const doc = await p.result(ref, 60_000);
        expect(doc.status, b.name).toBe('failed');
        expect(
          doc.diagnostics.map((d) => [d.code, d.severity, d.page]),
          b.name,
        ).toEqual([[CODE_FOR_INPUT[b.name], 'error', null]]);
        expect(doc.source).toMatchObject({ key: ref.key, bytes: b.bytes.length });
        expect(schemaErrors(doc), b.name).toEqual([]);
        // Refused by the splitter: no manifest, no batch, just the final marker.
        expect(await outputKeys(p, `jobs/${p.jobId(ref)}/`), b.name).toEqual([jobKeys(p, ref).final]);
        expect(await usageOf(p, ref), b.name).toMatchObject({ status: 'failed', pages: 0 });
      }
      // The intake queue empties (each event handled once, its message deleted) and stays empty past the 2 s
      // visibility timeout: nothing comes back to be retried, nothing reaches the dead-letter queue.
      await waitForIdle(p, 10_000);
      await sleep(2_500);
      expect(await workQueueTotals(p)).toEqual({ intake: 0, pages: 0, aggregate: 0, deadLetter: 0 });
      const n = await notices(p);
      expect(n.map((m) => `${m.source.key} ${m.status}`).sort()).toEqual(refs.map((r) => `${r.key} failed`).sort());
    });
  }, 90_000);

  it('over maxBytes: failed as too-large from the object size alone', async () => {
    await withPipeline({ options: { maxBytes: 4096 } }, async (p) => {
      const bytes = fixture('single-col-3pp-in-order').pdf;
      const ref = await p.put('bad/too large.pdf', bytes);
      const doc = await p.result(ref, 30_000);
      expect(doc.status).toBe('failed');
      expect(doc.diagnostics.map((d) => d.code)).toEqual(['too-large']);
      expect(doc.source.bytes).toBe(bytes.length);
      await waitForIdle(p, 10_000);
      expect(await outputKeys(p, `jobs/${p.jobId(ref)}/`)).toEqual([jobKeys(p, ref).final]);
    });
  }, 60_000);
});
