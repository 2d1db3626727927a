/**
 * The API's rules end to end on the local servers: idempotent submits (same key and body: the same answer; other
 * body: 422), 401 for a missing, wrong or revoked key, 404 for another tenant's document, listing with a status
 * filter and cursor, 413 for a declared size over the limit, 403 for an upload of another size or at another key
 * through the presigned URL (the local S3 server checks presigned signatures as S3 does), a `size-mismatch` failure
 * billed 0 for a wrong-size object that lands anyway, 429 with Retry-After over the monthly pages or the documents in
 * flight (and `quota-exceeded` at the split, billed 0), and DELETE leaving nothing of a document in S3 or the
 * table but its ledger entry. Every answer is checked against schema/openapi.json.
 */
import { describe, expect, it } from 'vitest';
import { fixture } from '../fixtures/index.js';
import { ReadflowClient } from '../functions/api/client.js';
import { Table } from '../functions/api/db.js';
import { revokeTenant } from '../functions/api/tenants.js';
import { apiConfigOf, makeTenant, tableItems, withApi } from './support/api.js';
import { expectOpenApi } from './support/openapi.js';
import { clientsOf, outputKeys, sleep, waitForIdle } from './support/pipeline.js';
import { listKeys } from '../functions/shared/store.js';

const small = () => fixture('three-col-random').pdf;

describe('submitting', () => {
  it('is idempotent: the same key and body give the same answer, another body 422, and nothing is created twice', async () => {
    await withApi({}, async (p) => {
      const a = await makeTenant(p, 'A');
      const body = { filename: 'a.pdf', bytes: 1234, metadata: { order: '7' } };
      const first = await a.client.submit(body, { idempotencyKey: 'key-1' });
      const again = await a.client.submit({ metadata: { order: '7' }, bytes: 1234, filename: 'a.pdf' }, { idempotencyKey: 'key-1' });
      expectOpenApi('post', '/v1/documents', again);
      expect(first.status).toBe(201);
      expect(again.status).toBe(201);
      expect(again.ok && again.body).toEqual(first.ok && first.body);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      const other = await a.client.submit({ ...body, bytes: 1235 }, { idempotencyKey: 'key-1' });
      expectOpenApi('post', '/v1/documents', other);
      expect(other.status).toBe(422);
      expect(!other.ok && other.problem.code).toBe('idempotency-key-reused');
      // Racing retries with one key make one document.
      const racing = await Promise.all(
        Array.from({ length: 6 }, () => a.client.submit({ filename: 'r.pdf', bytes: 99 }, { idempotencyKey: 'key-race' })),
      );
      const ids = new Set(racing.filter((r) => r.ok).map((r) => (r.ok ? r.body.id : '')));
      expect(ids.size).toBe(1);
      for (const r of racing) expect([201, 409]).toContain(r.status);
      const listed = await a.client.list({ limit: 100 });
      expect(listed.ok && listed.body.items.length).toBe(2);
      // A different tenant may use the same key for its own request.
      const b = await makeTenant(p, 'B');
      expect((await b.client.submit({ ...body, bytes: 5 }, { idempotencyKey: 'key-1' })).status).toBe(201);
    });
  }, 120_000);

  it('answers 401 without a valid key, 400 for a bad body, 413 for a declared size over the limit', async () => {
    await withApi({ env: { MAX_UPLOAD_BYTES: '1000000' } }, async (p) => {
      const a = await makeTenant(p, 'A');
      for (const key of ['', 'rf_nope', 'sk_live_123']) {
        const r = await new ReadflowClient(p.api!.url, key).list();
        expectOpenApi('get', '/v1/documents', r);
        expect(r.status).toBe(401);
        expect(r.headers.get('www-authenticate')).toBe('Bearer');
      }
      const bad = await a.client.submit({ filename: '', bytes: -1, extra: 1 } as never);
      expectOpenApi('post', '/v1/documents', bad);
      expect(!bad.ok && bad.problem.errors?.map((e) => e.path).sort()).toEqual(['/bytes', '/extra', '/filename']);
      const badPages = await a.client.submit({ filename: 'x.pdf', bytes: 10, pages: '3-1' });
      expect(!badPages.ok && badPages.problem.errors?.[0].path).toBe('/pages');
      const tooLarge = await a.client.submit({ filename: 'big.pdf', bytes: 1_000_001 });
      expectOpenApi('post', '/v1/documents', tooLarge);
      expect(tooLarge.status).toBe(413);
      expect(!tooLarge.ok && tooLarge.problem.code).toBe('too-large');
      const hook = await a.client.submit({ filename: 'x.pdf', bytes: 10, webhook: 'http://10.0.0.1/hook' });
      expect(!hook.ok && hook.problem.code).toBe('invalid-webhook');
      await revokeTenant(new Table(apiConfigOf(p)), a.tenant.tenantId);
      expect((await a.client.list()).status).toBe(401);
    });
  }, 120_000);
});

