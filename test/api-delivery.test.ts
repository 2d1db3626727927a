/**
 * At-least-once delivery against the API's once-only promises, on the local servers: a job whose S3 event is
 * delivered again, and four aggregations of one job racing each other, bill once, announce once (one billing
 * event, one webhook at the receiver) and finish the document once; an upload whose splitting exhausted its retries
 * ends failed, billed 0, and is announced; a webhook whose receiver fails twice is retried
 * with backoff and arrives, verified, on the third attempt with the same webhook-id; one whose receiver keeps
 * failing past the retry window ends in the webhook dead-letter queue.
 */
import { describe, expect, it } from 'vitest';
import { fixture } from '../fixtures/index.js';
import { aggregate } from '../functions/aggregator.js';
import { handleDeadLetter } from '../functions/dead-letter.js';
import { ReadflowClient } from '../functions/api/client.js';
import type { LedgerEntry } from '../functions/api/types.js';
import { loadConfig } from '../functions/shared/env.js';
import type { SourceRef } from '../functions/shared/jobs.js';
import { apiConfigOf, makeTenant, tableItems, tableOf, verifyStandardWebhook, WebhookReceiver, withApi } from './support/api.js';
import { deliverWebhook } from '../functions/api/deliver.js';
import type { WebhookMessage } from '../functions/api/lifecycle.js';
import { clients } from '../functions/shared/aws.js';
import { clientsOf, drainQueue, queueDepth, sleep, waitFor, waitForIdle } from './support/pipeline.js';
import { head } from '../functions/shared/store.js';

const ledgerOf = async (p: Parameters<typeof tableItems>[0]) =>
  (await tableItems(p)).filter((i) => String(i.sk).startsWith('LEDGER#')) as unknown as LedgerEntry[];

