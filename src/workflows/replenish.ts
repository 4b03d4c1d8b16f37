import {
  ActivityFailure, allHandlersFinished, ApplicationFailure, CancellationScope, condition, getExternalWorkflowHandle, log, proxyActivities,
  setCurrentDetails, setHandler, workflowInfo, type ActivityOptions,
} from '@temporalio/workflow';
import type { Activities, Choice } from '../activities/contract.js';
import { forDecider, withoutLog } from '../domain/activity-input.js';
import type { AgentMemory } from '../domain/memory.js';
import { GOAL } from '../domain/goal.js';
import { decideActivityId, toolActivityId } from '../domain/ids.js';
import { outcome } from '../domain/outcome.js';
import { openPurchaseOrder, type OpenOrderEntry } from '../domain/purchase-record.js';
import { gate, phase, refusalOf, type InboxEntry } from '../domain/phase.js';
import { currencyOf, policyOf, type Rules } from '../domain/rules.js';
import {
  appendTurn, cancelledOrderRefusal, fitsOnceOrdered, isFinal, isSettled, initialState, type EventName, type Message, type ReplenishState,
} from '../domain/state.js';
import type { ReplenishmentResult, StockLevel, Turn, TurnResult, Usage } from '../domain/types.js';
import { cancelPurchaseOrder } from '../tools/cancel-purchase-order.js';
import { done } from '../tools/done.js';
import { allowedTools, waitLimits, type WaitLimit } from '../tools/index.js';
import { requestApproval } from '../tools/request-approval.js';
import { afterCall, afterWait, judge, type CallOutcome, type Step } from '../tools/turn.js';
import { Inbox } from './inbox.js';
import { deliverSignal, replenishStateQuery, verdictSignal, type ReplenishView, type Verdict } from './messages.js';
import { decideActivity, inboxWriter, recordActivity, toolActivity } from './options.js';
import { OUTCOME, PHASE, PO_NUMBER, SKU, showInSearch } from './search-attributes.js';

export interface ReplenishInput {
  stock: StockLevel;
  replenishment: number;
  rules: Rules;
  goal?: string;
  /** What the agent learned of its suppliers (reliability, prices, lead times): it breaks ties between quotes. */
  memory?: Pick<AgentMemory, 'suppliers'>;
}

const activities = (options: ActivityOptions, activityId: string) =>
  proxyActivities<Activities>({ ...options, activityId });

const now = (): string => new Date().toISOString();

const failureMessage = (err: unknown): string => {
  const cause = err instanceof ActivityFailure ? err.cause : err;
  if (cause instanceof ApplicationFailure) return cause.message;
  return cause instanceof Error ? cause.message : String(cause);
};

const isBusinessRefusal = (err: unknown): boolean =>
  err instanceof ActivityFailure && err.cause instanceof ApplicationFailure && err.cause.nonRetryable === true;

type CancelMessage = Extract<Message, { event: 'cancel' }>;

/**
 * One replenishment: the agentic loop. Each turn the code decides what is allowed, the decider
 * picks one allowed tool, and the tool runs as an activity or waits for a message. Only a tool's
 * `apply` changes the business state (src/tools/turn.ts); the loop runs the I/O and records the turn.
 * A manager's cancellation ends the run at the next turn, a wait or a decision in flight.
 */
