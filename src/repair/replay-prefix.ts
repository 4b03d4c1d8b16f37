import proto from '@temporalio/proto';

const { EventType } = proto.temporal.api.enums.v1;
export type History = proto.temporal.api.history.v1.IHistory;
type Event = proto.temporal.api.history.v1.IHistoryEvent;

/** Events a completed workflow task's commands write right after it: they belong to that task. */
const COMMAND_EVENTS = new Set<number>([
  EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED, EventType.EVENT_TYPE_ACTIVITY_TASK_CANCEL_REQUESTED,
  EventType.EVENT_TYPE_TIMER_STARTED, EventType.EVENT_TYPE_TIMER_CANCELED,
  EventType.EVENT_TYPE_START_CHILD_WORKFLOW_EXECUTION_INITIATED,
  EventType.EVENT_TYPE_SIGNAL_EXTERNAL_WORKFLOW_EXECUTION_INITIATED,
  EventType.EVENT_TYPE_REQUEST_CANCEL_EXTERNAL_WORKFLOW_EXECUTION_INITIATED,
  EventType.EVENT_TYPE_MARKER_RECORDED, EventType.EVENT_TYPE_UPSERT_WORKFLOW_SEARCH_ATTRIBUTES,
  EventType.EVENT_TYPE_WORKFLOW_PROPERTIES_MODIFIED, EventType.EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_ACCEPTED,
  EventType.EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_COMPLETED, EventType.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED,
  EventType.EVENT_TYPE_WORKFLOW_EXECUTION_FAILED, EventType.EVENT_TYPE_WORKFLOW_EXECUTION_CANCELED,
  EventType.EVENT_TYPE_WORKFLOW_EXECUTION_CONTINUED_AS_NEW,
]);

const isTaskCompleted = (e: Event) => e.eventType === EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED;

/** Where each completed workflow task sits in the history, in order. */
export const completedTasks = (history: History): number[] =>
  (history.events ?? []).flatMap((e, i) => (isTaskCompleted(e) ? [i] : []));

/**
 * The history up to a completed task and the commands it wrote: what replay can check of that task.
 * Events after them (a fired timer, a signal with no task yet) are left out: a replay would hand them
 * to the workflow without a task, which the task guard rightly refuses.
 */
export function throughTask(history: History, taskIndex: number): History {
  const events = history.events ?? [];
  let end = taskIndex + 1;
  while (end < events.length && COMMAND_EVENTS.has(events[end]!.eventType ?? 0)) end++;
  return { events: events.slice(0, end) };
}

/** The history as far as its last completed task: a running workflow's history, made replayable. */
export function throughLastTask(history: History): History {
  const tasks = completedTasks(history);
  return tasks.length === 0 ? { events: [] } : throughTask(history, tasks[tasks.length - 1]!);
}

export const eventIdAt = (history: History, index: number): number => Number(history.events![index]!.eventId);
