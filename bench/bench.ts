import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { withDefaultHeap } from '../src/roles/heap.js';
import { historyAndMemory } from './cost.js';
import { historyBytes } from './history-bytes.js';
import { refusedMessageEvents } from './refused.js';
import { parseReplenishmentId } from '../src/domain/ids.js';
import { fleet } from './fleet.js';
import { markdown } from './markdown.js';
import { gather } from './gather.js';
import { round } from './support/measure.js';
import { ServiceTuning } from './support/tuning.js';
import { freePort, startBenchStack, type WorkerHandle } from './support/stack.js';
import { agentSubject, baselineSubject, handwrittenSubject, planOf } from './subjects.js';
import { throughput } from './throughput.js';
import { tokensPerReplenishment } from './tokens.js';
import { wakeLatency, type WakeMode } from './wake.js';

/**
 * `npm run bench`: figures of the agents next to a bare Temporal baseline on the same dev server
 * (SQLite file) and worker settings. `--quick` runs tiny sizes and only proves it runs. `--cluster`
 * runs on Temporal with PostgreSQL (bench/cluster) instead of the dev server.
 * `--only throughput,wake,history,tokens,fleet,gather` picks sections; `--fleet 10000`, `--burst 500`, `--wake 70` set
 * sizes (`--records`, `--samples`: the fleet's purchasing record and requests per read figure);
 * `--cache N`, `--sticky MS` and `--heap MB` set the workers' cache, sticky queue timeout and V8
 * heap limit; `--burst-poll MS` how often the fleet's bursts read the pending histories (2,000). Unset, the workers run with the service's defaults (src/config.ts, bin/service.js),
 * so the figures are those of what ships. `--gather-skus 500 --gather-suppliers 5 --gather-window-s 60` size
 * the gathering section (buying per supplier against one PO per SKU, bench/gather.ts), with
 * `--gather-approve-below` (1,000, the fleet's policy) and `--gather-dearer-every` (10; 0: none).
 * Full runs say whether each figure meets its aim;
 * `--quick` checks none.
 */
Runtime.install({ logger: new DefaultLogger('ERROR') });
const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    cluster: { type: 'boolean', default: false },
    only: { type: 'string', default: 'throughput,wake,history,tokens,fleet,gather' },
    fleet: { type: 'string' },
    wake: { type: 'string' },
    burst: { type: 'string' },
    name: { type: 'string' },
    records: { type: 'string' },
    samples: { type: 'string' },
    cache: { type: 'string' },
    heap: { type: 'string' },
    sticky: { type: 'string' },
    'burst-poll': { type: 'string' },
    'gather-skus': { type: 'string' },
    'gather-suppliers': { type: 'string' },
    'gather-window-s': { type: 'string' },
    'gather-approve-below': { type: 'string' },
    'gather-dearer-every': { type: 'string' },
  },
});
const quick = values.quick;
const sections = new Set(values.only.split(','));
const size = {
  throughput: quick ? { entities: 2, each: 1 } : { entities: 10, each: 5 },
  wakeEntities: Number(values.wake ?? (quick ? 2 : 70)),
  // 70 entities × 3 replenishments: 210 wakes in each of the three modes.
  lifeReplenishments: quick ? 5 : 200,
  tokenReplenishments: quick ? 1 : 5,
  fleet: Number(values.fleet ?? (quick ? 30 : 10_000)),
  burst: Number(values.burst ?? (quick ? 5 : 500)),
  records: Number(values.records ?? (quick ? 100 : 10_000)),
  samples: Number(values.samples ?? (quick ? 3 : 50)),
  idleWindowMs: quick ? 2_000 : 30_000,
  gather: {
    skus: Number(values['gather-skus'] ?? (quick ? 8 : 500)),
    suppliers: Number(values['gather-suppliers'] ?? (quick ? 2 : 5)),
    windowMs: Number(values['gather-window-s'] ?? (quick ? 3 : 60)) * 1000,
    approveBelow: Number(values['gather-approve-below'] ?? 1000),
    dearerEvery: Number(values['gather-dearer-every'] ?? 10),
  },
};
// What the bench changes of the service's settings; both workers run with them (bench/support/tuning.ts).
const tuning: Record<string, string> = {
  ...(values.cache ? { WORKER_MAX_CACHED_WORKFLOWS: values.cache } : {}),
  ...(values.sticky ? { WORKER_STICKY_TIMEOUT_MS: values.sticky } : {}),
  ...(values.heap ? { NODE_OPTIONS: `--max-old-space-size=${values.heap}` } : {}),
};
// And what the workers run with in the end: the service's defaults for the rest.
const service = ServiceTuning.parse(tuning);
const workerSettings = {
  cache: service.WORKER_MAX_CACHED_WORKFLOWS, stickyMs: service.WORKER_STICKY_TIMEOUT_MS,
  nodeOptions: withDefaultHeap(tuning.NODE_OPTIONS ?? process.env.NODE_OPTIONS), defaults: Object.keys(tuning).length === 0 && !process.env.NODE_OPTIONS,
};
const log = (l: string) => console.log(`[bench] ${l}`);

