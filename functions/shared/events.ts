/**
 * S3 ObjectCreated notifications: the ones the pipeline sends itself (reprocessing, local mode) and reading the
 * objects out of one, as the splitter and the dead-letter handler do.
 */
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

/** An S3 event record as S3 sends it (keys are URL-encoded, spaces as '+'). */
interface S3EventRecord {
  s3: { bucket: { name: string }; object: { key: string; size?: number; eTag?: string; versionId?: string } };
}

export function objectsOf(body: string): SourceRef[] {
  const parsed = JSON.parse(body) as { Records?: S3EventRecord[]; Event?: string };
  if (parsed.Event === 's3:TestEvent') return [];
  return (parsed.Records ?? []).map((r) => ({
    bucket: r.s3.bucket.name,
    key: decodeURIComponent(r.s3.object.key.replace(/\+/g, ' ')),
    versionId: r.s3.object.versionId ?? null,
    etag: r.s3.object.eTag?.replace(/"/g, '') ?? null,
  }));
}
