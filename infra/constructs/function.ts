/**
 * One pipeline function: a NodejsFunction bundled by the local esbuild (no Docker, no network), with the files it
 * needs at run time copied beside the bundle, its own log group and its own role (no managed policy: every
 * permission is granted explicitly by the stack).
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { LogLevel, NodejsFunction, OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { join } from 'node:path';
import { REPO_ROOT, type LambdaArch, type RuntimeAssetSpec } from '../bundling/runtime-assets.js';
import type { FunctionSettings } from '../config.js';

/**
 * An ESM bundle has no `require`, `__filename` or `__dirname`, which bundled CommonJS code uses: pdf.js and
 * tesseract.js call `require` for Node built-ins and for the external @napi-rs/canvas (resolved from the bundle's
 * own folder, where node_modules/@napi-rs/canvas is shipped), and tesseract.js computes its default worker path from
 * `__dirname` when it loads (lib/ocr/engine.ts then points it at the bundled worker script).
 */
const ESM_BANNER = [
  "import { createRequire as __rfRequire } from 'node:module';",
  "import { fileURLToPath as __rfPath } from 'node:url';",
  "import { dirname as __rfDir } from 'node:path';",
  'const require = __rfRequire(import.meta.url);',
  'const __filename = __rfPath(import.meta.url);',
  'const __dirname = __rfDir(__filename);',
].join(' ');

/**
 * The esbuild options and the copy step of a function, shared by the stack and the packaging test. @napi-rs/canvas
 * stays external (a native addon cannot be bundled; copy-cli ships it). The AWS SDK is bundled rather than taken
 * from the runtime so the deployed code runs the SDK version it was tested with, and so the package is complete.
 */
export function bundlingFor(spec: RuntimeAssetSpec): BundlingOptions {
  const copy = join(REPO_ROOT, 'infra', 'bundling', 'copy-cli.ts');
  return {
    format: OutputFormat.ESM,
    // node20, not node22: the same bytes run on Lambda's Node 22 and in the packaging test on these Node 20 machines.
    target: 'node20',
    mainFields: ['module', 'main'],
    banner: ESM_BANNER,
    externalModules: ['@napi-rs/canvas'],
    minify: false,
    sourceMap: false,
    forceDockerBundling: false,
    logLevel: LogLevel.WARNING,
    commandHooks: {
      beforeBundling: () => [],
      beforeInstall: () => [],
      // CDK runs hooks with the project root as working directory, so `--import tsx` finds the local tsx.
      afterBundling: (_inputDir: string, outputDir: string) => [
        `"${process.execPath}" --import tsx "${copy}" "${outputDir}" '${JSON.stringify(spec)}'`,
      ],
    },
  };
}

export interface ReadflowFunctionProps {
  /** File under functions/, without extension (e.g. 'page-worker'). */
  entry: string;
  description: string;
  settings: FunctionSettings;
  architecture: LambdaArch;
  assets: RuntimeAssetSpec;
  environment: Record<string, string>;
  logLevel: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
  logRetentionDays: number;
}

export class ReadflowFunction extends Construct {
  readonly fn: NodejsFunction;
  readonly role: iam.Role;
  readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: ReadflowFunctionProps) {
    super(scope, id);
    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: retentionOf(props.logRetentionDays),
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `readflow ${props.entry}: only what this function touches`,
    });
    this.logGroup.grantWrite(this.role);
    this.fn = new NodejsFunction(this, 'Fn', {
      entry: join(REPO_ROOT, 'functions', `${props.entry}.ts`),
      handler: 'handler',
      depsLockFilePath: join(REPO_ROOT, 'package-lock.json'),
      projectRoot: REPO_ROOT,
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: props.architecture === 'arm64' ? lambda.Architecture.ARM_64 : lambda.Architecture.X86_64,
      memorySize: props.settings.memoryMb,
      timeout: Duration.seconds(props.settings.timeoutSeconds),
      description: props.description,
      role: this.role,
      logGroup: this.logGroup,
      loggingFormat: lambda.LoggingFormat.JSON,
      applicationLogLevelV2: lambda.ApplicationLogLevel[props.logLevel],
      systemLogLevelV2: lambda.SystemLogLevel.WARN,
      environment: { LOG_LEVEL: props.logLevel, ...props.environment },
      bundling: bundlingFor(props.assets),
    });
  }
}

/** The CloudWatch Logs retention closest to (not under) the asked number of days. */
export function retentionOf(days: number): logs.RetentionDays {
  const allowed = Object.values(logs.RetentionDays)
    .filter((v): v is number => typeof v === 'number' && v > 0)
    .sort((a, b) => a - b);
  return (allowed.find((d) => d >= days) ?? logs.RetentionDays.INFINITE) as logs.RetentionDays;
}
