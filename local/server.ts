/**
 * A real S3- and SQS-speaking server for tests and local mode (fauxqs, in process), bound to 127.0.0.1 only, on a
 * free port unless one is asked for. Presigned URLs are checked as S3 checks them, and `If-None-Match: *` PUTs
 * are refused with 412 when the key holds an object, as S3 does (local/presigned.ts).
 */
import { buildApp } from 'fauxqs';
import { conditionalWriteRefusal, presignedRefusal } from './presigned.js';

export interface LocalAws {
  endpoint: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * Largest request body the server takes. fauxqs caps bodies at 11 MiB (its multipart part size), but S3 takes a
 * single PUT of up to 5 GiB, and the result JSON of a book of a few hundred pages is over 11 MiB (about 47 KiB a
 * page, 2-space indented): with the cap, its PutObject got 413 and the aggregation failed until the dead-letter
 * handler wrote a `failed` result. 1 GiB: far above any result, far below what a Buffer can hold.
 */
const MAX_BODY_BYTES = 2 ** 30;

/**
 * `presignSecret`: the secret key presigned URLs are checked against (the local clients sign with
 * AWS_SECRET_ACCESS_KEY, 'local' unless set). @default process.env.AWS_SECRET_ACCESS_KEY ?? 'local'
 */
export async function startLocalAws(port = 0, presignSecret = process.env.AWS_SECRET_ACCESS_KEY ?? 'local'): Promise<LocalAws> {
  const app = buildApp({ logger: false, host: '127.0.0.1' });
  app.addHook('onRequest', async (req, reply) => {
    const exists = async () => {
      const path = req.url.split('?')[0];
      // Object PUTs only (path-style /bucket/key); a multipart part upload carries uploadId and is left alone.
      if (!/^\/[^/]+\/.+/.test(path) || /[?&]uploadId=/.test(req.url)) return false;
      const r = await app.inject({ method: 'HEAD', url: path });
      return r.statusCode === 200;
    };
    const refusal =
      presignedRefusal(req.method, req.url, req.headers, presignSecret) ?? (await conditionalWriteRefusal(req.method, req.headers, exists));
    if (!refusal) return;
    return reply
      .code(refusal.status)
      .header('content-type', 'application/xml')
      .send(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${refusal.code}</Code><Message>${refusal.message}</Message></Error>`);
  });
  // fauxqs's own wildcard (S3) body parser, the same but with the higher limit.
  app.removeContentTypeParser('*');
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_BODY_BYTES }, (_req, body, done) => done(null, body));
  const address = await app.listen({ port, host: '127.0.0.1' });
  const actual = Number(new URL(address).port);
  return {
    endpoint: `http://127.0.0.1:${actual}`,
    port: actual,
    stop: async () => {
      await app.close();
    },
  };
}
