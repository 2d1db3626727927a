/**
 * The HTTP API in local mode: a small node:http server on 127.0.0.1 that turns each request into the API Gateway
 * HTTP API event (payload format 2.0) the Lambda gets, calls the same router, and writes its answer back.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { createServer, type IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';
import { handleHttp, MAX_BODY_BYTES } from '../functions/api/router.js';
import type { ApiDeps } from '../functions/api/documents.js';

export interface LocalApi {
  url: string;
  port: number;
  stop(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    size += (c as Buffer).length;
    // Keep one byte over the limit so the router reports the body as too large.
    if (size <= MAX_BODY_BYTES + 1) chunks.push(c as Buffer);
  }
  return chunks.length ? Buffer.concat(chunks).toString('utf8') : null;
}

export function eventOf(req: IncomingMessage, body: string | null): APIGatewayProxyEventV2 {
  const u = new URL(req.url ?? '/', 'http://127.0.0.1');
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(',') : v;
  const query: Record<string, string> = {};
  for (const [k, v] of u.searchParams) query[k] = k in query ? `${query[k]},${v}` : v;
  const now = new Date();
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: u.pathname,
    rawQueryString: u.search.slice(1),
    headers,
    ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? '127.0.0.1',
      domainPrefix: 'local',
      http: {
        method: req.method ?? 'GET',
        path: u.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: '$default',
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    ...(body !== null ? { body } : {}),
    isBase64Encoded: false,
  };
}

export async function startApiServer(deps: ApiDeps, port = 0): Promise<LocalApi> {
  const server = createServer((req, res) => {
    void (async () => {
      try {
        const r = await handleHttp(deps, eventOf(req, await readBody(req)));
        res.writeHead(r.statusCode ?? 200, r.headers as Record<string, string>);
        res.end(r.body ?? '');
      } catch (e) {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(e));
      }
    })();
  });
  await new Promise<void>((res, rej) => {
    server.once('error', rej);
    server.listen(port, '127.0.0.1', () => res());
  });
  const actual = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    stop: () =>
      new Promise<void>((res) => {
        server.closeAllConnections();
        server.close(() => res());
      }),
  };
}
