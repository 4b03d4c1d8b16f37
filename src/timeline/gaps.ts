import { failureText, idOf, iso, readEvents, seconds, timeOf, type EventDecoders, type Ev } from './decode.js';
import type { ArrivedMessage } from './events.js';
import type { Gap, GapSource } from './types.js';

const gap = (from: number, to: number, source: GapSource, reason: string): Gap =>
  ({ from: iso(from), to: iso(to), sources: [source], reasons: [reason] });

interface StallReading {
  source: 'run' | 'parent';
  /** Whose tasks waited, as the reasons name it. */
  who: string;
  thresholdMs: number;
  gaps: Gap[];
  /** Activities' scheduling times by the id of their scheduled event. */
  scheduledAt: Map<string, number>;
  /** When the pending workflow task was first scheduled; null while none is pending. */
  wftPendingSince: number | null;
  wftTimeouts: number;
}

const STALL_DECODERS: EventDecoders<StallReading> = {
  workflowTaskScheduledEventAttributes: (_, e, s) => {
    s.wftPendingSince ??= timeOf(e);
  },
  workflowTaskTimedOutEventAttributes: (_, _e, s) => {
    s.wftTimeouts += 1;
  },
  workflowTaskStartedEventAttributes: (_, e, s) => {
    const t = timeOf(e);
    if (s.wftPendingSince === null || t - s.wftPendingSince <= s.thresholdMs) return;
    s.gaps.push(gap(s.wftPendingSince, t, s.source, s.wftTimeouts > 0
      ? `a workflow task of ${s.who} timed out waiting for its worker; another took it after ${seconds(t - s.wftPendingSince)}`
      : `a workflow task of ${s.who} waited ${seconds(t - s.wftPendingSince)} for a worker`));
  },
  workflowTaskCompletedEventAttributes: (_, _e, s) => {
    s.wftPendingSince = null;
    s.wftTimeouts = 0;
  },
  activityTaskScheduledEventAttributes: (_, e, s) => {
    s.scheduledAt.set(idOf(e.eventId), timeOf(e));
  },
  activityTaskStartedEventAttributes: (a, e, s) => {
    const t = timeOf(e);
    const since = s.scheduledAt.get(idOf(a.scheduledEventId));
    // After a retry the started event is the last attempt's: the wait included the backoff.
    if (since !== undefined && (a.attempt ?? 1) <= 1 && t - since > s.thresholdMs) {
      s.gaps.push(gap(since, t, s.source, `an activity of ${s.who} waited ${seconds(t - since)} for a worker`));
    }
  },
  activityTaskTimedOutEventAttributes: (a, e, s) => {
    const since = s.scheduledAt.get(idOf(a.scheduledEventId));
    if (since !== undefined) {
      s.gaps.push(gap(since, timeOf(e), s.source, `an activity of ${s.who} timed out (${failureText(a.failure) ?? 'no worker finished it'})`));
    }
  },
};

/**
 * Stretches when workflow or activity tasks of one history waited for a worker: a task scheduled
 * and not started within the threshold, or one that timed out (schedule-to-start on a dead
 * worker's sticky queue, or start-to-close under a worker that died mid-task).
 */
function stalls(events: Ev[], thresholdMs: number, source: 'run' | 'parent'): Gap[] {
  const who = source === 'run' ? 'this run' : 'the SKU\'s agent';
  const reading: StallReading = { source, who, thresholdMs, gaps: [], scheduledAt: new Map(), wftPendingSince: null, wftTimeouts: 0 };
  return readEvents(STALL_DECODERS, events, reading).gaps;
}

/**
 * Messages that took long from the API to this run: the API stamps a message when it takes it,
 * and the SKU's agent forwards it at once, unless no worker takes the agent's task. The stamp is
 * the API's clock, the arrival the server's: a message stamped before the run's last finished
 * task is a clock that disagrees (a time-skipping test server, a skewed host), not a late message.
 */
function lateMessages(messages: ArrivedMessage[], thresholdMs: number): Gap[] {
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

export interface GapEvidence {
  run: Ev[];
  parent: Ev[];
  messages: ArrivedMessage[];
  thresholdMs: number;
  /** The picture's edges: gaps are clipped to them. */
  start: number;
  until: number;
}

/** The bands where no worker took work, from every source of evidence, within the picture. */
export function gapsOf({ run, parent, messages, thresholdMs, start, until }: GapEvidence): Gap[] {
  const within = (g: Gap) => Date.parse(g.to) > start && Date.parse(g.from) < until;
  const clip = (g: Gap): Gap => ({ ...g, from: iso(Math.max(start, Date.parse(g.from))), to: iso(Math.min(until, Date.parse(g.to))) });
  return merge([
    ...stalls(run, thresholdMs, 'run'), ...stalls(parent, thresholdMs, 'parent'), ...lateMessages(messages, thresholdMs),
  ].filter(within).map(clip));
}
