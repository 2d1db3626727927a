/**
 * The CloudFormation the stack makes: wiring, encryption and TLS, dead letters and alarms, batch-failure reporting,
 * visibility timeouts against function timeouts, least-privilege grants, the schedule, settings — and cdk-nag's
 * AwsSolutions checks (the default build fails on any unacknowledged finding). Bundling is skipped here; the
 * packaging test bundles.
 */
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../functions/shared/env.js';
import { DEFAULT_FUNCTIONS, DEFAULTS, settingsFromContext, validateSettings, type FunctionName } from '../infra/config.js';
import type { ReadflowStack } from '../infra/stack.js';
import { buildStack, cdkContext, grantsOf, logicalId, type Built } from './support/infra.js';
import { canvasBinaryDir } from '../infra/bundling/runtime-assets.js';

let built: Built;
let t: Template;
let stack: ReadflowStack;
let names: Record<string, string>;

const FUNCTIONS: FunctionName[] = ['splitter', 'pageWorker', 'aggregator', 'deadLetter', 'reprocess'];
const fnId = (name: FunctionName) => logicalId(stack, stack.functions[name].fn);
const roleId = (name: FunctionName) => logicalId(stack, stack.functions[name].role);
const props = (type: string, id: string) => (t.findResources(type)[id] as { Properties: Record<string, any> }).Properties;

beforeAll(() => {
  built = buildStack();
  ({ template: t, stack } = built);
  const q = stack.queues;
  names = {
    [logicalId(stack, stack.storage.input)]: 'Input',
    [logicalId(stack, stack.storage.output)]: 'Output',
    [logicalId(stack, stack.storage.accessLogs)]: 'AccessLogs',
    [logicalId(stack, q.intake)]: 'Intake',
    [logicalId(stack, q.pages)]: 'Pages',
    [logicalId(stack, q.aggregate)]: 'Aggregate',
    [logicalId(stack, q.deadLetter)]: 'DeadLetter',
    [logicalId(stack, q.unprocessable)]: 'Unprocessable',
    [logicalId(stack, q.notify)]: 'Notify',
    [logicalId(stack, stack.api.table)]: 'Table',
    [logicalId(stack, stack.api.webhooks)]: 'Webhooks',
    [logicalId(stack, stack.api.webhookDeadLetter)]: 'WebhookDeadLetter',
    [logicalId(stack, stack.api.bus)]: 'BillingBus',
  };
  for (const f of [...FUNCTIONS, 'api', 'webhookSender'] as FunctionName[]) names[logicalId(stack, stack.functions[f].logGroup)] = 'OwnLogs';
}, 120_000);

