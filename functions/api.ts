/**
 * The HTTP API's Lambda entry (API Gateway HTTP API, payload format 2.0): configuration read once, then every
 * request handed to the router (functions/api/router.ts), where the API's logic lives.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { loadApiConfig } from './shared/env.js';
import { depsOf, handleHttp } from './api/router.js';
import { invocation } from './shared/sqs.js';

let deps: ReturnType<typeof depsOf> | null = null;

export async function handler(event: APIGatewayProxyEventV2, context?: Context): Promise<APIGatewayProxyStructuredResultV2> {
  return invocation(context, async () => {
    deps ??= depsOf(loadApiConfig());
    return handleHttp(deps, event);
  });
}
