/**
 * The HTTP API's resources: the DynamoDB table (tenants, documents, idempotency records, ledger, webhook
 * deliveries), the webhook queue with its dead-letter queue, the EventBridge bus billing events go to, and the API
 * Gateway HTTP API in front of the API function.
 *
 * Why an API Gateway HTTP API and not a Lambda function URL: the API is public and sold per document, so it needs
 * a brake in front of the function and a record of every request. An HTTP API gives stage-wide throttling (rate and
 * burst, answered 429 before any Lambda runs or DynamoDB is touched), access logs, declared routes (anything else
 * is a 404 at the edge, never an invocation), and custom domains, for about $1 per million requests. A function
 * URL has none of these (only reserved concurrency as a brake, which fails requests as 5xx-ish throttles and caps
 * the function for everyone). REST API features (usage plans, API keys) are not needed: tenants and their keys
 * live in the table, hashed, and quotas are per tenant in our own code.
 */
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { TABLE_SCHEMA } from '../../functions/api/db.js';
import { functionSettings, type ReadflowSettings } from '../config.js';
import { retentionOf } from './function.js';
import { visibilityFor } from './queues.js';

/** The routes the API function serves (functions/api/router.ts); API Gateway answers 404 to anything else. */
export const API_ROUTES: [apigw.HttpMethod, string][] = [
  [apigw.HttpMethod.POST, '/v1/documents'],
  [apigw.HttpMethod.GET, '/v1/documents'],
  [apigw.HttpMethod.GET, '/v1/documents/{id}'],
  [apigw.HttpMethod.DELETE, '/v1/documents/{id}'],
  [apigw.HttpMethod.GET, '/v1/usage'],
];

const FOURTEEN_DAYS = Duration.days(14);

export class ApiResources extends Construct {
  readonly table: dynamodb.Table;
  readonly webhooks: sqs.Queue;
  readonly webhookDeadLetter: sqs.Queue;
  readonly bus: events.EventBus;
  readonly accessLogs: logs.LogGroup;
  httpApi?: apigw.HttpApi;
  stage?: apigw.HttpStage;

  constructor(
    scope: Construct,
    id: string,
    private readonly s: ReadflowSettings,
  ) {
    super(scope, id);
    const str = (name: string) => ({ name, type: dynamodb.AttributeType.STRING });
    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: str(TABLE_SCHEMA.partitionKey),
      sortKey: str(TABLE_SCHEMA.sortKey),
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: TABLE_SCHEMA.ttlAttribute,
      // The ledger is what tenants are billed from: kept unless the deployment asks to destroy its data.
      removalPolicy: s.destroyData ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
    });
    this.table.addGlobalSecondaryIndex({
      indexName: TABLE_SCHEMA.index.name,
      partitionKey: str(TABLE_SCHEMA.index.partitionKey),
      sortKey: str(TABLE_SCHEMA.index.sortKey),
      projectionType: dynamodb.ProjectionType.ALL,
    });

    const secure = { encryption: sqs.QueueEncryption.SQS_MANAGED, enforceSSL: true } as const;
    this.webhookDeadLetter = new sqs.Queue(this, 'WebhookDeadLetter', { ...secure, retentionPeriod: FOURTEEN_DAYS });
    this.webhooks = new sqs.Queue(this, 'Webhooks', {
      ...secure,
      // Each message is settled by the sender (delivered, re-enqueued with its backoff, or dead-lettered); the
      // redrive only catches a message that crashes the sender again and again.
      visibilityTimeout: visibilityFor(functionSettings(s, 'webhookSender').timeoutSeconds),
      deadLetterQueue: { queue: this.webhookDeadLetter, maxReceiveCount: 5 },
    });
    this.bus = new events.EventBus(this, 'BillingBus', { description: 'readflow: one event per finished document, for billing integrations' });
    this.accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention: retentionOf(s.logRetentionDays), removalPolicy: RemovalPolicy.DESTROY });
  }

  /** The HTTP API and its stage (throttled, access-logged), every route to the API function. */
  expose(fn: lambda.IFunction): apigw.HttpApi {
    const api = (this.httpApi = new apigw.HttpApi(this, 'Http', { description: 'readflow API', createDefaultStage: false }));
    this.stage = new apigw.HttpStage(this, 'Stage', {
      httpApi: api,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: this.s.apiRateLimit, burstLimit: this.s.apiBurstLimit },
      accessLogSettings: { destination: new apigw.LogGroupLogDestination(this.accessLogs) },
    });
    const integration = new HttpLambdaIntegration('Function', fn, { payloadFormatVersion: apigw.PayloadFormatVersion.VERSION_2_0 });
    // Every other method and path goes to the function too (`$default`), so an unknown path or method gets the
    // router's problem+json 404/405 instead of API Gateway's bare {"message":"Not Found"}.
    const fallback = new apigw.HttpRoute(this, 'DefaultRoute', { httpApi: api, routeKey: apigw.HttpRouteKey.DEFAULT, integration });
    for (const route of [...API_ROUTES.map(([method, path]) => api.addRoutes({ path, methods: [method], integration })[0]), fallback]) {
      Validations.of(route).acknowledge({
        id: 'AwsSolutions::AwsSolutions-APIG4',
        reason:
          'Every route is authenticated by the API function itself: a per-tenant API key (rf_…) looked up by its SHA-256 ' +
          'in the table and compared in constant time; an API Gateway authorizer would add a second invocation per request for the same check.',
      });
    }
    return api;
  }
}
