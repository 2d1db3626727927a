/** Names and versions that appear in every result. */

export const ENGINE_NAME = 'readflow';

/**
 * Engine version: part of every job id and of `engine.version`. Bump it whenever the output for the same input
 * and options can change, so results made by an older engine are recognised and reprocessed.
 */
export const ENGINE_VERSION = '0.1.0';

/** Version of the JSON contract (schema/document.schema.json). */
export const SCHEMA_VERSION = '1.0';
