/**
 * Errors as RFC 9457 problem details (`application/problem+json`), each with a stable `code` clients can branch on.
 * The `type` URI names the code; `title` is fixed per code, `detail` says what happened this time.
 */
export const PROBLEMS = {
  'invalid-request': { status: 400, title: 'The request is not valid' },
  'invalid-webhook': { status: 400, title: 'The webhook URL is not allowed' },
  unauthorized: { status: 401, title: 'A valid API key is required' },
  'not-found': { status: 404, title: 'No such resource' },
  'method-not-allowed': { status: 405, title: 'Method not allowed on this resource' },
  'document-busy': { status: 409, title: 'The document is being processed' },
  'idempotency-in-progress': { status: 409, title: 'A request with this Idempotency-Key is still being processed' },
  'too-large': { status: 413, title: 'The declared size is over the limit' },
  'unsupported-media-type': { status: 415, title: 'Send JSON' },
  'idempotency-key-reused': { status: 422, title: 'This Idempotency-Key was used with another request body' },
  'quota-pages': { status: 429, title: 'The monthly page quota is used up' },
  'quota-in-flight': { status: 429, title: 'Too many documents in flight' },
  internal: { status: 500, title: 'Internal error' },
} as const;

export type ProblemCode = keyof typeof PROBLEMS;

export const PROBLEM_TYPE_BASE = 'https://readflow.dev/problems/';

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ProblemCode;
  instance?: string;
  errors?: { path: string; message: string }[];
}

export class Problem extends Error {
  constructor(
    readonly code: ProblemCode,
    readonly detail: string,
    readonly extra: { headers?: Record<string, string>; errors?: { path: string; message: string }[] } = {},
  ) {
    super(detail);
  }

  get status(): number {
    return PROBLEMS[this.code].status;
  }

  body(instance?: string): ProblemBody {
    const p = PROBLEMS[this.code];
    return {
      type: PROBLEM_TYPE_BASE + this.code,
      title: p.title,
      status: p.status,
      detail: this.detail,
      code: this.code,
      ...(instance ? { instance } : {}),
      ...(this.extra.errors ? { errors: this.extra.errors } : {}),
    };
  }
}
