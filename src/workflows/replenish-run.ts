import {
  ActivityFailure, ApplicationFailure, CancellationScope, condition, getExternalWorkflowHandle, log, proxyActivities,
  setCurrentDetails, setHandler, workflowInfo, type ActivityOptions,
} from '@temporalio/workflow';
import type { Activities, Choice } from '../activities/contract.js';
import { choosePolicy } from '../tools/policy.js';
import { forDecider, withoutLog } from '../domain/activity-input.js';
import type { AgentMemory } from '../domain/memory.js';
import { GOAL } from '../domain/goal.js';
import { decidedStepSummary, decideActivityId, toolActivityId } from '../domain/ids.js';
import { gate, phase } from '../domain/phase.js';
import { policyOf, type Rules } from '../domain/rules.js';
import { appendTurn, initialState, type Message, type ReplenishState } from '../domain/state.js';
import type { ReplenishmentResult, StockLevel, Turn, TurnResult } from '../domain/types.js';
import { cancelPurchaseOrder } from '../tools/cancel-purchase-order.js';
import { done } from '../tools/done.js';
import type { WaitLimit } from '../tools/index.js';
import { requestApproval } from '../tools/request-approval.js';
import { askManagerAboutPrice } from '../tools/ask-manager-about-price.js';
import { afterCall, afterWait, type CallOutcome, type Step } from '../tools/turn.js';
import { failureMessage } from './failures.js';
import { MessageDesk } from './message-desk.js';
import { deliverSignal, replenishStateQuery, verdictSignal, type ReplenishView } from './messages.js';
import { decideActivity, inboxWriter, recordActivity, toolActivity } from './options.js';
import { Publisher } from './publisher.js';
import { RunClock } from './run-clock.js';
import { showInSearch } from './search-attributes.js';

export interface ReplenishInput {
  stock: StockLevel;
  replenishment: number;
  rules: Rules;
  goal?: string;
  /** What the agent learned of its suppliers (reliability, prices, lead times): it breaks ties between quotes. */
  memory?: Pick<AgentMemory, 'suppliers'>;
  /** The worker's decider is the policy: each choice is computed here, from the state history rebuilds. */
  policyDecides?: boolean;
}

export type CancelMessage = Extract<Message, { event: 'cancel' }>;
export type Entry = (result: TurnResult, summary: string) => Turn;

const activities = (options: ActivityOptions, activityId: string) =>
  proxyActivities<Activities>({ ...options, activityId });

const isBusinessRefusal = (err: unknown): boolean =>
  err instanceof ActivityFailure && err.cause instanceof ApplicationFailure && err.cause.nonRetryable === true;

/** When a refusal came, which the activity sends with it (src/activities/index.ts). */
const refusedAt = (err: unknown): string | undefined => {
  const details = err instanceof ActivityFailure && err.cause instanceof ApplicationFailure ? err.cause.details : undefined;
  const at = (details?.[0] as { at?: unknown } | undefined)?.at;
  return typeof at === 'string' ? at : undefined;
};

/**
 * One replenishment's parts and the steps of its turns: the business state, the message desk, the
 * publisher and the run's clock, and the I/O each kind of step runs (a decision, a tool's call, a
 * wait, the manager's cancellation, a word to the manager). Only a tool's `apply` changes the
 * business state (src/tools/turn.ts); `record` appends the turn and shows it.
 */
export class ReplenishRun {
  state: ReplenishState;
  readonly rules: Rules;
  readonly desk: MessageDesk;
  readonly clock: RunClock;
  readonly publisher: Publisher;
  private readonly goal: string;
  private readonly policyDecides: boolean;
  private readonly workflowId: string;
  private waiting: ReplenishView['waiting'] = null;

  constructor(input: ReplenishInput) {
    const { workflowId, runId, startTime } = workflowInfo();
    this.rules = input.rules;
    this.goal = input.goal ?? GOAL;
    this.policyDecides = input.policyDecides ?? false;
    this.workflowId = workflowId;
    this.state = initialState(input.stock, input.replenishment, input.memory, policyOf(input.rules));
    this.clock = new RunClock(startTime.getTime());
    this.desk = new MessageDesk(() => this.state, this.rules, () => this.clock.millis);
    this.publisher = new Publisher({ workflowId, runId }, this.rules, (s) => this.gateOf(s), {
      search: showInSearch,
      openOrder: (entry) => inboxWriter.showOpenOrder(entry),
      inbox: (entry) => inboxWriter.showInInbox(entry),
      failed: (what, err) => log.error(`could not write ${what}`, { error: failureMessage(err) }),
    });
  }

