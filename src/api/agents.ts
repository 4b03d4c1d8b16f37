import { randomUUID } from 'node:crypto';
import {
  ServiceError, WorkflowIdConflictPolicy, WorkflowUpdateFailedError, WorkflowUpdateRPCTimeoutOrCancelledError, WorkflowUpdateStage,
  type Client, type WorkflowHandle,
} from '@temporalio/client';
import { ApplicationFailure, type TypedSearchAttributes } from '@temporalio/common';
import { summaryOf, SUMMARY_MEMO, type AgentStatus, type AgentSummary } from '../domain/agent.js';
import { noUsage } from '../domain/usage.js';
import type { Rules } from '../domain/rules.js';
import type { Message } from '../domain/state.js';
import { REFUSAL_STATUS, refusalType } from '../domain/phase.js';
import {
  agentStatusQuery, deliverUpdate, pauseSignal, replenishStateQuery, resumeSignal, stockChangedSignal, stopSignal,
  type DeliverResult, type ReplenishView,
} from '../workflows/messages.js';
import { OUTCOME, PHASE, PO_NUMBER, SKU } from '../workflows/search-attributes.js';
import { SkuAgent } from '../workflows/sku-agent.js';
import { batchesOf, inBatches } from './batches.js';
import { HttpError } from './errors.js';
import { cannotList, isCancelledByServer, isDeadlineExceeded, isNotFound } from './temporal-errors.js';
import type { SpoDecisionRequest } from '../domain/supplier-desk.js';
import { decideSupplierOrder, whySupplierOrderIsNotWaiting } from './supplier-orders.js';
import { agentId, parsePoNumber, parseReplenishmentId, replenishmentId, replenishmentIdOfPo, replenishmentIdPrefix, skuOfPo } from '../domain/ids.js';

/** Where a purchase order is worked on, as Temporal sees it. */
export interface PurchaseOrderRef {
  poNumber: string;
  workflowId: string;
  runId: string;
  sku: string;
  /** Temporal's status of the replenishment: RUNNING, COMPLETED, FAILED, … */
  status: string;
  phase: string | null;
  outcome: string | null;
  /** The PO the replenishment carries now; a revision (…-R1) replaces the first number. */
  currentPoNumber: string | null;
  /** `search-attribute`: visibility found `PoNumber = "…"`; `po-number`: the id the PO number names. */
  foundBy: 'search-attribute' | 'po-number';
}

/**
 * How long a read of one replenishment waits for its answer. A query to a run whose next step waits
 * for a worker waits with it; the reader is better told to come back.
 */
const QUERY_ANSWER_MS = 5_000;
/** SKUs named in one visibility list call. */
const LIST_BATCH = 100;
/**
 * How long a message's sender waits for the run's verdict. A run whose next task waits for a worker
 * (or for a repair) judges the message when it runs again; the sender is told it is queued.
 */
const VERDICT_WAIT_MS = 5_000;
const unanswered = (workflowId: string, why: string) =>
  new HttpError(503, `${workflowId} ${why}; try again in a few seconds`, { 'retry-after': '3' });
/** How long a read waits before asking again after the server ended its call. */
const ASK_AGAIN_MS = 200;

/** An agent's summary as visibility carries it; before its first task publishes one, what the listing itself says. */
function summaryFrom(wf: { workflowId: string; status: { name: string }; memo?: Record<string, unknown>; typedSearchAttributes: TypedSearchAttributes }): AgentSummary {
  const sku = wf.typedSearchAttributes.get(SKU) ?? wf.workflowId.replace(/^agent-/, '');
  const listed: AgentSummary = {
    sku, status: wf.status.name === 'RUNNING' ? 'watching' : 'stopped', error: null, replenishments: 0, outcomes: {}, active: null,
    recentTokens: noUsage(), recentReplenishments: 0,
  };
  return { ...listed, ...(wf.memo?.[SUMMARY_MEMO] as Partial<AgentSummary> | undefined) };
}

/** Why a SKU's agent cannot be signalled: it was stopped (409, it can be started again), or never started (404). */
async function notRunning(sku: string, agent: WorkflowHandle): Promise<HttpError> {
  const ended = await agent.describe().then(() => true, () => false);
  return ended
    ? new HttpError(409, `the agent of ${sku} is stopped; POST /agents with {"sku":"${sku}"} starts it again`)
    : new HttpError(404, `no agent is running for ${sku}`);
}

/** How long a stop waits for the agent to end before it answers: an agent with nothing open ends at once. */
const STOP_WAIT_MS = 3_000;

