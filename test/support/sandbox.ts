import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, onTestFinished } from 'vitest';
import { lineTotal } from '../../src/domain/quantity.js';
import type { PurchaseOrder, Quote } from '../../src/domain/types.js';
import type { DemoOptions } from '../../src/sandbox/actors.js';
import { buildSandbox } from '../../src/sandbox/app.js';
import { seedCatalogue } from '../../src/sandbox/seed.js';
import { SandboxStore } from '../../src/sandbox/store.js';
import { createWorldClient } from '../../src/world/client.js';

export type Cleanup = (fn: () => unknown) => void;

/**
 * Clean-up for what a file starts in beforeAll (a cluster, a fleet): vitest takes hooks only while
 * it collects the file, so the one afterAll is registered here, at the top of the file, and runs
 * what was handed to `cleanup` in reverse order.
 */
export function fileScope(): { cleanup: Cleanup } {
  const steps: (() => unknown)[] = [];
  afterAll(async () => {
    for (const step of steps.reverse()) await step();
  });
  return { cleanup: (fn) => { steps.push(fn); } };
}

const afterThisTest: Cleanup = (fn) => onTestFinished(async () => { await fn(); });

export const tempFile = (cleanup: Cleanup = afterThisTest): string => {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-test-'));
  cleanup(() => rmSync(dir, { recursive: true, force: true }));
  return join(dir, 'sandbox.sqlite');
};

/** A seeded sandbox listening on a loopback port, closed when the test ends. */
export { afterThisTest };

export async function startSandbox(opts: { file?: string; dayMs?: number; demo?: DemoOptions; cleanup?: Cleanup; demandHistoryDays?: number } = {}) {
  const cleanup = opts.cleanup ?? afterThisTest;
  const store = new SandboxStore(opts.file ?? tempFile(cleanup));
  seedCatalogue(store);
  const app = buildSandbox({ store, dayMs: opts.dayMs ?? 86_400_000, demo: opts.demo, demandHistoryDays: opts.demandHistoryDays });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await app.close();
    store.close();
  };
  cleanup(close);

  /** Raw HTTP for what the World interface does not cover (set-up, inspection, bad input). */
  async function http(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(url + path, {
      method,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  }

  const world = createWorldClient({ baseUrl: url, timeoutMs: 2000 });
  const orders = async (sku?: string) => (await http('GET', `/orders${sku ? `?sku=${sku}` : ''}`)).body.orders as any[];
  return { url, store, app, world, http, orders, close };
}

export function orderFrom(quote: Quote, sku: string, quantity: number, poNumber: string): PurchaseOrder {
  return {
    poNumber,
    sku,
    supplier: quote.supplier,
    quoteId: quote.quoteId,
    quantity,
    unitPrice: quote.unitPrice,
    total: lineTotal(quantity, quote.unitPrice),
  };
}

export interface AgentCall {
  path: string;
  body: any;
  headers: Record<string, string | string[] | undefined>;
  /** The body as sent, for signature checks. */
  raw: string;
}

/** Stands in for the agent service: records what the demo suppliers and warehouse send. */
export async function startFakeAgent(opts: { failFirst?: number } = {}) {
  const calls: AgentCall[] = [];
  let failures = opts.failFirst ?? 0;
  const app = Fastify();
  const raws = new WeakMap<object, string>();
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    raws.set(req, body as string);
    try { done(null, JSON.parse(body as string)); } catch (err) { done(err as Error, undefined); }
  });
  app.post('/*', async (req, reply) => {
    if (failures > 0) {
      failures -= 1;
      return reply.code(503).send({ error: 'agent restarting' });
    }
    calls.push({ path: req.url, body: req.body ?? null, headers: req.headers, raw: raws.get(req) ?? '' });
    return reply.code(202).send({ ok: true });
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  onTestFinished(() => app.close());
  const of = (suffix: string) => calls.filter((c) => c.path.endsWith(suffix));
  return { url, calls, of };
}
