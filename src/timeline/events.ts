import { parseActivityId, parseDecidedStep } from '../domain/ids.js';
import { toolByName } from '../tools/index.js';
import {
  failureText, first, idOf, iso, readEvents, record, summaryOf, text, timeOf, ms,
  type EventDecoders, type Ev, type Num, type RetryPolicyLike,
} from './decode.js';
import { retriesOf } from './retries.js';
import type { CallSpan, Outcome, RunStatus, TurnMark, WaitMessage, WaitSpan, WorkerChange } from './types.js';

type ActivityEntry = { kind: 'decide'; mark: TurnMark } | { kind: 'call'; span: CallSpan; policy: RetryPolicyLike | null | undefined };

/** A message as it entered the run, and the run's last finished task before it (see `lateMessages`). */
export interface ArrivedMessage { message: WaitMessage; notBefore: number }

/** What reading one run's history builds, event by event. */
export interface RunReading {
  turns: TurnMark[];
  calls: CallSpan[];
  waits: WaitSpan[];
  workerChanges: WorkerChange[];
  messages: ArrivedMessage[];
  /** Activities by the id of their scheduled event, which their later events point at. */
  activities: Map<string, ActivityEntry>;
  /** Waits whose timer has neither fired nor been cancelled. */
  timers: Map<string, WaitSpan>;
  /** The turn whose decision came last: what follows it belongs to it. */
  turn: TurnMark | null;
  /** The last message since the last wait began. */
  lastSignal: WaitMessage | null;
  lastTaskDone: number;
  worker: string | null;
  end: number | null;
  status: RunStatus;
  outcome: Outcome | null;
}

/**
 * The tool a wait ran: the turn's decision when it names a wait tool, else the tool whose name
 * starts the timer's summary (every wait tool's `describe` starts with its name).
 */
function waitToolOf(turn: TurnMark | null, summary: string | null): string | null {
  const waitTool = (name: string | null | undefined) => (name && toolByName(name)?.kind === 'wait' ? name : null);
  return waitTool(turn?.tool) ?? waitTool(summary && /^\w+/.exec(summary)?.[0]) ?? turn?.tool ?? null;
}

/**
 * A step whose choice was made in workflow code (the policy) opens its turn itself: its summary
 * carries the turn and the reason that a decide activity's answer would (src/domain/ids.ts).
 */
function turnOfDecidedStep(run: RunReading, at: string, tool: string | null, shown: string | null): string | null {
  const decided = shown ? parseDecidedStep(shown) : null;
  if (!decided) return shown;
  if (run.turn?.turn !== decided.turn) {
    run.turn = { turn: decided.turn, at, tool: decided.tool ?? tool, reason: decided.reason, summary: decided.summary, attempts: 1 };
    run.turns.push(run.turn);
  }
  return decided.summary;
}

function closeActivity(run: RunReading, e: Ev, scheduledEventId: Num | null | undefined, result: CallSpan['result'], failure: string | null, answer?: unknown) {
  const entry = run.activities.get(idOf(scheduledEventId));
  if (entry?.kind === 'decide') {
    if (result === 'completed') {
      const choice = record(answer);
      entry.mark.tool = text(choice.tool) ?? entry.mark.tool;
      entry.mark.reason = text(choice.reason);
    } else {
      entry.mark.reason = failure ?? 'the decider failed';
    }
  } else if (entry?.kind === 'call') {
    Object.assign(entry.span, { endedAt: iso(timeOf(e)), result, failure });
  }
}

function endWait(run: RunReading, e: Ev, timerId: string | null | undefined, ended: 'timeout' | 'message') {
  const span = run.timers.get(timerId ?? '');
  if (!span) return;
  span.endedAt = iso(timeOf(e));
  span.ended = ended;
  // The loop cancels a wait's timer only when the message it waits for has arrived.
  if (ended === 'message') span.message = run.lastSignal;
  run.timers.delete(span.timerId);
}

function closeRun(run: RunReading, e: Ev, status: RunStatus, outcome: Outcome | null) {
  run.status = status;
  run.end = timeOf(e);
  if (outcome) run.outcome = outcome;
}

