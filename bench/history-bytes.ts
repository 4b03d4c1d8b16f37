import proto from '@temporalio/proto';
import { round } from './support/measure.js';
import type { BenchStack } from './support/stack.js';

const { MarkerRecordedEventAttributes } = proto.temporal.api.history.v1;

/** Whether a local activity's marker is a decision (`decideHere`), from the JSON of its data. */
const isDecision = (m: proto.temporal.api.history.v1.IMarkerRecordedEventAttributes): boolean => {
  const data = m.details?.data?.payloads?.[0]?.data;
  return data !== undefined && data !== null && /"activity_type":"decideHere"/.test(Buffer.from(data).toString('utf8'));
};

/**
 * What one replenishment writes into its history, in bytes: the whole history as the server
 * stores it (protobuf), the part of it that is activity inputs (tools, hand-over, a model's
 * decide), which grow with the state each activity is given, and the decisions the policy made in
 * local activities (a marker each, holding the choice and its reason, not the request).
 */
export async function historyBytes(stack: BenchStack, workflowId: string) {
  const history = await stack.client.workflow.getHandle(workflowId).fetchHistory();
  const events = history.events ?? [];
  const inputs = events.flatMap((e) => e.activityTaskScheduledEventAttributes ? [e.activityTaskScheduledEventAttributes] : []);
  const bytesOf = (a: (typeof inputs)[number]) => (a.input?.payloads ?? []).reduce((n, p) => n + (p.data?.length ?? 0), 0);
  const decides = inputs.filter((a) => a.activityType?.name === 'decide');
  const decided = events.flatMap((e) => (e.markerRecordedEventAttributes && isDecision(e.markerRecordedEventAttributes) ? [e.markerRecordedEventAttributes] : []));
  const markerBytes = decided.reduce((n, m) => n + MarkerRecordedEventAttributes.encode(m).finish().length, 0);
  const total = proto.temporal.api.history.v1.History.encode(history).finish().length;
  const inputBytes = inputs.reduce((n, a) => n + bytesOf(a), 0);
  return {
    events: events.length,
    historyBytes: total,
    activities: inputs.length,
    activityInputBytes: inputBytes,
    decideActivities: decides.length,
    meanDecideInputBytes: round(decides.reduce((n, a) => n + bytesOf(a), 0) / Math.max(1, decides.length)),
    decisionMarkers: decided.length,
    meanDecisionMarkerBytes: round(markerBytes / Math.max(1, decided.length)),
    largestActivityInputBytes: Math.max(0, ...inputs.map(bytesOf)),
  };
}
