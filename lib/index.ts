/** readflow: PDF text in the order a person reads it. */
export {
  extractDocument,
  planDocument,
  extractPages,
  finishDocument,
  type ExtractOptions,
  type DocumentPlan,
} from './extract.js';
export { resolveOptions, DEFAULT_OPTIONS, type ReadflowOptions, type ResolvedOptions } from './options.js';
export { ReadflowError, isReadflowError, type ErrorCode } from './errors.js';
export { DIAGNOSTICS, DIAGNOSTIC_CODES, type DiagnosticCode, type DiagnosticSpec } from './diagnostics.js';
export { ENGINE_NAME, ENGINE_VERSION, SCHEMA_VERSION } from './constants.js';
export { renderText } from './render/text.js';
export { renderMarkdown } from './render/markdown.js';
export { renderChunks, type Chunk, type ChunkOptions } from './render/chunks.js';
export { terminateOcr } from './ocr/engine.js';
export type * from './types.js';
