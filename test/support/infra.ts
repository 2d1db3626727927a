/**
 * Building the stack in tests: the app gets the context of cdk.json (feature flags included) so the template is
 * the one `npm run synth` makes. Bundling is skipped unless asked for (the template does not depend on it; the
 * packaging test bundles).
 */
import { App, Validations, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../../infra/bundling/runtime-assets.js';
import type { ReadflowSettings } from '../../infra/config.js';
import { ReadflowStack } from '../../infra/stack.js';

export const cdkContext = (): Record<string, unknown> =>
  (JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> }).context;

export interface Built {
  app: App;
  stack: ReadflowStack;
  template: Template;
}

export function buildStack(settings: Partial<ReadflowSettings> = {}, opts: { bundle?: boolean; outdir?: string; nag?: boolean } = {}): Built {
  const app = new App({
    context: { ...cdkContext(), ...(opts.bundle ? {} : { 'aws:cdk:bundling-stacks': [] }) },
    ...(opts.outdir ? { outdir: opts.outdir } : {}),
  });
  const stack = new ReadflowStack(app, 'Readflow', { settings, env: { account: '123456789012', region: 'eu-west-1' } });
  // As infra/app.ts does (off for quick variants); before the first synthesis (Template.fromStack), which fails on an unacknowledged finding.
  if (opts.nag !== false) Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stack, template: Template.fromStack(stack) };
}

/** Logical id of a construct's CloudFormation resource. */
export const logicalId = (stack: Stack, construct: { node: { defaultChild?: unknown } }): string =>
  stack.getLogicalId(construct.node.defaultChild as Parameters<Stack['getLogicalId']>[0]);

type Cfn = Record<string, unknown>;

/**
 * A readable name for a CloudFormation value: `{ Fn::GetAtt: [QueuesPages…, Arn] }` → `Pages`,
 * `{ Fn::Join: ['', [<Output.Arn>, '/jobs/*']] }` → `Output/jobs/*`, using the given logical-id → name map.
 */
export function nameOf(value: unknown, names: Record<string, string>): string {
  if (typeof value === 'string') return value;
  const v = value as Cfn;
  if (v['Fn::GetAtt']) {
    const [id] = v['Fn::GetAtt'] as [string, string];
    return names[id] ?? id;
  }
  if (v.Ref) return names[v.Ref as string] ?? (v.Ref as string);
  if (v['Fn::Join']) {
    const [sep, parts] = v['Fn::Join'] as [string, unknown[]];
    return parts.map((p) => nameOf(p, names)).join(sep);
  }
  return JSON.stringify(v);
}

/** Every (action, resource) a role's policies allow, as `action on resource` strings, sorted. */
export function grantsOf(template: Template, roleLogicalId: string, names: Record<string, string>): string[] {
  const out = new Set<string>();
  const policies = template.findResources('AWS::IAM::Policy');
  for (const p of Object.values(policies) as { Properties: { Roles: { Ref: string }[]; PolicyDocument: { Statement: Cfn[] } } }[]) {
    if (!p.Properties.Roles.some((r) => r.Ref === roleLogicalId)) continue;
    for (const st of p.Properties.PolicyDocument.Statement) {
      if (st.Effect !== 'Allow') continue;
      const actions = ([] as string[]).concat(st.Action as string | string[]);
      const resources = ([] as unknown[]).concat(st.Resource);
      for (const a of actions) for (const r of resources) out.add(`${a} on ${nameOf(r, names)}`);
    }
  }
  return [...out].sort();
}