const dir = mkdtempSync(join(tmpdir(), 'replenisher-bench-'));
const stack = await startBenchStack({ dir, workerEnv: tuning, cluster: values.cluster, log: () => {} });
const results: Record<string, unknown> = {
  name: values.name ?? (quick ? 'quick' : 'full'),
  command: ['npm run bench', ...(process.argv.length > 2 ? ['--', ...process.argv.slice(2)] : [])].join(' '), quick,
  at: new Date().toISOString(),
  machine: { cpus: cpus().length, model: cpus()[0]?.model, memoryGB: round(totalmem() / 2 ** 30, 1), node: process.version },
  server: stack.serverKind, decider: 'policy', tuning, workerSettings, sizes: size,
  // A Temporal CLI of one's own (TEMPORAL_CLI) can start the dev server differently.
  ...(process.env.TEMPORAL_CLI && !values.cluster ? { temporalCli: process.env.TEMPORAL_CLI } : {}),
};

let agentWorker: WorkerHandle = await stack.startWorker('agent');
let baselineWorker: WorkerHandle = await stack.startWorker('baseline');
// The hand-written floor's worker only serves the throughput section; it does not move between workers.
await stack.startWorker('handwritten');
/** Replaces a worker: stopped gracefully (cache handed back) or SIGKILLed, then started again, with `env` if given. */
const replace = async (kind: 'agent' | 'baseline', how: 'stop' | 'kill', env: Record<string, string> = {}) => {
  const old = kind === 'agent' ? agentWorker : baselineWorker;
  await old[how]();
  const fresh = await stack.startWorker(kind, env);
  if (kind === 'agent') agentWorker = fresh; else baselineWorker = fresh;
  return fresh;
};
const agentWorkers = { restart: () => replace('agent', 'stop'), crash: () => replace('agent', 'kill') };
const baselineWorkers = { restart: () => replace('baseline', 'stop'), crash: () => replace('baseline', 'kill') };

/** Writes what has been measured so far: a section that fails later loses nothing before it. */
function save(): string {
  const outDir = new URL('./results/', import.meta.url).pathname;
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, `${results.name}.json`), `${JSON.stringify(results, null, 2)}\n`);
  const table = markdown(results);
  writeFileSync(join(outDir, results.name === 'full' ? 'latest.md' : `${results.name}.md`), table);
  return table;
}

