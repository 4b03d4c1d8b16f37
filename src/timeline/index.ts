import type { History } from '@temporalio/common/lib/proto-utils.js';
import { iso, timeOf, type Ev } from './decode.js';
import { readRun } from './events.js';
import { gapsOf } from './gaps.js';
import { GAP_THRESHOLD_MS, type Timeline, type TimelineOptions } from './types.js';

export * from './types.js';

const eventsOf = (history: History | null | undefined): Ev[] => (history?.events ?? []) as unknown as Ev[];

/**
 * A replenishment's timeline read from its Temporal history, and its parent's for the stalls seen
 * there. Pure: the caller fetches the histories; `svg.ts` draws what this returns.
 */
export function timelineOf(history: History, opts: TimelineOptions = {}): Timeline {
  const events = eventsOf(history);
  if (events.length === 0) throw new Error('an empty history has no timeline');
  const started = events[0]!.workflowExecutionStartedEventAttributes;
  const start = timeOf(events[0]!);
  const lastEventAt = timeOf(events.at(-1)!);
  const run = readRun(events, start);
  const until = run.end ?? Math.max(lastEventAt, opts.now ?? lastEventAt);
  const gaps = gapsOf({
    run: events, parent: eventsOf(opts.parent), messages: run.messages, thresholdMs: opts.gapThresholdMs ?? GAP_THRESHOLD_MS, start, until,
  });
  return {
    workflowId: opts.workflowId ?? started?.workflowId ?? null,
    runId: opts.runId ?? started?.originalExecutionRunId ?? null,
    workflowType: started?.workflowType?.name ?? null,
    start: iso(start),
    end: run.end === null ? null : iso(run.end),
    until: iso(until),
    status: run.status,
    turns: run.turns,
    calls: run.calls,
    waits: run.waits,
    gaps,
    workerChanges: run.workerChanges,
    outcome: run.outcome,
  };
}

/** The parent run named in a history's first event, to fetch its history alongside. */
export function parentOf(history: History): { workflowId: string; runId: string } | null {
  const p = eventsOf(history)[0]?.workflowExecutionStartedEventAttributes?.parentWorkflowExecution;
  return p?.workflowId && p.runId ? { workflowId: p.workflowId, runId: p.runId } : null;
}
