import type { Choice, DecideRequest } from '../../src/activities/contract.js';
import { choosePolicy } from '../../src/tools/policy.js';
import { patternReader } from '../../src/activities/reply-reader.js';
import { forDecider } from '../../src/domain/activity-input.js';
import { GOAL } from '../../src/domain/goal.js';
import { currencyOf, type Rules } from '../../src/domain/rules.js';
import { refusalOf } from '../../src/domain/phase.js';
import { appendTurn, isFinal, type Message, type ReplenishState } from '../../src/domain/state.js';
import type { Quote, ReplyFields } from '../../src/domain/types.js';
import { draftFor } from '../../src/tools/draft-purchase-order.js';
import { replyContext } from '../../src/tools/read-supplier-reply.js';
import { allowedTools, waitLimits } from '../../src/tools/index.js';
import type { AnyWaitTool } from '../../src/tools/tool.js';
import { afterCall, afterWait, judge, type CallOutcome, type Settled } from '../../src/tools/turn.js';
import { ackFor, approvalMessage, receiptMessage, supplierMessage, T0 } from './states.js';

/**
 * Drives a replenishment through the real turn (src/tools/turn.ts) with the policy decider and a
 * scripted outside world instead of activities and timers; every rule is the production code's.
 * Unlike the workflow's inbox, a message the current wait does not take is dropped, not kept
 * for a later wait; the step records it with the reason.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export interface Script {
  /** What the suppliers quote when asked. */
  quotes(s: ReplenishState, now: string): Quote[];
  /** The message someone sends while the agent waits, or null when nobody does. */
  arrives(s: ReplenishState, wait: AnyWaitTool, now: string): Message | null;
  /** How the world fails a call instead of answering it (a refusal, no answer), or null when it answers. */
  refuses?(s: ReplenishState, tool: string, turn: number): Exclude<CallOutcome, { kind: 'ok' }> | null;
  /** What the re-read before ordering finds, when the world moved while the manager decided. */
  check?(s: ReplenishState): { stock?: ReplenishState['stock']; unitPrice?: number };
}

export interface Step {
  turn: number;
  now: string;
  allowed: string[];
  choice: Choice;
  before: ReplenishState;
  after: ReplenishState;
  /** A message someone sent during a wait that the replenishment did not take, with why. */
  refused?: { message: Message; why: string };
}

export interface Walk {
  state: ReplenishState;
  tools: string[];
  steps: Step[];
}

const later = (now: string, ms: number): string => new Date(Date.parse(now) + ms).toISOString();

/** How the scripted world answers each tool that calls out: the walk's answers, and the mocked activities' (test/support/workflow-env.ts). */
export const worldAnswers: Record<string, (s: ReplenishState, input: any, script: Script, rules: Rules, now: string) => unknown> = {
  get_quotes: (s, _input, script, _rules, now) => script.quotes(s, now),
  draft_purchase_order: (s, input: { quoteId: string }) => draftFor(s, input.quoteId),
  request_approval: (_s, _input, _script, rules) => ({ sentTo: rules.manager }),
  check_before_order: (s, _input, script) =>
    ({ stock: s.stock, unitPrice: s.po!.unitPrice, validUntil: s.quotes!.find((q) => q.quoteId === s.po!.quoteId)!.validUntil, ...script.check?.(s) }),
  place_order: (s, _input, _script, _rules, now) => ackFor(s, now),
  read_supplier_reply: (s, _input, _script, rules) =>
    patternReader.read(s.unreadReply!.text, s.unreadReply!.fields ?? {}, replyContext(s, currencyOf(rules))),
  chase_supplier: () => ({ chased: true }),
  ask_supplier_to_clarify: () => ({ asked: true }),
  ask_manager_about_reply: (_s, _input, _script, rules) => ({ sentTo: rules.manager }),
  ask_supplier_to_honour_price: () => ({ asked: true }),
  ask_manager_about_price: (_s, _input, _script, rules) => ({ sentTo: rules.manager }),
  // The lost order was never taken: placing it again with the same PO number is safe.
  find_order: () => null,
  escalate_to_manager: (_s, _input, _script, rules) => ({ sentTo: rules.manager }),
  close_purchase_order: (s) => ({ ...s.stock, onHand: s.stock.onHand + s.received }),
  cancel_purchase_order: (s) => ({ cancelledAtSupplier: s.order !== null }),
  reorder_elsewhere: () => ({ cancelledAtSupplier: true }),
};

