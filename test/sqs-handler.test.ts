/**
 * The queue consumers' shared tail (functions/shared/sqs.ts): each record on its own, a failed record reported and
 * the others settled, the setup read once per invocation, and the invocation's metrics published once at its end.
 */
import type { Context, SQSEvent, SQSRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { sqsHandler } from '../functions/shared/sqs.js';

const record = (id: string, body: string): SQSRecord =>
  ({
    messageId: id,
    receiptHandle: id,
    body,
    attributes: {},
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:us-east-1:0:q',
    awsRegion: 'us-east-1',
  }) as unknown as SQSRecord;
const context = { functionName: 'readflow-test', awsRequestId: 'req-1', getRemainingTimeInMillis: () => 60_000 } as unknown as Context;

describe('sqsHandler', () => {
  it('reports only the records that failed, and reads its setup once per invocation', async () => {
    let setups = 0;
    const seen: string[] = [];
    const handler = sqsHandler({
      setup: () => ({ n: ++setups }),
      record: async (r) => {
        seen.push(r.body);
        if (r.body === 'bad') throw new Error('this one fails');
      },
    });
    const event: SQSEvent = { Records: [record('a', 'one'), record('b', 'bad'), record('c', 'three')] };
    const out = await handler(event, context);
    expect(out.batchItemFailures).toEqual([{ itemIdentifier: 'b' }]);
    expect(seen).toEqual(['one', 'bad', 'three']);
    expect(setups).toBe(1);
    await handler({ Records: [record('d', 'four')] }, context);
    expect(setups).toBe(2);
  });
});
