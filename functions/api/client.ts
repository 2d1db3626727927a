/**
 * A small typed client of the readflow HTTP API (schema/openapi.json), for products, tests and the load test.
 * Uses the global fetch; no AWS SDK. Errors come back as values (the problem details), not exceptions, so a caller
 * can branch on `problem.code`.
 */
import type { ProblemBody } from './problems.js';
import type { DocumentStatus, DocumentView, SubmitRequest, UploadInstructions, UsageDay } from './types.js';

export type { DocumentStatus, DocumentView, ProblemBody, SubmitRequest, UploadInstructions, UsageDay };

export type ApiResult<T> =
  | { ok: true; status: number; body: T; headers: Headers }
  | { ok: false; status: number; problem: ProblemBody; headers: Headers };

export interface DocumentList {
  items: DocumentView[];
  nextCursor: string | null;
}

export interface Usage {
  tenantId: string;
  from: string;
  to: string;
  days: UsageDay[];
  total: Omit<UsageDay, 'day'>;
}

export class ReadflowClient {
  constructor(
    readonly baseUrl: string,
    private readonly apiKey: string,
  ) {}

  private async call<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResult<T>> {
    const r = await fetch(new URL(path, this.baseUrl), {
      method,
      headers: {
        authorization: `Bearer ${this.apiKey}`,
        accept: 'application/json',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await r.text();
    const parsed = text ? (JSON.parse(text) as unknown) : null;
    return r.ok
      ? { ok: true, status: r.status, body: parsed as T, headers: r.headers }
      : { ok: false, status: r.status, problem: parsed as ProblemBody, headers: r.headers };
  }

  /** POST /v1/documents: a document record and where to upload its PDF. */
  submit(req: SubmitRequest, o: { idempotencyKey?: string } = {}): Promise<ApiResult<DocumentView & { upload: UploadInstructions }>> {
    return this.call('POST', '/v1/documents', req, o.idempotencyKey ? { 'idempotency-key': o.idempotencyKey } : {});
  }

  get(id: string): Promise<ApiResult<DocumentView>> {
    return this.call('GET', `/v1/documents/${encodeURIComponent(id)}`);
  }

  list(q: { status?: DocumentStatus; cursor?: string; limit?: number } = {}): Promise<ApiResult<DocumentList>> {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries(q)) if (v !== undefined) p.set(k, String(v));
    return this.call('GET', `/v1/documents${p.size ? `?${p}` : ''}`);
  }

  delete(id: string): Promise<ApiResult<null>> {
    return this.call('DELETE', `/v1/documents/${encodeURIComponent(id)}`);
  }

  usage(q: { from?: string; to?: string } = {}): Promise<ApiResult<Usage>> {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries(q)) if (v !== undefined) p.set(k, v);
    return this.call('GET', `/v1/usage${p.size ? `?${p}` : ''}`);
  }

  /** Uploads the PDF with the presigned request the submit answered with; the HTTP status of the upload. */
  static async upload(upload: UploadInstructions, bytes: Uint8Array): Promise<number> {
    const headers = { ...upload.headers };
    // fetch sets Content-Length from the body itself (and refuses to be told otherwise).
    delete headers['content-length'];
    const r = await fetch(upload.url, { method: upload.method, headers, body: bytes });
    await r.arrayBuffer();
    return r.status;
  }

  /** Polls a document until it has finished (complete, partial or failed). */
  async waitUntilFinished(id: string, o: { timeoutMs?: number; everyMs?: number } = {}): Promise<DocumentView> {
    const until = Date.now() + (o.timeoutMs ?? 120_000);
    for (;;) {
      const r = await this.get(id);
      if (!r.ok) throw new Error(`GET ${id}: ${r.status} ${r.problem?.code}`);
      if (['complete', 'partial', 'failed'].includes(r.body.status)) return r.body;
      if (Date.now() > until) throw new Error(`document ${id} still ${r.body.status} after ${o.timeoutMs ?? 120_000} ms`);
      await new Promise((res) => setTimeout(res, o.everyMs ?? 200));
    }
  }
}
