/**
 * Typed errors. Every failure readflow reports has a stable `code` a caller can branch on and a message a person
 * can act on.
 */

export type ErrorCode =
  /** The bytes are not a PDF (no `%PDF-` header near the start). */
  | 'not-pdf'
  /** The file ends before its end-of-file marker and could not be read. */
  | 'truncated'
  /** The file's structure is damaged beyond what the parser can recover. */
  | 'corrupt'
  /** The document needs a password that was not given (or the one given is wrong). */
  | 'encrypted'
  /** The document has no pages. */
  | 'empty'
  /** The input is larger than `maxBytes`. */
  | 'too-large'
  /** An option has a value readflow cannot use. */
  | 'bad-option'
  /** `strict: true` and the engine had to make a conservative choice or refuse. */
  | 'strict'
  /** A bug or an environment problem, not the input's fault. */
  | 'internal';

/** Codes that mean the input itself was rejected. */
export const INPUT_ERROR_CODES: ReadonlySet<ErrorCode> = new Set(['not-pdf', 'truncated', 'corrupt', 'encrypted', 'empty', 'too-large']);

export class ReadflowError extends Error {
  override readonly name = 'ReadflowError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly detail?: Record<string, unknown>,
  ) {
    super(message);
  }

  /** True when the input was rejected (as opposed to an option or internal problem). */
  get isInputError(): boolean {
    return INPUT_ERROR_CODES.has(this.code);
  }
}

export function isReadflowError(e: unknown): e is ReadflowError {
  return e instanceof ReadflowError;
}
