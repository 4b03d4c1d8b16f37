import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { WORKER_STICKY_TIMEOUT_MS } from '../src/config.js';
import { historyAndMemory } from './cost.js';
import { historyBytes } from './history-bytes.js';
import { refusedMessageEvents } from './refused.js';
import { parseReplenishmentId } from '../src/domain/ids.js';
import { fleet } from './fleet.js';
import { round } from './support/measure.js';
import { startBenchStack, type Json, type WorkerHandle } from './support/stack.js';
import { agentSubject, baselineSubject, handwrittenSubject, planOf } from './subjects.js';
import { throughput } from './throughput.js';
import { tokensPerReplenishment } from './tokens.js';
import { wakeLatency, type WakeMode } from './wake.js';

/**
 * `npm run bench`: figures of the agents next to a bare Temporal baseline on the same dev server
 * (SQLite file) and worker settings. `--quick` runs tiny sizes and only proves it runs. `--cluster`
 * runs on Temporal with PostgreSQL (bench/cluster) instead of the dev server.
 * `--only throughput,wake,history,tokens,fleet` picks sections; `--fleet 10000`, `--burst 500`, `--wake 70` set
 * sizes; `--cache N`, `--sticky MS` and `--heap MB` set the workers' cache, sticky queue timeout and V8 heap limit.
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
    cache: { type: 'string', default: '1000' },
    heap: { type: 'string' },
    // The service's own default unless asked otherwise, so the figures are those of what ships.
    sticky: { type: 'string', default: String(WORKER_STICKY_TIMEOUT_MS) },
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
  idleWindowMs: quick ? 2_000 : 30_000,
};
// The settings both workers run with (bench/support/tuning.ts reads them).
const tuning: Record<string, string> = {
  WORKER_MAX_CACHED_WORKFLOWS: values.cache, WORKER_STICKY_TIMEOUT_MS: values.sticky, ...(values.heap ? { WORKER_HEAP_MB: values.heap } : {}),
};
const log = (l: string) => console.log(`[bench] ${l}`);

const dir = mkdtempSync(join(tmpdir(), 'replenisher-bench-'));
const stack = await startBenchStack({ dir, workerEnv: tuning, cluster: values.cluster, log: () => {} });
const results: Record<string, unknown> = {
  name: values.name ?? (quick ? 'quick' : 'full'),
  at: new Date().toISOString(),
  machine: { cpus: cpus().length, model: cpus()[0]?.model, memoryGB: round(totalmem() / 2 ** 30, 1), node: process.version },
  server: stack.serverKind, decider: 'policy', tuning, sizes: size,
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
    await replace('agent', 'stop');
    results.fleet = await fleet(stack, agentWorker, size.fleet, size.burst, size.idleWindowMs);
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
  const t = r.throughput;
  if (t) {
    rows.push(['throughput (replenishments/min)', t.agent.perMinute, t.baseline.perMinute, `${t.ratio}× (baseline/ours)`, 'overhead ≤ 1.3×']);
    rows.push(['events per replenishment (entity + child)', t.agent.eventsPerReplenishment, t.baseline.eventsPerReplenishment, round(t.agent.eventsPerReplenishment / t.baseline.eventsPerReplenishment, 2), '']);
    if (t.handwritten) {
      // The floor: the same business steps through the same activities and world, written by hand (bench/baseline/handwritten.ts).
      rows.push(['hand-written workflow, same business steps, no agent loop: events per replenishment; replenishments/min', `${t.handwritten.eventsPerReplenishment}; ${t.handwritten.perMinute}`, '', `${round(t.agent.eventsPerReplenishment / t.handwritten.eventsPerReplenishment, 2)}× (ours/hand-written events)`, '']);
    }
  }
  const w = r.wake;
  if (w) {
    const aims: Record<'cached' | 'restart' | 'killed', string> = { cached: 'p99 < 200 ms', restart: 'p99 < 1 s', killed: '' };
    const what: Record<'cached' | 'restart' | 'killed', string> = { cached: 'workflow cached', restart: 'after a graceful worker restart', killed: 'after a worker SIGKILL' };
    for (const m of ['cached', 'restart', 'killed'] as const) {
      rows.push([`wake p50 / p99 ms, ${what[m]} (n=${w.agent[m].n})`, `${w.agent[m].p50} / ${w.agent[m].p99}`, `${w.baseline[m].p50} / ${w.baseline[m].p99}`, `${w.ratio[`${m}P99`]}× p99`, aims[m]]);
    }
  }
  const x = r.refusedMessage;
  if (x) rows.push(['events a message refused with a 409 adds: agent run, replenishment', `${x.agentEvents}, ${x.replenishmentEvents}`, '', '', '']);
  const b = r.historyBytes;
  if (b) {
    rows.push([`one replenishment's history: bytes (${b.events} events), of which activity inputs (${b.activities} activities)`, `${b.historyBytes}, ${b.activityInputBytes}`, '', '', '']);
    rows.push(['activity input bytes: mean decide, largest', `${b.meanDecideInputBytes}, ${b.largestActivityInputBytes}`, '', '', '']);
  }
  const h = r.history;
  if (h) {
    rows.push([`entity memory after ${h.replenishments} replenishments (bytes)`, h.memoryBytes, '', '', '< 8,192 (test bound)']);
    rows.push(['events per entity run, mean / max', `${h.meanEventsPerEntityRun} / ${h.maxEventsPerEntityRun}`, '', '', '≤ 60 (test bound)']);
  }
  const k = r.tokens;
  if (k) {
    rows.push([`tokens per replenishment, Claude decider vs the scripted model: input / cached / output (${k.decidesPerReplenishment} decides)`, `${k.perReplenishment.input} / ${k.perReplenishment.cached} / ${k.perReplenishment.output}`, '', '', '']);
  }
  const f = r.fleet;
  if (f) {
    rows.push([`fleet: agents started / asked`, `${f.started} / ${f.requested}${f.stoppedBy ? ` (stopped: ${f.stoppedBy})` : ''}`, '', '', '10,000']);
    rows.push(['fleet: time to start (s), starts/s', `${f.startSeconds}, ${f.startsPerSecond}`, '', '', '']);
    rows.push([`fleet idle: worker CPU % of a core, RSS MB`, `${f.idle.workerCpuPercent}, ${f.idle.workerRssMB}`, '', '', 'CPU < 5 %, RSS < 1 GB']);
    rows.push([`fleet: GET /approvals ms (Phase search), GET /skus ms (a page of 100: a query per agent shown)`, `${f.reads?.approvalsMs ?? 'failed'}, ${f.reads?.skusMs ?? 'failed'}`, '', '', '']);
    rows.push([`fleet idle: Temporal server CPU %, RSS MB; its database MB`, `${f.idle.serverCpuPercent}, ${f.idle.serverRssMB}; ${f.temporalDbMB}`, '', '', '']);
    rows.push([`fleet burst: GET /approvals ms with ${f.burst.inboxItems} pending`, `${f.burst.approvalsMs ?? 'failed'}`, '', '', '']);
    rows.push([`fleet burst: ${f.burst.size} below safety → approval request, p50 / p99 / last (s)`, `${f.burst.p50Seconds} / ${f.burst.p99Seconds} / ${f.burst.lastSeconds} (${f.burst.reachedApproval} reached)`, '', '', '']);
  }
  const lines = [
    `Run \`npm run bench${r.name === 'quick' ? ' -- --quick' : ''}\` at ${r.at} on ${r.machine.cpus} cores (${r.machine.model}), ${r.machine.memoryGB} GB, Node ${r.machine.node}; ${r.server}; worker cache ${r.tuning.WORKER_MAX_CACHED_WORKFLOWS}, sticky queue timeout ${r.tuning.WORKER_STICKY_TIMEOUT_MS ?? 10_000} ms${r.tuning.WORKER_HEAP_MB ? `, worker heap limit ${r.tuning.WORKER_HEAP_MB} MB` : ''}.`,
    '',
    '| figure | agent | bare baseline | ratio | aim |',
    '|---|---|---|---|---|',
    ...rows.map((row) => `| ${row.join(' | ')} |`),
    '',
  ];
  return lines.join('\n');
}

