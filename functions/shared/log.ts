/**
 * Structured JSON logs (Powertools Logger), one logger per function, created on first use so that the level set in
 * the environment (LOG_LEVEL / POWERTOOLS_LOG_LEVEL) applies however the handler was loaded. Each invocation's
 * Lambda context (request id, function name, cold start) is added to every logger by `withLambdaContext`.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import type { Context } from 'aws-lambda';

type Level = 'info' | 'warn' | 'error' | 'debug';
export type Log = Record<Level, (message: string, extra?: Record<string, unknown>) => void>;

const loggers: Logger[] = [];
let current: Context | null = null;

export function logger(serviceName: string): Log {
  let l: Logger | undefined;
  const get = () => {
    if (!l) {
      l = new Logger({ serviceName });
      if (current) l.addContext(current);
      loggers.push(l);
    }
    return l;
  };
  const at =
    (level: Level) =>
    (message: string, extra: Record<string, unknown> = {}) =>
      get()[level](message, extra);
  return { info: at('info'), warn: at('warn'), error: at('error'), debug: at('debug') };
}

/** Every log line of this invocation carries its Lambda context. */
export function withLambdaContext(context: Context): void {
  current = context;
  for (const l of loggers) l.addContext(context);
}
