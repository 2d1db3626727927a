/**
 * Which test files belong to which vitest project (vitest.config.ts):
 *
 * - unit: pure, in-memory tests of the engine's rules and small modules; seconds in all (`npm run test:unit`, the
 *   edit loop).
 * - heavy: OCR, packaging the Lambda bundles, the pipeline under load, degraded scans: CPU-bound minutes, run after
 *   the others with one worker, so a loaded two-core machine runs one at a time.
 * - integration: everything else (real PDFs through the whole engine, the CLI, the local S3/SQS pipeline, the CDK
 *   stack). A new test file lands here unless it is listed below.
 */
export const UNIT = [
  'boundaries.test.ts',
  'corpus.test.ts',
  'diagnostics.test.ts',
  'env-vars.test.ts',
  'line-numbers.test.ts',
  'stacks.test.ts',
  'runaround.test.ts',
  'parallel.test.ts',
  'no-local-paths.test.ts',
  'document-rules.test.ts',
  'eval-score.test.ts',
  'furniture-rules.test.ts',
  'layout.test.ts',
  'formulas.test.ts',
  'glyphs.test.ts',
  'overprint.test.ts',
  'ruby.test.ts',
  'invisible-layer.test.ts',
  'lists-side-by-side.test.ts',
  'ocr-image.test.ts',
  'projects.test.ts',
  'redraw.test.ts',
  'samples.test.ts',
  'schema.test.ts',
  'sqs-handler.test.ts',
  'tagged.test.ts',
];

export const HEAVY = ['degrade.test.ts', 'ocr.test.ts', 'package.test.ts', 'pipeline-load.test.ts'];