/** What the purchasing record says of a settled replenishment, for a message that came after. */
export type SettledRecord = (replenishmentId: string) => Promise<{ poNumber: string | null; outcome: string; reason: string } | null>;

/** The Temporal side of the API: every call to the agents goes through here. */
export class Agents {
  constructor(
    private readonly client: Client, private readonly taskQueue: string, private readonly rules: Rules, private readonly clock: () => number = Date.now,
    private readonly settled?: SettledRecord,
  ) {}

  /**
   * A 409 for a PO whose replenishment has settled also says how it settled: the agent knows only
   * that it runs no such PO, which tells a warehouse clerk with a late receipt nothing.
   */
  private async settledToo(po: string, why: string): Promise<string> {
    const parsed = parsePoNumber(po);
    if (!parsed || !this.settled) return why;
    const record = await this.settled(replenishmentId(parsed.sku, parsed.n)).catch(() => null);
    if (!record) return why;
    const how = `${record.outcome}: ${record.reason}`;
    return record.poNumber === po
      ? `${why}; purchase order ${po} is settled (${how}) and takes no more messages`
      : `${why}; its replenishment settled with ${record.poNumber ?? 'no PO'} (${how})`;
  }

  /** A manager's decision on a consolidated PO, to the supplier's desk (src/api/supplier-orders.ts). */
  decideSupplierOrder(request: SpoDecisionRequest): Promise<{ status: 'delivered' | 'duplicate'; workflowId: string }> {
    return decideSupplierOrder(this.client, request);
  }

  /** Why a consolidated PO no longer waits for a decision, as its desk tells it. */
  whySupplierOrderIsNotWaiting(spo: string): Promise<string> {
    return whySupplierOrderIsNotWaiting(this.client, spo);
  }

