import { randomUUID } from 'node:crypto';
import { agentId, replenishmentId } from '../src/domain/ids.js';
import { finishedReplenishments } from '../src/domain/agent.js';
import { agentStatusQuery, replenishStateQuery } from '../src/workflows/messages.js';
import { bareDeliverUpdate, bareDoneQuery, bareWaitingQuery, bareWakeSignal, BareEntity, type Step } from './baseline/workflows.js';
import { handDeliverUpdate, handWaitingQuery, HandWrittenReplenish } from './baseline/handwritten.js';
import type { Message } from '../src/domain/state.js';
import { events, parentRun, until } from './support/measure.js';
import type { BenchStack } from './support/stack.js';

/**
 * What the latency and throughput benchmarks drive: a SKU's agent through the REST API, or the bare
 * baseline through the Temporal client. Both take three messages per replenishment (decision,
 * supplier reply, goods receipt), each when the workflow waits for it.
 */
export interface Subject {
  name: string;
  /** Creates entity i and starts its first replenishment. */
  prepare(i: number): Promise<void>;
  /** Resolves when entity i's current replenishment waits for message k (0, 1, 2). */
  waiting(i: number, k: number): Promise<void>;
  /** Sends message k to entity i; resolves with the time it went out, once it was taken. */
  send(i: number, k: number): Promise<number>;
  /** Resolves once entity i has finished `n` replenishments. */
  finished(i: number, n: number): Promise<void>;
  /** Starts entity i's next replenishment. */
  again(i: number): Promise<void>;
  /** Workflow id of entity i's n-th replenishment (1-based) and of the entity. */
  childId(i: number, n: number): string;
  entityId(i: number): string;
}

const WAITS = ['wait_for_approval', 'wait_for_supplier_reply', 'wait_for_goods'];
/** Every subject's SKUs start (and start again) below safety stock, supplied by acme-industrial. */
const LOW = { onHand: 5, safetyStock: 20, targetLevel: 100 };
const lowSku = (stack: BenchStack, sku: string): string => { stack.addSku(sku, 'acme-industrial', LOW); return sku; };
const LONG = 10 * 60_000;

export function agentSubject(stack: BenchStack, label = randomUUID().slice(0, 4)): Subject {
  const skus: string[] = [];
  // The PO each agent waits on, read while waiting, so a send is one request and nothing else
  // (a read would query the workflow first and could clear a dead worker's stickiness).
  const pos: { poNumber: string; unitPrice: number; quantity: number; supplier: string }[] = [];
  // Looks go straight to Temporal, one query each, as the baseline's do: the REST view of a SKU
  // costs the world's stock, the agent and the run, which would bill the harness's polling to the agent.
  const current: number[] = [];
  const run = (i: number) => stack.client.workflow.getHandle(replenishmentId(skus[i]!, current[i]!)).query(replenishStateQuery);
  const agent = (i: number) => stack.client.workflow.getHandle(agentId(skus[i]!)).query(agentStatusQuery);
  return {
    name: 'agent',
    async prepare(i) {
      skus[i] = lowSku(stack, `B${label}-${i}`);
      current[i] = 1;
      const res = await stack.authed('/agents', { sku: skus[i] });
      if (res.status !== 201) throw new Error(`agent ${skus[i]} did not start: ${res.status}`);
    },
    async waiting(i, k) {
      const v = await until(() => run(i), (x) => x.waiting?.tool === WAITS[k], LONG, `${skus[i]} in ${WAITS[k]}`, 50);
      pos[i] = v.state.po!;
    },
    async send(i, k) {
      const po = pos[i]!;
      const path = `/purchase-orders/${po.poNumber}/${['decision', 'supplier-replies', 'receipts'][k]}`;
      const body = [
        { decision: 'approve', maxUnitPrice: po.unitPrice },
        { messageId: `m-${po.poNumber}`, text: 'We confirm your order.', fields: { kind: 'confirmed' } },
        { receiptId: `GR-${po.poNumber}`, quantity: po.quantity },
      ][k];
      const at = Date.now();
      const res = await stack.authed(path, body, po.supplier);
      if (res.status !== 202) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return at;
    },
    async finished(i, n) {
      await until(() => agent(i), (a) => finishedReplenishments(a.memory) >= n && !a.active, LONG, `${skus[i]} to finish ${n}`, 50);
    },
    async again(i) {
      current[i]! += 1;
      stack.store.setStock(skus[i]!, LOW);
      const res = await stack.authed(`/skus/${skus[i]}/stock-changed`);
      if (res.status !== 202) throw new Error(`stock-changed ${skus[i]}: ${res.status}`);
    },
    childId: (i, n) => replenishmentId(skus[i]!, n),
    entityId: (i) => agentId(skus[i]!),
  };
}

