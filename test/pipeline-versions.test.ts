/**
 * A key replaced while its first version is being read: the newer version's result is the one at results/<key>,
 * the older job ends at once (no retries against an object that no longer exists) and says it was superseded.
 * Secrets in the options never reach messages or manifests.
 */
import { describe, expect, it } from 'vitest';
import { fixture } from '../fixtures/index.js';
import { Consumer } from '../local/consumer.js';
import { handler as pageWorker } from '../functions/page-worker.js';
import { sha256 } from '../lib/extract.js';
import { drainQueue, finalOf, manifestOf, notices, sendBodies, storedResult, waitFor, withPipeline } from './support/pipeline.js';

describe('versions of one key', () => {
  it('keeps the newer version’s result when an older job finishes after it', async () => {
    await withPipeline({ inProcessWorkers: false, visibilityTimeout: 5, maxReceiveCount: 2 }, async (p, defer) => {
      const v1 = fixture('two-col-gutter-12pt-rows').pdf;
      const v2 = fixture('three-col-rows').pdf;
      const old = await p.put('same/key.pdf', v1);
      await waitFor('v1 planned', () => manifestOf(p, old));
      const fresh = await p.put('same/key.pdf', v2);
      await waitFor('v2 planned', () => manifestOf(p, fresh));
      // Both jobs' batches are queued; the older one's are processed last.
      const queued = await drainQueue(p, p.resources.pagesQueueUrl);
      const bodies = queued.map((m) => m.Body!);
      const isOld = (b: string) => (JSON.parse(b) as { jobId: string }).jobId === p.jobId(old);
      await sendBodies(p, p.resources.pagesQueueUrl, [...bodies.filter((b) => !isOld(b)), ...bodies.filter(isOld)]);
      const worker = new Consumer({
        name: 'worker',
        endpoint: p.endpoint,
        queueUrl: p.resources.pagesQueueUrl,
        handler: pageWorker,
        batchSize: 1,
      }).start();
      defer(() => worker.stop());
      const oldMarker = await waitFor('v1 final', () => finalOf(p, old));
      const newMarker = await waitFor('v2 final', () => finalOf(p, fresh));
      expect(oldMarker.superseded).toBe(true);
      expect(newMarker.superseded).toBeUndefined();
      const stored = await storedResult(p, fresh);
      expect(stored.doc.source.sha256).toBe(sha256(v2));
      expect(stored.doc.status).toBe('complete');
      const seen: Awaited<ReturnType<typeof notices>> = [];
      await waitFor('both notices', async () => {
        seen.push(...(await notices(p)));
        return seen.length >= 2;
      });
      expect(seen.find((x) => x.jobId === p.jobId(old))).toMatchObject({ superseded: true, result: null });
    });
  });

  it('keeps the password out of manifests and messages', async () => {
    const enc = (await import('../fixtures/index.js')).badInputs().find((b) => b.name === 'encrypted')!;
    await withPipeline({ inProcessWorkers: false, options: { password: enc.password! } }, async (p) => {
      const ref = await p.put('secret.pdf', enc.bytes);
      const manifest = await waitFor('planned', () => manifestOf(p, ref));
      expect(JSON.stringify(manifest)).not.toContain(enc.password!);
      const messages = await waitFor('batches queued', async () => {
        const m = await drainQueue(p, p.resources.pagesQueueUrl);
        return m.length ? m : null;
      });
      expect(messages.length).toBeGreaterThan(0);
      for (const m of messages) expect(m.Body).not.toContain(enc.password!);
    });
  });
});