describe('cdk-nag', () => {
  it('passes AwsSolutions with only the justified acknowledgements', () => {
    // buildStack adds the AwsSolutions plugin before synthesis, which throws on an unacknowledged finding.
    const report = JSON.parse(readFileSync(join(built.app.synth().directory, 'validation-report.json'), 'utf8')) as {
      pluginReports: {
        pluginName: string;
        conclusion: string;
        violations: unknown[];
        suppressedViolations: { ruleName: string; reason: string }[];
      }[];
    };
    const nag = report.pluginReports.find((p) => p.pluginName === 'AwsSolutions')!;
    expect(nag.conclusion).toBe('success');
    expect(nag.violations).toEqual([]);
    const rules = new Set(nag.suppressedViolations.map((v) => v.ruleName.replace(/\[.*$/, '')));
    expect([...rules].sort()).toEqual(['AwsSolutions-APIG4', 'AwsSolutions-IAM4', 'AwsSolutions-IAM5', 'AwsSolutions-L1', 'AwsSolutions-SQS3']);
    for (const v of nag.suppressedViolations) expect(v.reason.length).toBeGreaterThan(40);
    // The wildcard acknowledgements are object-key prefixes only, never an action wildcard or `*`.
    const iam5 = nag.suppressedViolations.filter((v) => v.ruleName.startsWith('AwsSolutions-IAM5')).map((v) => v.ruleName);
    for (const r of iam5) {
      expect(r).toMatch(
        /^AwsSolutions-IAM5\[Resource::(<Storage(Input|Output)\w+\.Arn>\/(|jobs\/|results\/|usage\/|tenants\/|results\/tenants\/)\*|<ApiResourcesTable\w+\.Arn>\/index\/\*)\]$/,
      );
    }
  });

  it('has the canvas binary of both Lambda architectures in place after npm ci, so synth needs no registry', () => {
    const saved = { offline: process.env.npm_config_offline, registry: process.env.npm_config_registry };
    // Were a binary missing, canvasBinaryDir would run `npm pack`: offline, against a registry that is not there.
    process.env.npm_config_offline = 'true';
    process.env.npm_config_registry = 'http://127.0.0.1:9/';
    try {
      for (const arch of ['arm64', 'x86_64'] as const) expect(existsSync(join(canvasBinaryDir(arch), 'package.json')), arch).toBe(true);
    } finally {
      for (const [k, v] of Object.entries({ npm_config_offline: saved.offline, npm_config_registry: saved.registry })) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  });

  it('synthesizes offline: cdk.json turns off notices and telemetry, npm scripts the version check', () => {
    const ctx = cdkContext();
    expect(ctx.notices).toBe(false);
    expect(ctx['cli-telemetry']).toBe(false);
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    for (const s of ['synth', 'deploy', 'destroy']) expect(pkg.scripts[s]).toMatch(/^CDK_DISABLE_VERSION_CHECK=1 cdk \w+ --no-notices/);
  });
});

describe('buckets', () => {
  it('block public access, encrypt, and deny non-TLS and TLS < 1.2', () => {
    const buckets = t.findResources('AWS::S3::Bucket');
    expect(Object.keys(buckets)).toHaveLength(3);
    for (const b of Object.values(buckets) as { Properties: Record<string, any>; DeletionPolicy: string }[]) {
      expect(b.Properties.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(b.Properties.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault.SSEAlgorithm).toBe('AES256');
      expect(b.DeletionPolicy).toBe('Retain');
    }
    const policies = Object.values(t.findResources('AWS::S3::BucketPolicy')) as { Properties: { PolicyDocument: { Statement: any[] } } }[];
    expect(policies).toHaveLength(3);
    for (const p of policies) {
      const st = p.Properties.PolicyDocument.Statement;
      expect(st).toContainEqual(expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }));
      expect(st).toContainEqual(expect.objectContaining({ Effect: 'Deny', Condition: { NumericLessThan: { 's3:TlsVersion': 1.2 } } }));
    }
  });

  it('version the input, log access of both, and expire job scratch', () => {
    const input = props('AWS::S3::Bucket', logicalId(stack, stack.storage.input));
    const output = props('AWS::S3::Bucket', logicalId(stack, stack.storage.output));
    expect(input.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    const logs = { Ref: logicalId(stack, stack.storage.accessLogs) };
    expect(input.LoggingConfiguration).toEqual({ DestinationBucketName: logs, LogFilePrefix: 'input/' });
    expect(output.LoggingConfiguration).toEqual({ DestinationBucketName: logs, LogFilePrefix: 'output/' });
    expect(output.LifecycleConfiguration.Rules).toContainEqual(expect.objectContaining({ Prefix: 'jobs/', ExpirationInDays: 7, Status: 'Enabled' }));
  });

  it('send ObjectCreated events of the input bucket to the intake queue', () => {
    t.hasResourceProperties('Custom::S3BucketNotifications', {
      BucketName: { Ref: logicalId(stack, stack.storage.input) },
      NotificationConfiguration: {
        QueueConfigurations: [{ Events: ['s3:ObjectCreated:*'], QueueArn: { 'Fn::GetAtt': [logicalId(stack, stack.queues.intake), 'Arn'] } }],
      },
    });
    // S3 may send to the intake queue, and only from the input bucket.
    const intakePolicy = Object.values(t.findResources('AWS::SQS::QueuePolicy')).find((p: any) =>
      p.Properties.Queues.some((q: any) => q.Ref === logicalId(stack, stack.queues.intake)),
    ) as any;
    expect(intakePolicy.Properties.PolicyDocument.Statement).toContainEqual(
      expect.objectContaining({
        Effect: 'Allow',
        Principal: { Service: 's3.amazonaws.com' },
        Condition: { ArnLike: { 'aws:SourceArn': { 'Fn::GetAtt': [logicalId(stack, stack.storage.input), 'Arn'] } } },
      }),
    );
  });

  it('filter notifications by the configured input prefix', () => {
    const { template } = buildStack({ inputPrefix: 'incoming/' }, { nag: false });
    template.hasResourceProperties('Custom::S3BucketNotifications', {
      NotificationConfiguration: {
        QueueConfigurations: [Match.objectLike({ Filter: { Key: { FilterRules: [{ Name: 'prefix', Value: 'incoming/' }] } } })],
      },
    });
  });
});

describe('queues', () => {
  it('are all encrypted and TLS-only', () => {
    const queues = t.findResources('AWS::SQS::Queue');
    // Six for the pipeline, two for webhooks (test/infra-api.test.ts).
    expect(Object.keys(queues)).toHaveLength(8);
    for (const q of Object.values(queues) as any[]) expect(q.Properties.SqsManagedSseEnabled).toBe(true);
    const policies = Object.values(t.findResources('AWS::SQS::QueuePolicy')) as any[];
    const covered = new Set(policies.flatMap((p) => p.Properties.Queues.map((q: any) => q.Ref)));
    expect(covered.size).toBe(8);
    for (const p of policies) {
      expect(p.Properties.PolicyDocument.Statement).toContainEqual(
        expect.objectContaining({ Effect: 'Deny', Action: 'sqs:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
      );
    }
  });

  it('redrive intake, pages and aggregate to one dead-letter queue, and that to a last-resort queue', () => {
    const dlqArn = { 'Fn::GetAtt': [logicalId(stack, stack.queues.deadLetter), 'Arn'] };
    for (const q of [stack.queues.intake, stack.queues.pages, stack.queues.aggregate]) {
      expect(props('AWS::SQS::Queue', logicalId(stack, q)).RedrivePolicy).toEqual({ deadLetterTargetArn: dlqArn, maxReceiveCount: 3 });
    }
    expect(props('AWS::SQS::Queue', logicalId(stack, stack.queues.deadLetter)).RedrivePolicy.deadLetterTargetArn).toEqual({
      'Fn::GetAtt': [logicalId(stack, stack.queues.unprocessable), 'Arn'],
    });
  });
});

describe('event source mappings', () => {
  const wiring: [FunctionName, keyof ReadflowStack['queues']][] = [
    ['splitter', 'intake'],
    ['pageWorker', 'pages'],
    ['aggregator', 'aggregate'],
    ['deadLetter', 'deadLetter'],
  ];

  it('connect each queue to its consumer, report batch item failures and cap concurrency', () => {
    // Four for the pipeline, one for the webhook sender (test/infra-api.test.ts).
    expect(Object.keys(t.findResources('AWS::Lambda::EventSourceMapping'))).toHaveLength(5);
    for (const [fn, queue] of wiring) {
      const d = DEFAULT_FUNCTIONS[fn];
      t.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        FunctionName: { Ref: fnId(fn) },
        EventSourceArn: { 'Fn::GetAtt': [logicalId(stack, stack.queues[queue] as never), 'Arn'] },
        FunctionResponseTypes: ['ReportBatchItemFailures'],
        ScalingConfig: { MaximumConcurrency: d.maxConcurrency },
        BatchSize: d.batchSize,
      });
    }
  });

  it('keep messages invisible for 6× the consumer timeout, also when timeouts are changed', () => {
    const check = (b: Built) => {
      for (const [fn, queue] of wiring) {
        const timeout = (b.template.findResources('AWS::Lambda::Function')[logicalId(b.stack, b.stack.functions[fn].fn)] as any).Properties.Timeout;
        const visibility = (b.template.findResources('AWS::SQS::Queue')[logicalId(b.stack, b.stack.queues[queue] as never)] as any).Properties
          .VisibilityTimeout;
        expect(visibility, `${queue} vs ${fn}`).toBe(6 * timeout);
      }
    };
    check(built);
    check(buildStack({ functions: { pageWorker: { timeoutSeconds: 600 }, splitter: { timeoutSeconds: 60 } } }, { nag: false }));
    expect(props('AWS::SQS::Queue', logicalId(stack, stack.queues.pages)).VisibilityTimeout).toBe(1800);
  });
});

describe('functions', () => {
  it('run nodejs22.x on arm64 with the documented memory and timeouts, JSON logs and their own log group', () => {
    for (const f of FUNCTIONS) {
      const p = props('AWS::Lambda::Function', fnId(f));
      expect(p.Runtime).toBe('nodejs22.x');
      expect(p.Architectures).toEqual(['arm64']);
      expect(p.MemorySize).toBe(DEFAULT_FUNCTIONS[f].memoryMb);
      expect(p.Timeout).toBe(DEFAULT_FUNCTIONS[f].timeoutSeconds);
      expect(p.Handler).toBe('index.handler');
      expect(p.LoggingConfig).toEqual({
        LogFormat: 'JSON',
        ApplicationLogLevel: 'INFO',
        SystemLogLevel: 'WARN',
        LogGroup: { Ref: logicalId(stack, stack.functions[f].logGroup) },
      });
      expect(p.Environment.Variables.POWERTOOLS_METRICS_NAMESPACE).toBe('Readflow');
      // No managed policy: the role has only what the stack grants.
      expect(props('AWS::IAM::Role', roleId(f)).ManagedPolicyArns).toBeUndefined();
    }
    // OCR is single-threaded: one full vCPU needs at least 1,769 MB.
    expect(props('AWS::Lambda::Function', fnId('pageWorker')).MemorySize).toBeGreaterThanOrEqual(1769);
    t.allResourcesProperties('AWS::Logs::LogGroup', { RetentionInDays: 30 });
  });

  it('take architecture, memory and OCR language from settings', () => {
    const b = buildStack({ architecture: 'x86_64', ocrLang: 'eng+deu', functions: { pageWorker: { memoryMb: 3008 } } }, { nag: false });
    const p = (b.template.findResources('AWS::Lambda::Function')[logicalId(b.stack, b.stack.functions.pageWorker.fn)] as any).Properties;
    expect(p.Architectures).toEqual(['x86_64']);
    expect(p.MemorySize).toBe(3008);
    expect(JSON.parse(p.Environment.Variables.READFLOW_OPTIONS)).toEqual({ ocrLang: 'eng+deu', ocrDataPath: '/var/task/tessdata/all' });
  });

  it('get an environment functions/shared/env.ts accepts, with the configured prefixes', () => {
    for (const f of FUNCTIONS) {
      const vars = props('AWS::Lambda::Function', fnId(f)).Environment.Variables as Record<string, unknown>;
      // Tokens (bucket names, queue URLs) become placeholder strings: what matters is that each is set.
      const env = Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, typeof v === 'string' ? v : `<${k}>`]));
      const config = loadConfig(env);
      expect(config).toMatchObject({
        resultPrefix: 'results/',
        jobPrefix: 'jobs/',
        usagePrefix: 'usage/',
        inputPrefix: '',
        inputSuffix: '.pdf',
        digitalBatchPages: 50,
        ocrBatchPages: 2,
      });
      expect(config.notifyQueueUrl).toBe('<NOTIFY_QUEUE_URL>');
      expect(vars.OUTPUT_BUCKET).toEqual({ Ref: logicalId(stack, stack.storage.output) });
    }
    const r = props('AWS::Lambda::Function', fnId('reprocess')).Environment.Variables;
    expect(r).toMatchObject({
      INPUT_BUCKET: { Ref: logicalId(stack, stack.storage.input) },
      INTAKE_QUEUE_URL: { Ref: logicalId(stack, stack.queues.intake) },
    });
    expect(r).toMatchObject({ REPROCESS_MAX_PER_RUN: '1000', REPROCESS_MAX_QUEUE_DEPTH: '500' });
  });
});

