import { beforeAll, describe, expect, it } from 'vitest';
import { Client, Connection } from '@temporalio/client';
import type { Worker } from '@temporalio/worker';
import { policyDecider } from '../../src/activities/deciders/policy.js';
import type { Decider } from '../../src/activities/contract.js';
import type { ReplenishmentResult } from '../../src/domain/types.js';
import { buildApp } from '../../src/api/app.js';
import { healthOf } from '../../src/health.js';
import { story } from '../scenarios/story.js';
import { afterThisFile, eventually, startStack, type Stack } from '../support/stack.js';

/** Every route fastify knows, read from its own route tree (`printRoutes`), as `METHOD /path/:param`. */
function registeredRoutes(tree: string): string[] {
  const routes: string[] = [];
  const prefixes: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^([│├└─\s]*)(\S.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    prefixes.length = depth;
    prefixes[depth] = m[2]!;
    for (const method of m[3]?.split(', ') ?? []) if (method !== 'HEAD') routes.push(`${method} ${prefixes.join('')}`);
  }
  return routes;
}

const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{wildcard}');

/** The policy's choices, with the token counts a model would report. */
const countingDecider: Decider = {
  name: 'policy-counted',
  decide: async (req) => ({ ...(await policyDecider.decide(req)), usage: { input: 1000, written: 100, cached: 200, output: 50 } }),
};

