/**
 * The readflow pipeline on AWS:
 *
 *   input bucket ──ObjectCreated──▶ intake queue ──▶ splitter ──▶ pages queue ──▶ page workers ──▶ aggregate queue
 *        ▲                                                                                              │
 *        │ list                                                                                         ▼
 *   reprocess (schedule, off by default, or on demand) ──▶ intake queue         output bucket ◀── aggregator ──▶ notify queue
 *
 * intake, pages and aggregate redrive to one dead-letter queue, whose handler settles each dead letter as a failed
 * page or a failed document; alarms on dead letters and on the age of the pages backlog.
 *
 * The HTTP API beside it (constructs/api.ts says why an HTTP API rather than a function URL):
 *
 *   client ──HTTPS──▶ HTTP API ──▶ api function ──▶ table (tenants, documents, ledger) ; presigned PUT ──▶ input bucket
 *   splitter / aggregator / dead-letter ──▶ table (status, ledger once) ──▶ billing bus ; webhook queue ──▶ webhook sender ──▶ tenant's https endpoint
 */
import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as cwActions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3n from 'aws-cdk-lib/aws-s3-notifications';
import * as sns from 'aws-cdk-lib/aws-sns';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import type { RuntimeAssetSpec } from './bundling/runtime-assets.js';
import {
  DEFAULTS,
  FUNCTION_ENTRIES,
  functionSettings,
  settingEnvironment,
  validateSettings,
  type FunctionName,
  type ReadflowSettings,
} from './config.js';
import { ENV_VARS, type EnvName, type Environment, type ResourceName } from '../functions/shared/env-vars.js';
import { ReadflowFunction } from './constructs/function.js';
import { Queues } from './constructs/queues.js';
import { Storage } from './constructs/storage.js';
import { ApiResources } from './constructs/api.js';
import { acknowledgeApiGrants, acknowledgeFrameworkResources, acknowledgeRuntime, acknowledgeScopedGrants } from './nag.js';

export interface ReadflowStackProps extends StackProps {
  /** Deployment settings; each omitted one takes its default (see ReadflowSettings). @default DEFAULTS */
  settings?: Partial<ReadflowSettings>;
}

/** Where the bundle ships the OCR languages when there are several (see bundling/runtime-assets.ts). */
const LAMBDA_MULTI_LANG_DATA = '/var/task/tessdata/all';

export class ReadflowStack extends Stack {
  readonly settings: ReadflowSettings;
  readonly storage: Storage;
  readonly queues: Queues;
  readonly functions: Record<FunctionName, ReadflowFunction>;
  readonly api: ApiResources;