describe('once-only under redelivery', () => {
  it('a redelivered S3 event and four racing aggregations bill once, announce once and finish the document once', async () => {
    const receiver = await WebhookReceiver.start();
    try {
      await withApi({ digitalBatchPages: 2 }, async (p) => {
        const a = await makeTenant(p, 'A');
        const pdf = fixture('chapter-furniture-5pp-random').pdf;
        // The aggregator consumer is held back so the aggregations can be raced by hand.
        const aggregator = p.consumers.find((c) => c.name === 'readflow-aggregator')!;
        await aggregator.stop();
        const r = await a.client.submit({ filename: 'race.pdf', bytes: pdf.length, webhook: receiver.url });
        if (!r.ok) throw new Error('submit failed');
        await ReadflowClient.upload(r.body.upload, pdf);
        // Every batch done: the aggregate request is on its queue.
        await waitFor('the aggregate request', async () => (await queueDepth(p, p.resources.aggregateQueueUrl)).visible > 0, 60_000);
        const [request] = await drainQueue(p, p.resources.aggregateQueueUrl);
        const { jobId } = JSON.parse(request.Body!);
        const config = loadConfig(p.env);
        await Promise.all([1, 2, 3, 4].map(() => aggregate(jobId, config)));
        const done = await a.client.waitUntilFinished(r.body.id);
        expect(done.status).toBe('complete');
        // The S3 event again, twice, and the aggregation once more through the queue, after the job finished.
        const ref: SourceRef = { bucket: p.resources.inputBucket, key: `tenants/${a.tenant.tenantId}/${r.body.id}.pdf`, versionId: null, etag: null };
        await p.announce(ref, pdf.length);
        await p.announce(ref, pdf.length);
        aggregator.start();
        await aggregate(jobId, config);
        await waitForIdle(p, 60_000);
        await waitFor('the webhook', () => receiver.received.length > 0, 60_000);
        // Give a duplicate webhook every chance to arrive (two backoff steps) before counting.
        await sleep(3000);
        expect(receiver.received.length).toBe(1);
        expect(verifyStandardWebhook(a.tenant.webhookSecret, receiver.received[0].headers, receiver.received[0].body)).toBeNull();
        const ledger = await ledgerOf(p);
        expect(ledger.map((l) => [l.jobId, l.billedPages])).toEqual([[jobId, 5]]);
        const events = await drainQueue(p, p.resources.eventsQueueUrl);
        expect(new Set(events.map((e) => JSON.parse(JSON.parse(e.Body!).Detail).ledgerId))).toEqual(new Set([jobId]));
        const usage = await a.client.usage();
        expect(usage.ok && usage.body.total).toEqual({ documents: 1, pages: 5, ocrPages: 0, bytes: pdf.length, billedPages: 5 });
        const profile = (await tableItems(p)).find((i) => i.pk === `TENANT#${a.tenant.tenantId}` && i.sk === 'PROFILE')!;
        expect(profile.inFlight).toBe(0);
      });
    } finally {
      await receiver.stop();
    }
  }, 180_000);

  it('first writer wins: a settle that fails after the ledger put and is then dead-lettered ends as the ledger says', async () => {
    const receiver = await WebhookReceiver.start();
    try {
      await withApi({ digitalBatchPages: 2 }, async (p) => {
        const a = await makeTenant(p, 'A');
        const pdf = fixture('chapter-furniture-5pp-random').pdf;
        const aggregator = p.consumers.find((c) => c.name === 'readflow-aggregator')!;
        await aggregator.stop();
        const r = await a.client.submit({ filename: 'flaky.pdf', bytes: pdf.length, webhook: receiver.url });
        if (!r.ok) throw new Error('submit failed');
        await ReadflowClient.upload(r.body.upload, pdf);
        await waitFor('the aggregate request', async () => (await queueDepth(p, p.resources.aggregateQueueUrl)).visible > 0, 60_000);
        const [request] = await drainQueue(p, p.resources.aggregateQueueUrl);
        const { jobId } = JSON.parse(request.Body!);
        const config = loadConfig(p.env);
        // The billing "bus" fails (a queue that does not exist): the aggregation writes the result and the ledger
        // entry, then throws, as when EventBridge or SQS fails after the ledger put.
        const broken = { ...config, api: { ...config.api!, eventsQueueUrl: `${p.resources.eventsQueueUrl}-missing` } };
        await expect(aggregate(jobId, broken)).rejects.toThrow();
        expect((await ledgerOf(p)).map((l) => [l.jobId, l.billedPages])).toEqual([[jobId, 5]]);
        // Its retries exhausted, the aggregation reaches the dead-letter handler (with the bus working again).
        await handleDeadLetter(request.Body!, 3, config);
        aggregator.start();
        const done = await a.client.waitUntilFinished(r.body.id);
        expect(done).toMatchObject({ status: 'complete', usage: { pages: 5, billedPages: 5 } });
        expect(done.error).toBeUndefined();
        const json = JSON.parse(await (await fetch(done.result!.json)).text());
        expect(json.status).toBe('complete');
        await waitFor('the webhook', () => receiver.received.length > 0, 60_000);
        expect(JSON.parse(receiver.received[0].body).data).toMatchObject({ id: r.body.id, status: 'complete', usage: { billedPages: 5 } });
        const events = await waitFor('the billing event', async () => {
          const m = await drainQueue(p, p.resources.eventsQueueUrl);
          return m.length ? m : null;
        });
        for (const e of events) expect(JSON.parse(JSON.parse(e.Body!).Detail)).toMatchObject({ ledgerId: jobId, status: 'complete', billedPages: 5 });
        expect((await ledgerOf(p)).map((l) => [l.jobId, l.billedPages])).toEqual([[jobId, 5]]);
      });
    } finally {
      await receiver.stop();
    }
  }, 180_000);

  it("updates the document's status before the event and webhook, and a retried settle still sends both", async () => {
    const receiver = await WebhookReceiver.start();
    try {
      await withApi({}, async (p) => {
        const a = await makeTenant(p, 'A');
        const pdf = fixture('three-col-random').pdf;
        const aggregator = p.consumers.find((c) => c.name === 'readflow-aggregator')!;
        await aggregator.stop();
        const r = await a.client.submit({ filename: 'order.pdf', bytes: pdf.length, webhook: receiver.url });
        if (!r.ok) throw new Error('submit failed');
        await ReadflowClient.upload(r.body.upload, pdf);
        await waitFor('the aggregate request', async () => (await queueDepth(p, p.resources.aggregateQueueUrl)).visible > 0, 60_000);
        const [request] = await drainQueue(p, p.resources.aggregateQueueUrl);
        const { jobId } = JSON.parse(request.Body!);
        const config = loadConfig(p.env);
        const broken = { ...config, api: { ...config.api!, eventsQueueUrl: `${p.resources.eventsQueueUrl}-missing` } };
        // The billing event fails: by then the document is finished (status first), and no webhook went out.
        await expect(aggregate(jobId, broken)).rejects.toThrow();
        const now = await a.client.get(r.body.id);
        expect(now.ok && now.body.status).toBe('complete');
        await sleep(1500);
        expect(receiver.received).toEqual([]);
        // The retry, finding the document already finished, still sends the event and the webhook.
        await aggregate(jobId, config);
        aggregator.start();
        await waitFor('the webhook', () => receiver.received.length > 0, 60_000);
        expect(JSON.parse(receiver.received[0].body).data).toMatchObject({ id: r.body.id, status: 'complete' });
        const events = await waitFor('the billing event', async () => {
          const m = await drainQueue(p, p.resources.eventsQueueUrl);
          return m.length ? m : null;
        });
        expect(JSON.parse(JSON.parse(events[0].Body!).Detail)).toMatchObject({ ledgerId: jobId, documentId: r.body.id });
        const profile = (await tableItems(p)).find((i) => i.pk === `TENANT#${a.tenant.tenantId}` && i.sk === 'PROFILE')!;
        expect(profile.inFlight).toBe(0);
      });
    } finally {
      await receiver.stop();
    }
  }, 120_000);

  it('sends the billing event of a default-tenant document whose first settle failed after the ledger put', async () => {
    await withApi({}, async (p) => {
      const aggregator = p.consumers.find((c) => c.name === 'readflow-aggregator')!;
      await aggregator.stop();
      await p.put('drops/flaky.pdf', fixture('three-col-random').pdf);
      await waitFor('the aggregate request', async () => (await queueDepth(p, p.resources.aggregateQueueUrl)).visible > 0, 60_000);
      const [request] = await drainQueue(p, p.resources.aggregateQueueUrl);
      const { jobId } = JSON.parse(request.Body!);
      const config = loadConfig(p.env);
      const broken = { ...config, api: { ...config.api!, eventsQueueUrl: `${p.resources.eventsQueueUrl}-missing` } };
      await expect(aggregate(jobId, broken)).rejects.toThrow();
      expect((await ledgerOf(p)).map((l) => [l.tenantId, l.jobId])).toEqual([['default', jobId]]);
      // The retry finds the ledger entry written, and still sends the event.
      await aggregate(jobId, config);
      aggregator.start();
      const events = await waitFor('the billing event', async () => {
        const m = await drainQueue(p, p.resources.eventsQueueUrl);
        return m.length ? m : null;
      });
      expect(JSON.parse(JSON.parse(events[0].Body!).Detail)).toMatchObject({ ledgerId: jobId, tenantId: 'default', documentId: null });
    });
  }, 120_000);

  it('settles an API upload whose splitting exhausted its retries: failed, billed 0, announced', async () => {
    const receiver = await WebhookReceiver.start();
    try {
      // No bucket watcher: the upload's S3 event goes straight to the dead-letter queue, as after three failed splits.
      await withApi({ watchBucket: false }, async (p) => {
        const a = await makeTenant(p, 'A');
        const pdf = fixture('three-col-random').pdf;
        const r = await a.client.submit({ filename: 'dead.pdf', bytes: pdf.length, pages: '1', webhook: receiver.url });
        if (!r.ok) throw new Error('submit failed');
        await ReadflowClient.upload(r.body.upload, pdf);
        const ref: SourceRef = { bucket: p.resources.inputBucket, key: `tenants/${a.tenant.tenantId}/${r.body.id}.pdf`, versionId: null, etag: null };
        // The event as S3 sent it (with the object's ETag); the splitter never got to bind the document to its job.
        const h = (await head(clientsOf(p).s3, ref.bucket, ref.key))!;
        const src = { ...ref, etag: h.etag };
        await p.announceTo(p.resources.deadLetterQueueUrl, src, pdf.length);
        const done = await a.client.waitUntilFinished(r.body.id);
        expect(done).toMatchObject({ status: 'failed', error: { code: 'pipeline-failed' }, usage: { billedPages: 0 } });
        await waitFor('the webhook', () => receiver.received.length > 0, 60_000);
        expect(JSON.parse(receiver.received[0].body).data).toMatchObject({ id: r.body.id, status: 'failed' });
        expect((await ledgerOf(p)).map((l) => l.billedPages)).toEqual([0]);
      });
    } finally {
      await receiver.stop();
    }
  }, 120_000);

  it('retries a webhook whose receiver fails twice, with backoff, and delivers it on the third attempt', async () => {
    const receiver = await WebhookReceiver.start(2);
    try {
      await withApi({ env: { WEBHOOK_BACKOFF_SECONDS: '1' } }, async (p) => {
        const a = await makeTenant(p, 'A');
        const pdf = fixture('three-col-random').pdf;
        const r = await a.client.submit({ filename: 'hook.pdf', bytes: pdf.length, webhook: receiver.url });
        if (!r.ok) throw new Error('submit failed');
        await ReadflowClient.upload(r.body.upload, pdf);
        await waitFor('three attempts', () => receiver.received.length >= 3, 90_000);
        expect(receiver.received.map((h) => h.answered)).toEqual([500, 500, 204]);
        const ids = new Set(receiver.received.map((h) => h.headers['webhook-id']));
        expect(ids.size).toBe(1);
        for (const h of receiver.received) {
          // Each attempt is signed afresh (its own timestamp) and verifies.
          expect(verifyStandardWebhook(a.tenant.webhookSecret, h.headers, h.body)).toBeNull();
        }
        const times = receiver.received.map((h) => Number(h.headers['webhook-timestamp']));
        expect(times[2]).toBeGreaterThanOrEqual(times[0]);
        const hook = await waitFor('the delivered record', async () =>
          (await tableItems(p)).find((i) => String(i.sk).startsWith('HOOK#') && i.state === 'delivered'),
        );
        expect(hook).toMatchObject({ attempts: 3 });
        await sleep(2500);
        expect(receiver.received.length).toBe(3);
      });
    } finally {
      await receiver.stop();
    }
  }, 180_000);

  it('retries a webhook whose host does not resolve (a DNS failure can be transient) instead of dead-lettering it', async () => {
    await withApi({}, async (p) => {
      const a = await makeTenant(p, 'A');
      const config = apiConfigOf(p);
      const sender = p.consumers.find((c) => c.name === 'readflow-webhook-sender');
      await sender?.stop();
      const msg: WebhookMessage = {
        v: 1,
        eventId: 'evt_dns',
        tenantId: a.tenant.tenantId,
        documentId: 'doc_dns',
        url: 'http://nothing-here.invalid/hook',
        body: '{}',
        attempt: 0,
        firstAttemptAt: null,
        notBefore: null,
      };
      const log = { info: () => {}, warn: () => {} };
      expect(await deliverWebhook(clients(config), tableOf(p), config, msg, log)).toBe('retry');
      const [again] = await waitFor('the retry', async () => {
        const m = await drainQueue(p, p.resources.webhookQueueUrl);
        return m.length ? m : null;
      });
      expect(JSON.parse(again.Body!)).toMatchObject({ eventId: 'evt_dns', attempt: 1 });
      expect(await drainQueue(p, p.resources.webhookDeadLetterQueueUrl)).toEqual([]);
      sender?.start();
    });
  }, 60_000);

  it('dead-letters a webhook whose receiver keeps failing past the retry window', async () => {
    const receiver = await WebhookReceiver.start(1000);
    try {
      await withApi({ env: { WEBHOOK_BACKOFF_SECONDS: '1', WEBHOOK_RETRY_SECONDS: '2' } }, async (p) => {
        const a = await makeTenant(p, 'A');
        const pdf = fixture('three-col-random').pdf;
        const r = await a.client.submit({ filename: 'hook.pdf', bytes: pdf.length, webhook: receiver.url });
        if (!r.ok) throw new Error('submit failed');
        await ReadflowClient.upload(r.body.upload, pdf);
        const dead = await waitFor(
          'the webhook dead letter',
          async () => {
            const m = await drainQueue(p, p.resources.webhookDeadLetterQueueUrl);
            return m.length ? m : null;
          },
          90_000,
        );
        const msg = JSON.parse(dead[0].Body!);
        expect(msg).toMatchObject({ documentId: r.body.id, attempt: 2 });
        expect(msg.reason).toMatch(/answered 500; retried for 2 s/);
        expect(receiver.received.length).toBe(2);
        // The document itself finished normally; only its announcement failed.
        expect((await a.client.get(r.body.id)).ok).toBe(true);
      });
    } finally {
      await receiver.stop();
    }
  }, 180_000);
});
