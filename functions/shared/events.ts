/** Event shapes the pipeline sends itself: an S3 ObjectCreated notification (for reprocessing and local mode). */
import type { SourceRef } from './jobs.js';

/** An ObjectCreated event as S3 delivers it to a queue (keys URL-encoded, spaces as '+'). */
export function s3EventBody(ref: SourceRef, size: number): string {
  return JSON.stringify({
    Records: [
      {
        eventVersion: '2.1',
        eventSource: 'aws:s3',
        awsRegion: process.env.AWS_REGION ?? 'us-east-1',
        eventTime: new Date().toISOString(),
        eventName: 'ObjectCreated:Put',
        s3: {
          s3SchemaVersion: '1.0',
          bucket: { name: ref.bucket, arn: `arn:aws:s3:::${ref.bucket}` },
          object: {
            key: encodeURIComponent(ref.key).replace(/%20/g, '+').replace(/%2F/g, '/'),
            size,
            ...(ref.etag ? { eTag: ref.etag } : {}),
            ...(ref.versionId ? { versionId: ref.versionId } : {}),
          },
        },
      },
    ],
  });
}
