import { WorkflowIdConflictPolicy } from '@temporalio/client';
import type { ApprovalPolicy } from '../src/domain/approval-policy.js';
import { agentId, replenishmentId } from '../src/domain/ids.js';
import type { Rules } from '../src/domain/rules.js';
import { SkuAgent } from '../src/workflows/sku-agent.js';
import { PHASE, SKU } from '../src/workflows/search-attributes.js';
import { events, ms, poolAll, procStats, round, sampleProcess } from './support/measure.js';
import { seedRecords } from './support/seed-records.js';
import { percentile, type BenchStack, type WorkerHandle } from './support/stack.js';

export interface FleetSize {
  /** Agents started. */
  size: number;
  /** SKUs in each of the two bursts: without an approval policy, then with one. */
  burst: number;
  /** Settled replenishments in the purchasing record. */
  records: number;
  /** Requests per read figure. */
  samples: number;
  idleWindowMs: number;
}

/**
 * The policy of the second burst: small orders priced as before are approved by rule. The fleet's
 * POs total about 380 (95 units at 4); the record says one SKU in ten was last bought at 3, so its
 * PO is 33 % dearer and waits for a person.
 */
const POLICY: ApprovalPolicy = { autoApproveBelow: 1000, priceTolerancePct: 5, budgetPerMonth: 100_000_000 };
const NORMAL_PRICE = 4;
const DEARER_EVERY = 10;

/** Phases where a replenishment has done what it can alone: ordered, or waiting for a person. */
const ORDERED = new Set(['ordered', 'awaiting goods', 'receiving', 'received']);
const AT_A_PERSON = 'awaiting approval';

/**
 * A fleet: `size` agents watching stock that is fine, with a purchasing record of `records`
 * settled replenishments. Then `burst` of them fall below safety stock at once with no approval
 * policy (each PO waits for a person), the manager's reads are timed with those pending, and
 * another `burst` fall below with the policy on. Agents are started the way the API starts them
 * (same input and options), many at a time; the worker runs with the service's default settings
 * unless the bench was told otherwise.
 */
