/**
 * Completion webhooks, signed as the Standard Webhooks specification does (standardwebhooks.com):
 *
 *   webhook-id: <event id>          stable across retries, so a receiver can drop duplicates
 *   webhook-timestamp: <unix secs>  of this attempt
 *   webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>" keyed with the secret's base64 bytes>
 *
 * Where a webhook may point: https only, and never at a private, loopback, link-local or otherwise internal
 * address (the API must not become a way into the network it runs in). Checked when the document is submitted and
 * again at every delivery, against every address the host resolves to, and the connection is made to the address
 * that was checked (the request's DNS lookup goes through the same check, so a host cannot resolve to a public
 * address for the check and a private one for the request). Local mode also allows http:// to loopback.
 */
import { createHmac } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** Ranges no webhook may reach (RFC 6890 special-purpose and private ranges). */
const BLOCKED = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  BLOCKED.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['64:ff9b::', 96],
] as const) {
  BLOCKED.addSubnet(net, bits, 'ipv6');
}
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Longest webhook URL accepted. */
export const MAX_WEBHOOK_URL = 2048;

export interface WebhookPolicy {
  /** Local mode: http:// and loopback addresses are allowed. */
  allowLocal: boolean;
}

/** Why an address may not be called, or null when it may. */
export function addressRefusal(address: string, policy: WebhookPolicy): string | null {
  let a = address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(a);
  if (mapped) a = mapped[1];
  const family = isIP(a) === 6 ? 'ipv6' : 'ipv4';
  if (policy.allowLocal && LOOPBACK.check(a, family)) return null;
  return BLOCKED.check(a, family) ? `${address} is a private, loopback, link-local or reserved address` : null;
}

/** Checks a webhook URL's form (scheme, no credentials); the addresses are checked by `resolveWebhook`. */
export function webhookUrlRefusal(raw: string, policy: WebhookPolicy): string | null {
  if (raw.length > MAX_WEBHOOK_URL) return `longer than ${MAX_WEBHOOK_URL} characters`;
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return 'not a URL';
  }
  if (u.protocol !== 'https:' && !(policy.allowLocal && u.protocol === 'http:')) return 'only https:// URLs are allowed';
  if (u.username || u.password) return 'credentials in the URL are not allowed';
  return null;
}

const hostOf = (u: URL) => u.hostname.replace(/^\[|\]$/g, '');

function lookupAll(host: string): Promise<LookupAddress[]> {
  return new Promise((res, rej) => dnsLookup(host, { all: true, verbatim: true }, (e, addrs) => (e ? rej(e) : res(addrs))));
}

/**
 * Why a webhook URL cannot be called now, or null when it can. `permanent`: the URL's form (scheme, credentials) or
 * an address it resolves to is refused, which no retry changes. Not permanent: the host could not be resolved
 * (EAI_AGAIN, SERVFAIL, a timeout, even NXDOMAIN: DNS can be fixed), which a delivery retries with its backoff.
 */
export async function checkWebhook(
  raw: string,
  policy: WebhookPolicy,
  lookupTimeoutMs = 10_000,
): Promise<{ permanent: boolean; reason: string } | null> {
  const form = webhookUrlRefusal(raw, policy);
  if (form) return { permanent: true, reason: form };
  const host = hostOf(new URL(raw));
  if (isIP(host)) {
    const why = addressRefusal(host, policy);
    return why ? { permanent: true, reason: why } : null;
  }
  let addrs: LookupAddress[];
  let timer: NodeJS.Timeout | undefined;
  try {
    addrs = await Promise.race([
      lookupAll(host),
      new Promise<never>((_, rej) => {
        timer = setTimeout(() => rej(new Error(`no answer within ${lookupTimeoutMs} ms`)), lookupTimeoutMs);
      }),
    ]);
  } catch (e) {
    return { permanent: false, reason: `the host ${host} does not resolve (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})` };
  } finally {
    clearTimeout(timer);
  }
  for (const a of addrs) {
    const why = addressRefusal(a.address, policy);
    if (why) return { permanent: true, reason: `${host} resolves to ${why.replace(/ is /, ', which is ')}` };
  }
  return addrs.length ? null : { permanent: false, reason: `the host ${host} does not resolve` };
}

/** The URL's form and every address its host resolves to; the reason it is refused, or null (used at submit). */
export async function webhookRefusal(raw: string, policy: WebhookPolicy): Promise<string | null> {
  return (await checkWebhook(raw, policy))?.reason ?? null;
}

/** A DNS lookup for the request that refuses the addresses the policy refuses. */
function guardedLookup(policy: WebhookPolicy): LookupFunction {
  return ((host: string, options: object, cb: (e: Error | null, a: string | LookupAddress[], f?: number) => void) => {
    dnsLookup(host, { ...options, all: true }, (e, addrs) => {
      if (e) return cb(e, '');
      const list = addrs as LookupAddress[];
      const bad = list.map((a) => addressRefusal(a.address, policy)).find(Boolean);
      if (bad || list.length === 0) return cb(new Error(`webhook host ${host} refused: ${bad ?? 'no address'}`), '');
      const all = (options as { all?: boolean }).all;
      return all ? cb(null, list) : cb(null, list[0].address, list[0].family);
    });
  }) as LookupFunction;
}

/** The signature header value for a message (Standard Webhooks, version 1). */
export function sign(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return 'v1,' + createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
}

export interface DeliveryOutcome {
  ok: boolean;
  status: number | null;
  error?: string;
}

/** Most bytes of a receiver's answer read; the rest is not waited for (only the status counts). */
export const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * One delivery attempt: a POST of the body with the three headers; 2xx is success, anything else a failure. The
 * attempt has a hard deadline of `timeoutMs` covering the DNS lookup, the connection, the request, the answer's
 * headers and its body (a receiver trickling bytes cannot hold it open), and at most MAX_RESPONSE_BYTES of the
 * answer are read.
 */
export async function post(
  url: string,
  body: string,
  headers: Record<string, string>,
  policy: WebhookPolicy,
  timeoutMs: number,
): Promise<DeliveryOutcome> {
  const refusal = webhookUrlRefusal(url, policy);
  if (refusal) return { ok: false, status: null, error: refusal };
  const u = new URL(url);
  if (isIP(hostOf(u))) {
    const why = addressRefusal(hostOf(u), policy);
    if (why) return { ok: false, status: null, error: why };
  }
  const send = u.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((res) => {
    let settled = false;
    const done = (o: DeliveryOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      res(o);
    };
    const req = send(
      u,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'readflow-webhooks/1',
          ...headers,
        },
        lookup: guardedLookup(policy),
        timeout: timeoutMs,
      },
      (r) => {
        const status = r.statusCode ?? null;
        const outcome = { ok: (status ?? 0) >= 200 && (status ?? 0) < 300, status };
        let read = 0;
        r.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_RESPONSE_BYTES) {
            done(outcome);
            req.destroy();
          }
        });
        r.on('end', () => done(outcome));
        r.on('error', (e) => done({ ok: false, status, error: e.message }));
      },
    );
    const deadline = setTimeout(() => {
      done({ ok: false, status: null, error: `no complete answer within ${timeoutMs} ms` });
      req.destroy();
    }, timeoutMs);
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', (e) => done({ ok: false, status: null, error: e.message }));
    req.end(body);
  });
}

/** Delay before attempt `attempt` (1 = the first retry): exponential, capped. */
export function backoffSeconds(attempt: number, base: number, max: number): number {
  return Math.min(max, base * 2 ** Math.max(0, attempt - 1));
}
