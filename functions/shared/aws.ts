/** AWS clients, one per process (reused across warm invocations). */
import { S3Client } from '@aws-sdk/client-s3';
import { SQSClient } from '@aws-sdk/client-sqs';
import type { PipelineConfig } from './env.js';

export interface Clients {
  s3: S3Client;
  sqs: SQSClient;
}

const cache = new Map<string, Clients>();

export function clients(config: Pick<PipelineConfig, 'endpoint' | 'region'>): Clients {
  const key = `${config.endpoint ?? ''}|${config.region}`;
  let c = cache.get(key);
  if (!c) {
    // A local endpoint takes any credentials; use the environment's when set, else fixed local ones.
    const local = config.endpoint
      ? {
          endpoint: config.endpoint,
          credentials: {
            accessKeyId: process.env.AWS_ACCESS_KEY_ID ?? 'local',
            secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY ?? 'local',
          },
        }
      : {};
    c = {
      // Path-style addressing and checksums only when required work with AWS and with local S3 servers alike.
      s3: new S3Client({
        region: config.region,
        ...local,
        forcePathStyle: Boolean(config.endpoint),
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
      sqs: new SQSClient({ region: config.region, ...local }),
    };
    cache.set(key, c);
  }
  return c;
}