describe('least privilege', () => {
  const consume = (q: string) =>
    ['ChangeMessageVisibility', 'DeleteMessage', 'GetQueueAttributes', 'GetQueueUrl', 'ReceiveMessage'].map((a) => `sqs:${a} on ${q}`);
  const send = (q: string) => ['GetQueueAttributes', 'GetQueueUrl', 'SendMessage'].map((a) => `sqs:${a} on ${q}`);
  const logs = ['logs:CreateLogStream on OwnLogs', 'logs:PutLogEvents on OwnLogs'];
  const writeFinal = ['s3:PutObject on Output/jobs/*', 's3:PutObject on Output/results/*', 's3:PutObject on Output/usage/*'];
  const table = (...actions: string[]) => actions.flatMap((a) => [`dynamodb:${a} on Table`, `dynamodb:${a} on Table/index/*`]);
  // writeFinal settles API documents: ledger entry, document status, billing event, webhook.
  const settle = [...table('GetItem', 'PutItem', 'UpdateItem', 'Query'), 'events:PutEvents on BillingBus', ...send('Webhooks')];
  const expected: Record<FunctionName, string[]> = {
    splitter: [
      ...logs,
      ...consume('Intake'),
      ...send('Pages'),
      ...send('Aggregate'),
      ...send('Notify'),
      's3:GetObject on Input/*',
      's3:GetObjectVersion on Input/*',
      's3:ListBucket on Input',
      's3:ListBucket on Output',
      's3:GetObject on Output/jobs/*',
      ...writeFinal,
      ...settle,
    ],
    pageWorker: [
      ...logs,
      ...consume('Pages'),
      ...send('Aggregate'),
      's3:GetObject on Input/*',
      's3:GetObjectVersion on Input/*',
      's3:ListBucket on Output',
      's3:GetObject on Output/jobs/*',
      's3:PutObject on Output/jobs/*',
    ],
    aggregator: [
      ...logs,
      ...consume('Aggregate'),
      ...send('Notify'),
      's3:ListBucket on Output',
      's3:GetObject on Output/jobs/*',
      ...writeFinal,
      ...settle,
    ],
    deadLetter: [
      ...logs,
      ...consume('DeadLetter'),
      ...send('Aggregate'),
      ...send('Notify'),
      's3:ListBucket on Output',
      's3:GetObject on Output/jobs/*',
      ...writeFinal,
      ...settle,
    ],
    reprocess: [
      ...logs,
      ...send('Intake'),
      'sqs:GetQueueAttributes on Pages',
      's3:ListBucket on Input',
      's3:ListBucket on Output',
      's3:GetObject on Input/*',
      's3:GetObject on Output/usage/*',
      's3:GetObject on Output/reprocess/cursor.json',
      's3:PutObject on Output/reprocess/cursor.json',
      's3:DeleteObject on Output/reprocess/cursor.json',
    ],
    api: [
      ...logs,
      ...table('GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query'),
      's3:PutObject on Input/tenants/*',
      's3:DeleteObject on Input/tenants/*',
      's3:DeleteObjectVersion on Input/tenants/*',
      's3:ListBucketVersions on Input',
      's3:ListBucket on Output',
      's3:GetObject on Output/results/tenants/*',
      's3:DeleteObject on Output/results/tenants/*',
      's3:DeleteObject on Output/jobs/*',
      's3:DeleteObject on Output/usage/*',
    ],
    webhookSender: [...logs, ...consume('Webhooks'), ...send('Webhooks'), ...send('WebhookDeadLetter'), ...table('GetItem', 'PutItem', 'DeleteItem')],
  };

  for (const f of [...FUNCTIONS, 'api', 'webhookSender'] as FunctionName[]) {
    it(`${f} can touch exactly what its code uses`, () => {
      expect(grantsOf(t, roleId(f), names)).toEqual([...new Set(expected[f])].sort());
    });
  }

  it('scopes object grants to the configured prefixes', () => {
    const b = buildStack({ inputPrefix: 'in/', resultPrefix: 'out/results/', jobPrefix: 'out/jobs/', usagePrefix: 'out/usage/' }, { nag: false });
    const n = { [logicalId(b.stack, b.stack.storage.input)]: 'Input', [logicalId(b.stack, b.stack.storage.output)]: 'Output' };
    const g = grantsOf(b.template, logicalId(b.stack, b.stack.functions.reprocess.role), n);
    expect(g).toContain('s3:GetObject on Input/in/*');
    expect(g).toContain('s3:PutObject on Output/out/reprocess/cursor.json');
    const a = grantsOf(b.template, logicalId(b.stack, b.stack.functions.aggregator.role), n);
    expect(a).toEqual(
      expect.arrayContaining(['s3:PutObject on Output/out/results/*', 's3:PutObject on Output/out/usage/*', 's3:PutObject on Output/out/jobs/*']),
    );
  });
});

