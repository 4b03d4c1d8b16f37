import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { msToTs } from '@temporalio/common/lib/time.js';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { pino } from 'pino';
import { DefaultLogger, makeTelemetryFilterString, Runtime } from '@temporalio/worker';
import type { Decider } from '../../src/activities/contract.js';
import { createActivities } from '../../src/activities/index.js';
import { patternReader } from '../../src/activities/reply-reader.js';
import { supplierDesks } from '../../src/activities/supplier-desks.js';
import { buildApp } from '../../src/api/app.js';
import type { Security } from '../../src/api/security.js';
import type { Gathering } from '../../src/domain/gathering.js';
import { agentId, spoNumber, supplierDeskId } from '../../src/domain/ids.js';
import { Rules } from '../../src/domain/rules.js';
import { createMetrics } from '../../src/metrics.js';
import { recordsLocation } from '../../src/records/database.js';
import { openRecords } from '../../src/records/store.js';
import { createActors } from '../../src/sandbox/actors.js';
import { buildSandbox } from '../../src/sandbox/app.js';
import { SandboxStore } from '../../src/sandbox/store.js';
import { ensureTestServer, startTimeSkippingServer } from '../../src/temporal/test-server.js';
import { createWorker } from '../../src/worker.js';
import { deskStateQuery } from '../../src/workflows/messages.js';
import { createWorldClient } from '../../src/world/client.js';
import { freePort, type Json } from '../support/stack.js';
import { checkRules, type ManagerLog } from './rules-kept.js';
import { orderShares, type PlacedOrder, type SkuYear } from './ledger.js';
import { draw, fateIn, gatheringIn, HISTORY_DAYS, type YearWorld } from './scenario.js';

/**
 * The agent's year: the real SkuAgent and Replenish workflows, the production activities and
 * decider, the REST API and the sandbox world, on Temporal's time-skipping test server. The world's
 * clock is the server's: each business day the world acts (goods arrive, suppliers answer, customers
 * take stock, the manager decides what is due), then the server is let run a day ahead, through
 * every timer the agents set, while no activity is running.
 */

export interface AgentYear {
  years: Map<string, SkuYear>;
  manager: ManagerLog;
  /** The business day of each request to the manager to approve a PO (a consolidated PO's one request counts once). */
  approvalsAsked: number[];
  /** The business day of each message that asked a person to act beyond approving a PO: a reply to read, a price raised, an order to check. */
  handedOver: number[];
  /** Model tokens billed, over the run; null with the policy, which uses none. */
  tokens: number | null;
  /** Decisions per replenishment (turns of the loop), over every replenishment that ended. */
  turns: number;
  replenishments: number;
  rulesBroken: string[];
  seconds: number;
}

const DAY_MS = 86_400_000;
/**
 * Each day of the year lasts a business day less one minute of server time, so the world's messages
 * of a day come a minute earlier than the waits the agents started on earlier days end, never in
 * the same instant. On the test server a timer that fires while a workflow task is open, and is then
 * cancelled by that task (a condition a signal met first), fails the task's completion half applied:
 * the task is gone, no completion is written, and the server's clock stays locked for good
 * (TestWorkflowMutableStateImpl.processCancelTimer); the real server drops the buffered firing.
 * Goods ordered on day t for L days later are due L minutes after day t + L's messages, so they
 * land on day t + L + 1, as the baselines assume.
 */
const EVAL_DAY_MS = DAY_MS - 60_000;
const quiet = pino({ level: 'error' });
const iso = (ms: number) => new Date(ms).toISOString();

/** A day that takes longer than this in real time has stalled: the run stops and says so. */
export class StalledDay extends Error {}
const STALLED_AFTER_MS = 180_000;

/** What a day waits for: every SKU's agent and its run, and the desks of the suppliers that gather. */
interface Watched { skus: string[]; desks: string[] }