describe('reading', () => {
  it("shows each tenant only its own documents (404 for another's), lists with a status filter and a cursor", async () => {
    await withApi({}, async (p) => {
      const a = await makeTenant(p, 'A');
      const b = await makeTenant(p, 'B');
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        const r = await a.client.submit({ filename: `d${i}.pdf`, bytes: small().length });
        if (r.ok) ids.push(r.body.id);
      }
      const first = await a.client.submit({ filename: 'up.pdf', bytes: small().length });
      if (!first.ok) throw new Error('submit failed');
      await ReadflowClient.upload(first.body.upload, small());
      await a.client.waitUntilFinished(first.body.id);
      for (const r of [await b.client.get(ids[0]), await b.client.delete(ids[0]), await b.client.get('doc_nothing')]) {
        expect(r.status).toBe(404);
        expect(!r.ok && r.problem.code).toBe('not-found');
      }
      expectOpenApi('get', '/v1/documents/{id}', await b.client.get(ids[0]));
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await a.client.list({ limit: 2, cursor });
        expectOpenApi('get', '/v1/documents', page);
        if (!page.ok) throw new Error('list failed');
        seen.push(...page.body.items.map((d) => d.id));
        cursor = page.body.nextCursor ?? undefined;
      } while (cursor);
      // Newest first, every document once.
      expect(seen).toEqual([first.body.id, ...ids.reverse()]);
      const complete = await a.client.list({ status: 'complete' });
      expect(complete.ok && complete.body.items.map((d) => d.id)).toEqual([first.body.id]);
      const none = await b.client.list();
      expect(none.ok && none.body.items).toEqual([]);
      // Another tenant's cursor is refused.
      const foreign = await b.client.list({
        cursor: Buffer.from(JSON.stringify({ pk: `TENANT#${a.tenant.tenantId}`, sk: `DOC#${ids[0]}` })).toString('base64url'),
      });
      expect(foreign.status).toBe(400);
    });
  }, 120_000);
});

describe('malformed paths', () => {
  it('answer 404 problem+json for a malformed percent-escape in a document id, not 500', async () => {
    await withApi({}, async (p) => {
      const a = await makeTenant(p, 'A');
      for (const method of ['GET', 'DELETE']) {
        const r = await fetch(`${p.api!.url}/v1/documents/%E0%A4%A`, { method, headers: { authorization: `Bearer ${a.apiKey}` } });
        expect(r.status, method).toBe(404);
        expect(r.headers.get('content-type')).toBe('application/problem+json');
        expect(((await r.json()) as { code: string }).code).toBe('not-found');
      }
    });
  }, 60_000);
});

