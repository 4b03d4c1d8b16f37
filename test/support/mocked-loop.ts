import type { OpenOrderEntry } from '../../src/domain/purchase-record.js';
import type { InboxEntry } from '../../src/domain/phase.js';
import { randomUUID } from 'node:crypto';
import { Context } from '@temporalio/activity';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { inject } from 'vitest';
import type { Activities, Decider, DecideRequest, RunToolRequest } from '../../src/activities/contract.js';
import { policyDecider } from '../../src/activities/deciders/policy.js';
import { Agents } from '../../src/api/agents.js';
import { HttpError } from '../../src/api/errors.js';
import { replenishmentId } from '../../src/domain/ids.js';
import { INLINE_TEXT_CHARS } from '../../src/api/supplier-replies.js';
import { patternReader } from '../../src/activities/reply-reader.js';
import type { ReplyReader, World } from '../../src/domain/world.js';
import { readSupplierReply } from '../../src/tools/read-supplier-reply.js';
import { Rules } from '../../src/domain/rules.js';
import type { Message, ReplenishState, SupplierMessagePayload } from '../../src/domain/state.js';
import type { Quote, ReplenishmentResult, StockLevel } from '../../src/domain/types.js';
import { createWorker } from '../../src/worker.js';
import type { DeliverResult, ReplenishView } from '../../src/workflows/messages.js';
import { scripted, worldAnswers } from './drive.js';
import { afterThisTest, type Cleanup } from './sandbox.js';
import { installRuntime } from './runtime.js';
import { afterThisFile, eventually } from './stack.js';
import { at, DAY_MS } from './states.js';
import { startTimeSkipping } from './time-skipping.js';

/** What the mocked activities were asked, in order: the decider's requests and the tools run. */
export interface Asked {
  decides: DecideRequest[];
  tools: RunToolRequest[];
  notified: { subject: string; body: string }[];
  recorded: { state: ReplenishState; result: ReplenishmentResult }[];
  /** The approvals inbox as the runs wrote it, in order. */
  inbox: InboxEntry[];
  /** The open purchase orders as the runs wrote them, in order. */
  openOrders: OpenOrderEntry[];
}

export interface MockedLoopOptions {
  rules?: Partial<Rules>;
  /** The policy unless given. */
  decider?: Decider;
  /** What the suppliers quote, valid for two weeks of workflow time from the request. */
  quotes?: (now: string) => Quote[];
  /** Reads supplier replies in the real read_supplier_reply tool; the pattern reader unless given. */
  reader?: ReplyReader;
  /** When the worker stops: when the test ends unless given (pass afterThisFile's for a loop shared by a file's tests). */
  cleanup?: Cleanup;
  /** A time-skipping server the file shares with its stacks (test/support/time-skipping.ts); else the loops' own. */
  server?: Promise<TestWorkflowEnvironment>;
}

const defaultQuotes = (now: string): Quote[] => [
  { quoteId: 'Q-ACME', supplier: 'acme', unitPrice: 2.5, moq: 10, leadTimeDays: 5, validUntil: at(14, now) },
  { quoteId: 'Q-BOLT', supplier: 'bolt', unitPrice: 2.8, moq: 120, leadTimeDays: 2, validUntil: at(14, now) },
];

/**
 * The real SkuAgent and Replenish workflows on the time-skipping server, with every activity
 * replaced by a mock: the decider (the policy unless given) and a scripted world that answers each
 * tool at once (test/support/drive.ts). Waits and timeouts take no real time while a test awaits an
 * outcome. Messages go in the way the API sends them (`Agents`), so these tests hold whatever path
 * the agent forwards them by.
 */
// One server for a file's tests (each test has its own task queue and worker): starting one takes a JVM's start.
let env: Promise<TestWorkflowEnvironment> | undefined;

