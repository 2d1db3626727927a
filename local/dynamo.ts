/// <reference path="./dynalite.d.ts" />
/**
 * DynamoDB for tests and local mode: dynalite (npm), a DynamoDB-wire-compatible server on LevelDB, in memory, run in
 * process on 127.0.0.1 on a free port; and the API's table created on it as the stack creates it (same keys, same
 * index). dynalite has no TTL (UpdateTimeToLive) and no transactions: the API uses neither (expired records are
 * treated as gone by the API itself, as DynamoDB's TTL sweep is lazy anyway; see functions/api/quotas.ts).
 */
import { CreateTableCommand } from '@aws-sdk/client-dynamodb';
import dynalite from 'dynalite';
import { dynamo, TABLE_SCHEMA } from '../functions/api/db.js';

export interface LocalDynamo {
  endpoint: string;
  port: number;
  stop(): Promise<void>;
}

export async function startDynamo(port = 0): Promise<LocalDynamo> {
  const server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((res, rej) => {
    server.once('error', rej);
    server.listen(port, '127.0.0.1', () => res());
  });
  const actual = (server.address() as { port: number }).port;
  return {
    endpoint: `http://127.0.0.1:${actual}`,
    port: actual,
    stop: () => new Promise<void>((res) => server.close(() => res())),
  };
}

/** Creates the API's table (pay per request; key schema and index as infra/constructs/api-table.ts). */
export async function createApiTable(endpoint: string, tableName: string): Promise<void> {
  const s = TABLE_SCHEMA;
  const attr = (name: string) => ({ AttributeName: name, AttributeType: 'S' as const });
  await dynamo({ dynamoEndpoint: endpoint, region: 'us-east-1' }).send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [
        { AttributeName: s.partitionKey, KeyType: 'HASH' },
        { AttributeName: s.sortKey, KeyType: 'RANGE' },
      ],
      AttributeDefinitions: [attr(s.partitionKey), attr(s.sortKey), attr(s.index.partitionKey), attr(s.index.sortKey)],
      GlobalSecondaryIndexes: [
        {
          IndexName: s.index.name,
          KeySchema: [
            { AttributeName: s.index.partitionKey, KeyType: 'HASH' },
            { AttributeName: s.index.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
      ],
    }),
  );
}