describe('alarms', () => {
  it('watch the dead letters, the last-resort queue and the age of the pages backlog', () => {
    const dims = (q: keyof ReadflowStack['queues']) => [
      { Name: 'QueueName', Value: { 'Fn::GetAtt': [logicalId(stack, stack.queues[q] as never), 'QueueName'] } },
    ];
    t.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: dims('deadLetter'),
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
    t.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: dims('unprocessable'),
      Threshold: 1,
    });
    t.hasResourceProperties('AWS::CloudWatch::Alarm', { MetricName: 'ApproximateAgeOfOldestMessage', Dimensions: dims('pages'), Threshold: 900 });
    t.allResourcesProperties('AWS::CloudWatch::Alarm', { TreatMissingData: 'notBreaching' });
  });

  it('notify a topic when one is configured', () => {
    const topic = 'arn:aws:sns:eu-west-1:123456789012:ops';
    const b = buildStack({ alarmTopicArn: topic }, { nag: false });
    b.template.allResourcesProperties('AWS::CloudWatch::Alarm', { AlarmActions: [topic] });
  });
});

describe('reprocess schedule', () => {
  it('exists, disabled by default, and targets the reprocess function', () => {
    t.hasResourceProperties('AWS::Events::Rule', {
      State: 'DISABLED',
      ScheduleExpression: 'rate(1 day)',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [fnId('reprocess'), 'Arn'] }, Input: '{}' })],
    });
    t.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      Principal: 'events.amazonaws.com',
      FunctionName: { 'Fn::GetAtt': [fnId('reprocess'), 'Arn'] },
    });
  });

  it('is enabled and timed by settings, from CDK context strings too', () => {
    const settings = settingsFromContext((k) => ({ reprocessScheduleEnabled: 'true', reprocessSchedule: 'cron(0 3 * * ? *)' })[k]);
    const b = buildStack(settings, { nag: false });
    b.template.hasResourceProperties('AWS::Events::Rule', { State: 'ENABLED', ScheduleExpression: 'cron(0 3 * * ? *)' });
  });
});