const scrape = async (stack: Stack) => {
  const res = await fetch(`${stack.apiUrl}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  return res.text();
};

/** The value of one sample, e.g. `replenisher_approvals_pending` or `name{label="x"}`; 0 when absent. */
const sample = (text: string, series: string): number => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
};

describe('the API describes itself and reports on its own health', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ temporal: 'dev', decider: countingDecider, cleanup: afterThisFile });
  });

  it('every route fastify registered is in /openapi.json, with its zod schemas as JSON Schema', async () => {
    const doc = (await stack.api('GET', '/openapi.json')).body;
    expect(doc.openapi).toBe('3.1.0');
    const routes = registeredRoutes(stack.app.printRoutes()).filter((r) => !/ \/docs(\/|$)/.test(r));
    expect(routes).toEqual(expect.arrayContaining(['POST /agents', 'POST /purchase-orders/:po/decision', 'GET /metrics', 'GET /ready']));
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    for (const route of routes) {
      const [method, path] = route.split(' ');
      expect(documented, `${route} is missing from /openapi.json`).toContain(`${method} ${openApiPath(path!)}`);
    }
    expect(documented.some((r) => r.includes('/docs'))).toBe(false);

    const decision = doc.paths['/purchase-orders/{po}/decision'].post;
    expect(decision.summary).toMatch(/approves/);
    expect(decision.parameters).toEqual([expect.objectContaining({ name: 'po', in: 'path', required: true, schema: expect.objectContaining({ pattern: expect.any(String) }) })]);
    const body = decision.requestBody.content['application/json'].schema;
    expect(JSON.stringify(body)).toContain('maxUnitPrice');
    expect(body.oneOf ?? body.anyOf).toHaveLength(2);
    expect(decision.security).toEqual([{ managerToken: [] }]);
    expect(doc.paths['/purchase-orders/{po}/receipts'].post.security).toEqual([{ signature: [] }]);
    expect(doc.paths['/agents'].post.requestBody.content['application/json'].schema.required).toEqual(['sku']);
    // Answers are documented from the schemas fastify serialises them with, refusals included.
    expect(decision.responses['202'].content['application/json'].schema.required).toEqual(['poNumber', 'status', 'workflowId', 'by']);
    // Refusals share one named body, Error; the words of each stay on the answer.
    expect(decision.responses['409'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
    expect(decision.responses['409'].description).toMatch(/\w/);
    expect(doc.components.schemas.Error.required).toEqual(['error']);
    expect(doc.paths['/skus'].get.responses['200'].content['application/json'].schema.properties).toHaveProperty('items');
    expect(Object.keys(doc.paths['/metrics'].get.responses['200'].content)).toEqual(['text/plain']);
  });

  it('/docs serves Swagger UI over the same document', async () => {
    const page = await fetch(`${stack.apiUrl}/docs/`, { redirect: 'follow' });
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/swagger-ui/i);
    const json = await stack.api('GET', '/docs/json');
    expect(json.status).toBe(200);
    expect(Object.keys(json.body.paths)).toContain('/purchase-orders/{po}');
  });

  it('/ready is 200 only with Temporal reachable and the worker polling; /health says which part is down', async () => {
    let worker: Pick<Worker, 'getState'> | undefined = { getState: () => 'RUNNING' };
    const ready = async (client: Client) => {
      const app = buildApp({
        client, world: stack.world, taskQueue: stack.taskQueue, rules: stack.rules, security: stack.security, records: stack.records,
        health: healthOf({ client, worker: () => worker as Worker | undefined, worldUrl: stack.sandbox.url }),
      });
      const res = await app.inject({ method: 'GET', url: '/ready' });
      await app.close();
      return { status: res.statusCode, body: res.json() };
    };

    const up = await ready(stack.client);
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ ready: true, parts: { temporal: { ok: true }, worker: { ok: true, detail: 'polling' } } });

    worker = { getState: () => 'DRAINING' };
    const draining = await ready(stack.client);
    expect(draining.status).toBe(503);
    expect(draining.body.parts.worker).toEqual({ ok: false, detail: 'worker is DRAINING' });

    worker = { getState: () => 'RUNNING' };
    const nowhere = new Client({ connection: Connection.lazy({ address: '127.0.0.1:1', connectTimeout: 500 }) });
    const noTemporal = await ready(nowhere);
    expect(noTemporal.status).toBe(503);
    expect(noTemporal.body.parts.temporal.ok).toBe(false);

    // Without a health function (as in tests that build the app alone) the service calls itself ready.
    expect((await stack.api('GET', '/ready')).body).toEqual({ ready: true, parts: {} });
  });

  it('/metrics shows decide latency and tokens, tool calls, pending approvals with their age, and outcomes', async () => {
    const before = await scrape(stack);
    const sku = stack.newSku();
    const s = story(stack, sku);
    await s.startAgent();
    const request = await s.approvalRequest();
    await s.waitingIn('wait_for_approval');

    const waiting = await scrape(stack);
    expect(sample(waiting, 'replenisher_approvals_pending')).toBeGreaterThanOrEqual(1);
    expect(sample(waiting, 'replenisher_approval_oldest_wait_seconds')).toBeGreaterThan(0);
    expect(sample(waiting, 'replenisher_agent_figures_up')).toBe(1);
    expect(sample(waiting, 'replenisher_agents{status="replenishing"}')).toBeGreaterThanOrEqual(1);
    expect(sample(waiting, 'replenisher_tool_calls_total{tool="request_approval",result="ok"}'))
      .toBe(sample(before, 'replenisher_tool_calls_total{tool="request_approval",result="ok"}') + 1);

    expect((await s.decide(request.poNumber, { decision: 'approve', maxUnitPrice: request.unitPrice })).status).toBe(202);
    await s.waitingIn('wait_for_supplier_reply');
    expect((await s.reply(request.poNumber, 'm-1', 'Confirmed, on schedule.', { kind: 'confirmed' })).status).toBe(202);
    await s.waitingIn('wait_for_goods');
    expect((await s.receive(request.poNumber, 'r-1', request.quantity)).status).toBe(202);
    const result = (await s.outcome()) as Awaited<ReturnType<typeof s.outcome>> & ReplenishmentResult;
    expect(result.outcome).toBe('received');
    // The record carries what the replenishment's decisions cost, each kind of token apart.
    const decided = (result.tokens?.input ?? 0) / 1000;
    expect(decided).toBeGreaterThanOrEqual(11);
    expect(result.tokens).toEqual({ input: decided * 1000, written: decided * 100, cached: decided * 200, output: decided * 50 });

    const after = await eventually(() => scrape(stack), (t) => sample(t, 'replenisher_replenishments{outcome="received"}') > sample(before, 'replenisher_replenishments{outcome="received"}'),
      30_000, 'the received replenishment to be counted');
    const decides = sample(after, 'replenisher_decide_duration_seconds_count{decider="policy-counted",result="ok"}')
      - sample(before, 'replenisher_decide_duration_seconds_count{decider="policy-counted",result="ok"}');
    expect(decides).toBeGreaterThanOrEqual(11);
    expect(sample(after, 'replenisher_decide_tokens_total{decider="policy-counted",kind="input"}')
      - sample(before, 'replenisher_decide_tokens_total{decider="policy-counted",kind="input"}')).toBe(decides * 1000);
    expect(sample(after, 'replenisher_decide_tokens_total{decider="policy-counted",kind="output"}')
      - sample(before, 'replenisher_decide_tokens_total{decider="policy-counted",kind="output"}')).toBe(decides * 50);
    for (const [kind, each] of [['cache_write', 100], ['cache_read', 200]] as const) {
      expect(sample(after, `replenisher_decide_tokens_total{decider="policy-counted",kind="${kind}"}`)
        - sample(before, `replenisher_decide_tokens_total{decider="policy-counted",kind="${kind}"}`)).toBe(decides * each);
    }
    // Per replenishment: every replenishment of this stack decides with the counting decider, in 11 turns or more.
    expect(sample(after, 'replenisher_replenishment_tokens{kind="input"}')).toBeGreaterThanOrEqual(11_000);
    expect(sample(after, 'replenisher_replenishment_tokens{kind="cache_read"}')).toBeGreaterThanOrEqual(2_200);
    expect(sample(after, 'replenisher_tool_calls_total{tool="place_order",result="ok"}')).toBeGreaterThanOrEqual(1);
    expect(after).toMatch(/^# TYPE replenisher_decide_duration_seconds histogram$/m);
  });
});
