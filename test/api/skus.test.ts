import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/api/app.js';
import { afterThisFile, startStack, type Stack } from '../support/stack.js';
import { queryCountingClient } from '../support/queries.js';
import { story } from '../scenarios/story.js';

interface Row { sku: string; agent: string; phase: string | null }
interface Page { items: Row[]; next: string | null; total: number }

describe('the SKU list comes a page at a time, so a large catalogue costs only the page it shows', () => {
  let stack: Stack;
  let watched: string;
  let everySku: string[];

  beforeAll(async () => {
    stack = await startStack({ temporal: 'dev', cleanup: afterThisFile });
    for (let i = 0; i < 4; i++) stack.newSku({ onHand: 500, safetyStock: 20, targetLevel: 100 });
    watched = stack.newSku();
    await story(stack, watched).parkAtApproval();
    everySku = (await stack.world.inventory()).map((i) => i.sku).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  });

  const get = async (query: string) => {
    const res = await stack.api('GET', `/skus${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as Page;
  };

  it('walking the pages with `next` visits every SKU once, in SKU order', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const page: Page = await get(`?limit=2${after ? `&after=${encodeURIComponent(after)}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(2);
      expect(page.total).toBe(everySku.length);
      seen.push(...page.items.map((r) => r.sku));
      after = page.next;
      pages++;
    } while (after !== null && pages < 100);
    expect(seen).toEqual(everySku);
    expect(pages).toBe(Math.ceil(everySku.length / 2));
  });

  it('a page shows its SKUs\' agents: the one waiting for approval says so', async () => {
    const i = everySku.indexOf(watched);
    const page = await get(`?limit=1${i > 0 ? `&after=${encodeURIComponent(everySku[i - 1]!)}` : ''}`);
    expect(page.items).toEqual([expect.objectContaining({ sku: watched, agent: 'replenishing', phase: 'awaiting approval' })]);
  });

  it('the default page holds up to 100 SKUs; after the last SKU there is nothing', async () => {
    const all = await get('');
    expect(all.items.map((r) => r.sku)).toEqual(everySku.slice(0, 100));
    const end = await get(`?after=${encodeURIComponent(everySku.at(-1)!)}`);
    expect(end).toEqual({ items: [], next: null, total: everySku.length });
  });

  it('the SKU list, the approvals inbox and /metrics ask no workflow: they read visibility and the inbox table', async () => {
    const { client: counting, queries } = queryCountingClient(stack.client.connection);
    const app = buildApp({ client: counting, world: stack.world, taskQueue: stack.taskQueue, rules: stack.rules, security: stack.security, records: stack.records });
    try {
      const skus = await app.inject({ method: 'GET', url: '/skus?limit=500' });
      expect(skus.json().items).toContainEqual(expect.objectContaining({ sku: watched, agent: 'replenishing', phase: 'awaiting approval' }));
      const approvals = await app.inject({ method: 'GET', url: '/approvals' });
      expect(approvals.json().items).toContainEqual(expect.objectContaining({ sku: watched, poNumber: expect.stringMatching(/^PO-/) }));
      const metrics = (await app.inject({ method: 'GET', url: '/metrics' })).body;
      expect(metrics).toMatch(/replenisher_approvals_pending \d+/);
      expect(metrics).toMatch(/replenisher_agents\{status="replenishing"\} [1-9]/);
      // The probe works: one SKU's detail does ask its agent.
      expect(queries).toEqual([]);
      await app.inject({ method: 'GET', url: `/skus/${watched}` });
      expect(queries.length).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });

  it('one SKU shows its demand a day, days of cover, projected stock-out and the levels computed from them', async () => {
    const sku = stack.newSku({ onHand: 500, safetyStock: 20, targetLevel: 100 });
    const { dayMs } = stack.rules;
    stack.sandbox.store.adjust(sku, -40, 'picked', new Date(Date.now() - 4 * dayMs).toISOString());
    const res = await stack.api('GET', `/skus/${sku}`);
    expect(res.status).toBe(200);
    // 40 taken over the 4 days watched; 460 left; 7 days of lead by default, 30 of cover.
    expect(res.body.demand).toMatchObject({
      source: 'demand', dailyDemand: 10, leadDays: 7, reorderPoint: 90, targetLevel: 390, daysOfCover: 46, coverDays: 30,
    });
    const out = Date.parse(res.body.demand.projectedStockOut) - Date.now();
    expect(out).toBeGreaterThan(45 * dayMs);
    expect(out).toBeLessThanOrEqual(46 * dayMs);
  });

  it('one SKU lists its last runs with the workflow id each runs as', async () => {
    const res = await stack.api('GET', `/skus/${watched}`);
    expect(res.body.runs).toEqual([{ replenishment: 1, workflowId: `replenish-${watched}-1` }]);
  });

  it('a SKU nothing was taken from keeps its typed-in levels', async () => {
    const sku = stack.newSku({ onHand: 500, safetyStock: 20, targetLevel: 100 });
    const res = await stack.api('GET', `/skus/${sku}`);
    expect(res.body.demand).toEqual({
      source: 'typed', dailyDemand: null, leadDays: 7, reorderPoint: 20, targetLevel: 100, daysOfCover: null, projectedStockOut: null, coverDays: 30,
    });
  });

  it.each([
    ['limit=0', /limit is a whole number from 1 to 500/],
    ['limit=501', /limit is a whole number from 1 to 500/],
    ['limit=two', /limit is a whole number from 1 to 500/],
    ['after=two%20words', /after: a SKU is/],
    ['page=2', /page|unrecognized/i],
  ])('?%s is a 400 that says what is wrong', async (query, message) => {
    const res = await stack.api('GET', `/skus?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error ?? res.body.message).toMatch(message);
  });
});

