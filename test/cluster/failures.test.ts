import { beforeAll, describe, expect, it } from 'vitest';
import type { Cluster } from '../../bench/cluster/cluster.js';
import { ready } from '../../bench/cluster/roles.js';
import { story } from '../scenarios/story.js';
import { eventually } from '../support/stack.js';
import { startFleet, type Fleet } from '../support/fleet.js';
import { fileScope } from '../support/sandbox.js';
import { clusterFor } from './cluster.js';

const scope = fileScope();
let cluster: Cluster;
let fleet: Fleet;

beforeAll(async () => {
  cluster = await clusterFor(scope.cleanup);
  fleet = await startFleet({ address: cluster.address, workers: 2, apis: 1, cleanup: scope.cleanup });
});

/** Orders the supplier holds for each PO of these SKUs: exactly one each is the promise. */
async function ordersPerPo(skus: string[]) {
  const counts: Record<string, number> = {};
  for (const sku of skus) for (const o of await fleet.sandbox.orders(sku)) counts[o.poNumber] = (counts[o.poNumber] ?? 0) + 1;
  return counts;
}

/** From the manager's approval to the goods on the shelf, for a replenishment that waits for approval now. */
async function finish(sku: string, po: { poNumber: string; quantity: number }) {
  const s = story(fleet, sku);
  await eventually(() => s.view(), (v) => ['ordered', 'awaiting goods', 'awaiting supplier'].includes(v.replenishment?.phase) || v.pastOutcomes?.length > 0, 120_000, `${sku} to be ordered`);
  expect((await s.reply(po.poNumber, `c-${sku}`, 'Confirmed, delivery on schedule.', { kind: 'confirmed' })).status).toBe(202);
  await eventually(() => s.view(), (v) => v.replenishment?.phase === 'awaiting goods', 120_000, `${sku} to await goods`);
  expect((await s.receive(po.poNumber, `r-${sku}`, po.quantity)).status).toBe(202);
  const outcome = await eventually(() => s.view(), (v) => v.pastOutcomes?.length > 0, 120_000, `${sku} to finish`);
  expect(outcome.pastOutcomes.at(-1).outcome).toBe('received');
  const stock = await fleet.world.stock(sku);
  expect(stock.onHand).toBe(10 + po.quantity);
}

/** Agents for `n` new SKUs, each parked at the manager's desk. */
async function parked(n: number) {
  const skus = Array.from({ length: n }, () => fleet.newSku());
  const requests = [];
  for (const sku of skus) requests.push(await story(fleet, sku).parkAtApproval());
  return { skus, requests };
}

const approve = async (sku: string, r: { poNumber: string; unitPrice: number }) => {
  const res = await story(fleet, sku).decide(r.poNumber, { decision: 'approve', maxUnitPrice: r.unitPrice });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
};

describe('the service on a Temporal cluster on PostgreSQL, two workers and an API in separate processes', () => {
  it('runs a replenishment end to end: one order, goods booked', async () => {
    const { skus: [sku], requests: [request] } = await parked(1);
    await approve(sku!, request!);
    await finish(sku!, request!);
    expect(await ordersPerPo([sku!])).toEqual({ [request!.poNumber]: 1 });
  });

  it('a worker SIGKILLed while its replenishment waits for approval: the other worker takes over, nothing repeats', async () => {
    const { skus: [sku], requests: [request] } = await parked(1);
    const holder = await fleet.workerOf(`replenish-${sku}-1`);
    expect(holder, 'a worker of the fleet ran the last task').toBeDefined();
    await holder!.kill();
    await approve(sku!, request!);
    await finish(sku!, request!);
    expect(await ordersPerPo([sku!])).toEqual({ [request!.poNumber]: 1 });
    const other = await fleet.workerOf(`replenish-${sku}-1`);
    expect(other && other !== holder).toBe(true);
    // The fleet is two workers again for what follows.
    const replacement = fleet.spawn('worker', `${holder!.name}-replaced`);
    fleet.workers.splice(fleet.workers.indexOf(holder!), 1, replacement);
    await ready(replacement);
  });

  it('the Temporal server killed and restarted just after three approvals: every PO ordered once and received', async () => {
    const { skus, requests } = await parked(3);
    for (const [i, sku] of skus.entries()) await approve(sku, requests[i]!);
    await cluster.restartServer({ hard: true, downMs: 2000 });
    for (const [i, sku] of skus.entries()) await finish(sku, requests[i]!);
    expect(await ordersPerPo(skus)).toEqual(Object.fromEntries(requests.map((r) => [r.poNumber, 1])));
  });

  it('PostgreSQL crashed and restarted just after three approvals: every PO ordered once and received', async () => {
    const { skus, requests } = await parked(3);
    for (const [i, sku] of skus.entries()) await approve(sku, requests[i]!);
    await cluster.restartPostgres({ mode: 'immediate', downMs: 3000 });
    for (const [i, sku] of skus.entries()) await finish(sku, requests[i]!);
    expect(await ordersPerPo(skus)).toEqual(Object.fromEntries(requests.map((r) => [r.poNumber, 1])));
  });
});
