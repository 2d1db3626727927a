/**
 * `npm run bench:api`: 200 documents submitted at once by 5 tenants through the HTTP API on the local servers
 * (fauxqs for S3/SQS, dynalite for DynamoDB, the API on 127.0.0.1, the pipeline's handlers as SQS consumers), each
 * uploaded to its presigned URL and announced by a signed webhook to a receiver on 127.0.0.1. One submit in ten is
 * sent twice with the same Idempotency-Key (a client retrying), and must get the same document back.
 *
 * Checked, and the run fails (exit 1) if not: every document finishes (none lost), every webhook arrives and
 * verifies, each job has exactly one ledger entry (none billed twice), and each tenant's usage (GET /v1/usage)
 * equals the pages of the PDFs it submitted. Printed: p50/p95/max submit latency (the POST /v1/documents round
 * trip, client side) of one client submitting alone and of all submits in flight at once (the API server, dynalite,
 * fauxqs and the pipeline share one Node process and its event loop, so the burst figures are queueing on this
 * machine, not Lambda's), time to the last webhook, and one `BENCH_API {json}` line.
 *
 *   npm run bench:api -- [--documents 200] [--tenants 5] [--workers 2]
 */
import { parseArgs } from 'node:util';
import { PDFDocument } from 'pdf-lib';
import { fixture } from '../fixtures/index.js';
import { ReadflowClient } from '../functions/api/client.js';
import type { LedgerEntry } from '../functions/api/types.js';
import { LocalPipeline } from '../local/pipeline.js';
import { makeTenant, tableItems, verifyStandardWebhook, WebhookReceiver } from '../test/support/api.js';
import { waitFor } from '../test/support/pipeline.js';

const { values: v } = parseArgs({
  options: { documents: { type: 'string', default: '200' }, tenants: { type: 'string', default: '5' }, workers: { type: 'string', default: '2' } },
});
const DOCUMENTS = Number(v.documents);
const TENANTS = Number(v.tenants);
/** Small generated fixtures of one to five pages, so the run measures the API and the pipeline, not OCR. */
/** Submits made one at a time before the burst, for the latency of a lone request. */
const SEQUENTIAL = 20;
const FIXTURES = ['three-col-random', 'chapter-furniture-5pp-random', 'tagged-correct-rows', 'ligatures-right-first', 'page-of-footer-3pp-random'];

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};

