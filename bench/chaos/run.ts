import { randomUUID } from 'node:crypto';
import { finishedReplenishments } from '../../src/domain/agent.js';
import type { Gathering } from '../../src/domain/gathering.js';
import { agentId } from '../../src/domain/ids.js';
import { agentStatusQuery } from '../../src/workflows/messages.js';
import { poolAll } from '../support/measure.js';
import { startBenchStack, sleep, SUPPLIERS, type BenchStack, type WorkerHandle } from '../support/stack.js';

/**
 * The chaos run: agents replenish SKU after SKU while their worker is SIGKILLed and restarted,
 * the Temporal server is restarted, the world fails, and people (bots) answer late or not at all.
 * Every message a bot sends is recorded with the status it finally got; the checks in check.ts
 * read these records, Temporal and the world.
 */

export interface ChaosOptions {
  dir: string;
  skus: number;
  /** Replenishments each SKU runs to a final outcome. */
  perSku: number;
  dayMs: number;
  /** Worker SIGKILLs: every [min, max] ms, or exactly these many, spread over the run. */
  kills: { everyMs: [number, number] } | { count: number };
  serverRestarts: number;
  /** On a Temporal cluster on PostgreSQL instead of the dev server. */
  cluster?: boolean;
  /** PostgreSQL crashes and restarts (cluster only), between the server's restarts. */
  postgresRestarts?: number;
  faults: boolean;
  /** One supplier that never answers. */
  silentSupplier: boolean;
  /** Suppliers whose SKUs' lines gather into consolidated POs (SPO-…), as SUPPLIER_GATHERING says. */
  gathering?: Gathering;
  /** Give up waiting for the target after this long (the checks still run). */
  limitMs: number;
  bundlePath?: string;
  log?: (line: string) => void;
}

export interface SentMessage {
  kind: 'decision' | 'supplier-reply' | 'receipt' | 'stock-changed';
  path: string;
  /** Last HTTP status; null when no answer ever came (connection refused, timeout). */
  status: number | null;
  attempts: number;
  error?: string;
}

export interface GivenApproval {
  poNumber: string;
  supplier: string;
  approved: boolean;
  maxUnitPrice: number | null;
  quantity: number;
  unitPrice: number;
}

export interface ChaosRecord {
  skus: string[];
  messages: SentMessage[];
  approvals: GivenApproval[];
  kills: number;
  workerStarts: number;
  serverRestarts: number;
  postgresRestarts: number;
  finished: number;
  elapsedMs: number;
  reachedTarget: boolean;
  /** What the Web UI-like querier got back from running replenishments. */
  uiQueries: { answered: number; refused: number; unanswered: number };
}

/** A row of the approvals inbox: a run's PO, or a supplier's consolidated PO with its lines. */
interface WaitingPo {
  poNumber: string; supplier: string; unitPrice: number; quantity: number; requestedAt: string | null;
  lines?: { poNumber: string; quantity: number; unitPrice: number }[];
}

const rand = (min: number, max: number) => min + Math.random() * (max - min);
const FINAL_STATUS = (s: number) => s < 500 && s !== 429;