  /**
   * Messages come in through the agent: the verdict goes back to the agent's Update that forwarded
   * the message (`ref`); the run does not end before every verdict is delivered, so the agent learns
   * it before it learns of the end.
   */
  listen(): void {
    const { parent } = workflowInfo();
    setHandler(deliverSignal, async (m, ref) => {
      const verdict = this.desk.judge(m);
      if (!ref || !parent) return;
      try {
        await getExternalWorkflowHandle(parent.workflowId).signal(verdictSignal, { ref, verdict });
      } catch (err) {
        log.warn('could not answer the agent', { messageId: m.messageId, error: failureMessage(err) });
      }
    });
    setHandler(replenishStateQuery, (): ReplenishView => ({
      workflowId: this.workflowId, state: this.state, phase: phase(this.state), inbox: this.desk.inbox.list(), waiting: this.waiting,
      notes: this.desk.notes, rules: this.rules, gate: this.gateOf(this.state),
    }));
  }

  show(): void {
    this.publisher.show(this.state, this.desk.hasEnded, this.clock.now());
  }

  record(turn: Turn): void {
    this.state = appendTurn(this.state, turn);
    setCurrentDetails(`**${phase(this.state)}** · turn ${turn.turn}: ${turn.summary}`);
    this.show();
  }

  /**
   * The decider's choice, or null when the manager cancels first (the decide call is then cancelled).
   * The policy needs no I/O, so its choice is made here, at the run's clock, with no round trip: the
   * step it starts carries the turn and the reason into history (`shown`), as a decide activity would.
   * A change to the policy is then a change to workflow code (docs/changing-workflows.md).
   */
  async decideUnlessCancelled(turn: number, names: string[], waits: WaitLimit[]): Promise<Choice | null> {
    if (this.policyDecides) return choosePolicy({ state: this.state, allowed: names, now: this.clock.now() });
    const deciding = new CancellationScope();
    const choice = deciding.run(() => activities({ ...decideActivity, summary: `decide turn ${turn}: one of ${names.join(', ')}` }, decideActivityId(turn))
      .decide({ goal: this.goal, ...forDecider(this.state), allowed: names, waits, turn, now: new Date().toISOString() }));
    const watching = new CancellationScope();
    const cancelled = watching.run(() => condition(() => this.desk.inbox.has(['cancel'])));
    try {
      const first = await Promise.race([choice, cancelled.then(() => null)]);
      if (first === null) {
        deciding.cancel();
        choice.catch(() => undefined);
      }
      return first;
    } finally {
      watching.cancel();
      cancelled.catch(() => undefined);
    }
  }

  /** The manager stops the run: an order placed is cancelled at the supplier, and the outcome says who and why. */
  async cancelByManager(m: CancelMessage, turn: number): Promise<void> {
    this.clock.advance(m.at);
    const { reason, by } = m.payload;
    const input = { reason: `cancelled by ${by}: ${reason}` };
    const step = { kind: 'call' as const, tool: cancelPurchaseOrder, input, summary: cancelPurchaseOrder.describe(this.state, input) };
    const settled = afterCall(this.state, step, await this.callOutcome(step, turn), this.rules, this.clock.now());
    const unconfirmed = settled.result === 'ok' ? '' : ` (${settled.summary})`;
    this.state = { ...settled.state, failure: null, cancelled: { reason: `${reason}${unconfirmed}`, by }, finished: true };
    this.record({
      turn, at: this.clock.now(), allowed: [cancelPurchaseOrder.name], tool: cancelPurchaseOrder.name, result: settled.result, summary: settled.summary,
      reason: `${by} cancelled it: ${reason}`,
    });
  }

  /** A person takes over: they learn what stands and what may be on its way. */
  async handOver(why: string): Promise<void> {
    const { state } = this;
    const po = state.po;
    // A line still at its supplier's desk may yet be ordered there: the manager must not read "nothing".
    const where = state.order
      ? `An order was placed with ${po?.supplier} (expected ${state.expectedDelivery ?? 'unknown'}); it is still on its way and nobody is watching it now.`
      : state.supplierOrder
        ? `Its line ${po?.poNumber} joined ${state.supplierOrder.supplier}'s desk at ${state.supplierOrder.joinedAt}, which may still order it on a consolidated PO; nobody is watching it now.`
        : 'Nothing has been ordered.';
    await this.tellManager('hand_over', `Take over ${po?.poNumber ?? state.poBase} for ${state.sku}`, `The agent stopped choosing: ${why}\nPhase: ${phase(state)}. ${where}`);
  }

