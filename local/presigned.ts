/**
 * Presigned-URL checks for the local S3 server, as S3 makes them. fauxqs accepts any request, so without this a
 * presigned upload could land at another key, after its expiry, or with another size, and local tests would pass
 * what S3 refuses. A request carrying `X-Amz-Signature` in its query string (a presigned URL; ordinary SDK calls
 * sign with an Authorization header and are left alone) must be unexpired and its SigV4 query signature must match,
 * recomputed here from the request as received, following the Signature Version 4 specification: canonical request
 * (method, path as sent, query without the signature sorted and RFC 3986-encoded, the signed headers' values,
 * `UNSIGNED-PAYLOAD`), string to sign, signing key derived from the secret. A wrong size changes the Content-Length
 * a client sends, so its signature no longer matches: 403 SignatureDoesNotMatch, as from S3.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** RFC 3986 encoding as SigV4 wants it: everything but A-Z a-z 0-9 - _ . ~ percent-encoded. */
const rfc3986 = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

export interface PresignedRefusal {
  status: 403;
  code: 'AccessDenied' | 'SignatureDoesNotMatch' | 'AuthorizationQueryParametersError';
  message: string;
}

/** Why a presigned request is refused, or null when its signature is valid and unexpired (or it is not presigned). */
export function presignedRefusal(
  method: string,
  rawUrl: string,
  headers: IncomingHttpHeaders,
  secret: string,
  now = Date.now(),
): PresignedRefusal | null {
  const q = rawUrl.indexOf('?');
  if (q < 0 || !/[?&]X-Amz-Signature=/.test(rawUrl)) return null;
  const path = rawUrl.slice(0, q);
  const params = rawUrl
    .slice(q + 1)
    .split('&')
    .filter(Boolean)
    .map((p) => {
      const i = p.indexOf('=');
      const dec = (s: string) => decodeURIComponent(s.replace(/\+/g, '%20'));
      return i < 0 ? [dec(p), ''] : [dec(p.slice(0, i)), dec(p.slice(i + 1))];
    });
  const get = (k: string) => params.find(([n]) => n === k)?.[1];
  const [algorithm, credential, date, expires, signedHeaders, signature] = [
    'X-Amz-Algorithm',
    'X-Amz-Credential',
    'X-Amz-Date',
    'X-Amz-Expires',
    'X-Amz-SignedHeaders',
    'X-Amz-Signature',
  ].map(get);
  if (algorithm !== 'AWS4-HMAC-SHA256' || !credential || !date || !expires || !signedHeaders || !signature) {
    return { status: 403, code: 'AuthorizationQueryParametersError', message: 'the presigned URL lacks a query parameter SigV4 needs' };
  }
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(date);
  if (!m) return { status: 403, code: 'AuthorizationQueryParametersError', message: `X-Amz-Date ${date} is not a SigV4 date` };
  const signedAt = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]);
  if (now > signedAt + Number(expires) * 1000) return { status: 403, code: 'AccessDenied', message: 'Request has expired' };
  const canonicalQuery = params
    .filter(([k]) => k !== 'X-Amz-Signature')
    .map(([k, v]) => [rfc3986(k), rfc3986(v)])
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const names = signedHeaders.split(';');
  const canonicalHeaders = names
    .map(
      (n) =>
        `${n}:${String(headers[n] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const payload = get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD';
  const canonicalRequest = [method, path, canonicalQuery, canonicalHeaders, signedHeaders, payload].join('\n');
  const scope = credential.split('/').slice(1).join('/');
  const [day, region, service] = scope.split('/');
  const toSign = ['AWS4-HMAC-SHA256', date, scope, createHash('sha256').update(canonicalRequest, 'utf8').digest('hex')].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), service), 'aws4_request');
  const expected = Buffer.from(hmac(key, toSign).toString('hex'));
  const got = Buffer.from(signature);
  if (got.length !== expected.length || !timingSafeEqual(got, expected)) {
    return { status: 403, code: 'SignatureDoesNotMatch', message: 'The request signature we calculated does not match the signature you provided' };
  }
  return null;
}

export interface ConditionalWriteRefusal {
  status: 412;
  code: 'PreconditionFailed';
  message: string;
}

/**
 * S3's conditional write: a PUT carrying `If-None-Match: *` is refused with 412 PreconditionFailed when an object
 * already exists at its key (fauxqs ignores the header). With the header signed into a presigned URL, that URL can
 * upload once. `exists` says whether the key holds an object now. Two such PUTs arriving at the same instant can both
 * pass here (S3 itself lets one win and answers the other 409); tests send them one after the other.
 */
export async function conditionalWriteRefusal(
  method: string,
  headers: IncomingHttpHeaders,
  exists: () => Promise<boolean>,
): Promise<ConditionalWriteRefusal | null> {
  if (method !== 'PUT' || String(headers['if-none-match'] ?? '').trim() !== '*' || headers['x-amz-copy-source']) return null;
  return (await exists())
    ? { status: 412, code: 'PreconditionFailed', message: 'At least one of the pre-conditions you specified did not hold' }
    : null;
}
