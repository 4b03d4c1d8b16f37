import {
  ActivityFailure, ApplicationFailure, condition, getExternalWorkflowHandle, log, patched, proxyActivities,
  setCurrentDetails, setHandler, workflowInfo, type ActivityOptions,
} from '@temporalio/workflow';
import type { Activities, Choice } from '../activities/contract.js';
import { GOAL } from '../domain/goal.js';
import { outcome } from '../domain/outcome.js';
import { gate, phase } from '../domain/phase.js';
import type { Rules } from '../domain/rules.js';
import { accepts, appendTurn, isFinal, isSettled, initialState, type ReplenishState } from '../domain/state.js';
import type { ReplenishmentResult, StockLevel, Turn, TurnResult, Usage } from '../domain/types.js';
import { allowedTools } from '../tools/index.js';
import type { AnyCallTool, AnyWaitTool } from '../tools/tool.js';
import { Inbox } from './inbox.js';
import { deliverSignal, progressSignal, replenishStateQuery, type ReplenishView } from './messages.js';
import { decideActivity, toolActivity } from './options.js';
import { OUTCOME, PHASE, PO_NUMBER, SKU, showInSearch } from './search-attributes.js';

export interface ReplenishInput {
  stock: StockLevel;
  replenishment: number;
  rules: Rules;
  goal?: string;
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

/**
 * One replenishment: the agentic loop. Each turn the code decides what is allowed, the decider
 * picks one allowed tool, and the tool runs as an activity or waits for a message. Only a tool's
 * `apply` changes the business state; the loop itself only records the turn.
 */
export async function Replenish(input: ReplenishInput): Promise<ReplenishmentResult> {
  // Each change to the loop's logic is patched, so replenishments started by older code replay (docs/changing-workflows.md).
  const rules: Rules = { ...input.rules, checkBeforeOrder: patched('check-before-order') };
  const searchable = patched('search-attributes');
  const goal = input.goal ?? GOAL;
  const { workflowId, parent } = workflowInfo();
  let state: ReplenishState = initialState(input.stock, input.replenishment);
  const inbox = new Inbox();
  const notes: string[] = [];
  let waiting: ReplenishView['waiting'] = null;

  const currentGate = () => {
    const g = gate(workflowId, state);
    // A decision already in the inbox closes the door to a second one.
    return inbox.has(['approval']) ? { ...g, open: g.open.filter((e) => e !== 'approval') } : g;
  };
  // Every patch is asked for here, at the run's first step. A patch asked for inside a handler
  // records its marker wherever the handler happens to run, which on replay after a crash can fall
  // between the loop's commands in another order (the chaos soak caught exactly that).
  const reportFromLoopOnly = patched('report-from-loop-only');
  // Waiting for each report's acknowledgement cost every turn (and every wake) a round trip to the
  // entity before the next activity could be scheduled. New runs send reports without waiting,
  // always from the loop (never from a promise's continuation, whose place among the loop's commands
  // could differ on replay), numbered so the entity drops one overtaken by a newer; the run waits
  // for all of them only before it ends.
  const unawaited = patched('report-unawaited');
  // The workflow's own clock (Date.now()) is the time of the workflow task, and a task that sat in
  // a dead worker's queue can carry one time when it first runs and another on replay: a quote that
  // was valid when the turn ran had expired when it was replayed, and the run could not go on (the
  // chaos soak caught it). New runs read time only from what history records: the run's start, the
  // moment the decider chose, a message's arrival, a wait's end. The clock only moves forward. The
  // same patch makes a wait's outcome independent of the order of one task's events (runWait).
  const recordedClock = patched('recorded-clock');
  let clockMs = workflowInfo().startTime.getTime();
  const advance = (at: string | undefined) => { if (at) clockMs = Math.max(clockMs, Date.parse(at)); };
  const clock = (): string => (recordedClock ? new Date(clockMs).toISOString() : now());
  const sent: Promise<void>[] = [];
  let reportSeq = 0;
  const sendReport = async (seq?: number) => {
    if (!parent) return;
    try {
      await getExternalWorkflowHandle(parent.workflowId).signal(progressSignal, seq === undefined ? currentGate() : { ...currentGate(), seq });
    } catch (err) {
      log.warn('could not report progress to the agent', { error: failureMessage(err) });
    }
  };
  const report = async (): Promise<void> => {
    if (!unawaited) return sendReport();
    sent.push(sendReport(++reportSeq));
  };

  setHandler(deliverSignal, (m) => {
    if (inbox.isDuplicate(m.messageId)) return;
    const verdict = accepts(state, m);
    if (!verdict.ok || (m.event === 'approval' && inbox.has(['approval']))) {
      notes.push(`${m.event} ${m.messageId} refused: ${verdict.ok ? 'a decision is already waiting to be read' : verdict.why}`);
      return;
    }
    inbox.push(m);
    // A command issued from a handler can land between the loop's own commands differently on
    // replay after a crash (the chaos run caught it); the entity closes its gate itself, so new
    // runs report from the loop only.
    if (!reportFromLoopOnly) void report();
  });
  setHandler(replenishStateQuery, (): ReplenishView => ({ workflowId, state, phase: phase(state), inbox: inbox.list(), waiting, notes }));

  /**
   * SKU, PO, phase and, once settled, outcome as search attributes, so the Web UI and the API find
   * this run (`PoNumber = "…"`). Only changed values are upserted; the agent starts us with SKU and phase.
   */
  const tag = (ended = false) => {
    if (!searchable) return;
    showInSearch([
      { key: SKU, value: state.sku }, { key: PHASE, value: phase(state) },
      ...(state.po ? [{ key: PO_NUMBER, value: state.po.poNumber }] : []),
      ...(ended || isSettled(state) || isFinal(state) ? [{ key: OUTCOME, value: outcome(state).outcome }] : []),
    ]);
  };
  const record = (turn: Turn) => {
    state = appendTurn(state, turn);
    setCurrentDetails(`**${phase(state)}** · turn ${turn.turn}: ${turn.summary}`);
    tag();
  };

  tag();
  await report();
  for (let turn = 1; turn <= rules.maxTurns && !isFinal(state); turn++) {
    const at = clock();
    const allowed = allowedTools(state, rules, at);
    const names = allowed.map((t) => t.name);
    if (names.length === 0) {
      state = { ...state, failure: 'no tool is allowed in this state' };
      break;
    }
    let choice: Choice;
    try {
      choice = await activities({ ...decideActivity, summary: `decide turn ${turn}: one of ${names.join(', ')}` }, `decide-${turn}`)
        .decide({ goal, state, allowed: names, turn, now: recordedClock ? now() : at });
    } catch (err) {
      const cause = err instanceof ActivityFailure && err.cause instanceof ApplicationFailure ? err.cause : undefined;
      const usage = (cause?.details?.[0] as { usage?: Usage } | undefined)?.usage;
      const budgetSpent = cause?.type === 'TokenBudgetExceeded';
      state = { ...state, failure: `${budgetSpent ? 'token budget spent; handed to the manager' : 'the decider failed'}: ${failureMessage(err)}` };
      record({ turn, at, allowed: names, tool: 'decide', result: 'error', summary: failureMessage(err), ...(usage ? { usage } : {}) });
      if (patched('hand-over-on-decider-failure')) await handOver(failureMessage(err));
      break;
    }
    for (const r of choice.rejected ?? []) {
      record({ turn, at, allowed: names, tool: r.tool, result: 'refused', summary: `attempt ${r.attempt}: ${r.why}; nothing was run` });
    }
    const entry = (result: TurnResult, summary: string): Turn => ({
      turn, at, allowed: names, tool: choice.tool, result, summary,
      ...(choice.reason ? { reason: choice.reason } : {}), ...(choice.usage ? { usage: choice.usage } : {}),
    });
    // The choice is judged at the time it was made, as history records it.
    if (recordedClock) advance(choice.at);
    const judged = recordedClock ? allowedTools(state, rules, clock()) : allowed;
    const tool = judged.find((t) => t.name === choice.tool);
    if (!tool) {
      record(entry('refused', `${choice.tool} is not allowed now; nothing was run`));
      continue;
    }
    const parsed = tool.input.safeParse(choice.input ?? {});
    if (!parsed.success) {
      record(entry('refused', `invalid input for ${tool.name}: ${parsed.error.issues.map((i) => i.message).join('; ')}`));
      continue;
    }
    if (tool.kind === 'done') {
      state = { ...state, finished: true };
      record(entry('ok', 'done'));
      break;
    }
    if (tool.kind === 'wait') await runWait(tool, turn, entry);
    else await runCall(tool, parsed.data, turn, entry);
    await report();
  }
  if (!isFinal(state)) log.info('replenishment ran out of turns', { turns: rules.maxTurns });
  const result = outcome(state);
  setCurrentDetails(`**${result.outcome}** · ${result.reason}`);
  tag(true);
  await report();
  await Promise.all(sent);
  return result;

  /** A person takes over: they learn what stands and what may be on its way. */
  async function handOver(why: string) {
    const po = state.po;
    const where = state.order
      ? `An order was placed with ${po?.supplier} (expected ${state.expectedDelivery ?? 'unknown'}); it is still on its way and nobody is watching it now.`
      : 'Nothing has been ordered.';
    try {
      const summary = `hand_over ${po?.poNumber ?? state.poBase} to ${rules.manager}`;
      await activities({ ...toolActivity(rules), summary }, `hand_over-${state.log.length}`).notifyManager({
        state, rules, subject: `Take over ${po?.poNumber ?? state.poBase} for ${state.sku}`,
        body: `The agent stopped choosing: ${why}\nPhase: ${phase(state)}. ${where}`,
      });
    } catch (err) {
      log.error('could not hand the purchase order to the manager', { error: failureMessage(err) });
    }
  }

  async function runWait(tool: AnyWaitTool, turn: number, entry: (r: TurnResult, s: string) => Turn) {
    const summary = tool.describe(state);
    const timeout = tool.timeoutMs(state, rules, clock());
    const since = clockMs;
    waiting = { tool: tool.name, events: tool.events, since: clock(), until: new Date(Date.now() + timeout).toISOString() };
    setCurrentDetails(`**${phase(state)}** · turn ${turn}: ${summary} (until ${waiting.until})`);
    const arrived = await condition(() => inbox.has(tool.events), timeout, { summary });
    waiting = null;
    // A message and the wait's timer can land in the same workflow task (after a crash, say), and
    // which of the two settles the race first depends on the order the task's events are handled.
    // When they come in one activation, every message is in the inbox before the loop resumes, so
    // new runs let the inbox decide. A first execution shown the timer alone is still open
    // (bench/chaos/findings).
    const message = (recordedClock ? inbox.has(tool.events) : arrived) ? inbox.take(tool.events) : null;
    if (recordedClock) advance(message ? message.at : new Date(since + timeout).toISOString());
    state = tool.apply(state, message, clock());
    record(entry(message ? 'message' : 'timeout', message ? `${summary}: ${message.event} ${message.messageId}` : `${summary}: timed out`));
  }

  async function runCall(tool: AnyCallTool, input: unknown, turn: number, entry: (r: TurnResult, s: string) => Turn) {
    const refusal = tool.refuse?.(state, input, clock());
    if (refusal) {
      record(entry('refused', refusal));
      return;
    }
    const summary = tool.describe(state, input);
    const idempotencyKey = tool.key?.(state) ?? `${workflowId}/${tool.name}-${turn}`;
    try {
      const result = await activities({ ...toolActivity(rules), summary }, `${tool.name}-${turn}`)
        .runTool({ tool: tool.name, input, state, rules, idempotencyKey });
      state = tool.apply(state, input, result, clock());
      record(entry('ok', summary));
    } catch (err) {
      const why = failureMessage(err);
      const refused = isBusinessRefusal(err);
      if (!refused && tool.applyUnanswered) state = tool.applyUnanswered(state, input, clock());
      record(entry('error', `${summary} ${refused ? 'was refused' : 'got no answer after every retry'}: ${why}`));
    }
  }
}
