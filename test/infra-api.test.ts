/**
 * The API's part of the CloudFormation: the HTTP API (routes to the API function, throttled, access-logged stage),
 * the table (on demand, encrypted, point-in-time recovery, TTL, the tenant index), the webhook queue with its
 * dead-letter queue and its consumer, the billing bus, retention lifecycle rules, and an environment the API's
 * configuration loader accepts. cdk-nag runs in buildStack (test/infra.test.ts checks its report).
 */
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadApiConfig } from '../functions/shared/env.js';
import { API_ROUTES } from '../infra/constructs/api.js';
import { DEFAULTS } from '../infra/config.js';
import type { ReadflowStack } from '../infra/stack.js';
import { buildStack, logicalId } from './support/infra.js';

let t: Template;
let stack: ReadflowStack;

beforeAll(() => {
  ({ template: t, stack } = buildStack());
}, 120_000);

const fnId = (name: 'api' | 'webhookSender') => logicalId(stack, stack.functions[name].fn);

describe('the HTTP API', () => {
  it('routes exactly the API operations to the API function, with payload format 2.0', () => {
    t.resourceCountIs('AWS::ApiGatewayV2::Api', 1);
    t.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'HTTP' });
    const routes = Object.values(t.findResources('AWS::ApiGatewayV2::Route'))
      .map((r: any) => r.Properties.RouteKey)
      .sort();
    // The operations, and `$default` so unknown paths and methods reach the router's problem details.
    expect(routes).toEqual([...API_ROUTES.map(([m, p]) => `${m} ${p}`), '$default'].sort());
    t.hasResourceProperties('AWS::ApiGatewayV2::Integration', {
      IntegrationType: 'AWS_PROXY',
      PayloadFormatVersion: '2.0',
      IntegrationUri: { 'Fn::GetAtt': [fnId('api'), 'Arn'] },
    });
  });

  it('has one auto-deployed stage, throttled and access-logged', () => {
    t.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: DEFAULTS.apiRateLimit, ThrottlingBurstLimit: DEFAULTS.apiBurstLimit },
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.anyValue() },
    });
    const b = buildStack({ apiRateLimit: 5, apiBurstLimit: 7 }, { nag: false });
    b.template.hasResourceProperties('AWS::ApiGatewayV2::Stage', { DefaultRouteSettings: { ThrottlingRateLimit: 5, ThrottlingBurstLimit: 7 } });
  });
});

describe('the table', () => {
  it('is on demand, encrypted, with point-in-time recovery, TTL and the tenant index', () => {
    t.hasResourceProperties('AWS::DynamoDB::Table', {
      BillingMode: 'PAY_PER_REQUEST',
      SSESpecification: { SSEEnabled: true },
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true },
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: [
        {
          IndexName: 'byTenant',
          KeySchema: [
            { AttributeName: 'gsi1pk', KeyType: 'HASH' },
            { AttributeName: 'gsi1sk', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
      ],
    });
    // The ledger bills tenants: kept when the stack goes, unless destroyData.
    t.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Retain' });
  });
});

describe('webhooks and billing events', () => {
  it('deliver from an encrypted queue with a dead-letter queue, consumed by the webhook sender with batch item failures', () => {
    const q = (t.findResources('AWS::SQS::Queue')[logicalId(stack, stack.api.webhooks)] as any).Properties;
    expect(q.SqsManagedSseEnabled).toBe(true);
    expect(q.RedrivePolicy.deadLetterTargetArn).toEqual({ 'Fn::GetAtt': [logicalId(stack, stack.api.webhookDeadLetter), 'Arn'] });
    const timeout = (t.findResources('AWS::Lambda::Function')[fnId('webhookSender')] as any).Properties.Timeout;
    expect(q.VisibilityTimeout).toBe(6 * timeout);
    t.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: fnId('webhookSender') },
      EventSourceArn: { 'Fn::GetAtt': [logicalId(stack, stack.api.webhooks), 'Arn'] },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    t.resourceCountIs('AWS::Events::EventBus', 1);
  });
});

describe('retention and configuration', () => {
  it('expires API inputs and results after retentionDays', () => {
    const rules = (id: string) => (t.findResources('AWS::S3::Bucket')[id] as any).Properties.LifecycleConfiguration.Rules;
    expect(rules(logicalId(stack, stack.storage.input))).toContainEqual(
      expect.objectContaining({ Id: 'expire-api-inputs', Prefix: 'tenants/', ExpirationInDays: 30 }),
    );
    expect(rules(logicalId(stack, stack.storage.output))).toContainEqual(
      expect.objectContaining({ Id: 'expire-api-results', Prefix: 'results/tenants/', ExpirationInDays: 30 }),
    );
    const b = buildStack({ retentionDays: 7, inputPrefix: 'in/' }, { nag: false });
    const r = (b.template.findResources('AWS::S3::Bucket')[logicalId(b.stack, b.stack.storage.input)] as any).Properties.LifecycleConfiguration.Rules;
    expect(r).toContainEqual(expect.objectContaining({ Id: 'expire-api-inputs', Prefix: 'in/tenants/', ExpirationInDays: 7 }));
  });

  it('gives the API function and the webhook sender an environment the API configuration accepts', () => {
    for (const f of ['api', 'webhookSender'] as const) {
      const vars = (t.findResources('AWS::Lambda::Function')[fnId(f)] as any).Properties.Environment.Variables as Record<string, unknown>;
      const env = Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, typeof v === 'string' ? v : `<${k}>`]));
      const c = loadApiConfig(env);
      expect(c).toMatchObject({
        tableName: '<TABLE_NAME>',
        tenantPrefix: 'tenants/',
        retentionDays: 30,
        webhookRetrySeconds: 86_400,
        allowLocalWebhooks: false,
        eventBusName: '<EVENT_BUS_NAME>',
      });
      expect(c.dynamoEndpoint).toBeNull();
    }
  });
});
