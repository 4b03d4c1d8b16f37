import type { Rules } from '../domain/rules.js';
import type { Message, ReplenishState } from '../domain/state.js';
import type { TurnResult } from '../domain/types.js';
import { toolByName } from './index.js';
import type { AnyCallTool, AnyWaitTool, Tool } from './tool.js';

/**
 * One turn of a replenishment, without its I/O: `judge` says what a choice may run, `afterCall`
 * and `afterWait` what its outcome does to the state. `Replenish` runs the activities and waits
 * in between; the Claude decider's check and the property tests call the same functions, so there
 * is one loop to test.
 */

export interface Chosen { tool: string; input?: unknown }

export type Step =
  | { kind: 'refused'; tool: string; why: string }
  | { kind: 'done' }
  | { kind: 'call'; tool: AnyCallTool; input: unknown; summary: string }
  | { kind: 'wait'; tool: AnyWaitTool; summary: string };

/** What a choice may run among the tools allowed now, with its input parsed; or why nothing runs. */
export function judge(state: ReplenishState, allowed: readonly Tool[], now: string, choice: Chosen): Step {
  const tool = allowed.find((t) => t.name === choice.tool);
  if (!tool) {
    const why = toolByName(choice.tool) ? `${choice.tool} is not allowed now` : `${choice.tool} is not a tool`;
    return { kind: 'refused', tool: choice.tool, why };
  }
  const parsed = tool.input.safeParse(choice.input ?? {});
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('; ');
    return { kind: 'refused', tool: tool.name, why: `invalid input for ${tool.name}: ${issues}` };
  }
  if (tool.kind === 'done') return { kind: 'done' };
  if (tool.kind === 'wait') return { kind: 'wait', tool, summary: tool.describe(state) };
  const refusal = tool.refuse?.(state, parsed.data, now);
  if (refusal) return { kind: 'refused', tool: tool.name, why: `${tool.name} cannot be used with this input: ${refusal}` };
  return { kind: 'call', tool, input: parsed.data, summary: tool.describe(state, parsed.data) };
}

/** How a call ended: its result, a refusal no retry changes, or no answer after every retry. */
export type CallOutcome =
  | { kind: 'ok'; result: unknown }
  | { kind: 'refused'; why: string }
  | { kind: 'unanswered'; why: string };

export interface Settled { state: ReplenishState; result: TurnResult; summary: string }

/**
 * A refusal never leaves the state as it was, or the decider would pick the same call again: a
 * tool that knows a way forward says so in `applyRefused`; any other refusal ends the run and the
 * PO goes to a person. A tool whose calls get no answer `maxFailedCalls` times since its last
 * answer ends it too, whatever else answered in between.
 */
export function afterCall(state: ReplenishState, step: Extract<Step, { kind: 'call' }>, outcome: CallOutcome, rules: Rules, now: string): Settled {
  const { tool, input, summary } = step;
  switch (outcome.kind) {
    case 'ok':
      return { state: { ...tool.apply(state, input, outcome.result, now), unanswered: { ...state.unanswered, [tool.name]: 0 } }, result: 'ok', summary };
    case 'refused': {
      const next = tool.applyRefused?.(state, input, outcome.why, now)
        ?? { ...state, failure: `${tool.name} was refused and the agent has no other way forward: ${outcome.why}` };
      return { state: next, result: 'error', summary: `${summary} was refused: ${outcome.why}` };
    }
    case 'unanswered': {
      const times = (state.unanswered[tool.name] ?? 0) + 1;
      const learned = { ...(tool.applyUnanswered?.(state, input, now) ?? state), unanswered: { ...state.unanswered, [tool.name]: times } };
      const next = times >= rules.maxFailedCalls
        ? { ...learned, failure: `${tool.name} got no answer ${times} times in a row: ${outcome.why}` }
        : learned;
      return { state: next, result: 'error', summary: `${summary} got no answer after every retry: ${outcome.why}` };
    }
  }
}

/** A wait ends with the message that came for it, or with `null` at its deadline. */
export function afterWait(state: ReplenishState, step: Extract<Step, { kind: 'wait' }>, message: Message | null, now: string): Settled {
  // The inbox hands a wait only the events it listed, so the message fits the tool's type.
  const next = step.tool.apply(state, message as never, now);
  return {
    state: next,
    result: message ? 'message' : 'timeout',
    summary: message ? `${step.summary}: ${message.event} ${message.messageId}` : `${step.summary}: timed out`,
  };
}
