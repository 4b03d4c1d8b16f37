import {
  ActivityFailure, ApplicationFailure, condition, getExternalWorkflowHandle, log, proxyActivities,
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
  const { rules } = input;
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
  // The run's clock moves only on times history holds as data (its start, when the decider chose,
  // a message's arrival, a wait's end), never on the time of the workflow task, which can differ
  // between the first run and a replay (docs/changing-workflows.md, "Time in workflow code").
  let clockMs = workflowInfo().startTime.getTime();
  const advance = (at: string | undefined) => { if (at) clockMs = Math.max(clockMs, Date.parse(at)); };
  const clock = (): string => new Date(clockMs).toISOString();
  // Reports go out without waiting for their acknowledgement, only from the loop (a command issued
  // from a handler or a promise's continuation can take another place among the loop's commands on
  // replay), and numbered so the agent drops one overtaken by a newer. The run awaits them all before it ends.
  const sent: Promise<void>[] = [];
  let reportSeq = 0;
  const report = () => {
    if (!parent) return;
    const seq = ++reportSeq;
    sent.push(getExternalWorkflowHandle(parent.workflowId).signal(progressSignal, { ...currentGate(), seq })
      .catch((err: unknown) => log.warn('could not report progress to the agent', { error: failureMessage(err) })));
  };

  setHandler(deliverSignal, (m) => {
    if (inbox.isDuplicate(m.messageId)) return;
    const verdict = accepts(state, m);
    if (!verdict.ok || (m.event === 'approval' && inbox.has(['approval']))) {
      notes.push(`${m.event} ${m.messageId} refused: ${verdict.ok ? 'a decision is already waiting to be read' : verdict.why}`);
      return;
    }
    inbox.push(m);
  });
  setHandler(replenishStateQuery, (): ReplenishView => ({ workflowId, state, phase: phase(state), inbox: inbox.list(), waiting, notes }));

  /**
   * SKU, PO, phase and, once settled, outcome as search attributes, so the Web UI and the API find
   * this run (`PoNumber = "…"`). Only changed values are upserted; the agent starts us with SKU and phase.
   */
  const tag = (ended = false) => {
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
  report();
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
        .decide({ goal, state, allowed: names, turn, now: now() });
    } catch (err) {
      const cause = err instanceof ActivityFailure && err.cause instanceof ApplicationFailure ? err.cause : undefined;
      const usage = (cause?.details?.[0] as { usage?: Usage } | undefined)?.usage;
      const budgetSpent = cause?.type === 'TokenBudgetExceeded';
      state = { ...state, failure: `${budgetSpent ? 'token budget spent; handed to the manager' : 'the decider failed'}: ${failureMessage(err)}` };
      record({ turn, at, allowed: names, tool: 'decide', result: 'error', summary: failureMessage(err), ...(usage ? { usage } : {}) });
      await handOver(failureMessage(err));
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
    advance(choice.at);
    const tool = allowedTools(state, rules, clock()).find((t) => t.name === choice.tool);
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
    report();
  }
  if (!isFinal(state)) log.info('replenishment ran out of turns', { turns: rules.maxTurns });
  const result = outcome(state);
  setCurrentDetails(`**${result.outcome}** · ${result.reason}`);
  tag(true);
  report();
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
    await condition(() => inbox.has(tool.events), timeout, { summary });
    waiting = null;
    // A message present when the wait ends wins over the timer: when both come in one activation,
    // every message is in the inbox before the loop resumes. A first execution shown the timer alone,
    // in an activation of its own, is still open (bench/chaos/findings).
    const message = inbox.has(tool.events) ? inbox.take(tool.events) : null;
    advance(message ? message.at : new Date(since + timeout).toISOString());
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