export async function startMockedLoop(opts: MockedLoopOptions = {}) {
  const rules = Rules.parse({ dayMs: DAY_MS, ...opts.rules });
  installRuntime();
  // Stopped with the suite that started it (a describe's afterAll when started in its beforeAll); the next one starts another.
  if (!opts.server) env ??= startTimeSkipping((stop) => afterThisFile(() => { env = undefined; return stop(); }));
  const { client, nativeConnection } = await (opts.server ?? env!);
  const taskQueue = `tq-${randomUUID()}`;
  const asked: Asked = { decides: [], tools: [], notified: [], recorded: [], inbox: [], openOrders: [] };
  const stocks = new Map<string, StockLevel>();
  const decider = opts.decider ?? policyDecider;
  // The world's document store, as far as the reader needs it: long supplier texts travel by reference.
  const documents = new Map<string, string>();
  const documentWorld = { document: async (ref: string) => documents.get(ref) ?? Promise.reject(new Error(`no document ${ref}`)) } as Pick<World, 'document'> as World;
  // The workflow's clock, which the server moves on when it skips time: the activity was scheduled then.
  const workflowNow = () => new Date(Context.current().info.currentAttemptScheduledTimestampMs).toISOString();

  const activities: Activities = {
    async decide(req) {
      asked.decides.push(req);
      return decider.decide(req);
    },
    async runTool(req) {
      asked.tools.push(req);
      if (req.tool === readSupplierReply.name) {
        // The real tool, with the real reader: it fetches a text sent by reference from the document store.
        const result = await readSupplierReply.execute({}, req.state, { world: documentWorld, reader: opts.reader ?? patternReader, rules: req.rules as Rules, idempotencyKey: req.idempotencyKey });
        return { result, at: workflowNow() };
      }
      const answer = worldAnswers[req.tool];
      if (!answer) throw new Error(`the mocked world does not answer ${req.tool}`);
      const now = workflowNow();
      return { result: await answer(req.state, req.input, scripted((opts.quotes ?? defaultQuotes)(now)), req.rules, now), at: now };
    },
    async checkStock(sku) {
      const level = stocks.get(sku)!;
      // The first check finds the SKU low; every later one finds it replenished, so the agent then stays idle.
      stocks.set(sku, { ...level, onHand: level.targetLevel });
      return { stock: level };
    },
    async notifyManager({ subject, body }) {
      asked.notified.push({ subject, body });
    },
    async recordPurchase({ state, result }) {
      asked.recorded.push({ state, result });
    },
    async showInInbox(entry) {
      asked.inbox.push(entry);
    },
    async showOpenOrder(entry) {
      asked.openOrders.push(entry);
    },
    async settleOpenOrder({ workflowId }) {
      asked.openOrders.push({ workflowId, order: null });
    },
  };
  const worker = await createWorker({
    connection: nativeConnection, taskQueue, activities, workflowBundle: { codePath: inject('workflowBundlePath') },
  });
  const running = worker.run();
  (opts.cleanup ?? afterThisTest)(async () => {
    worker.shutdown();
    await running;
  });
  const agents = new Agents(client, taskQueue, rules);

  /** An agent for a new SKU that is below safety stock once; after its first replenishment the stock is healthy. */
  async function startAgent(level: Partial<StockLevel> = {}, onSku?: (sku: string) => void) {
    // The server is shared by the file's tests.
    const sku = `M-${randomUUID().slice(0, 8)}`;
    stocks.set(sku, { sku, onHand: 10, safetyStock: 20, targetLevel: 100, onOrder: 0, ...level });
    onSku?.(sku);
    await agents.start(sku);
    const first = replenishmentId(sku, 1);
    const view = () => agents.replenishment(first).catch(() => null);
    return {
      sku,
      /** The replenishment's view once it is parked in this wait. */
      waitingIn: (tool: string) => eventually(view, (v) => v?.waiting?.tool === tool, 30_000, `${first} to wait in ${tool}`) as Promise<ReplenishView>,
      /**
       * Sends a message as the API does, again while the agent answers 409: the agent learns that the
       * run is waiting a moment after the run does, and a test sends as soon as the run is waiting.
       */
      send: (m: Omit<Message, 'at' | 'messageId'> & { messageId?: string }) => eventually(
        () => agents.deliver(sku, m).catch((err: unknown) => {
          if (err instanceof HttpError && err.status === 409) return err;
          throw err;
        }),
        (r) => !(r instanceof HttpError), 10_000, `${first} to take ${m.event}`,
      ) as Promise<DeliverResult>,
      /** The replenishment's result; awaiting it lets the server skip its timers. */
      outcome: async () => {
        await eventually(() => client.workflow.getHandle(first).describe().then(() => true, () => false), Boolean, 30_000, `${first} to start`);
        return client.workflow.getHandle(first).result() as Promise<ReplenishmentResult>;
      },
      view,
    };
  }

  /**
   * A supplier's reply as the API hands it to the agent (src/api/routes-messages.ts): a text longer
   * than the inline limit goes into the document store, and the message carries its start and the reference.
   */
  function supplierReply(poNumber: string, text: string, supplier: string): SupplierMessagePayload {
    if (text.length <= INLINE_TEXT_CHARS) return { text, supplier };
    const documentRef = `doc-${randomUUID()}`;
    documents.set(documentRef, text);
    return { text: text.slice(0, INLINE_TEXT_CHARS), documentRef, supplier };
  }

  /**
   * The orders the mocked suppliers took for a SKU, by PO number, with how often each was placed and,
   * as the sandbox's orders say it, whether a later call cancelled it there.
   */
  function orders(sku: string) {
    type Taken = { poNumber: string; supplier: string; unitPrice: number; quantity: number; placeCalls: number; status: 'placed' | 'cancelled' };
    const placed = new Map<string, Taken>();
    for (const { tool, state } of asked.tools) {
      if (state.sku !== sku || !state.po) continue;
      const { poNumber, supplier, unitPrice, quantity } = state.po;
      const seen = placed.get(poNumber);
      if (tool === 'place_order') placed.set(poNumber, seen ? { ...seen, placeCalls: seen.placeCalls + 1 } : { poNumber, supplier, unitPrice, quantity, placeCalls: 1, status: 'placed' });
      const cancels = tool === 'reorder_elsewhere' || (tool === 'cancel_purchase_order' && state.order !== null);
      if (cancels && seen) placed.set(poNumber, { ...seen, status: 'cancelled' });
    }
    return [...placed.values()];
  }

  return { client, rules, asked, agents, startAgent, supplierReply, orders };
}

export type MockedLoop = Awaited<ReturnType<typeof startMockedLoop>>;
