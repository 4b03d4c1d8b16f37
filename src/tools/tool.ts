import { z } from 'zod';
import type { AgreementDesk } from '../domain/agreement.js';
import type { PolicyVerdict } from '../domain/approval-policy.js';
import type { Rules } from '../domain/rules.js';
import type { EventName, Message, ReplenishState } from '../domain/state.js';
import type { ReplyReader, World } from '../domain/world.js';
import type { SupplierLine } from '../domain/supplier-order.js';
import type { OrderAck } from '../domain/types.js';

/** Where lines of gathering suppliers are handed to their supplier's desk (src/activities/supplier-desks.ts). */
export interface SupplierDesks {
  /** Signal-with-start: the desk is started if it is not running, and takes the line (once per line PO number). */
  join(line: SupplierLine, rules: Rules): Promise<{ deskId: string }>;
  /** The line's run is cancelled: the desk leaves it out; `placed` is the supplier's acknowledgement when it was ordered already. */
  withdraw(supplier: string, poNumber: string, reason: string): Promise<{ placed: OrderAck | null }>;
  /** The goods of the lines gathering at the supplier's desk now: 0 when none are, or no desk runs. */
  gathered(supplier: string): Promise<number>;
}

/** What a tool's `execute` may touch; it exists only inside the tool activity. */
export interface ToolContext {
  world: World;
  reader: ReplyReader;
  rules: Rules;
  /** Stable across retries and replays of one turn: the key the outside world deduplicates on. */
  idempotencyKey: string;
  /** Consults the deployment's approval policy, reserving the budget when it approves; absent, nothing is approved by rule. */
  approvalPolicy?: (state: ReplenishState, rules: Rules) => Promise<PolicyVerdict | null>;
  /** The blanket agreements in the service's database; absent, none covers anything. */
  agreements?: AgreementDesk;
  /** The suppliers' desks; absent, a line cannot join one (the call fails and is retried, then handed over). */
  desks?: SupplierDesks;
}

interface ToolBase<I, N extends string> {
  name: N;
  /** What the model reads when choosing. */
  description: string;
  input: z.ZodType<I>;
  /** The business rule: whether the tool may be used in this state. Pure. */
  allowed(state: ReplenishState, rules: Rules, now: string): boolean;
}

export interface CallTool<I = unknown, R = unknown, N extends string = string> extends ToolBase<I, N> {
  kind: 'call';
  execute(input: I, state: ReplenishState, ctx: ToolContext): Promise<R>;
  /** Why this input cannot be used in this state (an unknown quote, say); null when it can. */
  refuse?(state: ReplenishState, input: I, now: string): string | null;
  apply(state: ReplenishState, input: I, result: R, now: string): ReplenishState;
  /** One line for the decision log and the Web UI. */
  describe(state: ReplenishState, input: I): string;
  /** The key the outside world deduplicates this call on; by default unique to the turn. */
  key?(state: ReplenishState): string;
  /**
   * What the state learns when the world refused the call (a business refusal no retry changes):
   * a way forward, never the same state, or the decider would make the same call again.
   * Without it, a refusal ends the run and the PO goes to a person.
   */
  applyRefused?(state: ReplenishState, input: I, why: string, now: string): ReplenishState;
  /**
   * What the state learns when the call failed for good without an answer (retries exhausted):
   * for a call that may have taken effect, that its outcome is unknown.
   */
  applyUnanswered?(state: ReplenishState, input: I, now: string): ReplenishState;
  /** Allowed even while an order's outcome is unknown: it helps find out. */
  resolvesUnknownOrder?: boolean;
}

export type MessageOf<E extends EventName> = Extract<Message, { event: E }>;

export interface WaitTool<E extends EventName = EventName, N extends string = string> extends ToolBase<Record<string, never>, N> {
  kind: 'wait';
  /** The messages that end the wait, in the order the inbox received them. */
  events: E[];
  timeoutMs(state: ReplenishState, rules: Rules, now: string): number;
  /** `null` means the wait timed out. */
  apply(state: ReplenishState, message: MessageOf<E> | null, now: string): ReplenishState;
  describe(state: ReplenishState): string;
}

export interface DoneTool<N extends string = string> extends ToolBase<Record<string, never>, N> {
  kind: 'done';
}

// `any` here lets one list hold tools of different input and result types; each tool file is
// still checked against its own types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyCallTool = CallTool<any, any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyWaitTool = WaitTool<any>;
export type Tool = AnyCallTool | AnyWaitTool | DoneTool;

export const noInput = z.object({}).strict() as unknown as z.ZodType<Record<string, never>>;

// `N` keeps each tool's name as its literal type, from which `ToolName` is derived.
export function callTool<I, R, N extends string>(t: Omit<CallTool<I, R, N>, 'kind'>): CallTool<I, R, N> {
  return { kind: 'call', ...t };
}
export function waitTool<E extends EventName, N extends string>(t: Omit<WaitTool<E, N>, 'kind'>): WaitTool<E, N> {
  return { kind: 'wait', ...t };
}