try {
  // A first replenishment shows the agent's shape of work, which the baseline then copies.
  log('measuring the shape of a replenishment');
  const probe = agentSubject(stack, 'probe');
  await probe.prepare(0);
  for (let k = 0; k < 3; k++) { await probe.waiting(0, k); await probe.send(0, k); }
  await probe.finished(0, 1);
  const plan = await planOf(stack, probe.childId(0, 1));
  results.plan = { steps: plan.length, activities: plan.filter((s) => s === 'act').length, waits: plan.filter((s) => s === 'wait').length, signals: plan.filter((s) => s === 'signal').length, timers: plan.filter((s) => s === 'timer').length };
  log(`a replenishment: ${JSON.stringify(results.plan)}`);
  results.historyBytes = await historyBytes(stack, probe.childId(0, 1));
  log(`its history: ${JSON.stringify(results.historyBytes)}`);
  // A message refused with a 409, on a replenishment of its own so the probe's shape stays clean.
  const refusing = agentSubject(stack, 'refused');
  await refusing.prepare(0);
  await refusing.waiting(0, 0);
  await refusing.send(0, 0);
  await refusing.waiting(0, 1);
  results.refusedMessage = await refusedMessageEvents(stack, parseReplenishmentId(refusing.childId(0, 1))!.sku, 1);
  log(`a refused message: ${JSON.stringify(results.refusedMessage)}`);
  for (let k = 1; k < 3; k++) { if (k > 1) await refusing.waiting(0, k); await refusing.send(0, k); }
  await refusing.finished(0, 1);

  if (sections.has('throughput')) {
    log(`throughput: ${size.throughput.entities} entities × ${size.throughput.each} replenishments`);
    const ours = await throughput(stack, agentSubject(stack), size.throughput.entities, size.throughput.each);
    const base = await throughput(stack, baselineSubject(stack, plan), size.throughput.entities, size.throughput.each);
    const hand = await throughput(stack, handwrittenSubject(stack), size.throughput.entities, size.throughput.each);
    results.throughput = { agent: ours, baseline: base, handwritten: hand, ratio: round(base.perMinute / ours.perMinute, 2) };
    log(JSON.stringify(results.throughput));
    save();
  }
  if (sections.has('wake')) {
    log(`wake latency: ${size.wakeEntities} entities × 9 messages, one at a time`);
    const ours = await wakeLatency(stack, agentSubject(stack), size.wakeEntities, agentWorkers);
    const base = await wakeLatency(stack, baselineSubject(stack, plan), size.wakeEntities, baselineWorkers);
    const p99Ratio = (m: WakeMode) => round(ours[m].p99 / Math.max(1, base[m].p99), 2);
    results.wake = { agent: ours, baseline: base, ratio: { cachedP99: p99Ratio('cached'), restartP99: p99Ratio('restart'), killedP99: p99Ratio('killed') } };
    log(JSON.stringify(results.wake));
    save();
  }
  if (sections.has('history')) {
    log(`history and memory: one SKU, ${size.lifeReplenishments} replenishments`);
    results.history = await historyAndMemory(stack, size.lifeReplenishments);
    log(JSON.stringify(results.history));
    save();
  }
  if (sections.has('tokens')) {
    log(`tokens: ${size.tokenReplenishments} replenishments with the Claude decider against the scripted model`);
    results.tokens = await tokensPerReplenishment(stack, (env) => replace('agent', 'stop', env), size.tokenReplenishments);
    log(JSON.stringify(results.tokens));
    save();
  }
  if (sections.has('fleet')) {
    log(`fleet: ${size.fleet} agents, then ${size.burst} below safety stock at once`);
    // The fleet's worker also serves the SDK's metrics, so the bursts can say what its cache did.
    const metricsAddress = `127.0.0.1:${await freePort()}`;
    await replace('agent', 'stop', { WORKER_METRICS_ADDRESS: metricsAddress });
    results.fleet = await fleet(stack, agentWorker, {
      size: size.fleet, burst: size.burst, records: size.records, samples: size.samples, idleWindowMs: size.idleWindowMs, workerMetricsUrl: `http://${metricsAddress}/metrics`,
      pollMs: Number(values['burst-poll'] ?? 2000),
    });
    log(JSON.stringify(results.fleet));
    save();
  }
  if (sections.has('gather')) {
    const g = size.gather;
    log(`gather: ${g.skus} SKUs of ${g.suppliers} suppliers below their reorder points at once, one PO per SKU, then gathered in a window of ${g.windowMs / 1000} s`);
    results.gather = await gather(stack, {
      skus: g.skus, suppliers: g.suppliers, windowMs: g.windowMs, dearerEvery: g.dearerEvery,
      // The fleet's policy by default: routine orders below the threshold, within 5 % of the last price, a budget that does not bind.
      policy: { autoApproveBelow: g.approveBelow, priceTolerancePct: 5, budgetPerMonth: 100_000_000 },
      // Each PO per SKU comes to 380 (95 at 4): below the free-freight value, so alone each pays the freight.
      orderCosts: { freight: 30, freeFreightFrom: 1500 },
      pollMs: Number(values['burst-poll'] ?? 2000), deadlineMs: (quick ? 3 : 10) * 60_000,
    }, log);
    save();
  }
} finally {
  await stack.stop();
  rmSync(dir, { recursive: true, force: true });
}

console.log(save());
