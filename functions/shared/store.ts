/** The few S3 operations the pipeline needs, with "not found" as a value rather than an exception. */
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';

export interface ObjectHead {
  bytes: number;
  etag: string | null;
  versionId: string | null;
}

const notFound = (e: unknown) => {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return err?.name === 'NotFound' || err?.name === 'NoSuchKey' || err?.$metadata?.httpStatusCode === 404;
};

/** The object is no longer the version asked for (If-Match on an ETag that changed). */
export const isPreconditionFailed = (e: unknown) => {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return err?.name === 'PreconditionFailed' || err?.$metadata?.httpStatusCode === 412;
};

export async function head(s3: S3Client, bucket: string, key: string, versionId?: string | null): Promise<ObjectHead | null> {
  try {
    const r = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key, ...(versionId ? { VersionId: versionId } : {}) }));
    return { bytes: r.ContentLength ?? 0, etag: r.ETag?.replace(/"/g, '') ?? null, versionId: r.VersionId ?? null };
  } catch (e) {
    if (notFound(e)) return null;
    throw e;
  }
}

export async function exists(s3: S3Client, bucket: string, key: string): Promise<boolean> {
  return (await head(s3, bucket, key)) !== null;
}

/** The object's bytes; a version when given, else the current object, checked against its ETag when given. */
export async function getBytes(
  s3: S3Client,
  bucket: string,
  key: string,
  at: { versionId?: string | null; etag?: string | null } = {},
): Promise<Uint8Array> {
  const r = await s3.send(
    new GetObjectCommand({
      Bucket: bucket,
      Key: key,
      ...(at.versionId ? { VersionId: at.versionId } : at.etag ? { IfMatch: `"${at.etag}"` } : {}),
    }),
  );
  return r.Body ? await r.Body.transformToByteArray() : new Uint8Array();
}

export async function getJson<T>(s3: S3Client, bucket: string, key: string): Promise<T | null> {
  try {
    const bytes = await getBytes(s3, bucket, key);
    return JSON.parse(Buffer.from(bytes).toString('utf8')) as T;
  } catch (e) {
    if (notFound(e)) return null;
    throw e;
  }
}

export async function putText(s3: S3Client, bucket: string, key: string, body: string, contentType: string): Promise<void> {
  await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }));
}

export const putJson = (s3: S3Client, bucket: string, key: string, value: unknown) =>
  putText(s3, bucket, key, JSON.stringify(value), 'application/json');

/** Every key under a prefix. */
export async function listKeys(s3: S3Client, bucket: string, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const r = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
    for (const o of r.Contents ?? []) if (o.Key) keys.push(o.Key);
    token = r.IsTruncated ? r.NextContinuationToken : undefined;
  } while (token);
  return keys;
}
