/**
 * Structured JSON logs (Powertools Logger), one logger per function, created on first use so that the level set in
 * the environment (LOG_LEVEL / POWERTOOLS_LOG_LEVEL) applies however the handler was loaded.
 */
import { Logger } from '@aws-lambda-powertools/logger';

type Level = 'info' | 'warn' | 'error' | 'debug';
export type Log = Record<Level, (message: string, extra?: Record<string, unknown>) => void>;

export function logger(serviceName: string): Log {
  let l: Logger | undefined;
  const get = () => (l ??= new Logger({ serviceName }));
  const at = (level: Level) => (message: string, extra: Record<string, unknown> = {}) => get()[level](message, extra);
  return { info: at('info'), warn: at('warn'), error: at('error'), debug: at('debug') };
}
