import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { verify } from '../../src/api/signatures.js';
import { Api } from '../../src/cli/api.js';

type Seen = { method: string; url: string; headers: IncomingMessage['headers']; body: string };

/** A stand-in API that records each request and answers from a script. */
async function fakeApi(answer: (seen: Seen, n: number) => { status: number; body?: unknown; headers?: Record<string, string> }) {
  const seen: Seen[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (d) => { body += d; });
    req.on('end', () => {
      const s = { method: req.method!, url: req.url!, headers: req.headers, body };
      seen.push(s);
      const a = answer(s, seen.length);
      res.writeHead(a.status, { 'content-type': 'application/json', ...a.headers }).end(a.body === undefined ? '' : JSON.stringify(a.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, seen };
}
const servers: ReturnType<typeof createServer>[] = [];
afterEach(() => { for (const s of servers.splice(0)) s.close(); });

describe('how the CLI calls the API', () => {
  it("sends the manager's token and signs a supplier's reply so that the API's own check accepts it", async () => {
    const api = await fakeApi(() => ({ status: 202, body: { status: 'delivered' } }));
    const client = new Api({ baseUrl: api.url, token: 'tok-1', supplierSecret: 's3cret-of-acme' });
    await client.post('/purchase-orders/PO-A-1/supplier-replies', { messageId: 'm', text: 'Confirmed ✓' }, { as: 'supplier', id: 'acme' });
    const [req] = api.seen;
    expect(req!.headers.authorization).toBe('Bearer tok-1');
    expect(req!.headers['x-supplier']).toBe('acme');
    const h = req!.headers as Record<string, string>;
    expect(verify('s3cret-of-acme', h['x-timestamp'], h['x-signature'], req!.body)).toEqual({ ok: true });
    expect(verify('another-secret', h['x-timestamp'], h['x-signature'], req!.body).ok).toBe(false);
  });

  it('signs as the warehouse only with a warehouse secret, and sends nothing signed without one', async () => {
    const api = await fakeApi(() => ({ status: 202, body: {} }));
    await new Api({ baseUrl: api.url, warehouseSecret: 'w-secret' }).post('/purchase-orders/PO-A-1/receipts', { receiptId: 'r', quantity: 1 }, { as: 'warehouse' });
    await new Api({ baseUrl: api.url }).post('/purchase-orders/PO-A-1/receipts', { receiptId: 'r', quantity: 1 }, { as: 'warehouse' });
    const [signed, plain] = api.seen as [Seen, Seen];
    expect(signed.headers['x-supplier']).toBe('warehouse');
    expect(verify('w-secret', signed.headers['x-timestamp'] as string, signed.headers['x-signature'] as string, signed.body).ok).toBe(true);
    expect(plain.headers['x-signature']).toBeUndefined();
    expect(plain.headers.authorization).toBeUndefined();
  });

  it('waits out a rate limit as the API asks and tries again', async () => {
    const api = await fakeApi((_s, n) => (n === 1 ? { status: 429, body: { error: 'Rate limit exceeded' }, headers: { 'retry-after': '1' } } : { status: 200, body: { ok: 1 } }));
    const waits: number[] = [];
    const answer = await new Api({ baseUrl: api.url, onRateLimited: (s) => waits.push(s) }).get<{ ok: number }>('/skus');
    expect(answer).toEqual({ ok: 1 });
    expect(waits).toEqual([1]);
    expect(api.seen).toHaveLength(2);
  });

  it.each([
    [404, 3], [409, 4], [401, 5], [403, 5], [400, 2], [413, 1], [503, 1],
  ])("turns a %i into exit code %i with the API's message", async (status, exitCode) => {
    const api = await fakeApi(() => ({ status, body: { error: `the API says ${status}` } }));
    await expect(new Api({ baseUrl: api.url }).get('/x')).rejects.toMatchObject({ exitCode, message: `the API says ${status}` });
  });

  it('refuses an --api that is not an http URL as a usage error', () => {
    expect(() => new Api({ baseUrl: 'localhost:3000' })).toThrow(/not an http\(s\) URL|not a URL/);
  });
});
