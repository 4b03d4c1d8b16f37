import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { historyToJSON } from '@temporalio/common/lib/proto-utils.js';
import proto from '@temporalio/proto';
import type { Client } from '@temporalio/client';
import type { temporal } from '@temporalio/proto';
import { Worker } from '@temporalio/worker';
import { finishedReplenishments, type AgentStatus } from '../../src/domain/agent.js';
import { agentId, replenishmentId } from '../../src/domain/ids.js';
import type { ReplenishmentResult } from '../../src/domain/types.js';
import { agentStatusQuery } from '../../src/workflows/messages.js';
import type { ChaosRecord } from './run.js';

/**
 * What must hold after any amount of chaos. Each check reads Temporal, the world and the bots'
 * records, and says what it saw; a violation names the workflow, PO or message.
 */

export interface Order {
  poNumber: string; sku: string; supplier: string; quantity: number; unitPrice: number; status: string; placeCalls: number; cancelReason?: string | null;
  /** The consolidated PO the order is a line of. */
  groupPo?: string | null;
}
export interface CheckResult { name: string; ok: boolean; detail: string; violations: string[] }

const FINAL = new Set(['received', 'cancelled', 'rejected', 'gave_up', 'failed']);
const NONDETERMINISM = proto.temporal.api.enums.v1.WorkflowTaskFailedCause.WORKFLOW_TASK_FAILED_CAUSE_NON_DETERMINISTIC_ERROR;

async function pool<T, R>(items: T[], n: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  }));
  return out;
}

