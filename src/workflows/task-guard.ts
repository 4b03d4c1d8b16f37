import type { ActivateInput, Next, WorkflowInterceptorsFactory, WorkflowInternalsInterceptor } from '@temporalio/workflow';

/**
 * A run must only ever see its events grouped as replay will group them: one workflow task, one
 * activation, messages first. sdk-core breaks that in one case: a query that reaches a worker while
 * no workflow task is started comes with the history as it stands, and core hands the workflow the
 * events that arrived since the last task (a fired timer, a finished activity) in an activation of
 * their own before answering. A message that then arrives in the same task comes in a second
 * activation; replay sees both together, messages first, and can take another branch
 * (bench/chaos/findings/README.md). No workflow code can agree with both groupings.
 *
 * Such an activation is recognisable: it applies new events (the history grew) but no new workflow
 * task started, so the workflow's clock, which core moves only on a task's start, has not moved.
 * A real task always starts after the previous one, so its clock is later. The guard refuses that
 * activation before any job reaches the workflow: the query fails, core evicts the run, and the
 * next real task replays the whole history and sees its events together, as every replay will.
 * Core also moves the clock when a local activity resolves, and this service uses local activities
 * (the approvals inbox and the open purchase orders, `inboxWriter` in ./options.ts). The guard
 * still never refuses such an activation: a local activity's result adds no history event before
 * its task completes, so the history has not grown.
 */
export class PartialTaskRefused extends Error {
  override name = 'PartialTaskRefused';
}

type Stamp = NonNullable<ActivateInput['activation']['timestamp']>;
const stampOf = (t: Stamp | null | undefined): string => (t ? `${String(t.seconds ?? 0)}.${String(t.nanos ?? 0).padStart(9, '0')}` : '');

class PartialTaskGuard implements WorkflowInternalsInterceptor {
  private last: { at: string; historyLength: number } | null = null;

  activate(input: ActivateInput, next: Next<WorkflowInternalsInterceptor, 'activate'>): void {
    const { activation, batchIndex } = input;
    const jobs = activation.jobs ?? [];
    // Queries change nothing; later batches of one activation carry its first batch's stamp.
    if (batchIndex === 0 && jobs.some((j) => !j.queryWorkflow)) {
      const at = stampOf(activation.timestamp);
      const historyLength = activation.historyLength ?? 0;
      if (this.last && at === this.last.at && historyLength > this.last.historyLength) {
        throw new PartialTaskRefused(
          `events ${this.last.historyLength + 1}-${historyLength} came without a workflow task (a query applied them); ` +
          'refused so that the next task replays them together',
        );
      }
      this.last = { at, historyLength };
    }
    next(input);
  }
}

export const interceptors: WorkflowInterceptorsFactory = () => ({ internals: [new PartialTaskGuard()] });
