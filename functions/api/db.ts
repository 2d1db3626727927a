/**
 * The API's DynamoDB table: one client per process and the few item operations the API needs, with "the condition
 * did not hold" as a value (false) rather than an exception. Items are plain objects (marshalled here).
 *
 * Key schema (one table, every item under its tenant so a tenant's data is one partition range):
 *
 *   pk                 sk                    what
 *   TENANT#<t>         PROFILE               tenant: name, key hash, webhook secret, quotas, in-flight counter
 *   KEY#<sha256>       KEY                   API key → tenant (lookup by the key's hash)
 *   TENANT#<t>         DOC#<documentId>      document (ids sort by creation time: listing is a Query, newest first)
 *   TENANT#<t>         IDEM#<key>            idempotency record of a POST /v1/documents
 *   TENANT#<t>         LEDGER#<jobId>        ledger entry, written once per job (conditional put)
 *   TENANT#<t>         HOOK#<eventId>        a delivered webhook (so a duplicate delivery message sends nothing)
 *   TENANT#<t>         MONTH#<YYYY-MM>       the month's page counter: used = billed + reserved (quotas.ts)
 *
 * GSI `byTenant` (gsi1pk, gsi1sk), sparse: ledger entries as USAGE#<t> / <day>#<jobId> (usage per day is a range
 * query), documents in flight as INFLIGHT#<t> / <documentId> (removed when the document finishes).
 * `ttl` (epoch seconds) expires documents and idempotency records after the retention period.
 */
import {
  ConditionalCheckFailedException,
  DeleteItemCommand,
  DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  UpdateItemCommand,
  type AttributeValue,
  type QueryCommandInput,
} from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import type { ApiConfig } from '../shared/env.js';

export const GSI = 'byTenant';

export type Item = Record<string, unknown>;
export interface Key {
  pk: string;
  sk: string;
}

const cache = new Map<string, DynamoDBClient>();

export function dynamo(config: Pick<ApiConfig, 'dynamoEndpoint' | 'region'>): DynamoDBClient {
  const id = `${config.dynamoEndpoint ?? ''}|${config.region}`;
  let c = cache.get(id);
  if (!c) {
    c = new DynamoDBClient({
      region: config.region,
      ...(config.dynamoEndpoint
        ? {
            endpoint: config.dynamoEndpoint,
            credentials: { accessKeyId: process.env.AWS_ACCESS_KEY_ID ?? 'local', secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY ?? 'local' },
          }
        : {}),
    });
    cache.set(id, c);
  }
  return c;
}

const m = (v: Item) => marshall(v, { removeUndefinedValues: true, convertClassInstanceToMap: true });
const values = (v: Item | undefined) => (v && Object.keys(v).length ? m(v) : undefined);

export const isConditionFailed = (e: unknown) =>
  e instanceof ConditionalCheckFailedException || (e as { name?: string })?.name === 'ConditionalCheckFailedException';

export class Table {
  readonly db: DynamoDBClient;
  constructor(readonly config: Pick<ApiConfig, 'tableName' | 'dynamoEndpoint' | 'region'>) {
    this.db = dynamo(config);
  }

  async get<T>(key: Key, consistent = true): Promise<T | null> {
    const r = await this.db.send(new GetItemCommand({ TableName: this.config.tableName, Key: m({ ...key }), ConsistentRead: consistent }));
    return r.Item ? (unmarshall(r.Item) as T) : null;
  }

  /** Puts an item; with a condition, false when it did not hold. */
  async put(item: Item, condition?: string, names?: Record<string, string>, vals?: Item): Promise<boolean> {
    try {
      await this.db.send(
        new PutItemCommand({
          TableName: this.config.tableName,
          Item: m(item),
          ConditionExpression: condition,
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values(vals),
        }),
      );
      return true;
    } catch (e) {
      if (condition && isConditionFailed(e)) return false;
      throw e;
    }
  }

  /** Updates an item; the new item, or null when the condition did not hold. */
  async update<T>(
    key: Key,
    update: string,
    names: Record<string, string> | undefined,
    vals: Item | undefined,
    condition?: string,
  ): Promise<T | null> {
    try {
      const r = await this.db.send(
        new UpdateItemCommand({
          TableName: this.config.tableName,
          Key: m({ ...key }),
          UpdateExpression: update,
          ConditionExpression: condition,
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values(vals),
          ReturnValues: 'ALL_NEW',
        }),
      );
      return (r.Attributes ? unmarshall(r.Attributes) : {}) as T;
    } catch (e) {
      if (condition && isConditionFailed(e)) return null;
      throw e;
    }
  }

  async delete(key: Key, condition?: string, vals?: Item, names?: Record<string, string>): Promise<boolean> {
    try {
      await this.db.send(
        new DeleteItemCommand({
          TableName: this.config.tableName,
          Key: m({ ...key }),
          ConditionExpression: condition,
          ExpressionAttributeValues: values(vals),
          ExpressionAttributeNames: names,
        }),
      );
      return true;
    } catch (e) {
      if (condition && isConditionFailed(e)) return false;
      throw e;
    }
  }

  /** One page of a query; `start` and the returned `next` are the raw LastEvaluatedKey. */
  async query<T>(
    input: Omit<QueryCommandInput, 'TableName' | 'ExpressionAttributeValues' | 'ExclusiveStartKey'> & {
      values: Item;
      start?: Record<string, AttributeValue>;
    },
  ): Promise<{ items: T[]; next: Record<string, AttributeValue> | undefined; count: number }> {
    const { values: vals, start, ...rest } = input;
    const r = await this.db.send(
      new QueryCommand({ ...rest, TableName: this.config.tableName, ExpressionAttributeValues: m(vals), ExclusiveStartKey: start }),
    );
    return { items: (r.Items ?? []).map((i) => unmarshall(i) as T), next: r.LastEvaluatedKey, count: r.Count ?? 0 };
  }

  /** Every item of a query, page after page. */
  async queryAll<T>(input: Parameters<Table['query']>[0]): Promise<T[]> {
    const out: T[] = [];
    let start: Record<string, AttributeValue> | undefined;
    do {
      const r = await this.query<T>({ ...input, start });
      out.push(...r.items);
      start = r.next;
    } while (start);
    return out;
  }
}

export const keysOf = {
  tenant: (t: string): Key => ({ pk: `TENANT#${t}`, sk: 'PROFILE' }),
  apiKey: (hash: string): Key => ({ pk: `KEY#${hash}`, sk: 'KEY' }),
  document: (t: string, id: string): Key => ({ pk: `TENANT#${t}`, sk: `DOC#${id}` }),
  idempotency: (t: string, key: string): Key => ({ pk: `TENANT#${t}`, sk: `IDEM#${key}` }),
  ledger: (t: string, jobId: string): Key => ({ pk: `TENANT#${t}`, sk: `LEDGER#${jobId}` }),
  hook: (t: string, eventId: string): Key => ({ pk: `TENANT#${t}`, sk: `HOOK#${eventId}` }),
  month: (t: string, month: string): Key => ({ pk: `TENANT#${t}`, sk: `MONTH#${month}` }),
};

/** Key attributes of the table and its index, for the stack and the local table. */
export const TABLE_SCHEMA = {
  partitionKey: 'pk',
  sortKey: 'sk',
  index: { name: GSI, partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
  ttlAttribute: 'ttl',
} as const;