export async function Replenish(input: ReplenishInput): Promise<ReplenishmentResult> {
  const { rules } = input;
  const goal = input.goal ?? GOAL;
  const { workflowId, runId, parent } = workflowInfo();
  let state: ReplenishState = initialState(input.stock, input.replenishment, input.memory, policyOf(input.rules));
  const inbox = new Inbox();
  const notes: string[] = [];
  let waiting: ReplenishView['waiting'] = null;

  // A cancellation closes every door from its arrival to the run's end; a decision in the inbox
  // closes the door to a second one.
  let cancelling = false;
  let ended = false;
  const pending = (e: EventName) => (e === 'cancel' ? cancelling : inbox.has([e]));
  // The run's clock moves only on times history holds as data (its start, when the decider chose,
  // a message's arrival, a wait's end), never on the time of the workflow task, which can differ
  // between the first run and a replay (docs/changing-workflows.md, "Time in workflow code").
  let clockMs = workflowInfo().startTime.getTime();
  const advance = (at: string | undefined) => { if (at) clockMs = Math.max(clockMs, Date.parse(at)); };
  const clock = (): string => new Date(clockMs).toISOString();
  const refusal = (m: Message) => refusalOf(state, m, rules, pending)
    ?? (ended ? { type: 'NotWaiting' as const, why: `${m.poNumber} takes no more messages: replenishment ${state.poBase} has already ended` } : null);
  /** The one judgement of a message: taken into the inbox, held until the order is placed, or refused. */
  const judgeMessage = (m: Message): Verdict => {
    if (inbox.isDuplicate(m.messageId)) return { status: 'duplicate' };
    const refused = refusal(m);
    if (!refused) {
      inbox.push(m);
      if (m.event === 'cancel') cancelling = true;
      return { status: 'delivered' };
    }
    if (!ended && fitsOnceOrdered(state, m)) {
      inbox.hold(m);
      notes.push(`${m.event} ${m.messageId} held: ${refused.why}; it is read once the order is placed`);
      return { status: 'held' };
    }
    notes.push(`${m.event} ${m.messageId} refused: ${refused.why}`);
    return { status: 'refused', ...refused };
  };
  // The verdict goes back to the agent's Update that forwarded the message (`ref`); the run does not
  // end before every verdict is delivered, so the agent learns it before it learns of the end.
  setHandler(deliverSignal, async (m, ref) => {
    const verdict = judgeMessage(m);
    if (!ref || !parent) return;
    try {
      await getExternalWorkflowHandle(parent.workflowId).signal(verdictSignal, { ref, verdict });
    } catch (err) {
      log.warn('could not answer the agent', { messageId: m.messageId, error: failureMessage(err) });
    }
  });
  /**
   * Held messages that fit now join the inbox; those that never will are noted as refused, as are
   * messages taken for an order since cancelled at its supplier (the next order's waits must not read them).
   */
  const releaseHeld = () => {
    for (const { message, why } of inbox.discard((m) => cancelledOrderRefusal(state, m.poNumber))) notes.push(`${message.event} ${message.messageId} refused: ${why}`);
    const judge = (m: Message) => {
      if (ended) return 'the replenishment ended first';
      const refused = refusal(m);
      return refused === null ? 'take' : fitsOnceOrdered(state, m) ? 'hold' : refused.why;
    };
    for (const { message, why } of inbox.release(judge)) notes.push(`${message.event} ${message.messageId} refused: ${why}`);
  };
  const currentGate = () => gate(workflowId, state, rules, requestApproval.name, pending);
  setHandler(replenishStateQuery, (): ReplenishView => ({
    workflowId, state, phase: phase(state), inbox: inbox.list(), waiting, notes, rules, gate: currentGate(),
  }));

  /**
   * SKU, PO, phase and, once settled, outcome as search attributes, so the Web UI and the API find
   * this run (`PoNumber = "…"`); only changed values are upserted, and the agent starts us with SKU
   * and phase. What the manager is asked goes to the approvals inbox, and the PO as it stands to
   * the open purchase orders, one write after another, so each table holds the latest.
   */
  let shownApproval = 'null';
  let shownOrder = 'null';
  let written: Promise<void> = Promise.resolve();
  const write = (what: string, w: () => Promise<void>) => {
    written = written.then(w).catch((err: unknown) => log.error(`could not write ${what}`, { error: failureMessage(err) }));
  };
  const tag = () => {
    showInSearch([
      { key: SKU, value: state.sku }, { key: PHASE, value: phase(state) },
      ...(state.po ? [{ key: PO_NUMBER, value: state.po.poNumber }] : []),
      ...(ended || isSettled(state) || isFinal(state) ? [{ key: OUTCOME, value: outcome(state).outcome }] : []),
    ]);
    // The record, written last, takes the PO out of the open list: the end writes nothing here.
    if (!ended) {
      const order = openPurchaseOrder({ replenishmentId: workflowId, runId, state, currency: currencyOf(rules), updatedAt: '' });
      if (JSON.stringify(order) !== shownOrder) {
        shownOrder = JSON.stringify(order);
        const entry: OpenOrderEntry = { workflowId, order: order && { ...order, updatedAt: clock() } };
        write('the open purchase order', () => inboxWriter.showOpenOrder(entry));
      }
    }
    const request = ended ? null : currentGate().approval;
    if (JSON.stringify(request) === shownApproval) return;
    shownApproval = JSON.stringify(request);
    const entry: InboxEntry = request && state.po ? { workflowId, sku: state.sku, poNumber: state.po.poNumber, request } : { workflowId, request: null };
    write('the approvals inbox', () => inboxWriter.showInInbox(entry));
  };
  const record = (turn: Turn) => {
    state = appendTurn(state, turn);
    setCurrentDetails(`**${phase(state)}** · turn ${turn.turn}: ${turn.summary}`);
    tag();
  };

  tag();
  for (let turn = 1; turn <= rules.maxTurns && !isFinal(state); turn++) {
    releaseHeld();
    if (inbox.has(['cancel'])) {
      await cancelByManager(inbox.take(['cancel']) as CancelMessage, turn);
      break;
    }
    const at = clock();
    const allowed = allowedTools(state, rules, at);
    const names = allowed.map((t) => t.name);
    if (names.length === 0) {
      state = { ...state, failure: 'no tool is allowed in this state' };
      break;
    }
    let choice: Choice | null;
    try {
      choice = await decideUnlessCancelled(turn, names, waitLimits(allowed, state, rules, at));
    } catch (err) {
      const cause = err instanceof ActivityFailure && err.cause instanceof ApplicationFailure ? err.cause : undefined;
      const usage = (cause?.details?.[0] as { usage?: Usage } | undefined)?.usage;
      const budgetSpent = cause?.type === 'TokenBudgetExceeded';
      state = { ...state, failure: `${budgetSpent ? 'token budget spent; handed to the manager' : 'the decider failed'}: ${failureMessage(err)}` };
      record({ turn, at, allowed: names, tool: 'decide', result: 'error', summary: failureMessage(err), ...(usage ? { usage } : {}) });
      break;
    }
    // A cancellation came while the decider thought: its choice is dropped unread, and the turn
    // is taken again by the cancellation at the top of the loop.
    if (!choice) { turn--; continue; }
    for (const r of choice.rejected ?? []) {
      record({ turn, at, allowed: names, tool: r.tool, result: 'refused', summary: `attempt ${r.attempt}: ${r.why}; nothing was run` });
    }
    if (choice.fallback) await fellBack(turn, at, names, choice.tool, choice.fallback);
    const entry = (result: TurnResult, summary: string): Turn => ({
      turn, at, allowed: names, tool: choice.tool, result, summary,
      ...(choice.reason ? { reason: choice.reason } : {}), ...(choice.usage ? { usage: choice.usage } : {}),
    });
    // The choice is judged at the time it was made, as history records it.
    advance(choice.at);
    const step = judge(state, allowedTools(state, rules, clock()), clock(), choice);
    if (step.kind === 'refused') {
      record(entry('refused', `${step.why}; nothing was run`));
      continue;
    }
    if (step.kind === 'done') {
      state = { ...state, finished: true };
      record(entry('ok', done.name));
      break;
    }
    if (step.kind === 'wait') await runWait(step, turn, entry);
    else await runCall(step, turn, entry);
  }
  if (!isFinal(state)) log.info('replenishment ran out of turns', { turns: rules.maxTurns });
  // From here on every message is refused: the loop that would read it is gone.
  ended = true;
  releaseHeld();
  if (state.failure) await handOver(state.failure);
  const result = outcome(state);
  setCurrentDetails(`**${result.outcome}** · ${result.reason}`);
  tag();
  await written;
  await activities({ ...recordActivity, summary: `record ${result.poNumber ?? state.poBase}` }, 'record').recordPurchase({ state, result, rules });
  await condition(allHandlersFinished);
  return result;

  /** The decider's choice, or null when the manager cancels first (the decide call is then cancelled). */
  async function decideUnlessCancelled(turn: number, names: string[], waits: WaitLimit[]): Promise<Choice | null> {
    const deciding = new CancellationScope();
    const choice = deciding.run(() => activities({ ...decideActivity, summary: `decide turn ${turn}: one of ${names.join(', ')}` }, decideActivityId(turn))
      .decide({ goal, ...forDecider(state), allowed: names, waits, turn, now: now() }));
    const watching = new CancellationScope();
    const cancelled = watching.run(() => condition(() => inbox.has(['cancel'])));
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
  async function cancelByManager(m: CancelMessage, turn: number) {
    advance(m.at);
    const { reason, by } = m.payload;
    const input = { reason: `cancelled by ${by}: ${reason}` };
    const step = { kind: 'call' as const, tool: cancelPurchaseOrder, input, summary: cancelPurchaseOrder.describe(state, input) };
    const settled = afterCall(state, step, await callOutcome(step, turn), rules, clock());
    const unconfirmed = settled.result === 'ok' ? '' : ` (${settled.summary})`;
    state = { ...settled.state, failure: null, cancelled: { reason: `${reason}${unconfirmed}`, by }, finished: true };
    record({ turn, at: clock(), allowed: [cancelPurchaseOrder.name], tool: cancelPurchaseOrder.name, result: settled.result, summary: settled.summary, reason: `${by} cancelled it: ${reason}` });
  }

  /** A person takes over: they learn what stands and what may be on its way. */
  async function handOver(why: string) {
    const po = state.po;
    const where = state.order
      ? `An order was placed with ${po?.supplier} (expected ${state.expectedDelivery ?? 'unknown'}); it is still on its way and nobody is watching it now.`
      : 'Nothing has been ordered.';
    await tellManager('hand_over', `Take over ${po?.poNumber ?? state.poBase} for ${state.sku}`, `The agent stopped choosing: ${why}\nPhase: ${phase(state)}. ${where}`);
  }

  /** The model could not choose and another decider did: the log says so, and the manager hears of it once a run. */
  async function fellBack(turn: number, at: string, names: string[], tool: string, { decider, why }: NonNullable<Choice['fallback']>) {
    const told = state.log.some((t) => t.result === 'fallback');
    record({ turn, at, allowed: names, tool: 'decide', result: 'fallback', summary: `${why}; the ${decider} decider chose ${tool}` });
    if (told) return;
    await tellManager('fallback_notice', `The model stopped deciding ${state.po?.poNumber ?? state.poBase} for ${state.sku}`,
      `The model could not choose turn ${turn}: ${why}\nThe ${decider} decider takes the turns the model cannot; the run goes on. Phase: ${phase(state)}.`);
  }

  async function tellManager(what: string, subject: string, body: string) {
    try {
      const summary = `${what} ${state.po?.poNumber ?? state.poBase} to ${rules.manager}`;
      await activities({ ...toolActivity(rules), summary }, toolActivityId(what, state.log.length)).notifyManager({ state: withoutLog(state), rules, subject, body });
    } catch (err) {
      log.error('could not tell the manager', { what, error: failureMessage(err) });
    }
  }

  async function runWait(step: Extract<Step, { kind: 'wait' }>, turn: number, entry: (r: TurnResult, s: string) => Turn) {
    const { tool, summary } = step;
    const timeoutMs = tool.timeoutMs(state, rules, clock());
    const since = clockMs;
    waiting = { tool: tool.name, events: tool.events, since: clock(), until: new Date(Date.now() + timeoutMs).toISOString() };
    setCurrentDetails(`**${phase(state)}** · turn ${turn}: ${summary} (until ${waiting.until})`);
    await condition(() => inbox.has(tool.events) || inbox.has(['cancel']), timeoutMs, { summary });
    waiting = null;
    // A message present when the wait ends wins over the timer: when both come in one activation,
    // every message is in the inbox before the loop resumes. A first execution shown the timer alone,
    // in an activation of its own, is still open (bench/chaos/findings).
    const message = inbox.take(tool.events);
    // A cancellation ends the wait without an answer; the next turn carries it out.
    if (!message && inbox.has(['cancel'])) return;
    advance(message ? message.at : new Date(since + timeoutMs).toISOString());
    const settled = afterWait(state, step, message, clock());
    state = settled.state;
    record(entry(settled.result, settled.summary));
  }

  async function runCall(step: Extract<Step, { kind: 'call' }>, turn: number, entry: (r: TurnResult, s: string) => Turn) {
    const settled = afterCall(state, step, await callOutcome(step, turn), rules, clock());
    state = settled.state;
    record(entry(settled.result, settled.summary));
  }

  async function callOutcome({ tool, input, summary }: Extract<Step, { kind: 'call' }>, turn: number): Promise<CallOutcome> {
    const activityId = toolActivityId(tool.name, turn);
    const idempotencyKey = tool.key?.(state) ?? `${workflowId}/${activityId}`;
    try {
      const result = await activities({ ...toolActivity(rules), summary }, activityId)
        .runTool({ tool: tool.name, input, state: withoutLog(state), rules, idempotencyKey });
      return { kind: 'ok', result };
    } catch (err) {
      return { kind: isBusinessRefusal(err) ? 'refused' : 'unanswered', why: failureMessage(err) };
    }
  }
}
