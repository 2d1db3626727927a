/**
 * A real S3- and SQS-speaking server for tests and local mode (fauxqs, in process), bound to 127.0.0.1 only, on a
 * free port unless one is asked for.
 */
import { buildApp } from 'fauxqs';

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

export async function startLocalAws(port = 0): Promise<LocalAws> {
  const app = buildApp({ logger: false, host: '127.0.0.1' });
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
