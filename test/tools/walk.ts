import type { Choice } from '../../src/activities/contract.js';
import { choosePolicy } from '../../src/activities/deciders/policy.js';
import { patternReader } from '../../src/activities/reply-reader.js';
import { GOAL } from '../../src/domain/goal.js';
import { currencyOf, type Rules } from '../../src/domain/rules.js';
import { accepts, appendTurn, isFinal, type Message, type ReplenishState } from '../../src/domain/state.js';
import type { Quote, ReplyFields } from '../../src/domain/types.js';
import { draftFor } from '../../src/tools/draft-purchase-order.js';
import { allowedTools } from '../../src/tools/index.js';
import type { AnyWaitTool } from '../../src/tools/tool.js';
import { ackFor, approvalMessage, receiptMessage, supplierMessage, T0 } from '../support/states.js';

/**
 * The replenishment loop of src/workflows/replenish.ts over pure state: the rules say what is
 * allowed, the policy decider picks, and a scripted outside world answers calls and waits.
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

const results: Record<string, (s: ReplenishState, input: any, script: Script, rules: Rules, now: string) => unknown> = {
  get_quotes: (s, _input, script, _rules, now) => script.quotes(s, now),
  draft_purchase_order: (s, input: { quoteId: string }) => draftFor(s, input.quoteId),
  request_approval: (_s, _input, _script, rules) => ({ sentTo: rules.manager }),
  check_before_order: (s) => ({ stock: s.stock, unitPrice: s.po!.unitPrice, validUntil: s.quotes!.find((q) => q.quoteId === s.po!.quoteId)!.validUntil }),
  place_order: (s, _input, _script, _rules, now) => ackFor(s, now),
  read_supplier_reply: (s, _input, _script, rules) =>
    patternReader.read(s.unreadReply!.text, s.unreadReply!.fields ?? {}, { unitPrice: s.po!.unitPrice, currency: currencyOf(rules) }),
  chase_supplier: () => ({ chased: true }),
  close_purchase_order: (s) => ({ ...s.stock, onHand: s.stock.onHand + s.received }),
  cancel_purchase_order: (s) => ({ cancelledAtSupplier: s.order !== null }),
};

export async function walk(
  start: ReplenishState, rules: Rules, script: Script,
  { maxTurns = rules.maxTurns, from = T0, onStep }: { maxTurns?: number; from?: string; onStep?: (step: Step) => void } = {},
): Promise<Walk> {
  let state = start;
  let now = from;
  const steps: Step[] = [];
  for (let turn = 1; turn <= maxTurns && !isFinal(state); turn++) {
    const allowed = allowedTools(state, rules, now);
    const names = allowed.map((t) => t.name);
    const choice = choosePolicy({ goal: GOAL, state, allowed: names, turn, now });
    const tool = allowed.find((t) => t.name === choice.tool);
    if (!tool) throw new Error(`turn ${turn}: the policy picked ${choice.tool}, not among ${names.join(', ')}`);
    const input = tool.input.parse(choice.input ?? {});
    const step: Step = { turn, now, allowed: names, choice, before: state, after: state };
    let next: ReplenishState;
    if (tool.kind === 'done') {
      next = { ...state, finished: true };
    } else if (tool.kind === 'wait') {
      const offered = script.arrives(state, tool, now);
      const verdict = offered ? accepts(state, offered) : null;
      const fits = offered !== null && verdict?.ok === true && tool.events.includes(offered.event);
      if (offered && !fits) {
        step.refused = { message: offered, why: verdict && !verdict.ok ? verdict.why : `${tool.name} does not take ${offered.event}` };
      }
      const timeout = tool.timeoutMs(state, rules, now);
      now = later(now, fits ? Math.min(timeout, HOUR_MS) : timeout);
      next = tool.apply(state, fits ? offered : null, now);
    } else {
      const refusal = tool.refuse?.(state, input, now);
      if (refusal) throw new Error(`turn ${turn}: the policy's input for ${tool.name} was refused: ${refusal}`);
      const answer = results[tool.name];
      if (!answer) throw new Error(`the walk does not know how the world answers ${tool.name}`);
      const result = await answer(state, input, script, rules, now);
      now = later(now, MINUTE_MS);
      next = tool.apply(state, input, result, now);
    }
    step.after = appendTurn(next, { turn, at: step.now, allowed: names, tool: tool.name, result: 'ok', summary: tool.name });
    steps.push(step);
    onStep?.(step);
    state = step.after;
  }
  return { state, tools: steps.map((s) => s.choice.tool), steps };
}

/** A world that quotes the same offers and sends, wait after wait, the given messages, then nothing. */
export function scripted(quotes: Quote[], ...arrivals: Arrival[]): Script {
  const queue = [...arrivals];
  return {
    quotes: () => quotes,
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
