import proto from '@temporalio/proto';
import { round } from './support/measure.js';
import type { BenchStack } from './support/stack.js';

/**
 * What one replenishment writes into its history, in bytes: the whole history as the server
 * stores it (protobuf), and the part of it that is activity inputs (decide, tools, hand-over), which
 * grow with the state each activity is given.
 */
export async function historyBytes(stack: BenchStack, workflowId: string) {
  const history = await stack.client.workflow.getHandle(workflowId).fetchHistory();
  const events = history.events ?? [];
  const inputs = events.flatMap((e) => e.activityTaskScheduledEventAttributes ? [e.activityTaskScheduledEventAttributes] : []);
  const bytesOf = (a: (typeof inputs)[number]) => (a.input?.payloads ?? []).reduce((n, p) => n + (p.data?.length ?? 0), 0);
  const decides = inputs.filter((a) => a.activityType?.name === 'decide');
  const total = proto.temporal.api.history.v1.History.encode(history).finish().length;
  const inputBytes = inputs.reduce((n, a) => n + bytesOf(a), 0);
  return {
    events: events.length,
    historyBytes: total,
    activities: inputs.length,
    activityInputBytes: inputBytes,
    meanDecideInputBytes: round(decides.reduce((n, a) => n + bytesOf(a), 0) / Math.max(1, decides.length)),
    largestActivityInputBytes: Math.max(0, ...inputs.map(bytesOf)),
  };
}