const RUN_DECODERS: EventDecoders<RunReading> = {
  activityTaskScheduledEventAttributes: (a, e, run) => {
    const t = timeOf(e);
    const activityId = a.activityId ?? '';
    const ref = parseActivityId(activityId);
    if (ref.kind === 'decide') {
      run.turn = { turn: ref.turn ?? run.turns.length + 1, at: iso(t), tool: null, reason: null, summary: null, attempts: 1 };
      run.turns.push(run.turn);
      run.activities.set(idOf(e.eventId), { kind: 'decide', mark: run.turn });
      return;
    }
    const summary = turnOfDecidedStep(run, iso(t), ref.name, summaryOf(e));
    const span: CallSpan = {
      turn: run.turn?.turn ?? ref.turn, activityId, tool: ref.name, summary, scheduledAt: iso(t), startedAt: null, endedAt: null,
      attempts: 1, retries: [], lastFailure: null, result: 'running', failure: null,
    };
    run.calls.push(span);
    if (run.turn && run.turn.turn === ref.turn) {
      run.turn.tool ??= ref.name;
      run.turn.summary ??= summary;
    }
    run.activities.set(idOf(e.eventId), { kind: 'call', span, policy: a.retryPolicy });
  },
  activityTaskStartedEventAttributes: (a, e, run) => {
    const entry = run.activities.get(idOf(a.scheduledEventId));
    const attempts = a.attempt ?? 1;
    if (entry?.kind === 'decide') entry.mark.attempts = attempts;
    if (entry?.kind === 'call') {
      const s = entry.span;
      const t = timeOf(e);
      s.startedAt = iso(t);
      s.attempts = attempts;
      s.retries = retriesOf(Date.parse(s.scheduledAt), t, attempts, entry.policy);
      s.lastFailure = failureText(a.lastFailure);
    }
  },
  activityTaskCompletedEventAttributes: (a, e, run) => closeActivity(run, e, a.scheduledEventId, 'completed', null, first(a.result)),
  activityTaskFailedEventAttributes: (a, e, run) => closeActivity(run, e, a.scheduledEventId, 'failed', failureText(a.failure)),
  activityTaskTimedOutEventAttributes: (a, e, run) => closeActivity(run, e, a.scheduledEventId, 'timed out', failureText(a.failure)),
  activityTaskCanceledEventAttributes: (a, e, run) => closeActivity(run, e, a.scheduledEventId, 'canceled', null),

  timerStartedEventAttributes: (a, e, run) => {
    const shown = summaryOf(e);
    const summary = turnOfDecidedStep(run, iso(timeOf(e)), shown && waitToolOf(null, shown), shown);
    const span: WaitSpan = {
      turn: run.turn?.turn ?? null, timerId: a.timerId ?? '', tool: waitToolOf(run.turn, summary), summary,
      startedAt: iso(timeOf(e)), endedAt: null, timeoutMs: ms(a.startToFireTimeout), ended: 'waiting', message: null,
    };
    run.waits.push(span);
    run.timers.set(span.timerId, span);
    if (run.turn) run.turn.summary ??= summary;
    run.lastSignal = null;
  },
  timerFiredEventAttributes: (a, e, run) => endWait(run, e, a.timerId, 'timeout'),
  timerCanceledEventAttributes: (a, e, run) => endWait(run, e, a.timerId, 'message'),

  workflowExecutionSignaledEventAttributes: (a, e, run) => {
    const message = record(first(a.input));
    run.lastSignal = {
      event: text(message.event) ?? a.signalName ?? 'signal',
      messageId: text(message.messageId),
      arrivedAt: iso(timeOf(e)),
      sentAt: text(message.at),
      by: text(record(message.payload).by),
    };
    run.messages.push({ message: run.lastSignal, notBefore: run.lastTaskDone });
  },
  workflowTaskCompletedEventAttributes: (_, e, run) => {
    run.lastTaskDone = timeOf(e);
  },
  workflowTaskStartedEventAttributes: (a, e, run) => {
    const identity = a.identity ?? null;
    if (identity && run.worker && identity !== run.worker) run.workerChanges.push({ at: iso(timeOf(e)), from: run.worker, to: identity });
    if (identity) run.worker = identity;
  },

  workflowExecutionCompletedEventAttributes: (a, e, run) => {
    const result = first(a.result);
    const r = record(result);
    closeRun(run, e, 'completed', { outcome: text(r.outcome) ?? 'completed', reason: text(r.reason), result: result ?? null });
  },
  workflowExecutionFailedEventAttributes: (a, e, run) =>
    closeRun(run, e, 'failed', { outcome: 'failed', reason: failureText(a.failure), result: null }),
  workflowExecutionTerminatedEventAttributes: (a, e, run) =>
    closeRun(run, e, 'terminated', { outcome: 'terminated', reason: a.reason || null, result: null }),
  workflowExecutionTimedOutEventAttributes: (_, e, run) =>
    closeRun(run, e, 'timed out', { outcome: 'timed out', reason: 'the run exceeded its timeout', result: null }),
  workflowExecutionCanceledEventAttributes: (_, e, run) =>
    closeRun(run, e, 'canceled', { outcome: 'canceled', reason: null, result: null }),
  workflowExecutionContinuedAsNewEventAttributes: (_, e, run) => closeRun(run, e, 'continued as new', null),
};

/** Turns, calls, waits, messages, worker changes and how the run ended, from its events. */
export function readRun(events: Ev[], start: number): RunReading {
  const run: RunReading = {
    turns: [], calls: [], waits: [], workerChanges: [], messages: [], activities: new Map(), timers: new Map(),
    turn: null, lastSignal: null, lastTaskDone: start, worker: null, end: null, status: 'running', outcome: null,
  };
  readEvents(RUN_DECODERS, events, run);
  // Waits still open when the run closed were cut short by it.
  if (run.end !== null) {
    for (const w of run.timers.values()) {
      w.ended = 'interrupted';
      w.endedAt = iso(run.end);
    }
  }
  return run;
}
