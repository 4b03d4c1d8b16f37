import { randomUUID } from 'node:crypto';
import { Context } from '@temporalio/activity';
import type { Notification } from '../domain/types.js';
import type { World } from '../domain/world.js';
import { sign } from '../api/signatures.js';

export interface WebhookOptions {
  url: string;
  /**
   * Signs each POST as suppliers sign their replies: `X-Timestamp` (unix seconds) and
   * `X-Signature: sha256=<hex HMAC-SHA256(secret, "<timestamp>.<raw body>")>`, so the receiver
   * can check it came from this service (`verify` in src/api/signatures.ts).
   */
  secret?: string;
  timeoutMs?: number;
}

/**
 * Stable across the retries of the activity that sends it, so the receiver can drop a repeat;
 * distinct for each turn, so a second reminder with the same words is still delivered.
 */
function notificationId(): string {
  try {
    const info = Context.current().info;
    return `${info.workflowExecution?.workflowId ?? info.activityType}/${info.activityId}`;
  } catch {
    return randomUUID();
  }
}

/**
 * Notifications to people also go to a webhook (chat, mail relay, paging): POSTed as JSON, with a
 * `text` line chat webhooks display as is. The world's inbox still gets every notification and stays
 * the record; the webhook is the delivery. A webhook that does not answer 2xx fails the call, so
 * the activity retries it, and the inbox is written only once the webhook has taken it.
 */
export function withNotifyWebhook(world: World, { url, secret, timeoutMs = 10_000 }: WebhookOptions): World {
  return {
    ...world,
    async notify(n: Notification) {
      const id = notificationId();
      const body = JSON.stringify({ id, text: `${n.subject}\n${n.body}`, ...n });
      const timestamp = Math.floor(Date.now() / 1000);
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json', 'idempotency-key': id,
            ...(secret ? { 'x-timestamp': String(timestamp), 'x-signature': sign(secret, timestamp, body) } : {}),
          },
          body,
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (cause) {
        throw new Error(`the notification webhook did not answer: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
      }
      if (!res.ok) throw new Error(`the notification webhook answered ${res.status}`);
      await world.notify(n);
    },
  };
}