  /** The model could not choose and another decider did: the log says so, and the manager hears of it once a run. */
  async fellBack(turn: number, at: string, names: string[], tool: string, { decider, why }: NonNullable<Choice['fallback']>): Promise<void> {
    const told = this.state.log.some((t) => t.result === 'fallback');
    this.record({ turn, at, allowed: names, tool: 'decide', result: 'fallback', summary: `${why}; the ${decider} decider chose ${tool}` });
    if (told) return;
    await this.tellManager('fallback_notice', `The model stopped deciding ${this.state.po?.poNumber ?? this.state.poBase} for ${this.state.sku}`,
      `The model could not choose turn ${turn}: ${why}\nThe ${decider} decider takes the turns the model cannot; the run goes on. Phase: ${phase(this.state)}.`);
  }

  /** What history and the Web UI show of a step: with its turn and reason when the choice was made here. */
  private shown(summary: string, turn: number, reason: string | undefined, tool?: string): string {
    return this.policyDecides && reason ? decidedStepSummary(summary, turn, reason, tool) : summary;
  }

  async runWait(step: Extract<Step, { kind: 'wait' }>, turn: number, entry: Entry, why?: string): Promise<void> {
    const { tool } = step;
    const summary = this.shown(step.summary, turn, why);
    const timeoutMs = tool.timeoutMs(this.state, this.rules, this.clock.now());
    const since = this.clock.millis;
    this.waiting = { tool: tool.name, events: tool.events, since: this.clock.now(), until: new Date(Date.now() + timeoutMs).toISOString() };
    setCurrentDetails(`**${phase(this.state)}** · turn ${turn}: ${summary} (until ${this.waiting.until})`);
    await condition(() => this.desk.inbox.has(tool.events) || this.desk.inbox.has(['cancel']), timeoutMs, { summary });
    this.waiting = null;
    // A message present when the wait ends wins over the timer: when both come in one activation,
    // every message is in the inbox before the loop resumes. A first execution shown the timer alone,
    // in an activation of its own, is still open (bench/chaos/findings).
    const message = this.desk.inbox.take(tool.events);
    // A cancellation ends the wait without an answer; the next turn carries it out.
    if (!message && this.desk.inbox.has(['cancel'])) return;
    this.clock.advance(message ? message.at : new Date(since + timeoutMs).toISOString());
    const settled = afterWait(this.state, step, message, this.clock.now());
    this.state = settled.state;
    this.record(entry(settled.result, settled.summary));
  }

  async runCall(step: Extract<Step, { kind: 'call' }>, turn: number, entry: Entry, why?: string): Promise<void> {
    const outcome = await this.callOutcome({ ...step, summary: this.shown(step.summary, turn, why) }, turn);
    const settled = afterCall(this.state, step, outcome, this.rules, this.clock.now());
    this.state = settled.state;
    this.record(entry(settled.result, settled.summary));
  }

  /**
   * The run's entry in the purchasing record, written once it has ended. `settledBy`: the turn that
   * chose `done`, which has no step of its own, so the record's summary carries it.
   */
  async recordPurchase(result: ReplenishmentResult, settledBy: { turn: number; reason: string | undefined } | null): Promise<void> {
    const summary = `record ${result.poNumber ?? this.state.poBase}`;
    const shown = settledBy ? this.shown(summary, settledBy.turn, settledBy.reason, done.name) : summary;
    await activities({ ...recordActivity, summary: shown }, 'record')
      .recordPurchase({ state: this.state, result, rules: this.rules });
  }

  private gateOf(s: ReplenishState) {
    return gate(this.workflowId, s, this.rules, [requestApproval.name, askManagerAboutPrice.name], this.desk.pending);
  }

  private async tellManager(what: string, subject: string, body: string): Promise<void> {
    try {
      const summary = `${what} ${this.state.po?.poNumber ?? this.state.poBase} to ${this.rules.manager}`;
      await activities({ ...toolActivity(this.rules), summary }, toolActivityId(what, this.state.log.length))
        .notifyManager({ state: withoutLog(this.state), rules: this.rules, subject, body });
    } catch (err) {
      log.error('could not tell the manager', { what, error: failureMessage(err) });
    }
  }

  private async callOutcome({ tool, input, summary }: Extract<Step, { kind: 'call' }>, turn: number): Promise<CallOutcome> {
    const activityId = toolActivityId(tool.name, turn);
    const idempotencyKey = tool.key?.(this.state) ?? `${this.workflowId}/${activityId}`;
    try {
      const { result, at } = await activities({ ...toolActivity(this.rules), summary }, activityId)
        .runTool({ tool: tool.name, input, state: withoutLog(this.state), rules: this.rules, idempotencyKey });
      // The answer is applied at the time it came, which history holds with it.
      this.clock.advance(at);
      return { kind: 'ok', result };
    } catch (err) {
      if (isBusinessRefusal(err)) {
        this.clock.advance(refusedAt(err));
        return { kind: 'refused', why: failureMessage(err) };
      }
      return { kind: 'unanswered', why: failureMessage(err) };
    }
  }
}
