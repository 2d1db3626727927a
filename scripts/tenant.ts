/**
 * `npm run tenant -- create|list|revoke`: the API's tenants and their keys, in the table TABLE_NAME names (on AWS:
 * the stack's ApiTableName output, with the usual AWS credentials; in local mode: the TABLE_NAME and
 * AWS_ENDPOINT_URL_DYNAMODB that `npm run local` prints).
 *
 *   npm run tenant -- create --name "Acme" [--id acme] [--pages-per-month 10000] [--in-flight 100]
 *   npm run tenant -- list
 *   npm run tenant -- revoke <tenantId>
 *
 * `create` prints the tenant's API key and webhook secret once, as JSON on stdout; only the key's hash is stored.
 */
import { parseArgs } from 'node:util';
import { Table } from '../functions/api/db.js';
import { createTenant, listTenants, revokeTenant } from '../functions/api/tenants.js';
import { loadApiConfig } from '../functions/shared/env.js';

function fail(message: string): never {
  process.stderr.write(`tenant: ${message}\n`);
  process.exit(1);
}

const [command, ...rest] = process.argv.slice(2);
if (!process.env.TABLE_NAME) fail('set TABLE_NAME (and AWS_ENDPOINT_URL_DYNAMODB for local mode) to the API table');
const config = loadApiConfig();
const table = new Table(config);
const { values: v, positionals } = parseArgs({
  args: rest,
  allowPositionals: true,
  options: { name: { type: 'string' }, id: { type: 'string' }, 'pages-per-month': { type: 'string' }, 'in-flight': { type: 'string' } },
});
const whole = (name: string, s: string | undefined, fallback: number) => {
  if (s === undefined) return fallback;
  const n = Number(s);
  if (!Number.isInteger(n) || n < 1) fail(`--${name} must be a positive whole number (got ${s})`);
  return n;
};

try {
  if (command === 'create') {
    if (!v.name) fail('create needs --name');
    const { tenant, apiKey } = await createTenant(table, {
      tenantId: v.id,
      name: v.name,
      pagesPerMonth: whole('pages-per-month', v['pages-per-month'], config.defaultPagesPerMonth),
      documentsInFlight: whole('in-flight', v['in-flight'], config.defaultDocumentsInFlight),
    });
    process.stdout.write(
      JSON.stringify(
        {
          tenantId: tenant.tenantId,
          name: tenant.name,
          apiKey,
          webhookSecret: tenant.webhookSecret,
          pagesPerMonth: tenant.pagesPerMonth,
          documentsInFlight: tenant.documentsInFlight,
        },
        null,
        2,
      ) + '\n',
    );
  } else if (command === 'list') {
    for (const t of await listTenants(table)) {
      process.stdout.write(
        JSON.stringify({
          tenantId: t.tenantId,
          name: t.name,
          key: `${t.keyHint}…`,
          pagesPerMonth: t.pagesPerMonth,
          documentsInFlight: t.documentsInFlight,
          inFlight: t.inFlight,
          createdAt: t.createdAt,
          ...(t.revokedAt ? { revokedAt: t.revokedAt } : {}),
        }) + '\n',
      );
    }
  } else if (command === 'revoke') {
    const id = positionals[0] ?? fail('revoke needs a tenant id');
    if (!(await revokeTenant(table, id))) fail(`no tenant ${id}`);
    process.stdout.write(`revoked ${id}\n`);
  } else {
    fail('usage: npm run tenant -- create --name <name> [--id <id>] [--pages-per-month N] [--in-flight N] | list | revoke <tenantId>');
  }
} catch (e) {
  fail((e as Error).message);
}