/** The baseline: BareEntity and BareChild on their own task queue, with `plan` the agent's shape of work. */
export function baselineSubject(stack: BenchStack, plan: Step[], label = randomUUID().slice(0, 4)): Subject {
  const waitSteps = plan.map((s, i) => (s === 'wait' ? i : -1)).filter((i) => i >= 0);
  const id = (i: number) => `${label}-${i}`;
  const entity = (i: number) => stack.client.workflow.getHandle(`bare-entity-${id(i)}`);
  const done = async (i: number) => entity(i).query(bareDoneQuery);
  return {
    name: 'baseline',
    async prepare(i) {
      await stack.client.workflow.start(BareEntity, {
        workflowId: `bare-entity-${id(i)}`, taskQueue: stack.baselineTaskQueue,
        args: [{ id: id(i), plan, waitMs: LONG, runs: 1_000_000, idleMs: LONG }],
      });
    },
    async waiting(i, k) {
      const n = (await done(i)) + 1;
      await until(() => stack.client.workflow.getHandle(`bare-${id(i)}-${n}`).query(bareWaitingQuery), (w) => w === waitSteps[k], LONG, `bare ${i} wait ${k}`, 50);
    },
    async send(i) {
      const at = Date.now();
      await entity(i).executeUpdate(bareDeliverUpdate, { args: ['message'] });
      return at;
    },
    async finished(i, n) {
      await until(() => done(i), (d) => d >= n, LONG, `bare ${i} to finish ${n}`, 50);
    },
    async again(i) {
      await entity(i).signal(bareWakeSignal);
    },
    childId: (i, n) => `bare-${id(i)}-${n}`,
    entityId: (i) => `bare-entity-${id(i)}`,
  };
}

/**
 * The hand-written baseline: one HandWrittenReplenish per replenishment on its own task queue, with
 * the service's activities against the same world; messages as Updates straight to it (no API).
 */
export function handwrittenSubject(stack: BenchStack, label = randomUUID().slice(0, 4)): Subject {
  const skus: string[] = [];
  const current: number[] = [];
  const id = (i: number, n: number) => `hand-${label}-${i}-${n}`;
  const run = (i: number) => stack.client.workflow.getHandle(id(i, current[i]!));
  const start = (i: number) => stack.client.workflow.start(HandWrittenReplenish, {
    workflowId: id(i, current[i]!), taskQueue: stack.handwrittenTaskQueue,
    args: [{ sku: skus[i]!, replenishment: current[i]!, rules: stack.rules }],
  });
  const EVENTS = ['approval', 'supplier-reply', 'goods-receipt'] as const;
  return {
    name: 'handwritten',
    async prepare(i) {
      skus[i] = lowSku(stack, `H${label}-${i}`);
      current[i] = 1;
      await start(i);
    },
    async waiting(i, k) {
      await until(() => run(i).query(handWaitingQuery), (w) => w.event === EVENTS[k], LONG, `${id(i, current[i]!)} to wait for ${EVENTS[k]}`, 50);
    },
    async send(i, k) {
      const { state } = await run(i).query(handWaitingQuery);
      const po = state.po!;
      const base = { poNumber: po.poNumber, messageId: `${EVENTS[k]}-${po.poNumber}`, at: new Date().toISOString() };
      const message = [
        { ...base, event: 'approval', payload: { approved: true, maxUnitPrice: po.unitPrice, by: 'bot' } },
        { ...base, event: 'supplier-reply', payload: { text: 'We confirm your order.', fields: { kind: 'confirmed' }, supplier: po.supplier } },
        { ...base, event: 'goods-receipt', payload: { quantity: po.quantity } },
      ][k] as Message;
      const at = Date.now();
      await run(i).executeUpdate(handDeliverUpdate, { args: [message] });
      return at;
    },
    async finished(i) {
      await run(i).result();
    },
    async again(i) {
      current[i]! += 1;
      stack.store.setStock(skus[i]!, LOW);
      await start(i);
    },
    childId: id,
    // No entity: the floor has none.
    entityId: (i) => `hand-entity-${label}-${i}`,
  };
}

/** The agent's shape of work, read from one replenishment's history: activities, waits, signals, timers. */
export async function planOf(stack: BenchStack, childId: string): Promise<Step[]> {
  const history = await events(stack.client, childId);
  const plan: Step[] = [];
  for (const [i, e] of history.entries()) {
    if (e.activityTaskScheduledEventAttributes) plan.push('act');
    else if (e.signalExternalWorkflowExecutionInitiatedEventAttributes) plan.push('signal');
    else if (e.timerStartedEventAttributes) {
      const id = e.timerStartedEventAttributes.timerId;
      const fired = history.slice(i).some((x) => x.timerFiredEventAttributes?.timerId === id);
      plan.push(fired ? 'timer' : 'wait');
    }
  }
  return plan;
}

/** Events of every run of an entity plus its replenishments' histories. */
export async function eventCounts(stack: BenchStack, subject: Subject, i: number, n: number) {
  let entity = 0;
  let runs = 0;
  const runLengths: number[] = [];
  // Visibility has the length of closed runs only; describe reads the open one too.
  for await (const wf of stack.client.workflow.list({ query: `WorkflowId = '${subject.entityId(i)}'` })) {
    const length = (await stack.client.workflow.getHandle(wf.workflowId, wf.runId).describe()).historyLength;
    entity += length;
    runs += 1;
    runLengths.push(length);
  }
  let children = 0;
  for (let k = 1; k <= n; k++) children += (await stack.client.workflow.getHandle(subject.childId(i, k)).describe()).historyLength;
  return { entity, children, runs, runLengths };
}

export { parentRun };
