/**
 * The CDK app (`npm run synth`, `npm run deploy`): one ReadflowStack, its settings from CDK context, checked by
 * cdk-nag's AwsSolutions rules (a finding without a justified acknowledgement fails the synth).
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { settingsFromContext } from './config.js';
import { ReadflowStack } from './stack.js';

const app = new App();
const stackName = (app.node.tryGetContext('stackName') as string | undefined) ?? 'Readflow';
new ReadflowStack(app, stackName, {
  description: 'readflow: PDF text in reading order, as a serverless pipeline (S3, SQS, Lambda)',
  settings: settingsFromContext((k) => app.node.tryGetContext(k)),
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
});
Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
