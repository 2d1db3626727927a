/**
 * The tail every queue consumer shares: the Lambda context on the logs, the cold-start metric, each record handled
 * on its own (a failed record is reported in `batchItemFailures` and only it comes back), and the invocation's
 * metrics published once at the end.
 */
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { withLambdaContext } from './log.js';
import { coldStart, flushMetrics } from './metrics.js';

export interface SqsHandlerSpec<T> {
  /** Read once per invocation (the configuration, clients). */
  setup: () => T;
  /** One record; throwing fails this record only. */
  record: (r: SQSRecord, setup: T) => Promise<unknown>;
  /** Handle the batch's records at once (the webhook sender) instead of one after the other. @default false */
  parallel?: boolean;
}

export function sqsHandler<T>(spec: SqsHandlerSpec<T>): (event: SQSEvent, context: Context) => Promise<SQSBatchResponse> {
  const processor = new BatchProcessor(EventType.SQS);
  return async (event, context) => {
    withLambdaContext(context);
    coldStart();
    try {
      const setup = spec.setup();
      return await processPartialResponse(event, (r: SQSRecord) => spec.record(r, setup), processor, {
        context,
        processInParallel: spec.parallel ?? false,
        throwOnFullBatchFailure: false,
      });
    } finally {
      flushMetrics();
    }
  };
}

/** The same for a handler that is not a queue consumer (the API, the reprocess run). */
export async function invocation<R>(context: Context | undefined, body: () => Promise<R>): Promise<R> {
  if (context) withLambdaContext(context);
  coldStart();
  try {
    return await body();
  } finally {
    flushMetrics();
  }
}
