/**
 * cdk-nag acknowledgements that concern several resources or resources CDK itself adds, each with its reason.
 * (Single-resource ones sit next to the resource, in constructs/.)
 */
import { Stack, Validations, type CfnElement } from 'aws-cdk-lib';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type { IConstruct } from 'constructs';
import type { ReadflowSettings } from './config.js';
import type { ReadflowFunction } from './constructs/function.js';

const IAM5 = 'AwsSolutions::AwsSolutions-IAM5';

/** The token cdk-nag prints for a bucket's ARN in a finding: `<LogicalId.Arn>`. */
const arnToken = (bucket: s3.Bucket) => `<${Stack.of(bucket).getLogicalId(bucket.node.defaultChild as CfnElement)}.Arn>`;

/**
 * The object grants end in `*` because object keys are not known in advance (they derive from input keys and job
 * ids); each is scoped to one bucket and one key prefix, and only the actions the code performs are granted.
 */
export function acknowledgeScopedGrants(fns: ReadflowFunction[], input: s3.Bucket, output: s3.Bucket, s: ReadflowSettings): void {
  const resources = [`${arnToken(input)}/${s.inputPrefix}*`, ...[s.jobPrefix, s.resultPrefix, s.usagePrefix].map((p) => `${arnToken(output)}/${p}*`)];
  for (const fn of fns) {
    for (const r of resources) {
      Validations.of(fn.role).acknowledge({
        id: `${IAM5}[Resource::${r}]`,
        reason:
          'Object keys are only known at run time (input keys, job ids), so object permissions name a key prefix; ' +
          'each grant is limited to one bucket, one prefix and the object actions this function performs.',
      });
    }
  }
}

/**
 * The API's grants: object keys under the tenant prefix (one per document), the job scratch and usage records a
 * DELETE removes, and the table's indexes (the index name is fixed, but IAM names an index by ARN under the table).
 */
export function acknowledgeApiGrants(
  fns: ReadflowFunction[],
  api: { table: { node: IConstruct['node'] } },
  input: s3.Bucket,
  output: s3.Bucket,
  s: ReadflowSettings,
): void {
  const tenant = `${s.inputPrefix}${s.tenantPrefix}`;
  const tableToken = `<${Stack.of(input).getLogicalId(api.table.node.defaultChild as CfnElement)}.Arn>`;
  const resources = [`${arnToken(input)}/${tenant}*`, `${arnToken(output)}/${s.resultPrefix}${tenant}*`, `${tableToken}/index/*`];
  for (const fn of fns) {
    for (const r of resources) {
      Validations.of(fn.role).acknowledge({
        id: `${IAM5}[Resource::${r}]`,
        reason:
          'Document ids are only known at run time, so API object permissions name the tenant prefix of one bucket; the ' +
          'table index grant covers the one index of the API table (query only, no scan).',
      });
    }
  }
}

/** Runtime choice, acknowledged on each function. */
export function acknowledgeRuntime(fns: ReadflowFunction[]): void {
  for (const fn of fns) {
    Validations.of(fn.fn).acknowledge({
      id: 'AwsSolutions::AwsSolutions-L1',
      reason:
        'nodejs22.x is deliberate: it is supported by Lambda, and the bundle is tested on Node 20 and 22 (pdfjs-dist 5.6 and ' +
        'vitest 4 are pinned for Node 20 compatibility); nodejs24.x is adopted once the test machines run Node 24.',
    });
  }
}

/** Resources CDK adds on our behalf (the S3 notification handler; the auto-delete provider with destroyData). */
export function acknowledgeFrameworkResources(stack: Stack): void {
  for (const child of stack.node.children as IConstruct[]) {
    if (child.node.id.startsWith('BucketNotificationsHandler')) {
      Validations.of(child).acknowledge({
        id: 'AwsSolutions::AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: "CDK's own handler that configures the input bucket's event notification at deploy time; it only writes its logs with this policy.",
      });
    }
    if (child.node.id.startsWith('Custom::S3AutoDeleteObjects')) {
      Validations.of(child).acknowledge({
        id: 'AwsSolutions::AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: "CDK's provider that empties the buckets on `cdk destroy` (only with destroyData=true); it only writes its logs with this policy.",
      });
    }
  }
}
