import { WorkflowIdConflictPolicy } from '@temporalio/client';
import type { ApprovalPolicy } from '../src/domain/approval-policy.js';
import { agentId, replenishmentId, spoNumber, supplierDeskId } from '../src/domain/ids.js';
import type { Rules } from '../src/domain/rules.js';
import type { DeskState } from '../src/domain/supplier-desk.js';
import type { OrderCosts } from '../src/domain/types.js';
import { deskStateQuery } from '../src/workflows/messages.js';
import { SkuAgent } from '../src/workflows/sku-agent.js';
import { PHASE, SKU } from '../src/workflows/search-attributes.js';
import { record } from '../test/support/records.js';
import { behindAPerson, benchSuppliers, eventsSince, linesNamedIn, ordersPlaced, supplierOfSku, windowHoursFor, type PlacedLine } from './gather-figures.js';
import { events, ms, poolAll, round } from './support/measure.js';
import { percentile, sleep, type BenchStack } from './support/stack.js';

export interface GatherSize {
  /** SKUs below their reorder points at once, in each half. */
  skus: number;
  /** Suppliers the SKUs are spread over (each SKU sold by one). */
  suppliers: number;
  /** The gathering window, in real ms (the bench's business clock runs on real days). */
  windowMs: number;
  /** The approval policy of every agent in both halves. */
  policy: ApprovalPolicy;
  /** One SKU in this many was last bought a third cheaper, so the policy sends its PO to a person; 0: none. */
  dearerEvery: number;
  /** Each supplier's charges per order. */
  orderCosts: OrderCosts;
  pollMs: number;
  /** How long a half may take before the bench gives up on its stragglers. */
  deadlineMs: number;
}

const NORMAL_PRICE = 4;
const DEARER_PRICE = 3;
/** Phases where a replenishment has done what it can alone: ordered, or waiting for a person (as bench/fleet.ts). */
const ORDERED = new Set(['ordered', 'awaiting goods', 'receiving', 'received']);
const AT_A_PERSON = 'awaiting approval';
const ENDED = new Set(['cancelled', 'rejected', 'failed']);

type Event = Awaited<ReturnType<typeof events>>[number];

/**
 * Buying per supplier against buying per SKU (issue 26, "Measured"): `skus` SKUs spread over
 * `suppliers` suppliers, each SKU sold by one of them, every supplier charging freight below a
 * free-freight value. Two halves on the same stack, each of `skus` agents with the same approval
 * policy: first their suppliers are not gathered (one PO per SKU, as today), then another `skus`
 * agents of the same suppliers gather (`Rules.gathering`, a window of `windowMs`). In each half every
 * SKU falls below safety stock at once; timed until each line is ordered or waits for a person, then
 * POs placed at the suppliers, approval requests to the manager, approvals by rule, freight paid and
 * the history events written by every workflow involved (agents, runs, the supplier desks).
 */
export async function gather(stack: BenchStack, o: GatherSize, log: (l: string) => void) {
  const suppliers = benchSuppliers(o.suppliers);
  for (const s of suppliers) stack.store.setSupplier(s, { orderCosts: o.orderCosts });
  const windowHours = windowHoursFor(o.windowMs, stack.rules.dayMs);
  const alone: Rules = { ...stack.rules, approvalPolicy: o.policy };
  const gathered: Rules = { ...alone, gathering: Object.fromEntries(suppliers.map((s) => [s, { windowHours }])) };
  const dearer = (i: number) => o.dearerEvery > 0 && i % o.dearerEvery === o.dearerEvery - 1;
  const halves = [
    { name: 'alone' as const, rules: alone, skus: Array.from({ length: o.skus }, (_, i) => `GA-${i}`) },
    { name: 'gathered' as const, rules: gathered, skus: Array.from({ length: o.skus }, (_, i) => `GG-${i}`) },
  ];

  // The world: each SKU sold by one supplier; the record: what was paid before, the price the policy compares with.
  for (const h of halves) {
    for (const [i, sku] of h.skus.entries()) {
      const supplier = supplierOfSku(i, suppliers);
      stack.store.setStock(sku, { onHand: 500, safetyStock: 20, targetLevel: 100 });
      stack.store.addCatalogueEntry({ sku, supplier, basePrice: NORMAL_PRICE, moq: 10, leadTimeDays: 1 });
      const unitPrice = dearer(i) ? DEARER_PRICE : NORMAL_PRICE;
      await stack.records.save(record(i + 1, {
        replenishmentId: `replenish-${sku}-0`, runId: `seed-${sku}`, sku, replenishment: 0, poNumber: `PO-${sku}-0`, supplier, unitPrice, orderTotal: unitPrice * 95,
        quantityDrafted: 95, quantityOrdered: 95, quantityReceived: 95,
      }));
    }
  }
  // Every agent of both halves started and at rest before the first burst, so the halves meet the same server.
  await poolAll(halves.flatMap((h) => h.skus.map((sku) => ({ sku, rules: h.rules }))), 32, ({ sku, rules }) => stack.client.workflow.start(SkuAgent, {
    workflowId: agentId(sku), taskQueue: stack.taskQueue, args: [{ sku, rules, replenishments: 0 }],
    workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING, typedSearchAttributes: [{ key: SKU, value: sku }],
  }));
  const all = halves.flatMap((h) => h.skus);
  const settleBy = Date.now() + 5 * 60_000;
  for (;;) {
    const lengths = await poolAll(all, 16, async (sku) => (await stack.client.workflow.getHandle(agentId(sku)).describe()).historyLength);
    if (lengths.every((n) => n >= 8) || Date.now() > settleBy) break;
    await sleep(1000);
  }

  const costsOf = () => o.orderCosts;
  const out: Record<string, unknown> = {
    skus: o.skus, suppliers: o.suppliers, windowSeconds: round(o.windowMs / 1000, 1), windowHours: round(windowHours, 5), policy: o.policy, dearerEvery: o.dearerEvery, orderCosts: o.orderCosts,
  };
  for (const h of halves) {
    log(`gather: ${h.name}, ${h.skus.length} SKUs of ${suppliers.length} suppliers below safety stock at once`);
    out[h.name] = await burst(stack, h.name, h.skus, suppliers, o, costsOf);
    log(`gather: ${h.name}: ${JSON.stringify(out[h.name])}`);
  }
  return out;
}

