/**
 * The queues: intake (S3 events), pages (page batches), aggregate (finished jobs), one dead-letter queue for all
 * three (the dead-letter handler tells their messages apart), a last-resort queue for dead letters the handler
 * itself cannot settle, and the notification queue a product subscribes to. All encrypted (SSE-SQS) and TLS-only.
 *
 * Visibility timeout = 6 × the consumer's timeout, as AWS recommends for Lambda event sources: a message must stay
 * invisible while the function retries throttled invocations of the same batch, or it is delivered twice.
 */
import { Duration, Validations } from 'aws-cdk-lib';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { functionSettings, type ReadflowSettings } from '../config.js';

/** How long messages stay invisible to other consumers, from the consuming function's timeout. */
export const visibilityFor = (timeoutSeconds: number) => Duration.seconds(6 * timeoutSeconds);

/** Dead letters wait this long for a person or the handler; the SQS maximum. */
const FOURTEEN_DAYS = Duration.days(14);

export class Queues extends Construct {
  readonly intake: sqs.Queue;
  readonly pages: sqs.Queue;
  readonly aggregate: sqs.Queue;
  readonly deadLetter: sqs.Queue;
  readonly unprocessable: sqs.Queue;
  readonly notify: sqs.Queue;

  constructor(scope: Construct, id: string, s: ReadflowSettings) {
    super(scope, id);
    const secure = { encryption: sqs.QueueEncryption.SQS_MANAGED, enforceSSL: true } as const;
    const timeout = (name: Parameters<typeof functionSettings>[1]) => functionSettings(s, name).timeoutSeconds;

    this.unprocessable = new sqs.Queue(this, 'Unprocessable', { ...secure, retentionPeriod: FOURTEEN_DAYS });
    this.deadLetter = new sqs.Queue(this, 'DeadLetter', {
      ...secure,
      retentionPeriod: FOURTEEN_DAYS,
      visibilityTimeout: visibilityFor(timeout('deadLetter')),
      // Without a redrive a dead letter the handler keeps failing on would be retried until it expires.
      deadLetterQueue: { queue: this.unprocessable, maxReceiveCount: s.maxReceiveCount },
    });
    const redrive = { queue: this.deadLetter, maxReceiveCount: s.maxReceiveCount };
    this.intake = new sqs.Queue(this, 'Intake', { ...secure, visibilityTimeout: visibilityFor(timeout('splitter')), deadLetterQueue: redrive });
    this.pages = new sqs.Queue(this, 'Pages', { ...secure, visibilityTimeout: visibilityFor(timeout('pageWorker')), deadLetterQueue: redrive });
    this.aggregate = new sqs.Queue(this, 'Aggregate', {
      ...secure,
      visibilityTimeout: visibilityFor(timeout('aggregator')),
      deadLetterQueue: redrive,
    });
    this.notify = new sqs.Queue(this, 'Notify', { ...secure, retentionPeriod: FOURTEEN_DAYS });
    Validations.of(this.notify).acknowledge({
      id: 'AwsSolutions::AwsSolutions-SQS3',
      reason:
        'Completion announcements for a product built on top: the pipeline only sends to this queue, so a redrive policy ' +
        'belongs to the consuming product (its retries, its dead-letter queue), not to the pipeline.',
    });
  }
}
