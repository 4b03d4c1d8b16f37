import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';
import type { Message, ReplenishState } from '../domain/state.js';
import type { Gate } from '../domain/phase.js';
import type { AgentStatus } from '../domain/agent.js';
import type { Rules } from '../domain/rules.js';

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
}

export type DeliverResult = { status: 'delivered' | 'duplicate'; workflowId: string };

/** Replenish: a message forwarded by the entity into the inbox. */
export const deliverSignal = defineSignal<[Message]>('deliver');
/** Replenish → SkuAgent: the gate changed (a turn ended). */
export const progressSignal = defineSignal<[Gate]>('progress');
export const replenishStateQuery = defineQuery<ReplenishView>('state');

/** SkuAgent: every message for the SKU; validated at once so the sender learns of a mismatch. */
export const deliverUpdate = defineUpdate<DeliverResult, [Message]>('deliver');
export const stockChangedSignal = defineSignal('stock-changed');
export const pauseSignal = defineSignal('pause');
export const resumeSignal = defineSignal('resume');
export const stopSignal = defineSignal('stop');
export const agentStatusQuery = defineQuery<AgentStatus>('status');