async function burst(stack: BenchStack, half: 'alone' | 'gathered', skus: string[], suppliers: string[], o: GatherSize, costsOf: (s: string) => OrderCosts) {
  const sentAt = Date.now();
  for (const sku of skus) stack.store.setStock(sku, { onHand: 5, safetyStock: 20, targetLevel: 100 });
  await poolAll(skus, 50, (sku) => stack.authed(`/skus/${sku}/stock-changed`));
  const poOf = (sku: string) => `PO-${sku}-1`;
  const skuOfPo = new Map(skus.map((s) => [poOf(s), s]));
  const reached = new Map<string, { ms: number; how: 'ordered' | 'person' }>();
  const ended = new Map<string, string>();
  let behind: string[] = [];
  let histories = 0;
  const pending = () => skus.filter((s) => !reached.has(s) && !ended.has(s));
  const deadline = sentAt + o.deadlineMs;
  const desks = async (): Promise<(DeskState | null)[]> => half === 'gathered'
    ? poolAll(suppliers, 5, (s) => stack.client.workflow.getHandle(supplierDeskId(s)).query(deskStateQuery).catch(() => null))
    : [];
  while (pending().length > 0 && Date.now() < deadline) {
    await sleep(o.pollMs);
    // A consolidated PO's lines wait for a person from the moment the manager is asked about it.
    for (const n of stack.store.notifications()) {
      if (!n.subject.startsWith('Approve SPO-') || Date.parse(n.at) < sentAt) continue;
      for (const po of linesNamedIn(n.body)) {
        const sku = skuOfPo.get(po);
        if (sku && !reached.has(sku)) reached.set(sku, { ms: Date.parse(n.at) - sentAt, how: 'person' });
      }
    }
    await poolAll(pending(), 16, async (sku) => {
      histories += 1;
      const history = await events(stack.client, replenishmentId(sku, 1)).catch(() => [] as Event[]);
      for (const e of history) {
        const phase = phaseIn(e.upsertWorkflowSearchAttributesEventAttributes?.searchAttributes?.indexedFields?.[PHASE.name]?.data);
        if (phase === null) continue;
        if (ENDED.has(phase)) { ended.set(sku, phase); break; }
        if (phase !== AT_A_PERSON && !ORDERED.has(phase)) continue;
        reached.set(sku, { ms: ms(e) - sentAt, how: phase === AT_A_PERSON ? 'person' : 'ordered' });
        break;
      }
    });
    // Lines gathering past their window's close while a consolidated PO waits for the manager: held behind it.
    const left = pending();
    const now = new Date().toISOString();
    behind = (await desks()).flatMap((d) => behindAPerson(d, now)).filter((po) => left.includes(skuOfPo.get(po) ?? ''));
    if (left.length > 0 && behind.length === left.length) break;
  }
  const doneAt = Date.now();
  // The histories settle (a news signal, a phase written) before they are counted.
  await sleep(3000);
  const deskStates = (await desks()).filter((d): d is DeskState => d !== null);

  // Orders at the suppliers: a PO per SKU, or the lines of each consolidated PO the desks placed.
  const mine = new Set(skus);
  let placed: PlacedLine[];
  const spos: { spoNumber: string; lines: number; total: number; early: boolean; result: string }[] = [];
  if (deskStates.length === 0) {
    placed = suppliers.flatMap((s) => stack.store.orders({ supplier: s })).filter((x) => mine.has(x.sku))
      .map((x) => ({ poNumber: x.poNumber, supplier: x.supplier, quantity: x.quantity, unitPrice: x.unitPrice, total: x.total, group: null }));
  } else {
    placed = [];
    for (const d of deskStates) {
      for (let k = 1; k < d.nextK; k++) {
        const spo = spoNumber(d.supplier, k);
        placed.push(...stack.store.ordersOfGroup(spo).map((x) => ({ poNumber: x.poNumber, supplier: x.supplier, quantity: x.quantity, unitPrice: x.unitPrice, total: x.total, group: spo })));
      }
      for (const x of d.orders) spos.push({ spoNumber: x.spoNumber, lines: x.lines.length, total: x.total, early: x.early, result: x.result });
      for (const [spo, c] of Object.entries(d.inFlight)) {
        spos.push({ spoNumber: spo, lines: c.order.lines.length, total: c.order.total, early: c.early, result: c.asked > 0 ? `waiting for the manager (asked ${c.asked})` : 'in hand' });
      }
    }
  }
  const orders = ordersPlaced(placed, costsOf);
  // Approval requests: notifications asking the manager to approve a PO of this half (a SKU's PO, or a consolidated PO of these suppliers).
  const spoPrefix = suppliers.map((s) => `SPO-${s}-`);
  const requests = stack.store.notifications().filter((n) => n.subject.startsWith('Approve ') && Date.parse(n.at) >= sentAt
    && (skuOfPo.has(n.poNumber ?? '') || spoPrefix.some((p) => (n.poNumber ?? '').startsWith(p))));

  // Events: every workflow involved, counted from the burst's start: the agents, their runs, the desks (every run of each).
  const since = (h: Event[]) => eventsSince(h.map(ms), sentAt);
  const agents = (await poolAll(skus, 16, async (sku) => since(await events(stack.client, agentId(sku)).catch(() => [])))).reduce((a, b) => a + b, 0);
  const runs = (await poolAll(skus, 16, async (sku) => since(await events(stack.client, replenishmentId(sku, 1)).catch(() => [])))).reduce((a, b) => a + b, 0);
  let desksEvents = 0;
  let deskRuns = 0;
  if (half === 'gathered') {
    for (const s of suppliers) {
      for await (const x of stack.client.workflow.list({ query: `WorkflowId = '${supplierDeskId(s)}'` })) {
        deskRuns += 1;
        desksEvents += since(await events(stack.client, x.workflowId, x.runId));
      }
    }
  }

  const times = [...reached.values()].map((r) => r.ms);
  const s = (p: number) => (times.length ? round(percentile(times, p) / 1000, 1) : null);
  const ordered = [...reached.values()].filter((r) => r.how === 'ordered').length;
  return {
    size: skus.length, at: new Date(sentAt).toISOString(), windowSeconds: round((doneAt - sentAt) / 1000, 0),
    reached: reached.size, ordered, atPerson: reached.size - ordered,
    // Lines gathering past their window's close while a consolidated PO of their desk waits for the manager.
    behindAPerson: behind.length, ended: ended.size, endedAs: Object.fromEntries([...new Set(ended.values())].map((p) => [p, [...ended.values()].filter((x) => x === p).length])),
    notReached: skus.length - reached.size - ended.size - behind.length,
    p50Seconds: s(50), p99Seconds: s(99), lastSeconds: times.length ? round(Math.max(...times) / 1000, 1) : null,
    posPlaced: orders.orders, linesOrdered: orders.lines, goods: orders.goods, freightPaid: orders.freight, freightAloneOfTheseLines: orders.freightAlone,
    approvalRequests: requests.length, approvalRequestsNamingLines: half === 'gathered' ? requests.reduce((n, r) => n + linesNamedIn(r.body).length, 0) : requests.length,
    // Approved by rule: every PO placed (nobody decided any in the bench).
    posApprovedByRule: orders.orders, linesApprovedByRule: orders.lines,
    consolidatedPos: spos,
    events: { agents, runs, desks: desksEvents, deskRuns, total: agents + runs + desksEvents, perLine: round((agents + runs + desksEvents) / skus.length, 1) },
    benchReads: { pollMs: o.pollMs, histories },
  };
}

/** A Keyword search attribute's value as an upsert carries it: a JSON string (or a list of one). */
function phaseIn(data: Uint8Array | null | undefined): string | null {
  if (!data) return null;
  const v: unknown = JSON.parse(Buffer.from(data).toString('utf8'));
  return typeof v === 'string' ? v : Array.isArray(v) && typeof v[0] === 'string' ? v[0] : null;
}