/** The last events of every workflow that is not at rest: what a stalled day waits for. */
async function unrested(env: TestWorkflowEnvironment, { skus, desks }: Watched): Promise<string> {
  const lines: string[] = [];
  const tail = async (workflowId: string) => {
    const events = (await env.client.workflow.getHandle(workflowId).fetchHistory()).events ?? [];
    const last = events.at(-1);
    const atRest = last?.timerStartedEventAttributes || last?.workflowTaskCompletedEventAttributes || last?.workflowExecutionUpdateCompletedEventAttributes
      || last?.workflowExecutionContinuedAsNewEventAttributes || last?.startChildWorkflowExecutionInitiatedEventAttributes;
    if (!atRest) {
      // A history that shows a task the server no longer has pending is the test server's own fault (EVAL_DAY_MS).
      const pending = (await env.client.workflow.getHandle(workflowId).describe()).raw.pendingWorkflowTask;
      lines.push(`${workflowId}: ${events.slice(-4).map((e) => `${e.eventId} ${Object.keys(e).find((k) => k.endsWith('Attributes'))}`).join(', ')}; pending task ${JSON.stringify(pending)}`);
    }
  };
  for (const sku of skus) {
    const d = await env.client.workflow.getHandle(agentId(sku)).describe().catch(() => null);
    await tail(agentId(sku)).catch(() => {});
    for (const child of (d?.raw.pendingChildren ?? [])) await tail(child.workflowId!).catch(() => {});
  }
  for (const desk of desks) await tail(desk).catch(() => {});
  return lines.join('\n') || 'every workflow is at rest';
}

/** Lets the server run a day ahead, and stops the year with a clear error, saying what waits, if it does not get there. */
async function runDay(env: TestWorkflowEnvironment, dayMs: number, day: number, watched: Watched, stalledAfterMs: number): Promise<void> {
  const { testService } = env.connection;
  if (!testService) throw new Error('the year needs the time-skipping test server, whose connection has a test service');
  let timer: NodeJS.Timeout | undefined;
  // The day's sleep is cancelled when it stalls: left in flight, the client retries it after the
  // server is torn down and throws from a timer, out of reach of any catch.
  const sleeping = new AbortController();
  const stalled = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      sleeping.abort();
      void unrested(env, watched).catch((err: Error) => `(could not be read: ${err.message})`).then((what) => {
        reject(new StalledDay(`day ${day} did not end within ${stalledAfterMs / 1000} s of real time; not at rest:\n${what}`));
      });
    }, stalledAfterMs);
  });
  const sleep = env.connection.withAbortSignal(sleeping.signal, () => testService.unlockTimeSkippingWithSleep({ duration: msToTs(dayMs) }));
  try {
    // A stalled day cancels its sleep first; the error worth reporting is then the stall's.
    await Promise.race([sleep.catch((err) => (sleeping.signal.aborted ? stalled : Promise.reject(err))), stalled]);
  } finally {
    clearTimeout(timer);
  }
}

