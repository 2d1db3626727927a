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

export async function startLocalAws(port = 0): Promise<LocalAws> {
  const app = buildApp({ logger: false, host: '127.0.0.1' });
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
