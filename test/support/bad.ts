/**
 * fixtures/bad.ts names each refusal in its own words (`expectError`); readflow reports them with its ErrorCode
 * vocabulary. This is the translation, and the exact code each bad input should get from what its bytes are.
 */
import type { ErrorCode } from '../../lib/errors.js';

/** The readflow codes that mean each fixture outcome. */
export const CODES_FOR_OUTCOME: Record<string, readonly ErrorCode[]> = {
  /** No document can be opened: not a PDF at all, cut short, or damaged beyond repair. */
  'invalid-pdf': ['not-pdf', 'truncated', 'corrupt'],
  'password-required': ['encrypted'],
  'no-pages': ['empty'],
};

/**
 * The precise code per bad input: HTML bytes are not a PDF; a file cut at 60% has no %%EOF (truncated); a file with
 * garbled xref and no catalog but an intact %%EOF is corrupt.
 */
export const CODE_FOR_INPUT: Record<string, ErrorCode> = {
  'not-pdf': 'not-pdf',
  truncated: 'truncated',
  corrupt: 'corrupt',
  encrypted: 'encrypted',
  empty: 'empty',
};

/** Runs `fn` and returns what it threw (fails the test through the caller if it did not throw). */
export async function rejection(fn: () => Promise<unknown>): Promise<unknown> {
  try {
    await fn();
  } catch (e) {
    return e;
  }
  return undefined;
}