describe('with a demand history, one SKU shows the levels its service level sets, and why', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ temporal: 'dev', cleanup: afterThisFile, demandHistoryDays: 60, rules: { inventoryPolicy: { serviceLevel: 0.95, orderCost: 50, holdingCostPctPerYear: 25 } } });
  });

  /** A SKU taken from on each of the last `days` business days: 8 and 12 units in turn. */
  const withHistory = (days: number, levels: Record<string, unknown> = {}) => {
    const sku = stack.newSku({ onHand: 2000, safetyStock: 5, targetLevel: 100, ...levels });
    const { dayMs } = stack.rules;
    for (let d = days; d >= 1; d--) stack.sandbox.store.adjust(sku, d % 2 ? -8 : -12, 'picked', new Date(Date.now() - (d - 0.5) * dayMs).toISOString());
    return sku;
  };

  it('the forecast, the spread, the service level, the safety stock and the order quantity', async () => {
    const sku = withHistory(30);
    const res = await stack.api('GET', `/skus/${sku}`);
    expect(res.status).toBe(200);
    // Watched since the first pick, 29.5 days ago: 29 whole days of history.
    expect(res.body.stock.demandHistory).toHaveLength(29);
    const { demand } = res.body;
    expect(demand.source).toBe('policy');
    expect(demand.dailyDemand).toBeGreaterThan(8);
    expect(demand.dailyDemand).toBeLessThan(12);
    expect(demand.policy).toMatchObject({ serviceLevel: 0.95, serviceLevelFrom: 'default', z: 1.64, leadTime: { days: 7, deliveries: 0, supplier: null } });
    expect(demand.policy.forecast.sigma).toBeGreaterThan(1);
    expect(demand.policy.safetyStock.used).toBeGreaterThan(demand.policy.safetyStock.typed);
    expect(demand.reorderPoint).toBe(Math.ceil(demand.dailyDemand * 7) + demand.policy.safetyStock.used);
    expect(demand.policy.why).toMatch(/forecast .* from 29 days; lead time 7 days assumed: no supplier known yet; safety stock \d+ for a 95 % service level/);
  });

  it('a SKU\'s own service level, from the warehouse, wins over the deployment\'s', async () => {
    const sku = withHistory(30);
    const put = await stack.sandbox.http('PUT', `/inventory/${sku}`, { onHand: 2000, safetyStock: 5, targetLevel: 100, serviceLevel: 0.99, abcClass: 'A' });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const { demand } = (await stack.api('GET', `/skus/${sku}`)).body;
    expect(demand.policy).toMatchObject({ serviceLevel: 0.99, serviceLevelFrom: 'sku', z: 2.33 });
    const bad = await stack.sandbox.http('PUT', `/inventory/${sku}`, { onHand: 2000, safetyStock: 5, targetLevel: 100, serviceLevel: 1 });
    expect(bad.status).toBe(400);
  });

  it('a short history keeps the average-demand levels', async () => {
    const sku = withHistory(4);
    const { demand } = (await stack.api('GET', `/skus/${sku}`)).body;
    expect(demand.source).toBe('demand');
    expect(demand.policy).toBeUndefined();
  });
});

