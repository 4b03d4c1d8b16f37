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
import { round } from './support/measure.js';
import { ServiceTuning } from './support/tuning.js';
import { freePort, startBenchStack, type Json, type WorkerHandle } from './support/stack.js';
import { agentSubject, baselineSubject, handwrittenSubject, planOf } from './subjects.js';
import { throughput } from './throughput.js';
import { tokensPerReplenishment } from './tokens.js';
import { wakeLatency, type WakeMode } from './wake.js';

/**
 * `npm run bench`: figures of the agents next to a bare Temporal baseline on the same dev server
 * (SQLite file) and worker settings. `--quick` runs tiny sizes and only proves it runs. `--cluster`
 * runs on Temporal with PostgreSQL (bench/cluster) instead of the dev server.
 * `--only throughput,wake,history,tokens,fleet` picks sections; `--fleet 10000`, `--burst 500`, `--wake 70` set
 * sizes (`--records`, `--samples`: the fleet's purchasing record and requests per read figure);
 * `--cache N`, `--sticky MS` and `--heap MB` set the workers' cache, sticky queue timeout and V8
 * heap limit; `--burst-poll MS` how often the fleet's bursts read the pending histories (2,000). Unset, the workers run with the service's defaults (src/config.ts, bin/service.js),
 * so the figures are those of what ships. Full runs say whether each figure meets its aim;
 * `--quick` checks none.
 */
Runtime.install({ logger: new DefaultLogger('ERROR') });
const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    cluster: { type: 'boolean', default: false },
    only: { type: 'string', default: 'throughput,wake,history,tokens,fleet' },
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
} finally {
  await stack.stop();
  rmSync(dir, { recursive: true, force: true });
}

console.log(save());

