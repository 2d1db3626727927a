/**
 * Bulk reprocessing on the local pipeline: documents already read by this engine with these options are left
 * alone; others are enqueued; a run is paced and the next one resumes from the saved listing position.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../fixtures/index.js';
import { loadConfig } from '../functions/shared/env.js';
import { reprocess } from '../functions/reprocess.js';
import { LocalPipeline } from '../local/pipeline.js';
import type { SourceRef } from '../functions/shared/jobs.js';

let pipeline: LocalPipeline;
const refs: SourceRef[] = [];

beforeAll(async () => {
  pipeline = await LocalPipeline.start({ workers: 1 });
  for (const [i, name] of ['two-col-gutter-12pt-rows', 'three-col-rows', 'wide-table-rows'].entries()) {
    refs.push(await pipeline.put(`batch/doc-${i}.pdf`, fixture(name).pdf));
  }
  for (const ref of refs) await pipeline.result(ref);
});

afterAll(async () => {
  await pipeline?.stop();
});

describe('bulk reprocessing', () => {
  it('leaves documents alone whose result was made by this engine with these options', async () => {
    const config = loadConfig(pipeline.env);
    const r = await reprocess({ bucket: pipeline.resources.inputBucket, restart: true }, config, pipeline.resources.intakeQueueUrl);
    expect(r).toMatchObject({ scanned: 3, enqueued: 0, upToDate: 3, done: true });
  });

  it('enqueues documents read with other options, paced, and resumes where the last run stopped', async () => {
    const other = loadConfig({ ...pipeline.env, READFLOW_OPTIONS: JSON.stringify({ direction: 'ltr' }) });
    const first = await reprocess({ bucket: pipeline.resources.inputBucket, maxPerRun: 1, restart: true }, other, pipeline.resources.intakeQueueUrl);
    expect(first.done).toBe(false);
    expect(first.enqueued).toBeGreaterThanOrEqual(1);
    expect(first.paused).toMatch(/maxPerRun/);
    let total = first.enqueued;
    let last = first;
    for (let i = 0; i < 5 && !last.done; i++) {
      last = await reprocess({ bucket: pipeline.resources.inputBucket, maxPerRun: 1, maxQueueDepth: 1000 }, other, pipeline.resources.intakeQueueUrl);
      total += last.enqueued;
    }
    expect(last.done).toBe(true);
    // Every document exactly once across the runs: the listing position carried over.
    expect(total).toBe(3);
  });
});
