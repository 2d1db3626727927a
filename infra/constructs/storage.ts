/**
 * The buckets: input (versioned: a job id includes the object's version, and a page worker reads exactly the
 * version the splitter planned), output (results, usage records, job scratch expired by a lifecycle rule) and the
 * server access logs of both. Public access blocked, TLS 1.2+ enforced by bucket policy, encrypted at rest.
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { ReadflowSettings } from '../config.js';

export class Storage extends Construct {
  readonly input: s3.Bucket;
  readonly output: s3.Bucket;
  readonly accessLogs: s3.Bucket;

  constructor(scope: Construct, id: string, s: ReadflowSettings) {
    super(scope, id);
    const removal = s.destroyData ? { removalPolicy: RemovalPolicy.DESTROY, autoDeleteObjects: true } : { removalPolicy: RemovalPolicy.RETAIN };
    const common = {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      // SSE-S3: encrypted at rest with no key policy to manage. SSE-KMS would need kms:Decrypt for every reader and
      // an AWS-managed key cannot be used by S3 event notifications to encrypted queues.
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      ...removal,
    };
    this.accessLogs = new s3.Bucket(this, 'AccessLogs', {
      ...common,
      lifecycleRules: [{ id: 'expire-access-logs', expiration: Duration.days(s.accessLogDays) }],
    });
    this.input = new s3.Bucket(this, 'Input', {
      ...common,
      versioned: true,
      serverAccessLogsBucket: this.accessLogs,
      serverAccessLogsPrefix: 'input/',
      lifecycleRules: [
        // Versioning keeps every overwritten upload; old versions are only needed while their jobs run.
        { id: 'expire-old-versions', noncurrentVersionExpiration: Duration.days(s.jobScratchDays) },
        { id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
        // Retention of API uploads: as long as their document records (DynamoDB TTL, same number of days).
        { id: 'expire-api-inputs', prefix: `${s.inputPrefix}${s.tenantPrefix}`, expiration: Duration.days(s.retentionDays) },
      ],
    });
    this.output = new s3.Bucket(this, 'Output', {
      ...common,
      serverAccessLogsBucket: this.accessLogs,
      serverAccessLogsPrefix: 'output/',
      lifecycleRules: [
        // Manifests and page batch results are only needed until the job's result is written.
        { id: 'expire-job-scratch', prefix: s.jobPrefix, expiration: Duration.days(s.jobScratchDays) },
        { id: 'expire-api-results', prefix: `${s.resultPrefix}${s.inputPrefix}${s.tenantPrefix}`, expiration: Duration.days(s.retentionDays) },
        { id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
    });
  }
}
