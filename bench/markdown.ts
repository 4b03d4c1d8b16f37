import { round } from './support/measure.js';
import type { Json } from './support/stack.js';

/** A run's figures (`bench/results/<name>.json`) as the table `bench/results/<name>.md` holds. */
export function markdown(r: Record<string, Json>): string {
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
  const g = r.gather;
  if (g && g.alone && g.gathered) {
    // Buying per supplier (gathered) against one PO per SKU (alone), in the same run: each row gives both, gathered first.
    const a = g.alone;
    const z = g.gathered;
    const what = `gathering (${g.skus} SKUs of ${g.suppliers} suppliers at once, window ${g.windowSeconds} s; policy below ${g.policy.autoApproveBelow}, ${g.policy.priceTolerancePct} % of the last price${g.dearerEvery ? `, 1 SKU in ${g.dearerEvery} dearer` : ''}; freight ${g.orderCosts.freight} below ${g.orderCosts.freeFreightFrom})`;
    const both = (x: Json, y: Json) => `gathered ${x}; one PO per SKU ${y}`;
    const ratio = (x: number, y: number) => (y ? `${round(x / y, 2)}×` : '');
    const reach = (x: Json) => `${x.p50Seconds} / ${x.p99Seconds} / ${x.lastSeconds} (${x.reached} of ${x.size}: ${x.ordered} ordered, ${x.atPerson} at a person${x.behindAPerson ? `, ${x.behindAPerson} behind a PO at a person` : ''}${x.ended ? `, ${x.ended} ended ${JSON.stringify(x.endedAs)}` : ''}${x.notReached ? `, ${x.notReached} not reached` : ''})`;
    const short = `gathering, ${g.skus} SKUs of ${g.suppliers} suppliers`;
    rows.push([`${what}: s until each line is ordered or waits for a person, p50 / p99 / last`, both(reach(z), reach(a)), '', '', 'every line', met(z.reached === z.size && a.reached === a.size)]);
    rows.push([`${short}: POs placed at the suppliers (lines on them)`, both(`${z.posPlaced} (${z.linesOrdered})`, `${a.posPlaced} (${a.linesOrdered})`), '', ratio(z.posPlaced, a.posPlaced), '', '']);
    rows.push([`${short}: approval requests to the manager (lines they name); POs approved by rule (lines)`, both(`${z.approvalRequests} (${z.approvalRequestsNamingLines}); ${z.posApprovedByRule} (${z.linesApprovedByRule})`, `${a.approvalRequests} (${a.approvalRequestsNamingLines}); ${a.posApprovedByRule} (${a.linesApprovedByRule})`), '', '', '', '']);
    rows.push([`${short}: freight paid on the POs placed (the same lines bought alone would pay)`, both(`${z.freightPaid} (${z.freightAloneOfTheseLines})`, a.freightPaid), '', '', '', '']);
    rows.push([`${short}: history events from the burst on, agents + runs + desks (desk runs) = total; per line`, both(`${z.events.agents} + ${z.events.runs} + ${z.events.desks} (${z.events.deskRuns}) = ${z.events.total}; ${z.events.perLine}`, `${a.events.agents} + ${a.events.runs} = ${a.events.total}; ${a.events.perLine}`), '', ratio(z.events.total, a.events.total), '', '']);
    const spos = (z.consolidatedPos as Json[]).map((x) => `${x.spoNumber.replace(/^SPO-bench-supplier-/, 'SPO-')}: ${x.lines} lines, ${x.total}${x.early ? ', early' : ''}, ${x.result}`).join('; ');
    if (spos) rows.push([`${short}: the consolidated POs (SPO-<supplier>-<k>)`, spos, '', '', '', '']);
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