describe('size and quotas', () => {
  it('refuses an upload of another size or at another key (403, as S3), and fails a wrong-size object that lands anyway as size-mismatch, billed 0', async () => {
    await withApi({}, async (p) => {
      const a = await makeTenant(p, 'A');
      const pdf = small();
      const r = await a.client.submit({ filename: 'liar.pdf', bytes: pdf.length - 100 });
      if (!r.ok) throw new Error('submit failed');
      // Content-Length is signed into the URL: more bytes than declared do not match the signature.
      expect(await ReadflowClient.upload(r.body.upload, pdf)).toBe(403);
      // The key is signed too: the URL cannot put the upload under another tenant's prefix.
      const elsewhere = { ...r.body.upload, url: r.body.upload.url.replace(`/tenants/${a.tenant.tenantId}/`, '/tenants/someone-else/') };
      expect(await ReadflowClient.upload(elsewhere, pdf.slice(0, pdf.length - 100))).toBe(403);
      const waiting = await a.client.get(r.body.id);
      expect(waiting.ok && waiting.body.status).toBe('awaiting-upload');
      // An object of the wrong size written at the document's key by other means (a client with bucket
      // credentials): the splitter's own check fails it, and it is billed nothing.
      await p.put(`tenants/${a.tenant.tenantId}/${r.body.id}.pdf`, pdf);
      const done = await a.client.waitUntilFinished(r.body.id);
      expect(done.status).toBe('failed');
      expect(done.error?.code).toBe('size-mismatch');
      expect(done.usage?.billedPages).toBe(0);
      const usage = await a.client.usage();
      expect(usage.ok && usage.body.total).toMatchObject({ documents: 1, billedPages: 0 });
    });
  }, 120_000);

  it('answers 429 with Retry-After over the documents in flight and over the monthly pages; fails a document over the remaining pages as quota-exceeded, billed 0', async () => {
    await withApi({}, async (p) => {
      const a = await makeTenant(p, 'A', { documentsInFlight: 2, pagesPerMonth: 4 });
      const five = fixture('chapter-furniture-5pp-random').pdf;
      const one = small();
      const d1 = await a.client.submit({ filename: 'five.pdf', bytes: five.length });
      const d2 = await a.client.submit({ filename: 'one.pdf', bytes: one.length });
      const d3 = await a.client.submit({ filename: 'three.pdf', bytes: one.length });
      expectOpenApi('post', '/v1/documents', d3);
      expect(d3.status).toBe(429);
      expect(!d3.ok && d3.problem.code).toBe('quota-in-flight');
      expect(Number(d3.headers.get('retry-after'))).toBeGreaterThan(0);
      if (!d1.ok || !d2.ok) throw new Error('submit failed');
      // Five pages with four left this month: refused at the split, billed 0.
      await ReadflowClient.upload(d1.body.upload, five);
      const over = await a.client.waitUntilFinished(d1.body.id);
      expect(over.status).toBe('failed');
      expect(over.error?.code).toBe('quota-exceeded');
      expect(over.usage?.billedPages).toBe(0);
      // A slot is free again; documents of one page each use up the four pages.
      await ReadflowClient.upload(d2.body.upload, one);
      let billed = (await a.client.waitUntilFinished(d2.body.id)).usage!.billedPages;
      let documents = 2;
      while (billed < 4) {
        const d = await a.client.submit({ filename: `p${billed}.pdf`, bytes: one.length, pages: '1' });
        if (!d.ok) throw new Error(`submit with ${billed} pages billed: ${d.status}`);
        await ReadflowClient.upload(d.body.upload, one);
        const done = await a.client.waitUntilFinished(d.body.id);
        expect(done.status).toBe('complete');
        billed += done.usage!.billedPages;
        documents += 1;
      }
      const refused = await a.client.submit({ filename: 'more.pdf', bytes: one.length });
      expectOpenApi('post', '/v1/documents', refused);
      expect(refused.status).toBe(429);
      expect(!refused.ok && refused.problem.code).toBe('quota-pages');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      const usage = await a.client.usage();
      expect(usage.ok && usage.body.total).toMatchObject({ documents, billedPages: 4 });
    });
  }, 180_000);
});

describe('uploading twice', () => {
  it('refuses a second PUT through the same presigned URL (412), and the document completes with fetchable results, billed once', async () => {
    await withApi({}, async (p) => {
      const a = await makeTenant(p, 'A');
      const pdf = small();
      const r = await a.client.submit({ filename: 'twice.pdf', bytes: pdf.length });
      if (!r.ok) throw new Error('submit failed');
      expect(r.body.upload.headers['if-none-match']).toBe('*');
      expect(await ReadflowClient.upload(r.body.upload, pdf)).toBe(200);
      // A retry through the same URL, with other bytes of the same size: refused, the first upload stays.
      const other = new Uint8Array(pdf);
      other[other.length - 2] ^= 0x20;
      expect(await ReadflowClient.upload(r.body.upload, other)).toBe(412);
      // Without the signed header the signature does not match.
      const unsigned = { ...r.body.upload, headers: { ...r.body.upload.headers } };
      delete unsigned.headers['if-none-match'];
      expect(await ReadflowClient.upload(unsigned, other)).toBe(403);
      const done = await a.client.waitUntilFinished(r.body.id);
      expect(done.status).toBe('complete');
      const json = await fetch(done.result!.json);
      expect(json.status).toBe(200);
      expect(((await json.json()) as { status: string }).status).toBe('complete');
      await waitForIdle(p, 60_000);
      const ledger = (await tableItems(p)).filter((i) => String(i.sk).startsWith('LEDGER#'));
      expect(ledger.map((l) => l.billedPages)).toEqual([done.usage!.pages]);
      const usage = await a.client.usage();
      expect(usage.ok && usage.body.total).toMatchObject({ documents: 1, billedPages: done.usage!.pages });
    });
  }, 120_000);
});

