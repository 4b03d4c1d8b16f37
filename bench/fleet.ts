import { readFileSync } from 'node:fs';
import { WorkflowIdConflictPolicy } from '@temporalio/client';
import type { ApprovalPolicy } from '../src/domain/approval-policy.js';
import { agentId, replenishmentId } from '../src/domain/ids.js';
import type { Rules } from '../src/domain/rules.js';
import { SkuAgent } from '../src/workflows/sku-agent.js';
import { PHASE, SKU } from '../src/workflows/search-attributes.js';
import { events, ms, poolAll, procStats, round, sampleProcess, treeCpuSeconds } from './support/measure.js';
import { seedRecords } from './support/seed-records.js';
import { percentile, type BenchStack, type WorkerHandle } from './support/stack.js';

type Event = Awaited<ReturnType<typeof events>>[number];

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
  /** The agent worker's Prometheus endpoint (WORKER_METRICS_ADDRESS), read before and after each burst. */
  workerMetricsUrl?: string;
  /** How often the bench reads the pending replenishments' histories during a burst (2,000 ms). */
  pollMs?: number;
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

  const cpuAtStart = cpuNow(stack, worker.pid);
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
  const cpuStarted = cpuNow(stack, worker.pid);
  const startShare = (k: keyof typeof cpuStarted) => round(((cpuStarted[k] - cpuAtStart[k]) / startSeconds) * 100, 0);
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
  const watch = { look: peak.look, workerPid: worker.pid, metricsUrl: o.workerMetricsUrl, pollMs: o.pollMs ?? 2000 };
  const first = await belowSafety(stack, manual.slice(0, started), watch);
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
  const second = await belowSafety(stack, byRule.slice(0, Math.max(0, started - burst)), watch);
  const afterSecond = await sampleProcess(worker.pid, 1000);
  return {
    requested: o.size, started, stoppedBy, startSeconds: round(startSeconds, 1), startsPerSecond: round(started / startSeconds, 0),
    settledSeconds: round(settledSeconds, 1), settledOfSample: `${settled}/${sample.length}`,
    startCpuPercent: {
      worker: startShare('worker'), server: startShare('server'), postgres: startShare('postgres'), bench: startShare('bench'),
      others: startShare('machine') - startShare('worker') - startShare('server') - startShare('postgres') - startShare('bench'),
    },
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
 * CPU seconds so far of the processes a burst runs on: the worker, the Temporal server, PostgreSQL
 * (the postmaster and its backends, on a cluster) and this process (the REST API, the sandbox
 * world and the bench's own polling of histories).
 */
function cpuNow(stack: BenchStack, workerPid: number) {
  const pg = stack.postgresPid;
  return {
    worker: treeCpuSeconds(workerPid), server: stack.serverPid ? treeCpuSeconds(stack.serverPid) : 0,
    postgres: pg ? treeCpuSeconds(pg) : 0, bench: process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6,
    machine: machineBusySeconds(),
  };
}

/** CPU seconds the whole machine has been busy (all cores, /proc/stat: everything but idle and iowait). */
function machineBusySeconds(): number {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
  return (f.reduce((a, b) => a + b, 0) - f[3]! - f[4]!) / 100;
}

/** The SDK's counters and histogram sums and counts from the worker's Prometheus text, summed over labels. */
async function workerMetrics(url: string | undefined): Promise<Map<string, number> | null> {
  if (!url) return null;
  try {
    const text = await (await fetch(url, { signal: AbortSignal.timeout(5000) })).text();
    const out = new Map<string, number>();
    for (const line of text.split('\n')) {
      const m = /^([a-z_]+)(?:\{[^}]*\})? ([0-9.e+-]+|NaN)$/.exec(line);
      if (!m || m[1]!.endsWith('_bucket')) continue;
      out.set(m[1]!, (out.get(m[1]!) ?? 0) + Number(m[2]));
    }
    return out;
  } catch { return null; }
}

/** What the worker's SDK counted during a burst: sticky cache hits and misses (a miss is a replay), tasks and their latencies. */
function metricsDelta(a: Map<string, number> | null, b: Map<string, number> | null) {
  if (!a || !b) return null;
  const d = (name: string) => round((b.get(name) ?? 0) - (a.get(name) ?? 0), 0);
  const meanMs = (name: string) => { const n = d(`${name}_count`); return n ? round(d(`${name}_sum`) / n, 1) : null; };
  return {
    stickyCacheHits: d('temporal_sticky_cache_hit'), stickyCacheMisses: d('temporal_sticky_cache_miss'),
    forcedEvictions: d('temporal_sticky_cache_total_forced_eviction'),
    workflowTasks: d('temporal_workflow_task_execution_latency_count'), workflowTaskMeanMs: meanMs('temporal_workflow_task_execution_latency'),
    workflowTaskScheduleToStartMeanMs: meanMs('temporal_workflow_task_schedule_to_start_latency'),
    activities: d('temporal_activity_execution_latency_count'), activityMeanMs: meanMs('temporal_activity_execution_latency'),
    activityScheduleToStartMeanMs: meanMs('temporal_activity_schedule_to_start_latency'),
    localActivities: d('temporal_local_activity_total'), localActivityMeanMs: meanMs('temporal_local_activity_execution_latency'),
  };
}

/**
 * Where one replenishment's time went, from the burst's start to the event that showed its phase:
 * until its run started (the REST API, the agent's Update and workflow task, the child's start);
 * its workflow tasks waiting for a worker and running there (local activities included);
 * its activities waiting and running. What is left is time between them (overlaps make it less).
 */
function timeline(history: Event[], upTo: number, sentAt: number) {
  const at = new Map<number, number>();
  const t = { toRunStart: history[0] ? ms(history[0]) - sentAt : 0, taskWait: 0, taskRun: 0, activityWait: 0, activityRun: 0, tasks: 0, tasksOnNormalQueue: 0, taskTimeouts: 0 };
  for (const e of history.slice(0, upTo + 1)) {
    const id = Number(e.eventId);
    if (e.workflowTaskScheduledEventAttributes) {
      at.set(id, ms(e));
      t.tasks += 1;
      // 1 is TASK_QUEUE_KIND_NORMAL: after the first task, a run's task there is one its worker's cache did not hold.
      if (t.tasks > 1 && e.workflowTaskScheduledEventAttributes.taskQueue?.kind === 1) t.tasksOnNormalQueue += 1;
    } else if (e.workflowTaskStartedEventAttributes) {
      at.set(id, ms(e));
      t.taskWait += ms(e) - (at.get(Number(e.workflowTaskStartedEventAttributes.scheduledEventId)) ?? ms(e));
    } else if (e.workflowTaskCompletedEventAttributes || e.workflowTaskFailedEventAttributes) {
      const a = e.workflowTaskCompletedEventAttributes ?? e.workflowTaskFailedEventAttributes!;
      t.taskRun += ms(e) - (at.get(Number(a.startedEventId)) ?? ms(e));
    } else if (e.workflowTaskTimedOutEventAttributes) {
      t.taskTimeouts += 1;
    } else if (e.activityTaskScheduledEventAttributes) {
      at.set(id, ms(e));
    } else if (e.activityTaskStartedEventAttributes) {
      at.set(id, ms(e));
      t.activityWait += ms(e) - (at.get(Number(e.activityTaskStartedEventAttributes.scheduledEventId)) ?? ms(e));
    } else if (e.activityTaskCompletedEventAttributes) {
      t.activityRun += ms(e) - (at.get(Number(e.activityTaskCompletedEventAttributes.startedEventId)) ?? ms(e));
    }
  }
  return t;
}

/** Means over the burst's replenishments, in seconds (counts as they are), and the sum of the task and activity counts. */
function meanTimeline(all: ReturnType<typeof timeline>[], reachedMs: number[]) {
  const mean = (f: (t: ReturnType<typeof timeline>) => number) => all.length ? all.reduce((n, t) => n + f(t), 0) / all.length : 0;
  const s = (f: (t: ReturnType<typeof timeline>) => number) => round(mean(f) / 1000, 1);
  const total = reachedMs.length ? reachedMs.reduce((a, b) => a + b, 0) / reachedMs.length : 0;
  const parts = mean((t) => t.toRunStart + t.taskWait + t.taskRun + t.activityWait + t.activityRun);
  return {
    meanSeconds: round(total / 1000, 1), toRunStart: s((t) => t.toRunStart), taskWait: s((t) => t.taskWait), taskRun: s((t) => t.taskRun),
    activityWait: s((t) => t.activityWait), activityRun: s((t) => t.activityRun), between: round((total - parts) / 1000, 1),
    tasksPerRun: round(mean((t) => t.tasks), 1), tasksOnNormalQueue: all.reduce((n, t) => n + t.tasksOnNormalQueue, 0),
    taskTimeouts: all.reduce((n, t) => n + t.taskTimeouts, 0),
  };
}

/**
 * The stock of `hit` drops below safety and the warehouse says so, all at once; how long until each
 * replenishment has ordered or is waiting for a person, from the Phase its history shows; where
 * that time went, and which process used the CPU meanwhile.
 */
async function belowSafety(stack: BenchStack, hit: string[], watch: { look: () => void; workerPid: number; metricsUrl?: string | undefined; pollMs: number }) {
  const { look } = watch;
  const metricsBefore = await workerMetrics(watch.metricsUrl);
  const cpuBefore = cpuNow(stack, watch.workerPid);
  const sentAt = Date.now();
  console.log(`[bench] ${hit.length} SKUs below safety stock at ${new Date(sentAt).toISOString()}`);
  for (const sku of hit) stack.store.setStock(sku, { onHand: 5, safetyStock: 20, targetLevel: 100 });
  await poolAll(hit, 50, (sku) => stack.authed(`/skus/${sku}/stock-changed`));
  const reached: number[] = [];
  const timelines: ReturnType<typeof timeline>[] = [];
  // The bench's own reads of the server while it waits (they share the server with the burst).
  let historiesRead = 0;
  let eventsRead = 0;
  let ordered = 0;
  let atPerson = 0;
  const deadline = Date.now() + 15 * 60_000;
  const pending = new Set(hit);
  while (pending.size && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, watch.pollMs));
    look();
    await poolAll([...pending], 16, async (sku) => {
      historiesRead += 1;
      const history = await events(stack.client, replenishmentId(sku, 1)).catch(() => []);
      eventsRead += history.length;
      for (const [i, e] of history.entries()) {
        const phase = phaseIn(e.upsertWorkflowSearchAttributesEventAttributes?.searchAttributes?.indexedFields?.[PHASE.name]?.data);
        if (phase !== AT_A_PERSON && !ORDERED.has(phase ?? '')) continue;
        reached.push(ms(e) - sentAt);
        timelines.push(timeline(history, i, sentAt));
        if (phase === AT_A_PERSON) atPerson += 1; else ordered += 1;
        pending.delete(sku);
        break;
      }
    });
  }
  const windowSeconds = (Date.now() - sentAt) / 1000;
  const cpuAfter = cpuNow(stack, watch.workerPid);
  const metricsAfter = await workerMetrics(watch.metricsUrl);
  const share = (k: keyof typeof cpuAfter) => round(((cpuAfter[k] - cpuBefore[k]) / windowSeconds) * 100, 0);
  const s = (p: number) => reached.length ? round(percentile(reached, p) / 1000, 1) : null;
  return {
    size: hit.length, reached: reached.length, ordered, atPerson,
    p50Seconds: s(50), p99Seconds: s(99), lastSeconds: reached.length ? round(Math.max(...reached) / 1000, 1) : null,
    // % of one core each used from the burst's start until the bench saw its last replenishment (2 cores: 200 %).
    // `others`: what the rest of the machine used meanwhile (other people's work), the same way.
    at: new Date(sentAt).toISOString(),
    cpuPercent: {
      windowSeconds: round(windowSeconds, 0), worker: share('worker'), server: share('server'), postgres: share('postgres'), bench: share('bench'),
      others: share('machine') - share('worker') - share('server') - share('postgres') - share('bench'),
    },
    timeline: meanTimeline(timelines, reached),
    benchReads: { pollMs: watch.pollMs, histories: historiesRead, events: eventsRead },
    workerMetrics: metricsDelta(metricsBefore, metricsAfter),
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