  constructor(scope: Construct, id: string, props: ReadflowStackProps = {}) {
    super(scope, id, props);
    const s: ReadflowSettings = { ...DEFAULTS, ...props.settings };
    validateSettings(s);
    this.settings = s;
    const storage = (this.storage = new Storage(this, 'Storage', s));
    const queues = (this.queues = new Queues(this, 'Queues', s));
    const { input, output } = storage;
    const api = (this.api = new ApiResources(this, 'ApiResources', s));
    const tenantPrefix = `${s.inputPrefix}${s.tenantPrefix}`;

    const langs = s.ocrLang.split('+');
    if (s.readflowOptions.ocrLang && s.readflowOptions.ocrLang !== s.ocrLang) {
      throw new Error(`readflowOptions.ocrLang (${s.readflowOptions.ocrLang}) differs from ocrLang (${s.ocrLang}): set ocrLang only`);
    }
    const options = { ...s.readflowOptions, ocrLang: s.ocrLang, ...(langs.length > 1 ? { ocrDataPath: LAMBDA_MULTI_LANG_DATA } : {}) };
    // The functions' environment, by the one list of variables (functions/shared/env-vars.ts): the resources by
    // name (a missing one fails the type check), every setting variable from its setting.
    const resourceEnv: Record<ResourceName, string> = {
      OUTPUT_BUCKET: output.bucketName,
      INPUT_BUCKET: input.bucketName,
      PAGES_QUEUE_URL: queues.pages.queueUrl,
      AGGREGATE_QUEUE_URL: queues.aggregate.queueUrl,
      NOTIFY_QUEUE_URL: queues.notify.queueUrl,
      INTAKE_QUEUE_URL: queues.intake.queueUrl,
      TABLE_NAME: api.table.tableName,
      WEBHOOK_QUEUE_URL: api.webhooks.queueUrl,
      WEBHOOK_DLQ_URL: api.webhookDeadLetter.queueUrl,
      EVENT_BUS_NAME: api.bus.eventBusName,
    };
    const settingEnv = settingEnvironment({ ...s, readflowOptions: options, tenantPrefix });
    const envFor = (withReprocess: boolean): Environment => {
      const out: Environment = {};
      for (const name of Object.keys(ENV_VARS) as EnvName[]) {
        if (ENV_VARS[name].scope === 'reprocess' && !withReprocess) continue;
        const value = (resourceEnv as Environment)[name] ?? settingEnv[name];
        if (value !== undefined) out[name] = value;
      }
      return out;
    };
    // What each bundle needs beside it: the bundles that open PDFs (splitter, page worker) import pdf.js, which
    // imports @napi-rs/canvas, and need pdf.js' assets; the OCR engine and language data only in the page worker.
    // The aggregator and the dead-letter handler import the document stage only (lib/finish.ts, lib/failed.ts):
    // no pdf.js, no OCR, no native code (test/bundles.test.ts).
    const canvas = s.architecture;
    const assets: Record<FunctionName, RuntimeAssetSpec> = {
      splitter: { pdfjs: true, canvas, ocrLangs: [] },
      pageWorker: { pdfjs: true, canvas, ocrLangs: langs },
      aggregator: { pdfjs: false, canvas: null, ocrLangs: [] },
      deadLetter: { pdfjs: false, canvas: null, ocrLangs: [] },
      reprocess: { pdfjs: false, canvas: null, ocrLangs: [] },
      api: { pdfjs: false, canvas: null, ocrLangs: [] },
      webhookSender: { pdfjs: false, canvas: null, ocrLangs: [] },
    };
    const make = (name: FunctionName, description: string, environment: Environment = envFor(false)) =>
      new ReadflowFunction(this, name[0].toUpperCase() + name.slice(1), {
        entry: FUNCTION_ENTRIES[name],
        description,
        settings: functionSettings(s, name),
        architecture: s.architecture,
        assets: assets[name],
        environment: environment as Record<string, string>,
        logLevel: s.logLevel,
        logRetentionDays: s.logRetentionDays,
      });
    const splitter = make('splitter', 'readflow: plans each new PDF and queues its page batches');
    const pageWorker = make('pageWorker', 'readflow: reads a batch of pages (text layer or OCR)');
    const aggregator = make('aggregator', 'readflow: assembles the document result of a finished job');
    const deadLetter = make('deadLetter', 'readflow: settles messages that exhausted their retries');
    const reprocess = make('reprocess', 'readflow: enqueues documents whose result is missing or outdated', envFor(true));
    const apiFn = make('api', 'readflow: the HTTP API (tenants, documents, usage)');
    const webhookSender = make('webhookSender', 'readflow: delivers signed completion webhooks with retries');
    this.functions = { splitter, pageWorker, aggregator, deadLetter, reprocess, api: apiFn, webhookSender };
    api.expose(apiFn.fn);

    // S3 → intake queue. Only the prefix is filtered by S3: its suffix filter is case-sensitive, while the
    // splitter (and reprocess) accept `.PDF` as well as `.pdf`.
    input.addEventNotification(
      s3.EventType.OBJECT_CREATED,
      new s3n.SqsDestination(queues.intake),
      ...(s.inputPrefix ? [{ prefix: s.inputPrefix }] : []),
    );

    const consume = (fn: ReadflowFunction, queue: sqs.Queue, name: FunctionName) => {
      const f = functionSettings(s, name);
      // reportBatchItemFailures: only the failed messages of a batch return to the queue (the handlers answer
      // with Powertools' batchItemFailures); maxConcurrency caps how many copies the queue starts.
      fn.fn.addEventSource(new SqsEventSource(queue, { batchSize: f.batchSize, reportBatchItemFailures: true, maxConcurrency: f.maxConcurrency }));
    };
    consume(splitter, queues.intake, 'splitter');
    consume(pageWorker, queues.pages, 'pageWorker');
    consume(aggregator, queues.aggregate, 'aggregator');
    consume(deadLetter, queues.deadLetter, 'deadLetter');
    consume(webhookSender, api.webhooks, 'webhookSender');

    // Least privilege: each function gets exactly the object actions its code performs, on the key prefixes it
    // uses. s3:ListBucket on a bucket is what makes a HeadObject/GetObject of a missing key answer 404 (which the
    // code treats as "not there yet") instead of 403, so every function that probes for keys has it.
    const inputObjects = input.arnForObjects(`${s.inputPrefix}*`);
    const out = (prefix: string) => output.arnForObjects(`${prefix}*`);
    const allow = (fn: ReadflowFunction, actions: string[], resources: string[]) =>
      fn.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions, resources }));
    const readInput = ['s3:GetObject', 's3:GetObjectVersion'];
    const list = ['s3:ListBucket'];

    allow(splitter, readInput, [inputObjects]);
    allow(splitter, list, [input.bucketArn, output.bucketArn]);
    allow(splitter, ['s3:GetObject'], [out(s.jobPrefix)]);
    allow(splitter, ['s3:PutObject'], [out(s.jobPrefix), out(s.resultPrefix), out(s.usagePrefix)]);
    queues.pages.grantSendMessages(splitter.role);
    queues.aggregate.grantSendMessages(splitter.role);
    queues.notify.grantSendMessages(splitter.role);

    allow(pageWorker, readInput, [inputObjects]);
    allow(pageWorker, list, [output.bucketArn]);
    allow(pageWorker, ['s3:GetObject', 's3:PutObject'], [out(s.jobPrefix)]);
    queues.aggregate.grantSendMessages(pageWorker.role);

    for (const fn of [aggregator, deadLetter]) {
      allow(fn, list, [output.bucketArn]);
      allow(fn, ['s3:GetObject'], [out(s.jobPrefix)]);
      allow(fn, ['s3:PutObject'], [out(s.jobPrefix), out(s.resultPrefix), out(s.usagePrefix)]);
      queues.notify.grantSendMessages(fn.role);
    }
    queues.aggregate.grantSendMessages(deadLetter.role);

    // The API: each function gets the item actions its code performs on the table (and the index, for the ledger
    // and in-flight queries); no Scan except for the tenant command, which runs with an operator's credentials.
    const table = (fn: ReadflowFunction, actions: string[]) =>
      allow(
        fn,
        actions.map((a) => `dynamodb:${a}`),
        [api.table.tableArn, `${api.table.tableArn}/index/*`],
      );
    const tenantInput = input.arnForObjects(`${tenantPrefix}*`);
    const tenantResults = output.arnForObjects(`${s.resultPrefix}${tenantPrefix}*`);
    table(apiFn, ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query']);
    // Presigned URLs are signed with the function's role: it must itself be allowed what the URL allows.
    allow(apiFn, ['s3:PutObject', 's3:DeleteObject', 's3:DeleteObjectVersion'], [tenantInput]);
    allow(apiFn, ['s3:ListBucketVersions'], [input.bucketArn]);
    allow(apiFn, ['s3:ListBucket'], [output.bucketArn]);
    allow(apiFn, ['s3:GetObject', 's3:DeleteObject'], [tenantResults]);
    allow(apiFn, ['s3:DeleteObject'], [out(s.jobPrefix), out(s.usagePrefix)]);
    for (const fn of [splitter, aggregator, deadLetter]) {
      table(fn, ['GetItem', 'PutItem', 'UpdateItem', 'Query']);
      api.bus.grantPutEventsTo(fn.role);
      api.webhooks.grantSendMessages(fn.role);
    }
    table(webhookSender, ['GetItem', 'PutItem', 'DeleteItem']);
    api.webhooks.grantSendMessages(webhookSender.role);
    api.webhookDeadLetter.grantSendMessages(webhookSender.role);

    // The reprocess cursor lives beside the job prefix (functions/reprocess.ts: cursorKey).
    const cursor = output.arnForObjects(`${s.jobPrefix.replace(/[^/]+\/$/, '')}reprocess/cursor.json`);
    allow(reprocess, list, [input.bucketArn, output.bucketArn]);
    allow(reprocess, ['s3:GetObject'], [inputObjects, out(s.usagePrefix)]);
    allow(reprocess, ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'], [cursor]);
    queues.intake.grantSendMessages(reprocess.role);
    queues.pages.grant(reprocess.role, 'sqs:GetQueueAttributes');

    // Bulk reprocessing on a schedule, off unless asked for; the same function runs on demand (README).
    new events.Rule(this, 'ReprocessSchedule', {
      description: 'readflow: reprocess documents whose result is missing or outdated',
      schedule: events.Schedule.expression(s.reprocessSchedule),
      enabled: s.reprocessScheduleEnabled,
      targets: [
        new targets.LambdaFunction(reprocess.fn, {
          event: events.RuleTargetInput.fromObject({}),
          // A run is resumable, so a failed one is simply picked up by the next; no pile of retries.
          retryAttempts: 2,
          maxEventAge: Duration.hours(1),
        }),
      ],
    });

    this.alarms(s, queues);
    acknowledgeScopedGrants(Object.values(this.functions), input, output, s);
    acknowledgeApiGrants([apiFn, splitter, aggregator, deadLetter, webhookSender], api, input, output, s);
    acknowledgeRuntime(Object.values(this.functions));
    acknowledgeFrameworkResources(this);

    new CfnOutput(this, 'InputBucketName', { value: input.bucketName, description: 'Drop PDFs here' });
    new CfnOutput(this, 'OutputBucketName', { value: output.bucketName, description: `Results under ${s.resultPrefix}` });
    new CfnOutput(this, 'NotifyQueueUrl', { value: queues.notify.queueUrl, description: 'One message per final result' });
    new CfnOutput(this, 'DeadLetterQueueUrl', { value: queues.deadLetter.queueUrl });
    // For `npm run reprocess` against AWS, which reads the same environment as the function.
    new CfnOutput(this, 'IntakeQueueUrl', { value: queues.intake.queueUrl });
    new CfnOutput(this, 'PagesQueueUrl', { value: queues.pages.queueUrl });
    new CfnOutput(this, 'AggregateQueueUrl', { value: queues.aggregate.queueUrl });
    new CfnOutput(this, 'ApiUrl', { value: api.httpApi!.apiEndpoint, description: 'The HTTP API (README: API)' });
    new CfnOutput(this, 'ApiTableName', { value: api.table.tableName, description: 'TABLE_NAME for npm run tenant' });
    new CfnOutput(this, 'WebhookDeadLetterQueueUrl', {
      value: api.webhookDeadLetter.queueUrl,
      description: 'Webhooks given up after webhookRetrySeconds',
    });
    new CfnOutput(this, 'BillingEventBusName', { value: api.bus.eventBusName, description: 'readflow.document.finished events' });
    new CfnOutput(this, 'ReprocessFunctionName', { value: reprocess.fn.functionName, description: 'Invoke to reprocess on demand' });
  }

  private alarms(s: ReadflowSettings, queues: Queues): void {
    const topic = s.alarmTopicArn ? sns.Topic.fromTopicArn(this, 'AlarmTopic', s.alarmTopicArn) : undefined;
    const five = Duration.minutes(5);
    const alarm = (id: string, description: string, metric: cloudwatch.IMetric, threshold: number) => {
      const a = new cloudwatch.Alarm(this, id, {
        alarmDescription: description,
        metric,
        threshold,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      if (topic) a.addAlarmAction(new cwActions.SnsAction(topic));
      return a;
    };
    alarm(
      'DeadLettersAlarm',
      'readflow: messages exhausted their retries (the dead-letter handler settles them; look at why)',
      queues.deadLetter.metricApproximateNumberOfMessagesVisible({ period: five, statistic: 'Maximum' }),
      1,
    );
    alarm(
      'UnprocessableAlarm',
      'readflow: dead letters the dead-letter handler could not settle; their documents have no result',
      queues.unprocessable.metricApproximateNumberOfMessagesVisible({ period: five, statistic: 'Maximum' }),
      1,
    );
    alarm(
      'PagesBacklogAlarm',
      `readflow: the oldest page batch has waited ${s.pagesQueueAgeAlarmSeconds} s or more (workers too few or failing)`,
      queues.pages.metricApproximateAgeOfOldestMessage({ period: five, statistic: 'Maximum' }),
      s.pagesQueueAgeAlarmSeconds,
    );
  }
}