/**
 * Another decider than the policy: it is given what the decide activity is given, and a choice the
 * rules refuse is recorded (as the workflow does) instead of failing the walk.
 */
export type Decide = (req: DecideRequest) => Promise<Choice>;

export async function walk(
  start: ReplenishState, rules: Rules, script: Script,
  { maxTurns = rules.maxTurns, from = T0, onStep, decide }: { maxTurns?: number; from?: string; onStep?: (step: Step) => void; decide?: Decide } = {},
): Promise<Walk> {
  let state = start;
  let now = from;
  const steps: Step[] = [];
  for (let turn = 1; turn <= maxTurns && !isFinal(state); turn++) {
    const allowed = allowedTools(state, rules, now);
    const names = allowed.map((t) => t.name);
    const choice = decide
      ? await decide({ goal: GOAL, ...forDecider(state), allowed: names, waits: waitLimits(allowed, state, rules, now), turn, now })
      : choosePolicy({ state, allowed: names, now });
    const judged = judge(state, allowed, now, choice);
    const step: Step = { turn, now, allowed: names, choice, before: state, after: state };
    if (judged.kind === 'refused') {
      if (!decide) throw new Error(`turn ${turn}: the policy's choice was refused: ${judged.why}`);
      step.after = appendTurn(state, { turn, at: now, allowed: names, tool: choice.tool, result: 'refused', summary: judged.why });
      steps.push(step);
      state = step.after;
      continue;
    }
    let settled: Settled;
    if (judged.kind === 'done') {
      settled = { state: { ...state, finished: true }, result: 'ok', summary: 'done' };
    } else if (judged.kind === 'wait') {
      const offered = script.arrives(state, judged.tool, now);
      const why = offered ? refusalOf(state, offered, rules, () => false)?.why ?? null : null;
      const fits = offered !== null && why === null && (judged.tool.events as string[]).includes(offered.event);
      if (offered && !fits) step.refused = { message: offered, why: why ?? `${judged.tool.name} does not take ${offered.event}` };
      const timeoutMs = judged.tool.timeoutMs(state, rules, now);
      now = later(now, fits ? Math.min(timeoutMs, HOUR_MS) : timeoutMs);
      settled = afterWait(state, judged, fits ? offered : null, now);
    } else {
      const refusal = script.refuses?.(state, judged.tool.name, turn) ?? null;
      const answer = worldAnswers[judged.tool.name];
      if (!refusal && !answer) throw new Error(`the walk does not know how the world answers ${judged.tool.name}`);
      const outcome: CallOutcome = refusal ?? { kind: 'ok', result: await answer!(state, judged.input, script, rules, now) };
      now = later(now, MINUTE_MS);
      settled = afterCall(state, judged, outcome, rules, now);
    }
    step.after = appendTurn(settled.state, { turn, at: step.now, allowed: names, tool: choice.tool, result: settled.result, summary: settled.summary });
    steps.push(step);
    onStep?.(step);
    state = step.after;
  }
  return { state, tools: steps.map((s) => s.choice.tool), steps };
}

/**
 * A world that quotes the same offers whenever asked, each valid as long after the asking as the
 * given ones are after T0 (a re-quote weeks later is a fresh quote), and sends, wait after wait,
 * the given messages, then nothing.
 */
export function scripted(quotes: Quote[], ...arrivals: Arrival[]): Script {
  const queue = [...arrivals];
  return {
    quotes: (_s, now) => quotes.map((q) => ({ ...q, validUntil: later(q.validUntil, Date.parse(now) - Date.parse(T0)) })),
    arrives: (s) => queue.shift()?.(s) ?? null,
  };
}

type Arrival = (s: ReplenishState) => Message | null;

/** What people send while the agent waits, addressed to the PO it is working on. */
export const approve = (maxUnitPrice?: number): Arrival => (s) => approvalMessage(s, maxUnitPrice === undefined ? {} : { maxUnitPrice });
export const reject = (reason: string): Arrival => (s) => approvalMessage(s, { approved: false, reason });
export const reply = (text: string, fields?: Partial<ReplyFields>): Arrival => (s) => supplierMessage(s, text, fields);
export const receive = (quantity: number): Arrival => (s) => receiptMessage(s, quantity);
export const silence: Arrival = () => null;