describe('the monthly page quota under concurrency', () => {
  it('bills at most the quota when documents are split at the same time: pages are reserved at the split', async () => {
    await withApi({}, async (p) => {
      const a = await makeTenant(p, 'A', { pagesPerMonth: 2 });
      const pdf = fixture('chapter-furniture-5pp-random').pdf;
      const subs = [];
      for (let i = 0; i < 4; i++) {
        const r = await a.client.submit({ filename: `two-${i}.pdf`, bytes: pdf.length, pages: '1-2' });
        if (!r.ok) throw new Error(`submit ${i}: ${r.status}`);
        subs.push(r.body);
      }
      expect(await Promise.all(subs.map((s) => ReadflowClient.upload(s.upload, pdf)))).toEqual([200, 200, 200, 200]);
      const done = await Promise.all(subs.map((s) => a.client.waitUntilFinished(s.id)));
      const billed = done.reduce((n, d) => n + (d.usage?.billedPages ?? 0), 0);
      expect(billed).toBe(2);
      expect(done.filter((d) => d.status === 'complete')).toHaveLength(1);
      expect(done.filter((d) => d.error?.code === 'quota-exceeded')).toHaveLength(3);
      const usage = await a.client.usage();
      expect(usage.ok && usage.body.total.billedPages).toBe(2);
      // The counter holds what was billed, nothing still reserved; the next submit is refused at once.
      const month = new Date().toISOString().slice(0, 7);
      const counter = (await tableItems(p)).find((i) => i.pk === `TENANT#${a.tenant.tenantId}` && i.sk === `MONTH#${month}`);
      expect(counter).toMatchObject({ used: 2, billed: 2, reserved: 0 });
      const refused = await a.client.submit({ filename: 'more.pdf', bytes: pdf.length });
      expect(!refused.ok && refused.problem.code).toBe('quota-pages');
    });
  }, 180_000);
});

describe('engine options', () => {
  it("merge with the deployment's READFLOW_OPTIONS, cannot raise its resource limits, and unknown ones are refused (400)", async () => {
    await withApi({ options: { maxPages: 3 } }, async (p) => {
      const a = await makeTenant(p, 'A');
      const unknown = await a.client.submit({ filename: 'x.pdf', bytes: 10, options: { maxPages: 2, fancy: true } as never });
      expectOpenApi('post', '/v1/documents', unknown);
      expect(unknown.status).toBe(400);
      expect(!unknown.ok && unknown.problem.errors).toEqual([{ path: '/options/fancy', message: 'unknown option' }]);
      const pdf = fixture('chapter-furniture-5pp-random').pdf;
      // No maxPages of its own: the deployment's 3 applies (merged, not replaced by the document's options).
      const merged = await a.client.submit({ filename: 'merged.pdf', bytes: pdf.length, options: { partialSpans: 'band' } });
      // A higher maxPages than the deployment's: capped at 3.
      const raised = await a.client.submit({ filename: 'raised.pdf', bytes: pdf.length, options: { maxPages: 1000, pageTimeoutMs: 86_400_000 } });
      // A lower one is the tenant's to choose.
      const lowered = await a.client.submit({ filename: 'lowered.pdf', bytes: pdf.length, options: { maxPages: 2 } });
      if (!merged.ok || !raised.ok || !lowered.ok) throw new Error('submit failed');
      for (const s of [merged, raised, lowered]) expect(await ReadflowClient.upload(s.body.upload, pdf)).toBe(200);
      const pagesRead = async (id: string) => (await a.client.waitUntilFinished(id)).usage!.pages;
      expect(await pagesRead(merged.body.id)).toBe(3);
      expect(await pagesRead(raised.body.id)).toBe(3);
      expect(await pagesRead(lowered.body.id)).toBe(2);
    });
  }, 180_000);
});

