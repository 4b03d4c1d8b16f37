import { defaultPayloadConverter } from '@temporalio/common';
import type { History } from '@temporalio/common/lib/proto-utils.js';
import { TOOLS } from '../tools/index.js';

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

// The slice of Temporal's history event this module reads. Protobuf objects from fetchHistory()
// and from historyFromJSON() both fit it (numbers may be Longs, payload bytes Uint8Arrays).
type Num = number | string | { toString(): string };
interface Ts { seconds?: Num | null; nanos?: number | null }
interface PayloadLike { metadata?: Record<string, Uint8Array> | null; data?: Uint8Array | null }
interface Payloads { payloads?: PayloadLike[] | null }
interface FailureLike { message?: string | null; cause?: FailureLike | null }
interface Ev {
  eventId?: Num | null;
  eventTime?: Ts | null;
  userMetadata?: { summary?: PayloadLike | null } | null;
  workflowExecutionStartedEventAttributes?: {
    workflowType?: { name?: string | null } | null; workflowId?: string | null; originalExecutionRunId?: string | null;
  } | null;
  workflowExecutionCompletedEventAttributes?: { result?: Payloads | null } | null;
  workflowExecutionFailedEventAttributes?: { failure?: FailureLike | null } | null;
  workflowExecutionTimedOutEventAttributes?: object | null;
  workflowExecutionCanceledEventAttributes?: object | null;
  workflowExecutionTerminatedEventAttributes?: { reason?: string | null } | null;
  workflowExecutionContinuedAsNewEventAttributes?: object | null;
  workflowExecutionSignaledEventAttributes?: { signalName?: string | null; input?: Payloads | null } | null;
  workflowTaskScheduledEventAttributes?: object | null;
  workflowTaskStartedEventAttributes?: { scheduledEventId?: Num | null; identity?: string | null } | null;
  workflowTaskCompletedEventAttributes?: object | null;
  workflowTaskTimedOutEventAttributes?: { timeoutType?: number | string | null } | null;
  workflowTaskFailedEventAttributes?: object | null;
  activityTaskScheduledEventAttributes?: {
    activityId?: string | null;
    retryPolicy?: { initialInterval?: Ts | null; backoffCoefficient?: number | null; maximumInterval?: Ts | null } | null;
  } | null;
  activityTaskStartedEventAttributes?: { scheduledEventId?: Num | null; attempt?: number | null; lastFailure?: FailureLike | null } | null;
  activityTaskCompletedEventAttributes?: { scheduledEventId?: Num | null; result?: Payloads | null } | null;
  activityTaskFailedEventAttributes?: { scheduledEventId?: Num | null; failure?: FailureLike | null } | null;
  activityTaskTimedOutEventAttributes?: { scheduledEventId?: Num | null; failure?: FailureLike | null } | null;
  activityTaskCanceledEventAttributes?: { scheduledEventId?: Num | null } | null;
  timerStartedEventAttributes?: { timerId?: string | null; startToFireTimeout?: Ts | null } | null;
  timerFiredEventAttributes?: { timerId?: string | null } | null;
  timerCanceledEventAttributes?: { timerId?: string | null } | null;
}

const num = (v: Num | null | undefined): number => (v === null || v === undefined ? 0 : Number(typeof v === 'number' ? v : v.toString()));
const ms = (ts: Ts | null | undefined): number => (ts ? num(ts.seconds) * 1000 + Math.floor((ts.nanos ?? 0) / 1e6) : 0);
const iso = (t: number): string => new Date(t).toISOString();

function decode(payload: PayloadLike | null | undefined): unknown {
  if (!payload) return undefined;
  try {
    return defaultPayloadConverter.fromPayload(payload as Parameters<typeof defaultPayloadConverter.fromPayload>[0]);
  } catch {
    return undefined;
  }
}
const first = (p: Payloads | null | undefined): unknown => decode(p?.payloads?.[0]);
const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const record = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? v as Record<string, unknown> : {});

