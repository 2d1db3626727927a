/**
 * Jobs: one per (source object version, engine version, options). The job id is derived from those alone, so every
 * redelivery of the same event lands on the same job, the same scratch keys and the same result.
 */
import { createHash } from 'node:crypto';
import { ENGINE_VERSION } from '../../lib/constants.js';
import { outputOptions, resolveOptions, type ReadflowOptions } from '../../lib/options.js';
import type { DocumentPlan } from '../../lib/plan.js';
import type { PageAnalysis, SourceInfo } from '../../lib/types.js';
import type { PipelineConfig } from './env.js';

export interface SourceRef {
  bucket: string;
  key: string;
  versionId: string | null;
  etag: string | null;
}

export function jobIdOf(src: SourceRef, options: ReadflowOptions): string {
  const identity = JSON.stringify([src.bucket, src.key, src.versionId ?? src.etag, ENGINE_VERSION, outputOptions(resolveOptions(options))]);
  return createHash('sha256').update(identity).digest('hex').slice(0, 32);
}

export interface Batch {
  index: number;
  pages: number[];
}

/** What the splitter decided for a job: written once, read by the aggregator. */
export interface Manifest {
  v: 1;
  jobId: string;
  source: SourceInfo;
  options: ReadflowOptions;
  plan: DocumentPlan;
  batches: Batch[];
  /** Where the result goes (output bucket key, without extension). */
  resultKey: string;
  /** Milliseconds the splitter spent. */
  ms: number;
}

/** A page batch's result, written once per batch by a page worker or the dead-letter handler. */
export interface BatchResult {
  v: 1;
  jobId: string;
  batch: number;
  pages: PageAnalysis[];
  ms: number;
}

/** Message on the pages queue. */
export interface PagesMessage {
  v: 1;
  kind: 'pages';
  jobId: string;
  batch: number;
  /** How many batches the job has (to tell when all are done). */
  batches: number;
  pages: number[];
  source: SourceRef;
  options: ReadflowOptions;
}

/** Message on the aggregate queue. */
export interface AggregateMessage {
  v: 1;
  kind: 'aggregate';
  jobId: string;
}

/** The record every finished job leaves: what was counted, once per job id. */
export interface UsageRecord {
  jobId: string;
  bucket: string;
  key: string;
  versionId: string | null;
  etag: string | null;
  status: string;
  pages: number;
  ocrPages: number;
  bytes: number;
  ms: number;
  engineVersion: string;
}

export const keys = (c: Pick<PipelineConfig, 'jobPrefix' | 'resultPrefix' | 'usagePrefix'>, jobId: string) => ({
  manifest: `${c.jobPrefix}${jobId}/manifest.json`,
  batchPrefix: `${c.jobPrefix}${jobId}/batches/`,
  batch: (i: number) => `${c.jobPrefix}${jobId}/batches/${String(i).padStart(6, '0')}.json`,
  final: `${c.jobPrefix}${jobId}/final.json`,
  usage: `${c.usagePrefix}${jobId}.json`,
});

export const resultKeyFor = (c: Pick<PipelineConfig, 'resultPrefix'>, inputKey: string) => `${c.resultPrefix}${inputKey.replace(/\.pdf$/i, '')}`;

/**
 * Page batches: digital pages in long batches, pages likely to need OCR in short ones (a page of OCR takes
 * seconds, a digital page milliseconds), each batch a run of consecutive pages of one kind.
 */
export function makeBatches(pages: number[], sparse: Set<number>, digital: number, ocr: number): Batch[] {
  const batches: Batch[] = [];
  let cur: number[] = [];
  let curOcr = false;
  for (const p of pages) {
    const isOcr = sparse.has(p);
    const limit = isOcr ? ocr : digital;
    if (cur.length && (isOcr !== curOcr || cur.length >= limit)) {
      batches.push({ index: batches.length, pages: cur });
      cur = [];
    }
    curOcr = isOcr;
    cur.push(p);
  }
  if (cur.length) batches.push({ index: batches.length, pages: cur });
  return batches;
}