describe('settings', () => {
  it('reads typed values from context strings and JSON', () => {
    const ctx: Record<string, unknown> = {
      architecture: 'x86_64',
      maxReceiveCount: '5',
      destroyData: 'false',
      readflowOptions: '{"ocrDpi":200}',
      functions: { pageWorker: { memoryMb: 4096 } },
    };
    expect(settingsFromContext((k) => ctx[k])).toEqual({
      architecture: 'x86_64',
      maxReceiveCount: 5,
      destroyData: false,
      readflowOptions: { ocrDpi: 200 },
      functions: { pageWorker: { memoryMb: 4096 } },
    });
    expect(() => settingsFromContext((k) => ({ maxReceiveCount: 'many' })[k])).toThrow(/number/);
  });

  it('rejects settings that would fail only once deployed', () => {
    expect(() => validateSettings({ ...DEFAULTS, architecture: 'sparc' as never })).toThrow(/architecture/);
    expect(() => validateSettings({ ...DEFAULTS, ocrLang: 'eng deu' })).toThrow(/ocrLang/);
    expect(() => validateSettings({ ...DEFAULTS, jobPrefix: 'results/' })).toThrow(/differ/);
    expect(() => validateSettings({ ...DEFAULTS, functions: { pageWorker: { timeoutSeconds: 901 } } })).toThrow(/timeout/);
    expect(() => validateSettings({ ...DEFAULTS, functions: { splitter: { maxConcurrency: 1 } } })).toThrow(/maxConcurrency/);
    // An OCR batch whose pages all hit the engine's page timeout must still fit in the page worker's timeout.
    expect(() => validateSettings({ ...DEFAULTS, ocrBatchPages: 4 })).toThrow(/ocrBatchPages × pageTimeoutMs/);
    expect(() => validateSettings({ ...DEFAULTS, readflowOptions: { pageTimeoutMs: 60_000 }, ocrBatchPages: 4 })).not.toThrow();
  });

  it('can make `cdk destroy` delete the buckets with their contents', () => {
    const b = buildStack({ destroyData: true }, { nag: false });
    for (const r of Object.values(b.template.findResources('AWS::S3::Bucket')) as { DeletionPolicy: string }[])
      expect(r.DeletionPolicy).toBe('Delete');
    expect(Object.keys(b.template.findResources('Custom::S3AutoDeleteObjects'))).toHaveLength(3);
  });
});