function failureText(f: FailureLike | null | undefined): string | null {
  if (!f) return null;
  const parts: string[] = [];
  for (let c: FailureLike | null | undefined = f; c && parts.length < 3; c = c.cause) if (c.message) parts.push(c.message);
  return parts.join(': ') || null;
}

/** A wait's timer is summarised by its tool's `describe`, which starts with the tool's name. */
const WAIT_SUMMARY = new RegExp(`^(${TOOLS.filter((t) => t.kind === 'wait').map((t) => t.name).join('|')})\\b`);

/** `place_order-5` → place_order, 5. */
function splitActivityId(id: string): { name: string; turn: number | null } {
  const m = /^(.*)-(\d+)$/.exec(id);
  return m ? { name: m[1]!, turn: Number(m[2]) } : { name: id, turn: null };
}

const seconds = (t: number): string => `${(t / 1000).toFixed(1)} s`;

/**
 * Stretches when workflow or activity tasks of one history waited for a worker: a task scheduled
 * and not started within the threshold, or one that timed out (schedule-to-start on a dead
 * worker's sticky queue, or start-to-close under a worker that died mid-task).
 */
function stalls(events: Ev[], thresholdMs: number, source: 'run' | 'parent'): Gap[] {
  const gaps: Gap[] = [];
  const scheduledAt = new Map<string, number>();
  let wftPendingSince: number | null = null;
  let wftTimeouts = 0;
  const who = source === 'run' ? 'this run' : 'the SKU\'s agent';
  for (const e of events) {
    const t = ms(e.eventTime);
    if (e.workflowTaskScheduledEventAttributes) {
      wftPendingSince ??= t;
    } else if (e.workflowTaskTimedOutEventAttributes || e.workflowTaskFailedEventAttributes) {
      if (e.workflowTaskTimedOutEventAttributes) wftTimeouts += 1;
    } else if (e.workflowTaskStartedEventAttributes) {
      if (wftPendingSince !== null && t - wftPendingSince > thresholdMs) {
        gaps.push(gap(wftPendingSince, t, source, wftTimeouts > 0
          ? `a workflow task of ${who} timed out waiting for its worker; another took it after ${seconds(t - wftPendingSince)}`
          : `a workflow task of ${who} waited ${seconds(t - wftPendingSince)} for a worker`));
      }
    } else if (e.workflowTaskCompletedEventAttributes) {
      wftPendingSince = null;
      wftTimeouts = 0;
    } else if (e.activityTaskScheduledEventAttributes) {
      scheduledAt.set(String(num(e.eventId)), t);
    } else if (e.activityTaskStartedEventAttributes) {
      const a = e.activityTaskStartedEventAttributes;
      const since = scheduledAt.get(String(num(a.scheduledEventId)));
      // After a retry the started event is the last attempt's: the wait included the backoff.
      if (since !== undefined && (a.attempt ?? 1) <= 1 && t - since > thresholdMs) {
        gaps.push(gap(since, t, source, `an activity of ${who} waited ${seconds(t - since)} for a worker`));
      }
    } else if (e.activityTaskTimedOutEventAttributes) {
      const since = scheduledAt.get(String(num(e.activityTaskTimedOutEventAttributes.scheduledEventId)));
      if (since !== undefined) {
        gaps.push(gap(since, t, source, `an activity of ${who} timed out (${failureText(e.activityTaskTimedOutEventAttributes.failure) ?? 'no worker finished it'})`));
      }
    }
  }
  return gaps;
}

const gap = (from: number, to: number, source: GapSource, reason: string): Gap =>
  ({ from: iso(from), to: iso(to), sources: [source], reasons: [reason] });

/**
 * Messages that took long from the API to this run: the API stamps a message when it takes it,
 * and the SKU's agent forwards it at once, unless no worker takes the agent's task. The stamp is
 * the API's clock, the arrival the server's: a message stamped before the run's last finished
 * task is a clock that disagrees (a time-skipping test server, a skewed host), not a late message.
 */
