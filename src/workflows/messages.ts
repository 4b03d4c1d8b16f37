import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';
import type { Message, ReplenishState } from '../domain/state.js';
import type { Gate, Refusal } from '../domain/phase.js';
import type { AgentStatus } from '../domain/agent.js';
import type { Rules } from '../domain/rules.js';
import type { DeskState, SpoDecisionRequest } from '../domain/supplier-desk.js';
import type { SupplierLine } from '../domain/supplier-order.js';
import type { OrderAck } from '../domain/types.js';

export interface ReplenishView {
  workflowId: string;
  state: ReplenishState;
  phase: string;
  inbox: { event: string; messageId: string }[];
  /** The wait in progress, if any: which tool, for which messages, until when. */
  waiting: { tool: string; events: string[]; since: string; until: string } | null;
  notes: string[];
  /** The rules this replenishment started with and keeps to its end. */
  rules: Rules;
  /** Which messages it would take now. */
  gate: Gate;
}

/**
 * A message's fate: `delivered` into the inbox, `held` until the order is placed, a `duplicate` of
 * one the run has; or refused, with why.
 */
export type Verdict = { status: 'delivered' | 'held' | 'duplicate' } | ({ status: 'refused' } & Refusal);

/** `queued`: the run had not judged it within the API's wait; it will, when its next task runs. */
export type DeliverResult = { status: 'delivered' | 'held' | 'duplicate' | 'queued'; workflowId: string };

/**
 * Replenish: a message forwarded by the entity, with the id of the Update that waits for the
 * verdict (absent: nobody waits for one).
 */
export const deliverSignal = defineSignal<[Message, string?]>('deliver');
/** Replenish → SkuAgent: the verdict on a message, for the Update `ref`. */
export const verdictSignal = defineSignal<[{ ref: string; verdict: Verdict }]>('verdict');
export const replenishStateQuery = defineQuery<ReplenishView>('state');

/**
 * SkuAgent: every message for the SKU. The validator refuses at once what the entity knows for
 * sure (no run, another replenishment's PO); the run judges the rest and the Update answers with its verdict.
 */
export const deliverUpdate = defineUpdate<DeliverResult, [Message]>('deliver');
export const stockChangedSignal = defineSignal('stock-changed');
export const pauseSignal = defineSignal('pause');
export const resumeSignal = defineSignal('resume');
export const stopSignal = defineSignal('stop');
export const agentStatusQuery = defineQuery<AgentStatus>('status');

/** SupplierDesk: a line joins (sent with signal-with-start), with the rules its run was configured with. */
export const joinSignal = defineSignal<[SupplierLine, Rules]>('join');
export const deskStateQuery = defineQuery<DeskState>('desk');
/**
 * SupplierDesk: a manager's decision on one of its consolidated POs, by SPO number. The validator
 * refuses what the desk can tell at once (no such SPO waiting, already decided); the handler takes
 * it, once, and answers its repeat under the same key as a `duplicate`.
 */
export const spoDecisionUpdate = defineUpdate<{ status: 'delivered' | 'duplicate'; workflowId: string }, [SpoDecisionRequest]>('decide');
/**
 * SupplierDesk: a line's run was cancelled. Answered once the desk is not placing an order: with
 * the supplier's acknowledgement when the line was already ordered (the run cancels it there), else null.
 */
export const withdrawUpdate = defineUpdate<{ placed: OrderAck | null }, [{ poNumber: string; reason: string }]>('withdraw');