/** A call the server may refuse for a moment after the soak (a dev server catching up answers UNAVAILABLE). */
async function patiently<T>(call: () => Promise<T>, tries = 30): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await call();
    } catch (err) {
      if (i >= tries || !/UNAVAILABLE|shard status unknown|deadline/i.test(err instanceof Error ? `${err.message} ${String(err.cause)}` : String(err))) throw err;
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

const result = (name: string, detail: string, violations: string[]): CheckResult => ({ name, ok: violations.length === 0, detail, violations });

export async function checkChaos(deps: { client: Client; taskQueue: string; bundlePath: string; orders: Order[]; record: ChaosRecord }): Promise<CheckResult[]> {
  const { client, record } = deps;
  const ourOrders = deps.orders.filter((o) => record.skus.includes(o.sku));
  const checks: CheckResult[] = [];

  // 1. Every replenishment reached a final outcome, and its agent counted it once.
  const outcomes: Record<string, number> = {};
  const results: ReplenishmentResult[] = [];
  const unfinished: string[] = [];
  for (const sku of record.skus) {
    const status = await patiently(() => client.workflow.getHandle(agentId(sku)).query(agentStatusQuery)) as AgentStatus;
    const ids = Array.from({ length: status.replenishments }, (_, i) => replenishmentId(sku, i + 1));
    const found = await pool(ids, 8, async (id) => {
      const h = client.workflow.getHandle(id);
      const d = await h.describe().catch(() => null);
      if (!d) return { id, problem: 'never started' };
      if (d.status.name !== 'COMPLETED') return { id, problem: `status ${d.status.name}` };
      const r = await h.result() as ReplenishmentResult;
      return FINAL.has(r.outcome) ? { id, r } : { id, problem: `outcome ${r.outcome}` };
    });
    for (const f of found) {
      if ('r' in f && f.r) { results.push(f.r); outcomes[f.r.outcome] = (outcomes[f.r.outcome] ?? 0) + 1; } else unfinished.push(`${f.id}: ${f.problem}`);
    }
    const tallied = finishedReplenishments(status.memory);
    if (tallied !== status.replenishments) unfinished.push(`${agentId(sku)} counted ${tallied} outcomes for ${status.replenishments} replenishments`);
    if (status.active) unfinished.push(`${agentId(sku)} still runs ${status.active.workflowId}`);
  }
  // A failed run is final but says something went wrong that no one decided: its reasons are shown.
  const failedWhy = new Map<string, number>();
  for (const r of results.filter((x) => x.outcome === 'failed')) {
    const why = (r.reason ?? '').replace(/[A-Z]{2}-[\w-]+|\d+/g, '#').slice(0, 120);
    failedWhy.set(why, (failedWhy.get(why) ?? 0) + 1);
  }
  const failedLines = [...failedWhy].sort((a, b) => b[1] - a[1]).map(([why, n]) => `${n}× ${why}`).join('; ');
  checks.push(result('every replenishment reached a final outcome',
    `${results.length} replenishments: ${Object.entries(outcomes).map(([k, v]) => `${v} ${k}`).join(', ')}${failedLines ? `; failed: ${failedLines}` : ''}`, unfinished));

  // 2. Exactly one supplier order per PO, and at most one per replenishment (a revision replaces, never adds).
  const byPo = new Map<string, Order[]>();
  const byReplenishment = new Map<string, Order[]>();
  for (const o of ourOrders) {
    byPo.set(o.poNumber, [...(byPo.get(o.poNumber) ?? []), o]);
    const rep = o.poNumber.replace(/-R\d+$/, '');
    byReplenishment.set(rep, [...(byReplenishment.get(rep) ?? []), o]);
  }
  const duplicates = [
    ...[...byPo].filter(([, os]) => os.length !== 1).map(([po, os]) => `${po}: ${os.length} orders`),
    ...[...byReplenishment].filter(([, os]) => os.filter((x) => x.status !== 'cancelled').length > 1).map(([po, os]) => `${po}: ${os.length} live orders across revisions`),
    ...results.filter((r) => r.quantityOrdered > 0 && r.poNumber && (byPo.get(r.poNumber)?.length ?? 0) !== 1)
      .map((r) => `${r.poNumber}: ordered by the agent, ${byPo.get(r.poNumber!)?.length ?? 0} orders at the supplier`),
  ];
  // A consolidated PO is one order of several lines at one supplier: each line's PO in it once.
  const groups = new Map<string, Order[]>();
  for (const o of ourOrders) if (o.groupPo) groups.set(o.groupPo, [...(groups.get(o.groupPo) ?? []), o]);
  for (const [spo, lines] of groups) {
    const suppliers = new Set(lines.map((l) => l.supplier));
    if (suppliers.size !== 1) duplicates.push(`${spo}: lines at ${[...suppliers].join(' and ')}`);
  }
  const repeatedCalls = ourOrders.filter((o) => o.placeCalls > 1).length;
  const lined = [...groups.values()].reduce((n, ls) => n + ls.length, 0);
  checks.push(result('exactly one supplier order per PO',
    `${ourOrders.length} orders (${lined} of them lines of ${groups.size} consolidated POs); ${repeatedCalls} placed more than once with the same key (dropped answers, retries) and still one order`, duplicates));

  // 3. No order above its approval: every order has an approval the manager gave, at or above its price and
  // quantity, to the same supplier, for its PO or an earlier revision of it (a redraft within the approval keeps it).
  const above: string[] = [];
  const base = (po: string) => po.replace(/-R\d+$/, '');
  const revision = (po: string) => Number(po.match(/-R(\d+)$/)?.[1] ?? 1);
  for (const o of ourOrders) {
    const given = record.approvals.filter((a) => a.approved && base(a.poNumber) === base(o.poNumber)
      && revision(a.poNumber) <= revision(o.poNumber) && a.supplier === o.supplier);
    if (given.length === 0) above.push(`${o.poNumber}: ordered at ${o.unitPrice} × ${o.quantity} with no approval given`);
    else if (!given.some((a) => a.maxUnitPrice !== null && o.unitPrice <= a.maxUnitPrice && o.quantity <= a.quantity)) {
      above.push(`${o.poNumber}: ordered at ${o.unitPrice} × ${o.quantity}, approved up to ${given.map((a) => `${a.maxUnitPrice} × ${a.quantity}`).join(' / ')}`);
    }
  }
  checks.push(result('no order above its approval', `${ourOrders.length} orders against ${record.approvals.filter((a) => a.approved).length} approvals given`, above));

  // 4. An order is cancelled at its supplier only after the supplier refused it, stayed silent through every
  // chase, or a person decided so: never because a reply was read as anything else (a price change included).
  // The reasons are the ones the agent sends (whySupplierDropped in src/tools/reorder-elsewhere.ts, the
  // manager's cancellation in src/workflows/replenish.ts).
  const GROUNDS = [/refused the order/, /did not answer after \d+ chases?/, /its goods did not come after \d+ chases?/, /would not pay it/, /^cancelled by [^:]+: /];
  const cancelledThere = ourOrders.filter((o) => o.status === 'cancelled');
  const groundless = cancelledThere.filter((o) => !GROUNDS.some((re) => re.test(o.cancelReason ?? '')))
    .map((o) => `${o.poNumber} at ${o.supplier}: cancelled "${o.cancelReason ?? ''}"`);
  checks.push(result('no order cancelled at its supplier but for a refusal, silence or a person',
    `${cancelledThere.length} orders cancelled at their supplier`, groundless));

  // 5. Every message sent got a final answer: delivered (2xx) or refused with a status (4xx).
  const byStatus: Record<string, number> = {};
  const lost: string[] = [];
  for (const m of record.messages) {
    byStatus[String(m.status)] = (byStatus[String(m.status)] ?? 0) + 1;
    if (m.status === null || m.status >= 500 || m.status === 429) lost.push(`${m.kind} ${m.path}: ${m.status ?? 'no answer'} after ${m.attempts} attempts (${m.error ?? ''})`);
  }
  const retried = record.messages.filter((m) => m.attempts > 1).length;
  checks.push(result('every message delivered or refused with a status',
    `${record.messages.length} messages, by final status ${JSON.stringify(byStatus)}; ${retried} needed more than one attempt`, lost));

  // 6. No workflow task failed for nondeterminism, in any run of any workflow of the task queue.
  const runs: { workflowId: string; runId: string; type: string }[] = [];
  for await (const wf of client.workflow.list({ query: `TaskQueue = '${deps.taskQueue}'` })) runs.push({ workflowId: wf.workflowId, runId: wf.runId, type: wf.type });
  let taskFailures = 0;
  const nondeterministic: string[] = [];
  const replenishments: { workflowId: string; history: temporal.api.history.v1.IHistory }[] = [];
  await pool(runs, 16, async ({ workflowId, runId, type }) => {
    const history = await client.workflow.getHandle(workflowId, runId).fetchHistory();
    if (type === 'Replenish' || type === 'SupplierDesk') replenishments.push({ workflowId: `${workflowId}/${runId}`, history });
    for (const e of history.events ?? []) {
      const failed = e.workflowTaskFailedEventAttributes;
      if (!failed) continue;
      taskFailures += 1;
      if (failed.cause === NONDETERMINISM || /nondetermin/i.test(failed.failure?.message ?? '')) {
        nondeterministic.push(`${workflowId} (${runId}) event ${e.eventId}: ${failed.failure?.message?.slice(0, 200)}`);
      }
    }
  });
  checks.push(result('no workflow task failed for nondeterminism',
    `${runs.length} workflow runs scanned; ${taskFailures} workflow task failures of other causes`, nondeterministic));

  // 7. Every replenishment and supplier desk replays with today's code: a run that took a branch its replay would not
  // take fails only when a worker next replays it, which may be after the soak.
  const disagreed: string[] = [];
  for await (const r of Worker.runReplayHistories({ workflowBundle: { codePath: deps.bundlePath } }, replenishments)) {
    if (!r.error) continue;
    // The message wraps the core's in a long preamble: keep the core's own words, and the history to replay it again.
    const history = replenishments.find((x) => x.workflowId === r.workflowId)?.history;
    const kept = history ? join(tmpdir(), `chaos-replay-${r.workflowId.replace(/[^\w-]/g, '_')}.json`) : null;
    if (kept) writeFileSync(kept, historyToJSON(history!));
    const core = /\[TMPRL\d+\][^"]*/.exec(r.error.message)?.[0] ?? r.error.message.slice(0, 200);
    disagreed.push(`${r.workflowId}: ${core.slice(0, 300)}${kept ? ` (history kept in ${kept})` : ''}`);
  }
  checks.push(result('every replenishment and supplier desk replays as it ran', `${replenishments.length} replenishment and desk histories replayed`, disagreed));
  return checks;
}

export function report(record: ChaosRecord, checks: CheckResult[]): string {
  const lines = [
    `chaos run: ${record.skus.length} SKUs, ${record.finished} replenishments finished in ${Math.round(record.elapsedMs / 1000)} s` +
      `${record.reachedTarget ? '' : ' (target NOT reached in the time limit)'}; ${record.kills} worker SIGKILLs, ${record.workerStarts} worker starts, ${record.serverRestarts} server restarts${record.postgresRestarts ? `, ${record.postgresRestarts} PostgreSQL restarts` : ''}`,
  ];
  lines.push(`Web UI-like queries to running replenishments: ${record.uiQueries.answered} answered, ${record.uiQueries.refused} refused by the task guard, ${record.uiQueries.unanswered} unanswered within 2 s`);
  for (const c of checks) {
    lines.push(`${c.ok ? 'PASS' : 'FAIL'}  ${c.name}: ${c.detail}`);
    for (const v of c.violations.slice(0, 20)) lines.push(`        ${v}`);
    if (c.violations.length > 20) lines.push(`        … and ${c.violations.length - 20} more`);
  }
  return lines.join('\n');
}
