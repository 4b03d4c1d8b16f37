import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed messages from suppliers and the warehouse: `X-Signature: sha256=<hex>` is the
 * HMAC-SHA256 of `${timestamp}.${rawBody}` under the sender's secret, `X-Timestamp` is in
 * unix seconds and `X-Supplier` names the sender. The API, the demo actors and the tests all
 * sign and check here.
 */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The sender name the warehouse signs as (goods receipts, stock changes). */
export const WAREHOUSE = 'warehouse';

const SIGNATURE = /^sha256=([0-9a-f]{64})$/i;

const mac = (secret: string, timestamp: number | string, body: string | Buffer): Buffer =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest();

/** `sha256=<hex>` for a body sent at `timestamp` (unix seconds). */
export function sign(secret: string, timestamp: number, body: string | Buffer): string {
  return `sha256=${mac(secret, timestamp, body).toString('hex')}`;
}

/** The headers a sender puts on a POST whose raw body is `body`. */
export function signedHeaders(sender: string, secret: string, body: string, nowMs = Date.now()): Record<string, string> {
  const timestamp = Math.floor(nowMs / 1000);
  return { 'x-supplier': sender, 'x-timestamp': String(timestamp), 'x-signature': sign(secret, timestamp, body) };
}

export type Verdict = { ok: true } | { ok: false; why: string };

/** Whether `X-Timestamp` is a unix time in seconds within the tolerance of `nowMs`. */
export function checkTimestamp(timestamp: string | undefined, nowMs = Date.now()): Verdict {
  if (!timestamp || !/^\d{1,12}$/.test(timestamp)) return { ok: false, why: 'X-Timestamp must be the unix time in seconds' };
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > SIGNATURE_TOLERANCE_SECONDS) {
    return { ok: false, why: `X-Timestamp is more than ${SIGNATURE_TOLERANCE_SECONDS / 60} minutes away from the server's clock` };
  }
  return { ok: true };
}

/** Checks the timestamp and the signature of a raw body; the comparison takes constant time. */
export function verify(secret: string, timestamp: string | undefined, signature: string | undefined, body: string | Buffer, nowMs = Date.now()): Verdict {
  const fresh = checkTimestamp(timestamp, nowMs);
  if (!fresh.ok) return fresh;
  const given = SIGNATURE.exec(signature ?? '');
  if (!given) return { ok: false, why: 'X-Signature must be sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">' };
  if (!timingSafeEqual(Buffer.from(given[1]!, 'hex'), mac(secret, timestamp!, body))) {
    return { ok: false, why: 'the signature does not match the body' };
  }
  return { ok: true };
}
