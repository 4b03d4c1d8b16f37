import type { History } from '@temporalio/common/lib/proto-utils.js';

/**
 * A replenishment's run as its manager reads it, from the workflow history alone: each turn a
 * mark in time, tool calls as short spans with their attempts, waits as spans that end by a
 * message or by a timeout, bands where no worker took the run's tasks, and the outcome.
 * Pure: the route fetches the histories, this reads them.
 */
export interface Timeline {
  workflowId: string | null;
  runId: string | null;
  workflowType: string | null;
  start: string;
  /** When the run closed; null while it runs. */
  end: string | null;
  /** The right edge of the picture: `end`, or now for a running workflow. */
  until: string;
  status: RunStatus;
  turns: TurnMark[];
  calls: CallSpan[];
  waits: WaitSpan[];
  gaps: Gap[];
  workerChanges: WorkerChange[];
  outcome: Outcome | null;
}

export type RunStatus = 'running' | 'completed' | 'failed' | 'timed out' | 'canceled' | 'terminated' | 'continued as new';

export interface TurnMark {
  turn: number;
  /** When the decision was asked for (the decide activity was scheduled). */
  at: string;
  /** The tool the decider chose: its answer, or else the id of the activity that followed. */
  tool: string | null;
  reason: string | null;
  /** The summary of the turn's tool call or wait, as the Web UI shows it. */
  summary: string | null;
  /** Attempts of the decide activity itself (a model call can be retried too). */
  attempts: number;
}

export interface Attempt {
  attempt: number;
  at: string;
  /** Only the first and the last attempt's start are in the history; the others follow the retry policy. */
  estimated: boolean;
}

export interface CallSpan {
  turn: number | null;
  activityId: string;
  tool: string;
  summary: string | null;
  scheduledAt: string;
  /** Start of the last attempt; null until an attempt has finished. */
  startedAt: string | null;
  endedAt: string | null;
  attempts: number;
  /** Attempts after the first: the retries, drawn as ticks. */
  retries: Attempt[];
  /** Why the last attempt before the final one failed, when the server kept it. */
  lastFailure: string | null;
  result: 'completed' | 'failed' | 'timed out' | 'canceled' | 'running';
  failure: string | null;
}

export interface WaitMessage {
  event: string;
  messageId: string | null;
  /** When the message entered this run's history. */
  arrivedAt: string;
  /** When the API took it from its sender, if the message says. */
  sentAt: string | null;
  by: string | null;
}

export interface WaitSpan {
  turn: number | null;
  timerId: string;
  tool: string | null;
  summary: string | null;
  startedAt: string;
  endedAt: string | null;
  timeoutMs: number;
  /** How it ended: a message arrived, the timeout fired, still waiting, or the run closed under it. */
  ended: 'message' | 'timeout' | 'waiting' | 'interrupted';
  message: WaitMessage | null;
}

/**
 * A stretch when work was due but no worker took it: the worker was down (or swamped). While
 * nothing is due (a wait with no message yet) a dead worker leaves no trace in any history; it
 * shows only as a change of worker (see `workerChanges`).
 */
export interface Gap {
  from: string;
  to: string;
  /**
   * `run`: this workflow's own tasks waited; `parent`: the SKU's agent's tasks did (every message
   * passes through it); `message`: a message reached the run long after the API took it.
   */
  sources: GapSource[];
  reasons: string[];
}

export type GapSource = 'run' | 'parent' | 'message';

/** The run's workflow tasks moved to another worker process: the old one stopped or lost its cache. */
export interface WorkerChange {
  at: string;
  from: string;
  to: string;
}

export interface Outcome {
  /** `received`, `rejected`, … from the result; or how the run ended without one (`failed`, `terminated`). */
  outcome: string;
  reason: string | null;
  result: unknown;
}

export interface TimelineOptions {
  workflowId?: string;
  runId?: string;
  /** The right edge for a running workflow; default: the last event. */
  now?: number;
  /** The parent's run (the SKU's agent): its stalled tasks stalled this run's messages too. */
  parent?: History | null;
  /** A task that waits longer than this for a worker counts as a gap; default 2 s. */
  gapThresholdMs?: number;
}

export const GAP_THRESHOLD_MS = 2_000;
