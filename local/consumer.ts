/**
 * Runs a Lambda handler the way an SQS event source mapping does: long-polls the queue, hands the handler an
 * AWS-shaped SQSEvent of up to `batchSize` records, deletes the records it did not report in batchItemFailures,
 * and leaves the others (and everything, if the handler throws) to come back after the visibility timeout, until
 * the queue's redrive policy moves them to the dead-letter queue.
 */
import { DeleteMessageBatchCommand, ReceiveMessageCommand, type Message } from '@aws-sdk/client-sqs';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import { clients } from '../functions/shared/aws.js';

export type SqsHandler = (event: SQSEvent, context: Context) => Promise<SQSBatchResponse | undefined>;

export interface ConsumerOptions {
  name: string;
  endpoint: string;
  queueUrl: string;
  handler: SqsHandler;
  /** Records per invocation (the event source mapping's batch size). @default 10 */
  batchSize?: number;
  /** Long-poll wait, seconds. @default 1 */
  waitSeconds?: number;
  /** Called after each invocation. */
  onInvoke?: (records: number, failures: number, error?: unknown) => void;
}

function lambdaContext(name: string): Context {
  const deadline = Date.now() + 15 * 60_000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: name,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${name}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${name}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

function record(m: Message, queueUrl: string): SQSRecord {
  const name = queueUrl.split('/').pop()!;
  return {
    messageId: m.MessageId!,
    receiptHandle: m.ReceiptHandle!,
    body: m.Body ?? '',
    attributes: {
      ApproximateReceiveCount: m.Attributes?.ApproximateReceiveCount ?? '1',
      SentTimestamp: m.Attributes?.SentTimestamp ?? String(Date.now()),
      SenderId: m.Attributes?.SenderId ?? 'local',
      ApproximateFirstReceiveTimestamp: m.Attributes?.ApproximateFirstReceiveTimestamp ?? String(Date.now()),
    },
    messageAttributes: {},
    md5OfBody: m.MD5OfBody ?? '',
    eventSource: 'aws:sqs',
    eventSourceARN: `arn:aws:sqs:us-east-1:000000000000:${name}`,
    awsRegion: 'us-east-1',
  };
}

export class Consumer {
  private running = false;
  private loop: Promise<void> | null = null;

  constructor(private readonly o: ConsumerOptions) {}

  /** The function this consumer stands in for. */
  get name(): string {
    return this.o.name;
  }

  start(): this {
    if (this.running) return this;
    this.running = true;
    this.loop = this.run();
    return this;
  }

  /** Stop after the invocation in flight (if any) returns. */
  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
  }

  private async run(): Promise<void> {
    const { sqs } = clients({ endpoint: this.o.endpoint, region: 'us-east-1' });
    while (this.running) {
      let messages: Message[] = [];
      try {
        const r = await sqs.send(
          new ReceiveMessageCommand({
            QueueUrl: this.o.queueUrl,
            MaxNumberOfMessages: this.o.batchSize ?? 10,
            WaitTimeSeconds: this.o.waitSeconds ?? 1,
            MessageSystemAttributeNames: ['All'],
          }),
        );
        messages = r.Messages ?? [];
      } catch {
        if (!this.running) break;
        await new Promise((res) => setTimeout(res, 200));
        continue;
      }
      if (messages.length === 0) continue;
      const event: SQSEvent = { Records: messages.map((m) => record(m, this.o.queueUrl)) };
      let failed = new Set<string>(messages.map((m) => m.MessageId!));
      let error: unknown;
      try {
        const response = await this.o.handler(event, lambdaContext(this.o.name));
        failed = new Set((response?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
      } catch (e) {
        error = e;
      }
      const done = messages.filter((m) => !failed.has(m.MessageId!));
      if (done.length) {
        await sqs.send(
          new DeleteMessageBatchCommand({
            QueueUrl: this.o.queueUrl,
            Entries: done.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle! })),
          }),
        );
      }
      this.o.onInvoke?.(messages.length, failed.size, error);
    }
  }
}