const pdfs = await Promise.all(
  FIXTURES.map(async (name) => {
    const bytes = fixture(name).pdf;
    return { name, bytes, pages: (await PDFDocument.load(bytes)).getPageCount() };
  }),
);
const receiver = await WebhookReceiver.start();
const p = await LocalPipeline.start({ workers: Number(v.workers), api: {} });
let failed = false;
const check = (ok: boolean, what: string) => {
  process.stdout.write(`${ok ? 'ok  ' : 'FAIL'} ${what}\n`);
  if (!ok) failed = true;
};
try {
  const tenants = await Promise.all(
    Array.from({ length: TENANTS }, (_, i) => makeTenant(p, `Load ${i}`, { documentsInFlight: DOCUMENTS, pagesPerMonth: 1_000_000 })),
  );
  const plan = Array.from({ length: DOCUMENTS }, (_, i) => ({ i, tenant: tenants[i % TENANTS], pdf: pdfs[Math.floor(i / TENANTS) % pdfs.length] }));
  // First, one client alone: submits one after another (deleted again, never uploaded, so nothing is billed).
  const alone: number[] = [];
  for (let i = 0; i < SEQUENTIAL; i++) {
    const t0 = performance.now();
    const r = await tenants[0].client.submit({ filename: `alone-${i}.pdf`, bytes: 1000 });
    alone.push(performance.now() - t0);
    if (!r.ok || (await tenants[0].client.delete(r.body.id)).status !== 204) throw new Error(`sequential submit ${i} failed`);
  }
  const started = performance.now();
  const latencies: number[] = [];
  const submitted = await Promise.all(
    plan.map(async (d) => {
      const req = { filename: `${d.pdf.name}-${d.i}.pdf`, bytes: d.pdf.bytes.length, webhook: receiver.url, metadata: { n: String(d.i) } };
      const key = `load-${d.i}`;
      const t0 = performance.now();
      const r = await d.tenant.client.submit(req, { idempotencyKey: key });
      latencies.push(performance.now() - t0);
      if (!r.ok) throw new Error(`submit ${d.i}: ${r.status} ${r.problem.code} ${r.problem.detail}`);
      if (d.i % 10 === 0) {
        const again = await d.tenant.client.submit(req, { idempotencyKey: key });
        if (!again.ok || again.body.id !== r.body.id) throw new Error(`retried submit ${d.i} did not give the same document`);
      }
      const status = await ReadflowClient.upload(r.body.upload, d.pdf.bytes);
      if (status !== 200) throw new Error(`upload ${d.i}: ${status}`);
      return { ...d, id: r.body.id };
    }),
  );
  const submitWall = performance.now() - started;
  await waitFor(`${DOCUMENTS} webhooks`, () => new Set(receiver.received.map((h) => h.headers['webhook-id'])).size >= DOCUMENTS, 1_800_000, 500);
  const wall = performance.now() - started;

  const finished = await Promise.all(submitted.map(async (d) => ({ ...d, view: await d.tenant.client.waitUntilFinished(d.id) })));
  check(
    finished.every((d) => d.view.status === 'complete'),
    `all ${DOCUMENTS} documents complete (none lost)`,
  );
  const byTenant = new Map(tenants.map((t) => [t.tenant.tenantId, t]));
  const verified = receiver.received.every((h) => {
    const id = JSON.parse(h.body).data.id as string;
    const owner = submitted.find((d) => d.id === id)!.tenant;
    return verifyStandardWebhook(byTenant.get(owner.tenant.tenantId)!.tenant.webhookSecret, h.headers, h.body) === null;
  });
  check(verified && receiver.received.length === DOCUMENTS, `${receiver.received.length} webhooks received, each verified with its tenant's secret`);
  const ledger = (await tableItems(p)).filter((i) => String(i.sk).startsWith('LEDGER#')) as unknown as LedgerEntry[];
  const perDocument = new Map<string, number>();
  for (const e of ledger) perDocument.set(e.documentId!, (perDocument.get(e.documentId!) ?? 0) + 1);
  check(
    ledger.length === DOCUMENTS && [...perDocument.values()].every((n) => n === 1),
    `${ledger.length} ledger entries, one per document (none billed twice)`,
  );
  for (const t of tenants) {
    const expected = submitted.filter((d) => d.tenant === t).reduce((s, d) => s + d.pdf.pages, 0);
    const docs = submitted.filter((d) => d.tenant === t).length;
    const u = await t.client.usage();
    const total = u.ok ? u.body.total : null;
    check(
      total?.documents === docs && total?.billedPages === expected && total?.pages === expected,
      `${t.tenant.tenantId}: usage ${total?.documents} documents, ${total?.billedPages} pages billed (expected ${docs}, ${expected})`,
    );
  }
  const figures = {
    documents: DOCUMENTS,
    tenants: TENANTS,
    workers: Number(v.workers),
    aloneP50Ms: Math.round(quantile(alone, 0.5)),
    aloneP95Ms: Math.round(quantile(alone, 0.95)),
    submitP50Ms: Math.round(quantile(latencies, 0.5)),
    submitP95Ms: Math.round(quantile(latencies, 0.95)),
    submitMaxMs: Math.round(Math.max(...latencies)),
    submitAndUploadWallS: +(submitWall / 1000).toFixed(1),
    lastWebhookWallS: +(wall / 1000).toFixed(1),
    pages: submitted.reduce((s, d) => s + d.pdf.pages, 0),
  };
  process.stdout.write(
    `\n| documents | tenants | one at a time: submit p50 / p95 | all at once: submit p50 / p95 / max | all submitted + uploaded | last webhook |\n|---|---|---|---|---|---|\n`,
  );
  process.stdout.write(
    `| ${figures.documents} | ${figures.tenants} | ${figures.aloneP50Ms} / ${figures.aloneP95Ms} ms | ${figures.submitP50Ms} / ${figures.submitP95Ms} / ${figures.submitMaxMs} ms | ${figures.submitAndUploadWallS} s | ${figures.lastWebhookWallS} s |\n\n`,
  );
  process.stdout.write(`BENCH_API ${JSON.stringify(figures)}\n`);
} finally {
  await p.stop();
  await receiver.stop();
}
process.exit(failed ? 1 : 0);
