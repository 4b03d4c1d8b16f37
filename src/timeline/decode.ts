import { defaultPayloadConverter } from '@temporalio/common';

// The slice of Temporal's history event this module reads. Protobuf objects from fetchHistory()
// and from historyFromJSON() both fit it (numbers may be Longs, payload bytes Uint8Arrays).
export type Num = number | string | { toString(): string };
export interface Ts { seconds?: Num | null; nanos?: number | null }
interface PayloadLike { metadata?: Record<string, Uint8Array> | null; data?: Uint8Array | null }
export interface Payloads { payloads?: PayloadLike[] | null }
export interface FailureLike { message?: string | null; cause?: FailureLike | null }
export interface RetryPolicyLike { initialInterval?: Ts | null; backoffCoefficient?: number | null; maximumInterval?: Ts | null }
interface ActivityClosed { scheduledEventId?: Num | null; failure?: FailureLike | null }

/** Exactly one of the `…EventAttributes` is set on each event: the decoders are keyed by it. */
export interface EventAttributes {
  workflowExecutionStartedEventAttributes?: {
    workflowType?: { name?: string | null } | null; workflowId?: string | null; originalExecutionRunId?: string | null;
    parentWorkflowExecution?: { workflowId?: string | null; runId?: string | null } | null;
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
  activityTaskScheduledEventAttributes?: { activityId?: string | null; retryPolicy?: RetryPolicyLike | null } | null;
  activityTaskStartedEventAttributes?: { scheduledEventId?: Num | null; attempt?: number | null; lastFailure?: FailureLike | null } | null;
  activityTaskCompletedEventAttributes?: { scheduledEventId?: Num | null; result?: Payloads | null } | null;
  activityTaskFailedEventAttributes?: ActivityClosed | null;
  activityTaskTimedOutEventAttributes?: ActivityClosed | null;
  activityTaskCanceledEventAttributes?: { scheduledEventId?: Num | null } | null;
  timerStartedEventAttributes?: { timerId?: string | null; startToFireTimeout?: Ts | null } | null;
  timerFiredEventAttributes?: { timerId?: string | null } | null;
  timerCanceledEventAttributes?: { timerId?: string | null } | null;
}

export interface Ev extends EventAttributes {
  eventId?: Num | null;
  eventTime?: Ts | null;
  userMetadata?: { summary?: PayloadLike | null } | null;
}

type Key = keyof EventAttributes;

/** What to do with one kind of event, given its attributes, the event, and what is being built. */
export type EventDecoder<K extends Key, C> = (attributes: NonNullable<EventAttributes[K]>, event: Ev, into: C) => void;
export type EventDecoders<C> = { [K in Key]?: EventDecoder<K, C> };

/** Reads events through a table of decoders; an event no decoder wants is skipped. */
export function readEvents<C>(decoders: EventDecoders<C>, events: Ev[], into: C): C {
  const entries = Object.entries(decoders) as [Key, EventDecoder<Key, C>][];
  for (const e of events) {
    for (const [key, decoder] of entries) {
      const attributes = e[key];
      if (attributes) {
        decoder(attributes as never, e, into);
        break;
      }
    }
  }
  return into;
}

export const num = (v: Num | null | undefined): number => (v === null || v === undefined ? 0 : Number(typeof v === 'number' ? v : v.toString()));
export const ms = (ts: Ts | null | undefined): number => (ts ? num(ts.seconds) * 1000 + Math.floor((ts.nanos ?? 0) / 1e6) : 0);
export const iso = (t: number): string => new Date(t).toISOString();
export const timeOf = (e: Ev): number => ms(e.eventTime);
/** Events point at their scheduled event by id; the id, as a map key. */
export const idOf = (id: Num | null | undefined): string => String(num(id));

function decode(payload: PayloadLike | null | undefined): unknown {
  if (!payload) return undefined;
  try {
    return defaultPayloadConverter.fromPayload(payload as Parameters<typeof defaultPayloadConverter.fromPayload>[0]);
  } catch {
    return undefined;
  }
}
export const first = (p: Payloads | null | undefined): unknown => decode(p?.payloads?.[0]);
export const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);
export const record = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? v as Record<string, unknown> : {});
/** The summary the workflow gave a command, which the Web UI shows too. */
export const summaryOf = (e: Ev): string | null => text(decode(e.userMetadata?.summary));

export function failureText(f: FailureLike | null | undefined): string | null {
  if (!f) return null;
  const parts: string[] = [];
  for (let c: FailureLike | null | undefined = f; c && parts.length < 3; c = c.cause) if (c.message) parts.push(c.message);
  return parts.join(': ') || null;
}

export const seconds = (t: number): string => `${(t / 1000).toFixed(1)} s`;