function lateMessages(messages: { message: WaitMessage; notBefore: number }[], thresholdMs: number): Gap[] {
  return messages.flatMap(({ message: m, notBefore }) => {
    const sent = m.sentAt ? Date.parse(m.sentAt) : NaN;
    const arrived = Date.parse(m.arrivedAt);
    if (!(arrived - sent > thresholdMs) || sent < notBefore) return [];
    return [gap(sent, arrived, 'message', `the ${m.event} taken by the API at ${m.sentAt!.slice(11, 19)} UTC reached the run ${seconds(arrived - sent)} later`)];
  });
}

/** Overlapping or touching gaps become one band, keeping every piece of evidence. */
function merge(gaps: Gap[]): Gap[] {
  const sorted = [...gaps].sort((a, b) => a.from.localeCompare(b.from));
  const out: Gap[] = [];
  for (const g of sorted) {
    const last = out.at(-1);
    if (last && Date.parse(g.from) <= Date.parse(last.to)) {
      if (Date.parse(g.to) > Date.parse(last.to)) last.to = g.to;
      for (const s of g.sources) if (!last.sources.includes(s)) last.sources.push(s);
      last.reasons.push(...g.reasons);
    } else {
      out.push({ ...g, sources: [...g.sources], reasons: [...g.reasons] });
    }
  }
  return out;
}

/** Attempt 1 at scheduling, the last at its recorded start, the ones between spaced as the retry policy spaces them. */
function retriesOf(scheduled: number, lastStart: number, attempts: number, policy: NonNullable<Ev['activityTaskScheduledEventAttributes']>['retryPolicy']): Attempt[] {
  if (attempts <= 1) return [];
  const initial = ms(policy?.initialInterval) || 1_000;
  const coefficient = policy?.backoffCoefficient || 2;
  const maximum = ms(policy?.maximumInterval) || Infinity;
  const intervals = Array.from({ length: attempts - 1 }, (_, i) => Math.min(initial * coefficient ** i, maximum));
  const total = intervals.reduce((a, b) => a + b, 0);
  const scale = total > 0 ? (lastStart - scheduled) / total : 0;
  let at = scheduled;
  return intervals.map((interval, i) => {
    at += interval * scale;
    const attempt = i + 2;
    return { attempt, at: iso(attempt === attempts ? lastStart : at), estimated: attempt !== attempts };
  });
}

