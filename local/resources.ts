/**
 * The pipeline's buckets and queues on a local server, created through the AWS wire protocol the way the stack
 * creates them on AWS: intake, pages and aggregate queues, each with a dead-letter queue (redrive after a few
 * receives), a notification queue, an input and an output bucket.
 */
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { CreateQueueCommand, GetQueueAttributesCommand } from '@aws-sdk/client-sqs';
import { clients } from '../functions/shared/aws.js';
import type { Environment } from '../functions/shared/env-vars.js';

export interface LocalResources {
  inputBucket: string;
  outputBucket: string;
  intakeQueueUrl: string;
  pagesQueueUrl: string;
  aggregateQueueUrl: string;
  notifyQueueUrl: string;
  deadLetterQueueUrl: string;
  /** Webhook deliveries, their dead letters, and the local stand-in for the billing EventBridge bus. */
  webhookQueueUrl: string;
  webhookDeadLetterQueueUrl: string;
  eventsQueueUrl: string;
  /** Environment for the handlers (what the stack sets on the functions), plus the SDK's own variables. */
  env: Environment & Record<string, string>;
}

export interface ResourceOptions {
  /** Seconds a received message stays invisible before it is delivered again (long enough for an OCR batch). @default 180 */
  visibilityTimeout?: number;
  /** Receives before a message moves to the dead-letter queue. @default 3 */
  maxReceiveCount?: number;
}

export async function createResources(endpoint: string, opts: ResourceOptions = {}): Promise<LocalResources> {
  const region = 'us-east-1';
  const c = clients({ endpoint, region });
  const inputBucket = 'readflow-input';
  const outputBucket = 'readflow-output';
  for (const b of [inputBucket, outputBucket]) await c.s3.send(new CreateBucketCommand({ Bucket: b }));
  const queue = async (name: string, attributes: Record<string, string> = {}) => {
    const r = await c.sqs.send(new CreateQueueCommand({ QueueName: name, Attributes: attributes }));
    return r.QueueUrl!;
  };
  const dlq = await queue('readflow-dead-letter');
  const dlqArn = (await c.sqs.send(new GetQueueAttributesCommand({ QueueUrl: dlq, AttributeNames: ['QueueArn'] }))).Attributes!.QueueArn!;
  const redrive = {
    VisibilityTimeout: String(opts.visibilityTimeout ?? 180),
    RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlqArn, maxReceiveCount: opts.maxReceiveCount ?? 3 }),
  };
  const intake = await queue('readflow-intake', redrive);
  const pages = await queue('readflow-pages', redrive);
  const aggregate = await queue('readflow-aggregate', redrive);
  const notify = await queue('readflow-notify');
  // The webhook sender settles each message itself (re-enqueues with backoff or dead-letters), so its queue has
  // a redrive only for deliveries that crash the handler repeatedly.
  const webhookDlq = await queue('readflow-webhook-dead-letter');
  const webhookDlqArn = (await c.sqs.send(new GetQueueAttributesCommand({ QueueUrl: webhookDlq, AttributeNames: ['QueueArn'] }))).Attributes!
    .QueueArn!;
  const webhooks = await queue('readflow-webhooks', {
    VisibilityTimeout: '60',
    RedrivePolicy: JSON.stringify({ deadLetterTargetArn: webhookDlqArn, maxReceiveCount: 5 }),
  });
  const events = await queue('readflow-billing-events');
  return {
    inputBucket,
    outputBucket,
    intakeQueueUrl: intake,
    pagesQueueUrl: pages,
    aggregateQueueUrl: aggregate,
    notifyQueueUrl: notify,
    deadLetterQueueUrl: dlq,
    webhookQueueUrl: webhooks,
    webhookDeadLetterQueueUrl: webhookDlq,
    eventsQueueUrl: events,
    env: {
      AWS_REGION: region,
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      ...({
        AWS_ENDPOINT_URL: endpoint,
        OUTPUT_BUCKET: outputBucket,
        PAGES_QUEUE_URL: pages,
        AGGREGATE_QUEUE_URL: aggregate,
        NOTIFY_QUEUE_URL: notify,
        INPUT_BUCKET: inputBucket,
      } satisfies Environment),
    },
  };
}