export async function runAgentYear(o: {
  worlds: YearWorld[]; days: number; decider: Decider; dir: string; log: (l: string) => void;
  /** Real time after which a day counts as stalled (default 180 s). */
  stalledAfterMs?: number;
  /** Suppliers whose lines gather into consolidated POs, by role or name (`gatheringIn`); absent, every SKU buys alone. */
  gathering?: Gathering;
}): Promise<AgentYear> {
  const started = performance.now();
  try {
    Runtime.install({
      logger: new DefaultLogger('ERROR'),
      telemetryOptions: { logging: { forward: {}, filter: makeTelemetryFilterString({ core: 'ERROR', other: 'ERROR' }) } },
    });
  } catch { /* installed by an earlier run in this process */ }
  const env = await startTimeSkippingServer(ensureTestServer());
  const stops: Array<() => Promise<unknown> | unknown> = [() => env.teardown()];
  try {
    const gathered: Gathering = Object.assign({}, ...o.worlds.map((w) => gatheringIn(w, o.gathering ?? {})));
    const rules = Rules.parse({ dayMs: DAY_MS, ...(Object.keys(gathered).length > 0 ? { gathering: gathered } : {}) });
    const skus = o.worlds.flatMap((w) => w.skus);
    const seedOf = new Map(o.worlds.flatMap((w) => w.suppliers.map((s) => [s, w.seed])));
    const worldOf = new Map(o.worlds.flatMap((w) => w.skus.map((s) => [s.sku, w] as const)));
    const secret = () => randomBytes(24).toString('hex');
    const suppliers = o.worlds.flatMap((w) => w.suppliers);
    const gathering = suppliers.filter((s) => Object.hasOwn(gathered, s));
    const watched: Watched = { skus: skus.map((s) => s.sku), desks: gathering.map(supplierDeskId) };
    const security: Security = {
      managerTokens: { manager: `tok-${secret()}` },
      supplierSecrets: Object.fromEntries(suppliers.map((s) => [s, secret()])),
      warehouseSecret: secret(),
      rateLimitPerMinute: 100_000_000,
    };
    const start = await env.currentTimeMs();
    let now = start;
    const dayOf = (at: string) => Math.floor((Date.parse(at) - start) / EVAL_DAY_MS);

    const store = new SandboxStore(join(o.dir, 'world.sqlite'));
    stops.push(() => store.close());
    store.transaction(() => {
      for (const s of skus) {
        const before = s.onHand + s.history.reduce((a, b) => a + b, 0);
        store.setStock(s.sku, { onHand: before, safetyStock: s.safetyStock, targetLevel: s.targetLevel });
        s.history.forEach((units, k) => {
          if (units > 0) store.adjust(s.sku, -units, 'demand', iso(start - (HISTORY_DAYS - k) * DAY_MS));
        });
        for (const l of s.lines) store.addCatalogueEntry({ sku: s.sku, ...l });
      }
      for (const supplier of suppliers) store.setSupplier(supplier, { behaviour: 'prompt', replyAfterDays: 0.5 });
    });

    const apiPort = await freePort();
    const apiUrl = `http://127.0.0.1:${apiPort}`;
    const actors = createActors(store, DAY_MS, {
      apiUrl, driven: true, consumptionPerDay: 0, maxAttempts: 5,
      secrets: { suppliers: security.supplierSecrets, warehouse: security.warehouseSecret },
      fateOf: (order) => fateIn(worldOf.get(order.sku)!, order.supplier, order.sku, dayOf(order.acceptedAt)),
    }, quiet, () => now);
    const sandbox = buildSandbox({ store, dayMs: DAY_MS, clock: () => now, demandHistoryDays: HISTORY_DAYS, actors });
    const worldUrl = (await sandbox.listen({ port: 0, host: '127.0.0.1' })).replace('[::1]', '127.0.0.1');
    stops.push(() => sandbox.close());
    const world = createWorldClient({ baseUrl: worldUrl, timeoutMs: 10_000 });
    const records = await openRecords(recordsLocation({}, o.dir));
    stops.push(() => records.close());
    const metrics = createMetrics({ agentFiguresTtlMs: 0 });
    const taskQueue = `year-${randomUUID().slice(0, 8)}`;
    o.log('bundling the workflows and starting a worker');
    const worker = await createWorker({
      connection: env.nativeConnection, taskQueue,
      // The test server can lose a workflow task that it moves from a worker's sticky queue to the
      // normal one when the sticky timeout passes under load (it stays started, and its own timeout
      // never fires while it holds the clock): the whole year then stalls. A worker that is never
      // away for that long has no reason for the timeout.
      stickyQueueTimeoutMs: 600_000,
      // Lines of suppliers that gather reach their desk by signal-with-start, as the service's worker's do (src/startup/worker.ts).
      activities: createActivities({ world, reader: patternReader, decider: o.decider, metrics, rules, records, desks: supplierDesks(env.client) }),
    });
    const running = worker.run();
    stops.push(async () => { worker.shutdown(); await running; });
    const app = buildApp({ client: env.client, world, taskQueue, rules, security, metrics, records, clock: () => now });
    await app.listen({ port: apiPort, host: '127.0.0.1' });
    stops.push(() => app.close());
    const token = security.managerTokens.manager!;
    const api = async (method: string, path: string, body?: unknown): Promise<{ status: number; json: Json }> => {
      const res = await fetch(apiUrl + path, {
        method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, json: await res.json().catch(() => null) };
    };
    for (const s of skus) {
      const r = await api('POST', '/agents', { sku: s.sku });
      if (r.status >= 300) throw new Error(`the agent of ${s.sku} did not start: ${r.status} ${JSON.stringify(r.json)}`);
    }

    const years = new Map<string, SkuYear>(skus.map((s) => [s.sku, { sku: s.sku, onHand: [], lost: [], arrivals: [], orders: [] }]));
    const manager: ManagerLog = { approvals: 0, decided: new Map() };
    /** The day each waiting PO is decided on: the manager takes 0–2 days. */
    const decideOn = new Map<string, number>();
    const received = new Map<string, number>(skus.map((s) => [s.sku, 0]));
    for (let day = 0; day < o.days; day++) {
      now = await env.currentTimeMs();
      for (const w of o.worlds) {
        for (const c of w.priceChanges.filter((x) => x.day === day)) store.setSupplier(c.supplier, { priceFactor: c.factor });
      }
      // Goods and answers due by this morning.
      while (store.due(now).length > 0) await actors.tick();
      // What came in since yesterday's close: the agents book receipts through the sandbox.
      for (const s of skus) {
        const r = store.orders({ sku: s.sku }).reduce((a, x) => a + (x.receivedQuantity ?? 0), 0);
        if (r > received.get(s.sku)!) years.get(s.sku)!.arrivals.push(day);
        received.set(s.sku, r);
      }
      // The day's customers.
      for (const s of skus) {
        const level = store.stock(s.sku)!;
        const taken = Math.min(s.demand[day]!, Math.max(0, level.onHand));
        if (taken > 0) {
          store.adjust(s.sku, -taken, 'demand', iso(now));
          actors.stockWritten(s.sku, level.onHand);
        }
        const y = years.get(s.sku)!;
        y.lost.push(s.demand[day]! - taken);
        y.onHand.push(level.onHand - taken);
      }
      // The manager.
      const waiting = (await api('GET', '/approvals')).json.items as Array<{
        poNumber: string; unitPrice: number; supplier: string; lines?: Array<{ poNumber: string; unitPrice: number }>;
      }>;
      const due = waiting.filter((item) => {
        if (!decideOn.has(item.poNumber)) {
          const u = draw(seedOf.get(item.supplier) ?? 0, item.poNumber, 'manager');
          decideOn.set(item.poNumber, day + (u < 0.5 ? 0 : u < 0.85 ? 1 : 2));
        }
        return decideOn.get(item.poNumber)! <= day;
      });
      if (due.length > 0) {
        const r = await api('POST', '/approvals/decisions', {
          decisions: due.map((item) => ({ poNumber: item.poNumber, decision: 'approve', maxUnitPrice: item.unitPrice })),
        });
        for (const [k, item] of due.entries()) {
          if (r.json?.results?.[k]?.status === 202) {
            manager.approvals += 1;
            // A consolidated PO is approved for each of its lines at the price it was asked for, and ordered per line.
            for (const line of item.lines ?? [item]) manager.decided.set(line.poNumber, line.unitPrice);
          }
        }
      }
      while (store.due(now).length > 0) await actors.tick();
      if (day % 30 === 29) o.log(`day ${day + 1} of ${o.days} (${Math.round((performance.now() - started) / 1000)} s)`);
      await runDay(env, EVAL_DAY_MS, day, watched, o.stalledAfterMs ?? STALLED_AFTER_MS);
    }

    let turns = 0;
    let replenishments = 0;
    for await (const r of records.all({ settled: {} })) {
      replenishments += 1;
      turns += r.turns.length;
    }
    const groups = await groupsOf(env, store, gathering);
    const shares = orderShares(
      store.orders({}).map((x) => ({ ...x, group: groups.get(x.poNumber) ?? null })),
      (supplier) => store.supplier(supplier)?.orderCosts,
    );
    for (const s of skus) {
      const y = years.get(s.sku)!;
      y.orders = store.orders({ sku: s.sku }).map((x): PlacedOrder => ({
        day: dayOf(x.acceptedAt), supplier: x.supplier, quantity: x.quantity, unitPrice: x.unitPrice, received: x.receivedQuantity ?? 0,
        ...shares.get(x.poNumber),
      }));
    }
    const rulesBroken = await checkRules(store, records, manager, skus.map((s) => s.sku));
    const toManager = store.notifications(rules.manager);
    const daysOf = (asking: boolean) => toManager.filter((n) => n.subject.startsWith('Approve ') === asking).map((n) => dayOf(n.at));
    const billed = (await metrics.registry.getSingleMetric('replenisher_decide_tokens_total')?.get())?.values ?? [];
    const tokens = billed.reduce((a, v) => a + v.value, 0);
    return {
      years, manager, approvalsAsked: daysOf(true), handedOver: daysOf(false), tokens: o.decider.name === 'policy' ? null : tokens, turns, replenishments, rulesBroken,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    for (const stop of stops.reverse()) await Promise.resolve(stop()).catch(() => {});
  }
}

/**
 * The year of several worlds, each on a server of its own, added up. A test server keeps a record of
 * every time lock it ever took in a list it searches on each release, so the longer one lives the
 * more each of its days costs; the worlds are independent, so each gets a fresh one.
 */
export async function runAgentYears(o: Parameters<typeof runAgentYear>[0]): Promise<AgentYear> {
  const parts: AgentYear[] = [];
  for (const [k, world] of o.worlds.entries()) {
    o.log(`seed ${world.seed} (${k + 1} of ${o.worlds.length})`);
    const dir = join(o.dir, `seed-${world.seed}`);
    mkdirSync(dir, { recursive: true });
    parts.push(await runAgentYear({ ...o, worlds: [world], dir }));
  }
  const sum = (f: (a: AgentYear) => number) => parts.reduce((n, a) => n + f(a), 0);
  return {
    years: new Map(parts.flatMap((a) => [...a.years])),
    manager: { approvals: sum((a) => a.manager.approvals), decided: new Map(parts.flatMap((a) => [...a.manager.decided])) },
    approvalsAsked: parts.flatMap((a) => a.approvalsAsked),
    handedOver: parts.flatMap((a) => a.handedOver),
    tokens: parts.some((a) => a.tokens === null) ? null : sum((a) => a.tokens!),
    turns: sum((a) => a.turns),
    replenishments: sum((a) => a.replenishments),
    rulesBroken: parts.flatMap((a) => a.rulesBroken),
    seconds: sum((a) => a.seconds),
  };
}

/** The consolidated PO each line was placed under: the desks number their POs, so every one they placed is found. */
async function groupsOf(env: TestWorkflowEnvironment, store: SandboxStore, gathering: string[]): Promise<Map<string, string>> {
  const groups = new Map<string, string>();
  for (const supplier of gathering) {
    const desk = await env.client.workflow.getHandle(supplierDeskId(supplier)).query(deskStateQuery).catch(() => null);
    for (let k = 1; k < (desk?.nextK ?? 1); k++) {
      for (const line of store.ordersOfGroup(spoNumber(supplier, k))) groups.set(line.poNumber, spoNumber(supplier, k));
    }
  }
  return groups;
}