export function timelineOf(history: History, opts: TimelineOptions = {}): Timeline {
  const events = (history.events ?? []) as unknown as Ev[];
  if (events.length === 0) throw new Error('an empty history has no timeline');
  const threshold = opts.gapThresholdMs ?? GAP_THRESHOLD_MS;
  const started = events[0]!.workflowExecutionStartedEventAttributes;
  const start = ms(events[0]!.eventTime);
  const lastEventAt = ms(events.at(-1)!.eventTime);

  const turns: TurnMark[] = [];
  const calls: CallSpan[] = [];
  const waits: WaitSpan[] = [];
  const workerChanges: WorkerChange[] = [];
  const activities = new Map<string, { kind: 'decide'; mark: TurnMark } | { kind: 'call'; span: CallSpan; policy: NonNullable<Ev['activityTaskScheduledEventAttributes']>['retryPolicy'] }>();
  const timers = new Map<string, WaitSpan>();
  let turn: TurnMark | null = null;
  let lastSignal: WaitMessage | null = null;
  const messages: { message: WaitMessage; notBefore: number }[] = [];
  let lastTaskDone = start;
  let worker: string | null = null;
  let end: number | null = null;
  let status: RunStatus = 'running';
  let outcome: Outcome | null = null;

  for (const e of events) {
    const t = ms(e.eventTime);
    const summary = text(decode(e.userMetadata?.summary));

    if (e.activityTaskScheduledEventAttributes) {
      const activityId = e.activityTaskScheduledEventAttributes.activityId ?? '';
      const { name, turn: n } = splitActivityId(activityId);
      if (name === 'decide') {
        turn = { turn: n ?? turns.length + 1, at: iso(t), tool: null, reason: null, summary: null, attempts: 1 };
        turns.push(turn);
        activities.set(String(num(e.eventId)), { kind: 'decide', mark: turn });
      } else {
        const span: CallSpan = {
          turn: turn?.turn ?? n, activityId, tool: name, summary, scheduledAt: iso(t), startedAt: null, endedAt: null,
          attempts: 1, retries: [], lastFailure: null, result: 'running', failure: null,
        };
        calls.push(span);
        if (turn && turn.turn === n) {
          turn.tool ??= name;
          turn.summary ??= summary;
        }
        activities.set(String(num(e.eventId)), { kind: 'call', span, policy: e.activityTaskScheduledEventAttributes.retryPolicy });
      }
    } else if (e.activityTaskStartedEventAttributes) {
      const a = e.activityTaskStartedEventAttributes;
      const entry = activities.get(String(num(a.scheduledEventId)));
      const attempts = a.attempt ?? 1;
      if (entry?.kind === 'decide') entry.mark.attempts = attempts;
      if (entry?.kind === 'call') {
        const s = entry.span;
        s.startedAt = iso(t);
        s.attempts = attempts;
        s.retries = retriesOf(Date.parse(s.scheduledAt), t, attempts, entry.policy);
        s.lastFailure = failureText(a.lastFailure);
      }
    } else if (e.activityTaskCompletedEventAttributes || e.activityTaskFailedEventAttributes
      || e.activityTaskTimedOutEventAttributes || e.activityTaskCanceledEventAttributes) {
      const a = e.activityTaskCompletedEventAttributes ?? e.activityTaskFailedEventAttributes
        ?? e.activityTaskTimedOutEventAttributes ?? e.activityTaskCanceledEventAttributes!;
      const entry = activities.get(String(num(a.scheduledEventId)));
      const failure = failureText(e.activityTaskFailedEventAttributes?.failure ?? e.activityTaskTimedOutEventAttributes?.failure);
      if (entry?.kind === 'decide' && e.activityTaskCompletedEventAttributes) {
        const choice = record(first(e.activityTaskCompletedEventAttributes.result));
        entry.mark.tool = text(choice.tool) ?? entry.mark.tool;
        entry.mark.reason = text(choice.reason);
      } else if (entry?.kind === 'decide') {
        entry.mark.reason = failure ?? 'the decider failed';
      } else if (entry?.kind === 'call') {
        const s = entry.span;
        s.endedAt = iso(t);
        s.result = e.activityTaskCompletedEventAttributes ? 'completed'
          : e.activityTaskFailedEventAttributes ? 'failed' : e.activityTaskTimedOutEventAttributes ? 'timed out' : 'canceled';
        s.failure = failure;
      }
    } else if (e.timerStartedEventAttributes) {
      const a = e.timerStartedEventAttributes;
      const tool = (summary ? WAIT_SUMMARY.exec(summary)?.[1] : undefined) ?? turn?.tool ?? null;
      const span: WaitSpan = {
        turn: turn?.turn ?? null, timerId: a.timerId ?? '', tool, summary, startedAt: iso(t), endedAt: null,
        timeoutMs: ms(a.startToFireTimeout), ended: 'waiting', message: null,
      };
      waits.push(span);
      timers.set(span.timerId, span);
      if (turn) turn.summary ??= summary;
      lastSignal = null;
    } else if (e.timerFiredEventAttributes || e.timerCanceledEventAttributes) {
      const span = timers.get((e.timerFiredEventAttributes ?? e.timerCanceledEventAttributes)!.timerId ?? '');
      if (span) {
        span.endedAt = iso(t);
        // The loop cancels a wait's timer only when the message it waits for has arrived.
        span.ended = e.timerFiredEventAttributes ? 'timeout' : 'message';
        if (span.ended === 'message') span.message = lastSignal;
        timers.delete(span.timerId);
      }
    } else if (e.workflowExecutionSignaledEventAttributes) {
      const message = record(first(e.workflowExecutionSignaledEventAttributes.input));
      lastSignal = {
        event: text(message.event) ?? e.workflowExecutionSignaledEventAttributes.signalName ?? 'signal',
        messageId: text(message.messageId),
        arrivedAt: iso(t),
        sentAt: text(message.at),
        by: text(record(message.payload).by),
      };
      messages.push({ message: lastSignal, notBefore: lastTaskDone });
    } else if (e.workflowTaskCompletedEventAttributes) {
      lastTaskDone = t;
    } else if (e.workflowTaskStartedEventAttributes) {
      const identity = e.workflowTaskStartedEventAttributes.identity ?? null;
      if (identity && worker && identity !== worker) workerChanges.push({ at: iso(t), from: worker, to: identity });
      if (identity) worker = identity;
    } else if (e.workflowExecutionCompletedEventAttributes) {
      const result = first(e.workflowExecutionCompletedEventAttributes.result);
      const r = record(result);
      outcome = { outcome: text(r.outcome) ?? 'completed', reason: text(r.reason), result: result ?? null };
      [status, end] = ['completed', t];
    } else if (e.workflowExecutionFailedEventAttributes) {
      outcome = { outcome: 'failed', reason: failureText(e.workflowExecutionFailedEventAttributes.failure), result: null };
      [status, end] = ['failed', t];
    } else if (e.workflowExecutionTerminatedEventAttributes) {
      outcome = { outcome: 'terminated', reason: e.workflowExecutionTerminatedEventAttributes.reason || null, result: null };
      [status, end] = ['terminated', t];
    } else if (e.workflowExecutionTimedOutEventAttributes) {
      outcome = { outcome: 'timed out', reason: 'the run exceeded its timeout', result: null };
      [status, end] = ['timed out', t];
    } else if (e.workflowExecutionCanceledEventAttributes) {
      outcome = { outcome: 'canceled', reason: null, result: null };
      [status, end] = ['canceled', t];
    } else if (e.workflowExecutionContinuedAsNewEventAttributes) {
      [status, end] = ['continued as new', t];
    }
  }

  if (end !== null) {
    for (const w of timers.values()) {
      w.ended = 'interrupted';
      w.endedAt = iso(end);
    }
  }
  const until = end ?? Math.max(lastEventAt, opts.now ?? lastEventAt);
  const within = (g: Gap) => Date.parse(g.to) > start && Date.parse(g.from) < until;
  const clip = (g: Gap): Gap => ({ ...g, from: iso(Math.max(start, Date.parse(g.from))), to: iso(Math.min(until, Date.parse(g.to))) });
  const parentEvents = (opts.parent?.events ?? []) as unknown as Ev[];
  const gaps = merge([
    ...stalls(events, threshold, 'run'), ...stalls(parentEvents, threshold, 'parent'), ...lateMessages(messages, threshold),
  ].filter(within).map(clip));

  return {
    workflowId: opts.workflowId ?? started?.workflowId ?? null,
    runId: opts.runId ?? started?.originalExecutionRunId ?? null,
    workflowType: started?.workflowType?.name ?? null,
    start: iso(start),
    end: end === null ? null : iso(end),
    until: iso(until),
    status,
    turns,
    calls,
    waits,
    gaps,
    workerChanges,
    outcome,
  };
}

/** The parent run named in a history's first event, to fetch its history alongside. */
export function parentOf(history: History): { workflowId: string; runId: string } | null {
  const first = (history.events?.[0] ?? null) as unknown as {
    workflowExecutionStartedEventAttributes?: { parentWorkflowExecution?: { workflowId?: string | null; runId?: string | null } | null } | null;
  } | null;
  const p = first?.workflowExecutionStartedEventAttributes?.parentWorkflowExecution;
  return p?.workflowId && p.runId ? { workflowId: p.workflowId, runId: p.runId } : null;
}
