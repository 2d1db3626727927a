/**
 * `npm run reprocess -- [--prefix P] [--restart] [--local URL]`: run bulk reprocessing on demand until the whole
 * input bucket (or prefix) has been listed, pausing while the pages queue is deep. Against AWS it reads the same
 * environment as the function (OUTPUT_BUCKET, INPUT_BUCKET, INTAKE_QUEUE_URL, PAGES_QUEUE_URL,
 * AGGREGATE_QUEUE_URL, READFLOW_OPTIONS); with --local it targets `npm run local`'s server and its resources.
 */
import { parseArgs } from 'node:util';
import { GetQueueUrlCommand } from '@aws-sdk/client-sqs';
import { clients } from '../functions/shared/aws.js';
import { loadConfig } from '../functions/shared/env.js';
import { type Environment, requireVar } from '../functions/shared/env-vars.js';
import { reprocess } from '../functions/reprocess.js';

const { values: v } = parseArgs({
  options: {
    prefix: { type: 'string' },
    restart: { type: 'boolean', default: false },
    local: { type: 'string' },
    'max-per-run': { type: 'string' },
  },
});

if (v.local) {
  const { sqs } = clients({ endpoint: v.local, region: 'us-east-1' });
  const url = async (name: string) => (await sqs.send(new GetQueueUrlCommand({ QueueName: name }))).QueueUrl!;
  Object.assign(process.env, {
    AWS_ENDPOINT_URL: v.local,
    AWS_REGION: 'us-east-1',
    INPUT_BUCKET: 'readflow-input',
    OUTPUT_BUCKET: 'readflow-output',
    INTAKE_QUEUE_URL: await url('readflow-intake'),
    PAGES_QUEUE_URL: await url('readflow-pages'),
    AGGREGATE_QUEUE_URL: await url('readflow-aggregate'),
  } satisfies Environment & { AWS_REGION: string });
}
const config = loadConfig();
if (!process.env.INTAKE_QUEUE_URL) throw new Error('INTAKE_QUEUE_URL is not set (or pass --local URL)');
const intake = requireVar(process.env, 'INTAKE_QUEUE_URL');
let total = { scanned: 0, enqueued: 0, upToDate: 0 };
let restart = v.restart;
for (;;) {
  const r = await reprocess({ prefix: v.prefix, restart, maxPerRun: v['max-per-run'] ? Number(v['max-per-run']) : undefined }, config, intake);
  restart = false;
  total = { scanned: total.scanned + r.scanned, enqueued: total.enqueued + r.enqueued, upToDate: total.upToDate + r.upToDate };
  process.stdout.write(
    `scanned ${total.scanned}, enqueued ${total.enqueued}, up to date ${total.upToDate}${r.paused ? ` (paused: ${r.paused})` : ''}\n`,
  );
  if (r.done) break;
  await new Promise((res) => setTimeout(res, 5000));
}
