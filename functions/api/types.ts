/** The API's records (as stored in the table) and its public shapes (as schema/openapi.json publishes them). */
import type { ReadflowOptions } from '../../lib/options.js';

export const DOCUMENT_STATUSES = ['awaiting-upload', 'queued', 'running', 'complete', 'partial', 'failed'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];
export const IN_FLIGHT: readonly DocumentStatus[] = ['awaiting-upload', 'queued', 'running'];
export const isFinished = (s: DocumentStatus) => !IN_FLIGHT.includes(s);

/** Documents dropped straight into the input bucket (not through the API) are metered under this tenant. */
export const DEFAULT_TENANT = 'default';

export interface TenantRecord {
  pk: string;
  sk: 'PROFILE';
  tenantId: string;
  name: string;
  /** SHA-256 (hex) of the API key; the key itself is shown once, at creation. */
  keyHash: string;
  /** The key's first characters, to tell keys apart in listings. */
  keyHint: string;
  /** Standard Webhooks secret, `whsec_<base64>`. */
  webhookSecret: string;
  pagesPerMonth: number;
  documentsInFlight: number;
  /** Documents of this tenant now awaiting upload, queued or running (a counter; see quotas.ts). */
  inFlight: number;
  createdAt: string;
  revokedAt?: string;
}

export interface DocumentUsage {
  pages: number;
  ocrPages: number;
  bytes: number;
  /** Pages billed: 0 for failed and rejected documents. */
  billedPages: number;
}

export interface DocumentRecord {
  pk: string;
  sk: string;
  tenantId: string;
  documentId: string;
  status: DocumentStatus;
  filename: string;
  /** Declared size, bytes; the upload must have exactly this many. */
  bytes: number;
  options: ReadflowOptions;
  metadata: Record<string, string>;
  webhook?: string;
  inputKey: string;
  idempotencyKey?: string;
  createdAt: string;
  updatedAt: string;
  /** When the upload URL stops working. */
  uploadExpiresAt: string;
  /** When the document and its files are removed (retention). */
  expiresAt: string;
  ttl: number;
  jobId?: string;
  pagesTotal?: number;
  /** Pages of each page batch, in batch order (to count pages done from the batch results present). */
  batchPages?: number[];
  resultKey?: string;
  usage?: DocumentUsage;
  error?: { code: string; message: string };
  finishedAt?: string;
  /** Pages reserved against the monthly quota at the split (removed, once, when the job is settled). */
  reservedPages?: number;
  /** The month (YYYY-MM) of the counter those pages are reserved on. */
  reservedMonth?: string;
  gsi1pk?: string;
  gsi1sk?: string;
}

/** The body of POST /v1/documents. */
export interface SubmitRequest {
  filename: string;
  bytes: number;
  options?: ReadflowOptions;
  pages?: string;
  metadata?: Record<string, string>;
  webhook?: string;
}

export interface UploadInstructions {
  url: string;
  method: 'PUT';
  headers: Record<string, string>;
  expiresAt: string;
}

/** A document as the API shows it. */
export interface DocumentView {
  id: string;
  status: DocumentStatus;
  filename: string;
  bytes: number;
  pages: { total: number | null; done: number };
  metadata: Record<string, string>;
  options: ReadflowOptions;
  webhook?: string;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
  upload?: UploadInstructions;
  result?: { json: string; md: string; txt: string; expiresAt: string };
  usage?: DocumentUsage;
  error?: { code: string; message: string };
}

export interface LedgerEntry {
  pk: string;
  sk: string;
  tenantId: string;
  jobId: string;
  documentId: string | null;
  key: string;
  day: string;
  status: string;
  pages: number;
  ocrPages: number;
  bytes: number;
  billedPages: number;
  billedOcrPages: number;
  engineVersion: string;
  /** A failed job's error (its first error diagnostic), so everything built from the entry says the same. */
  error?: { code: string; message: string };
  recordedAt: string;
  gsi1pk: string;
  gsi1sk: string;
}

export interface UsageDay {
  day: string;
  documents: number;
  pages: number;
  ocrPages: number;
  bytes: number;
  billedPages: number;
}
