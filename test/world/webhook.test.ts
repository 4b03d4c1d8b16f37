import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import { verify } from '../../src/api/signatures.js';
import { withNotifyWebhook } from '../../src/world/webhook.js';
import { story } from '../scenarios/story.js';
import { startSandbox } from '../support/sandbox.js';
import { eventually, startStack } from '../support/stack.js';

/** A chat or mail relay's incoming webhook: records every POST, answering with `status`. */
async function startWebhook(status = 204) {
  const received: { headers: IncomingHttpHeaders; body: any; raw: string }[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => { raw += chunk.toString(); });
    req.on('end', () => {
      received.push({ headers: req.headers, body: JSON.parse(raw), raw });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/purchasing`, received };
}

const notification = { to: 'purchasing-manager', subject: 'Approve PO-X-1', body: '40 units at 5.10', sku: 'X', poNumber: 'PO-X-1' };

describe('notifications to the manager through a webhook', () => {
  it('are POSTed as JSON to the webhook and still land in the world\'s inbox', async () => {
    const hook = await startWebhook();
    const sandbox = await startSandbox();
    await withNotifyWebhook(sandbox.world, { url: hook.url }).notify(notification);

    expect(hook.received).toHaveLength(1);
    const [{ headers, body }] = hook.received as [{ headers: IncomingHttpHeaders; body: any; raw: string }];
    expect(headers['content-type']).toBe('application/json');
    expect(body).toMatchObject({ ...notification, text: 'Approve PO-X-1\n40 units at 5.10' });
    expect(headers['idempotency-key']).toBe(body.id);
    const inbox = (await sandbox.http('GET', '/notifications')).body.items;
    expect(inbox).toEqual([expect.objectContaining({ subject: 'Approve PO-X-1', poNumber: 'PO-X-1' })]);
  });

  it('with NOTIFY_WEBHOOK_SECRET each POST is signed as suppliers sign replies, so the receiver can trust it; without, it is not', async () => {
    const hook = await startWebhook();
    const sandbox = await startSandbox();
    const secret = 'webhook-secret-of-this-test';
    await withNotifyWebhook(sandbox.world, { url: hook.url, secret }).notify(notification);
    await withNotifyWebhook(sandbox.world, { url: hook.url }).notify(notification);

    const [signed, unsigned] = hook.received;
    expect(signed!.headers['x-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verify(secret, signed!.headers['x-timestamp'] as string, signed!.headers['x-signature'] as string, signed!.raw)).toEqual({ ok: true });
    expect(verify('another-secret-entirely', signed!.headers['x-timestamp'] as string, signed!.headers['x-signature'] as string, signed!.raw).ok).toBe(false);
    expect(verify(secret, signed!.headers['x-timestamp'] as string, signed!.headers['x-signature'] as string, signed!.raw.replace('5.10', '9.10')).ok).toBe(false);
    expect(unsigned!.headers['x-signature']).toBeUndefined();
  });

  it('a webhook that refuses fails the call, so the activity retries it, and the inbox is not written yet', async () => {
    const hook = await startWebhook(500);
    const sandbox = await startSandbox();
    await expect(withNotifyWebhook(sandbox.world, { url: hook.url }).notify(notification)).rejects.toThrow(/webhook answered 500/);
    await expect(withNotifyWebhook(sandbox.world, { url: 'http://127.0.0.1:1/nothing' }).notify(notification)).rejects.toThrow(/webhook did not answer/);
    expect((await sandbox.http('GET', '/notifications')).body.items).toEqual([]);
  });

  it('the manager hears of an approval request on the webhook, with an id that names the turn', async () => {
    const hook = await startWebhook();
    const stack = await startStack({ temporal: 'dev', notifyWebhookUrl: hook.url });
    const sku = stack.newSku();
    const s = story(stack, sku);
    await s.startAgent();
    const request = await s.approvalRequest();

    const [ask] = await eventually(async () => hook.received.filter((r) => r.body.sku === sku), (xs) => xs.length > 0, 30_000, 'the webhook call');
    expect(ask!.body).toMatchObject({ to: stack.rules.manager, poNumber: request.poNumber, subject: expect.stringMatching(new RegExp(`^Approve ${request.poNumber}:`)) });
    expect(ask!.headers['idempotency-key']).toMatch(new RegExp(`^replenish-${sku}-1/request_approval-\\d+$`));
    const inbox = (await stack.sandbox.http('GET', '/notifications')).body.items.filter((n: { sku?: string }) => n.sku === sku);
    expect(inbox).toHaveLength(1);
  });
});
