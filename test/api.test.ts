/**
 * The HTTP API end to end on the local servers (fauxqs for S3/SQS, dynalite for DynamoDB, the API on 127.0.0.1,
 * the pipeline's handlers as SQS consumers): submit → presigned upload over real HTTP → the pipeline reads it →
 * the signed webhook arrives at a real receiver → the result, fetched through its presigned URL, is the JSON the
 * CLI gives for the same PDF, options and pages. Also the S3-drop path beside the API, metered under `default`.
 * Every API answer is checked against schema/openapi.json.
 */
import { describe, expect, it } from 'vitest';
import { fixture } from '../fixtures/index.js';
import { ReadflowClient } from '../functions/api/client.js';
import { EVENT_DETAIL_TYPE, EVENT_SOURCE } from '../functions/api/events.js';
import type { LedgerEntry } from '../functions/api/types.js';
import { drainQueue, inProcess, resultsOf, waitFor } from './support/pipeline.js';
import { makeTenant, tableItems, verifyStandardWebhook, WebhookReceiver, withApi } from './support/api.js';
import { expectOpenApi } from './support/openapi.js';
import { ensureCliBuilt, readflow, scratch } from './support/cli.js';

describe('a document submitted through the API', () => {
  it('is uploaded, read, announced by a signed webhook, and its result is the CLI JSON for the same options and pages', async () => {
    const receiver = await WebhookReceiver.start();
    try {
      await withApi({ digitalBatchPages: 2 }, async (p) => {
        const acme = await makeTenant(p, 'Acme');
        const pdf = fixture('chapter-furniture-5pp-random').pdf;
        const sub = await acme.client.submit(
          {
            filename: 'chapter.pdf',
            bytes: pdf.length,
            pages: '1-3',
            options: { partialSpans: 'band' },
            metadata: { customer: 'c-42' },
            webhook: receiver.url,
          },
          { idempotencyKey: 'submit-1' },
        );
        expectOpenApi('post', '/v1/documents', sub);
        expect(sub.ok && sub.status).toBe(201);
        if (!sub.ok) return;
        expect(sub.body.status).toBe('awaiting-upload');
        expect(sub.body.upload.url).toContain(`/tenants/${acme.tenant.tenantId}/${sub.body.id}.pdf`);
        expect(Date.parse(sub.body.expiresAt)).toBeGreaterThan(Date.now() + 29 * 86_400_000);
        expect(await ReadflowClient.upload(sub.body.upload, pdf)).toBe(200);

        const done = await acme.client.waitUntilFinished(sub.body.id);
        expect(done.status).toBe('complete');
        expect(done.pages).toEqual({ total: 3, done: 3 });
        expect(done.usage).toEqual({ pages: 3, ocrPages: 0, bytes: pdf.length, billedPages: 3 });
        expect(done.metadata).toEqual({ customer: 'c-42' });
        const got = await acme.client.get(sub.body.id);
        expectOpenApi('get', '/v1/documents/{id}', got);

        // The result through its presigned URL equals the in-process (CLI) result for the same options and pages.
        const json = await (await fetch(done.result!.json)).text();
        const local = await inProcess(pdf, 'chapter.pdf', { pages: '1-3', partialSpans: 'band' });
        const stored = JSON.parse(json);
        const aligned = {
          ...local,
          source: {
            ...local.source,
            bucket: stored.source.bucket,
            key: stored.source.key,
            versionId: stored.source.versionId,
            etag: stored.source.etag,
          },
          usage: { ...local.usage, ms: stored.usage.ms },
        };
        expect(json).toBe(JSON.stringify(aligned, null, 2) + '\n');
        // And the real command line, on the same file under the submitted name, with the same options and pages.
        await ensureCliBuilt();
        const dir = await scratch();
        try {
          const cli = await readflow('-f', 'json', '--pages', '1-3', '--partial-spans', 'band', await dir.put('chapter.pdf', pdf));
          expect(cli.code, cli.stderr).toBe(0);
          const fromCli = JSON.parse(cli.stdout);
          expect({
            ...fromCli,
            source: {
              ...fromCli.source,
              bucket: stored.source.bucket,
              key: stored.source.key,
              versionId: stored.source.versionId,
              etag: stored.source.etag,
            },
            usage: { ...fromCli.usage, ms: stored.usage.ms },
          }).toEqual(stored);
        } finally {
          await dir.remove();
        }
        expect((await fetch(done.result!.txt)).status).toBe(200);
        expect((await fetch(done.result!.md)).status).toBe(200);

        // The webhook: one delivery, signed with the tenant's secret, verified by an independent verifier.
        const hook = await waitFor('the webhook', () => receiver.received[0], 60_000);
        expect(verifyStandardWebhook(acme.tenant.webhookSecret, hook.headers, hook.body)).toBeNull();
        expect(verifyStandardWebhook('whsec_' + Buffer.from('another secret').toString('base64'), hook.headers, hook.body)).not.toBeNull();
        const payload = JSON.parse(hook.body);
        expect(payload).toMatchObject({
          type: 'document.finished',
          data: { id: sub.body.id, status: 'complete', metadata: { customer: 'c-42' }, usage: { billedPages: 3 } },
        });

        // One ledger entry, one billing event, usage for today.
        const ledger = (await tableItems(p)).filter((i) => String(i.sk).startsWith('LEDGER#')) as unknown as LedgerEntry[];
        expect(ledger.map((l) => [l.tenantId, l.documentId, l.pages, l.billedPages, l.bytes])).toEqual([
          [acme.tenant.tenantId, sub.body.id, 3, 3, pdf.length],
        ]);
        const events = await waitFor('the billing event', async () => {
          const m = await drainQueue(p, p.resources.eventsQueueUrl);
          return m.length ? m : null;
        });
        const entry = JSON.parse(events[0].Body!);
        expect(entry).toMatchObject({ Source: EVENT_SOURCE, DetailType: EVENT_DETAIL_TYPE });
        expect(JSON.parse(entry.Detail)).toMatchObject({ tenantId: acme.tenant.tenantId, documentId: sub.body.id, billedPages: 3 });
        const usage = await acme.client.usage();
        expectOpenApi('get', '/v1/usage', usage);
        expect(usage.ok && usage.body.total).toEqual({ documents: 1, pages: 3, ocrPages: 0, bytes: pdf.length, billedPages: 3 });
      });
    } finally {
      await receiver.stop();
    }
  }, 180_000);

  it('leaves the S3-drop path working beside the API, metered under the default tenant', async () => {
    await withApi({}, async (p) => {
      const pdf = fixture('three-col-random').pdf;
      const ref = await p.put('drops/three-col.pdf', pdf);
      const [doc] = await resultsOf(p, [ref]);
      expect(doc.status).toBe('complete');
      const ledger = await waitFor('the default tenant ledger entry', async () =>
        (await tableItems(p)).find((i) => i.pk === 'TENANT#default' && String(i.sk).startsWith('LEDGER#')),
      );
      expect(ledger).toMatchObject({ tenantId: 'default', documentId: null, key: 'drops/three-col.pdf', billedPages: doc.usage.pages });
    });
  }, 180_000);
});