export async function runChaos(o: ChaosOptions): Promise<{ record: ChaosRecord; stack: BenchStack }> {
  const say = o.log ?? (() => {});
  const stack = await startBenchStack({
    dir: o.dir, bundlePath: o.bundlePath, log: () => {}, cluster: o.cluster ?? false,
    rules: {
      dayMs: o.dayMs, approvalWaitDays: 3, supplierReplyDays: 5, goodsSlackDays: 2, stockCheckEveryDays: 2,
      maxChases: 1, toolAttempts: 8, toolRetryInitialMs: 200,
      ...(o.gathering ? { gathering: o.gathering } : {}),
    },
  });
  const started = Date.now();
  const record: ChaosRecord = {
    skus: [], messages: [], approvals: [], kills: 0, workerStarts: 0, serverRestarts: 0, postgresRestarts: 0, finished: 0, elapsedMs: 0, reachedTarget: false,
    uiQueries: { answered: 0, refused: 0, unanswered: 0 },
  };
  const silent = o.silentSupplier ? 'budget-supply' : null;
  for (let i = 0; i < o.skus; i++) {
    const sku = `CH-${i}-${randomUUID().slice(0, 4)}`;
    // Every fifth SKU buys from the silent supplier, the rest from the two that answer.
    stack.addSku(sku, i % 5 === 4 ? 'budget-supply' : SUPPLIERS[i % 2]!, { onHand: 5, safetyStock: 20, targetLevel: 100 });
    record.skus.push(sku);
  }
  if (silent) await stack.sandboxHttp('PUT', `/suppliers/${silent}`, { behaviour: 'silent' });
  if (o.faults) {
    for (const endpoint of ['placeOrder', 'quotes', 'stock', 'findOrder', 'chase', 'cancel', 'receipts', 'notify']) {
      await stack.sandboxHttp('PUT', '/faults', { endpoint, errorRate: 0.1, dropAfterCommitRate: 0.05, latencyMs: 20 + Math.round(Math.random() * 80) });
    }
  }

  let stopping = false;
  let chaosOver = false;
  const inflight = new Set<Promise<unknown>>();
  const track = (p: Promise<unknown>) => { inflight.add(p); void p.finally(() => inflight.delete(p)); };
  const background: Promise<void>[] = [];
  const loop = (every: () => number, body: () => Promise<void>) => background.push((async () => {
    while (!stopping) {
      try { await body(); } catch { /* the next round tries again; what matters is recorded by send() */ }
      await sleep(every());
    }
  })());

  /** Sends until the API gives a final answer (below 500); the message is recorded with it. */
  async function send(kind: SentMessage['kind'], path: string, body: unknown, opts: { supplier?: string; retryConflictMs?: number } = {}): Promise<number | null> {
    const m: SentMessage = { kind, path, status: null, attempts: 0 };
    record.messages.push(m);
    let conflicts = 0;
    while (m.attempts < 200) {
      m.attempts += 1;
      try {
        const res = await stack.authed(path, body, opts.supplier);
        m.status = res.status;
        if (res.status === 409 && opts.retryConflictMs && conflicts < 5) {
          // The agent may not be in its wait yet (a tool retry in flight): the real sender tries again.
          conflicts += 1;
          await sleep(opts.retryConflictMs);
          continue;
        }
        if (FINAL_STATUS(res.status)) return res.status;
        m.error = JSON.stringify(res.body).slice(0, 200);
      } catch (err) {
        m.error = err instanceof Error ? err.message : String(err);
      }
      await sleep(500);
    }
    return m.status;
  }

  // The manager: each request is decided after a random delay, some after the agent stopped waiting.
  const seenRequests = new Set<string>();
  loop(() => 300, async () => {
    const res = await stack.api('GET', '/approvals');
    if (res.status !== 200) return;
    for (const item of res.body.items as WaitingPo[]) {
      const key = `${item.poNumber}@${item.requestedAt}`;
      if (seenRequests.has(key)) continue;
      seenRequests.add(key);
      track((async () => {
        await sleep(rand(0, 1.3 * 3 * o.dayMs));
        const approve = Math.random() < 0.8;
        // A consolidated PO's unit price is its dearest line's, so its ceiling covers every line.
        const maxUnitPrice = approve ? Math.round(item.unitPrice * (Math.random() < 0.5 ? 1 : 1.05) * 100) / 100 : null;
        // Lines are ordered under their own PO numbers: the approval is recorded per line, as the checks look for it.
        for (const line of item.lines ?? [item]) {
          record.approvals.push({ poNumber: line.poNumber, supplier: item.supplier, approved: approve, maxUnitPrice, quantity: line.quantity, unitPrice: line.unitPrice });
        }
        const body = approve ? { decision: 'approve', maxUnitPrice } : { decision: 'reject', reason: 'chaos bot says no' };
        await send('decision', `/purchase-orders/${item.poNumber}/decision`, body);
      })());
    }
  });

  // Suppliers that answer (all but the silent one) confirm each order, then the warehouse receives it.
  const handled = new Set<string>();
  loop(() => 500, async () => {
    const res = await stack.sandboxHttp('GET', '/orders');
    for (const order of res.body.orders as { poNumber: string; supplier: string; quantity: number; status: string }[]) {
      if (handled.has(order.poNumber) || order.supplier === silent || order.status === 'cancelled') continue;
      handled.add(order.poNumber);
      track((async () => {
        await sleep(rand(0.2, 2) * o.dayMs);
        const reply = { messageId: `reply-${order.poNumber}`, text: 'We confirm your order.', fields: { kind: 'confirmed' } };
        const status = await send('supplier-reply', `/purchase-orders/${order.poNumber}/supplier-replies`, reply, { supplier: order.supplier, retryConflictMs: o.dayMs });
        if (status === null || status >= 300) return;
        await sleep(rand(0.1, 1) * o.dayMs);
        await send('receipt', `/purchase-orders/${order.poNumber}/receipts`, { receiptId: `GR-${order.poNumber}`, quantity: order.quantity }, { retryConflictMs: o.dayMs });
      })());
    }
  });

  // Demand: a SKU whose last replenishment is over drops below safety stock again until it has had its share.
  // Each agent is asked on its own, so one that cannot answer (its worker just died) holds up no other.
  const finishedOf = new Map<string, number>();
  loop(() => 1000, async () => {
    await poolAll(record.skus, 8, async (sku) => {
      const status = await stack.client.workflow.getHandle(agentId(sku)).query(agentStatusQuery).catch(() => null);
      if (!status) return;
      const finished = finishedReplenishments(status.memory);
      finishedOf.set(sku, finished);
      const level = stack.store.stock(sku)!;
      if (status.active) return;
      const wanted = !chaosOver && finished < o.perSku;
      if (wanted && level.onHand >= level.safetyStock) {
        stack.store.setStock(sku, { onHand: 5, safetyStock: 20, targetLevel: 100 });
        track(send('stock-changed', `/skus/${sku}/stock-changed`, undefined));
      } else if (!wanted && level.onHand < level.safetyStock) {
        stack.store.setStock(sku, { onHand: 500, safetyStock: 20, targetLevel: 100 });
      }
    });
    record.finished = [...finishedOf.values()].reduce((a, b) => a + b, 0);
  });

  // The worker: a supervisor restarts it whenever it is gone; the killer SIGKILLs it now and then.
  let worker = null as WorkerHandle | null;
  /** A worker that starts after an outage takes the dead one's tasks only after the sticky timeout. */
  let outageUntil = 0;
  let starting: Promise<void> | null = null;
  const startWorker = () => (starting ??= (async () => {
    while (!worker) {
      try {
        worker = await stack.startWorker('agent');
        record.workerStarts += 1;
        outageUntil = Date.now() + 5_000;
        const mine = worker;
        void new Promise((r) => mine.child.once('exit', r)).then(() => { if (worker === mine) worker = null; });
      } catch (err) {
        say(`worker did not start (${err instanceof Error ? err.message : String(err)}); again in 1 s`);
        await sleep(1000);
      }
    }
  })().finally(() => { starting = null; }));
  await startWorker();
  for (const sku of record.skus) {
    // The API checks the SKU with the world, which fails now and then: a 503 is tried again.
    for (let attempt = 1; ; attempt++) {
      const res = await stack.authed('/agents', { sku });
      if (res.status === 201) break;
      if (res.status < 500 || attempt >= 20) {
        await stack.stop();
        throw new Error(`agent of ${sku} did not start: ${res.status} ${JSON.stringify(res.body)}`);
      }
      await sleep(200);
    }
  }
  loop(() => 1000, async () => { if (!worker && !stopping) await startWorker(); });
  const target = o.skus * o.perSku;
  const killAt = 'count' in o.kills
    ? Array.from({ length: o.kills.count }, (_, i) => ((i + 1) / (o.kills as { count: number }).count) * 0.5 * target)
    : null;
  background.push((async () => {
    while (!chaosOver) {
      if ('everyMs' in o.kills) await sleep(rand(...o.kills.everyMs));
      else {
        if (record.kills >= o.kills.count) return;
        await sleep(200);
        if (record.finished < killAt![record.kills]! && !(record.finished === 0 && Date.now() - started > 5000)) continue;
      }
      const victim = worker;
      if (chaosOver || !victim) continue;
      say(`SIGKILL worker ${victim.pid} (${record.finished}/${target} replenishments done)`);
      await victim.kill();
      record.kills += 1;
      await sleep(rand(200, 2000));
    }
  })());
  // An engineer with the Temporal Web UI open: every running replenishment is asked what the UI
  // asks (its metadata when opened, its stack trace on the Call Stack tab), every second during a
  // worker outage and for a sticky timeout after it (when the query-splits-a-task hazard lives,
  // bench/chaos/findings), every ten seconds otherwise (the Call Stack tab's pace).
  background.push((async () => {
    let round = 0;
    let lastRound = 0;
    while (!chaosOver) {
      const outage = !worker || Date.now() < outageUntil;
      if (!outage && Date.now() - lastRound < 10_000) { await sleep(250); continue; }
      lastRound = Date.now();
      const query = round++ % 2 === 0 ? '__temporal_workflow_metadata' : '__stack_trace';
      try {
        const running: string[] = [];
        for await (const wf of stack.client.workflow.list({ query: `WorkflowType = 'Replenish' AND ExecutionStatus = 'Running' AND TaskQueue = '${stack.taskQueue}'` })) running.push(wf.workflowId);
        await poolAll(running, 16, async (id) => {
          try {
            await stack.client.withDeadline(Date.now() + 2_000, () => stack.client.workflow.getHandle(id).query(query));
            record.uiQueries.answered += 1;
          } catch (err) {
            if (err instanceof Error && /PartialTaskRefused/.test(err.message)) record.uiQueries.refused += 1;
            else record.uiQueries.unanswered += 1;
          }
        });
      } catch { /* the server is restarting: the next round asks again */ }
      await sleep(Math.max(0, 1000 - (Date.now() - lastRound)));
    }
  })());
  // The Temporal server: restarted when a third, then two thirds of the work is done.
  background.push((async () => {
    for (let i = 1; i <= o.serverRestarts; i++) {
      while (!chaosOver && record.finished < (i / (o.serverRestarts + 1)) * target) await sleep(500);
      if (chaosOver) return;
      say(`restarting the Temporal server (${record.finished}/${target} replenishments done)`);
      await stack.restartServer();
      outageUntil = Date.now() + 5_000;
      record.serverRestarts += 1;
    }
  })());
  // PostgreSQL under a cluster: crashed and restarted half-way between the server's restarts.
  const pgRestarts = o.postgresRestarts ?? 0;
  if (pgRestarts > 0 && stack.restartPostgres) {
    const restartPostgres = stack.restartPostgres;
    background.push((async () => {
      for (let i = 1; i <= pgRestarts; i++) {
        while (!chaosOver && record.finished < ((i - 0.5) / (pgRestarts + 0.5)) * target) await sleep(500);
        if (chaosOver) return;
        say(`PostgreSQL crashes and restarts (${record.finished}/${target} replenishments done)`);
        await restartPostgres();
        record.postgresRestarts += 1;
      }
    })());
  }

  // Progress until every SKU had its share (or the limit), then no more chaos, and wait for the last runs to end.
  let lastSay = 0;
  while (Date.now() - started < o.limitMs) {
    const allDone = record.skus.every((s) => (finishedOf.get(s) ?? 0) >= o.perSku);
    if (allDone && record.kills >= ('count' in o.kills ? o.kills.count : 1) && record.serverRestarts >= o.serverRestarts && record.postgresRestarts >= pgRestarts) break;
    if (Date.now() - lastSay > 10_000) {
      lastSay = Date.now();
      say(`${Math.round((Date.now() - started) / 1000)} s: ${record.finished}/${target} replenishments finished, ${record.kills} worker kills, ${record.serverRestarts} server restarts${pgRestarts ? `, ${record.postgresRestarts} PostgreSQL restarts` : ''}`);
    }
    await sleep(500);
  }
  record.reachedTarget = record.skus.every((s) => (finishedOf.get(s) ?? 0) >= o.perSku);
  chaosOver = true;
  await stack.sandboxHttp('DELETE', '/faults');
  if (!worker) await startWorker();
  // Quiet: the bots keep answering until no replenishment runs any more.
  // An agent between two runs looks idle for a moment: an agent whose run was just cancelled with its
  // stock still low starts another at its next check, before the demand loop above raises its stock.
  // So quiet means no agent active in every look for several business days.
  const quietBy = Date.now() + 10 * 60_000;
  let quietSince: number | null = null;
  while (Date.now() < quietBy) {
    const active = await poolAll(record.skus, 8, async (sku) =>
      (await stack.client.workflow.getHandle(agentId(sku)).query(agentStatusQuery).catch(() => ({ active: true }))).active);
    quietSince = active.every((a) => !a) ? quietSince ?? Date.now() : null;
    if (quietSince !== null && Date.now() - quietSince > 5 * o.dayMs) break;
    await sleep(1000);
  }
  await Promise.allSettled([...inflight]);
  stopping = true;
  await Promise.allSettled(background);
  record.elapsedMs = Date.now() - started;
  return { record, stack };
}
