/**
 * `npm run local`: the "drop a file in a bucket" experience without AWS. Starts the local S3/SQS server, creates the
 * buckets and queues, runs every handler as an in-process consumer, uploads what appears in ./inbox, and writes each
 * result to ./outbox/<name>.json with .md and .txt beside it. The endpoint also takes uploads from any S3 client
 * (bucket `readflow-input`). Ctrl-C stops everything it started.
 *
 *   npm run local -- [--port 4566] [--inbox ./inbox] [--outbox ./outbox] [--workers 2] [--ocr auto|off|force] [--debug]
 *                    [--api-port 8787] [--dynamo-port 8000]
 *
 * The HTTP API runs too, on 127.0.0.1:<api-port>, with DynamoDB (dynalite, in memory) on <dynamo-port> and the
 * webhook sender (http://127.0.0.1 receivers allowed); a development tenant is created and its API key and webhook
 * secret printed, with the environment `npm run tenant` needs to make more (README: API).
 *
 * With --debug, the debug view (page images with the engine's decisions drawn over them, and index.html; see
 * cli/debug.ts) is written to ./outbox/<name>.debug/ beside each result, from the PDF version the job read.
 */
import { mkdirSync, readdirSync, statSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { clients } from '../functions/shared/aws.js';
import { keys, type SourceRef } from '../functions/shared/jobs.js';
import type { FinalMarker } from '../functions/shared/output.js';
import { getBytes, getJson, listKeys } from '../functions/shared/store.js';
import { terminateOcr } from '../lib/ocr/engine.js';
import type { DocumentResult } from '../lib/types.js';
import { Table } from '../functions/api/db.js';
import { createTenant } from '../functions/api/tenants.js';
import { loadApiConfig, loadConfig } from '../functions/shared/env.js';
import { LOCAL_TABLE, LocalPipeline } from './pipeline.js';
import { PIPELINE_FORMATS, RENDITIONS } from '../lib/render/formats.js';

const { values: v } = parseArgs({
  options: {
    port: { type: 'string', default: '4566' },
    inbox: { type: 'string', default: './inbox' },
    outbox: { type: 'string', default: './outbox' },
    workers: { type: 'string', default: '2' },
    ocr: { type: 'string' },
    debug: { type: 'boolean' },
    'api-port': { type: 'string', default: '8787' },
    'dynamo-port': { type: 'string', default: '8000' },
  },
});
const inbox = resolve(v.inbox!);
const outbox = resolve(v.outbox!);
mkdirSync(inbox, { recursive: true });
mkdirSync(outbox, { recursive: true });

const say = (line: string) => process.stdout.write(line + '\n');
const pipeline = await LocalPipeline.start({
  port: Number(v.port),
  workers: Number(v.workers),
  options: v.ocr ? { ocr: v.ocr as 'auto' | 'off' | 'force' } : {},
  api: { port: Number(v['api-port']), dynamoPort: Number(v['dynamo-port']) },
});
const dev = await createTenant(new Table(loadApiConfig(pipeline.env)), {
  tenantId: 'dev',
  name: 'Development',
  pagesPerMonth: 100_000,
  documentsInFlight: 100,
});
const config = loadConfig(pipeline.env);
const { s3 } = clients(config);

/** Files already uploaded, by name and modification time; jobs waiting for their result. */
const uploaded = new Map<string, number>();
const waiting = new Map<string, { ref: SourceRef; name: string; started: number }>();

async function scanInbox(): Promise<void> {
  for (const name of readdirSync(inbox)) {
    if (!name.toLowerCase().endsWith('.pdf')) continue;
    const path = join(inbox, name);
    const st = statSync(path);
    // Wait until the file has stopped growing (a copy in progress).
    if (Date.now() - st.mtimeMs < 500 || uploaded.get(name) === st.mtimeMs) continue;
    uploaded.set(name, st.mtimeMs);
    const ref = await pipeline.put(name, new Uint8Array(readFileSync(path)));
    waiting.set(pipeline.jobId(ref), { ref, name, started: Date.now() });
    say(`queued   ${name} (${st.size} bytes)`);
  }
}

/** Results of objects uploaded by other S3 clients are picked up too: every final marker in the output bucket. */
async function collect(): Promise<void> {
  const markers = await listKeys(s3, config.outputBucket, config.jobPrefix);
  for (const key of markers.filter((k) => k.endsWith('/final.json'))) {
    const jobId = key.slice(config.jobPrefix.length).split('/')[0];
    if (collected.has(jobId)) continue;
    const marker = await getJson<FinalMarker>(s3, config.outputBucket, keys(config, jobId).final);
    if (!marker) continue;
    collected.add(jobId);
    const name = basename(marker.resultKey);
    for (const ext of PIPELINE_FORMATS.map((f) => RENDITIONS[f].ext)) {
      const bytes = await getBytes(s3, config.outputBucket, `${marker.resultKey}.${ext}`);
      writeFileSync(join(outbox, `${name}.${ext}`), bytes);
      if (v.debug && ext === 'json') await debugView(JSON.parse(Buffer.from(bytes).toString('utf8')) as DocumentResult, name);
    }
    const w = waiting.get(jobId);
    waiting.delete(jobId);
    say(`${marker.status.padEnd(8)} ${name} -> ${join(v.outbox!, name)}.json${w ? ` (${((Date.now() - w.started) / 1000).toFixed(1)} s)` : ''}`);
  }
}
const collected = new Set<string>();

/** --debug: the debug view of a result, from the uploaded PDF (the exact version the job read). */
async function debugView(doc: DocumentResult, name: string): Promise<void> {
  const { bucket, key, versionId, etag } = doc.source;
  if (!bucket || !key) return;
  try {
    const pdf = await getBytes(s3, bucket, key, { versionId, etag });
    const { writeDebug } = await import('../cli/debug.js');
    await writeDebug(pdf, doc, join(outbox, `${name}.debug`));
  } catch (e) {
    say(`error    debug view of ${name}: ${(e as Error).message}`);
  }
}

say(`ready    S3 and SQS at ${pipeline.endpoint} (input bucket ${pipeline.resources.inputBucket}, output bucket ${config.outputBucket})`);
say(`         drop PDFs in ${v.inbox}; results appear in ${v.outbox}. Ctrl-C to stop.`);
say(`api      ${pipeline.api!.url}  (DynamoDB at ${pipeline.dynamo!.endpoint}, table ${LOCAL_TABLE})`);
say(`         development tenant "dev": API key ${dev.apiKey}`);
say(`         webhook secret ${dev.tenant.webhookSecret}`);
say(`         more tenants: TABLE_NAME=${LOCAL_TABLE} AWS_ENDPOINT_URL_DYNAMODB=${pipeline.dynamo!.endpoint} npm run tenant -- create --name <name>`);

let stopping = false;
const tick = setInterval(() => {
  if (stopping) return;
  void scanInbox()
    .then(collect)
    .catch((e) => say(`error    ${(e as Error).message}`));
}, 500);

const stop = async () => {
  if (stopping) return;
  stopping = true;
  clearInterval(tick);
  say('stopping');
  await pipeline.stop();
  await terminateOcr();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
