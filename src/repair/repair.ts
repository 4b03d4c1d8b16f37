import { randomUUID } from 'node:crypto';
import type { Client } from '@temporalio/client';
import proto from '@temporalio/proto';
import { Worker, type WorkflowBundleOption } from '@temporalio/worker';
import type Long from 'long';
import { completedTasks, eventIdAt, throughTask, type History } from './replay-prefix.js';

export interface Divergence {
  /** The WorkflowTaskCompleted event of the first task whose commands today's code does not give. */
  eventId: number;
  error: string;
}

const replays = async (bundle: WorkflowBundleOption, history: History, workflowId: string): Promise<string | null> =>
  Worker.runReplayHistory({ workflowBundle: bundle }, history, workflowId).then(() => null, (err: unknown) => (err instanceof Error ? err.message : String(err)));

/**
 * The first completed task that today's code does not replay, or null when all replay. Once a task
 * diverges every longer history does too, so a binary search over the tasks finds it in a handful
 * of replays.
 */
export async function firstDivergingTask(history: History, bundle: WorkflowBundleOption, workflowId: string): Promise<Divergence | null> {
  const tasks = completedTasks(history);
  if (tasks.length === 0) return null;
  const lastError = await replays(bundle, throughTask(history, tasks[tasks.length - 1]!), workflowId);
  if (lastError === null) return null;
  let lo = 0;
  let hi = tasks.length - 1;
  let error = lastError;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    const e = await replays(bundle, throughTask(history, tasks[mid]!), workflowId);
    if (e === null) lo = mid + 1;
    else { hi = mid; error = e; }
  }
  return { eventId: eventIdAt(history, tasks[lo]!), error };
}

export interface Repaired {
  workflowId: string;
  oldRunId: string;
  newRunId: string;
  /** The task redone by the new run (its WorkflowTaskCompleted in the old run). */
  redoneTask: number;
  divergence: string;
}

export class NothingToRepair extends Error {}

/**
 * Resets a run whose history today's code does not replay to just before its first diverging task:
 * the new run redoes that task and goes on with today's code, signals that came after it are applied
 * again, and every activity keeps its id and idempotency key, so a step the world already took is
 * recognised, not taken twice.
 */
export async function repairRun(client: Client, bundle: WorkflowBundleOption, workflowId: string, reason: string): Promise<Repaired> {
  const handle = client.workflow.getHandle(workflowId);
  const { runId } = await handle.describe();
  const history = await client.workflow.getHandle(workflowId, runId).fetchHistory();
  const divergence = await firstDivergingTask(history, bundle, workflowId);
  if (!divergence) throw new NothingToRepair(`${workflowId} (run ${runId}) replays with today's code; nothing to repair`);
  const reset: proto.temporal.api.workflowservice.v1.IResetWorkflowExecutionResponse = await client.workflowService.resetWorkflowExecution({
    namespace: client.options.namespace,
    workflowExecution: { workflowId, runId },
    reason: `repair: ${reason}`,
    // protobufjs takes a number for an int64 field; the typings ask for a Long.
    workflowTaskFinishEventId: divergence.eventId as unknown as Long,
    requestId: randomUUID(),
    resetReapplyType: proto.temporal.api.enums.v1.ResetReapplyType.RESET_REAPPLY_TYPE_SIGNAL,
  });
  const newRunId = reset.runId ?? '';
  return { workflowId, oldRunId: runId, newRunId, redoneTask: divergence.eventId, divergence: divergence.error };
}