  async start(sku: string): Promise<{ workflowId: string; started: boolean }> {
    const workflowId = agentId(sku);
    const handle = this.client.workflow.getHandle<typeof SkuAgent>(workflowId);
    let stopped: AgentStatus | null = null;
    try {
      const last = await handle.describe();
      if (last.status.name === 'RUNNING') return { workflowId, started: false };
      // A stop ends the agent with what it knew: its memory of suppliers and outcomes goes on.
      if (last.status.name === 'COMPLETED') stopped = await handle.result().catch(() => null);
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
    // A SKU whose agent was stopped before goes on numbering its replenishments where it left off.
    const previous = stopped?.replenishments
      ?? await this.client.workflow.count(`WorkflowType = 'Replenish' AND WorkflowId STARTS_WITH '${replenishmentIdPrefix(sku)}'`).then((c) => c.count).catch(() => 0);
    await this.client.workflow.start(SkuAgent, {
      workflowId,
      taskQueue: this.taskQueue,
      args: [{ sku, rules: this.rules, replenishments: previous, ...(stopped ? { memory: stopped.memory } : {}) }],
      workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
      typedSearchAttributes: [{ key: SKU, value: sku }],
    });
    return { workflowId, started: true };
  }

  /**
   * The replenishment of a PO, without a table of our own: visibility first (`PoNumber = "…"`),
   * then the workflow id the PO number names, for a PO since revised (the attribute holds the
   * revision) or a server without the attributes.
   */
  async findPurchaseOrder(po: string): Promise<PurchaseOrderRef | null> {
    const ref = (
      wf: { workflowId: string; runId: string; status: { name: string }; typedSearchAttributes: TypedSearchAttributes },
      foundBy: PurchaseOrderRef['foundBy'],
    ): PurchaseOrderRef => ({
      poNumber: po, workflowId: wf.workflowId, runId: wf.runId, sku: wf.typedSearchAttributes.get(SKU) ?? skuOfPo(po),
      status: wf.status.name, phase: wf.typedSearchAttributes.get(PHASE) ?? null, outcome: wf.typedSearchAttributes.get(OUTCOME) ?? null,
      currentPoNumber: wf.typedSearchAttributes.get(PO_NUMBER) ?? null, foundBy,
    });
    try {
      // The schema allows no quotes in a PO number, so it is safe inside the query; newest first.
      for await (const wf of this.client.workflow.list({ query: `WorkflowType = 'Replenish' AND PoNumber = "${po}"`, pageSize: 1 })) {
        return ref(wf, 'search-attribute');
      }
    } catch {
      // A server without the attribute registered: the name still finds it.
    }
    try {
      return ref(await this.client.workflow.getHandle(replenishmentIdOfPo(po)).describe(), 'po-number');
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async status(sku: string): Promise<AgentStatus | null> {
    try {
      return await this.client.workflow.getHandle(agentId(sku)).query(agentStatusQuery);
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  /**
   * A replenishment's own view, by query. Safe at any time: a query that would hand the run part of
   * a workflow task is refused by the workflow itself (src/workflows/task-guard.ts), and answered
   * here as a 503 like a query no worker answers in time.
   */
  async replenishment(workflowId: string): Promise<ReplenishView | null> {
    const handle = this.client.workflow.getHandle(workflowId);
    const deadline = Date.now() + QUERY_ANSWER_MS;
    for (;;) {
      try {
        return await this.client.withDeadline(deadline, () => handle.query(replenishStateQuery));
      } catch (err) {
        if (isNotFound(err)) return null;
        if (err instanceof Error && /PartialTaskRefused/.test(err.message)) throw unanswered(workflowId, 'is between two steps');
        // A call the server ended early is asked again while the read has time: the reader is told the
        // one thing that holds either way, that the run did not answer within the wait.
        if (isCancelledByServer(err) && Date.now() + ASK_AGAIN_MS < deadline) {
          await new Promise((resolve) => setTimeout(resolve, ASK_AGAIN_MS));
          continue;
        }
        if (isDeadlineExceeded(err) || isCancelledByServer(err)) {
          throw unanswered(workflowId, `did not answer within ${QUERY_ANSWER_MS / 1000} s (its next step may be waiting for a worker)`);
        }
        // Anything else the server answered instead of the run (busy, unavailable, the query task lost)
        // passes too: the run is not hurt, the read can be tried again.
        if (err instanceof ServiceError) throw unanswered(workflowId, `could not be asked just now (${(err.cause as { details?: string } | undefined)?.details ?? err.message})`);
        throw err;
      }
    }
  }

  async signal(sku: string, what: 'stock-changed' | 'pause' | 'resume' | 'stop'): Promise<void> {
    const signal = { 'stock-changed': stockChangedSignal, pause: pauseSignal, resume: resumeSignal, stop: stopSignal }[what];
    const handle = this.client.workflow.getHandle(agentId(sku));
    try {
      await handle.signal(signal);
    } catch (err) {
      if (isNotFound(err)) throw await notRunning(sku, handle);
      throw err;
    }
    // A stop answered while the agent still runs would let the caller's next start be told "already
    // running" of a run about to end, and its next message find no agent: it is let end first.
    if (what === 'stop') await this.client.withDeadline(Date.now() + STOP_WAIT_MS, () => handle.result()).catch(() => undefined);
  }

  /**
   * Hands a message to the SKU's agent and answers with its run's verdict: a message the run cannot
   * take is a 409 (403 for an approval above the approver's limit or a reply from another supplier).
   */
  async deliver(sku: string, m: Omit<Message, 'at' | 'messageId'> & { messageId?: string }): Promise<DeliverResult> {
    const message = { ...m, messageId: m.messageId ?? randomUUID(), at: new Date(this.clock()).toISOString() } as Message;
    const workflowId = agentId(sku);
    try {
      const update = await this.client.workflow.getHandle(workflowId).startUpdate(deliverUpdate, { args: [message], waitForStage: WorkflowUpdateStage.ACCEPTED });
      try {
        const result = await this.client.withDeadline(Date.now() + VERDICT_WAIT_MS, () => update.result());
        // A repeat the agent recognises after its run ended names no run (or the one running now):
        // the sender is told the replenishment its PO belongs to.
        return result.status === 'duplicate' ? { ...result, workflowId: replenishmentIdOfPo(message.poNumber) } : result;
      } catch (err) {
        if (!(err instanceof WorkflowUpdateRPCTimeoutOrCancelledError)) throw err;
        return { status: 'queued', workflowId: replenishmentIdOfPo(message.poNumber) };
      }
    } catch (err) {
      // The run's (or the agent's) refusal, answered with the status its kind has (REFUSAL_STATUS).
      const refused = err instanceof WorkflowUpdateFailedError && err.cause instanceof ApplicationFailure ? refusalType(err.cause.type ?? undefined) : undefined;
      if (refused) {
        const status = REFUSAL_STATUS[refused];
        const why = (err as WorkflowUpdateFailedError).cause!.message;
        throw new HttpError(status, status === 409 ? await this.settledToo(message.poNumber, why) : why);
      }
      if (isNotFound(err)) throw new HttpError(404, `no agent is running for ${sku}`);
      throw err;
    }
  }

  /**
   * The summaries of the given SKUs' agents, from visibility (each agent keeps its own in its memo):
   * one list call per hundred SKUs, no workflow asked. A SKU with no agent is absent; a stopped agent
   * shows as stopped.
   */
  async summaries(skus: string[]): Promise<Map<string, AgentSummary>> {
    const found = new Map<string, AgentSummary>();
    try {
      // SKUs are letters, digits, dot, dash and underscore (SKU_PATTERN): safe inside quotes.
      for (const batch of batchesOf(skus, LIST_BATCH)) await this.collect(` AND SKU IN (${batch.map((sku) => `'${sku}'`).join(', ')})`, found);
      return found;
    } catch (err) {
      if (!cannotList(err)) throw err;
      return this.asked(skus);
    }
  }

  /**
   * Every agent's summary (running, or stopped and not started again), from visibility, a page of a
   * thousand at a time. `catalogue` names the SKUs to ask instead on a server that cannot list.
   */
  async allSummaries(catalogue: () => Promise<string[]>): Promise<Map<string, AgentSummary>> {
    try {
      return await this.collect('', new Map());
    } catch (err) {
      if (!cannotList(err)) throw err;
      return this.asked(await catalogue());
    }
  }

  private async collect(condition: string, into: Map<string, AgentSummary>): Promise<Map<string, AgentSummary>> {
    const query = `WorkflowType = 'SkuAgent' AND ExecutionStatus != 'ContinuedAsNew' AND TaskQueue = '${this.taskQueue}'${condition}`;
    for await (const wf of this.client.workflow.list({ query, pageSize: 1000 })) {
      const summary = summaryFrom(wf);
      const seen = into.get(summary.sku);
      // A SKU's running agent wins over one that was stopped before it.
      if (!seen || (seen.status === 'stopped' && wf.status.name === 'RUNNING')) into.set(summary.sku, summary);
    }
    return into;
  }

  /** Only for a server with no visibility to list (Temporal's time-skipping test server): each agent is asked. */
  private async asked(skus: string[], concurrency = 16): Promise<Map<string, AgentSummary>> {
    const found = new Map<string, AgentSummary>();
    const statuses = await inBatches(skus, concurrency, (sku) => this.status(sku));
    statuses.forEach((st, j) => { if (st) found.set(skus[j]!, summaryOf(st)); });
    return found;
  }

  /**
   * The running replenishments of the given SKUs (all, without `skus`) that match `condition`, from
   * visibility: each with its phase and PO number. Null when the
   * server cannot list (Temporal's time-skipping test server). This service's task queue only:
   * another deployment's runs in the namespace are not ours to read.
   */
  private async runningReplenishments(condition: string): Promise<RunningReplenishment[] | null> {
    if (this.taskQueue.includes("'")) return null;
    const query = `WorkflowType = 'Replenish' AND ExecutionStatus = 'Running' AND TaskQueue = '${this.taskQueue}'${condition}`;
    try {
      const runs: RunningReplenishment[] = [];
      for await (const wf of this.client.workflow.list({ query, pageSize: 1000 })) {
        const sku = wf.typedSearchAttributes.get(SKU) ?? parseReplenishmentId(wf.workflowId)?.sku;
        if (!sku) continue;
        runs.push({
          sku, workflowId: wf.workflowId, phase: wf.typedSearchAttributes.get(PHASE) ?? null,
          poNumber: wf.typedSearchAttributes.get(PO_NUMBER) ?? null,
        });
      }
      return runs;
    } catch (err) {
      // Any other failure is the server's of the moment (a 503), not a reason to ask every run.
      if (!cannotList(err)) throw err;
      return null;
    }
  }

  /**
   * The phase of each given SKU's running replenishment, from visibility (one list call per hundred
   * SKUs); null on a server that cannot list (then `askedPhases`).
   */
  async phases(skus: string[]): Promise<Map<string, string> | null> {
    const found = new Map<string, string>();
    for (const batch of batchesOf(skus, LIST_BATCH)) {
      const runs = await this.runningReplenishments(` AND SKU IN (${batch.map((sku) => `'${sku}'`).join(', ')})`);
      if (!runs) return null;
      for (const run of runs) if (run.phase) found.set(run.sku, run.phase);
    }
    return found;
  }

  /** Only for a server with no visibility to list: each agent's running replenishment is asked its phase. */
  async askedPhases(agents: Map<string, AgentSummary>): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    for (const [sku, summary] of agents) {
      const view = summary.active ? await this.replenishment(summary.active.workflowId).catch(() => null) : null;
      if (view) found.set(sku, view.phase);
    }
    return found;
  }
}

/** A running replenishment as visibility lists it. */
interface RunningReplenishment { sku: string; workflowId: string; phase: string | null; poNumber: string | null }