describe('abandoned uploads', () => {
  it('stop holding an in-flight slot once their upload URL has expired: failed as upload-expired, billed 0, a late upload ignored', async () => {
    await withApi({ env: { UPLOAD_URL_SECONDS: '1', UPLOAD_GRACE_SECONDS: '1' } }, async (p) => {
      const a = await makeTenant(p, 'A', { documentsInFlight: 1 });
      const first = await a.client.submit({ filename: 'never.pdf', bytes: small().length });
      if (!first.ok) throw new Error('submit failed');
      expect((await a.client.submit({ filename: 'second.pdf', bytes: 10 })).status).toBe(429);
      // Past the URL's expiry and the grace period, the slot is recovered at the next full count.
      await sleep(2500);
      const third = await a.client.submit({ filename: 'third.pdf', bytes: 10 });
      expect(third.status).toBe(201);
      const abandoned = await a.client.get(first.body.id);
      expect(abandoned.ok && abandoned.body).toMatchObject({ status: 'failed', error: { code: 'upload-expired' }, usage: { billedPages: 0 } });
      // The expired URL is refused; an object that lands at the key anyway (other means) is not read.
      expect(await ReadflowClient.upload(first.body.upload, small())).toBe(403);
      await p.put(`tenants/${a.tenant.tenantId}/${first.body.id}.pdf`, small());
      // Its S3 event, sent now (the bucket watcher sends one too), so the queues cannot be idle before it is handled.
      await p.announce(
        { bucket: p.resources.inputBucket, key: `tenants/${a.tenant.tenantId}/${first.body.id}.pdf`, versionId: null, etag: null },
        small().length,
      );
      await waitForIdle(p, 60_000);
      const after = await a.client.get(first.body.id);
      expect(after.ok && after.body.status).toBe('failed');
      expect((await tableItems(p)).filter((i) => String(i.sk).startsWith('LEDGER#'))).toEqual([]);
    });
  }, 120_000);
});

describe('deleting', () => {
  it('leaves nothing of the document in S3 or the table but its ledger entry, and 404 after', async () => {
    await withApi({ digitalBatchPages: 2 }, async (p) => {
      const a = await makeTenant(p, 'A');
      const pdf = fixture('chapter-furniture-5pp-random').pdf;
      const r = await a.client.submit({ filename: 'c.pdf', bytes: pdf.length }, { idempotencyKey: 'del-1' });
      if (!r.ok) throw new Error('submit failed');
      await ReadflowClient.upload(r.body.upload, pdf);
      await a.client.waitUntilFinished(r.body.id);
      const doc = (await tableItems(p)).find((i) => i.documentId === r.body.id && String(i.sk).startsWith('DOC#'))!;
      const jobId = String(doc.jobId);
      const mentions = async () => {
        const s3 = clientsOf(p).s3;
        const input = await listKeys(s3, p.resources.inputBucket, '');
        const output = await outputKeys(p, '');
        const items = (await tableItems(p)).filter(
          (i) => JSON.stringify(i).includes(r.body.id) || JSON.stringify(i).includes(jobId) || String(i.sk) === 'IDEM#del-1',
        );
        return { objects: [...input, ...output].filter((k) => k.includes(r.body.id) || k.includes(jobId)), items: items.map((i) => String(i.sk)) };
      };
      const before = await mentions();
      expect(before.objects.length).toBeGreaterThan(5);
      const del = await a.client.delete(r.body.id);
      expectOpenApi('delete', '/v1/documents/{id}', del);
      expect(del.status).toBe(204);
      expect(await mentions()).toEqual({ objects: [], items: [`LEDGER#${jobId}`] });
      expect((await a.client.get(r.body.id)).status).toBe(404);
      // The delete gave nothing back twice: the in-flight counter is zero, and a new submit works.
      expect((await new Table(apiConfigOf(p)).get<{ inFlight: number }>({ pk: `TENANT#${a.tenant.tenantId}`, sk: 'PROFILE' }))!.inFlight).toBe(0);
      // An awaiting-upload document can be deleted too (and gives its in-flight slot back).
      const w = await a.client.submit({ filename: 'w.pdf', bytes: 10 });
      if (!w.ok) throw new Error('submit failed');
      expect((await a.client.delete(w.body.id)).status).toBe(204);
      expect((await new Table(apiConfigOf(p)).get<{ inFlight: number }>({ pk: `TENANT#${a.tenant.tenantId}`, sk: 'PROFILE' }))!.inFlight).toBe(0);
    });
  }, 120_000);
});