function markdown(r: Record<string, Json>): string {
  const rows: string[][] = [];
  // A quick run's sizes say nothing about the aims: it only proves the bench runs.
  const met = (ok: boolean) => (r.quick ? '' : ok ? 'yes' : 'NO');
  const t = r.throughput;
  if (t) {
    rows.push(['throughput (replenishments/min)', t.agent.perMinute, t.baseline.perMinute, `${t.ratio}× (baseline/ours)`, 'overhead ≤ 1.3×', met(t.ratio <= 1.3)]);
    rows.push(['events per replenishment (entity + child)', t.agent.eventsPerReplenishment, t.baseline.eventsPerReplenishment, round(t.agent.eventsPerReplenishment / t.baseline.eventsPerReplenishment, 2), '', '']);
    if (t.handwritten) {
      // The floor: the same business steps through the same activities and world, written by hand (bench/baseline/handwritten.ts).
      rows.push(['hand-written workflow, same business steps, no agent loop: events per replenishment; replenishments/min', `${t.handwritten.eventsPerReplenishment}; ${t.handwritten.perMinute}`, '', `${round(t.agent.eventsPerReplenishment / t.handwritten.eventsPerReplenishment, 2)}× (ours/hand-written events)`, '', '']);
    }
  }
  const w = r.wake;
  if (w) {
    const aims: Record<'cached' | 'restart' | 'killed', [string, number]> = { cached: ['p99 < 200 ms', 200], restart: ['p99 < 1 s', 1000], killed: ['', Infinity] };
    const what: Record<'cached' | 'restart' | 'killed', string> = { cached: 'workflow cached', restart: 'after a graceful worker restart', killed: 'after a worker SIGKILL' };
    for (const m of ['cached', 'restart', 'killed'] as const) {
      const [aim, bound] = aims[m];
      rows.push([`wake p50 / p99 ms, ${what[m]} (n=${w.agent[m].n})`, `${w.agent[m].p50} / ${w.agent[m].p99}`, `${w.baseline[m].p50} / ${w.baseline[m].p99}`, `${w.ratio[`${m}P99`]}× p99`, aim, aim ? met(w.agent[m].p99 < bound) : '']);
    }
  }
  const x = r.refusedMessage;
  if (x) rows.push(['events a message refused with a 409 adds: agent run, replenishment', `${x.agentEvents}, ${x.replenishmentEvents}`, '', '', '', '']);
  const b = r.historyBytes;
  if (b) {
    rows.push([`one replenishment's history: bytes (${b.events} events), of which activity inputs (${b.activities} activities)`, `${b.historyBytes}, ${b.activityInputBytes}`, '', '', '', '']);
    rows.push(['activity input bytes: mean decide, largest', `${b.meanDecideInputBytes}, ${b.largestActivityInputBytes}`, '', '', '', '']);
  }
  const h = r.history;
  if (h) {
    rows.push([`entity memory after ${h.replenishments} replenishments (bytes)`, h.memoryBytes, '', '', '< 8,192 (test bound)', met(h.memoryBytes < 8192)]);
    rows.push(['events per entity run, mean / max', `${h.meanEventsPerEntityRun} / ${h.maxEventsPerEntityRun}`, '', '', '≤ 60 (test bound)', met(h.maxEventsPerEntityRun <= 60)]);
  }
  const k = r.tokens;
  if (k) {
    rows.push([`tokens per replenishment, Claude decider vs the scripted model: input / cached / output (${k.decidesPerReplenishment} decides)`, `${k.perReplenishment.input} / ${k.perReplenishment.cached} / ${k.perReplenishment.output}`, '', '', '', '']);
  }
  const f = r.fleet;
  if (f) {
    const GB = 1024;
    rows.push([`fleet: agents started / asked`, `${f.started} / ${f.requested}${f.stoppedBy ? ` (stopped: ${f.stoppedBy})` : ''}`, '', '', 'all', met(f.started === f.requested)]);
    rows.push(['fleet: time to start (s), starts/s', `${f.startSeconds}, ${f.startsPerSecond}`, '', '', '', '']);
    const sc = f.startCpuPercent;
    if (sc) rows.push(['fleet start: CPU % of one core (2 cores = 200): worker / Temporal server / PostgreSQL / bench process; other processes on the machine', `${sc.worker} / ${sc.server} / ${sc.postgres} / ${sc.bench}; ${sc.others}`, '', '', '', '']);
    rows.push([`fleet at rest: worker CPU % of a core, RSS MB`, `${f.idle.workerCpuPercent}, ${f.idle.workerRssMB}`, '', '', 'CPU < 5 %, RSS < 1 GB', met(f.idle.workerCpuPercent < 5 && f.idle.workerRssMB < GB)]);
    rows.push([`fleet at rest: Temporal server CPU %, RSS MB; its database MB`, `${f.idle.serverCpuPercent}, ${f.idle.serverRssMB}; ${f.temporalDbMB}`, '', '', '', '']);
    rows.push([`fleet: purchasing record of ${f.records.count} replenishments, ms per write`, f.records.writeMsPerRecord, '', '', '', '']);
    const arrival = (x: Json) => `${x.p50Seconds} / ${x.p99Seconds} / ${x.lastSeconds} (${x.reached} of ${x.size})`;
    rows.push([`fleet burst, no approval policy: ${f.burst.size} below safety → waiting for a person, p50 / p99 / last (s)`, arrival(f.burst), '', '', 'every one', met(f.burst.reached === f.burst.size)]);
    const read = (what: string, x: Json, bound: number) => rows.push([
      `fleet: ${what}, p50 / p99 ms (n=${x.n}${x.failed ? `, ${x.failed} failed` : ''}); workflow queries`, `${x.p50Ms} / ${x.p99Ms}; ${x.workflowQueries}`, '', '', `p99 < ${bound} ms; 0 queries`,
      met(x.failed === 0 && x.p99Ms !== null && x.p99Ms < bound && x.workflowQueries === 0),
    ]);
    read(`GET /approvals with ${f.reads.pending} pending`, f.reads.approvals, 300);
    read('GET /skus, a page of 100', f.reads.skus, 300);
    read(`GET /purchase-orders, a page of 100 of ${f.records.count}`, f.reads.purchaseOrders, 300);
    read('GET /metrics', f.reads.metrics, 500);
    const p = f.policyBurst;
    rows.push([
      `fleet burst, approval policy (below ${p.policy.autoApproveBelow}, ${p.policy.priceTolerancePct} % of the last price; 1 SKU in ${p.dearerEvery} dearer): ${p.size} below safety → ordered or waiting for a person, p50 / p99 / last (s)`,
      `${arrival(p)}: ${p.ordered} ordered, ${p.atPerson} for a person`, '', '', 'every one', met(p.reached === p.size),
    ]);
    // Where each burst's time went and what ran meanwhile (runs before 2026-12-05 did not record these).
    for (const [what, x] of [['no approval policy', f.burst], ['approval policy', p]] as const) {
      const c = x.cpuPercent;
      if (c) rows.push([`fleet burst, ${what}: CPU % of one core over its ${c.windowSeconds} s (2 cores = 200): worker / Temporal server / PostgreSQL / bench process (REST API, world, polling); other processes on the machine`, `${c.worker} / ${c.server} / ${c.postgres} / ${c.bench}; ${c.others}`, '', '', '', '']);
      const l = x.timeline;
      const br = x.benchReads;
      if (br) rows.push([`fleet burst, ${what}: the bench's reads meanwhile, histories (events) every ${br.pollMs} ms`, `${br.histories} (${br.events})`, '', '', '', '']);
      if (l) rows.push([`fleet burst, ${what}: mean s to its phase = to the run's start + tasks waiting + tasks running + activities waiting + activities running + between; tasks per run (on the normal queue in all, timed out)`, `${l.meanSeconds} = ${l.toRunStart} + ${l.taskWait} + ${l.taskRun} + ${l.activityWait} + ${l.activityRun} + ${l.between}; ${l.tasksPerRun} (${l.tasksOnNormalQueue}, ${l.taskTimeouts})`, '', '', '', '']);
      const m = x.workerMetrics;
      if (m) rows.push([`fleet burst, ${what}: worker's SDK: sticky cache hits / misses (replays) / forced evictions; workflow tasks, mean ms; activities, mean ms; local activities, mean ms`, `${m.stickyCacheHits} / ${m.stickyCacheMisses} / ${m.forcedEvictions}; ${m.workflowTasks}, ${m.workflowTaskMeanMs}; ${m.activities}, ${m.activityMeanMs}; ${m.localActivities}, ${m.localActivityMeanMs}`, '', '', '', '']);
    }
    const rss = f.workerRssMB;
    rows.push([`fleet: worker RSS MB after the first burst / after the policy burst / peak during both`, `${rss.afterBurst} / ${rss.afterPolicyBurst} / ${rss.peakDuringBursts}`, '', '', '< 1 GB', met(Math.max(rss.afterBurst, rss.afterPolicyBurst, rss.peakDuringBursts) < GB)]);
  }
  const ws = r.workerSettings;
  const lines = [
    `\`${r.command}\` at ${r.at} on ${r.machine.cpus} cores (${r.machine.model}), ${r.machine.memoryGB} GB, Node ${r.machine.node}; ${r.server}${r.temporalCli ? ` started by TEMPORAL_CLI=${r.temporalCli}` : ''}; `
      + `workers: cache ${ws.cache}, sticky queue timeout ${ws.stickyMs} ms, NODE_OPTIONS ${ws.nodeOptions}${ws.defaults ? ' (the service\'s defaults)' : ''}.`,
    '',
    '| figure | agent | bare baseline | ratio | aim | met? |',
    '|---|---|---|---|---|---|',
    ...rows.map((row) => `| ${row.join(' | ')} |`),
    '',
  ];
  return lines.join('\n');
}