export async function fleet(stack: BenchStack, worker: WorkerHandle, o: FleetSize) {
  const skus = Array.from({ length: o.size }, (_, i) => `F-${i}`);
  const burst = Math.min(o.burst, Math.floor(o.size / 2));
  const manual = skus.slice(0, burst);
  const byRule = skus.slice(burst, 2 * burst);
  const ruled = new Set(byRule);
  const withPolicy: Rules = { ...stack.rules, approvalPolicy: POLICY };
  for (const sku of skus) stack.addSku(sku, 'acme-industrial', { onHand: 500, safetyStock: 20, targetLevel: 100 });

  // The record: what was paid before, the last price the policy compares a PO's with.
  const dearer = (k: number) => k % DEARER_EVERY === DEARER_EVERY - 1;
  const recordWriteMs = await seedRecords(stack.records, o.records, (i) => skus[i % o.size]!, (i) => {
    const k = i % o.size;
    const unitPrice = dearer(k) ? 3 : NORMAL_PRICE;
    return { supplier: 'acme-industrial', unitPrice, orderTotal: unitPrice * 10 };
  });

  const t0 = Date.now();
  let started = 0;
  let stoppedBy: string | null = null;
  await poolAll(skus, 32, async (sku) => {
    if (stoppedBy) return;
    try {
      await stack.client.workflow.start(SkuAgent, {
        workflowId: agentId(sku), taskQueue: stack.taskQueue, args: [{ sku, rules: ruled.has(sku) ? withPolicy : stack.rules, replenishments: 0 }],
        workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING, typedSearchAttributes: [{ key: SKU, value: sku }],
      });
      started += 1;
    } catch (err) {
      stoppedBy = err instanceof Error ? err.message : String(err);
    }
  });
  const startSeconds = (Date.now() - t0) / 1000;
  // At rest: every agent has read its stock once and waits on its timer (checked on every 20th agent).
  const sample = skus.slice(0, started).filter((_, i) => i % 20 === 0 || i === started - 1);
  let settled = 0;
  const settleBy = Date.now() + 15 * 60_000;
  while (Date.now() < settleBy) {
    const lengths = await poolAll(sample, 16, async (sku) => (await stack.client.workflow.getHandle(agentId(sku)).describe()).historyLength);
    settled = lengths.filter((n) => n >= 8).length;
    if (settled === sample.length) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  const settledSeconds = (Date.now() - t0) / 1000;
  const [workerIdle, serverIdle] = await Promise.all([
    sampleProcess(worker.pid, o.idleWindowMs),
    stack.serverPid ? sampleProcess(stack.serverPid, o.idleWindowMs) : Promise.resolve(null),
  ]);
  const dbMB = stack.databaseMB();

  const peak = peakRss(worker.pid);
  const first = await belowSafety(stack, manual.slice(0, started), peak.look);
  // What a manager's screens cost with every PO of the first burst pending.
  const inbox = await stack.api('GET', '/approvals').catch(() => null);
  const reads = {
    pending: inbox?.status === 200 ? inbox.body.items.length as number : null,
    approvals: await sampled(stack, '/approvals', o.samples),
    skus: await sampled(stack, '/skus?limit=100', o.samples),
    purchaseOrders: await sampled(stack, '/purchase-orders?limit=100', o.samples),
    metrics: await sampled(stack, '/metrics', o.samples),
  };
  const afterFirst = await sampleProcess(worker.pid, 1000);
  const second = await belowSafety(stack, byRule.slice(0, Math.max(0, started - burst)), peak.look);
  const afterSecond = await sampleProcess(worker.pid, 1000);
  return {
    requested: o.size, started, stoppedBy, startSeconds: round(startSeconds, 1), startsPerSecond: round(started / startSeconds, 0),
    settledSeconds: round(settledSeconds, 1), settledOfSample: `${settled}/${sample.length}`,
    idle: { workerCpuPercent: workerIdle.cpuPercent, workerRssMB: workerIdle.rssMB, serverCpuPercent: serverIdle?.cpuPercent ?? null, serverRssMB: serverIdle?.rssMB ?? null, windowSeconds: o.idleWindowMs / 1000 },
    temporalDbMB: dbMB,
    records: { count: o.records, writeMsPerRecord: round(recordWriteMs, 2) },
    burst: first,
    reads,
    policyBurst: { ...second, policy: POLICY, dearerEvery: DEARER_EVERY },
    workerRssMB: { afterBurst: afterFirst.rssMB, afterPolicyBurst: afterSecond.rssMB, peakDuringBursts: peak.mb() },
  };
}

/** The worker's largest RSS seen by `look()`, called while the bursts run. */
function peakRss(pid: number) {
  let bytes = 0;
  return {
    look: () => { try { bytes = Math.max(bytes, procStats(pid).rssBytes); } catch { /* gone: the figure says so */ } },
    mb: () => round(bytes / 2 ** 20, 0),
  };
}

/**
 * The stock of `hit` drops below safety and the warehouse says so, all at once; how long until each
 * replenishment has ordered or is waiting for a person, from the Phase its history shows.
 */
async function belowSafety(stack: BenchStack, hit: string[], look: () => void) {
  const sentAt = Date.now();
  for (const sku of hit) stack.store.setStock(sku, { onHand: 5, safetyStock: 20, targetLevel: 100 });
  await poolAll(hit, 50, (sku) => stack.authed(`/skus/${sku}/stock-changed`));
  const reached: number[] = [];
  let ordered = 0;
  let atPerson = 0;
  const deadline = Date.now() + 15 * 60_000;
  const pending = new Set(hit);
  while (pending.size && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 2000));
    look();
    await poolAll([...pending], 16, async (sku) => {
      const history = await events(stack.client, replenishmentId(sku, 1)).catch(() => []);
      for (const e of history) {
        const phase = phaseIn(e.upsertWorkflowSearchAttributesEventAttributes?.searchAttributes?.indexedFields?.[PHASE.name]?.data);
        if (phase !== AT_A_PERSON && !ORDERED.has(phase ?? '')) continue;
        reached.push(ms(e) - sentAt);
        if (phase === AT_A_PERSON) atPerson += 1; else ordered += 1;
        pending.delete(sku);
        break;
      }
    });
  }
  const s = (p: number) => reached.length ? round(percentile(reached, p) / 1000, 1) : null;
  return {
    size: hit.length, reached: reached.length, ordered, atPerson,
    p50Seconds: s(50), p99Seconds: s(99), lastSeconds: reached.length ? round(Math.max(...reached) / 1000, 1) : null,
  };
}

/** A Keyword search attribute's value as an upsert carries it: a JSON string (or a list of one). */
function phaseIn(data: Uint8Array | null | undefined): string | null {
  if (!data) return null;
  const v: unknown = JSON.parse(Buffer.from(data).toString('utf8'));
  return typeof v === 'string' ? v : Array.isArray(v) && typeof v[0] === 'string' ? v[0] : null;
}

/** `n` reads of one path, one after another: p50 and p99 ms, failures, and the workflow queries they made the API send. */
async function sampled(stack: BenchStack, path: string, n: number) {
  const times: number[] = [];
  let failed = 0;
  const queriesBefore = stack.apiQueries();
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const res = await stack.api('GET', path).catch(() => ({ status: 0 }));
    if (res.status === 200) times.push(performance.now() - t); else failed += 1;
  }
  return {
    n, failed, p50Ms: times.length ? round(percentile(times, 50), 0) : null, p99Ms: times.length ? round(percentile(times, 99), 0) : null,
    workflowQueries: stack.apiQueries() - queriesBefore,
  };
}
